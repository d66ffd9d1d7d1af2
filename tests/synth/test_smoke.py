# SPDX-License-Identifier: Apache-2.0
"""Synthesis smoke test: every registered core, default parameters, inside the harness,
through Yosys synth_ecp5 (no place-and-route: that is behind `slow`; so is the smoke test of a
core whose registry entry puts "synth" in ``slow_runs``)."""

from __future__ import annotations

import pytest

from ciphercores import cores
from ciphercores.synth import flow


@pytest.mark.parametrize("core_name", [
    pytest.param(n, marks=[pytest.mark.slow] if "synth" in cores.get(n).slow_runs else [])
    for n in sorted(cores.CORES)])
def test_core_synthesises_in_harness(core_name):
    core = cores.get(core_name)
    p = core.params()
    rec = flow.measure(core, p, "ecp5", seeds=())
    assert rec["status"] == "ok", rec["error"]
    assert rec["timing"] is False and rec["fmax_mhz"] is None
    # port widths as elaborated agree with the registry (measure checks; recorded here)
    assert rec["key_bits"] == core.key_bits(p)
    assert rec["data_bits"] == core.block_bits(p) * rec["lanes"]
    area, harness, core_area = rec["area"], rec["harness"]["area"], rec["core_area"]
    # the harness keeps every input bit in a register: chain >= data + key + tlen + 4 bits,
    # capture >= data bits
    chain = rec["data_bits"] + rec["key_bits"] + max(rec["tlen_bits"], 1) + 4
    assert harness["ff"] >= chain + rec["data_bits"]
    # the core is really there: its logic, and at least its output register (interface)
    assert core_area["lut"] > 0
    assert core_area["ff"] >= rec["data_bits"]
    assert area["ff"] == harness["ff"] + core_area["ff"]
    assert area["other"] == 0, f"unclassified cells: {rec['cells']}"
    assert rec["tools"]["yosys"].startswith("Yosys")


def test_cache_reuses_and_force_redoes():
    core = cores.get("speck_iter")
    p = {"WORD": 16, "KEY_WORDS": 4}
    first = flow.measure(core, p, "ecp5", seeds=())
    again = flow.measure(core, p, "ecp5", seeds=())
    assert again["cached"] is True
    assert again["area"] == first["area"] and again["date"] == first["date"]
    forced = flow.measure(core, p, "ecp5", seeds=(), force=True)
    assert forced["cached"] is False
    assert forced["area"] == first["area"]


def test_cache_key_follows_parameters():
    core = cores.get("speck_iter")
    a = flow.measure(core, {"WORD": 16, "KEY_WORDS": 4}, "ecp5", seeds=())
    b = flow.measure(core, core.defaults, "ecp5", seeds=())  # cached by the test above
    assert b["data_bits"] == 2 * core.defaults["WORD"] and a["data_bits"] == 32
    assert b["core_area"]["ff"] > a["core_area"]["ff"]


def test_bad_parameter_set_is_refused_before_any_tool():
    core = cores.get("speck_iter")
    with pytest.raises(cores.BadParameterError, match="not a parameter set"):
        flow.measure(core, {"WORD": 16, "KEY_WORDS": 2}, "ecp5", seeds=(), cache_only=True)
