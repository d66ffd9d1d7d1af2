# SPDX-License-Identifier: Apache-2.0
"""bf_pipe_round on its own (cocotb_bf_pipe_round.py): rounds of random blocks, both directions
mixed, against the reference model's trace, under random idle with junk on the data inputs,
the bench playing the S-box RAMs; a key of Eric Young's ECB set and random keys. Inside bf_pipe
the cores' tests run it too (tests/rtl/test_cores.py), where a wrong round shows only as a
wrong block."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
ROUND = runner.Block("bf_pipe_round", ("blowfish/bf_pipe_round.v",))


def test_bf_pipe_round():
    if not runner.available("verilator"):
        pytest.skip("verilator is not installed")
    runner.run(ROUND, {}, "verilator", "cocotb_bf_pipe_round",
               config={"keys": 2, "blocks": 300, "seed": 5}, test_dir=HERE, quiet=True)
