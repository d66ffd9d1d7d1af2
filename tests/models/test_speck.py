# SPDX-License-Identifier: Apache-2.0
"""SPECK reference model against the SPECK paper's Appendix C table (vectors/speck/)."""

from __future__ import annotations

import random

import pytest

from ciphercores import models, vectors
from ciphercores.errors import KeySizeError, UnknownCipherError
from ciphercores.models.base import Trace
from ciphercores.models.speck import PARAMS, Speck

ROWS = vectors.load_table("speck/speck_kat.txt")


def _int(text: str) -> int:
    return int(text.replace("_", ""), 16)


def test_table_covers_all_ten_sets():
    assert vectors.source("speck/speck_kat.txt").startswith("Beaulieu")
    assert {(int(r["block"]), int(r["key_bits"])) for r in ROWS} == set(PARAMS)
    for r in ROWS:
        assert PARAMS[(int(r["block"]), int(r["key_bits"]))][2] == int(r["rounds"])


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"speck{r['block']}-{r['key_bits']}")
def test_paper_vector(row):
    block, kbits = int(row["block"]), int(row["key_bits"])
    key_int, pt, ct = _int(row["key"]), _int(row["plaintext"]), _int(row["ciphertext"])
    # designers' byte order: the byte stream is the printed hex reversed
    key = key_int.to_bytes(kbits // 8, "little")
    cipher = models.new(f"speck{block}-{kbits}", key)
    assert cipher.encrypt_int(pt) == ct
    assert cipher.decrypt_int(ct) == pt
    ptb, ctb = pt.to_bytes(block // 8, "little"), ct.to_bytes(block // 8, "little")
    assert cipher.encrypt_block(ptb) == ctb
    assert cipher.decrypt_block(ctb) == ptb


def test_designers_byte_order_128_128():
    # VECTORS.md: for 128/128 the key bytes are 00 01 .. 0f, ciphertext bytes 18 0d 57 5c ...
    cipher = models.new("speck128-128", bytes(range(16)))
    pt = bytes.fromhex("6c617669757165207469206564616d20")[::-1]
    ct = cipher.encrypt_block(pt)
    assert ct[:4] == bytes.fromhex("180d575c") and ct[-3:] == bytes.fromhex("985da6")


@pytest.mark.parametrize("block,kbits", sorted(PARAMS))
def test_round_trip_random(block, kbits):
    rng = random.Random(block * 1000 + kbits)
    for _ in range(300):
        key = rng.randbytes(kbits // 8)
        c = Speck(key, block, kbits)
        x = rng.getrandbits(block)
        assert c.decrypt_int(c.encrypt_int(x)) == x


def test_trace_records_every_step():
    c_trace = Trace()
    c = Speck(bytes(range(16)), 128, 128, trace=c_trace)
    assert len(c_trace.phase("key")) == 31 and len(c.round_keys) == 32
    t = Trace()
    ct = c.encrypt_int(_int("6c617669757165207469206564616d20"), trace=t)
    assert len(t) == 32
    last = t.steps[-1].values
    assert (last["x"] << 64) | last["y"] == ct
    d = Trace()
    c.decrypt_int(ct, trace=d)
    assert [s.values["k"] for s in d] == list(reversed(c.round_keys))


def test_bad_key_size_and_unknown_set():
    with pytest.raises(KeySizeError) as e:
        models.new("speck64-128", b"\xaa" * 15)
    assert "aa" not in str(e.value).lower()
    with pytest.raises(UnknownCipherError):
        models.new("speck64-64", bytes(8))
