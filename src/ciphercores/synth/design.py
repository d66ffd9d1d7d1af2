# SPDX-License-Identifier: Apache-2.0
"""What is measured: a registered core with its parameters (``Design``: its sources, includes
and memory images), or the harness around its pass-through alone; the harness a core is
measured in (``Harness``: ``BLOCK`` for the block interface, ``GCM`` for the GCM cores) and its
port widths as the elaborated RTL gives them, checked against the registry (``widths_of``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import tools
from ..cores import RTL, Core
from ..errors import FlowError
from . import cache, canon, reports, runner

HARNESS_TOP = "synth_harness"
HARNESS_RTL = ("common/synth_harness.v",)
PASSTHROUGH_RTL = ("common/synth_passthrough.v",)


@dataclass(frozen=True)
class Design:
    """A top-level module under test and its RTL; ``core`` is None for the pass-through."""

    top: str
    rtl: tuple[str, ...]  # names under rtl/ ("gen/NAME" for generated tops)
    params: tuple[tuple[str, int], ...]
    core: str | None
    #: (name, file) of every source, and ("mem/NAME", file) of the memory images ($readmemh
    #: files, *.hex beside the sources), which the tools find in their working directory
    paths: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, core: Core, params: dict[str, int]) -> Design:
        paths = []
        for src in core.sources():
            try:
                name = str(src.relative_to(RTL))
            except ValueError:  # a generated top (e.g. a MODE(CORE) wrapper under build/gen)
                name = f"gen/{src.name}"
            paths.append((name, str(src)))
        # `include'd files: copied beside their includer, not read on their own
        incs = sorted({inc for src in core.sources() for inc in canon.included_files(src)})
        paths += [(f"inc/{_rtl_name(i)}", str(i)) for i in incs]
        mems = sorted({m for src in core.sources() for m in src.parent.glob("*.hex")})
        paths += [(f"mem/{m.name}", str(m)) for m in mems]
        return cls(core.top, tuple(n for n, _ in paths if not n.startswith(("mem/", "inc/"))),
                   tuple(sorted(params.items())), core.name, tuple(paths))

    def files(self) -> dict[str, str]:
        """name -> path of every file the tools get (sources, includes, memory images)."""
        return dict(self.paths) if self.paths else {f: str(RTL / f) for f in self.rtl}

    def sources(self) -> dict[str, str]:
        return {n: Path(f).read_text() for n, f in self.files().items()}

    def canonical(self) -> list[str]:
        """What synthesis sees of the design's files (``canonical_files``)."""
        return canon.canonical_files(self.files())


def _rtl_name(path: Path) -> str:
    try:
        return str(path.relative_to(RTL))
    except ValueError:
        return path.name


@dataclass(frozen=True)
class Widths:
    """Port widths of a core as its RTL elaborates them (checked against the registry)."""

    data_bits: int
    key_bits: int
    tlen_bits: int  # 0: no s_key_tlen port


@dataclass(frozen=True)
class Harness:
    """A measurement harness: its top module, its file, and the file of the pass-through it
    is measured around alone. The block interface's (``BLOCK``) measures every core of
    ``cores.CORES`` and the mode cores; the GCM cores (docs/interface.md, "GCM cores") have
    their own ports and harness (``GCM``)."""

    top: str
    rtl: tuple[str, ...]
    passthrough: tuple[str, ...]
    #: ports the core must have (checked on the elaborated RTL before any synthesis)
    ports: tuple[str, ...]
    #: the harness's parameters, from ``Widths``: DATA_BITS, KEY_BITS, TLEN_BITS
    param_names: tuple[str, ...]

    def params(self, widths: Widths) -> dict[str, int]:
        """The harness's parameters for a core of these widths."""
        every = {"DATA_BITS": widths.data_bits, "KEY_BITS": widths.key_bits,
                 "TLEN_BITS": widths.tlen_bits}
        return {k: every[k] for k in self.param_names}


_STREAM_PORTS = ("clk", "rst", "s_key_tdata", "s_key_tvalid", "s_key_tready",
                 "s_axis_tdata", "s_axis_tuser", "s_axis_tvalid", "s_axis_tready",
                 "m_axis_tdata", "m_axis_tuser", "m_axis_tvalid", "m_axis_tready")
BLOCK = Harness(HARNESS_TOP, HARNESS_RTL, PASSTHROUGH_RTL, _STREAM_PORTS,
                ("DATA_BITS", "KEY_BITS", "TLEN_BITS"))
#: the GCM cores' harness; widths of the ports it drives besides the key's (fixed by
#: docs/interface.md)
GCM_PORT_WIDTHS = {"s_iv_tdata": 128, "s_iv_tkeep": 16, "s_iv_tlast": 1, "s_iv_tvalid": 1,
                   "s_iv_tready": 1, "s_axis_tdata": 128, "s_axis_tkeep": 16,
                   "s_axis_tlast": 1, "s_axis_tuser": 3, "s_axis_tvalid": 1,
                   "s_axis_tready": 1, "m_axis_tdata": 128, "m_axis_tkeep": 16,
                   "m_axis_tlast": 1, "m_axis_tuser": 3, "m_axis_tvalid": 1,
                   "m_axis_tready": 1}
