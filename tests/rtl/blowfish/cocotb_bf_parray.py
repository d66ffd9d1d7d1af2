# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/blowfish/bf_parray.v, launched by tests/rtl/blowfish/test_bf_parray.py:
bf_core's P-array on its own against a model of its contract. Random writes of the key mixing
(mix_we) and of the key schedule (enc_we, never in the same cycle), with random idle cycles
and junk on the inputs while no write is asked: each lands in P two edges after its inputs
(through the registered word), p0_next is P[0] as it will be a cycle later, and a reset clears
every word. The data are random: the module stores words, it computes nothing."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

from ciphercores.sim.runner import TB_ENV

WORDS = 18
M32 = 0xFFFFFFFF


def _p(dut) -> list[int]:
    v = int(dut.p.value)
    return [(v >> (32 * i)) & M32 for i in range(WORDS)]


@cocotb.test()
async def writes_land_two_edges_later(dut):
    cfg = json.loads(os.environ[TB_ENV])
    rng = random.Random(cfg.get("seed", 1))
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for s in (dut.mix_we, dut.enc_we):
        s.value = 0
    dut.rst.value = 1
    await FallingEdge(dut.clk)
    await FallingEdge(dut.clk)
    dut.rst.value = 0
    model = [0] * WORDS
    pending: tuple[int, int] | None = None   # the write in the registered word
    for cycle in range(cfg.get("cycles", 3000)):
        assert _p(dut) == model, f"cycle {cycle}: P differs from the writes asked"
        nxt = model[:]
        if pending is not None:
            nxt[pending[0]] = pending[1]
        assert int(dut.p0_next.value) == nxt[0], f"cycle {cycle}: p0_next is not P[0] next"
        reset = cycle == cfg.get("cycles", 3000) // 2
        # (a write asked in the reset's cycle, which the reset must drop)
        kind = rng.choice(("mix", "enc") if reset else ("idle", "idle", "mix", "enc"))
        for s, i, d in ((dut.mix_we, dut.mix_idx, dut.mix_data),
                        (dut.enc_we, dut.enc_idx, dut.enc_data)):
            s.value = 0
            i.value = rng.randrange(32)   # junk where no write is asked
            d.value = rng.getrandbits(32)
        write = None
        if kind != "idle":
            s, i, d = ((dut.mix_we, dut.mix_idx, dut.mix_data) if kind == "mix" else
                       (dut.enc_we, dut.enc_idx, dut.enc_data))
            # mostly P[0], the word that p0_next forwards
            idx = 0 if rng.random() < 0.3 else rng.randrange(WORDS)
            word = rng.getrandbits(32)
            s.value, i.value, d.value = 1, idx, word
            write = (idx, word)
        if reset:
            # a reset clears every word and drops the writes in flight
            dut.rst.value = 1
            await FallingEdge(dut.clk)
            dut.rst.value = 0
            for s in (dut.mix_we, dut.enc_we):
                s.value = 0
            await FallingEdge(dut.clk)
            model, pending = [0] * WORDS, None
            continue
        await FallingEdge(dut.clk)
        model = nxt
        pending = write
    dut._log.info("P-array writes checked over %d cycles", cfg.get("cycles", 3000))
