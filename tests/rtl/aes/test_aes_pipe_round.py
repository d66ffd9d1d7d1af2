# SPDX-License-Identifier: Apache-2.0
"""aes_pipe_round on its own (cocotb_aes_pipe_round.py): one round of aes_pipe, state and key
step, against the reference model's trace and key schedule, beats of random blocks in both
directions under random idle, for each key length, the first, a middle and the last round,
each S-box form and the register options. Inside aes_pipe the cores' tests run it too
(tests/rtl/test_cores.py, tests/rtl/aes/test_aes_rtl.py), where a wrong round shows only
as a wrong block."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
ROUND = runner.Block("aes_pipe_round", (
    "aes/aes_sbox.v", "aes/aes_inv_sbox.v", "aes/aes_tower_norm_inv.v", "aes/aes_tower_scale.v",
    "aes/aes_sbox_tower.v", "aes/aes_sbox_rom.v", "aes/aes_sub_rom_layer.v",
    "aes/aes_mix_mult.v", "aes/aes_key_sub.v", "aes/aes_key_words.v", "aes/aes_pipe_round.v"))
#: Icarus builds and runs a case in 3 to 4 s, Verilator in 10 to 30 s (two lanes, the
#: composite-field S-boxes); Verilator where Icarus is missing
SIM = "icarus" if runner.available("icarus") else "verilator"
#: (KEY_BITS, ROUND, LANES, SUBREG, MIXREG, SBOX_BRAM, DECRYPT)
CASES = [(128, 1, 1, 0, 0, 1, 1), (192, 12, 2, 2, 1, 0, 1), (256, 7, 1, 1, 1, 2, 1),
         (256, 2, 1, 2, 0, 1, 0)]
NAMES = ("KEY_BITS", "ROUND", "LANES", "SUBREG", "MIXREG", "SBOX_BRAM", "DECRYPT")


@pytest.mark.parametrize("case", CASES, ids=lambda c: "K{}R{}L{}S{}M{}B{}D{}".format(*c))
def test_aes_pipe_round(case):
    if not runner.available(SIM):
        pytest.skip(f"{SIM} is not installed")
    runner.run(ROUND, dict(zip(NAMES, case, strict=True)), SIM,
               "cocotb_aes_pipe_round", config={"beats": 40, "seed": case[1]},
               test_dir=HERE, quiet=True)
