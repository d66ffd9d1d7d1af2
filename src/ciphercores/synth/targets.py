# SPDX-License-Identifier: Apache-2.0
"""The FPGA targets of the measurement flow: how each one is synthesised, placed and routed,
and how its cells are counted.

All three use the YoWASP (WebAssembly) builds of Yosys and nextpnr from PyPI, found through
``ciphercores.tools``. Adding a target means one ``Target`` entry here.
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
    ),
}

RESOURCES = ("lut", "ff", "carry", "bram", "dsp", "lutram", "mux", "other")


def get(name: str) -> Target:
    try:
        return TARGETS[name]
    except KeyError:
        raise BadTargetError(
            f"unknown target {name!r} (targets: {', '.join(TARGETS)})") from None
