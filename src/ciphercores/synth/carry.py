# SPDX-License-Identifier: Apache-2.0
"""Archived records carried over to a new inputs digest, where a change re-keys them but
moves none of their figures.

A change to the flow can re-key records without changing what place-and-route computes: the
write-mode step (``netlist.normal_write_modes``) changes only the write mode of block RAM
ports that never write, and nextpnr routes such a netlist to the same result, cell for cell and
wire for wire, with the same Fmax (shown on ``aes_iter`` and ``bf_pipe`` at seed 1; the
CHANGELOG and the commit that carried the records give the runs). Re-measuring the re-keyed
records would take hours of place-and-route for the same figures.

``carry_over`` moves one record to its new digest. It needs today's synthesis of the design
(run or read from the cache): its cells must equal the record's (the same netlist but for
what the change sets), and the record takes its Yosys script and its ``bram_write_modes``.
The Fmax caps are applied again (``limits.apply``: the mode decides the cap), throughput
follows, and ``carried_over`` says from which digest, when and why. ``carry_step`` does that
for every archived record that one netlist step alone re-keyed.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from pathlib import Path

from .. import cores
from ..errors import NotCached
from . import cache, flow, limits, measurements, netlist, steps
from .design import Design, harness_of, widths_of
from .targets import get as get_target


def carry_over(rec: dict, inputs: str, synth: dict, reason: str,
               step: str | None = None) -> dict:
    """A copy of the archived record ``rec`` under the digest ``inputs``, with ``synth``, the
    meta of today's synthesis step of its design (``steps.synthesize``; ``dir``: the name of its
    cache entry, which the nextpnr command names); ``step``: the netlist step that re-keyed it,
    if one did. Raises ValueError where the synthesis has other cells than the record: then
    the figures do not carry."""
    if synth["cells"] != rec.get("cells"):
        raise ValueError(f"{rec['core']} {rec['params']}: today's synthesis has other cells "
                         "than the record; its figures do not carry over")
    out = copy.deepcopy(rec)
    out["inputs"] = inputs
    out["bram_write_modes"] = synth.get("bram_write_modes")
    out["commands"] = [synth["script"].strip(), *(
        re.sub(r"/synth/[0-9a-f]+/", f"/synth/{synth['dir']}/", c)
        for c in rec.get("commands", [])[1:])]
    out["carried_over"] = {"from": rec["inputs"], "date": cache.now(), "reason": reason,
                           **({"step": step} if step else {}),
                           **({"earlier": rec["carried_over"]} if rec.get("carried_over")
                              else {})}
    out.pop("fmax_cap", None)
    return flow._throughput(limits.apply(out))


def carry_step(step: str, reason: str, archive: Path | None = None,
               cache_only: bool = False, only: Iterable[str] | None = None
               ) -> list[tuple[str, str, str]]:
    """Carry over every archived record that the netlist step ``step`` (a key of
    ``netlist.keys``) alone re-keyed: its digest without the step's entry is the archived one
    (``only``: of these cores alone). Synthesises each design (cached; ``cache_only``: only
    the records whose synthesis is in the cache, no tool runs) and rewrites the archive.
    Returns (core, old digest, new digest) of each record carried."""
    path = archive or measurements.ARCHIVE
    data = json.loads(path.read_text())
    records = data["records"]
    carried = []
    for digest, rec in list(records.items()):
        if only is not None and rec["core"] not in only:
            continue
        core = cores.get(rec["core"])
        p = core.params(rec["params"])
        args = (core, p, rec["target"], rec.get("grade"), tuple(rec.get("seeds") or ()))
        new = measurements.inputs_digest(*args)
        if new == digest or measurements.inputs_digest(*args, without=(step,)) != digest:
            continue  # current, or re-keyed by something else than the step
        design = Design.of(core, p)
        assert step in netlist.keys(rec["target"], design.canonical())
        try:
            sdir, smeta, _ = steps.synthesize(
                design, widths_of(core, p, cache_only=cache_only),
                get_target(rec["target"]), cache_only=cache_only, harness=harness_of(core))
        except NotCached:
            continue
        records[new] = carry_over(rec, new, {**smeta, "dir": sdir.name}, reason, step)
        del records[digest]
        carried.append((rec["core"], digest, new))
    if carried:
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return carried
