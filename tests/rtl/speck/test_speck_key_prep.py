# SPDX-License-Identifier: Apache-2.0
"""speck_key_prep on its own (cocotb_speck_key_prep.py): the key handshake and the pre-pass to
round T-1 against the reference model's key schedule, keys after random idle and some cut
short by the next, for a combinational and a registered key step. Inside speck_pipe the
cores' tests run it too (tests/rtl/test_cores.py, its formal target), where a wrong key state
shows only as a wrong block."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.models.speck import rounds
from ciphercores.sim import runner

HERE = Path(__file__).parent
#: Icarus builds and runs a case in about a second, Verilator in several; Verilator where
#: Icarus is missing
SIM = "icarus" if runner.available("icarus") else "verilator"
PREP = runner.Block("speck_key_prep", ("speck/speck_round.v", "speck/speck_round_pipe.v",
                                       "speck/speck_key_step.v", "speck/speck_key_prep.v"))
#: (WORD, KEY_WORDS, SUBREG)
CASES = [(16, 4, 0), (48, 3, 2), (64, 2, 1)]


@pytest.mark.parametrize("word,key_words,subreg", CASES,
                         ids=[f"W{w}K{k}R{r}" for w, k, r in CASES])
def test_speck_key_prep(word, key_words, subreg):
    if not runner.available(SIM):
        pytest.skip(f"{SIM} is not installed")
    runner.run(PREP, {"WORD": word, "KEY_WORDS": key_words, "SUBREG": subreg,
                      "ROUNDS": rounds(word, key_words)}, SIM, "cocotb_speck_key_prep",
               config={"random": 12, "seed": 20 + subreg}, test_dir=HERE, quiet=True)
