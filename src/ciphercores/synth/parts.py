# SPDX-License-Identifier: Apache-2.0
"""Area by part: one Yosys run of a core in its harness with the parts its registry entry names
(``Core.parts``: label -> RTL module) kept as modules, so that each part's cells are counted
apart (``ciphercores synth CORE --parts``, docs/results.md "Area by part").

Yosys's ``keep_hierarchy`` stops the flattening at those modules; everything inside a kept
module that is not itself kept is flattened into it, and the rest of the design (the core's
top, the harness) into the top. No optimisation crosses a kept module's ports, so the parts
add up to a little more than the flat design of ``ciphercores synth``: the figures compare
parts with one another, and the whole is the flat record's. Synthesis only; cached like the
other steps, kept in the archive (docs/measurements.json, section ``parts``) beside the
records.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import tools
from ..cores import Core
from ..errors import FlowError, NotCached
from . import cache, measurements, reports, runner, steps
from .design import Design, copy_sources, harness_of, widths_of
from .targets import RESOURCES, Target

#: the label of what is left outside the parts (the core's own top, the harness)
REST = "the rest (core top and harness)"


def _base_name(module: str) -> str:
    """A module's name in Yosys's statistics -> its RTL name: ``\\ghash_ds``,
    ``$paramod\\ghash_ds\\DIGIT=...`` and ``$paramod$<hash>\\ghash_ds`` -> ``ghash_ds``."""
    names = [s for s in module.split("\\") if s]
    return names[1] if names[0].startswith("$paramod") and len(names) > 1 else names[0]


def keep_patterns(modules: list[str]) -> str:
    """Yosys selection patterns for ``modules`` as ``hierarchy`` leaves them: plain, or
    derived for a parameter set (``$paramod\\NAME\\P=V...``, ``$paramod$HASH\\NAME``)."""
    return " ".join(f"{m} $paramod\\{m}\\* $paramod$*\\{m}" for m in modules)


def split_stat(stat: dict, top: str, parts: dict[str, str]) -> dict[str, dict[str, int]]:
    """Cells by type of each part (label -> {cell type: count}) and of the rest (``REST``), from
    Yosys's ``stat -json`` of a design whose parts' modules were kept: each module's own cells
    times the number of its instances under ``top``. A part module instantiated nowhere is an
    error (a wrong name in the registry would otherwise report an empty part)."""
    mods = {m.lstrip("\\"): v["num_cells_by_type"] for m, v in stat["modules"].items()}
    if top not in mods:
        raise FlowError(f"area by part: top {top} not in Yosys's statistics")
    count: dict[str, int] = {top: 1}
    order = [top]
    for m in order:  # breadth first from the top (hierarchy is a tree of derived modules)
        for cell, n in mods[m].items():
            cell = cell.lstrip("\\")
            if cell in mods:
                if cell not in count:
                    order.append(cell)
                count[cell] = count.get(cell, 0) + count[m] * int(n)
    label_of = {mod: label for label, mod in parts.items()}
    out: dict[str, dict[str, int]] = {label: {} for label in (*parts, REST)}
    for m, k in count.items():
        label = label_of.get(_base_name(m), REST)
        for cell, n in mods[m].items():
            if cell.lstrip("\\") not in mods:
                out[label][cell] = out[label].get(cell, 0) + k * int(n)
    missing = [f"{label} ({mod})" for label, mod in parts.items()
               if not any(_base_name(m) == mod for m in count)]
    if missing:
        raise FlowError(f"area by part: no instance of {', '.join(missing)} in the design")
    return out


def inputs_digest(core: Core, params: dict[str, int], target: str | Target) -> str:
    """The digest of a parts record: the flat synthesis record's inputs and the parts. The
    write-mode netlist step changes no cell, and a parts synthesis runs no netlist step: its
    entry is left out, so that it does not re-key the parts records."""
    p = core.params(params)
    return cache.digest({"parts": dict(core.parts(p)),
                         "of": measurements.inputs_digest(core, p, target, None, (),
                                                          without=("netlist_writemode",))})


def measure(core: Core, params: dict[str, int] | None = None, target: str | Target = "ecp5",
            force: bool = False, cache_only: bool = False) -> dict:
    """The parts record of ``core`` with ``params`` on ``target`` (synthesis only)."""
    from .targets import get as get_target

    tgt = target if isinstance(target, Target) else get_target(target)
    p = core.params(params)
    parts = dict(core.parts(p))
    if not parts:
        raise FlowError(f"{core.name} names no parts to measure apart (registry: parts)")
    widths = widths_of(core, p, force, cache_only)
    hns = harness_of(core)
    # the flat synthesis's files, header and key (``steps.synth_key``), with the parts
    files, defs, key = steps.synth_key(Design.of(core, p), widths, tgt, hns)
    key["parts"] = parts

    def run(work: Path) -> dict:
        rels = copy_sources(work, files)
        (work / "defs.v").write_text(defs)
        text = steps.yosys_script(hns.top, key["harness"], rels, tgt.synth,
                                  keep=keep_patterns(sorted(set(parts.values()))))
        (work / "synth.ys").write_text(text)
        rc, log, wall = runner.run_tool([tools.find("yosys"), "-q", "-l", "synth.log", "-s",
                                         "synth.ys"], work, "synth.log")
        if rc != 0 or not (work / "stat.json").exists():
            raise FlowError(f"yosys ({tgt.name}, by part): {reports.yosys_failure(log)}")
        cells = split_stat(json.loads((work / "stat.json").read_text()), hns.top, parts)
        (work / "netlist.json").unlink(missing_ok=True)  # only the counts are kept
        return {"cells": cells, "wall_s": round(wall, 2), "script": text}

    _, meta, cached = cache.cached_step("parts", key, run, force, cache_only)
    areas = {label: reports.classify(tgt, c) for label, c in meta["cells"].items()}
    total = {r: sum(a.get(r, 0) for a in areas.values()) for r in RESOURCES}
    return {"schema": measurements.SCHEMA, "kind": "parts", "core": core.name, "params": p,
            "target": tgt.name, "device": tgt.device, "parts": parts, "area": areas,
            "total": total, "cells": meta["cells"], "tools": cache.tool_versions(tgt),
            "date": meta["date"], "commit": meta.get("commit"), "wall_s": meta["wall_s"],
            "synth_s": meta["wall_s"], "cached": cached,
            "commands": [meta["script"].strip()],
            "inputs": inputs_digest(core, p, tgt)}


def recorded(core: Core, params: dict[str, int] | None = None, target: str = "ecp5",
             archive: Path | None = None, stale: bool = False) -> dict:
    """The parts record without running a tool: from the cache, else from the archive's
    ``parts`` section; ``stale``: else its newest record of the same core, parameters and
    target measured with older inputs, with ``stale`` True (``flow.recorded``). Raises
    NotCached when none of these has it."""
    p = core.params(params)
    digest = inputs_digest(core, p, target)
    kept = measurements.read_archive(archive, "parts")
    try:
        rec = measure(core, p, target, cache_only=True)
    except NotCached:
        rec = None
    if rec is not None:
        if not rec.get("commit") and digest in kept:
            rec["commit"] = kept[digest].get("commit")
        return rec
    old = kept.get(digest)
    if old is None and stale:
        old = measurements.stale_record(kept, {"core": core.name, "params": p,
                                               "target": getattr(target, "name", target)},
                                        digest)
    if old is None:
        raise NotCached(f"{core.name} {p} by part on {target}: neither in the cache nor in "
                        f"{measurements.ARCHIVE.name}")
    return {**old, "params": p, "cached": True, "archived": True,
            "stale": old["inputs"] != digest}


def rows(rec: dict) -> list[tuple[str, str, dict, float | None]]:
    """The rows a table of ``rec`` shows: (label, module, area, LUT share) for each part, then
    the rest and the sum (no module, no share)."""
    out = [(label, mod, rec["area"][label], share(rec, label))
           for label, mod in rec["parts"].items()]
    return out + [(REST, "", rec["area"][REST], None), ("sum", "", rec["total"], None)]


def share(rec: dict, label: str, resource: str = "lut") -> float | None:
    """``label``'s ``resource`` as a fraction of the first part's (the one the others are
    compared with: a GCM core's AES core)."""
    first = next(iter(rec["parts"]))
    base = rec["area"][first].get(resource, 0)
    return rec["area"][label].get(resource, 0) / base if base else None
