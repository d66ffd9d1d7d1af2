# SPDX-License-Identifier: Apache-2.0
"""aes_sbox_rom on its own (cocotb_aes_sbox_rom.py): both ports, every byte of both tables
under a random read enable, against FIPS-197's tables and the model's GF(2^8) products, for
each form (block RAM, LUT tables, composite field), output register and product word. Inside
aes_iter, aes_small and aes_pipe the cores' tests run it too."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
#: Icarus builds and runs a case in about a second, Verilator in several; Verilator where
#: Icarus is missing
SIM = "icarus" if runner.available("icarus") else "verilator"
ROM = runner.Block("aes_sbox_rom", ("aes/aes_sbox.v", "aes/aes_inv_sbox.v",
                                    "aes/aes_tower_norm_inv.v", "aes/aes_tower_scale.v",
                                    "aes/aes_sbox_tower.v", "aes/aes_sbox_rom.v"))
#: (BRAM, OUTREG, MULT)
CASES = [(1, 0, 0), (1, 1, 1), (0, 1, 1), (2, 0, 1)]


@pytest.mark.parametrize("bram,outreg,mult", CASES,
                         ids=[f"B{b}O{o}M{m}" for b, o, m in CASES])
def test_aes_sbox_rom(bram, outreg, mult):
    if not runner.available(SIM):
        pytest.skip(f"{SIM} is not installed")
    runner.run(ROM, {"BRAM": bram, "OUTREG": outreg, "MULT": mult}, SIM, "cocotb_aes_sbox_rom",
               config={"seed": 4 + bram}, test_dir=HERE, quiet=True)
