# SPDX-License-Identifier: Apache-2.0
"""bf_key_mix on its own (cocotb_bf_key_mix.py): bf_core's key mixing, its 18 P writes and their
cycles against Blowfish's definition, for keys of every length and the lengths read as 56.
Inside bf_core the Blowfish cores' key-schedule tests run it too (tests/rtl/test_cores.py,
tests/rtl/blowfish/test_blowfish_rtl.py), where a wrong P word shows only after 521
encryptions."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
MIX = runner.Block("bf_key_mix", ("blowfish/bf_key_mix.v",))


def test_bf_key_mix():
    if not runner.available("verilator"):
        pytest.skip("verilator is not installed")
    runner.run(MIX, {}, "verilator", "cocotb_bf_key_mix", config={"seed": 3}, test_dir=HERE,
               quiet=True)
