"""Hardware modes MODE(CORE) (rtl/modes/mode_engine.v) against the host modes and SP 800-38A.

Default suite: every mode around speck_iter on both simulators, CTR around every other
registered core on Verilator (the mode a pipelined core is fed every cycle), and CBC (serial
encryption, decryption at the core's interval through the engine's side FIFO) around every
other iterative core and the shortest pipelined one (the side FIFO at one block a cycle).
``-m slow``: every mode around every core.
"""

from __future__ import annotations

import pytest

from ciphercores import registry
from ciphercores.sim import runner

BLOCKS = 600


def _default_cases():
    for mode in registry.HW_MODES:
        for sim in runner.SIMULATORS:
            yield pytest.param(mode, "speck_iter", sim, id=f"{mode}(speck_iter)-{sim}")
    bases = [registry.get(b) for b in sorted(registry.mode_bases()) if b != "speck_iter"]
    pipelined = [c for c in bases if c.interval(c.params()) == 1]
    shortest = min(pipelined, key=lambda c: c.latency(c.params()), default=None)
    for base in bases:
        modes = ["ctr"]
        if base not in pipelined or base is shortest:
            modes.append("cbc")
        for mode in modes:
            yield pytest.param(mode, base.name, "verilator", id=f"{mode}({base.name})-verilator")


def _run(mode, base, sim, blocks, seed=1):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    core = registry.get(f"{mode}({base})")
    runner.run(core, core.params(), sim, "cocotb_mode",
               config={"random_blocks": blocks, "seed": seed}, quiet=True)


@pytest.mark.parametrize("mode,base,sim", list(_default_cases()))
def test_mode(mode, base, sim):
    _run(mode, base, sim, BLOCKS)


@pytest.mark.slow
@pytest.mark.parametrize("base", sorted(registry.mode_bases()))
@pytest.mark.parametrize("mode", list(registry.HW_MODES))
def test_mode_all_cores(mode, base):
    _run(mode, base, "verilator", 20 * BLOCKS, seed=2)
