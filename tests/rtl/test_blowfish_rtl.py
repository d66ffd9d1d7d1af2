# SPDX-License-Identifier: Apache-2.0
"""Blowfish cores: the generated memory-init files, and the Blowfish-specific cocotb tests
(cocotb_blowfish.py) for every registered Blowfish core on Verilator and Icarus."""

from __future__ import annotations

import pytest

from ciphercores import cores
from ciphercores.rtlgen import blowfish as gen_blowfish
from ciphercores.sim import runner

BF_CORES = sorted(c.name for c in cores.CORES.values() if c.family == "blowfish")


def test_init_files_are_generated():
    """rtl/blowfish/*.hex are exactly what the generator makes from the model's pi words."""
    assert gen_blowfish.stale() == []
    files = gen_blowfish.files()
    assert len(files) == 5
    assert files["bf_pi_p.hex"].splitlines()[1] == "243f6a88"  # P[0]: pi = 3.243F6A88...
    assert files["bf_pi_s0.hex"].splitlines()[1 + 256] == "d1310ba6"  # S0[0] in the pi half


@pytest.mark.parametrize("sim", runner.SIMULATORS)
@pytest.mark.parametrize("core_name", BF_CORES)
def test_blowfish_core(core_name, sim):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    core = cores.get(core_name)
    config = {"seed": 3, "blocks_per_key": 6}
    if sim != "verilator":  # every key length on Verilator; the edges and a spread on Icarus
        config.update(blocks_per_key=2, key_lengths=[4, 5, 8, 13, 16, 29, 32, 55, 56])
    runner.run(core, core.params(), sim, "cocotb_blowfish", config=config, quiet=True)
