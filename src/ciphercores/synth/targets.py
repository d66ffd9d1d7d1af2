# SPDX-License-Identifier: Apache-2.0
"""The FPGA targets of the measurement flow: how each one is synthesised, placed and routed,
and how its cells are counted.

Every target uses the YoWASP (WebAssembly) builds of Yosys and nextpnr from PyPI, found through
``ciphercores.tools``; the place-and-route tools of the Gowin, Nexus and GateMate targets come
with the ``boards`` install extra (``pip install -e '.[boards]'``), not with the default
install. Adding a target means one ``Target`` entry here.

Each part a target places on has its capacity (``capacity``: LUT, flip-flop and block RAM
sites, as the part's nextpnr reports them available), so that a core too large for it is
reported as not fitting from its synthesis cell counts, before any place-and-route
(``fit``). Where nextpnr refuses unplaced I/O (Gowin, Nexus), the harness's few ports are
placed on pins of the part's board (``pins``), written as the tool's constraint file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import BadTargetError


@dataclass(frozen=True)
class Target:
    name: str
    #: device as the reports name it
    device: str
    #: Yosys synthesis command; ``{top}`` and ``{json}`` are filled in
    synth: str
    #: the same with ABC instead of ABC9 for the LUT mapping (None: no fallback)
    synth_abc: str | None
    #: nextpnr tool name for ``tools.find`` (None: synthesis only, no timing)
    pnr: str | None = None
    #: grade -> nextpnr arguments selecting device, package and speed grade
    grades: dict[str, tuple[str, ...]] = field(default_factory=dict)
    default_grade: str = ""
    #: clock constraint given to nextpnr (MHz); the same for every core, never tuned per core
    freq_mhz: int = 0
    #: cell type -> resource class (lut, lutram, ff, carry, bram, dsp); BRAM counted in units
    #: of the weight given (e.g. Xilinx RAMB18 = 0.5 RAMB36 tile)
    cells: dict[str, tuple[str, float]] = field(default_factory=dict)
    #: (cell type prefix, resource class) for families of cells (e.g. iCE40 SB_DFF*)
    prefixes: tuple[tuple[str, str], ...] = ()
    #: cells that are neither logic nor counted (I/O buffers, clock buffers, scope info)
    ignore: tuple[str, ...] = ()
    note: str = ""
    #: grade -> what the part has: {resource class: sites} (lut, ff, bram; nextpnr's
    #: "available" counts of the part, see ``fit``)
    capacity: dict[str, dict[str, int]] = field(default_factory=dict)
    #: grade -> the part's name and the boards it is on (for the pages)
    parts: dict[str, str] = field(default_factory=dict)
    boards: dict[str, str] = field(default_factory=dict)
    #: grade -> package pins for the harness's ports, the clock's first (an empty tuple: the
    #: tool places I/O itself); written as ``constraints`` ("cst": Gowin, "pdc": Nexus)
    pins: dict[str, tuple[str, ...]] = field(default_factory=dict)
    constraints: str = ""
    #: LUT sites one carry cell takes besides the LUTs counted (ECP5's CCU2C and Nexus's
    #: CCU2: 2 LUT4s; a Gowin ALU: 1); 0: carry has sites of its own (iCE40's SB_CARRY)
    carry_in_luts: int = 0
    #: wall-time limit (s) of one place-and-route run of this target, for the flow's
    #: place-and-route stop; None: the flow's general limit
    pnr_limit_s: int | None = None
    #: how much the tool's timing can be trusted, with its sources (the pages show it)
    timing_note: str = ""

    def classify(self, cell: str) -> tuple[str, float] | None:
        """Resource class and weight of a cell type; None for I/O and bookkeeping cells;
        ("other", 1) for a cell type this table does not know (reported, never dropped)."""
        if cell in self.cells:
            return self.cells[cell]
        for prefix, cls in self.prefixes:
            if cell.startswith(prefix):
                return cls, 1
        if cell in self.ignore or cell.startswith("$scopeinfo"):
            return None
        return "other", 1

    def grade_args(self, grade: str) -> tuple[str, ...]:
        if grade not in self.grades:
            raise BadTargetError(f"{self.name}: no grade {grade!r} "
                                 f"(grades: {', '.join(self.grades) or 'none'})")
        return self.grades[grade]

    def fit(self, grade: str | None, area: dict[str, float]) -> dict[str, tuple[float, int]]:
        """{resource: (needed, available)} of every resource the part has a capacity for,
        from synthesis cell counts (``reports.classify``); {} without a known capacity. LUTs
        needed count the LUT-like cells (``lut``, and on parts whose carry cells sit in LUT
        sites, ``carry``: see ``carry_in_luts``)."""
        cap = self.capacity.get(grade or self.default_grade)
        if not cap:
            return {}
        need = dict(area)
        if self.carry_in_luts:
            need["lut"] = need.get("lut", 0) + need.get("carry", 0) * self.carry_in_luts
        return {r: (need.get(r, 0), n) for r, n in cap.items()}

    def does_not_fit(self, grade: str | None, area: dict[str, float]) -> str | None:
        """'LUT 9,500 needed / 8,640 available, ...' for the resources the design needs more
        of than the part has; None when it fits (or nothing is known)."""
        over = [f"{_LABEL.get(r, r)} {_n(need)} needed / {_n(has)} available"
                for r, (need, has) in self.fit(grade, area).items() if need > has]
        return ", ".join(over) or None

    def constraint_file(self, grade: str, ports: list[str]) -> str:
        """The tool's constraint file placing ``ports`` (the clock "clk" first) on the
        grade's pins; '' where the target needs none."""
        pins = self.pins.get(grade)
        if not self.constraints or not pins:
            return ""
        order = sorted(ports, key=lambda p: (p != "clk", p))
        if len(order) > len(pins):
            raise BadTargetError(f"{self.name} -{grade}: {len(order)} ports, only "
                                 f"{len(pins)} pins listed for the harness")
        if self.constraints == "cst":
            return "".join(f'IO_LOC "{p}" {pin};\n' for p, pin in zip(order, pins, strict=False))
        return "".join(f"ldc_set_location -site {{{pin}}} [get_ports {{{p}}}]\n"
                       for p, pin in zip(order, pins, strict=False))


