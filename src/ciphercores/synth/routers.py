# SPDX-License-Identifier: Apache-2.0
"""Router1 against router2: nextpnr-ecp5's two routers on the five pipelined cores, to decide
which one measures the archive.

nextpnr-ecp5 0.11 offers ``--router router2`` beside its default router1. The comparison runs
each core at its archived set (ECP5 speed 8) with router2 on seeds 1, 2, 3 and with router1 on
seed 1 again, for the wall time and nextpnr's own split of it into placement and routing
(router1's Fmax of all three seeds is the archive's). A seed is one place-and-route of the
same netlist: both routers start from the same placement. The runs' records are kept in the
archive's ``routers`` section, apart from its ``records``: they are never shown as the pages'
figures, only in this comparison (docs/results.md, "Router1 against router2").

The rule: the archive moves to router2 only if router2's median Fmax is within ``WITHIN`` of
router1's, or inside router1's seed range, on every core, and its wall time is at most
1 / ``SPEEDUP`` of router1's on the two largest; otherwise router1 stays and router2 is for
exploration only (``ciphercores synth --router router2``).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from pathlib import Path

from .. import cores
from ..errors import PnrStopped
from . import cache, flow, measurements

#: (core, parameters) compared, smallest first; the last two are the largest designs
SETS: tuple[tuple[str, dict[str, int]], ...] = (
    ("des_pipe", {}),
    ("tdes_pipe", {}),
    ("bf_pipe", {}),
    ("speck_pipe", {"WORD": 64, "KEY_WORDS": 2, "STAGES": 32, "SUBREG": 3}),
    ("aes_pipe", {}),
)
TARGET, GRADE = "ecp5", "8"
SEEDS = (1, 2, 3)
#: router2's median Fmax may be this much below router1's (or inside router1's seed range)
WITHIN = 0.03
#: ... and must route the largest designs at least this many times faster
SPEEDUP = 2.0
#: the runs of one core, in order: router1's seed 1 again (its time), router2's three seeds
RUNS = (("router1", 1), *(("router2", s) for s in SEEDS))
SECTION = "routers"


def _digest(core: cores.Core, params: dict[str, int], router: str, seed: int) -> str:
    return measurements.inputs_digest(core, core.params(params), TARGET, GRADE, (seed,),
                                      router=router)


def _stopped(core: cores.Core, params: dict[str, int], router: str, seed: int,
             error: str) -> dict:
    return {"core": core.name, "params": core.params(params), "target": TARGET,
            "grade": GRADE, "seeds": [seed], "router": router, "status": "stopped",
            "error": error, "inputs": _digest(core, params, router, seed),
            "date": cache.now(),
            "commit": cache.checkout_commit()}


def save(recs: list[dict], path: Path | None = None) -> None:
    """Put ``recs`` into the archive's ``routers`` section (replacing records of the same
    inputs), leaving its other sections as they are."""
    path = path or measurements.ARCHIVE
    data = json.loads(path.read_text()) if path.exists() else {"schema": measurements.SCHEMA}
    keep = data.setdefault(SECTION, {})
    for r in recs:
        keep[r["inputs"]] = {k: v for k, v in r.items()
                             if k not in ("cached", "elapsed_s", "archived", "stale")}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def run(log: Callable[[str], None] = print, path: Path | None = None) -> list[dict]:
    """Every run of the comparison not yet archived for today's inputs, one seed at a time,
    each saved as it completes (a seed that passes its wall-time limit or stops converging
    is saved as stopped): seed 1 of both routers on every core first (the time comparison),
    then router2's other seeds."""
    kept = measurements.read_archive(path, SECTION)
    done = []
    first = [(n, p, run) for n, p in SETS for run in RUNS if run[1] == 1]
    rest = [(n, p, run) for n, p in SETS for run in RUNS if run[1] != 1]
    for name, params, (router, seed) in first + rest:
        core = cores.get(name)
        if _digest(core, params, router, seed) in kept:
            continue
        log(f"{name} {router} seed {seed} ...")
        try:
            rec = flow.measure(core, params, TARGET, GRADE, seeds=(seed,), router=router)
        except PnrStopped as e:
            rec = _stopped(core, params, router, seed, str(e))
        save([rec], path)
        done.append(rec)
        log(f"  {rec.get('status')}: {rec.get('fmax_mhz') or rec.get('error')}")
    return done


