# SPDX-License-Identifier: Apache-2.0
"""`ciphercores cores`: the cores of the registry, their ciphers and cycle figures.

By default the cores listed one by one (``cores.LISTED_KINDS``: the block cores, then the GCM
cores, as the README's table and the datasheets), in a table that fits a 100-column terminal;
``--all`` adds the compositions named by pattern (the mode cores ``MODE(CORE)`` and the bus
wrappers ``BUS(CORE)``), ``--wide`` gives every column, ``--json`` the same data for a
program."""

from __future__ import annotations

import argparse
import json
import textwrap

from .. import cores
from ..synth.results import STALE_MARK
from .output import print_table

#: the width the default table and the notes fit
COLUMNS = 100


def _measured(core) -> dict | None:
    """The record of ``core``'s defaults on the README's target (the cache, else the archive
    docs/measurements.json; where the RTL or tools changed since, the archive's newest, with
    ``stale`` True, as the pages show it, marked), None if never measured (or of a kind the
    measurement flow does not take)."""
    from ..synth import flow, results

    if core.kind not in cores.STREAM_KINDS:
        return None
    try:
        rec = flow.recorded(core, None, *results.README_CONFIG, stale=True)
    except flow.NotCached:
        return None
    return rec if rec.get("status") == "ok" and rec.get("fmax_mhz") else None


def _fmax(core) -> float | None:
    """The measured Fmax of ``core``'s defaults (:func:`_measured`), None without a record."""
    rec = _measured(core)
    return rec["fmax_mhz"] if rec else None


def _ciphers(core) -> list[str]:
    """The ciphers of the core's defaults and test sets, sorted."""
    sets = [core.params(ps) for ps in (getattr(core, "test_sets", ()) or (core.defaults,))]
    return sorted({c for p in sets for c in core.ciphers(p)})


def short_ciphers(core) -> str:
    """The ciphers in a few characters: one name; names that differ in one dash-separated
    field with the field's values in braces (``aes-{128,192,256}-gcm``); up to 20 characters
    of names; else how many (``10 SPECK ciphers``)."""
    names = _ciphers(core)
    parts = [n.split("-") for n in names]
    if len(names) > 1 and len({len(x) for x in parts}) == 1:
        differ = [i for i in range(len(parts[0])) if len({x[i] for x in parts}) > 1]
        if len(differ) == 1:
            i = differ[0]
            return "-".join([*parts[0][:i], "{" + ",".join(x[i] for x in parts) + "}",
                             *parts[0][i + 1:]])
    text = ", ".join(names)
    return text if len(text) <= 20 else f"{len(names)} {core.family.upper()} ciphers"


def _entry(core) -> dict:
    """Everything the table shows of ``core``, for --json."""
    from ..datasheets import sheet
    from ..distribution.fusesoc import vlnv
    from ..paths import ROOT

    stream = core.kind in cores.STREAM_KINDS
    p = core.params()
    # a bus wrapper: no stream figures, its rst held as long as the core's (docs/bus.md)
    reset = core.reset_figures() if stream else {"reset_cycles": p["RESET_CYCLES"]}
    page = sheet(core)
    return {
        "name": core.name, "kind": core.kind, "top": core.top,
        "base": getattr(core, "base", "") or None, "summary": core.summary,
        "ciphers": _ciphers(core), "params": p,
        "choices": {k: list(v) for k, v in core.choices.items()},
        "cycles": [{"ciphers": list(names), **figs} for names, figs in core.cycle_table()]
        if stream else [],
        "reset_cycles": reset.get("reset_cycles"),
        "ready_after_reset": reset.get("ready_after_reset"),
        "default_for": list(getattr(core, "default_for", ())),
        "fmax_mhz": _fmax(core),
        # the record measured older RTL or tools (docs/results.md, "stale rows")
        "fmax_stale": bool((_measured(core) or {}).get("stale")),
        "fusesoc": vlnv("cores", core.top),
        "datasheet": page.relative_to(ROOT).as_posix() if page.is_file() else None,
    }


def _compact(listed: list) -> list[tuple[str, ...]]:
    rows = [("core", "ciphers", "cycles for", "latency", "interval", "key setup",
             "rst/ready")]
    for core in listed:
        if core.kind not in cores.STREAM_KINDS:
            rows.append((core.name, short_ciphers(core), "-", "-", "-", "-", "-"))
            continue
        reset = core.reset_figures()
        every = _ciphers(core)
        for i, (names, figs) in enumerate(core.cycle_table()):
            first = i == 0
            rows.append((core.name if first else "", short_ciphers(core) if first else "",
                         "all" if sorted(names) == every else ", ".join(names),
                         str(figs["latency"]), str(figs["interval"]),
                         f"{figs['key_setup']:,}",
                         f"{reset['reset_cycles']} / {reset['ready_after_reset']:,}"
                         if first else ""))
    return rows


