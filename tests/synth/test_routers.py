# SPDX-License-Identifier: Apache-2.0
"""nextpnr's two routers: the router is part of a measurement's digest only when it is not
router1 (the archive's keys stay), a place-and-route run that passes its wall-time limit or
stops converging is ended and reported, and the router comparison's rule
(``ciphercores.synth.routers``) decides as docs/results.md says."""

from __future__ import annotations

import json
import sys

import pytest

from ciphercores import cli, cores
from ciphercores.errors import EXIT_CODES, FlowError, PnrStopped
from ciphercores.synth import measurements, reports, routers, runner

#: lines of a real nextpnr-ecp5 0.11 log (bf_pipe, seed 1, router1), cut
ROUTER1_LOG = """\
Info: HeAP Placer Time: 31.86s
Info:   of which solving equations: 18.22s
Info: SA placement time 61.99s
Info: Routing 40351 arcs.
Info:            |   (re-)routed arcs  |   delta    | remaining|       time spent     |
Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|
Info:       1000 |      529        470 |  529   470 |     40127|       7.81       7.81|
Info:       2000 |      881       1118 |  352   648 |     39732|       5.89      13.70|
Info:      42000 |    10896      31103 |  306   694 |     19676|       9.73     223.95|
"""
#: the same netlist and seed with router2
ROUTER2_LOG = """\
Info: HeAP Placer Time: 31.76s
Info: SA placement time 53.13s
Info: Running router2...
Info: Setting up routing resources...
Info: Running main router loop...
Info:     iter=1 wires=226405 overused=16623 overuse=20832 archfail=NA
"""


def test_route_progress_reads_both_routers_logs():
    assert reports.route_progress(ROUTER1_LOG) == [40127, 39732, 19676]
    assert reports.route_progress(ROUTER2_LOG) == [20832]
    assert reports.route_progress("Info: HeAP Placer Time: 31.86s\n") == []


def test_pnr_phases_add_the_two_placers():
    assert reports.pnr_phases(ROUTER1_LOG) == {"place_s": 93.85}
    assert reports.pnr_phases(ROUTER2_LOG) == {"place_s": 84.89}


def _fake_nextpnr(tmp_path, lines: list[str], pause: float) -> list[str]:
    """A stand-in for nextpnr that writes ``lines`` to its log, ``pause`` s apart, then
    sleeps: only the watch around the process is under test here."""
    script = tmp_path / "fake_pnr.py"
    script.write_text(
        "import sys, time\n"
        f"lines = {lines!r}\n"
        "with open('pnr.log', 'w') as f:\n"
        "    for ln in lines:\n"
        "        f.write(ln + '\\n'); f.flush(); time.sleep(" + repr(pause) + ")\n"
        "    time.sleep(60)\n")
    return [sys.executable, str(script)]


def test_a_router_that_stops_converging_is_ended(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "_POLL_S", 0.05)
    row = "Info:       {0}000 |  1  1 |  1  1 |     {1}|  1.0  1.0|"
    lines = [row.format(i, 500 + (i % 3)) for i in range(1, 40)]  # never below 500
    args = _fake_nextpnr(tmp_path, lines, 0.05)
    with pytest.raises(PnrStopped, match="stopped converging: the router came no closer than "
                                         "500"):
        runner.run_pnr(args, tmp_path, "pnr.log", limit_s=30, stall_s=0.5)


def test_a_run_past_its_wall_time_limit_is_ended(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "_POLL_S", 0.05)
    args = _fake_nextpnr(tmp_path, ["Info: HeAP Placer Time: 1.00s"], 0.01)
    with pytest.raises(PnrStopped, match="passed its wall-time limit"):
        runner.run_pnr(args, tmp_path, "pnr.log", limit_s=0.5, stall_s=30)


