# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/speck/speck_key_prep.v, launched by
tests/rtl/speck/test_speck_key_prep.py: the key pre-pass against the reference model's key
schedule (its trace of k_i and l_i). Keys (the paper's key for the build's set,
vectors/speck/speck_kat.txt, then random ones) offered after random idle, with junk on the
data while tvalid is low; some offered while the pre-pass of the previous one still runs,
which cuts it short. When busy falls: key_first is the last key taken (round 0) and key_last
its key state at round T-1 (l window in backward order); the pre-pass takes the same number of
cycles for every key; both hold still until the next key. After a reset, key_allow low for a
while: no key is taken; then the all-zero key's states."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge
from cocotb_speck_key_step import _paper_key, _steps

from ciphercores.sim.runner import TB_ENV


def _want(key: int, word: int, m: int) -> tuple[int, int]:
    steps = _steps(key, word, m)
    first = next(ks for ks, idx, dec, _ in steps if idx == 0 and not dec)
    last_idx = max(idx for _, idx, _, _ in steps)
    last = next(ks for ks, idx, dec, _ in steps if idx == last_idx and dec)
    return first, last


@cocotb.test()
async def keys_against_the_model(dut):
    cfg = json.loads(os.environ[TB_ENV])
    p = cfg["params"]
    word, m = p["WORD"], p["KEY_WORDS"]
    bits = word * m
    rng = random.Random(cfg.get("seed", 1))
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    dut.key_allow.value = 0
    dut.key_valid.value = 1  # offered during reset and before key_allow: must not be taken
    dut.key_data.value = rng.getrandbits(bits)
    for _ in range(2):
        await FallingEdge(dut.clk)
    dut.rst.value = 0
    for _ in range(rng.randint(2, 6)):
        await FallingEdge(dut.clk)
        assert not int(dut.key_ready.value), "key_ready high before key_allow"
    dut.key_valid.value = 0
    dut.key_allow.value = 1

    async def until_idle() -> int:
        for n in range(8 * 40):
            if not int(dut.busy.value):
                return n
            await FallingEdge(dut.clk)
        raise AssertionError("busy still high")

    await until_idle()
    assert (int(dut.key_first.value), int(dut.key_last.value)) == _want(0, word, m)
    keys = [_paper_key(word, m)] + [rng.getrandbits(bits) for _ in range(cfg.get("random", 12))]
    held, cycles = _want(0, word, m), set()
    for n, key in enumerate(keys):
        for _ in range(rng.choice((0, 0, 1, rng.randint(2, 6)))):
            dut.key_data.value = rng.getrandbits(bits)
            await FallingEdge(dut.clk)
            if not int(dut.busy.value):
                assert (int(dut.key_first.value), int(dut.key_last.value)) == held
        dut.key_data.value = key
        dut.key_valid.value = 1
        while True:
            await RisingEdge(dut.clk)
            if int(dut.key_ready.value):
                break
        await FallingEdge(dut.clk)
        dut.key_valid.value = 0
        dut.key_data.value = rng.getrandbits(bits)
        # a third of the keys (not the last): the next one comes while this pre-pass runs
        if n < len(keys) - 1 and rng.random() < 0.3:
            for _ in range(rng.randint(0, 10)):
                await FallingEdge(dut.clk)
            continue
        cycles.add(1 + await until_idle())
        held = _want(key, word, m)
        got = (int(dut.key_first.value), int(dut.key_last.value))
        assert got == held, f"key {key:x}: first/last {got[0]:x} {got[1]:x}"
    assert len(cycles) == 1, f"pre-passes of {sorted(cycles)} cycles"
