# SPDX-License-Identifier: Apache-2.0
"""One measurement -> one record: a registered core with its parameters, and the harness
alone, synthesised and placed and routed on a target (``measure``), or its record read
without running a tool, from the cache or the archive (``recorded``).

The parts, each a module of its own: what is measured (``design``), the tool steps
(``steps``, run by ``runner``), the cache of their results (``cache``) and the archive of
records in the repository with their inputs digests (``measurements``).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from .. import cores
from ..cores import Core
from ..errors import NotCached, ToolNotFound
from . import cache, limits, measurements, reports, runner, steps
from .design import (
    BLOCK,
    Design,
    Harness,
    Widths,
    harness_of,
    widths_of,
)
from .targets import RESOURCES, Target

#: the project's Fmax policy: median of these placer seeds, spread beside it
DEFAULT_SEEDS = (1, 2, 3)


def _fmax_summary(pnrs: list[dict]) -> dict:
    f = [p["timing"]["fmax_mhz"] for p in pnrs]
    med = statistics.median(f)
    # the critical path of the seed closest to the median
    rep = min(pnrs, key=lambda p: abs(p["timing"]["fmax_mhz"] - med))["timing"]
    return {"fmax_mhz": round(med, 2), "fmax_min_mhz": round(min(f), 2),
            "fmax_max_mhz": round(max(f), 2),
            "fmax_by_seed": {str(p["key"]["seed"]): round(p["timing"]["fmax_mhz"], 2)
                             for p in pnrs},
            "constraint_mhz": rep["constraint_mhz"],
            "critical_path": {"from": rep["from"], "to": rep["to"]},
            "slow_paths": _median_slow_paths(pnrs, med)}


def _median_slow_paths(pnrs: list[dict], med: float) -> dict | None:
    """The groups of near-critical paths of the seed closest to the median among those that
    have them (runs cached before the analysis existed have none), with that seed."""
    have = [p for p in pnrs if p.get("slow_paths")]
    if not have:
        return None
    p = min(have, key=lambda p: abs(p["timing"]["fmax_mhz"] - med))
    return {**p["slow_paths"], "seed": p["key"]["seed"]}


def _measure_design(design: Design | None, widths: Widths, target: Target, grade: str | None,
                    seeds: tuple[int, ...], force: bool, cache_only: bool,
                    harness: Harness = BLOCK, router: str = "router1",
                    limit_s: float = runner.PNR_LIMIT_S) -> dict:
    sdir, smeta, scached = steps.synthesize(design, widths, target, force, cache_only, harness)
    area = reports.classify(target, smeta["cells"])
    out = {"area": area, "cells": smeta["cells"], "mapper": smeta["mapper"],
           "mapper_note": smeta.get("mapper_note"), "wall_s": smeta["wall_s"],
           "synth_s": smeta["wall_s"], "pnr_s": 0.0,
           # where the synthesis went, pass by pass (entries cached before it was kept: none)
           **({"synth_passes": smeta["passes"]} if smeta.get("passes") else {}),
           "cached": scached, "date": smeta["date"], "commit": smeta.get("commit"),
           "commands": [smeta["script"].strip()],
           "status": "ok", "error": None, "outregs": smeta.get("outregs"),
           "bram_write_modes": smeta.get("bram_write_modes")}
    # a design the part obviously cannot hold is not placed: what it needs against what the
    # part has, from the synthesis cell counts (``Target.fit``)
    over = target.does_not_fit(grade, area) if target.pnr and seeds else None
    if over:
        out.update(status="does not fit", error=f"does not fit: {over} (synthesis cells)")
    elif target.pnr and seeds:
        pnrs = [steps.place_route(sdir, smeta, target, grade, s, force, cache_only, router,
                                  limit_s) for s in seeds]
        out["pnr_s"] = round(sum(p["wall_s"] for p in pnrs), 2)
        # each seed's time, and nextpnr's own split into placement and routing (runs cached
        # before the split was kept have only the wall time)
        out["pnr_by_seed"] = {str(p["key"]["seed"]): {
            "wall_s": p["wall_s"], **({"cpu_s": p["cpu_s"]} if "cpu_s" in p else {}),
            **p.get("phases", {})} for p in pnrs}
        out["wall_s"] = round(out["wall_s"] + out["pnr_s"], 2)
        out["cached"] = scached and all(p["cached"] for p in pnrs)
        out["date"] = max([smeta["date"], *(p["date"] for p in pnrs)])
        # the commit of the newest step (steps cached before commits were kept have none)
        out["commit"] = max([smeta, *pnrs], key=lambda m: m["date"]).get("commit")
        out["commands"].append(pnrs[0]["command"].replace(f"--seed {seeds[0]}",
                                                          "--seed SEED"))
        nofit = [p for p in pnrs if p["status"] != "ok"]
        if nofit:
            out.update(status="does not fit", error=nofit[0]["error"])
        else:
            out.update(_fmax_summary(pnrs))
            out["pnr_util"] = next((p["util"] for p in pnrs if p["util"]), {})
            # seeds whose nextpnr crashed after its final timing report (their Fmax read from
            # its log: ``reports.timing_from_log``)
            crashed = {str(p["key"]["seed"]): p["crashed_after_routing"] for p in pnrs
                       if p.get("crashed_after_routing")}
            if crashed:
                out["pnr_crashed_after_routing"] = crashed
    return out


def measure(core: Core, params: dict[str, int] | None = None, target: str | Target = "ecp5",
            grade: str | None = None, seeds: tuple[int, ...] = DEFAULT_SEEDS,
            force: bool = False, cache_only: bool = False, router: str = "router1",
            limit_s: float = runner.PNR_LIMIT_S) -> dict:
    """Measure ``core`` with ``params`` inside the harness on ``target``; return the record
    (see ``ciphercores synth --json``). No ``seeds``: synthesis only, even on a target with
    place-and-route. ``cache_only``: raise NotCached rather than run a tool. Raises FlowError
    for a tool error; a design that does not fit comes back with status "does not fit".
    ``router``: nextpnr's router (router2 only for exploration: its records have their own
    digest and never enter the archive's records); ``limit_s``: each seed's wall-time limit
    (PnrStopped past it, or when the router stops converging)."""
    t0 = time.monotonic()
    # the same set-up as the archive's look-ups (``identity``): a record and its digest agree
    tgt, p, grade, seeds = measurements.identity(core, params, target, grade, seeds)
    if grade is not None:
        tgt.grade_args(grade)
    try:  # the registry's view of the set first: a set it cannot describe is refused here
        model = {"ciphers": list(core.ciphers(p)), "block_bits": core.block_bits(p),
                 "latency": core.latency(p), "interval": core.interval(p),
                 "key_setup": core.key_setup(p)}
    except Exception as e:
        raise cores.BadParameterError(
            f"{core.name} {p}: not a parameter set of this core "
            f"({type(e).__name__}: {e})") from None
    widths = widths_of(core, p, force, cache_only)
    lanes = widths.data_bits // model["block_bits"]
    rec: dict = {
        "schema": measurements.SCHEMA, "core": core.name, "params": p,
        "ciphers": model["ciphers"],
        "target": tgt.name, "device": tgt.device, "grade": grade, "seeds": list(seeds),
        "timing": bool(tgt.pnr and seeds), "note": tgt.note,
        "block_bits": model["block_bits"], "lanes": lanes,
        "data_bits": widths.data_bits, "key_bits": widths.key_bits,
        "tlen_bits": widths.tlen_bits,
        "latency": model["latency"], "interval": model["interval"],
        "key_setup": model["key_setup"],
        "tools": cache.tool_versions(tgt),
    }
    if router != "router1" and rec["timing"]:
        rec["router"] = router
    hns = harness_of(core)
    design = _measure_design(Design.of(core, p), widths, tgt, grade, seeds, force, cache_only,
                             hns, router, limit_s)
    harness = _measure_design(None, widths, tgt, grade, seeds, force, cache_only, hns, router,
                              limit_s)
    rec.update({k: design.get(k) for k in (
        "status", "error", "area", "cells", "mapper", "mapper_note", "fmax_mhz", "fmax_min_mhz",
        "fmax_max_mhz", "fmax_by_seed", "constraint_mhz", "critical_path", "slow_paths",
        "pnr_util", "pnr_by_seed", "outregs", "bram_write_modes")})
    if design.get("synth_passes"):
        rec["synth_passes"] = design["synth_passes"]
    if design.get("pnr_crashed_after_routing"):
        rec["pnr_crashed_after_routing"] = design["pnr_crashed_after_routing"]
    rec["harness"] = {k: harness.get(k) for k in ("status", "area", "fmax_mhz", "fmax_min_mhz",
                                                  "fmax_max_mhz")}
    rec["core_area"] = {r: _sub(design["area"].get(r, 0), harness["area"].get(r, 0))
                        for r in RESOURCES}
    limits.apply(rec)
    _throughput(rec)
    rec["inputs"] = measurements.inputs_digest(core, p, tgt, grade, seeds, router=router)
    rec["wall_s"] = round(design["wall_s"] + harness["wall_s"], 2)
    # the tools' time apart: synthesis, place-and-route (all seeds), core and harness
    rec["synth_s"] = round(design["synth_s"] + harness["synth_s"], 2)
    rec["pnr_s"] = round(design["pnr_s"] + harness["pnr_s"], 2)
    rec["elapsed_s"] = round(time.monotonic() - t0, 2)
    rec["cached"] = design["cached"] and harness["cached"]
    rec["date"] = max(design["date"], harness["date"])
    rec["commit"] = max(design, harness, key=lambda d: d["date"])["commit"]
    rec["commands"] = design["commands"]
    return rec


def _throughput(rec: dict) -> dict:
    """Fill ``gbps`` and ``gbps_per_klut`` from Fmax, block bits, lanes and interval."""
    fmax = rec.get("fmax_mhz")
    if fmax and rec["status"] == "ok":
        rec["gbps"] = round(cores.gbps(rec["block_bits"] * rec["lanes"], fmax, rec["interval"]),
                            4)
        luts = rec["core_area"]["lut"]
        rec["gbps_per_klut"] = round(rec["gbps"] / luts * 1000, 4) if luts > 0 else None
    else:
        rec["gbps"] = rec["gbps_per_klut"] = None
    return rec


def recorded(core: Core, params: dict[str, int] | None = None,
             target: str | Target = "ecp5", grade: str | None = None,
             seeds: tuple[int, ...] = DEFAULT_SEEDS, archive: Path | None = None,
             stale: bool = False) -> dict:
    """The record of a measurement without running any tool: from the cache, else from the
    archive if it holds one for the same inputs (the cycle model and throughput are taken
    from the registry as it is now). ``stale``: else the archive's newest record of the same
    core, parameters, target, grade and seeds measured with older inputs (RTL, tools), with
    ``stale`` True; such a record is never to be shown as current. Raises NotCached when
    none of these has it."""
    tgt, p, grade, seeds = measurements.identity(core, params, target, grade, seeds)
    digest = measurements.inputs_digest(core, p, tgt, grade, seeds)
    kept = measurements.read_archive(archive)
    try:
        rec = measure(core, p, tgt.name, grade, seeds=seeds, cache_only=True)
    except (NotCached, ToolNotFound):  # a tool not installed here (an install extra's) has
        rec = None                     # no cache to read: the archive's record, if any
    if rec is not None:  # steps cached before commits were kept: the archive's
        if not rec.get("commit") and digest in kept:
            rec["commit"] = kept[digest].get("commit")
        return rec
    old = kept.get(digest)
    if old is None and stale:
        old = measurements.stale_record(kept, {"core": core.name, "params": p,
                                               "target": tgt.name, "grade": grade,
                                               "seeds": list(seeds)}, digest)
    if old is None:
        raise NotCached(f"{core.name} {p} on {tgt.name}: neither in the cache nor in "
                        f"{measurements.ARCHIVE.name}")
    rec = {**old, "params": p, "ciphers": list(core.ciphers(p)), "block_bits": core.block_bits(p),
           "latency": core.latency(p), "interval": core.interval(p),
           "key_setup": core.key_setup(p), "cached": True, "archived": True,
           "stale": old["inputs"] != digest}
    return _throughput(limits.apply(rec))


def _sub(a: float, b: float) -> float:
    d = a - b
    return int(d) if float(d).is_integer() else round(d, 2)