def _find(section: dict[str, dict], core: cores.Core, params: dict[str, int], router: str,
          seed: int) -> dict | None:
    """The archived run for today's inputs, else the newest of older inputs marked stale."""
    digest = _digest(core, params, router, seed)
    if digest in section:
        return {**section[digest], "stale": False}
    old = measurements.stale_record(section, {"core": core.name, "params": core.params(params),
                                              "seeds": [seed], "router": None
                                              if router == "router1" else router}, digest)
    return {**old, "stale": True} if old else None


def rows(path: Path | None = None) -> list[dict]:
    """One row per compared core: router1's archived Fmax (seeds 1, 2, 3), router2's runs,
    both routers' seed-1 times, and whether the row passes the rule's Fmax test."""
    section = measurements.read_archive(path, SECTION)
    out = []
    for name, params in SETS:
        core = cores.get(name)
        try:
            r1 = flow.recorded(core, params, TARGET, GRADE, SEEDS, path, stale=True)
        except flow.NotCached:
            r1 = None
        runs = {(router, seed): _find(section, core, params, router, seed)
                for router, seed in RUNS}
        r2 = [runs["router2", s] for s in SEEDS]
        ok2 = [r for r in r2 if r and r.get("status") == "ok"]
        row = {"core": name, "params": core.params(params), "router1": r1, "runs": runs,
               "complete": r1 is not None and all(runs.values()),
               "stale": bool(r1 and r1.get("stale")) or any(r and r["stale"]
                                                           for r in runs.values())}
        if len(ok2) == len(SEEDS):
            row["r2_fmax"] = statistics.median(r["fmax_mhz"] for r in ok2)
            row["r2_min"] = min(r["fmax_mhz"] for r in ok2)
            row["r2_max"] = max(r["fmax_mhz"] for r in ok2)
        if r1 is not None and "r2_fmax" in row:
            lo, hi, med = r1["fmax_min_mhz"], r1["fmax_max_mhz"], r1["fmax_mhz"]
            row["fmax_ok"] = (row["r2_fmax"] >= (1 - WITHIN) * med
                              or lo <= row["r2_fmax"] <= hi)
        elif all(runs["router2", s] for s in SEEDS):
            row["fmax_ok"] = False  # a router2 seed that did not finish fails the rule
        s1 = [runs[r, 1] for r in ("router1", "router2")]
        if all(r and r.get("status") == "ok" for r in s1):
            # CPU seconds where both runs have them: the runs share the machine with other
            # work, which stretches wall time but not CPU time
            t = [r["pnr_by_seed"]["1"] for r in s1]
            unit = "cpu_s" if all("cpu_s" in x for x in t) else "wall_s"
            row["wall_s"] = tuple(x[unit] for x in t)
        out.append(row)
    return out


def verdict(rs: list[dict]) -> str | None:
    """"router2" or "router1" once the rows decide it (a failed row decides for router1
    before the others are measured); None while undecided."""
    if any(r.get("fmax_ok") is False for r in rs):
        return "router1"
    largest = rs[-2:]
    if any("wall_s" in r and r["wall_s"][1] * SPEEDUP > r["wall_s"][0] for r in largest):
        return "router1"
    if all(r["complete"] and r.get("fmax_ok") for r in rs) and all("wall_s" in r
                                                                   for r in largest):
        return "router2"
    return None


def _mhz(r: dict | None) -> str:
    if r is None:
        return "not measured"
    if r.get("status") != "ok":
        return f"{r.get('status')}: {r.get('error')}"
    return f"{r['fmax_mhz']:.1f}"


