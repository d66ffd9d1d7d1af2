# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/aes/aes_key_step.v (combinational), launched by
tests/rtl/aes/test_aes_key_schedule.py: every forward and backward step of the key schedule of
FIPS-197 Appendix C's three keys (vectors/aes/fips197_appendix_c.txt) and of random keys of
each length, against the reference model's words (``ciphercores.models.aes.expand_key``) and
its trace of round keys. Window words the step does not define (below w[0], where the backward
recurrence would need Rcon) are driven with random junk and not checked."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import Timer

from ciphercores.models.aes import AES, ROUNDS, _sub_word
from ciphercores.models.base import Trace
from ciphercores.sim.runner import TB_ENV
from ciphercores.vectors import load_table

M32 = 0xFFFFFFFF


def config() -> dict:
    return json.loads(os.environ[TB_ENV])


def fips197_keys() -> list[bytes]:
    """The keys of FIPS-197 Appendix C.1 (AES-128), C.2 (AES-192), C.3 (AES-256)."""
    return [bytes.fromhex(r["key"]) for r in load_table("aes/fips197_appendix_c.txt")]


def schedule(key: bytes) -> tuple[dict[int, int], list[int], int]:
    """(words, round keys, Nk): the model's key-schedule words w[i] by index, with the words
    below w[0] that the backward recurrence w[i-Nk] = w[i] ^ temp(w[i-1]) defines without
    Rcon (Nk = 4: w[-3..-1]; Nk = 6: w[-4..-1]; Nk = 8: w[-4..-1], SubWord for i = 4), and
    the round keys 0..Nr from the model's trace."""
    trace = Trace()
    model = AES(key, trace=trace)
    nk = len(key) // 4
    w = dict(enumerate(model.words))
    for i in range(nk - 1, -1, -1):
        if i - nk < -4 or i % nk == 0:
            continue
        temp = _sub_word(w[i - 1]) if nk == 8 and i % nk == 4 else w[i - 1]
        w[i - nk] = w[i] ^ temp
    rks = [s.values["rk"] for s in trace.phase("key")]
    assert rks == model.round_keys and len(rks) == ROUNDS[nk] + 1
    return w, rks, nk


def window(w: dict[int, int], first: int, rng: random.Random) -> int:
    """The 8 words w[first] .. w[first+7], w[first] in the top bits; junk where undefined."""
    v = 0
    for i in range(first, first + 8):
        v = (v << 32) | w.get(i, rng.getrandbits(32))
    return v


def check_words(got: int, w: dict[int, int], first: int, what: str) -> list[str]:
    """The defined words of the 8-word window ``got`` (w[first] first) that differ."""
    bad = []
    for n, i in enumerate(range(first, first + 8)):
        word = (got >> (32 * (7 - n))) & M32
        if i in w and word != w[i]:
            bad.append(f"{what}: w[{i}] = {word:08x}, want {w[i]:08x}")
    return bad


@cocotb.test()
async def every_step_both_directions(dut):
    cfg = config()
    rng = random.Random(cfg.get("seed", 1))
    keys = fips197_keys() + [rng.randbytes(n) for n in (16, 24, 32)
                             for _ in range(cfg.get("random", 4))]
    wrong: list[str] = []
    steps = 0
    for key in keys:
        w, rks, nk = schedule(key)
        nr = ROUNDS[nk]
        # forward g -> g + 1 (g = 1 .. Nr): window w[4g-8..4g-1] to w[4g-4..4g+3], rk = RK g;
        # backward g -> g - 1 (g = Nr+1 .. 2): to w[4g-12..4g-5], rk = RK g-2
        cases = [(g, 0) for g in range(1, nr + 1)] + [(g, 1) for g in range(nr + 1, 1, -1)]
        rng.shuffle(cases)
        for g, bwd in cases:
            dut.win.value = window(w, 4 * g - 8, rng)
            dut.nk_code.value = (nk - 4) // 2
            dut.bwd.value = bwd
            dut.g.value = g
            await Timer(1, "ns")
            what = f"AES-{32 * nk} key {key.hex()} g={g} {'bwd' if bwd else 'fwd'}"
            first = 4 * g - 12 if bwd else 4 * g - 4
            wrong += check_words(int(dut.next.value), w, first, what)
            want_rk = rks[g - 2] if bwd else rks[g]
            if int(dut.rk.value) != want_rk:
                wrong.append(f"{what}: rk {int(dut.rk.value):032x}, want {want_rk:032x}")
            steps += 1
    assert not wrong, f"{len(wrong)} wrong words in {steps} steps; first: {wrong[:4]}"
    assert steps == sum(2 * ROUNDS[len(k) // 4] for k in keys)
