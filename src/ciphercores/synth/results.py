# SPDX-License-Identifier: Apache-2.0
"""docs/results.md, generated from the measurement cache (``ciphercores results``).

For every registered core, every parameter set the test suite covers (and the defaults), and
every target/grade below, the record is rebuilt from cached steps only, or taken from the
archive (docs/measurements.json) when it holds one for the same inputs: nothing is run, and a
configuration never measured with the current RTL and tools is simply absent (the page says
which commands fill it). Writing the page also rewrites the archive with exactly the records
it shows, so the figures travel with the repository to machines without the cache. Never
edit the page by hand.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from .. import cores
from ..cores import ROOT
from ..cores.modecore import serial_interval
from ..outfile import write_output
from . import flow, limits, measurements, parts, routers, scope
from .targets import TARGETS

#: (target, grade) in the order the page shows them
CONFIGS: tuple[tuple[str, str | None], ...] = (
    ("ecp5", "8"), ("ecp5", "6"), ("xc7", None), ("ice40", "hx8k"), ("ice40", "up5k"),
    ("gw1n", "9"), ("gw2a", "18"), ("nexus", "40"), ("gatemate", "a1"),
)
#: the parts of the by-board table (``by_board_table``), smallest first: every core's
#: defaults on each, placer seeds 1, 2, 3 (``make bench-boards``)
BOARD_CONFIGS: tuple[tuple[str, str], ...] = (
    ("ice40", "up5k"), ("ice40", "hx8k"), ("gw1n", "9"), ("gw2a", "18"), ("nexus", "40"),
    ("gatemate", "a1"), ("ecp5", "8"),
)
DOC = ROOT / "docs" / "results.md"
IMG = ROOT / "docs" / "img"


def _measured_cores() -> list[cores.Core]:
    """The cores listed one by one (``cores.LISTED_KINDS``): every block core, then the GCM
    cores ``gcm(CORE)`` (measured in their own harness)."""
    return cores.every(cores.LISTED_KINDS)


_sets = scope.sets


def collect(seeds: tuple[int, ...] = flow.DEFAULT_SEEDS, stale: bool = False) -> list[dict]:
    """The records of every set the page shows (``scope.sets``) on every target and grade of
    CONFIGS, current ones only; ``stale``: also those of older RTL or tools that the archive's
    scope keeps (``scope.keeps_stale``), each with ``stale`` True, as the pages show them."""
    recs = []
    for core in _measured_cores():
        for p in _sets(core):
            for target, grade in CONFIGS:
                old = stale and scope.keeps_stale(core, p, target, grade)
                try:
                    recs.append(flow.recorded(core, p, target, grade, seeds, stale=old))
                except flow.NotCached:
                    continue
    return recs


#: the targets of the area-by-part table (synthesis only)
PARTS_TARGETS = ("ecp5", "xc7")


def collect_parts(stale: bool = False) -> list[dict]:
    """The area-by-part records (``ciphercores.synth.parts``) of every set the page shows of
    a core that names parts, from the cache or the archive (``stale``: as ``collect``)."""
    recs = []
    for core in _measured_cores():
        for p in _sets(core):
            if not core.parts(p):
                continue
            for target in PARTS_TARGETS:
                try:
                    recs.append(parts.recorded(core, p, target, stale=stale))
                except flow.NotCached:
                    continue
    return recs


def fmt(v, nd=1) -> str:
    """A figure as the tables show it: a float with ``nd`` decimals, "–" for none."""
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    return str(v)


#: the mark on every figure of a stale record: measured with older RTL or tools
STALE_MARK = "†"
#: the generated section of this page that lists the stale records
STALE_ANCHOR = "stale-rows"


def mark(cell: str, r: dict | None) -> str:
    """``cell``, a figure of record ``r``, with the stale mark if ``r`` is stale (no figure,
    –, stays as it is)."""
    if r is not None and r.get("stale") and cell.strip() not in ("", "–") \
            and not cell.startswith("– "):
        return f"{cell} {STALE_MARK}"
    return cell


def _row(cells: list[str], r: dict, figures: range | list[int]) -> str:
    """A table row of ``cells``; those at ``figures`` are ``r``'s figures (``mark``)."""
    return "| " + " | ".join(mark(c, r) if i in figures else c
                             for i, c in enumerate(cells)) + " |"


def stale_footnote(recs: list[dict], link: str) -> list[str]:
    """The one footnote of a page that shows stale records (``link``: to this page's
    section listing them); nothing when ``recs`` holds none."""
    n = sum(1 for r in recs if r.get("stale"))
    if not n:
        return []
    return [f"{STALE_MARK} Measured with older RTL or tools than today's tree (its inputs "
            "digest no longer matches): kept and marked until it is measured again "
            f"(`make bench-stale`). Every such row, when and on which commit it was measured "
            f"and the hours to measure it again: [stale rows]({link}).", ""]


