# SPDX-License-Identifier: Apache-2.0
"""Full place-and-route runs (slow): the Fmax policy (median of seeds 1, 2, 3), the
throughput formula, iCE40, and a sweep with its plot."""

from __future__ import annotations

import statistics

import pytest

from ciphercores import cores
from ciphercores.cli import main
from ciphercores.synth import flow

pytestmark = pytest.mark.slow


def test_ecp5_three_seeds_median_and_throughput():
    core = cores.get("speck_iter")
    rec = flow.measure(core, core.defaults, "ecp5", "8", (1, 2, 3))
    assert rec["status"] == "ok"
    f = list(rec["fmax_by_seed"].values())
    assert len(f) == 3 and rec["fmax_mhz"] == pytest.approx(statistics.median(f), abs=0.01)
    assert rec["fmax_min_mhz"] == min(f) and rec["fmax_max_mhz"] == max(f)
    p = core.params()
    assert rec["gbps"] == pytest.approx(
        core.block_bits(p) * rec["fmax_mhz"] / core.interval(p) / 1000, rel=1e-3)
    assert rec["gbps_per_klut"] == pytest.approx(
        rec["gbps"] / rec["core_area"]["lut"] * 1000, rel=1e-3)
    # the harness must not be what limits the clock
    assert rec["harness"]["fmax_mhz"] > rec["fmax_mhz"]
    assert rec["critical_path"]["from"].startswith("u_core.") or \
        rec["critical_path"]["to"].startswith("u_core.")


def test_ice40_hx8k():
    core = cores.get("speck_iter")
    rec = flow.measure(core, {"WORD": 16, "KEY_WORDS": 4}, "ice40", "hx8k", (1,))
    assert rec["status"] == "ok" and rec["fmax_mhz"] > 10
    assert rec["core_area"]["lut"] > 0 and rec["core_area"]["ff"] >= 32


def test_sweep_with_plot(tmp_path):
    rc = main(["explore", "speck_iter", "-P", "WORD=16,24", "-P", "KEY_WORDS=4",
               "--target", "ecp5", "--seeds", "1", "--out", str(tmp_path)])
    assert rc == 0
    png = tmp_path / "speck_iter-sweep.png"
    assert png.exists() and png.read_bytes()[:4] == b"\x89PNG"
