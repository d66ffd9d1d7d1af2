# SPDX-License-Identifier: Apache-2.0
"""Fmax caps from the minimum clock pulse widths nextpnr-ecp5 does not check."""

from __future__ import annotations

import copy

import pytest

from ciphercores.synth import limits


@pytest.mark.parametrize("grade,cell,mhz", [
    # the limits computed from the Project Trellis database (shared ECP5_LIMITS.md)
    ("6", "DP16KD", 212.0), ("7", "DP16KD", 254.2), ("8", "DP16KD", 271.4),
    ("6", "DP16KD read-before-write", 154.6), ("8", "DP16KD read-before-write", 214.1),
    ("8", "slice", 440.9), ("7", "slice", 440.9),
    # the database's speed-6 slice width (1,050 ps, 476.2 MHz) is shorter than speed 8's:
    # a slower grade is never capped above a faster one
    ("6", "slice", 440.9),
])
def test_caps_per_grade(grade, cell, mhz):
    assert limits.cap_mhz(limits.pulse_ps("ecp5", grade, cell)) == mhz


def _rec(fmax_by_seed, cells=None, grade="8", harness=600.0, **extra):
    f = sorted(fmax_by_seed.values())
    return {"target": "ecp5", "grade": grade, "cells": cells or {"LUT4": 10},
            "fmax_mhz": f[1], "fmax_min_mhz": f[0], "fmax_max_mhz": f[-1],
            "fmax_by_seed": dict(fmax_by_seed),
            "harness": {"fmax_mhz": harness, "fmax_min_mhz": harness,
                        "fmax_max_mhz": harness}, **extra}


def test_a_block_ram_design_is_capped_and_keeps_nextpnr_figures():
    rec = limits.apply(_rec({"1": 282.6, "2": 273.3, "3": 260.0}, {"DP16KD": 2}))
    assert rec["fmax_by_seed"] == {"1": 271.4, "2": 271.4, "3": 260.0}
    assert (rec["fmax_mhz"], rec["fmax_min_mhz"], rec["fmax_max_mhz"]) == (271.4, 260.0, 271.4)
    assert rec["fmax_nextpnr"]["fmax_mhz"] == 273.3
    assert rec["fmax_nextpnr"]["fmax_by_seed"]["1"] == 282.6
    assert limits.note(rec) == "capped: DP16KD pulse width"
    assert rec["harness"]["fmax_mhz"] == 440.9  # the harness is slices only
    assert limits.note(rec["harness"]) == "capped: slice pulse width"
    again = limits.apply(copy.deepcopy(rec))  # a record read back from the archive
    assert again == rec


def test_read_before_write_rams_have_the_lower_cap():
    rec = limits.apply(_rec({"1": 250.0, "2": 240.0, "3": 230.0}, {"DP16KD": 1}, "8",
                            bram_write_modes={"NORMAL": 1, "READBEFOREWRITE": 1}))
    assert rec["fmax_mhz"] == 214.1 and "read-before-write" in limits.note(rec)


def test_figures_under_the_cap_are_left_as_they_are():
    before = _rec({"1": 180.0, "2": 170.0, "3": 190.0}, {"DP16KD": 4}, harness=400.0)
    rec = limits.apply(copy.deepcopy(before))
    assert {k: rec[k] for k in ("fmax_mhz", "fmax_by_seed")} == \
        {k: before[k] for k in ("fmax_mhz", "fmax_by_seed")}
    assert limits.note(rec) == "" and limits.note(rec["harness"]) == ""
    assert rec["fmax_cap"] == {"mhz": 271.4, "limit": "DP16KD pulse width", "applied": False}


def test_targets_without_a_table_and_untimed_records_are_untouched():
    xc7 = {"target": "xc7", "grade": None, "cells": {"LUT6": 3}, "fmax_mhz": None}
    assert limits.apply(copy.deepcopy(xc7)) == xc7
    untimed = {"target": "ecp5", "grade": None, "cells": {}, "fmax_mhz": None}
    assert limits.apply(copy.deepcopy(untimed)) == untimed


def test_the_archived_des_pipe_record_is_capped_and_says_so():
    """des_pipe's committed measurement (nextpnr: above 271.4 MHz at speed 8) reads back
    capped, with its throughput from the capped figure, and `ciphercores synth` says why."""
    from ciphercores import cores
    from ciphercores.cli.synth import format_record
    from ciphercores.synth import flow

    core = cores.get("des_pipe")
    rec = flow.recorded(core, core.params(), "ecp5", "8", stale=True)  # current or not
    assert rec["fmax_nextpnr"]["fmax_mhz"] > 271.4 and rec["fmax_mhz"] == 271.4
    assert rec["gbps"] == round(64 * 271.4 / core.interval(core.params()) / 1000, 4)
    text = format_record(rec)
    assert "core capped: DP16KD pulse width: nextpnr's median" in text
    assert "harness capped: slice pulse width" in text