_LABEL = {"lut": "LUT", "ff": "FF", "bram": "BRAM", "dsp": "DSP", "carry": "carry"}


def _n(v: float) -> str:
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:,.1f}"


_XC7_CELLS: dict[str, tuple[str, float]] = {
    **{f"LUT{i}": ("lut", 1) for i in range(1, 7)},
    "INV": ("lut", 1),  # a LUT1 after implementation
    **{c: ("ff", 1) for c in ("FDRE", "FDSE", "FDCE", "FDPE", "LDCE", "LDPE")},
    "CARRY4": ("carry", 1),
    "RAMB36E1": ("bram", 1), "RAMB18E1": ("bram", 0.5),
    "DSP48E1": ("dsp", 1),
    **{c: ("lutram", 1) for c in ("SRL16E", "SRLC32E", "RAM32X1D", "RAM64X1D", "RAM128X1D",
                                  "RAM32M", "RAM64M", "RAM32X1S", "RAM64X1S", "RAM128X1S")},
}

_GOWIN_CELLS: dict[str, tuple[str, float]] = {
    **{f"LUT{i}": ("lut", 1) for i in range(1, 5)},
    # wide-function muxes combining LUT4s: part of the LUTs, not counted again
    **{f"MUX2_LUT{i}": ("mux", 1) for i in range(5, 9)},
    "ALU": ("carry", 1),
    **{c: ("bram", 1) for c in ("SP", "SPX9", "SDP", "SDPX9", "SDPB", "SDPX9B", "DP", "DPX9",
                                "DPB", "DPX9B", "ROM", "ROMX9", "pROM", "pROMX9")},
    **{c: ("lutram", 1) for c in ("RAM16S1", "RAM16S2", "RAM16S4", "RAM16SDP1", "RAM16SDP2",
                                  "RAM16SDP4")},
    **{c: ("dsp", 1) for c in ("MULT9X9", "MULT18X18", "MULT36X36", "MULTALU18X18",
                               "MULTALU36X18", "MULTADDALU18X18", "ALU54D", "PADD9",
                               "PADD18")},
}
_GOWIN_IGNORE = ("IBUF", "OBUF", "TBUF", "IOBUF", "GND", "VCC", "GSR", "BUFG")
_GOWIN_TIMING = (
    "nextpnr-himbaechel's Gowin timing (Project Apicula's data, added by YosysHQ/nextpnr#1345) "
    "was reported by its author about 20% optimistic against the vendor's tool, with no "
    "block-RAM timing: a path through a BSRAM is not timed, so a core with block RAM can be "
    "slower than shown; the database gives no pulse-width or block-RAM clock limit to cap with "
    "(docs/fpga-limits.md)")
