"""Blowfish cores: the generated memory-init files, and the Blowfish-specific cocotb tests
(cocotb_blowfish.py) for every registered Blowfish core on Verilator and Icarus."""

from __future__ import annotations

import pytest

from ciphercores import gen_blowfish, registry
from ciphercores.sim import runner

BF_CORES = sorted(c.name for c in registry.CORES.values() if c.family == "blowfish")


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
    core = registry.get(core_name)
    runner.run(core, core.params(), sim, "cocotb_blowfish",
               config={"seed": 3, "blocks_per_key": 6 if sim == "verilator" else 2}, quiet=True)
