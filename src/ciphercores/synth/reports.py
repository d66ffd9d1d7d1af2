# SPDX-License-Identifier: Apache-2.0
"""Readers for what Yosys and nextpnr write: port lists, cell statistics, routed timing and
utilisation reports, and the logs' signs of a design that does not fit."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .targets import RESOURCES, Target

_PORT = re.compile(r"^(input|output|inout)\s+\[(\d+):(\d+)\]\s+(\S+)\s*$")


def parse_portlist(text: str) -> dict[str, tuple[str, int]]:
    """Yosys ``portlist`` output -> {port: (direction, width)}."""
    ports: dict[str, tuple[str, int]] = {}
    for line in text.splitlines():
        m = _PORT.match(line.strip())
        if m:
            direction, hi, lo, name = m.groups()
            ports[name] = (direction, abs(int(hi) - int(lo)) + 1)
    return ports


def cell_counts(stat: dict) -> dict[str, int]:
    """Cells by type of the whole design from ``stat -json``. A module the RTL keeps apart
    (``keep_hierarchy``, e.g. aes_tower_norm_inv) is a cell of its parent, typed by the
    module's name: its own cells are already in the design's totals, so that cell is not
    counted."""
    cells = stat.get("design", {}).get("num_cells_by_type")
    if cells is None:  # single module and no design summary
        (mod,) = stat["modules"].values()
        cells = mod["num_cells_by_type"]
    modules = set(stat.get("modules", {}))
    return {str(k): int(v) for k, v in cells.items() if k not in modules}


def classify(target: Target, cells: dict[str, int]) -> dict[str, float]:
    """Cell counts -> resource classes of the target (lut, ff, carry, bram, dsp, ...)."""
    out: dict[str, float] = dict.fromkeys(RESOURCES, 0)
    for cell, n in cells.items():
        cls = target.classify(cell)
        if cls is None:
            continue
        name, weight = cls
        out[name] = out.get(name, 0) + n * weight
    return {k: (int(v) if float(v).is_integer() else v) for k, v in out.items()}


def read_stat(path: Path) -> dict[str, int]:
    return cell_counts(json.loads(Path(path).read_text()))


def routed_timing(report: dict) -> dict:
    """nextpnr ``--report`` JSON -> routed Fmax (MHz) of the slowest clock, the constraint, and
    the start and end cells of the clock-to-clock critical path."""
    fmax = report.get("fmax") or {}
    if not fmax:
        raise ValueError("nextpnr report has no fmax section (no clocked path?)")
    clock, entry = min(fmax.items(), key=lambda kv: kv[1]["achieved"])
    out = {"clock": clock, "fmax_mhz": float(entry["achieved"]),
           "constraint_mhz": float(entry["constraint"]), "from": None, "to": None}
    for path in report.get("critical_paths", []):
        if path.get("from", "").startswith("posedge") and path.get("to", "").startswith("posedge"):
            steps = path.get("path") or []
            if steps:
                out["from"] = steps[0]["from"]["cell"]
                out["to"] = steps[-1]["to"]["cell"]
            break
    return out


def utilisation(report: dict) -> dict[str, tuple[int, int]]:
    """nextpnr ``--report`` JSON -> {bel type: (used, available)} for the used types."""
    return {k: (int(v["used"]), int(v["available"]))
            for k, v in (report.get("utilization") or {}).items() if v.get("used")}


_UTIL = re.compile(r"^Info:\s+(\S+):\s+(\d+)/\s*(\d+)\s+(\d+)%")
_FMAX_LOG = re.compile(r"Max frequency for clock '(.+)': ([\d.]+) MHz \((?:PASS|FAIL) at "
                       r"([\d.]+) MHz\)")
_PATH_CELL = re.compile(r"^Info:.*\b(Source|Sink) (\S+)\.[^.\s]+$")


def timing_from_log(log: str) -> dict | None:
    """What ``routed_timing`` gives, read from nextpnr's log, for a run that finished routing
    and printed its final timing report but ended before writing ``--report``
    (nextpnr-himbaechel-gatemate 0.11.1 traps in its post-route step on some seeds): the same
    tool's figures, from its text (two decimals). None unless the log has "Routing complete."
    followed by a "Max frequency" line."""
    tail = log.rpartition("Routing complete.")[2]
    fmax: dict[str, tuple[float, float]] = {}
    for m in _FMAX_LOG.finditer(tail):
        fmax[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    if "Routing complete." not in log or not fmax:
        return None
    clock, (achieved, constraint) = min(fmax.items(), key=lambda kv: kv[1][0])
    out = {"clock": clock, "fmax_mhz": achieved, "constraint_mhz": constraint,
           "from": None, "to": None}
    # the clock-to-clock critical path: its first source cell and its last sink cell
    block = tail.partition(f"Critical path report for clock '{clock}' (posedge -> posedge)")[2]
    cells = [m.groups() for m in map(_PATH_CELL.match, block.split("\n\n", 1)[0].splitlines())
             if m]
    out["from"] = next((c for kind, c in cells if kind == "Source"), None)
    out["to"] = next((c for kind, c in reversed(cells) if kind == "Sink"), None)
    return out
_NOFIT = ("no BELs remaining", "Unable to place cell", "not enough", "exceeds the")


def does_not_fit(log: str) -> str | None:
    """A sentence naming the over-used resources when nextpnr's log says the design does not
    fit the part; None otherwise."""
    over = []
    for line in log.splitlines():
        m = _UTIL.match(line.strip())
        if m and int(m.group(2)) > int(m.group(3)):
            over.append(f"{m.group(1)} {m.group(2)}/{m.group(3)} ({m.group(4)}%)")
    if over:
        return "does not fit: " + ", ".join(over)
    if any(s in log for s in _NOFIT) and "ERROR" in log:
        err = next((ln for ln in log.splitlines() if ln.startswith("ERROR")), "")
        return f"does not fit: {err.removeprefix('ERROR: ')}"
    return None


def yosys_failure(log: str) -> str:
    """One line saying why a Yosys run failed (its ERROR line, or the WebAssembly trap and the
    pass it happened in)."""
    lines = log.splitlines()
    err = next((ln.strip() for ln in reversed(lines) if "ERROR" in ln), None)
    passes = [ln for ln in lines if re.match(r"^[\d.]+ Executing ", ln)]
    where = passes[-1].split("Executing ", 1)[1] if passes else "?"
    if err:
        return f"{err} (in {where})"
    if "call stack exhausted" in log:
        return f"Yosys (WebAssembly) call stack exhausted in {where}"
    tail = next((ln for ln in reversed(lines) if ln.strip()), "")
    return f"Yosys failed in {where}: {tail.strip()[:200]}"


def last_pass(log: str) -> str:
    passes = [ln for ln in log.splitlines() if re.match(r"^[\d.]+ Executing ", ln)]
    return passes[-1] if passes else ""


#: router1's progress table row: ``IterCnt | w/ripup wo/ripup | w/r wo/r | remaining | ...``
_ROUTER1_ROW = re.compile(r"^Info:\s+\d+\s*\|\s*\d+\s+\d+\s*\|\s*\d+\s+\d+\s*\|\s*(\d+)\s*\|")
#: router2's iteration line: ``iter=N wires=W overused=O overuse=U archfail=F``
_ROUTER2_ITER = re.compile(r"^Info:\s+iter=\d+\s.*\boveruse=(\d+)")


def route_progress(log: str) -> list[int]:
    """The router's distance from a finished routing, one figure per progress line of a
    nextpnr log, in order: arcs left to route (router1) or the overuse of wires (router2);
    falls to 0 when routing converges. [] before routing starts."""
    out = []
    for line in log.splitlines():
        m = _ROUTER1_ROW.match(line) or _ROUTER2_ITER.match(line)
        if m:
            out.append(int(m.group(1)))
    return out


_PHASES = (("place_s", re.compile(r"^Info: HeAP Placer Time: ([\d.]+)s")),
           ("place_s", re.compile(r"^Info: SA placement time ([\d.]+)s")),
           ("route_s", re.compile(r"^Info: Router[12] time ([\d.]+)s")))


def pnr_phases(log: str) -> dict[str, float]:
    """Seconds nextpnr reports for placement (analytic HeAP and simulated-annealing
    refinement together) and routing; a phase the log does not report is absent."""
    out: dict[str, float] = {}
    for line in log.splitlines():
        for name, rx in _PHASES:
            m = rx.match(line)
            if m:
                out[name] = round(out.get(name, 0.0) + float(m.group(1)), 2)
    return out


_PASS_ROW = re.compile(r"^\s*\d+%\s+(\d+) calls\s+([\d.]+) sec (\S+)$")


def yosys_passes(log: str, top: int = 8) -> dict[str, float]:
    """The ``top`` passes Yosys spent most seconds in, from the table ``yosys -d`` prints at
    exit ("Time spent:", a row per pass with its calls), longest first; {} if the log has no
    such table (a run without ``-d``, or one that failed)."""
    rows: list[tuple[float, str]] = []
    if "Time spent:" in log:
        for line in log[log.rindex("Time spent:"):].splitlines()[1:]:
            m = _PASS_ROW.match(line)
            if not m:
                break
            rows.append((float(m.group(2)), m.group(3)))
    return {name: round(sec, 1) for sec, name in sorted(rows, reverse=True)[:top]}
