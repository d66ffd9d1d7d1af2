# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/blowfish/bf_pipe_round.v, launched by
tests/rtl/blowfish/test_bf_pipe_round.py: one round of bf_pipe against the reference model's
trace. The key is one of Eric Young's ECB set (0123456789ABCDEF,
vectors/blowfish/eric_young_ecb.txt) or a random one; its P-array and S-boxes come from the
model. Each input is round r (random) of a random block in a random direction, taken from the
model's trace (L_r, R_r after the round); the bench plays the S-box RAMs (the words of in_x
two cycles later, every cycle). Inputs come under random idle (junk on the data while
in_valid is low); each must leave five cycles later as round r + 1 of the trace, in order,
with its direction."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

from ciphercores.models.base import Trace
from ciphercores.models.blowfish import Blowfish
from ciphercores.sim.runner import TB_ENV
from ciphercores.vectors import load_table

LATENCY = 5
M32 = 0xFFFFFFFF


def _rounds(model: Blowfish, block: int, dec: int) -> list[tuple[int, int]]:
    """The states (x, y) that enter rounds 0 .. 16 of bf_pipe: x_r = L ^ P'[r] and
    y_r = R ^ P'[r+1] of the model's state after round r - 1 (the block before round 0), P' the
    P-array in the block's direction (reversed to decrypt)."""
    trace = Trace()
    (model.decrypt_int if dec else model.encrypt_int)(block, trace)
    p = model.P[::-1] if dec else model.P
    states = [(block >> 32, block & M32)]
    states += [(s.values["L"], s.values["R"]) for s in trace.phase("decrypt" if dec else "encrypt")]
    assert len(states) == 17
    return [(left ^ p[r], right ^ p[r + 1]) for r, (left, right) in enumerate(states)]


@cocotb.test()
async def rounds_against_the_model(dut):
    cfg = json.loads(os.environ[TB_ENV])
    rng = random.Random(cfg.get("seed", 1))
    keys = [bytes.fromhex(load_table("blowfish/eric_young_ecb.txt")[4]["key"])]
    keys += [rng.randbytes(rng.randint(4, 56)) for _ in range(cfg.get("keys", 1))]
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    dut.in_valid.value = 0
    for _ in range(2):
        await FallingEdge(dut.clk)
    dut.rst.value = 0
    checked = 0
    for key in keys:
        model = Blowfish(key)
        ins = []
        for _ in range(cfg.get("blocks", 200)):
            dec = rng.getrandbits(1)
            r = rng.randrange(16)
            states = _rounds(model, rng.getrandbits(64), dec)
            ins.append((r, dec, states[r], states[r + 1]))
        want = []
        addr: list[int] = [0, 0]  # in_x of the last two cycles (the RAMs' read address)
        t, i = 0, 0
        while i < len(ins) or want:
            await FallingEdge(dut.clk)
            t += 1
            if int(dut.out_valid.value):
                assert want, f"cycle {t}: an output with no input {LATENCY} cycles before"
                t_in, r, dec, (x, y) = want.pop(0)
                got = (int(dut.out_x.value), int(dut.out_y.value), int(dut.out_dec.value))
                assert t - t_in == LATENCY, f"round {r}: out {t - t_in} cycles after in"
                assert got == (x, y, dec), (
                    f"key {key.hex()} round {r} {'dec' if dec else 'enc'}: "
                    f"({got[0]:08x}, {got[1]:08x}, {got[2]}), want ({x:08x}, {y:08x}, {dec})")
                checked += 1
            s = model.S
            a = addr[-2]
            dut.s0.value = s[0][a >> 24]
            dut.s1.value = s[1][(a >> 16) & 0xFF]
            dut.s2.value = s[2][(a >> 8) & 0xFF]
            dut.s3.value = s[3][a & 0xFF]
            if i < len(ins) and rng.random() < 0.7:
                r, dec, (x, y), nxt = ins[i]
                dut.in_valid.value = 1
                dut.in_dec.value = dec
                dut.in_x.value = x
                dut.in_y.value = y
                # P'[r+2] in each direction: P[r+2] and P[15-r]
                dut.p_enc.value = model.P[r + 2]
                dut.p_dec.value = model.P[15 - r]
                want.append((t, r, dec, nxt))
                i += 1
                addr.append(x)
            else:
                dut.in_valid.value = 0
                dut.in_dec.value = rng.getrandbits(1)
                for port in ("in_y", "p_enc", "p_dec"):
                    getattr(dut, port).value = rng.getrandbits(32)
                addr.append(rng.getrandbits(32))  # the RAMs read junk too
                dut.in_x.value = addr[-1]
    assert checked == len(keys) * cfg.get("blocks", 200)
