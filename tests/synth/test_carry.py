# SPDX-License-Identifier: Apache-2.0
"""Archived records carried over to a new digest (ciphercores.synth.carry): the figures stay,
the caps follow the new write modes, the record says where it came from; and the archive's
carried records are consistent with the step that re-keyed them."""

from __future__ import annotations

import copy
import json

import pytest

from ciphercores import cores
from ciphercores.synth import carry, flow, limits, measurements

SCRIPT = ("read_verilog ...\nsynth_ecp5 -top synth_harness -json netlist.json\n"
          "# then ciphercores.synth.netlist.normal_write_modes: 160 DP16KD ports ...\n")


def _record(fmax: dict[str, float], modes: dict[str, int]) -> dict:
    """An archived ECP5 speed-8 record with these nextpnr figures per seed, capped as the
    flow caps them."""
    f = sorted(fmax.values())
    rec = {"core": "aes_pipe", "params": {"LANES": 1}, "target": "ecp5", "grade": "8",
           "seeds": [1, 2, 3], "inputs": "old" * 4, "cells": {"DP16KD": 84, "LUT4": 10},
           "status": "ok", "block_bits": 128, "lanes": 1, "interval": 1,
           "core_area": {"lut": 1000}, "fmax_mhz": f[1], "fmax_min_mhz": f[0],
           "fmax_max_mhz": f[2], "fmax_by_seed": dict(fmax), "bram_write_modes": modes,
           "commands": ["old script", "nextpnr-ecp5 --json ../../synth/0123456789abcdef0123/"
                                      "netlist.json --seed SEED"],
           "date": "2026-11-01T00:00:00+00:00", "harness": {"status": "ok"}}
    return flow._throughput(limits.apply(rec))


def _synth(modes: dict[str, int]) -> dict:
    return {"cells": {"DP16KD": 84, "LUT4": 10}, "bram_write_modes": modes, "script": SCRIPT,
            "dir": "fedcba9876543210fedc"}


def test_figures_carry_and_the_cap_follows_the_new_modes():
    old = _record({"1": 197.59, "2": 179.4, "3": 192.49}, {"NORMAL": 8, "READBEFOREWRITE": 160})
    assert old["fmax_cap"]["limit"] == "DP16KD read-before-write pulse width"
    kept = copy.deepcopy(old)
    new = carry.carry_over(old, "new" * 4, _synth({"NORMAL": 168}), "same routing",
                           "netlist_writemode")
    assert old == kept  # the archived record is not changed
    assert new["inputs"] == "new" * 4 and new["bram_write_modes"] == {"NORMAL": 168}
    assert new["carried_over"]["from"] == "old" * 4
    assert new["carried_over"]["step"] == "netlist_writemode"
    assert new["carried_over"]["reason"] == "same routing"
    assert new["fmax_cap"] == {"mhz": 271.4, "limit": "DP16KD pulse width", "applied": False}
    for k in ("fmax_mhz", "fmax_min_mhz", "fmax_max_mhz", "fmax_by_seed", "gbps", "date",
              "cells"):
        assert new[k] == old[k], k
    assert new["commands"][0] == SCRIPT.strip()
    assert new["commands"][1] == ("nextpnr-ecp5 --json ../../synth/fedcba9876543210fedc/"
                                  "netlist.json --seed SEED")


def test_a_figure_the_old_mode_capped_comes_back():
    """A seed nextpnr routed above the read-before-write cap: capped at 214.1 before, its
    own figure under the normal cap after, and the throughput with it."""
    old = _record({"1": 230.0, "2": 200.0, "3": 210.0}, {"READBEFOREWRITE": 168})
    assert old["fmax_by_seed"]["1"] == old["fmax_max_mhz"] == 214.1
    assert old["fmax_cap"]["applied"] is True
    new = carry.carry_over(old, "new" * 4, _synth({"NORMAL": 168}), "same routing")
    assert new["fmax_by_seed"] == {"1": 230.0, "2": 200.0, "3": 210.0}
    assert new["fmax_max_mhz"] == 230.0 and new["fmax_mhz"] == 210.0
    assert new["fmax_cap"]["applied"] is False and limits.note(new) == ""
    assert new["gbps"] == round(128 * 210.0 / 1000, 4)
    again = carry.carry_over(new, "third" * 4, _synth({"NORMAL": 168}), "again")
    assert again["carried_over"]["from"] == "new" * 4
    assert again["carried_over"]["earlier"]["from"] == "old" * 4