# synth_nexus maps LUTs with ABC9, whose netlists tie the first CCU2's carry input to a VLO
# cell that nextpnr-nexus refuses ("CIN net ... driven by non-CCU2 cell", YosysHQ/yosys#4081,
# YosysHQ/nextpnr#1261; reproduced with these versions): the same script with classic ABC for
# the LUT mapping, as the ECP5 target's fallback does
_NEXUS_SYNTH = ("synth_nexus -top {top} -run :map_luts; "
                "techmap -map +/lattice/latches_map.v; abc -lut 4 -dress; clean; "
                "synth_nexus -top {top} -run map_cells: -json {json}")
_NEXUS_TIMING = (
    "nextpnr-nexus's timing comes from Project Oxide's database, fitted to the timing analysis "
    "of Lattice Radiant (its cell and interconnect delays, updated to the production Radiant "
    "by YosysHQ/nextpnr#1011), for the part's speed grade 9; like Project Trellis, its "
    "importer reads delays and setup/hold times, not minimum pulse widths, and the database "
    "gives no block-RAM clock limit to cap with (docs/fpga-limits.md)")
_GATEMATE_TIMING = (
    "nextpnr-himbaechel's GateMate support is young: its first version had no timing data "
    "(YosysHQ/nextpnr#1473), cell delays from Project Peppercorn came with YosysHQ/nextpnr#1537 "
    "without the block RAM's clock assignment; users report its Fmax well below Cologne Chip's "
    "own p_r and runs of over an hour for 10,000 cells (YosysHQ/nextpnr#1732, #1615). No "
    "pulse-width or block-RAM limit in the database to cap with (docs/fpga-limits.md)")

