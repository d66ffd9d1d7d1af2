# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of rtl/speck/speck_round.v (combinational) and rtl/speck/speck_round_pipe.v
(1 + SUBREG cycles, a passenger field alongside), launched by
tests/rtl/speck/test_speck_round.py: rounds of the paper's test vector for the build's word
size (vectors/speck/speck_kat.txt) and of random blocks under random keys, both directions,
against the reference model's trace (x, y after each round, the round key k)."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer

from ciphercores.models.base import Trace
from ciphercores.models.speck import PARAMS, Speck
from ciphercores.sim.runner import TB_ENV
from ciphercores.vectors import load_table


def _rounds(word: int, rng: random.Random, n_random: int) -> list[tuple[int, int, int, int]]:
    """(x, y, k, dec) and the model's answer (x', y'): every round of the paper's vector of
    each set with this word size, and of random blocks and keys, each forward (dec 0: the state
    before round i to the one after) and backward (dec 1: after to before)."""
    sets = [(b, kb) for (b, kb) in PARAMS if b == 2 * word]
    cases = []
    for row in load_table("speck/speck_kat.txt"):
        if int(row["block"]) == 2 * word:
            kb = int(row["key_bits"])
            cases.append((kb, int(row["key"].replace("_", ""), 16),
                          int(row["plaintext"].replace("_", ""), 16)))
    for _ in range(n_random):
        kb = rng.choice(sets)[1]
        cases.append((kb, rng.getrandbits(kb), rng.getrandbits(2 * word)))
    mask = (1 << word) - 1
    out = []
    for kb, key, block in cases:
        trace = Trace()
        Speck(key.to_bytes(kb // 8, "little"), 2 * word, kb).encrypt_int(block, trace)
        prev = (block >> word, block & mask)
        for s in trace.phase("encrypt"):
            after = (s.values["x"], s.values["y"])
            out.append(((*prev, s.values["k"], 0), after))
            out.append(((*after, s.values["k"], 1), prev))
            prev = after
    rng.shuffle(out)
    return out


def _drive(dut, case) -> None:
    dut.x.value, dut.y.value, dut.k.value, dut.dec.value = case


@cocotb.test()
async def combinational(dut):
    cfg = json.loads(os.environ[TB_ENV])
    rng = random.Random(cfg.get("seed", 1))
    wrong = []
    cases = _rounds(cfg["params"]["WORD"], rng, cfg.get("random", 10))
    for case, want in cases:
        _drive(dut, case)
        await Timer(1, "ns")
        got = (int(dut.x_o.value), int(dut.y_o.value))
        if got != want:
            wrong.append(f"{case}: {got}, want {want}")
    assert not wrong, f"{len(wrong)} of {len(cases)} rounds wrong; first: {wrong[:3]}"


@cocotb.test()
async def registered(dut):
    """One round a cycle, directions mixed, a random passenger: each result, its direction and
    passenger 1 + SUBREG cycles later, pass_q a cycle ahead of pass_o; with PASS_RST = 1 a
    reset clears the passenger."""
    cfg = json.loads(os.environ[TB_ENV])
    p = cfg["params"]
    lat, width = 1 + p["SUBREG"], p["PASS"]
    rng = random.Random(cfg.get("seed", 1))
    cases = _rounds(p["WORD"], rng, cfg.get("random", 10))
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 0
    sent, q_seen, wrong = [], [], []
    for t in range(len(cases) + lat + 1):
        await FallingEdge(dut.clk)
        q_seen.append(dut.pass_q.value)  # X until the first passenger arrives (no reset)
        if t >= lat and t - lat < len(cases):
            (case, want), pas = sent[t - lat]
            got = (int(dut.x_o.value), int(dut.y_o.value), int(dut.dec_o.value),
                   int(dut.pass_o.value))
            if got != (*want, case[3], pas):
                wrong.append(f"{case}: {got}, want {(*want, case[3], pas)}")
            if str(q_seen[t - 1]) != format(pas, f"0{width}b"):
                wrong.append(f"{case}: pass_q {q_seen[t - 1]} a cycle before, want {pas:x}")
        if t < len(cases):
            _drive(dut, cases[t][0])
            pas = rng.getrandbits(width)
            dut.pass_i.value = pas
            sent.append((cases[t], pas))
    assert not wrong, f"{len(wrong)} of {len(cases)} rounds wrong; first: {wrong[:3]}"
    if p["PASS_RST"]:
        dut.pass_i.value = (1 << width) - 1
        dut.rst.value = 1
        for _ in range(lat + 1):
            await FallingEdge(dut.clk)
        assert int(dut.pass_o.value) == 0 and int(dut.pass_q.value) == 0, "reset kept pass"
