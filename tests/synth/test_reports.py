# SPDX-License-Identifier: Apache-2.0
"""The report readers on real tool outputs: a tiny design synthesised, placed and routed for
real (no canned logs)."""

from __future__ import annotations

import json
import subprocess

import pytest

from ciphercores import tools
from ciphercores.synth import reports, sta, targets

COUNTER = """
module counter #(parameter integer W = 8) (
    input  wire         clk,
    input  wire         en,
    output reg  [W-1:0] q
);
always @(posedge clk) if (en) q <= q + 1'b1;
endmodule
"""


def _run(args, cwd):
    res = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False,
                         stdin=subprocess.DEVNULL)
    return res.returncode, res.stdout + res.stderr


def _yosys(cwd, script):
    (cwd / "s.ys").write_text(script)
    rc, out = _run([tools.find("yosys"), "-q", "-l", "y.log", "-s", "s.ys"], cwd)
    assert rc == 0, (cwd / "y.log").read_text()[-2000:] + out


def _nextpnr_ecp5(cwd, seed, *extra):
    """nextpnr-ecp5 (speed 8, 300 MHz asked) on cwd/net.json: (return code, output)."""
    return _run([tools.find("nextpnr-ecp5"), *targets.get("ecp5").grade_args("8"),
                 "--json", "net.json", "--freq", "300", "--timing-allow-fail",
                 "--report", "report.json", "--seed", str(seed), "-l", "pnr.log", "-q", *extra],
                cwd)


@pytest.fixture(scope="module")
def ecp5_counter(tmp_path_factory):
    d = tmp_path_factory.mktemp("counter")
    (d / "counter.v").write_text(COUNTER)
    _yosys(d, "read_verilog counter.v\nhierarchy -top counter -chparam W 12\n"
              "tee -q -o ports.txt portlist counter\n"
              + targets.get("ecp5").synth.format(top="counter", json="net.json")
              + "\ntee -q -o stat.json stat -json\n")
    return d


def test_portlist(ecp5_counter):
    ports = reports.parse_portlist((ecp5_counter / "ports.txt").read_text())
    assert ports == {"clk": ("input", 1), "en": ("input", 1), "q": ("output", 12)}


def test_stat_cells_and_classes(ecp5_counter):
    cells = reports.read_stat(ecp5_counter / "stat.json")
    area = reports.classify(targets.get("ecp5"), cells)
    assert area["ff"] == 12  # one flip-flop per counter bit, no more
    assert area["carry"] >= 1  # the adder is on the carry chain
    assert area["other"] == 0 and area["bram"] == 0 and area["dsp"] == 0
    assert reports.classify(targets.get("ecp5"), {**cells, "TRELLIS_IO": 14})["lut"] == area["lut"]


def test_stat_of_a_kept_module_counts_its_cells_once():
    """A module kept apart (keep_hierarchy) is a cell of its parent, typed by its name, while
    the design's totals already hold its cells: the cells by type leave that cell out (the
    shape of Yosys's ``stat -json`` for aes_iter with SBOX_BRAM=2, two kept modules)."""
    kept = "$paramod\\aes_tower_scale\\W4=4'1001"
    stat = {"modules": {"\\top": {"num_cells_by_type": {"LUT4": 5, kept: 2}},
                        kept: {"num_cells_by_type": {"LUT4": 3}}},
            "design": {"num_cells_by_type": {"LUT4": 11, kept: 2}}}
    assert reports.cell_counts(stat) == {"LUT4": 11}
    assert reports.classify(targets.get("ecp5"), reports.cell_counts(stat))["other"] == 0


def test_nextpnr_report(ecp5_counter):
    d = ecp5_counter
    rc, out = _nextpnr_ecp5(d, 1)
    assert rc == 0, out
    report = json.loads((d / "report.json").read_text())
    timing = reports.routed_timing(report)
    assert 50 < timing["fmax_mhz"] < 1000
    assert timing["constraint_mhz"] == 300
    # the routed figure, i.e. the log's last "Max frequency" line, not the first estimate
    log = (d / "pnr.log").read_text()
    last = [ln for ln in log.splitlines() if "Max frequency for clock" in ln][-1]
    assert f"{timing['fmax_mhz']:.2f} MHz" in last
    assert timing["from"] and timing["to"]  # critical path cells named
    util = reports.utilisation(report)
    assert util["TRELLIS_FF"][0] == 12
    assert util["TRELLIS_IO"][0] == 14
    assert reports.does_not_fit(log) is None