TARGETS: dict[str, Target] = {
    "ecp5": Target(
        name="ecp5",
        device="Lattice ECP5 LFE5UM-85F, CABGA381",
        synth="synth_ecp5 -top {top} -json {json}",
        # ABC9 is the default LUT mapper of synth_ecp5 in Yosys 0.70; if it ever fails, the flow
        # retries with the classic ABC mapping (as synth_ecp5 -noabc9 did) and says so in the
        # record ("mapper"). See docs/results.md for what was found about the ABC9 crash.
        synth_abc=("synth_ecp5 -top {top} -run :map_luts; "
                   "techmap -map +/lattice/latches_map.v; abc -lut 4:7 -dress; clean; "
                   "synth_ecp5 -top {top} -run map_cells: -json {json}"),
        pnr="nextpnr-ecp5",
        grades={"6": ("--85k", "--package", "CABGA381", "--speed", "6"),
                "8": ("--85k", "--package", "CABGA381", "--speed", "8")},
        default_grade="8",
        freq_mhz=300,
        cells={"LUT4": ("lut", 1), "TRELLIS_FF": ("ff", 1), "CCU2C": ("carry", 1),
               "TRELLIS_DPR16X4": ("lutram", 1), "DP16KD": ("bram", 1),
               "PDPW16KD": ("bram", 1), "MULT18X18D": ("dsp", 1), "ALU54B": ("dsp", 1),
               # wide-function muxes combining LUT4s: part of the LUTs, not counted again
               "PFUMX": ("mux", 1), "L6MUX21": ("mux", 1)},
        ignore=("TRELLIS_IO", "DCCA"),
        note="Fmax from nextpnr-ecp5's routed timing report (--report JSON)",
        capacity={g: {"lut": 83640, "ff": 83640, "bram": 208} for g in ("6", "8")},
        carry_in_luts=2,
        parts={g: "LFE5UM-85F-" + g + "BG381" for g in ("6", "8")},
        boards={"6": "ECP5-85 boards (ULX3S 85F, ECP5 Evaluation Board)",
                "8": "ECP5-85 boards (ULX3S 85F, ECP5 Evaluation Board)"},
        timing_note="timing from the Project Trellis database, fuzzed from Lattice Diamond; "
                    "minimum pulse widths not checked by nextpnr, capped here "
                    "(docs/fpga-limits.md)",
    ),
    "xc7": Target(
        name="xc7",
        device="Xilinx 7-series (synth_xilinx -family xc7)",
        synth="synth_xilinx -family xc7 -flatten -top {top}",
        synth_abc=None,
        cells={**_XC7_CELLS, "MUXF7": ("mux", 1), "MUXF8": ("mux", 1)},
        ignore=("IBUF", "OBUF", "BUFG", "IOBUF"),
        note="cell counts only: no open place-and-route for 7-series here, so no Fmax",
    ),
    "ice40": Target(
        name="ice40",
        device="Lattice iCE40",
        synth="synth_ice40 -top {top} -json {json}",
        synth_abc=None,
        pnr="nextpnr-ice40",
        grades={"hx8k": ("--hx8k", "--package", "ct256"),
                "up5k": ("--up5k", "--package", "sg48")},
        default_grade="hx8k",
        freq_mhz=100,
        cells={"SB_LUT4": ("lut", 1), "SB_CARRY": ("carry", 1), "SB_RAM40_4K": ("bram", 1),
               "SB_MAC16": ("dsp", 1), "SB_SPRAM256KA": ("bram", 1)},
        prefixes=(("SB_DFF", "ff"),),
        ignore=("SB_IO", "SB_GB", "SB_GB_IO"),
        note="Fmax from nextpnr-ice40's routed timing report; a core too large for the part "
             "is reported as 'does not fit'",
        # an iCE40 logic cell holds one LUT4 and one flip-flop (its carry beside them)
        capacity={"hx8k": {"lut": 7680, "ff": 7680, "bram": 32},
                  "up5k": {"lut": 5280, "ff": 5280, "bram": 30}},
        parts={"hx8k": "iCE40HX8K-CT256", "up5k": "iCE40UP5K-SG48"},
        boards={"hx8k": "iCE40-HX8K Breakout Board", "up5k": "iCEBreaker"},
        timing_note="timing from the Project IceStorm database (icetime), fuzzed from the "
                    "vendor's iCEcube2",
    ),
    # Gowin LittleBee: synth_gowin for the family; nextpnr-himbaechel's gowin uarch (the chip
    # database of Project Apicula). The device name and the family's chip database
    # (--vopt family=...) are those of the boards' parts; unplaced I/O is an error there, so
    # the harness's ports go on board pins (the clock on the board's oscillator pin).
    "gw1n": Target(
        name="gw1n",
        device="Gowin GW1NR-9 (GW1NR-LV9QN88PC6/I5)",
        synth="synth_gowin -family gw1n -top {top} -json {json}",
        synth_abc=None,
        pnr="nextpnr-himbaechel-gowin",
        grades={"9": ("--device", "GW1NR-LV9QN88PC6/I5", "--vopt", "family=GW1N-9C")},
        default_grade="9",
        freq_mhz=100,
        cells=_GOWIN_CELLS,
        prefixes=(("DFF", "ff"),),
        ignore=_GOWIN_IGNORE,
        note="Fmax from nextpnr-himbaechel (gowin)'s routed timing report; optimistic "
             "(below)",
        capacity={"9": {"lut": 8640, "ff": 6480, "bram": 26}},
        carry_in_luts=1,
        parts={"9": "GW1NR-LV9QN88PC6/I5"},
        boards={"9": "Tang Nano 9K"},
        # Tang Nano 9K: 27 MHz oscillator on 52, keys 3 and 4, LEDs 10-16, UART 17, 18
        pins={"9": ("52", "3", "4", "10", "11", "13", "14", "15", "16", "17", "18")},
        constraints="cst",
        pnr_limit_s=1800,
        timing_note=_GOWIN_TIMING,
    ),
    "gw2a": Target(
        name="gw2a",
        device="Gowin GW2A-18 (GW2AR-LV18QN88C8/I7)",
        synth="synth_gowin -family gw2a -top {top} -json {json}",
        synth_abc=None,
        pnr="nextpnr-himbaechel-gowin",
        grades={"18": ("--device", "GW2AR-LV18QN88C8/I7", "--vopt", "family=GW2A-18C")},
        default_grade="18",
        freq_mhz=100,
        cells=_GOWIN_CELLS,
        prefixes=(("DFF", "ff"),),
        ignore=_GOWIN_IGNORE,
        note="Fmax from nextpnr-himbaechel (gowin)'s routed timing report; optimistic "
             "(below)",
        capacity={"18": {"lut": 20736, "ff": 15552, "bram": 46}},
        carry_in_luts=1,
        parts={"18": "GW2AR-LV18QN88C8/I7"},
        boards={"18": "Tang Nano 20K"},
        # Tang Nano 20K: 27 MHz oscillator on 4, LEDs 15-20, UART 69, 70, keys 87, 88
        pins={"18": ("4", "15", "16", "17", "18", "19", "20", "69", "70", "87", "88")},
        constraints="cst",
        pnr_limit_s=1800,
        timing_note=_GOWIN_TIMING,
    ),
    # Lattice Nexus: synth_nexus with classic ABC for the LUT mapping (see _NEXUS_SYNTH);
    # nextpnr-nexus (Project Oxide's database); I/O on the CrossLink-NX Evaluation Board's
    # pins (its 12 MHz clock on L13)
    "nexus": Target(
        name="nexus",
        device="Lattice CrossLink-NX LIFCL-40 (LIFCL-40-9BG400C)",
        synth=_NEXUS_SYNTH,
        synth_abc=None,
        pnr="nextpnr-nexus",
        # router1: with router2, nextpnr-nexus's default, the arc from the clock pad to its
        # DCC fails to route once the clock has a few hundred loads ("Failed to route arc 0.0
        # of net 'clk'", as in YosysHQ/nextpnr#1317; reproduced on a 200-bit shift register,
        # any clock pin, any seed), router1 routes it
        grades={"40": ("--device", "LIFCL-40-9BG400C", "--router", "router1")},
        default_grade="40",
        freq_mhz=200,
        cells={"LUT4": ("lut", 1), "INV": ("lut", 1),
               # two LUT4s and their multiplexer: a 5-input function
               "WIDEFN9": ("lut", 2),
               "CCU2": ("carry", 1), "DPR16X4": ("lutram", 1),
               **{c: ("bram", 1) for c in ("DP16K", "PDP16K", "PDPSC16K", "SP16K",
                                           "FIFO16K")},
               **{c: ("dsp", 1) for c in ("MULT9X9", "MULT18X18", "MULT18X36", "MULT36X36",
                                          "MULTPREADD9X9", "MULTPREADD18X18",
                                          "MULTADDSUB18X18", "MULTADDSUB36X36")}},
        prefixes=(("FD1P3", "ff"), ("FD1S3", "ff")),
        ignore=("IB", "OB", "BB", "VHI", "VLO", "DCC"),
        note="Fmax from nextpnr-nexus's routed timing report",
        capacity={"40": {"lut": 32256, "ff": 32256, "bram": 84}},
        carry_in_luts=2,
        parts={"40": "LIFCL-40-9BG400C"},
        boards={"40": "CrossLink-NX Evaluation Board"},
        pins={"40": ("L13", "E17", "F13", "G13", "F14", "L16", "L15", "L20", "L19", "R17",
                     "R18")},
        constraints="pdc",
        pnr_limit_s=1800,
        timing_note=_NEXUS_TIMING,
    ),
    # Cologne Chip GateMate: synth_gatemate with the LUT-tree mapping nextpnr expects (-luttree;
    # -nomx8: nextpnr has no CC_MX8); nextpnr-himbaechel's gatemate uarch (Project Peppercorn),
    # its default modes (speed, worst-case timing); the tool places I/O itself when allowed
    "gatemate": Target(
        name="gatemate",
        device="Cologne Chip GateMate A1 (CCGM1A1)",
        synth="synth_gatemate -luttree -nomx8 -top {top} -json {json}",
        synth_abc=None,
        pnr="nextpnr-himbaechel-gatemate",
        grades={"a1": ("--device", "CCGM1A1", "--vopt", "allow-unconstrained")},
        default_grade="a1",
        freq_mhz=100,
        cells={"CC_LUT1": ("lut", 1), "CC_LUT2": ("lut", 1), "CC_LUT3": ("lut", 1),
               "CC_LUT4": ("lut", 1), "CC_L2T4": ("lut", 1),
               # a 5-input tree and the 4-input multiplexer take both halves of a CPE
               "CC_L2T5": ("lut", 2), "CC_MX2": ("lut", 1), "CC_MX4": ("lut", 2),
               "CC_ADDF": ("carry", 1), "CC_DFF": ("ff", 1), "CC_DLT": ("ff", 1),
               "CC_BRAM_20K": ("bram", 0.5), "CC_BRAM_40K": ("bram", 1),
               "CC_FIFO_40K": ("bram", 1), "CC_MULT": ("dsp", 1)},
        ignore=("CC_IBUF", "CC_OBUF", "CC_TOBUF", "CC_IOBUF", "CC_BUFG", "CC_USR_RSTN"),
        note="Fmax from nextpnr-himbaechel (gatemate)'s routed timing report",
        # 20,480 CPEs, each two LUT-tree halves and two flip-flops; 32 block RAMs of 40 Kbit
        capacity={"a1": {"lut": 40960, "ff": 40960, "bram": 32}},
        # a full adder takes a LUT-tree half (speck_iter: 3,517 LUT-class cells and 268 adders
        # in the netlist, 3,724 halves used after nextpnr's packing)
        carry_in_luts=1,
        parts={"a1": "CCGM1A1"},
        boards={"a1": "GateMate A1 Evaluation Board, Olimex GateMateA1-EVB"},
        pnr_limit_s=3600,
        timing_note=_GATEMATE_TIMING,
    ),
}

RESOURCES = ("lut", "ff", "carry", "bram", "dsp", "lutram", "mux", "other")


def get(name: str) -> Target:
    try:
        return TARGETS[name]
    except KeyError:
        raise BadTargetError(
            f"unknown target {name!r} (targets: {', '.join(TARGETS)})") from None
