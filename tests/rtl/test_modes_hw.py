# SPDX-License-Identifier: Apache-2.0
"""Hardware modes MODE(CORE) (rtl/modes/mode_engine.v) against the host modes and SP 800-38A.

Default suite: every mode around speck_iter on both simulators, and CTR and CBC around every
other registered core on Verilator (CTR is the mode a pipelined core feeds every cycle, CBC
mixes a serial and a pipelined direction) but those whose registry entry puts "modes" in
``slow_runs``. ``-m slow``: every mode around every core.
"""

from __future__ import annotations

import pytest

from ciphercores import cores
from ciphercores.sim import runner

BLOCKS = 600


def _default_cases():
    for mode in cores.HW_MODES:
        for sim in runner.SIMULATORS:
            yield pytest.param(mode, "speck_iter", sim, id=f"{mode}(speck_iter)-{sim}")
    for base in sorted(cores.mode_bases()):
        if base != "speck_iter" and "modes" not in cores.get(base).slow_runs:
            for mode in ("ctr", "cbc"):
                yield pytest.param(mode, base, "verilator", id=f"{mode}({base})-verilator")


def _run(mode, base, sim, blocks, seed=1):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    core = cores.get(f"{mode}({base})")
    runner.run(core, core.params(), sim, "cocotb_mode",
               config={"random_blocks": blocks, "seed": seed}, quiet=True)


@pytest.mark.parametrize("mode,base,sim", list(_default_cases()))
def test_mode(mode, base, sim):
    _run(mode, base, sim, BLOCKS)


@pytest.mark.slow
@pytest.mark.parametrize("base", sorted(cores.mode_bases()))
@pytest.mark.parametrize("mode", list(cores.HW_MODES))
def test_mode_all_cores(mode, base):
    _run(mode, base, "verilator", 20 * BLOCKS, seed=2)
