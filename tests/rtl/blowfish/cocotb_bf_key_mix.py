# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/blowfish/bf_key_mix.v, launched by tests/rtl/blowfish/test_bf_key_mix.py:
the key mixing of bf_core on its own. After a reset (the all-zero key of one byte) and after
each key, its 18 P writes must be pi_P[i] ^ (key bytes 4i..4i+3, the key cycled), in order, in
the cycles bf_core's key schedule counts on (the sixth cycle after the key's, then every
fourth), and the key register must be clear once the key is mixed. Keys: Eric Young's set_key
keys of 1..24 bytes (vectors/blowfish/eric_young_set_key.txt) and random keys of 25..56 bytes,
with junk after the key's bytes, and lengths 0 and 57..63 (read as 56)."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

from ciphercores.models.blowfish import P_WORDS, pi_words
from ciphercores.sim.runner import TB_ENV
from ciphercores.vectors import load_table

FIRST = 6   # the first P write: in this cycle after the key's cycle (cycle 0)
EVERY = 4   # then one a P word


def _mixed(key: bytes) -> list[int]:
    """P[i] = pi_P[i] ^ the key bytes 4i..4i+3, the key repeated (Schneier's key mixing)."""
    pi = pi_words()[:P_WORDS]
    stream = (key * (4 * P_WORDS // len(key) + 1))[:4 * P_WORDS]
    return [pi[i] ^ int.from_bytes(stream[4 * i:4 * i + 4], "big") for i in range(P_WORDS)]


async def _writes(dut, start) -> list[tuple[int, int, int]]:
    """(cycle, index, word) of the P writes in the 100 cycles from now, ``start`` (key_fire or
    rst) high in the first (cycle 0)."""
    start.value = 1
    seen = []
    for cycle in range(100):
        if int(dut.mix_we.value):
            seen.append((cycle, int(dut.mix_idx.value), int(dut.mix_data.value)))
        await FallingEdge(dut.clk)
        start.value = 0
    return seen


def _check(seen, key: bytes, what: str) -> None:
    want = _mixed(key)
    assert [i for _, i, _ in seen] == list(range(P_WORDS)), f"{what}: P indices {seen}"
    assert [c for c, _, _ in seen] == [FIRST + EVERY * i for i in range(P_WORDS)], \
        f"{what}: write cycles {[c for c, _, _ in seen]}"
    for (_, i, got), w in zip(seen, want, strict=True):
        assert got == w, f"{what}: P[{i}] = {got:08x}, expected {w:08x}"


@cocotb.test()
async def mixing_against_the_definition(dut):
    cfg = json.loads(os.environ[TB_ENV])
    rng = random.Random(cfg.get("seed", 1))
    keys = [(bytes.fromhex(r["key"]), len(bytes.fromhex(r["key"])))
            for r in load_table("blowfish/eric_young_set_key.txt")]
    keys += [(k, len(k)) for k in (rng.randbytes(n) for n in range(25, 57))]
    keys += [(rng.randbytes(56), n) for n in (0, 57, 63)]
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.key_fire.value = 0
    dut.key_tdata.value = 0
    dut.key_tlen.value = 0
    dut.rst.value = 0
    await FallingEdge(dut.clk)
    # the reset's schedule: the cycle of the reset is the key's
    _check(await _writes(dut, dut.rst), bytes(1), "after reset")
    for key, tlen in keys:
        junk = rng.randbytes(56 - len(key))
        dut.key_tdata.value = int.from_bytes(key + junk, "big")
        dut.key_tlen.value = tlen
        seen = await _writes(dut, dut.key_fire)
        dut.key_tdata.value = rng.getrandbits(448)   # the key is held inside, not on the port
        _check(seen, key, f"key of {len(key)} bytes (tlen {tlen})")
        assert int(dut.key_reg.value) == 0, "the key register holds key bytes after the mixing"
    dut._log.info("%d keys mixed as Blowfish defines, the key cleared after each", len(keys) + 1)