def _time(r: dict | None) -> str:
    """A seed's place-and-route seconds: wall, CPU, and nextpnr's placement / routing."""
    if r is None or r.get("status") != "ok":
        return "–"
    s = r["pnr_by_seed"]["1"]
    cpu = f", CPU {s['cpu_s']:.0f}" if "cpu_s" in s else ""
    split = (f"; place {s['place_s']:.0f}, route {s['route_s']:.0f}"
             if "place_s" in s and "route_s" in s else "")
    return f"{s['wall_s']:.0f}{cpu}{split}"


def table(path: Path | None = None, mark: Callable[[str, dict | None], str] | None = None
          ) -> list[str]:
    """The comparison's section of docs/results.md; ``mark`` marks a figure of a stale
    record."""
    mark = mark or (lambda cell, r: cell)
    rs = rows(path)
    if not any(r["router1"] or any(r["runs"].values()) for r in rs):
        return []
    out = ["## Router1 against router2", "",
           "nextpnr-ecp5's two routers on the pipelined cores at ECP5 speed 8 (`make "
           "bench-routers`, `ciphercores.synth.routers`): router1's Fmax is the archive's "
           "(seeds 1, 2, 3); router2 routes the same netlist with seeds 1, 2, 3; both routers "
           "place alike, so seed 1 of each starts from the same placement. Time: seconds of "
           "place-and-route of seed 1, wall and CPU, with nextpnr's own split (placement, "
           "routing; wall seconds). The runs shared a 2-core machine with other work, which "
           "stretches wall time: the rule compares CPU seconds.",
           "", "| core | parameters | router1 MHz | router2 MHz | router2 seeds | seed 1 "
           "router1 s | seed 1 router2 s | passes the Fmax test |",
           "|---|---|---:|---:|---|---:|---:|---|"]
    for r in rs:
        r1 = r["router1"]
        r1_cell = (mark(f"{r1['fmax_mhz']:.1f} ({r1['fmax_min_mhz']:.1f}.."
                        f"{r1['fmax_max_mhz']:.1f})", r1) if r1 else "not measured")
        r2_cell = (f"{r['r2_fmax']:.1f} ({r['r2_min']:.1f}..{r['r2_max']:.1f})"
                   if "r2_fmax" in r else "–")
        seeds = "; ".join(f"{s}: {mark(_mhz(r['runs']['router2', s]), r['runs']['router2', s])}"
                          for s in SEEDS)
        t1, t2 = (r["runs"][x, 1] for x in ("router1", "router2"))
        ok = {True: "yes", False: "**no**", None: "not yet"}[r.get("fmax_ok")]
        p = ", ".join(f"{k}={v}" for k, v in r["params"].items()
                      if k in dict(SETS)[r["core"]]) or "defaults"
        out.append(f"| `{r['core']}` | {p} | {r1_cell} | {r2_cell} | {seeds} | "
                   f"{mark(_time(t1), t1)} | {mark(_time(t2), t2)} | {ok} |")
    v = verdict(rs)
    rule = (f"The rule: router2 measures the archive only if its median Fmax is within "
            f"{WITHIN:.0%} of router1's, or inside router1's seed range, on every core, and it "
            f"places and routes the two largest at least {SPEEDUP:g} times faster (seed 1, "
            f"CPU seconds).")
    if v == "router1":
        out += ["", rule + " It does not hold: **router1 stays** for the archive; "
                "`ciphercores synth --router router2` is for exploration only, its records "
                "kept apart (the archive's `routers` section) and never shown as figures on "
                "these pages."]
    elif v == "router2":
        out += ["", rule + " It holds: the archive moves to router2."]
    else:
        out += ["", rule + " Not every row is measured yet: undecided, router1 measures the "
                "archive meanwhile."]
    return [*out, ""]


def main(argv: list[str] | None = None) -> int:
    """``python -m ciphercores.synth.routers``: run what the comparison lacks, then print
    its table."""
    run()
    print("\n".join(table()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
