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


def _cases():
    """Every core on both simulators with its default parameters; the other parameter sets
    the registry tests (bf_core's ROUND_CYCLES = 2) on Verilator."""
    for sim in runner.SIMULATORS:
        for name in BF_CORES:
            core = cores.get(name)
            sets = [core.params()]
            if sim == "verilator":
                sets += [core.params(ps) for ps in core.test_sets if core.params(ps) != sets[0]]
            for params in sets:
                label = "-".join(f"{k}{v}" for k, v in params.items())
                yield pytest.param(name, params, sim, id=f"{name}-{label}-{sim}")


@pytest.mark.parametrize("core_name,params,sim", list(_cases()))
def test_blowfish_core(core_name, params, sim):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    core = cores.get(core_name)
    config = {"seed": 3, "blocks_per_key": 6}
    if sim != "verilator":  # every key length on Verilator; the edges and a middle on Icarus
        # (each key load is a schedule of 25,068 cycles: rounds of three cycles), and the
        # key-setup count with the longest key (Verilator: 1, 8 and 56 bytes; the schedule's
        # length does not depend on the key's)
        config.update(blocks_per_key=2, key_lengths=[4, 29, 56], setup_key_lengths=[56])
    # the bench reads the engine's ROUND_CYCLES and bf_pipe's S-box copies: every signal
    runner.run(core, params, sim, "cocotb_blowfish", config=config, quiet=True,
               public_depth=None)
