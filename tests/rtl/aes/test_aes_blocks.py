# SPDX-License-Identifier: Apache-2.0
"""The combinational AES blocks on their own (cocotb_aes_blocks.py): aes_sbox and aes_inv_sbox
(all 256 bytes against FIPS-197's tables), aes_mix_cols (MixColumns, InvMixColumns) and
aes_mix_layer (a round's ShiftRows, MixColumns and AddRoundKey, both directions, the last
round apart) against the reference model's trace. The AES cores' tests run them too
(tests/rtl/test_cores.py, tests/rtl/aes/test_aes_rtl.py), where a wrong byte shows only as a
wrong block."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
#: Icarus builds these small modules in about a second, Verilator in five (as
#: tests/rtl/speck/test_speck_pipe.py's short timing test); Verilator where Icarus is missing
SIM = "icarus" if runner.available("icarus") else "verilator"
SBOX = runner.Block("aes_sbox", ("aes/aes_sbox.v",))
INV_SBOX = runner.Block("aes_inv_sbox", ("aes/aes_inv_sbox.v",))
MIX_COLS = runner.Block("aes_mix_cols", ("aes/aes_mix_cols.v",))
MIX_LAYER = runner.Block("aes_mix_layer", ("aes/aes_mix_cols.v", "aes/aes_mix_layer.v"))


def _run(block: runner.Block, params: dict[str, int]) -> None:
    if not runner.available(SIM):
        pytest.skip(f"{SIM} is not installed")
    runner.run(block, params, SIM, "cocotb_aes_blocks", testcase=block.name,
               config={"random": 6, "seed": 3}, test_dir=HERE, quiet=True)


@pytest.mark.parametrize("block", [SBOX, INV_SBOX], ids=lambda b: b.name)
def test_aes_sboxes(block):
    _run(block, {})


@pytest.mark.parametrize("inv", [0, 1])
def test_aes_mix_cols(inv):
    _run(MIX_COLS, {"INV": inv})


@pytest.mark.parametrize("last", [0, 1])
def test_aes_mix_layer(last):
    _run(MIX_LAYER, {"LAST": last})
