# SPDX-License-Identifier: Apache-2.0
"""`ciphercores synth`, `explore` and `results`: the measurement flow (ciphercores.synth)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..cores import parse_assignments, parse_params
from ..errors import DoesNotFit, UsageError


def _seeds(text: str) -> tuple[int, ...]:
    try:
        seeds = tuple(int(s) for s in text.split(",") if s.strip())
    except ValueError:
        raise UsageError(f"--seeds expects integers separated by commas, got {text!r}") from None
    return seeds


def _grades(args: argparse.Namespace) -> dict[str, list[str]]:
    out = {}
    if args.speed:
        out["ecp5"] = [s.strip() for s in args.speed.split(",") if s.strip()]
    if args.device:
        out["ice40"] = [s.strip() for s in args.device.split(",") if s.strip()]
    return out


def format_record(r: dict) -> str:
    """The human-readable table of one run."""
    from ..synth import limits

    head = (f"{r['core']} {' '.join(f'{k}={v}' for k, v in r['params'].items())} "
            f"({', '.join(r.get('ciphers') or [])}) on {r['target']}"
            + (f" grade {r['grade']}" if r.get("grade") else "")
            + (f", seeds {','.join(map(str, r['seeds']))}" if r.get("seeds") else "")
            + (f", {r['router']} (exploration: not an archive figure)" if r.get("router")
               else ""))
    lines = [head, f"  device: {r.get('device')}"]
    if r.get("status") != "ok":
        lines.append(f"  status: {r.get('status')}: {r.get('error')}")
    if r.get("area"):
        lines.append(f"  {'':18}{'core':>10}{'harness':>10}{'total':>10}")
        for res, label in (("lut", "LUT"), ("ff", "FF"), ("carry", "carry"), ("bram", "BRAM"),
                           ("dsp", "DSP"), ("lutram", "LUT-RAM/SRL")):
            lines.append(f"  {label:18}{r['core_area'][res]:>10}"
                         f"{r['harness']['area'][res]:>10}{r['area'][res]:>10}")
        if r["area"].get("other"):
            lines.append(f"  other cells: {r['area']['other']} (see --json 'cells')")
    if r.get("fmax_mhz"):
        h = r["harness"]
        lines.append(f"  Fmax (routed)     {r['fmax_mhz']:.1f} MHz median "
                     f"({r['fmax_min_mhz']:.1f}..{r['fmax_max_mhz']:.1f}); harness alone "
                     f"{h['fmax_mhz']:.1f} MHz")
        for what, fig in (("core", r), ("harness", h)):
            if limits.note(fig):
                lines.append(f"  {what} {limits.note(fig)}: nextpnr's median "
                             f"{fig['fmax_nextpnr']['fmax_mhz']:.1f} MHz is above the "
                             f"{fig['fmax_cap']['mhz']:.1f} MHz the cells allow "
                             "(ciphercores.synth.limits)")
        for seed, trap in sorted((r.get("pnr_crashed_after_routing") or {}).items()):
            lines.append(f"  seed {seed}: nextpnr crashed after its final timing report "
                         f"({trap}); its Fmax is read from the log")
        cp = r.get("critical_path") or {}
        lines.append(f"  critical path     {cp.get('from')} -> {cp.get('to')}")
        slow = r.get("slow_paths")
        if slow:
            seed = f"seed {slow['seed']}, " if slow.get("seed") else ""
            lines.append(f"  near-critical     ({seed}{slow['fmax_mhz']:.1f} MHz) "
                         f"{slow['near']} of {slow['endpoints']} endpoints within "
                         f"{slow['margin']:.0%} of its "
                         "critical path, starting at: "
                         + ", ".join(f"{s['from']} ({s['endpoints']})" for s in slow["starts"]))
            for g in slow["groups"][:5]:
                lines.append(f"    {g['worst_ns']:6.2f} ns  {g['endpoints']:5}  {g['from']} -> "
                             f"{g['to']} [{g['pin']}]")
    elif r.get("status") == "ok" and r.get("target"):
        lines.append("  Fmax              not measured: "
                     + (r.get("note") if not r.get("timing") and r["target"] == "xc7"
                        else "synthesis only (no seeds)"))
    if "latency" in r:
        lines.append(f"  latency/interval  {r['latency']} / {r['interval']} cycles "
                     f"(registry), key setup {r['key_setup']}")
    if r.get("gbps"):
        lines.append(f"  throughput        {r['gbps']:.3f} Gbit/s = {r['block_bits']} bits x "
                     f"{r['lanes']} lane(s) x Fmax / {r['interval']}")
        if r.get("gbps_per_klut"):
            lines.append(f"                    {r['gbps_per_klut']:.3f} Gbit/s per 1000 core "
                         "LUTs")
    if r.get("mapper_note"):
        lines.append(f"  note: {r['mapper_note']}")
    if r.get("tools"):
        lines.append("  tools: " + "; ".join(f"{k} {v}" for k, v in r["tools"].items()))
    if "wall_s" in r:
        split = (f" (synthesis {r['synth_s']:.1f} s, place-and-route {r['pnr_s']:.1f} s)"
                 if r.get("synth_s") is not None and r.get("pnr_s") else "")
        lines.append(f"  wall time: {r['wall_s']:.1f} s of tool time{split}"
                     + (" (all from the cache)" if r.get("cached") else "")
                     + f", {r.get('elapsed_s', 0.0):.1f} s now")
    return "\n".join(lines)


def _synth(args: argparse.Namespace) -> int:
    from .. import cores
    from ..synth import flow, runner

    if args.stale:
        if args.core:
            raise UsageError("--stale measures every stale record again: no core name")
        from ..synth import queue

        return queue.main(args.budget, write_pages)
    if args.budget is not None:
        raise UsageError("--budget goes with --stale")
    if not args.core:
        raise UsageError("name a core to measure (or --stale: every stale record)")
    core = cores.get(args.core)
    params = parse_params(args.P or [], where="-P")
    grade = args.grade
    if grade is None and args.target == "ecp5":
        grade = args.speed
    elif grade is None and args.target == "ice40":
        grade = args.device
    if args.parts:
        from ..synth import parts

        rec = parts.measure(core, params, args.target, args.force)
        print(json.dumps(rec, indent=1) if args.json else format_parts(rec))
        return 0
    if args.pnr_limit is not None and args.pnr_limit <= 0:
        raise UsageError("--pnr-limit takes a positive number of minutes")
    limit_s = args.pnr_limit * 60 if args.pnr_limit is not None else runner.PNR_LIMIT_S
    rec = flow.measure(core, params, args.target, grade, _seeds(args.seeds), args.force,
                       router=args.router, limit_s=limit_s)
    print(json.dumps(rec, indent=1) if args.json else format_record(rec))
    return 0 if rec["status"] == "ok" else DoesNotFit.exit_code


def format_parts(r: dict) -> str:
    """The human-readable table of an area-by-part run."""
    from ..synth import parts

    first = next(iter(r["parts"]))
    lines = [f"{r['core']} {' '.join(f'{k}={v}' for k, v in r['params'].items())} on "
             f"{r['target']}, by part (synthesis only, the parts kept as modules)",
             f"  {'part':34}{'module':14}{'LUT':>8}{'FF':>8}{'carry':>7}{'BRAM':>6}"
             f"{'LUT-RAM':>9}  LUT vs {first}"]
    for label, mod, a, sh in parts.rows(r):
        lines.append(f"  {label:34}{mod:14}{a['lut']:>8}{a['ff']:>8}"
                     f"{a['carry']:>7}{a['bram']:>6}{a['lutram']:>9}"
                     + (f"  {sh:.0%}" if sh is not None else ""))
    lines.append("  tools: " + "; ".join(f"{k} {v}" for k, v in r["tools"].items()))
    lines.append(f"  wall time: {r['wall_s']:.1f} s of tool time"
                 + (" (from the cache)" if r.get("cached") else ""))
    return "\n".join(lines)


def _explore(args: argparse.Namespace) -> int:
    from ..synth import explore

    sweeps = parse_assignments(args.P or [], multi=True, where="-P")
    targets = [t.strip() for t in args.target.split(",") if t.strip()]
    stem = Path(args.out) / f"{args.name or args.core}-sweep"
    n_ok = 0

    def progress(rec: dict) -> None:
        nonlocal n_ok
        n_ok += rec.get("status") == "ok"
        r = explore.row(rec)
        fmax = (f"{r['fmax_mhz']:.1f} MHz ({r['fmax_min_mhz']:.1f}..{r['fmax_max_mhz']:.1f})"
                if r.get("fmax_mhz") else "")
        print(f"  {r['target']}{' -' + str(r['grade']) if r['grade'] else ''} {r['params']}: "
              f"{r['status']} LUT {r['core_lut']} FF {r['core_ff']} {fmax}"
              + (f" {r['gbps']:.3f} Gbit/s" if r.get("gbps") else "")
              + (f" {r['error']}" if r.get("error") else ""), flush=True)

    sets = None
    if args.test_sets:
        from .. import cores

        core = cores.get(args.core)
        sets = [core.params(ps) for ps in core.test_sets or (core.defaults,)]
    recs = explore.explore(args.core, sweeps, targets, _grades(args), None,
                           _seeds(args.seeds), args.parallel, args.scheduler, args.force,
                           progress, sets)
    for path in explore.write_outputs(recs, stem, sweeps):
        print(f"wrote {path}")
    print(f"{n_ok} of {len(recs)} points measured")
    return 0 if n_ok == len(recs) else 1


def write_pages(out: Path | None = None) -> tuple[Path, list[dict]]:
    """docs/results.md (or ``out``), and unless ``out`` is given the archive, the datasheets
    and the README's table, from one collection of records; returns the page and records."""
    from ..synth import measurements, results

    # the datasheets and the README's table come from the same records as the page; an
    # --out elsewhere leaves them alone
    path, recs = results.write(out or results.DOC, None if out else measurements.ARCHIVE)
    if not out:
        from .. import datasheets

        datasheets.write(recs, results.ROOT)
    return path, recs