def test_a_converging_router_is_left_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "_POLL_S", 0.05)
    row = "Info:       {0}000 |  1  1 |  1  1 |     {1}|  1.0  1.0|"
    script = tmp_path / "fake_pnr.py"
    script.write_text(
        "import time\n"
        "with open('pnr.log', 'w') as f:\n"
        f"    for i in range(1, 20):\n"
        f"        f.write({row!r}.format(i, 1000 - 50 * i) + '\\n'); f.flush()\n"
        "        time.sleep(0.05)\n")
    rc, log, wall, cpu = runner.run_pnr([sys.executable, str(script)], tmp_path, "pnr.log",
                                       limit_s=30, stall_s=0.5)
    assert rc == 0 and reports.route_progress(log)[-1] == 50
    assert wall >= 19 * 0.05 and 0 < cpu < wall


def test_stopped_runs_have_their_own_exit_status():
    assert PnrStopped in [cls for cls, _ in EXIT_CODES.values()]
    assert PnrStopped.exit_code != FlowError.exit_code


def test_router1_keeps_the_archives_digests_and_router2_has_its_own():
    core = cores.get("des_pipe")
    p = core.params(None)
    base = measurements.inputs_digest(core, p, "ecp5", "8", (1, 2, 3))
    assert measurements.inputs_digest(core, p, "ecp5", "8", (1, 2, 3), router="router1") == base
    assert measurements.inputs_digest(core, p, "ecp5", "8", (1, 2, 3), router="router2") != base


def test_synth_refuses_an_unknown_router_and_a_bad_limit(capsys):
    with pytest.raises(SystemExit):
        cli.main(["synth", "des_pipe", "--router", "router3"])
    assert cli.main(["synth", "des_pipe", "--pnr-limit", "0"]) == 2
    assert "--pnr-limit" in capsys.readouterr().err


def _row(name, r1, r2_med, walls=None, complete=True):
    row = {"core": name, "router1": r1, "complete": complete, "r2_fmax": r2_med}
    lo, hi, med = r1["fmax_min_mhz"], r1["fmax_max_mhz"], r1["fmax_mhz"]
    row["fmax_ok"] = r2_med >= (1 - routers.WITHIN) * med or lo <= r2_med <= hi
    if walls:
        row["wall_s"] = walls
    return row


R1 = {"fmax_mhz": 200.0, "fmax_min_mhz": 190.0, "fmax_max_mhz": 210.0}


def test_the_rule_keeps_router1_when_one_core_loses_fmax():
    rs = [_row("a", R1, 199.0), _row("b", R1, 150.0),
          _row("c", R1, 200.0, (1000, 100)), _row("d", R1, 200.0, (1000, 100))]
    assert routers.verdict(rs) == "router1"


def test_the_rule_keeps_router1_when_the_largest_are_not_twice_as_fast():
    rs = [_row("a", R1, 199.0), _row("b", R1, 191.0),
          _row("c", R1, 200.0, (1000, 100)), _row("d", R1, 200.0, (1000, 600))]
    assert routers.verdict(rs) == "router1"


def test_the_rule_moves_to_router2_only_when_every_core_passes():
    rs = [_row("a", R1, 199.0), _row("b", R1, 191.0),
          _row("c", R1, 200.0, (1000, 100)), _row("d", R1, 200.0, (1000, 500))]
    assert routers.verdict(rs) == "router2"
    rs[0]["complete"] = False
    assert routers.verdict(rs) is None


def test_the_archive_keeps_the_routers_section(tmp_path):
    path = tmp_path / "measurements.json"
    routers.save([{"inputs": "r2digest", "core": "des_pipe", "router": "router2",
                   "cached": True}], path)
    measurements.write_archive([{"inputs": "d1", "core": "des_pipe"}], path)
    data = json.loads(path.read_text())
    assert data["records"] == {"d1": {"inputs": "d1", "core": "des_pipe"}}
    assert data["routers"] == {"r2digest": {"inputs": "r2digest", "core": "des_pipe",
                                            "router": "router2"}}
