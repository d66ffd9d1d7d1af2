# SPDX-License-Identifier: Apache-2.0
"""The archive's scope: which measurements docs/measurements.json keeps and the re-measure
queue (``ciphercores synth --stale``) brings current, and what re-measuring them costs.

- every core's default parameters on ECP5 at speeds 8 and 6, placer seeds 1, 2, 3;
- every registered test set on ECP5 at speed 8, seeds 1, 2, 3;
- xc7 and iCE40 (synthesis only) for the sets the pages show, and the synthesis-only sweeps;
- every core's defaults on the parts of the by-board table (``results.BOARD_CONFIGS``: iCE40,
  Gowin, Nexus, GateMate), seeds 1, 2, 3;
- sweep points on ECP5 at speed 8 with seed 1 only (a point measured with more keeps them).

A record of older RTL or tools (``flow.recorded(..., stale=True)``) stays on the pages,
marked, while its measurement is in the scope; the other sets at speed 6 are no longer
re-measured and leave the pages once stale. Times are the archived tool times (``wall_s``,
with ``synth_s`` and ``pnr_s`` apart in records that have them).
"""

from __future__ import annotations

import json

from .. import cores
from . import flow

#: the seeds a sweep point is re-measured with
SWEEP_SEEDS = (1,)


def sets(core: cores.Core) -> list[dict[str, int]]:
    """The parameter sets the pages show of ``core``: its test sets and its defaults."""
    out = []
    for ps in (*core.test_sets, core.defaults):
        p = core.params(ps)
        if p not in out:
            out.append(p)
    return out


def _core(name: str) -> cores.Core | None:
    try:
        return cores.get(name)
    except Exception:  # a core no longer registered
        return None


def keeps_stale(core: cores.Core, params: dict, target: str, grade: str | None) -> bool:
    """Whether a stale record of this measurement stays on the pages (marked) until the
    queue re-measures it: all but the non-default sets at ECP5 speed 6."""
    return not (target == "ecp5" and grade == "6" and core.params(params) != core.params())


def is_sweep_point(core: cores.Core, params: dict, target: str, grade: str | None) -> bool:
    """A timed ECP5 measurement of a set that is neither a test set nor the defaults."""
    return target == "ecp5" and grade is not None and core.params(params) not in sets(core)


def seed_s(rec: dict) -> tuple[float, float]:
    """(synthesis seconds, place-and-route seconds per seed) of ``rec``'s measurement.
    Records from before the two were kept apart count their whole time as place-and-route
    shared out over their seeds (all as synthesis without seeds)."""
    n = len(rec.get("seeds") or ())
    wall = float(rec.get("wall_s") or 0.0)
    if rec.get("synth_s") is not None and rec.get("pnr_s") is not None:
        return float(rec["synth_s"]), float(rec["pnr_s"]) / n if n else 0.0
    return (0.0, wall / n) if n else (wall, 0.0)


def tool_s(rec: dict, seeds: tuple[int, ...] | None = None) -> float:
    """Estimated tool seconds to measure ``rec``'s core, set and target with ``seeds``
    (default: the record's own)."""
    synth, per_seed = seed_s(rec)
    n = len(rec.get("seeds") or ()) if seeds is None else len(seeds)
    return synth + per_seed * n


def remeasure_seeds(rec: dict) -> tuple[int, ...]:
    """The seeds the queue measures ``rec``'s measurement with: a sweep point's seed 1, else
    the record's own seeds."""
    core = _core(rec["core"])
    seeds = tuple(rec.get("seeds") or ())
    if seeds and core is not None and is_sweep_point(core, rec["params"], rec["target"],
                                                     rec.get("grade")):
        return SWEEP_SEEDS
    return seeds


def rebuild_hours(records: list[dict], by_part: list[dict] = ()) -> tuple[float, float]:
    """(before, after) hours of tool time to measure again every measurement of ``records``
    (the measurement records the pages show) and ``by_part``, from their archived times:
    before, in the scope of earlier runs (every set at speeds 8 and 6 and every sweep point
    with seeds 1, 2, 3); after, in this module's scope."""
    seen: set[tuple] = set()
    before = after = sum(float(r.get("wall_s") or 0.0) for r in by_part)
    for r in records:
        key = (r["core"], json.dumps(r["params"], sort_keys=True), r["target"], r.get("grade"))
        if key in seen:
            continue
        seen.add(key)
        timed = bool(r.get("seeds"))
        before += tool_s(r, flow.DEFAULT_SEEDS if timed else ())
        core = _core(r["core"])
        if core is None or not keeps_stale(core, r["params"], r["target"], r.get("grade")):
            continue
        after += tool_s(r, remeasure_seeds(r))
    return before / 3600, after / 3600