def _results(args: argparse.Namespace) -> int:
    from ..synth import results

    if args.stale:
        return print_stale(*results.shown_now())
    path, recs = write_pages(Path(args.out) if args.out else None)
    n = len(recs)
    print(f"wrote {path}{'' if args.out else ', the datasheets, the README table and the archive'}"
          f" ({n} measurements)")
    return 0


def print_stale(shown: list[dict], by_part: list[dict] = ()) -> int:
    """The stale rows of the pages (``results.stale_rows``) and the hours to measure them
    again; nothing is written."""
    from ..synth import results

    rows = results.stale_rows(shown, by_part)
    if not rows:
        print("no stale rows: every record the pages show matches today's tree")
        return 0
    head = ["core", "parameters", "target", "seeds", "measured", "commit", "hours"]
    table = [head, *([c.strip("`") for c in cells] for _, cells, _ in rows)]
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    hours = sum(h for _, _, h in rows)
    print(f"{len(rows)} stale rows, about {hours:.1f} h of tool time to measure them again "
          "(`ciphercores synth --stale`, `make bench-stale`)")
    return 0


def add(sub) -> None:
    """Register the subcommands on the `ciphercores` parser's subparsers."""
    from ..synth.flow import DEFAULT_SEEDS
    from ..synth.runner import PNR_LIMIT_S, PNR_STALL_S
    from ..synth.steps import ROUTERS
    from ..synth.targets import TARGETS

    seeds = ",".join(map(str, DEFAULT_SEEDS))
    s = sub.add_parser("synth", help="synthesise (and place and route) one core in the harness",
                       description="Measure one registered core inside the generic harness (a GCM "
                       "core gcm(CORE) in the GCM harness): cell counts, routed Fmax (median "
                       "of seeds), throughput. Cached.")
    s.add_argument("core", nargs="?")
    s.add_argument("-P", action="append", metavar="NAME=VALUE", help="core parameter")
    s.add_argument("--target", choices=list(TARGETS), default="ecp5")
    s.add_argument("--speed", choices=["6", "8"], default="8", help="ECP5 speed grade")
    s.add_argument("--device", choices=["hx8k", "up5k"], default="hx8k", help="iCE40 part")
    s.add_argument("--grade", help="the target's part or speed grade, any target (default: "
                   "the target's own; "
                   + "; ".join(f"{t.name}: {', '.join(t.grades)}" for t in TARGETS.values()
                               if t.grades) + ")")
    s.add_argument("--seeds", default=seeds,
                   help="placer seeds, the reported Fmax is their median; empty: synthesis "
                   "only (default %(default)s)")
    s.add_argument("--json", action="store_true", help="print the machine-readable record")
    s.add_argument("--force", action="store_true", help="redo cached steps")
    s.add_argument("--parts", action="store_true",
                   help="area of each of the core's parts (registry: parts; a GCM core's AES "
                   "core, GHASH unit and engine) in one synthesis with them kept as modules; "
                   "no place-and-route")
    s.add_argument("--router", choices=list(ROUTERS), default="router1",
                   help="nextpnr's router (default %(default)s, the archive's; router2 for "
                   "exploration only: its records are kept apart and not shown on the pages)")
    s.add_argument("--pnr-limit", type=float, metavar="MINUTES",
                   help=f"end a place-and-route seed after this many minutes (default "
                   f"{PNR_LIMIT_S / 60:g}); a seed whose router comes no closer to a finished "
                   f"routing for {PNR_STALL_S / 60:g} min is ended too")
    s.add_argument("--stale", action="store_true",
                   help="no core: measure every record the pages show stale again, one seed at "
                   "a time, resuming from the cache (defaults at speed 8, at speed 6, test "
                   "sets at speed 8, other targets, sweep points at seed 1), under nice; the "
                   "pages are written again as each record completes")
    s.add_argument("--budget", type=float, metavar="MINUTES",
                   help="with --stale: start no seed after this many minutes")
    s.set_defaults(func=_synth)

    e = sub.add_parser("explore", help="sweep parameters over targets, in parallel on Dask",
                       description="Measure every combination of -P values on every target; "
                       "writes OUT/NAME-sweep.csv, .json and .png (area vs throughput).")
    e.add_argument("core")
    e.add_argument("-P", action="append", metavar="NAME=V1,V2,...", help="swept parameter")
    e.add_argument("--test-sets", action="store_true",
                   help="sweep the parameter sets the registry lists for the core's tests "
                   "(e.g. all ten SPECK sets), combined with any -P")
    e.add_argument("--target", default="ecp5",
                   help="targets, comma-separated (" + ",".join(TARGETS) + ")")
    e.add_argument("--speed", default="8", help="ECP5 speed grades, comma-separated")
    e.add_argument("--device", default="hx8k", help="iCE40 parts, comma-separated")
    e.add_argument("--seeds", default=seeds, help="placer seeds (default %(default)s)")
    e.add_argument("--parallel", type=int, default=2, help="points run at once (local)")
    e.add_argument("--scheduler", metavar="ADDRESS",
                   help="a running Dask scheduler (tcp://host:8786) instead of local threads")
    e.add_argument("--out", default="build/explore", help="output directory")
    e.add_argument("--name", help="output file stem (default: the core's name), so that "
                   "several sweeps of one core (e.g. one per SPECK set) sit side by side")
    e.add_argument("--force", action="store_true", help="redo cached steps")
    e.set_defaults(func=_explore)

    r = sub.add_parser("results", help="write docs/results.md from the measurement cache")
    r.add_argument("--out", help="output file (default docs/results.md)")
    r.add_argument("--stale", action="store_true",
                   help="print the rows measured with older RTL or tools (marked on the "
                   "pages) and the hours to measure them again; writes nothing")
    r.set_defaults(func=_results)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("use the ciphercores command")
