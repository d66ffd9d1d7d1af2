# SPDX-License-Identifier: Apache-2.0
"""speck_key_step on its own (cocotb_speck_key_step.py): every step of the key schedule, forward
and backward, of the paper's key and random keys against the reference model's trace, one step
a cycle with the directions mixed; combinational and with registers inside (SUBREG). Inside
speck_iter and speck_pipe the cores' tests run it too (tests/rtl/test_cores.py), where a wrong
round key shows only as a wrong block; its round is proven formally (rtl/formal/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
STEP = runner.Block("speck_key_step", ("speck/speck_round.v", "speck/speck_round_pipe.v",
                                       "speck/speck_key_step.v"))
#: (WORD, KEY_WORDS, SUBREG): each window length (m = 2, 3, 4), combinational and each SUBREG
CASES = [(16, 4, 0), (24, 3, 2), (64, 2, 1), (48, 3, 3)]


@pytest.mark.parametrize("word,key_words,subreg", CASES,
                         ids=[f"W{w}K{k}R{r}" for w, k, r in CASES])
def test_speck_key_step(word, key_words, subreg):
    if not runner.available("verilator"):
        pytest.skip("verilator is not installed")
    runner.run(STEP, {"WORD": word, "KEY_WORDS": key_words, "SUBREG": subreg}, "verilator",
               "cocotb_speck_key_step", config={"random": 8, "seed": 10 + subreg},
               test_dir=HERE, quiet=True)