def _fmax(r: dict) -> str:
    """'median (min..max)', and where a pulse-width limit lowered the figures (``limits``)
    the limit and nextpnr's own median."""
    text = f"{fmt(r['fmax_mhz'])} ({fmt(r['fmax_min_mhz'])}..{fmt(r['fmax_max_mhz'])})"
    return text + cap_note(r) + crash_note(r)


def _fmax_alone(h: dict) -> str:
    return fmt(h.get("fmax_mhz")) + cap_note(h)


def crash_note(r: dict) -> str:
    """The note after a record's Fmax where nextpnr crashed after its final timing report on
    some seeds (their figures read from its log), "" for none."""
    seeds = sorted(r.get("pnr_crashed_after_routing") or {}, key=int)
    if not seeds:
        return ""
    return (f", seed{'s' if len(seeds) > 1 else ''} {', '.join(seeds)}: nextpnr crashed after "
            "routing, Fmax from its log")


def cap_note(r: dict) -> str:
    """The note after a record's Fmax where a limit caps it (``limits.note``), with
    nextpnr's own figure; "" for none."""
    note = limits.note(r)
    return f", {note} (nextpnr {fmt(r['fmax_nextpnr']['fmax_mhz'])})" if note else ""


def _params(p: dict, core: str | None = None) -> str:
    """A record's parameters, without those its core derives from the others (a GCM core's
    key-port widths)."""
    try:
        shown = cores.get(core).defaults if core else p
    except Exception:
        shown = p
    return " ".join(f"{k}={v}" for k, v in p.items() if k in shown)


def _per_cipher(r: dict) -> list[tuple[str, dict, float | None]] | None:
    """[(cipher, cycle figures, Gbit/s)] for a record whose core's figures differ between its
    ciphers (aes_iter: the rounds follow the key length loaded), else None: the record's own
    figures (measured with the longest key's) hold for every cipher it names."""
    try:
        core = cores.get(r["core"])
        table = core.cycle_table(r["params"])
    except Exception:
        return None
    if len(table) < 2:
        return None
    fmax = r.get("fmax_mhz") if r.get("status") == "ok" else None
    lanes = int(r.get("lanes", 1) or 1)
    return [(", ".join(names), f,
             round(cores.gbps(r["block_bits"] * lanes, fmax, f["interval"]), 4) if fmax else None)
            for names, f in table]


def _cycles_cell(r: dict) -> str:
    """latency / interval, per cipher where they differ."""
    per = _per_cipher(r)
    if per is None:
        return f"{r['latency']} / {r['interval']}"
    return "; ".join(f"{f['latency']} / {f['interval']} ({c})" for c, f, _ in per)


def _gbps_cell(r: dict, per_klut: bool = False) -> str:
    """Gbit/s (or Gbit/s per 1000 LUT), per cipher where the interval differs."""
    per = _per_cipher(r)
    if per is None:
        return fmt(r.get("gbps_per_klut" if per_klut else "gbps"), 3)
    lut = (r.get("core_area") or {}).get("lut")

    def one(g: float | None) -> float | None:
        if g is None or not per_klut:
            return g
        return g / lut * 1000 if lut else None

    return "; ".join(f"{fmt(one(g), 3)} ({c})" for c, _, g in per)


def chained_gbps(core: cores.Core, p: dict, fmax_mhz: float | None
                 ) -> list[tuple[str, float]] | None:
    """[(ciphers, Gbit/s)] of a chained encryption (CBC, CFB, OFB) through the mode engine
    around ``core`` at ``fmax_mhz``: one block per latency + 1 cycles
    (:func:`ciphercores.cores.modecore.serial_interval`), per cipher where the latency differs.
    None where the engine cannot take the core (a mode or GCM core, several lanes a beat) or
    without an Fmax."""
    if not fmax_mhz or core.name not in cores.CORES or core.lanes(p) != 1:
        return None
    return [(", ".join(names),
             cores.gbps(core.block_bits(p), fmax_mhz, serial_interval(f["latency"])))
            for names, f in core.cycle_table(p)]


def _chained_cell(r: dict) -> str:
    """Gbit/s of chained encryption (CBC, CFB, OFB), per cipher where the latency differs."""
    try:
        core = cores.get(r["core"])
    except Exception:
        return "–"
    per = chained_gbps(core, r["params"], r.get("fmax_mhz") if r.get("status") == "ok"
                       else None)
    if per is None:
        return "–"
    if len(per) == 1:
        return fmt(per[0][1], 3)
    return "; ".join(f"{fmt(g, 3)} ({c})" for c, g in per)


