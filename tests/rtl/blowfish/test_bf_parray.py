# SPDX-License-Identifier: Apache-2.0
"""bf_parray on its own (cocotb_bf_parray.py): bf_core's P-array, random writes of the key mixing
and of the key schedule against a model of its contract (each lands two edges after its
inputs; p0_next forwards the word in flight to P[0]; a reset clears it). Inside bf_core the
Blowfish cores' key-schedule tests run it too (tests/rtl/test_cores.py,
tests/rtl/blowfish/test_blowfish_rtl.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
PARRAY = runner.Block("bf_parray", ("blowfish/bf_parray.v",))


def test_bf_parray():
    if not runner.available("verilator"):
        pytest.skip("verilator is not installed")
    runner.run(PARRAY, {}, "verilator", "cocotb_bf_parray", config={"seed": 4, "cycles": 3000},
               test_dir=HERE, quiet=True)
