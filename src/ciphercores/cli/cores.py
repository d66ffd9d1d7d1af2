# SPDX-License-Identifier: Apache-2.0
"""`ciphercores cores`: the registered cores, their ciphers and cycle figures."""

from __future__ import annotations

import argparse

from .. import cores
from .output import print_table


def _fmax(core: cores.Core) -> float | None:
    """The measured Fmax of ``core``'s defaults on the README's target (the cache, else the
    archive docs/measurements.json), None if never measured with the current RTL."""
    from ..synth import flow, results

    try:
        rec = flow.recorded(core, None, *results.README_CONFIG)
    except flow.NotCached:
        return None
    return rec.get("fmax_mhz") if rec.get("status") == "ok" else None


def run(args: argparse.Namespace) -> int:
    from ..datasheets import time_at

    rows = [("core", "ciphers (default params / test sets)", "cycles for", "latency",
             "interval", "key setup", "key setup time", "reset", "ready after reset",
             "default for")]
    for core in cores.CORES.values():
        fmax = _fmax(core)
        sets = [core.params(ps) for ps in (core.test_sets or (core.defaults,))]
        ciphers = sorted({c for p in sets for c in core.ciphers(p)})
        # one line per cipher of the default parameters whose figures differ (aes_iter: the
        # rounds follow the key length loaded)
        reset = core.reset_figures()
        for i, (names, figs) in enumerate(core.cycle_table()):
            first = i == 0
            rows.append((core.name if first else "", ", ".join(ciphers) if first else "",
                         ", ".join(names), str(figs["latency"]), str(figs["interval"]),
                         str(figs["key_setup"]),
                         time_at(figs["key_setup"], fmax) if fmax else "-",
                         str(reset["reset_cycles"]) if first else "",
                         str(reset["ready_after_reset"]) if first else "",
                         ", ".join(core.default_for) if first else ""))
    print_table(rows)
    print("\ncycle figures are for the default parameters and the cipher named (\"cycles "
          "for\"); \"reset\": the cycles rst must stay high, \"ready after reset\": the most "
          "cycles after it falls before the core takes a key; \"key setup time\": the key "
          "set-up at the measured Fmax of the default parameters (ECP5 speed 8, "
          "docs/results.md; - if not measured); see src/ciphercores/cores/ and "
          "docs/interface.md (\"Cycle figures\")")
    return 0


def add(sub) -> None:
    sub.add_parser("cores", help="list the registered cores").set_defaults(func=run)