def test_other_cells_do_not_carry():
    old = _record({"1": 190.0, "2": 191.0, "3": 192.0}, {"READBEFOREWRITE": 168})
    synth = {**_synth({"NORMAL": 168}), "cells": {"DP16KD": 84, "LUT4": 11}}
    with pytest.raises(ValueError, match="other cells"):
        carry.carry_over(old, "new" * 4, synth, "same routing")


def test_archived_carried_records_came_from_their_digest_before_the_step():
    """Every archived record carried over by a netlist step, and current today, had before
    that step exactly the digest it names: the step alone re-keyed it."""
    carried = [r for r in measurements.read_archive().values() if r.get("carried_over")]
    assert carried
    for rec in carried:
        core = cores.get(rec["core"])
        step = rec["carried_over"].get("step")
        seeds = tuple(rec.get("seeds") or ())
        if step is None or measurements.inputs_digest(core, rec["params"], rec["target"],
                                                      rec.get("grade"), seeds) != rec["inputs"]:
            continue  # a record of older RTL since (shown stale: test_canon): not checkable
        assert measurements.inputs_digest(core, rec["params"], rec["target"], rec.get("grade"),
                                          tuple(rec.get("seeds") or ()), without=(step,)
                                          ) == rec["carried_over"]["from"], rec["core"]


def test_carry_step_moves_a_record_the_step_rekeyed(tmp_path, monkeypatch):
    """aes_iter (S-boxes in block RAM) at speed 8 as archived before the write-mode step:
    carried to today's digest with today's synthesis (real Yosys), its figures kept."""
    core = cores.get("aes_iter")
    p = core.params()
    args = (core, p, "ecp5", "8", flow.DEFAULT_SEEDS)
    before = measurements.inputs_digest(*args, without=("netlist_writemode",))
    today = measurements.inputs_digest(*args)
    assert before != today
    old = _record({"1": 86.04, "2": 89.38, "3": 89.37}, {"READBEFOREWRITE": 16})
    old.update(core="aes_iter", params=p, inputs=before, cells=flow.measure(
        core, p, "ecp5", seeds=())["cells"])  # the cells Yosys gives today (the same netlist)
    other = {**old, "core": "speck_iter", "params": cores.get("speck_iter").params()}
    other["inputs"] = measurements.inputs_digest(cores.get("speck_iter"), other["params"], "ecp5",
                                                 "8", flow.DEFAULT_SEEDS)
    path = tmp_path / "measurements.json"
    path.write_text(json.dumps({"schema": measurements.SCHEMA,
                                "records": {before: old, other["inputs"]: other}}))
    assert carry.carry_step("netlist_writemode", "same routing", archive=path,
                            only={"bf_pipe"}) == []
    with monkeypatch.context() as m:  # nothing in the cache: nothing carried, no tool run
        m.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty"))
        assert carry.carry_step("netlist_writemode", "same routing", archive=path,
                                cache_only=True) == []
    moved = carry.carry_step("netlist_writemode", "same routing", archive=path)
    assert moved == [("aes_iter", before, today)]
    records = json.loads(path.read_text())["records"]
    assert set(records) == {today, other["inputs"]} and records[other["inputs"]] == other
    new = records[today]
    assert new["bram_write_modes"] == {"NORMAL": 16}
    assert new["fmax_by_seed"] == old["fmax_by_seed"]
    assert new["fmax_cap"]["mhz"] == 271.4 and new["carried_over"]["from"] == before
    assert carry.carry_step("netlist_writemode", "same routing", archive=path) == []
