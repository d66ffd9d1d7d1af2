# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/speck/speck_key_step.v, launched by
tests/rtl/speck/test_speck_key_step.py: every forward and backward step of the key schedule of
the paper's key for the build's set (vectors/speck/speck_kat.txt, ePrint 2013/404 Appendix C)
and of random keys, against the reference model's trace (k_i and l_i of every step). A new
step enters every cycle, directions mixed at random; with SUBREG registers its result is
checked 1 + SUBREG cycles later, combinational (SUBREG = 0) in the same cycle."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

from ciphercores.models.base import Trace
from ciphercores.models.speck import Speck
from ciphercores.sim.runner import TB_ENV
from ciphercores.vectors import load_table


def _paper_key(word: int, key_words: int) -> int:
    row = next(r for r in load_table("speck/speck_kat.txt")
               if int(r["block"]) == 2 * word and int(r["key_bits"]) == word * key_words)
    return int(row["key"].replace("_", ""), 16)


def _steps(key: int, word: int, m: int) -> list[tuple[int, int, int, int]]:
    """(ks in, idx, dec, ks out) for every step of the key's schedule, both directions. The
    model's trace gives k_i and l_(i+m-1) of step i; the window holds forward
    {l_(i+m-2), ..., l_i} and backward {l_(i+1), ..., l_(i+m-1)} above k_i."""
    trace = Trace()
    model = Speck(key.to_bytes(word * m // 8, "little"), 2 * word, word * m, trace=trace)
    mask = (1 << word) - 1
    ks = [key & mask]
    ls = [(key >> (word * (j + 1))) & mask for j in range(m - 1)]
    for s in trace.phase("key"):
        ks.append(s.values["k"])
        ls.append(s.values["l"])
    assert ks == model.round_keys

    def state(words: list[int], k: int) -> int:  # words[0] in the low word above k
        v = 0
        for w in reversed(words):
            v = (v << word) | w
        return (v << word) | k

    out = []
    for i in range(model.T - 1):
        fwd_i = state(ls[i:i + m - 1], ks[i])
        fwd_o = state(ls[i + 1:i + m], ks[i + 1])
        bwd_i = state(ls[i + 1:i + m][::-1], ks[i + 1])
        bwd_o = state(ls[i:i + m - 1][::-1], ks[i])
        out += [(fwd_i, i, 0, fwd_o), (bwd_i, i, 1, bwd_o)]
    return out


@cocotb.test()
async def every_step_both_directions(dut):
    cfg = json.loads(os.environ[TB_ENV])
    p = cfg["params"]
    word, m, subreg = p["WORD"], p["KEY_WORDS"], p["SUBREG"]
    rng = random.Random(cfg.get("seed", 1))
    keys = [_paper_key(word, m)] + [rng.getrandbits(word * m) for _ in range(cfg["random"])]
    steps = [s for k in keys for s in _steps(k, word, m)]
    rng.shuffle(steps)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    # results appear lat falling edges after their inputs are driven
    lat = 1 + subreg if subreg else 1
    sent: list[tuple[int, int, int, int]] = []
    wrong = []
    for t in range(len(steps) + lat):
        await FallingEdge(dut.clk)
        if t >= lat:
            ks, idx, dec, want = sent[t - lat]
            got = int(dut.ks_o.value)
            if got != want:
                wrong.append(f"{'bwd' if dec else 'fwd'} step {idx} from {ks:x}: "
                             f"{got:x}, want {want:x}")
        if t < len(steps):
            ks, idx, dec, _ = steps[t]
            dut.ks.value = ks
            dut.idx.value = idx
            dut.dec.value = dec
            sent.append(steps[t])
    assert not wrong, f"{len(wrong)} of {len(steps)} steps wrong; first: {wrong[:3]}"
