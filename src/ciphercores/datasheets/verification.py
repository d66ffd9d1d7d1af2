# SPDX-License-Identifier: Apache-2.0
"""A datasheet's verification section: the simulators, parameter sets, tests (named in the
registry: ``cores.CONTRACT_TESTS``, ``Core.tests``), random blocks and known answers, and the
formal line from the proof targets."""

from __future__ import annotations

from pathlib import Path

from .. import cores
from ..cores import Core
from .tables import label, sets


def verification(core: Core) -> list[str]:
    """The lines of a block core's verification section."""
    from .. import kat
    from ..sim import runner  # the test budgets and vectors; not needed at CLI start

    module = core.test_module
    own = bool(module)
    sims = "Verilator" + (", Icarus behind `-m slow`" if "icarus" in core.slow_runs
                          else " and Icarus")
    if "icarus" not in core.slow_runs and core.icarus_sets is not None:
        sims += (" (on Icarus the default suite runs the interface contract on "
                 + "; ".join(label(core, core.params(core.test_sets[i]))
                             for i in core.icarus_sets)
                 + ", the other sets behind `-m slow`"
                 + (f"; `{module}.py` on the default set" if own else "") + ")")
    icarus = runner.icarus_blocks(core.name)
    tests = [*cores.CONTRACT_TESTS, *core.tests]
    out = [f"- Simulators: {sims}. Parameter sets: "
           + "; ".join(label(core, p) for p in
                       [core.params(s) for s in (core.test_sets or (core.defaults,))]) + ".",
           "- Tests (`tests/rtl/cocotb_core.py`, the interface contract of every core"
           + (f", and the family's `tests/rtl/{module}.py`" if own else "") + "): "
           + ", ".join(f"`{t}`" for t in tests) + ".",
           f"- Random blocks against the reference model under random idle and back-pressure: "
           f"{runner.RANDOM_BLOCKS:,} on Verilator, {icarus:,} on Icarus; "
           f"{runner.SLOW_BLOCKS:,} through the co-simulation driver with `-m slow`.",
           "- Known answers from `vectors/` (all on Verilator, an even sample of "
           f"{runner.icarus_kat_sample(core.name)} per cipher on Icarus): "
           + ", ".join(f"{c} {len(kat.kat(c))}" for c in _all_ciphers(core)) + "."]
    heavy = sorted(core.slow_runs - {"icarus"})
    if heavy:
        names = {"modes": "the hardware modes around it", "synth": "the Yosys smoke test"}
        out.append("- Behind `-m slow`: " + ", ".join(names.get(h, h) for h in heavy) + ".")
    out.append(formal_line(core.name, core.sources()))
    return out


def formal_line(name: str, files: list[Path]) -> str:
    """The datasheet's formal line, from the proof targets (ciphercores.formal): the core's own
    target (what it proves, bounded depth or k, the parameter sets, its broken variants), or
    that it has none; then the shared modules among ``files`` that have targets."""
    from .. import formal

    what = "[what is proven](../interface.md#what-is-proven)"
    shared = formal.shared_targets(files)
    tail = ("" if not shared else " Shared modules it uses, proven on their own: " + ", ".join(
        f"`{t.name}` ({formal.method(t)})" for t in shared) + ".")
    target = formal.TARGETS.get(name)
    if target is None or not target.core:
        return (f"- Formal verification: no proof target for `{name}` yet ({what})." + tail)
    sets = "; ".join((f"{label(cores.get(name), target.params(p))}: " if p else "")
                     + formal.method(target, p) for p in target.sweep)
    props = target.what.removeprefix("bounded: ")
    return (f"- Formal verification (`ciphercores prove {name}`, in `make formal`; {what}): "
            f"{sets}. Proven: {props}. {len(target.mutations)} broken variants of the RTL, "
            f"each failing a named property." + tail)


def _all_ciphers(core: Core) -> list[str]:
    out: list[str] = []
    for p in sets(core):
        out += [c for c in core.ciphers(p) if c not in out]
    return out