def test_slow_paths_agree_with_nextpnr(ecp5_counter, tmp_path):
    """The SDF's static timing gives nextpnr's own Fmax, and names the counter's register at
    both ends of its critical paths (the carry chain from q back to q)."""
    # (the WebAssembly tools see the working directory only)
    (tmp_path / "net.json").write_bytes((ecp5_counter / "net.json").read_bytes())
    rc, out = _nextpnr_ecp5(tmp_path, 2, "--sdf", "routed.sdf")
    assert rc == 0, out
    fmax = reports.routed_timing(json.loads((tmp_path / "report.json").read_text()))["fmax_mhz"]
    slow = sta.slow_paths_file(tmp_path / "routed.sdf")
    assert slow["fmax_mhz"] == pytest.approx(fmax, rel=0.005)
    # 12 counter bits (D and CE pins): the timed endpoints are the register's inputs
    assert slow["endpoints"] >= 12
    first = slow["groups"][0]
    assert (first["from"], first["to"]) == ("q", "q")
    assert first["worst_ns"] == pytest.approx(1000 / fmax, rel=0.005)
    assert 1 <= slow["near"] <= slow["endpoints"]
    assert sum(g["endpoints"] for g in slow["groups"]) <= slow["near"]
    # a wider margin takes in more (or as many) endpoints
    assert sta.slow_paths_file(tmp_path / "routed.sdf", margin=0.5)["near"] >= slow["near"]


def test_sta_group_names():
    assert sta.group_name("u_core.g_unit[16].u_round.q_r_TRELLIS_FF_Q_63/DI") == \
        "u_core.g_unit[*].u_round.q_r"
    assert sta.group_name("rst_reg_TRELLIS_FF_Q/Q") == "rst_reg"
    assert sta.group_name("u_core.u_fifo.mem.0.0/DOA3") == "u_core.u_fifo.mem.0.0"


def test_does_not_fit_from_real_nextpnr(tmp_path):
    # 64 outputs cannot be placed on the 39 I/O of the UP5K's SG48 package
    (tmp_path / "counter.v").write_text(COUNTER)
    _yosys(tmp_path, "read_verilog counter.v\nhierarchy -top counter -chparam W 64\n"
                     + targets.get("ice40").synth.format(top="counter", json="net.json") + "\n")
    rc, out = _run([tools.find("nextpnr-ice40"), *targets.get("ice40").grade_args("up5k"),
                    "--json", "net.json", "--freq", "100", "--report", "report.json",
                    "-l", "pnr.log", "-q"], tmp_path)
    assert rc != 0
    msg = reports.does_not_fit((tmp_path / "pnr.log").read_text() + out)
    assert msg is not None and msg.startswith("does not fit")
    assert "SB_IO" in msg


def test_abc_fallback_script_maps(tmp_path):
    """The ECP5 script used if ABC9 fails is valid and gives a LUT netlist."""
    (tmp_path / "counter.v").write_text(COUNTER)
    _yosys(tmp_path, "read_verilog counter.v\n"
                     + targets.get("ecp5").synth_abc.format(top="counter", json="net.json")
                     + "\ntee -q -o stat.json stat -json\n")
    area = reports.classify(targets.get("ecp5"), reports.read_stat(tmp_path / "stat.json"))
    assert area["ff"] == 8 and area["lut"] + area["carry"] > 0
    assert "ABC" in (tmp_path / "y.log").read_text()


def test_yosys_failure_names_the_error(tmp_path):
    (tmp_path / "bad.v").write_text("`default_nettype none\nmodule bad(input wire a, "
                                    "output wire b); assign b = c & a; endmodule\n")
    (tmp_path / "s.ys").write_text("read_verilog bad.v\nhierarchy -check -top bad\n")
    rc, out = _run([tools.find("yosys"), "-q", "-l", "y.log", "-s", "s.ys"], tmp_path)
    assert rc != 0
    msg = reports.yosys_failure((tmp_path / "y.log").read_text() + out)
    assert "ERROR" in msg and "`\\c' is implicitly declared" in msg


def test_yosys_passes_reads_the_table_of_yosys_d():
    """The table ``yosys -d`` prints at exit (Yosys 0.70's layout), longest first; a log
    without one gives nothing."""
    log = ("End of script. Logfile hash: b23b05aaf6, time: 1.59s\n"
           "Time spent:\n"
           "   18%     1 calls  456.100 sec abc9_exe\n"
           "   16%     1 calls  426.000 sec memory_libmap\n"
           "   21%    75 calls  639.040 sec opt_clean\n"
           "    0%     0 calls    0.000 sec id_gc\n"
           "\nsomething after\n")
    assert reports.yosys_passes(log) == {"opt_clean": 639.0, "abc9_exe": 456.1,
                                         "memory_libmap": 426.0, "id_gc": 0.0}
    assert list(reports.yosys_passes(log, top=2)) == ["opt_clean", "abc9_exe"]
    assert reports.yosys_passes("Time spent: 18% 1x abc9_exe (456 sec), ...") == {}
    assert reports.yosys_passes("") == {}