def _wide(listed: list) -> list[tuple[str, ...]]:
    from ..datasheets import time_at

    rows = [("core", "kind", "ciphers (default params / test sets)", "cycles for", "latency",
             "interval", "key setup", "key setup time", "reset", "ready after reset",
             "default for")]
    for core in listed:
        ciphers = ", ".join(_ciphers(core))
        if core.kind not in cores.STREAM_KINDS:
            rows.append((core.name, core.kind, ciphers, *["-"] * 8))
            continue
        rec = _measured(core)
        fmax = rec["fmax_mhz"] if rec else None
        mark = STALE_MARK if rec and rec.get("stale") else ""
        # one line per cipher of the default parameters whose figures differ (aes_iter: the
        # rounds follow the key length loaded)
        reset = core.reset_figures()
        for i, (names, figs) in enumerate(core.cycle_table()):
            first = i == 0
            rows.append((core.name if first else "", core.kind if first else "",
                         ciphers if first else "", ", ".join(names), str(figs["latency"]),
                         str(figs["interval"]), str(figs["key_setup"]),
                         time_at(figs["key_setup"], fmax) + mark if fmax else "-",
                         str(reset["reset_cycles"]) if first else "",
                         str(reset["ready_after_reset"]) if first else "",
                         ", ".join(core.default_for) if first else ""))
    return rows


def _notes(args: argparse.Namespace) -> list[str]:
    from ..cores.buscore import BUSES

    n_mode, n_bus = (len(cores.every((k,))) for k in ("mode", "bus"))
    figures = ("Cycle figures are for the default parameters and the cipher named (\"cycles "
               "for\"; \"all\": the same for each); \"rst/ready\": the cycles rst must "
               "stay high, then the most cycles "
               "after it falls before the core takes a key; a bus wrapper has no stream "
               "figures (docs/bus.md). See docs/interface.md (\"Cycle figures\").")
    if args.wide:
        figures = figures.replace("\"rst/ready\"", "\"reset\", \"ready after reset\"")
        figures += (" \"key setup time\": the key set-up at the measured Fmax of the default "
                    f"parameters (ECP5 speed 8, docs/results.md; - if not measured; "
                    f"{STALE_MARK} where the record is stale: measured with older RTL or "
                    "tools, `ciphercores results --stale` lists them).")
    also = (f"Also by name, around these cores: MODE(CORE) with MODE in "
            f"{', '.join(cores.HW_MODES)} around each one-block core ({n_mode} mode cores), "
            f"and BUS(CORE) with BUS in {', '.join(BUSES)} around those and their mode cores "
            f"({n_bus} bus wrappers)")
    also += ": listed above." if args.all else "; --all lists them."
    options = ("--wide shows every column (the key set-up time at the measured Fmax, the "
               "default core of each cipher); --json gives the same for a program.")
    return [line for text in (figures, also, options) for line in textwrap.wrap(text, COLUMNS)]


def run(args: argparse.Namespace) -> int:
    listed = cores.every(tuple(cores.KINDS) if args.all else cores.LISTED_KINDS)
    if args.json:
        print(json.dumps([_entry(c) for c in listed], indent=1))
        return 0
    print_table(_wide(listed) if args.wide else _compact(listed))
    print()
    print("\n".join(_notes(args)))
    return 0


def add(sub) -> None:
    p = sub.add_parser("cores", help="list the cores of the registry",
                       description="The block cores and the GCM cores, their ciphers and "
                                   "cycle figures, in 100 columns.")
    p.add_argument("--all", action="store_true",
                   help="also every composition named by pattern: the mode cores MODE(CORE) "
                        "and the bus wrappers BUS(CORE)")
    view = p.add_mutually_exclusive_group()
    view.add_argument("--wide", action="store_true",
                      help="every column: key set-up time at the measured Fmax, the reset "
                           "figures apart, the default core of each cipher")
    view.add_argument("--json", action="store_true",
                      help="the cores as JSON: kind, top, parameters, cycle figures, Fmax "
                           "(fmax_stale: measured with older RTL or tools), FuseSoC name, "
                           "datasheet")
    p.set_defaults(func=run)
