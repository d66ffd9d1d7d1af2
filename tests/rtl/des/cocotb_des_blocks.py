# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the combinational DES blocks of rtl/des/, one test per module (the
launcher, tests/rtl/des/test_des_blocks.py, builds each as its own top and runs its test):
against the reference model (ciphercores.models.des: its FIPS 46-3 tables, its f and its
trace of the key schedule and of the rounds), on Grabbe's worked example
(vectors/des/des_classic.txt: its key and block, whose round values the model's trace holds)
and on random keys, blocks and words."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import Timer

from ciphercores.models import des
from ciphercores.models.base import Trace
from ciphercores.sim.runner import TB_ENV
from ciphercores.vectors import load_table


def _cfg() -> tuple[dict, random.Random]:
    cfg = json.loads(os.environ[TB_ENV])
    return cfg, random.Random(cfg.get("seed", 1))


def _keys_blocks(rng: random.Random, n: int) -> list[tuple[int, int]]:
    row = load_table("des/des_classic.txt")[0]
    return [(int(row["key"], 16), int(row["plaintext"], 16))] + \
        [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(n)]


async def _check(dut, cases, port_in, port_out, what: str) -> None:
    """cases: (input, want) pairs through a one-input, one-output combinational module."""
    wrong = []
    for x, want in cases:
        getattr(dut, port_in).value = x
        await Timer(1, "ns")
        got = int(getattr(dut, port_out).value)
        if got != want:
            wrong.append(f"{what}({x:x}) = {got:x}, want {want:x}")
    assert not wrong, f"{len(wrong)} of {len(cases)} wrong; first: {wrong[:3]}"


def _words(rng, bits, n, fixed=()):
    return [*fixed, 0, (1 << bits) - 1] + [rng.getrandbits(bits) for _ in range(n)] + \
        [1 << i for i in range(bits)]


@cocotb.test()
async def des_ip(dut):
    cfg, rng = _cfg()
    await _check(dut, [(v, des.permute(v, des.IP, 64)) for v in _words(rng, 64, cfg["random"])],
                 "d", "q", "IP")


@cocotb.test()
async def des_fp(dut):
    cfg, rng = _cfg()
    await _check(dut, [(v, des.permute(v, des.IP_INV, 64))
                       for v in _words(rng, 64, cfg["random"])], "d", "q", "IP^-1")


@cocotb.test()
async def des_pc1(dut):
    cfg, rng = _cfg()
    keys = [k for k, _ in _keys_blocks(rng, 0)]
    await _check(dut, [(v, des.permute(v, des.PC1, 64))
                       for v in _words(rng, 64, cfg["random"], keys)], "key", "cd", "PC-1")


@cocotb.test()
async def des_pc2(dut):
    cfg, rng = _cfg()
    await _check(dut, [(v, des.permute(v, des.PC2, 56)) for v in _words(rng, 56, cfg["random"])],
                 "cd", "k", "PC-2")


@cocotb.test()
async def des_e(dut):
    cfg, rng = _cfg()
    await _check(dut, [(v, des.permute(v, des.E, 32)) for v in _words(rng, 32, cfg["random"])],
                 "r", "e", "E")


@cocotb.test()
async def des_sp(dut):
    """P(S(x)) as the model's f gives it: f(r, x ^ E(r)) for a random r."""
    cfg, rng = _cfg()
    cases = []
    for x in _words(rng, 48, cfg["random"]) + list(range(64)):
        r = rng.getrandbits(32)
        cases.append((x, des.f(r, x ^ des.permute(r, des.E, 32))))
    await _check(dut, cases, "x", "p", "SP")


@cocotb.test()
async def des_round(dut):
    """Every round of every block, both directions, from the model's trace: (L, R) of round
    n - 1 and K_n to (L, R) of round n."""
    cfg, rng = _cfg()
    wrong, n = [], 0
    for key, block in _keys_blocks(rng, cfg["random"]):
        trace = Trace()
        model = des.DES(key.to_bytes(8, "big"))
        model.encrypt_int(block, trace)
        model.decrypt_int(block, trace)
        for phase in ("encrypt", "decrypt"):
            steps = trace.phase(phase)
            for a, b in zip(steps, steps[1:], strict=False):
                dut.l.value, dut.r.value = a.values["l"], a.values["r"]
                dut.k.value = b.values["k"]
                await Timer(1, "ns")
                got = (int(dut.l_next.value), int(dut.r_next.value))
                if got != (b.values["l"], b.values["r"]):
                    wrong.append(f"key {key:x} {phase} round {b.index}")
                n += 1
    assert n and not wrong, f"{len(wrong)} of {n} rounds wrong; first: {wrong[:3]}"


@cocotb.test()
async def des_subkey(dut):
    """K_n of the enciphering key's C0 D0, K_(17-n) of the deciphering one's (two keys at
    once, so each direction must read its own input), against the model's key schedule."""
    cfg, rng = _cfg()
    n = cfg["params"]["ROUND"]
    pairs = _keys_blocks(rng, cfg["random"])
    for (k_enc, _), (k_dec, _) in zip(pairs, pairs[1:] + pairs[:1], strict=True):
        dut.cd_enc.value = des.permute(k_enc, des.PC1, 64)
        dut.cd_dec.value = des.permute(k_dec, des.PC1, 64)
        for dec, key, want_n in ((0, k_enc, n), (1, k_dec, 17 - n)):
            dut.dec.value = dec
            await Timer(1, "ns")
            want = des.key_schedule(key)[want_n - 1]
            assert int(dut.k.value) == want, f"round {n} dec={dec} key {key:x}"
