# SPDX-License-Identifier: Apache-2.0
"""Every registered core, every test parameter set, on Verilator and (where installed) Icarus.

Each case builds the core once and runs all tests of cocotb_core.py on it. The random-block
budget is spread over a core's parameter sets so that each core sees at least 10^4 random
blocks on Verilator in the default suite. Icarus, the second (and much slower) simulator, runs
fewer random blocks per core (runner.icarus_blocks) and an even sample of the known-answer
files (runner.icarus_kat_sample; Verilator runs them all), on the sets the registry names
(icarus_sets). ``-m slow`` runs 10^6 per core through the co-simulation driver
(ciphercores.driver), which has no Python work per clock cycle.
"""

from __future__ import annotations

import pytest

from ciphercores import cores
from ciphercores.errors import SimulationFailed
from ciphercores.sim import runner
from ciphercores.sim.runner import RANDOM_BLOCKS as DEFAULT_BLOCKS
from ciphercores.sim.runner import SLOW_BLOCKS


def _cases():
    for sim in runner.SIMULATORS:
        for core in cores.CORES.values():
            sets = core.test_sets or (core.defaults,)
            # the sets the default suite runs on this simulator (registry: icarus_sets), which
            # share its random-block budget; a core's heavy Icarus runs only with -m slow
            # (registry: slow_runs)
            default = (range(len(sets)) if sim != "icarus" or core.icarus_sets is None
                       else core.icarus_sets)
            for i, ps in enumerate(sets):
                slow = sim == "icarus" and ("icarus" in core.slow_runs or i not in default)
                params = core.params(ps)
                label = "-".join(f"{k}{v}" for k, v in params.items())
                yield pytest.param(core.name, params, len(default), i, sim,
                                   id=f"{core.name}-{label}-{sim}",
                                   marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("core_name,params,nsets,index,sim", list(_cases()))
def test_core(core_name, params, nsets, index, sim):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    budget = (DEFAULT_BLOCKS if sim == "verilator"
              else runner.icarus_blocks(core_name))
    blocks = -(-budget // nsets)
    config = {"random_blocks": blocks, "seed": 1000 + index}
    if sim != "verilator":
        config["kat_sample"] = runner.icarus_kat_sample(core_name)
    runner.run(cores.get(core_name), params, sim, "cocotb_core", config=config, quiet=True)


@pytest.mark.slow
@pytest.mark.parametrize("core_name", sorted(cores.CORES))
def test_core_million(core_name):
    """10^6 random blocks on the fast path (Verilator through the driver's C++ harness), new
    random keys per message, mixed directions, random idle and back-pressure made by the
    harness, every block against the reference model."""
    import ciphercores
    from ciphercores.driver.check import random_stream_check

    core = cores.get(core_name)
    with ciphercores.open_core(core) as dev:
        res = random_stream_check(dev, SLOW_BLOCKS, seed=99, sizes=(1, 3, 100, 5_000, 50_000))
    assert res["blocks"] == SLOW_BLOCKS


def test_a_failing_cocotb_test_is_a_simulation_failure(tmp_path):
    """cocotb's runner ends a failed run with sys.exit: ``runner.run`` turns that into the
    project's SimulationFailed, naming the test that failed."""
    (tmp_path / "cocotb_must_fail.py").write_text(
        "import cocotb\n\n\n@cocotb.test()\nasync def fails_on_purpose(dut):\n"
        "    assert False, 'on purpose'\n")
    core = cores.get("des_iter")
    with pytest.raises(SimulationFailed, match="fails_on_purpose"):
        runner.run(core, core.params(core.defaults), "verilator", "cocotb_must_fail",
                   test_dir=tmp_path, quiet=True)
