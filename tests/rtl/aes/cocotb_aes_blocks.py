# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the combinational AES blocks of rtl/aes/, one test per module (the launcher,
tests/rtl/aes/test_aes_blocks.py, builds each as its own top and runs its test): the S-boxes
against FIPS-197's printed tables (vectors/aes/fips197_sbox.txt, as
cocotb_aes_sbox_tower.py), (Inv)MixColumns and the round's linear layer against the
reference model's trace of FIPS-197 Appendix C's three examples
(vectors/aes/fips197_appendix_c.txt) and of random keys and blocks, every round, both
directions."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import Timer
from cocotb_aes_sbox_tower import fips197_tables

from ciphercores.models import aes
from ciphercores.models.base import Trace
from ciphercores.sim.runner import TB_ENV
from ciphercores.vectors import load_table


def _cfg() -> tuple[dict, random.Random]:
    cfg = json.loads(os.environ[TB_ENV])
    return cfg, random.Random(cfg.get("seed", 1))


def _traces(rng: random.Random, n: int) -> list[tuple[aes.AES, Trace]]:
    """The model and its trace (key schedule, one encryption, one decryption) of each
    Appendix C example and of ``n`` random keys and blocks."""
    cases = [(bytes.fromhex(r["key"]), int(r["plaintext"], 16))
             for r in load_table("aes/fips197_appendix_c.txt")]
    cases += [(rng.randbytes(rng.choice((16, 24, 32))), rng.getrandbits(128)) for _ in range(n)]
    out = []
    for key, block in cases:
        trace = Trace()
        model = aes.AES(key, trace=trace)
        model.decrypt_int(model.encrypt_int(block, trace), trace)
        out.append((model, trace))
    return out


def _shift(v: int) -> int:
    return aes._to_int(aes.shift_rows(aes._to_state(v)))


async def _sbox(dut, inv: int) -> None:
    want = fips197_tables()[inv]
    wrong = []
    for a in range(256):
        dut.a.value = a
        await Timer(1, "ns")
        if int(dut.y.value) != want[a]:
            wrong.append(f"{a:02x} -> {int(dut.y.value):02x}, want {want[a]:02x}")
    assert not wrong, f"{len(wrong)} of 256 wrong; first: {wrong[:4]}"


@cocotb.test()
async def aes_sbox(dut):
    await _sbox(dut, 0)


@cocotb.test()
async def aes_inv_sbox(dut):
    await _sbox(dut, 1)


@cocotb.test()
async def aes_mix_cols(dut):
    """MixColumns of every encryption round's ShiftRows output (INV = 0), InvMixColumns of
    every decryption round's AddRoundKey output (INV = 1), from the model's trace."""
    cfg, rng = _cfg()
    inv = cfg["params"]["INV"]
    n, rounds = 0, 0
    for model, trace in _traces(rng, cfg["random"]):
        rounds += model.nr - 1  # the rounds with (Inv)MixColumns
        steps = trace.phase("decrypt" if inv else "encrypt")
        for s in steps[1:]:
            if inv:
                x, want = s.values["add"], s.values["state"]
            elif "mix" in s.values:
                x, want = s.values["shift"], s.values["mix"]
            else:
                continue
            if s.index == model.nr:  # the last decryption round: no InvMixColumns
                continue
            dut.s.value = x
            await Timer(1, "ns")
            assert int(dut.y.value) == want, f"round {s.index}: {int(dut.y.value):032x}"
            n += 1
    assert n == rounds


@cocotb.test()
async def aes_mix_layer(dut):
    """From the byte layer's output (the (Inv)SubBytes of the round's input state, in state
    order) and the round key to the next state: every encryption and decryption round of the
    trace (the last round's with LAST = 1, the others' with LAST = 0)."""
    cfg, rng = _cfg()
    last = cfg["params"]["LAST"]
    n = 0
    for model, trace in _traces(rng, cfg["random"]):
        for dec, phase in ((0, "encrypt"), (1, "decrypt")):
            for s in trace.phase(phase)[1:]:
                if (s.index == model.nr) != bool(last):
                    continue
                # decryption: sub is InvSubBytes after InvShiftRows; the byte layer's output
                # is in state order, before it
                q = _shift(s.values["sub"]) if dec else s.values["sub"]
                dut.q.value, dut.rk.value, dut.dec.value = q, s.values["rk"], dec
                await Timer(1, "ns")
                got = int(dut.y.value)
                assert got == s.values["state"], (
                    f"{model.name} {phase} round {s.index}: {got:032x}, "
                    f"want {s.values['state']:032x}")
                n += 1
    assert n >= 2 * (3 + cfg["random"])