def _table_timed(recs: list[dict]) -> list[str]:
    lines = [
        "| core | parameters | cipher | LUT | FF | carry | BRAM | DSP | Fmax MHz median "
        "(min..max) | latency / interval | Gbit/s | chained Gbit/s | Gbit/s per 1000 LUT | "
        "harness LUT / FF, Fmax | tool time s |",
        "|---|---|---|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---|---:|",
    ]
    for r in recs:
        a, h = r["core_area"], r["harness"]
        if r["status"] != "ok":
            # the error of a design that does not fit already starts with the status
            err = (r.get("error") or "").removeprefix(f"{r['status']}: ")
            fmax = r["status"] + (f": {err}" if err else "")
        else:
            fmax = _fmax(r)
        lines.append(_row(
            [f"`{r['core']}`", _params(r['params'], r['core']), ", ".join(r["ciphers"]),
             fmt(a["lut"]), fmt(a["ff"]), fmt(a["carry"]), fmt(a["bram"]), fmt(a["dsp"]),
             fmax, _cycles_cell(r), _gbps_cell(r), _chained_cell(r),
             _gbps_cell(r, per_klut=True),
             f"{fmt(h['area']['lut'])} / {fmt(h['area']['ff'])}, {_fmax_alone(h)}",
             fmt(r["wall_s"], 0)], r, TIMED_FIGURES))
    return lines


#: the columns of a timed table's row that are its record's figures (not the core, its
#: parameters and ciphers, nor the registry's cycle model)
TIMED_FIGURES = [3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14]
AREA_FIGURES = [3, 4, 5, 6, 7, 8, 10, 11]