GCM = Harness("synth_harness_gcm", ("common/synth_harness_gcm.v",),
              ("common/synth_passthrough_gcm.v",),
              ("clk", "rst", "s_key_tdata", "s_key_tvalid", "s_key_tready",
               *GCM_PORT_WIDTHS), ("KEY_BITS", "TLEN_BITS"))


def harness_of(core: Core) -> Harness:
    """The harness ``core`` is measured in: GCM's for a GCM core, else the block one's."""
    from ..cores.gcmcore import GcmCore

    return GCM if isinstance(core, GcmCore) else BLOCK


def copy_sources(work: Path, files: dict[str, str]) -> list[str]:
    """Write the sources under work/rtl/ (returned, for read_verilog) and the memory images
    into work/ itself, where $readmemh looks for them."""
    rels = []
    for name, text in files.items():
        if name.startswith("mem/"):
            (work / name[4:]).write_text(text)
            continue
        included = name.startswith("inc/")
        dst = work / "rtl" / (name[4:] if included else name)
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_text(text)
        if not included:
            rels.append(f"rtl/{name}")
    return rels


def port_widths(design: Design, force: bool = False,
                cache_only: bool = False) -> dict[str, tuple[str, int]]:
    """Elaborate ``design`` in Yosys and list its ports (cached)."""
    files = design.sources()
    key = {"files": design.canonical(), "top": design.top, "params": design.params,
           "yosys": tools.version("yosys")}

    def run(work: Path) -> dict:
        rels = copy_sources(work, files)
        chp = " ".join(f"-chparam {k} {v}" for k, v in design.params)
        script = (f"read_verilog {' '.join(rels)}\nhierarchy -top {design.top} {chp}\n"
                  f"tee -q -o ports.txt portlist {design.top}\n")
        (work / "ports.ys").write_text(script)
        rc, log, wall = runner.run_tool([tools.find("yosys"), "-q", "-l", "ports.log", "-s",
                                   "ports.ys"], work, "ports.log")
        if rc != 0 or not (work / "ports.txt").exists():
            raise FlowError(f"{design.top}: elaboration failed: {reports.yosys_failure(log)}")
        ports = reports.parse_portlist((work / "ports.txt").read_text())
        return {"ports": ports, "wall_s": round(wall, 2)}

    _, meta, _ = cache.cached_step("ports", key, run, force, cache_only)
    return {k: (v[0], int(v[1])) for k, v in meta["ports"].items()}


def widths_of(core: Core, params: dict[str, int], force: bool = False,
              cache_only: bool = False) -> Widths:
    """The harness widths for ``core``: from the elaborated RTL, checked against the
    registry's block_bits / key_bits / key_len_port (and, for a GCM core, against the GCM
    ports' fixed widths)."""
    ports = port_widths(Design.of(core, params), force, cache_only)
    harness = harness_of(core)
    missing = [p for p in harness.ports if p not in ports]
    if missing:
        raise FlowError(f"{core.name}: ports missing from the RTL: {', '.join(missing)} "
                        "(see docs/interface.md)")
    data, key = ports["s_axis_tdata"][1], ports["s_key_tdata"][1]
    tlen = ports["s_key_tlen"][1] if "s_key_tlen" in ports else 0
    block = core.block_bits(params)
    problems = []
    if harness == GCM:
        problems += [f"{n} is {ports[n][1]} bits, not {w}" for n, w in GCM_PORT_WIDTHS.items()
                     if ports[n][1] != w]
    if key != core.key_bits(params):
        problems.append(f"s_key_tdata is {key} bits, registry key_bits {core.key_bits(params)}")
    if data % block or ports["m_axis_tdata"][1] != data:
        problems.append(f"s_axis_tdata/m_axis_tdata are {data}/{ports['m_axis_tdata'][1]} "
                        f"bits, not a multiple of the registry's block_bits {block}")
    if bool(tlen) != core.key_len_port:
        problems.append(f"s_key_tlen port {'present' if tlen else 'absent'}, registry "
                        f"key_len_port={core.key_len_port}")
    if problems:
        raise FlowError(f"{core.name} {params}: RTL and registry disagree: "
                        + "; ".join(problems))
    return Widths(data, key, tlen)


def harness_files(design: Design | None, harness: Harness = BLOCK
                   ) -> tuple[dict[str, str], list[str], str]:
    """RTL files (name -> text), what synthesis sees of them (``canonical_files``) and the
    macro header selecting the core inside the harness."""
    if design is None:
        paths = {f: str(RTL / f) for f in harness.passthrough}
        defs = ""  # the harness defaults to its pass-through
    else:
        paths = design.files()
        plist = ", ".join(f".{k}({v})" for k, v in design.params)
        defs = (f"`define SYNTH_CORE {design.top}\n`define SYNTH_CORE_PARAMS {plist}\n")
    paths.update({f: str(RTL / f) for f in harness.rtl})
    return {n: Path(f).read_text() for n, f in paths.items()}, canon.canonical_files(paths), defs
