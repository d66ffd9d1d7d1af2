# SPDX-License-Identifier: Apache-2.0
"""The combinational DES blocks on their own (cocotb_des_blocks.py): the permutations IP,
IP^-1, PC-1, PC-2 and E, the S/P boxes, the round and the subkey of one round, each against
the reference model on Grabbe's worked example and random values. The DES and TDES cores'
tests run them too (tests/rtl/test_cores.py, tests/rtl/des/test_des_rtl.py), where a wrong
bit shows only as a wrong block."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent
#: the one-file modules (a top each; named here as they are, for tests/test_filelists.py)
BLOCKS = {b.name: b for b in (runner.Block("des_ip", ("des/des_ip.v",)),
                              runner.Block("des_fp", ("des/des_fp.v",)),
                              runner.Block("des_pc1", ("des/des_pc1.v",)),
                              runner.Block("des_pc2", ("des/des_pc2.v",)),
                              runner.Block("des_e", ("des/des_e.v",)),
                              runner.Block("des_sp", ("des/des_sp.v",)))}
ROUND = runner.Block("des_round", ("des/des_e.v", "des/des_sp.v", "des/des_round.v"))
#: Icarus builds these small modules in about a second, Verilator in five (as
#: tests/rtl/speck/test_speck_pipe.py's short timing test); Verilator where Icarus is missing
SIM = "icarus" if runner.available("icarus") else "verilator"
SUBKEY = runner.Block("des_subkey", ("des/des_pc2.v", "des/des_subkey.v"))


def _run(block: runner.Block, params: dict[str, int], n_random: int) -> None:
    if not runner.available(SIM):
        pytest.skip(f"{SIM} is not installed")
    runner.run(block, params, SIM, "cocotb_des_blocks", testcase=block.name,
               config={"random": n_random, "seed": 7}, test_dir=HERE, quiet=True)


@pytest.mark.parametrize("module", list(BLOCKS))
def test_des_wiring(module):
    _run(BLOCKS[module], {}, 200)


def test_des_round():
    _run(ROUND, {}, 8)


@pytest.mark.parametrize("n", [1, 2, 9, 16])
def test_des_subkey(n):
    _run(SUBKEY, {"ROUND": n}, 8)
