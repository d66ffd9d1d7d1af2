"""Statistics and software-baseline plumbing of the evaluation (figures are printed by
``ciphercores bench``, never asserted)."""

from __future__ import annotations

import pytest

from ciphercores import models
from ciphercores.evaluation import papers, software
from ciphercores.evaluation.stats import percent_decrease, summarize


def test_summary_median_and_spread():
    s = summarize([3, 1, 2, 10, 4])
    assert (s.median, s.low, s.high, s.n) == (3, 1, 10, 5)
    assert s.spread == pytest.approx(3.0)
    assert summarize([1, 2, 3, 4]).median == 2.5
    inv = summarize([2.0, 4.0]).inverse(8.0)
    assert (inv.median, inv.low, inv.high) == (pytest.approx(8 / 3), 2.0, 4.0)
    with pytest.raises(ValueError):
        summarize([])


def test_percent_decrease_reproduces_the_blowfish_paper():
    # paper 000, Table III from its Table I: ZedBoard vs AMD 3600
    zed = papers.figures("bf", "key_setup_s")
    amd = next(f.value for f in zed if f.platform.startswith("AMD"))
    board = next(f.value for f in zed if f.platform.startswith("ZedBoard"))
    assert percent_decrease(amd, board) == pytest.approx(96.28, abs=0.01)
    with pytest.raises(ValueError):
        percent_decrease(0, 1)


def test_papers_cite_existing_files():
    from ciphercores.registry import ROOT

    shared = ROOT.parent / "shared" / "papers"
    if not shared.exists():
        pytest.skip("../shared/papers is not beside the repository")
    for f in papers.FIGURES:
        assert list(shared.glob(f"{f.paper}_*.txt")), f.paper
        assert f.cipher in models.CIPHERS


@pytest.mark.parametrize("impl", software.IMPLEMENTATIONS)
def test_software_implementations_compute_the_cipher(impl):
    """Each measured implementation really is the cipher: its output equals the model's."""
    for cipher in ("aes-128", "des", "des-ede3", "bf", "speck64-128"):
        make = software.factory(cipher, impl)
        if make is None:
            assert impl != "model" and cipher.startswith("speck")
            continue
        key = bytes(range(1, 1 + (16 if cipher == "bf" else models.spec(cipher).key_sizes[-1])))
        one, bulk = make(key)
        m = models.new(cipher, key)
        block = bytes(range(m.block_size))
        assert one(block) == m.encrypt_block(block)
        assert bulk(block * 3) == m.encrypt_block(block) * 3


def test_measure_returns_summaries():
    r = software.measure("speck32-64", "model", repeats=2, bulk_bytes=64, sample_s=0.001)
    assert r.latency_s.n == 2 and r.latency_s.median > 0 and r.throughput_MBps.median > 0
    assert software.measure("speck32-64", "openssl") is None
