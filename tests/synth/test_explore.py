# SPDX-License-Identifier: Apache-2.0
"""`explore` on Dask: a 2-point sweep (one valid SPECK set, one that is not a SPECK set),
synthesis only, so it is fast; the failing point is reported in its row and the sweep goes on.
Place-and-route sweeps with the plot are in test_pnr_slow.py."""

from __future__ import annotations

import csv
import json
import time

from ciphercores.cli import main
from ciphercores.synth import explore


def test_points_product_and_sets():
    assert explore.points({"A": [1, 2], "B": [3]}) == [{"A": 1, "B": 3}, {"A": 2, "B": 3}]
    assert explore.points({}, sets=[{"A": 1}, {"A": 2}]) == [{"A": 1}, {"A": 2}]
    assert explore.points({"B": [5, 6]}, sets=[{"A": 1}]) == [{"A": 1, "B": 5},
                                                             {"A": 1, "B": 6}]


def test_two_point_sweep_reports_failure_in_its_row(tmp_path, capsys):
    t0 = time.monotonic()
    rc = main(["explore", "speck_iter", "-P", "WORD=16", "-P", "KEY_WORDS=4,2",
               "--target", "ecp5", "--seeds", "", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert rc == 1  # not every point measured
    assert "1 of 2 points measured" in out
    with (tmp_path / "speck_iter-sweep.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [r["params"] for r in rows] == ["WORD=16 KEY_WORDS=4", "WORD=16 KEY_WORDS=2"]
    good, bad = rows
    assert good["status"] == "ok" and int(good["core_lut"]) > 0 and good["ciphers"] == "speck32-64"
    assert bad["status"] == "error" and "not a parameter set" in bad["error"]
    data = json.loads((tmp_path / "speck_iter-sweep.json").read_text())
    assert len(data["records"]) == 2 and data["sweeps"] == {"WORD": [16], "KEY_WORDS": [4, 2]}
    # no throughput without place-and-route: no plot
    assert not (tmp_path / "speck_iter-sweep.png").exists()
    assert time.monotonic() - t0 < 600


def test_plot_when_the_rounded_median_equals_the_fastest_seed(tmp_path):
    # a record's throughput is rounded, so max/median scaling can come out a hair below it;
    # the error bar must not turn negative (a 64/128 speck_pipe sweep failed that way)
    rec = {"core": "speck_pipe", "target": "ecp5", "grade": "8", "status": "ok",
           "params": {"WORD": 32, "KEY_WORDS": 4, "STAGES": 27}, "core_area": {"lut": 8000},
           "fmax_mhz": 187.2, "fmax_min_mhz": 176.96, "fmax_max_mhz": 187.2,
           "gbps": 11.9808}
    other = {**rec, "params": {**rec["params"], "STAGES": 1}, "core_area": {"lut": 1000},
             "fmax_mhz": 173.85, "fmax_min_mhz": 165.76, "fmax_max_mhz": 175.32,
             "gbps": 0.4121}
    png = explore.plot([rec, other], tmp_path / "sweep.png", ["STAGES"])
    assert png is not None and png.stat().st_size > 0


def test_plot_title_names_the_cipher_of_a_one_set_sweep():
    rec = {"core": "speck_pipe", "ciphers": ["speck48-96"]}
    assert explore.plot_title([rec, {**rec}]) == "speck_pipe (speck48-96): area versus throughput"
    mixed = [rec, {**rec, "ciphers": ["speck64-128"]}]
    assert explore.plot_title(mixed) == "speck_pipe: area versus throughput"
    assert explore.plot_title([{"core": "x"}]) == "x: area versus throughput"