def _table_area(recs: list[dict]) -> list[str]:
    lines = [
        "| core | parameters | cipher | LUT | FF | carry | BRAM | DSP | LUT-RAM/SRL | "
        "latency / interval | harness LUT / FF | tool time s |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ]
    for r in recs:
        a, h = r["core_area"], r["harness"]["area"]
        lines.append(_row(
            [f"`{r['core']}`", _params(r['params'], r['core']), ", ".join(r["ciphers"]),
             fmt(a["lut"]), fmt(a["ff"]), fmt(a["carry"]), fmt(a["bram"]), fmt(a["dsp"]),
             fmt(a["lutram"]), _cycles_cell(r), f"{fmt(h['lut'])} / {fmt(h['ff'])}",
             fmt(r["wall_s"], 0)], r, AREA_FIGURES))
    return lines


def _sweep(js: Path, shown: list[dict]) -> list[str]:
    """One sweep: its plot, its data file, and a table of its points from the cache (or the
    archive); the records shown are appended to ``shown``."""
    import json

    rel = js.relative_to(DOC.parent)
    out = [f"### {js.stem}", ""]
    if js.with_suffix(".png").exists():
        out += [f"![{js.stem}]({rel.with_suffix('.png').as_posix()})", ""]
    data = json.loads(js.read_text())
    out += [f"Data: [{js.stem}.csv]({rel.with_suffix('.csv').as_posix()}), run "
            f"{data.get('generated', '?')}.", ""]
    out += ["| parameters | target | LUT | FF | carry | BRAM | Fmax MHz median (min..max) | "
            "latency / interval | Gbit/s | Gbit/s per 1000 LUT |",
            "|---|---|---:|---:|---:|---:|---|---|---:|---:|"]
    for old in data.get("records", []):
        where = old["target"] + (f" -{old['grade']}" if old.get("grade") else "")
        try:
            r = sweep_point(old)
        except flow.NotCached:
            out.append(f"| {_params(old['params'])} | {where} | not measured (older RTL or "
                       "tools) | | | | | | | |")
            continue
        except Exception as e:  # a point the core refuses: say so
            out.append(f"| {_params(old['params'])} | {where} | {type(e).__name__} | "
                       "| | | | | | |")
            continue
        shown.append(r)
        a = r["core_area"]
        if r["status"] != "ok":
            fmax = r["status"]
        elif r.get("fmax_mhz"):
            fmax = _fmax(r) + (" (1 seed)" if len(r.get("seeds") or ()) == 1 else "")
        else:
            fmax = "– (no timing)"
        out.append(_row([_params(r['params'], r['core']), where, fmt(a["lut"]), fmt(a["ff"]),
                         fmt(a["carry"]), fmt(a["bram"]), fmax, _cycles_cell(r),
                         _gbps_cell(r), _gbps_cell(r, per_klut=True)], r, SWEEP_FIGURES))
    out.append("")
    return out


SWEEP_FIGURES = [2, 3, 4, 5, 6, 8, 9]


def sweep_point(old: dict) -> dict:
    """The record of a sweep's point ``old`` (a record of the sweep's own run): the current
    record with the point's seeds, else with the seed a sweep point is re-measured with
    (``scope.SWEEP_SEEDS``), else (where the archive's scope keeps it) the newest stale one
    of either. Raises NotCached when there is none."""
    core = cores.get(old["core"])
    target, grade = old["target"], old.get("grade")
    tries = [tuple(old.get("seeds") or ())]
    if tries[0] and scope.is_sweep_point(core, old["params"], target, grade) \
            and tries[0] != scope.SWEEP_SEEDS:
        tries.append(scope.SWEEP_SEEDS)
    for seeds in tries:
        try:
            return flow.recorded(core, old["params"], target, grade, seeds)
        except flow.NotCached:
            continue
    found = []
    if scope.keeps_stale(core, old["params"], target, grade):
        for seeds in tries:
            try:
                found.append(flow.recorded(core, old["params"], target, grade, seeds,
                                           stale=True))
            except flow.NotCached:
                continue
    if not found:
        raise flow.NotCached(f"{core.name} {old['params']} on {target}: no record")
    return max(found, key=lambda r: r.get("date") or "")


def render(recs: list[dict], today: str | None = None,
           shown: list[dict] | None = None, by_part: list[dict] = ()) -> str:
    """The page; ``shown`` (if given) receives every record it shows, sweep points too;
    ``by_part``: the area-by-part records (``collect_parts``)."""
    shown = [] if shown is None else shown
    shown += recs
    today = today or datetime.date.today().isoformat()
    out = [*_intro(today), *_how_made()]
    out += _sweeps(shown)
    out += by_board_table(recs)
    out += target_tables(recs, "##")
    if not recs:
        out += ["No measurement in the cache yet: run `make bench-synth`.", ""]
    out += by_part_table(by_part)
    out += _slow_paths([r for r in recs if (r["target"], r.get("grade")) == README_CONFIG])
    out += routers.table(mark=mark)
    out += _KNOWN_ISSUES
    out += stale_section(shown, by_part)
    out += _tools_and_commands(recs)
    # the parts that depend on every record shown (the sweeps' too)
    at = out.index(HOURS_SLOT)
    out[at] = _scope_line(shown, by_part)
    at = out.index(FOOTNOTE_SLOT)
    out[at:at + 1] = stale_footnote([*shown, *by_part], f"#{STALE_ANCHOR}")
    return "\n".join(out)


def _intro(today: str) -> list[str]:
    """The page's title and what made it; the stale rows' footnote is ``FOOTNOTE_SLOT``."""
    return [
        "# Measured results",
        "",
        f"Generated by `ciphercores results` on {today} from the measurement cache and the "
        "archive of earlier runs ([measurements.json](measurements.json): every record shown "
        "here, with a digest of the RTL, parameters and tools it was measured with); do not "
        "edit by hand. `make bench-synth` reruns every measurement (cached runs are reused; "
        "`--force` redoes them) and regenerates this page.",
        "",
        FOOTNOTE_SLOT,
    ]


def _how_made() -> list[str]:
    """The section on how the figures are made; its scope line is ``HOURS_SLOT`` until
    every record shown is known."""
    return [
        "## How these figures are made",
        "",
        "- Every core is measured inside the same harness (`rtl/common/synth_harness.v`): all "
        "core inputs come from shift chains loaded through one pin (one per 512 bits), all "
        "outputs are captured in registers and XOR-reduced through a register tree to one "
        "pin, so every core path is register-to-register and nothing is optimised away. "
        "The harness alone (around `rtl/common/synth_passthrough.v`, same port widths) is "
        "measured too; **area columns are the core alone (harness subtracted)**, and the "
        "harness's own cost and Fmax are shown beside it.",
        "- Fmax: routed, from nextpnr's `--report` JSON, **median of placer seeds 1, 2, 3**, "
        "with the spread (min..max); one clock constraint per target for every core "
        f"(ECP5 {TARGETS['ecp5'].freq_mhz} MHz, iCE40 {TARGETS['ice40'].freq_mhz} MHz, "
        "`--timing-allow-fail`). Compare figures only at the same grade and seeds.",
        "- Fmax caps (ECP5): nextpnr-ecp5 does not check the minimum clock pulse widths of "
        "the Project Trellis timing database, so every Fmax (each seed, the median, the "
        "spread, and so the throughput) is capped at 1 / (2 × width) of the cells the design "
        "uses: "
        + "; ".join(f"speed {g}: DP16KD {limits.cap_mhz(limits.pulse_ps('ecp5', g, 'DP16KD'))}"
                    f" MHz, slices {limits.cap_mhz(limits.pulse_ps('ecp5', g, 'slice'))} MHz"
                    for g in TARGETS["ecp5"].grades)
        + ". A capped figure says so and gives nextpnr's own median beside it. The database "
        "lists a shorter slice pulse at speed 6 than at speed 8; a slower grade is never "
        "capped above a faster one (`ciphercores.synth.limits`).",
        "- Throughput = block bits × lanes × Fmax / initiation interval; latency and interval "
        "are the registry's cycle model, which the `timing` test checks in simulation. "
        "Gbit/s per 1000 LUTs uses the core's LUTs.",
        "- Chained Gbit/s: encryption in CBC, CFB or OFB through the hardware mode engine "
        "(`cbc(CORE)` and the like), where each block needs the result of the one before, so "
        "blocks cannot interleave: block bits × Fmax / (latency + 1), the engine's interval "
        "that its `timing` test checks. ECB, CTR and CBC/CFB decryption run at the Gbit/s "
        "column's rate; – where the engine does not take the core (several lanes a beat).",
        "- LUT = LUT4 (ECP5, iCE40) or LUT1..LUT6 (+INV) (xc7); ECP5 wide-function muxes "
        "(PFUMX, L6MUX21) combine LUT4s and are not counted again; carry = CCU2C (ECP5, two "
        "bits each), CARRY4 (xc7), SB_CARRY (iCE40); BRAM in 36 Kb tiles on xc7.",
        "- Tool time: the tools' wall time of all steps of the row (core and harness), as "
        "measured when it ran, on a shared 2-core machine.",
        "- ECP5 block RAM output registers: Yosys maps RAMs to DP16KD without their output "
        "register; a register the RTL marks `(* ciphercores_bram_outreg *)` right after a RAM "
        "is moved into it (REGMODE OUTREG) before nextpnr, where that changes no cycle "
        "(`ciphercores.synth.netlist`; the record's `outregs` counts them: 1,280 flip-flops "
        "in `aes_pipe` with SUBREG=1).",
        HOURS_SLOT,
        "",
    ]


def _sweeps(shown: list[dict]) -> list[str]:
    """The sweeps' section (``shown`` receives their points)."""
    out: list[str] = []
    sweeps = sorted(IMG.glob("*-sweep.json")) if IMG.exists() else []
    if sweeps:
        out += ["## Sweeps", "",
                "Made by `ciphercores explore` (the commands are in the Makefile's "
                "`bench-synth` and `bench-sweeps`). Each table is rebuilt from the measurement "
                "cache and the archive for the current RTL and tools: a point measured with "
                f"older RTL keeps its figures marked {STALE_MARK} (at speed 6, other than the "
                "defaults, it shows as `not measured`), a point measured with seed 1 alone "
                "says \"1 seed\"; the plot and CSV are those of the sweep's own run.", ""]
        for js in sweeps:
            out += _sweep(js, shown)
    return out


_KNOWN_ISSUES = [
    "## Known tool issues",
    "",
    "- The WebAssembly Yosys can exhaust its call stack (`wasm trap: call stack "
    "exhausted`, rc=1) on deep netlists: a flip-flop chain of ~3000 bits crashes "
    "`techmap` in `synth_ecp5` and `synth_ice40` (reproduced; ~2000 bits pass). The "
    "harness therefore splits its input chains at 512 bits. The earlier report of an "
    "ABC9 crash (rc=1) on `speck_iter` did not reproduce in 16 runs (core alone and in "
    "the harness, all ten SPECK sets, no terminal attached); should ABC9 fail, the flow "
    "maps with classic ABC instead and says so in the row's record (`mapper`).",
    "",
]


def _tools_and_commands(recs: list[dict]) -> list[str]:
    """The tools' versions, the dates and the first row's commands per target."""
    out: list[str] = []
    tools: dict[str, str] = {}
    for r in recs:
        tools.update(r["tools"])
    dates = sorted(r["date"] for r in recs)
    out += ["## Tools and commands", ""]
    out += [f"- {k}: `{v}`" for k, v in sorted(tools.items())]
    if dates:
        out.append(f"- measured between {dates[0]} and {dates[-1]} (UTC)")
    mappers = {r.get("mapper_note") for r in recs if r.get("mapper_note")}
    out += [f"- note: {m}" for m in sorted(mappers)]
    examples = {}
    for r in recs:
        examples.setdefault(r["target"], r["commands"])
    for target, cmds in examples.items():
        seeds = "; `SEED` = 1, 2, 3" if TARGETS[target].pnr else ""
        out += ["", f"{target}, first row's commands (Yosys script, then nextpnr per seed, "
                f"in the cache's work directories{seeds}):", "", "```"]
        out += [re.sub(r"(\.\./)+synth/[0-9a-f]+/", "", c) for c in cmds]
        out += ["```"]
    out.append("")
    return out


def _scope_line(shown: list[dict], by_part: list[dict]) -> str:
    """The archive's scope and the hours a rebuild of every row shown takes."""
    before, after = scope.rebuild_hours(shown, by_part)
    return (
        "- The archive's scope: every core's default parameters at ECP5 speeds 8 and 6 and "
        "every registered test set at speed 8 (placer seeds 1, 2, 3), xc7 and iCE40 (synthesis "
        "only), every core's defaults on the parts of the by-board table (seeds 1, 2, 3), "
        "sweep points at speed 8 with seed 1 only (marked \"1 seed\" where a point has "
        "no other); the other sets at speed 6 are no longer measured again and leave this page "
        "once stale (`ciphercores.synth.scope`). Measuring every row of this page again takes "
        f"about {before:.1f} h of tool time on the scope of earlier runs (every set at speeds "
        f"8 and 6, every sweep point with three seeds) and {after:.1f} h on this scope, from "
        "the archived tool times.")


#: placeholders in the page's lines, filled once every record shown is known
FOOTNOTE_SLOT = "\0stale footnote"
HOURS_SLOT = "\0rebuild hours"


def stale_records(shown: list[dict], by_part: list[dict] = ()) -> list[dict]:
    """The stale records among those a page shows, once each, in the page's order."""
    out, seen = [], set()
    for r in [*shown, *by_part]:
        if r.get("stale") and (r.get("kind"), r["inputs"]) not in seen:
            seen.add((r.get("kind"), r["inputs"]))
            out.append(r)
    return out


def _where(r: dict) -> str:
    return r["target"] + (f" -{r['grade']}" if r.get("grade") else "")


def stale_rows(shown: list[dict], by_part: list[dict] = ()
               ) -> list[tuple[dict, list[str], float]]:
    """(record, [core, parameters, target and grade, seeds, measured, commit, hours], hours)
    of every stale record shown, the hours those the queue needs to measure it again
    (``scope``)."""
    out = []
    for r in stale_records(shown, by_part):
        seeds = scope.remeasure_seeds(r) if r.get("kind") != "parts" else ()
        hours = scope.tool_s(r, seeds) / 3600
        what = _where(r) + (" (by part)" if r.get("kind") == "parts" else "")
        out.append((r, [f"`{r['core']}`", _params(r["params"], r["core"]), what,
                        ",".join(map(str, r.get("seeds") or ())) or "–",
                        (r.get("date") or "?")[:10], f"`{r['commit']}`" if r.get("commit")
                        else "unknown", f"{hours:.2f}"], hours))
    return out


def shown_now() -> tuple[list[dict], list[dict]]:
    """(every measurement record, every area-by-part record) that ``ciphercores results``
    would show now, sweep points included; nothing is written."""
    recs, by_part = collect(stale=True), collect_parts(stale=True)
    shown: list[dict] = []
    render(recs, shown=shown, by_part=by_part)
    return shown, by_part


def stale_section(shown: list[dict], by_part: list[dict] = ()) -> list[str]:
    """The page's section listing every stale record shown; nothing without one."""
    rows = stale_rows(shown, by_part)
    if not rows:
        return []
    hours = sum(h for _, _, h in rows)
    n = f"{len(rows)} record" + ("" if len(rows) == 1 else "s")
    out = ["## Stale rows", "",
           f"{n} shown with the mark {STALE_MARK}: measured with older RTL or "
           "tools than today's tree, kept until `make bench-stale` (`ciphercores synth "
           "--stale`) measures them again, in this order: the default parameters at speed 8, "
           "at speed 6, the test sets at speed 8, the other targets, then sweep points "
           f"(seed 1). About {hours:.1f} h of tool time in all, estimated from the archived "
           "times of each (place-and-route shared out over the seeds where the record does "
           "not keep it apart).", "",
           "| core | parameters | target | seeds | measured (UTC) | commit | hours to measure "
           "again |", "|---|---|---|---|---|---|---:|"]
    out += ["| " + " | ".join(c) + " |" for _, c, _ in rows]
    return [*out, ""]


def target_tables(recs: list[dict], level: str) -> list[str]:
    """One section (heading ``level``) per target and grade of CONFIGS that ``recs`` have: its
    note and the table of its records."""
    out = []
    for target, grade in CONFIGS:
        rs = [r for r in recs if r["target"] == target and r.get("grade") == grade]
        if not rs:
            continue
        t = TARGETS[target]
        title = t.device + (f", speed grade {grade}" if target == "ecp5" else
                            f", {grade}" if grade and grade not in t.device else "")
        if t.boards.get(grade) and target != "ecp5":
            title += f" ({t.boards[grade]})"
        note = t.note + "." + (f" Timing: {t.timing_note}." if t.timing_note
                               and target not in ("ecp5", "ice40") else "")
        out += [f"{level} {target}{' -' + grade if grade else ''}: {title}", "", note, ""]
        out += _table_timed(rs) if t.pnr else _table_area(rs)
        out.append("")
    return out


#: the by-board table's column heads: a board, then its part
BOARD_HEADS = {("ice40", "up5k"): "iCEBreaker: iCE40 UP5K",
               ("ice40", "hx8k"): "iCE40-HX8K Breakout: HX8K",
               ("gw1n", "9"): "Tang Nano 9K: GW1NR-9",
               ("gw2a", "18"): "Tang Nano 20K: GW2A-18",
               ("nexus", "40"): "CrossLink-NX EVN: LIFCL-40",
               ("gatemate", "a1"): "GateMate A1 EVB: CCGM1A1",
               ("ecp5", "8"): "ULX3S 85F: ECP5-85 (speed 8)"}


def _part_head(target: str, grade: str) -> str:
    return BOARD_HEADS.get((target, grade)) or f"{target} {grade}"


def used(r: dict, resource: str) -> float | None:
    """The share of the part's ``resource`` (lut, ff, bram) that the core alone uses (its
    cells without the harness's; LUTs with the LUT sites its carry cells take), or None
    where the part's capacity is unknown."""
    t = TARGETS[r["target"]]
    fit = t.fit(r.get("grade"), r["core_area"])
    if resource not in fit or not fit[resource][1]:
        return None
    need, has = fit[resource]
    return max(need, 0) / has


def _board_cell(r: dict | None) -> str:
    """One core on one part: Fmax, Gbit/s and the share of the part it uses, or 'does not
    fit' with what it needs against what the part has."""
    if r is None:
        return "not measured"
    if r["status"] != "ok":
        err = (r.get("error") or "").removeprefix("does not fit: ")
        return mark(f"does not fit: {err}", r)
    shares = ", ".join(f"{label} {share:.0%}" for label, res in
                       (("LUT", "lut"), ("FF", "ff"), ("BRAM", "bram"))
                       if (share := used(r, res)) is not None and (res != "bram" or share))
    if not r.get("fmax_mhz"):
        return mark(f"fits (synthesis only): {shares}", r)
    notes = [n for n in (limits.note(r), crash_note(r).removeprefix(", ")) if n]
    fmax = f"{fmt(r['fmax_mhz'])} MHz{' (' + '; '.join(notes) + ')' if notes else ''}"
    per = _per_cipher(r)  # the first (shortest key's) figure where they differ by cipher
    gbps = (f"{fmt(per[0][2], 3)} Gbit/s ({per[0][0]})" if per
            else f"{fmt(r.get('gbps'), 3)} Gbit/s")
    return mark(f"{fmax}, {gbps}; {shares}", r)


def by_board_table(recs: list[dict], level: str = "##") -> list[str]:
    """The by-board section: every core's defaults (rows) on every part of BOARD_CONFIGS
    (columns), from ``recs``; nothing when no record is on a board part other than ECP5."""
    defaults = {(r["core"], r["target"], r.get("grade")): r for r in recs
                if r["params"] == cores.get(r["core"]).params() and r.get("seeds")}
    if not any(t != "ecp5" for _, t, _ in defaults):
        return []
    out = [f"{level} By board", "",
           "Every core at its default parameters on the parts of the boards people own, "
           "smallest first: routed Fmax (median of placer seeds 1, 2, 3), throughput, and the "
           "share of the part's LUTs, flip-flops and block RAMs the core uses (its own cells, "
           "the measurement harness apart; LUTs include the LUT sites of its carry cells). A "
           "core whose synthesised cells, with the harness, exceed the part is not placed: "
           "\"does not fit\" gives what it needs against what the part has. `make "
           "bench-boards` measures every cell (`ciphercores synth CORE --target T --grade G`); "
           "the Gowin, Nexus and GateMate tools come with the `boards` install extra. How far "
           "each family's timing can be trusted is said under its table below and in "
           "[fpga-limits.md](fpga-limits.md). `ciphercores export CORE --target T` writes "
           "a core with the clock constraint of its family at the figure shown here.", "",
           "| core | " + " | ".join(_part_head(t, g) for t, g in BOARD_CONFIGS) + " |",
           "|---|" + "---|" * len(BOARD_CONFIGS)]
    for core in _measured_cores():
        found = [defaults.get((core.name, t, g)) for t, g in BOARD_CONFIGS]
        if core.name not in cores.CORES and not any(found):  # a GCM core never measured
            continue
        cells = [_board_cell(r) for r in found]
        out.append(f"| `{core.name}` | " + " | ".join(cells) + " |")
    return [*out, ""]


def by_part_table(recs: list[dict], level: str = "##") -> list[str]:
    """The area-by-part section (heading ``level``): per record, a row per part, the rest,
    and their sum; nothing without records."""
    if not recs:
        return []
    if level == "##":
        intro = ("One Yosys run per core and target with the core's parts kept as modules "
                 "(`ciphercores synth CORE --target T --parts`, `ciphercores.synth.parts`; "
                 "the parts are the registry's `parts`). No optimisation crosses a part's "
                 "ports, so the sum is a little more than the flat design of the tables above "
                 "(and on ECP5 the flip-flops the flat flow moves into block RAM output "
                 "registers count as flip-flops here), and the rest includes the harness. "
                 "Share: the part's LUTs as a fraction of "
                 "the first part's (for a GCM core, what GHASH and the engine add to the AES "
                 "core).")
    else:
        intro = ("Synthesis with the parts kept as modules (`ciphercores synth CORE --target T "
                 "--parts`; how: [results.md, Area by part](../results.md#area-by-part)). "
                 "Share: the part's LUTs as a fraction of the first part's.")
    out = [f"{level} Area by part", "", intro, "",
           "| core | parameters | target | part | module | LUT | FF | carry | BRAM | "
           "LUT-RAM/SRL | LUT share |", "|---|---|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in recs:
        head = f"| `{r['core']}` | {_params(r['params'], r['core'])} | {r['target']} |"
        for label, mod, a, sh in parts.rows(r):
            mod = f"`{mod}`" if mod else ""
            figs = [fmt(a[k]) for k in ("lut", "ff", "carry", "bram", "lutram")]
            figs.append("–" if sh is None else f"{sh:.0%}")
            out.append(f"{head} {label} | {mod} | "
                       + " | ".join(mark(f, r) for f in figs) + " |")
            head = "| | | |"
    dates = sorted(r["date"] for r in recs)
    tools = sorted({f"{k} `{v}`" for r in recs for k, v in r["tools"].items()
                    if "yosys" in k})
    when = (f"on {dates[0]}" if dates[0] == dates[-1] else
            f"between {dates[0]} and {dates[-1]}")
    out += ["", f"Measured {when} (UTC) with " + ", ".join(tools) + ".", ""]
    return out


def _slow_paths(recs: list[dict]) -> list[str]:
    """Where the slow paths are: for each record whose median seed carries the SDF analysis
    (``ciphercores.synth.sta``), its most critical groups of endpoints."""
    recs = [r for r in recs if r.get("slow_paths")]
    if not recs:
        return []
    out = ["## Slow paths", "",
           "For each row above (ECP5 speed 8) measured with it: a static timing analysis of "
           "the routed design (nextpnr's `--sdf`, of the seed closest to the median among "
           "those analysed; it reproduces nextpnr's Fmax) counts the endpoints whose path is "
           "within 10% of that seed's critical "
           "path and groups them by the registers the paths start and end at (generate "
           "indices as `[*]`) and the endpoint pin (DI data, CE enable, LSR set/reset, M "
           "multiplexer select). The three slowest groups of each:", "",
           "| core | parameters | seed: MHz | near-critical endpoints | slowest groups: ns, "
           "endpoints, from -> to [pin] |", "|---|---|---|---|---|"]
    for r in recs:
        sp = r["slow_paths"]
        groups = "<br>".join(f"{g['worst_ns']:.2f}, {g['endpoints']}: `{g['from']}` -> "
                             f"`{g['to']}` [{g['pin']}]" for g in sp["groups"][:3])
        seed = f"{sp['seed']}: {sp['fmax_mhz']:.1f}" if sp.get("seed") else f"{sp['fmax_mhz']:.1f}"
        out.append(_row([f"`{r['core']}`", _params(r["params"], r["core"]), seed,
                         f"{sp['near']} of {sp['endpoints']}", groups], r, [2, 3, 4]))
    return [*out, ""]


#: the target and grade of the slow-path section and of the README's core table
README_CONFIG = ("ecp5", "8")


def replace_block(text: str, lines: list[str], begin: str, end: str) -> str:
    """``text`` with the part between the ``begin`` and ``end`` markers replaced by
    ``lines``."""
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        raise ValueError(f"no {begin!r} ... {end!r} block")
    return text[:i + len(begin)] + "\n" + "\n".join(lines) + "\n" + text[j:]


def write(path: Path = DOC, archive: Path | None = measurements.ARCHIVE) -> tuple[Path, list[dict]]:
    """docs/results.md and the archive of exactly the records the page shows, from one
    collection of records (the cache, else the archive); returns the page's path and the
    records (from which ``ciphercores results`` also writes the datasheets)."""
    if archive is not None:  # records archived before they named their commit: from git
        measurements.backfill_commits(archive)
    recs, by_part = collect(stale=True), collect_parts(stale=True)
    shown: list[dict] = []
    write_output(path, render(recs, shown=shown, by_part=by_part).encode())
    if archive is not None:
        measurements.write_archive(shown, archive, by_part)
    return path, recs
