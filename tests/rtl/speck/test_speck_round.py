# SPDX-License-Identifier: Apache-2.0
"""The SPECK round on its own, combinational (speck_round) and with registers inside
(speck_round_pipe, SUBREG 1..3): rounds of the paper's vectors and random blocks, both
directions, against the reference model's trace (cocotb_speck_round.py). Inside speck_pipe
(and speck_key_step, whose test drives its key schedule through them) the cores' tests run
them too."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
ROUND = runner.Block("speck_round", ("speck/speck_round.v",))
ROUND_PIPE = runner.Block("speck_round_pipe", ("speck/speck_round_pipe.v",))
#: (WORD, SUBREG, PASS, PASS_RST)
PIPE_CASES = [(16, 1, 3, 1), (48, 2, 1, 0), (64, 3, 5, 1)]


#: Icarus builds these small modules in about a second, Verilator in five (as
#: test_speck_pipe.py's short timing test); Verilator where Icarus is missing
SIM = "icarus" if runner.available("icarus") else "verilator"


def _sim() -> None:
    if not runner.available(SIM):
        pytest.skip(f"{SIM} is not installed")


@pytest.mark.parametrize("word", [24, 64])
def test_speck_round(word):
    _sim()
    runner.run(ROUND, {"WORD": word}, SIM, "cocotb_speck_round",
               testcase="combinational", config={"random": 10, "seed": word},
               test_dir=HERE, quiet=True)


@pytest.mark.parametrize("word,subreg,pass_bits,pass_rst", PIPE_CASES,
                         ids=[f"W{w}R{r}P{p}C{c}" for w, r, p, c in PIPE_CASES])
def test_speck_round_pipe(word, subreg, pass_bits, pass_rst):
    _sim()
    runner.run(ROUND_PIPE, {"WORD": word, "SUBREG": subreg, "PASS": pass_bits,
                            "PASS_RST": pass_rst}, SIM, "cocotb_speck_round",
               testcase="registered", config={"random": 10, "seed": subreg},
               test_dir=HERE, quiet=True)
