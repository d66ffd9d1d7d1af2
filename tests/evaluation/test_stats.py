# SPDX-License-Identifier: Apache-2.0
"""Statistics and software-baseline plumbing of the evaluation (figures are printed by
``ciphercores bench``, never asserted)."""

from __future__ import annotations

import dataclasses

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
    # Palka et al. (Blowfish on FPGA), Table III from its Table I: ZedBoard vs AMD 3600
    zed = papers.figures("bf", "key_setup_s")
    amd = next(f.value for f in zed if f.platform.startswith("AMD"))
    board = next(f.value for f in zed if f.platform.startswith("ZedBoard"))
    assert percent_decrease(amd, board) == pytest.approx(96.28, abs=0.01)
    with pytest.raises(ValueError):
        percent_decrease(0, 1)


def test_papers_cite_existing_files():
    from ciphercores.cores import ROOT

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


def test_table_builder_rows_and_outputs():
    from ciphercores.evaluation import compare, hardware
    from ciphercores.evaluation.stats import Summary

    sw = software.measure("bf", "openssl", repeats=2, bulk_bytes=4096, sample_s=0.001)
    hw = hardware.HardwareResult(
        core="bf_core", params={"X": 1}, cipher="bf", target="ecp5", grade="8",
        fmax_mhz=Summary(100.0, 90.0, 110.0, 3), key_setup_cycles=1000, latency_cycles=20,
        interval_cycles=10, block_bits=64, lanes=1, luts=1, ffs=1)
    # cycles / Fmax and bits x Fmax / interval
    assert hw.latency_s.median == pytest.approx(20 / 100e6)
    assert hw.latency_s.high == pytest.approx(20 / 90e6)
    assert hw.throughput_MBps.median == pytest.approx(64 * 100 / 10 / 8)
    rows = compare.build_rows([sw], [hw])
    kinds = [r.kind for r in rows]
    assert kinds[:2] == ["software", "hardware"] and "paper" in kinds
    text = compare.table(rows)
    # papers cited by authors and title, never by a file that is not in the repository
    assert "bf_core:X=1 (ecp5 speed 8)" in text and "papers/" not in text
    assert ('P. Palka, R. A. Perez, T. Fang, J. Saniie: "Design Flow of Blowfish Symmetric-Key '
            'Block Cipher on FPGA", Table I, Table II') in text
    assert "Sec. B, Throughput" in text  # a section name with a comma in it stays whole
    dec = compare.decrease_table(rows)
    assert "vs openssl" in dec and "vs ZedBoard" in dec
    # the paper's own Table III comes out of its Table I: ZedBoard against the AMD 3600
    zed = next(r for r in rows if r.name.startswith("ZedBoard"))
    amd = next(r for r in rows if r.name.startswith("AMD"))
    got = compare.decrease_rows([amd, dataclasses.replace(zed, kind="hardware")])
    assert [(round(k, 2), round(lat, 2)) for *_, k, lat in got] == [(96.28, 96.16)]
    import csv
    import io
    import json

    assert len(json.loads(compare.to_json(rows))) == len(rows)
    assert len(list(csv.reader(io.StringIO(compare.to_csv(rows))))) == len(rows) + 1
