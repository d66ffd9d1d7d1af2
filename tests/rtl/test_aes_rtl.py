"""The AES-specific RTL tests (cocotb_aes.py) for every registered AES core and test parameter
set, on Verilator and (where installed) Icarus: CAVP MMT files, the first outer iteration of
each CAVP MCT section, a differential test against pycryptodome. ``-m slow``: the whole MCT
files (100 outer iterations x 1000 blocks per section) on Verilator."""

from __future__ import annotations

import pytest

from ciphercores import registry
from ciphercores.sim import runner


def _cases():
    for core in registry.CORES.values():
        if core.family != "aes":
            continue
        for i, ps in enumerate(core.test_sets or (core.defaults,)):
            params = core.params(ps)
            label = "-".join(f"{k}{v}" for k, v in params.items())
            yield pytest.param(core.name, params, i, id=f"{core.name}-{label}")


@pytest.mark.parametrize("sim", runner.SIMULATORS)
@pytest.mark.parametrize("core_name,params,index", list(_cases()))
def test_aes_vectors(core_name, params, index, sim):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    runner.run(registry.get(core_name), params, sim, "cocotb_aes",
               config={"mct_records": 1, "diff_blocks": 2000 if sim == "verilator" else 300,
                       "seed": 500 + index}, quiet=True)


@pytest.mark.slow
@pytest.mark.parametrize("core_name,params,index", list(_cases()))
def test_aes_mct_full(core_name, params, index):
    runner.run(registry.get(core_name), params, "verilator", "cocotb_aes",
               config={"mct_records": 100, "diff_blocks": 0}, testcase="cavp_mct", quiet=True)
