# SPDX-License-Identifier: Apache-2.0
"""The AES key-schedule blocks on their own, against the reference model's key schedule (its
words and its trace of round keys), keys from FIPS-197 Appendix C and random ones:

- aes_key_step (cocotb_aes_key_step.py): every forward and backward step of each key's
  schedule, for the three key lengths, with the S-boxes as tables and in the composite field
  (TOWER);
- aes_key_prep (cocotb_aes_key_prep.py): the pre-pass at key load (the windows encryption and
  decryption start from), loads after random idle and ignored while busy, per key length and
  SPLIT (one register, two registers in a step), one case with the composite-field S-boxes.

Inside aes_iter and aes_pipe the cores' tests run them too (tests/rtl/test_cores.py), where a
wrong round key shows only as a wrong block."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
KEY_SUB = ("aes/aes_sbox.v", "aes/aes_tower_norm_inv.v", "aes/aes_tower_scale.v",
           "aes/aes_sbox_tower.v", "aes/aes_key_sub.v", "aes/aes_key_words.v")
STEP = runner.Block("aes_key_step", (*KEY_SUB, "aes/aes_key_step.v"))
PREP = runner.Block("aes_key_prep", (*KEY_SUB, "aes/aes_key_prep.v"))

#: (KEY_BITS, NK, SPLIT, TOWER): each key length in a 256-bit port and at its own width, each
#: SPLIT, the composite-field S-boxes once
PREP_CASES = [(256, 2, 0, 0), (256, 0, 1, 0), (192, 1, 2, 0), (256, 2, 2, 1)]


def _sim(sim: str) -> None:
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")


@pytest.mark.parametrize("tower", [0, 1])
def test_aes_key_step(tower):
    _sim("verilator")
    runner.run(STEP, {"TOWER": tower}, "verilator", "cocotb_aes_key_step",
               config={"random": 4, "seed": 1 + tower}, test_dir=HERE, quiet=True)


@pytest.mark.parametrize("key_bits,nk,split,tower", PREP_CASES,
                         ids=[f"K{k}N{n}S{s}T{t}" for k, n, s, t in PREP_CASES])
def test_aes_key_prep(key_bits, nk, split, tower):
    _sim("verilator")
    runner.run(PREP, {"KEY_BITS": key_bits, "NK": nk, "SPLIT": split, "TOWER": tower},
               "verilator",
               "cocotb_aes_key_prep", config={"random": 20, "seed": 2 + split},
               test_dir=HERE, quiet=True)
