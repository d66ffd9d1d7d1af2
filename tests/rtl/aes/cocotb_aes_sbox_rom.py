# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/aes/aes_sbox_rom.v, launched by tests/rtl/aes/test_aes_sbox_rom.py: both
read ports, a random address each cycle (every byte of both tables at least once a port) with
the read enable random: the data of the last enabled address on the cycle after its edge
(OUTREG = 1: a cycle later), against FIPS-197's tables (vectors/aes/fips197_sbox.txt) and,
with MULT = 1, the products {02}.S(b), {0b}.S^-1(b), {09}.S^-1(b) from the reference model's
GF(2^8) multiply."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge
from cocotb_aes_sbox_tower import fips197_tables

from ciphercores.models.aes import gf_mul
from ciphercores.sim.runner import TB_ENV


@cocotb.test()
async def reads_against_fips197(dut):
    cfg = json.loads(os.environ[TB_ENV])
    p = cfg["params"]
    rng = random.Random(cfg.get("seed", 1))
    tables = fips197_tables()

    def word(addr: int) -> int:
        v = tables[addr >> 8][addr & 0xFF]
        if not p["MULT"]:
            return v
        if addr >> 8:
            return (gf_mul(v, 0x0B) << 8) | gf_mul(v, 0x09)
        return (gf_mul(v, 0x02) << 8) | v

    addrs = {port: rng.sample(range(512), 512) + [rng.randrange(512) for _ in range(200)]
             for port in "ab"}
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    reg = {"a": None, "b": None}   # the read register (None: nothing read yet)
    out = {"a": None, "b": None}   # the output register (OUTREG = 1)
    checked = 0
    i = 0
    while i < len(addrs["a"]) or checked == 0:
        await FallingEdge(dut.clk)
        for port in "ab":
            want = out[port] if p["OUTREG"] else reg[port]
            if want is not None:
                got = int(getattr(dut, f"{port}_data").value)
                assert got == want, f"port {port}: {got:04x}, want {want:04x}"
                checked += 1
        en = int(rng.random() < 0.7) if i < len(addrs["a"]) else 0
        dut.en.value = en
        for port in "ab":
            a = addrs[port][min(i, len(addrs[port]) - 1)]
            getattr(dut, f"{port}_addr").value = a
            out[port] = reg[port]
            if en:
                reg[port] = word(a)
        i += en
    assert checked > 2 * 712
