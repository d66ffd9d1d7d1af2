# SPDX-License-Identifier: Apache-2.0
"""``ciphercores export``: one core of any kind (``cores.KINDS``: a block core, a mode core
``MODE(CORE)``, a GCM core ``gcm(CORE)``, a bus wrapper ``BUS(CORE)``), with its parameters, as
a self-contained folder for a design outside this repository.

What the folder holds (README.txt in it says the same):

- ``rtl/``: the core's Verilog files, and ``<top>.f``: their list, dependencies first, paths
  relative to the folder (``verilator -F``; ``iverilog -c`` from the folder);
- ``<top>_flat.v``: the same modules in one file, `` `include``s inlined, each module with its
  own parameter defaults;
- the memory images ``$readmemh`` reads (``*.hex``), at the top of the folder: the RTL names
  them without a directory, so a tool finds them in its working directory (run it in the
  folder, or add them to the tool's project);
- ``<top>_inst.v``: an instance ``u_<top>`` with the chosen parameters and every port by name,
  and a wire for each port;
- the clock constraint of the FPGA family chosen (``target``, ECP5 by default) at the Fmax
  measured for this core and parameter set on that part (``ciphercores.synth`` records: the
  cache, else docs/measurements.json; the kinds the flow measures, a bus wrapper's core is
  measured without it), or at the clock given: ``<top>.lpf`` for ECP5, ``<top>.sdc`` for
  the other families nextpnr places (``FAMILY_SDC``: iCE40, Gowin, Nexus, GateMate), with the
  nextpnr option that reads it; with a clock given (``--clock-mhz``/``--clock-ns``) also
  ``<top>.sdc`` (ECP5) and ``<top>.xdc`` for other tools: a figure of one family says nothing
  about another;
- the core's datasheet (``datasheets.sheet``: its own, a GCM core's ``gcm_<base>.md``, the
  core inside for a mode core or a bus wrapper; its images, and docs/interface.md that it
  links to), and for a bus wrapper docs/bus.md (the register map) and the C header
  ``cc_regs.h``, where the package has them (a source checkout).

Everything is computed before anything is written, and the folder is written whole or not at
all (``outfile.new_folder``).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from .. import __version__, datasheets, outfile
from ..cores import Core
from ..errors import CipherCoresError, FileAccessError, UsageError
from ..synth import canon, design, flow
from ..synth.results import README_CONFIG
from ..synth.targets import TARGETS, Target
from .fusesoc import images, values_text

#: the first words of README.txt, by which ``--force`` knows a folder this command wrote
MARK = "ciphercores export:"
_PORT_DECL = re.compile(r"\b(?:input|output|inout)\b(?:\s+(?:wire|reg|signed))*"
                        r"(?:\s*\[[^\]]*\])?\s*(\w+)")
_INCLUDE_LINE = re.compile(r'^[ \t]*`include[ \t]+"([^"]+)"[^\n]*$', re.M)


#: the families whose clock constraint ``export --target`` writes as ``<top>.sdc``, each with
#: how nextpnr (0.11) takes it. A clock on a port survives its input buffer on iCE40 and
#: GateMate; nextpnr-himbaechel-gowin and nextpnr-nexus constrain the port's net and then
#: time the buffer's output at their 12 MHz default (YosysHQ/nextpnr#1748 for Gowin; seen the
#: same here on Nexus, with --sdc and with the .pdc's create_clock): there nextpnr takes the
#: frequency with --freq, and the .sdc serves the vendor's tool (Gowin EDA, Radiant).
FAMILY_SDC: dict[str, tuple[str, bool]] = {
    "ice40": ("nextpnr-ice40", True),
    "gw1n": ("nextpnr-himbaechel-gowin", False),
    "gw2a": ("nextpnr-himbaechel-gowin", False),
    "nexus": ("nextpnr-nexus", False),
    "gatemate": ("nextpnr-himbaechel-gatemate", True),
}
#: the targets ``export --target`` takes: ECP5 and the families above (no Fmax is measured
#: on xc7: its .xdc comes with a clock given)
EXPORT_TARGETS = ("ecp5", *FAMILY_SDC)


@dataclass(frozen=True)
class Clock:
    """The clock of the constraint files: the user's (MHz) and the record of the target
    family's part (``target``, ``grade``), either may be missing."""

    mhz: float | None
    record: dict | None
    target: Target
    grade: str

    @property
    def part(self) -> str:
        return ("ECP5 speed grade " + self.grade if self.target.name == "ecp5" else
                self.target.device)

    @property
    def measured(self) -> float | None:
        return self.record["fmax_mhz"] if self.record else None


def _params_text(p: dict[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in p.items()) or "no parameters"


def _label(core: Core, p: dict[str, int]) -> str:
    """``aes_iter (SBOX_BRAM=1)``; a mode core's top with its name: ``ctr_aes_iter
    (ctr(aes_iter), ...)``."""
    name = "" if core.top == core.name else f"{core.name}, "
    return f"{core.top} ({name}{_params_text(p)})"


def _mhz(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _includes(src: Path, seen: tuple[Path, ...] = ()) -> list[Path]:
    """The files ``src`` `` `include``s, found beside it, recursively."""
    out = []
    for name in canon.includes(src.read_text()):
        inc = src.parent / name
        if not inc.is_file():
            raise FileAccessError(f"{src.name} includes {name}, which is not beside it")
        if inc in seen:
            raise FileAccessError(f"{inc.name} includes itself")
        out += [inc, *_includes(inc, (*seen, inc))]
    return out


def _inline(src: Path, seen: tuple[Path, ...] = ()) -> str:
    """The text of ``src`` with every `` `include "x"`` line replaced by x's text."""
    def one(m: re.Match) -> str:
        inc = src.parent / m.group(1)
        return (f"// ---- {inc.name} (included by {src.name}) ----\n"
                f"{_inline(inc, (*seen, inc)).rstrip()}\n// ---- end of {inc.name} ----")

    return _INCLUDE_LINE.sub(one, src.read_text())


def _ports(core: Core, p: dict[str, int]) -> dict[str, tuple[str, int]]:
    """name -> (direction, width) of the top's ports, as Yosys elaborates the RTL with ``p``
    (cached by ciphercores.synth), in the order the top module declares them."""
    ports = design.port_widths(design.Design.of(core, p))
    text = canon.verilog(next(s for s in core.sources() if s.stem == core.top).read_text())
    header = text[text.index(f"module {core.top}"):]
    header = header[:header.index(");", header.index(") (") if ") (" in header else 0)]
    order = [n for n in _PORT_DECL.findall(header) if n in ports]
    return {n: ports[n] for n in order + sorted(set(ports) - set(order))}


def _record(core: Core, p: dict[str, int], target: str, grade: str) -> dict | None:
    """The record of ``core`` with ``p`` on ``target`` at ``grade``, None without one (a bus
    wrapper has none: the flow measures the core inside). Where the RTL or tools changed
    since, the archive's newest record of the same core, parameters and part, with ``stale``
    True, as the pages show it (marked): the files that use its figure say so."""
    from ..cores import STREAM_KINDS

    if core.kind not in STREAM_KINDS:
        return None
    try:
        rec = flow.recorded(core, p, target, grade, stale=True)
    except CipherCoresError:
        return None
    return rec if rec.get("status") == "ok" and rec.get("fmax_mhz") else None


def record(core: Core, overrides: dict[str, int] | None, target: str = "ecp5",
           grade: str | None = None) -> dict | None:
    """The record whose Fmax the export of ``core`` with ``overrides`` for ``target`` at
    ``grade`` (the target's default: ECP5's README grade) sets without a clock given: a
    current one, else a stale one (``stale`` True); None without either."""
    if target not in EXPORT_TARGETS:
        raise UsageError(f"target {target!r}: export writes the clock constraint of "
                         f"{', '.join(EXPORT_TARGETS)}")
    tgt = TARGETS[target]
    grade = grade or (README_CONFIG[1] if target == "ecp5" else tgt.default_grade)
    return _record(core, core.params(overrides), target, grade)


def stale_note(rec: dict | None) -> str:
    """Where ``rec`` is stale: when and on which commit it was measured, that the RTL or
    tools changed since and the command that measures it again; "" for a current record."""
    if not rec or not rec.get("stale"):
        return ""
    when = ", ".join(filter(None, [(rec.get("date") or "")[:10],
                                   rec.get("commit") and f"commit {rec['commit']}"]))
    return (f"stale: measured{f' ({when})' if when else ''} with older RTL or tools than "
            "this package's, not measured again since (ciphercores synth measures it)")


def instance(core: Core, p: dict[str, int], ports: dict[str, tuple[str, int]]) -> str:
    """``<top>_inst.v``: a wire per port and the instance ``u_<top>``, every port by name."""
    shown = p
    w = max(len(n) for n in ports)
    lines = [f"// {core.top}: instance template (ciphercores {__version__} export of "
             f"{core.name}, {_params_text(shown)})",
             "// A wire for each port (rename them to your signals), then the instance with",
             "// the parameters chosen and every port by name. Interface: interface.md.", ""]
    for n, (d, width) in ports.items():
        rng = f"[{width - 1}:0] " if width > 1 else ""
        lines.append(f"wire {rng:<10}{n};{' ' * (w - len(n))}  // {d} of u_{core.top}")
    lines.append("")
    if shown:
        lines.append(f"{core.top} #(")
        lines += [f"    .{k:<{max(map(len, shown))}} ({v})" + ("," if i < len(shown) - 1
                                                              else "")
                  for i, (k, v) in enumerate(shown.items())]
        lines.append(f") u_{core.top} (")
    else:
        lines.append(f"{core.top} u_{core.top} (")
    lines += [f"    .{n:<{w}} ({n})" + ("," if i < len(ports) - 1 else "")
              for i, n in enumerate(ports)]
    lines.append(");")
    return "\n".join(lines) + "\n"


def _wrapped(lines: list[str]) -> str:
    """The file's text: comment lines wrapped at 92 columns, each part a comment again."""
    return "\n".join(ln for line in lines for ln in (
        textwrap.wrap(line, 92, subsequent_indent="# ", break_on_hyphens=False)
        if line.startswith("# ") else [line])) + "\n"


def _provenance(core: Core, clock: Clock, on: str, missing: str) -> list[str]:
    """Where the frequency comes from: the record (measured ``on`` a part), or why there is
    none (``missing``: the part and the command that makes one), and the clock given."""
    rec = clock.record
    if rec:
        by = "earlier by ciphercores" if rec.get("stale") else f"by ciphercores {__version__}"
        lines = [f"# Measured {by}: Fmax {_mhz(rec['fmax_mhz'])} MHz "
                 f"on {on}, median of placer seeds {', '.join(map(str, rec.get('seeds', [])))} "
                 f"({_mhz(rec['fmax_min_mhz'])}..{_mhz(rec['fmax_max_mhz'])} MHz), the core "
                 "alone inside the measurement harness (docs/results.md)."]
        if rec.get("stale"):
            lines.append(f"# That record is {stale_note(rec)}: the figure may have moved; "
                         "check your timing report.")
    elif core.kind == "bus":
        lines = [f"# No measurement of {core.name}: ciphercores measures the core inside "
                 f"({core.base}), not the bus wrapper, whose clock is your design's."]
    else:
        lines = [f"# No measurement of {core.name} with these parameters on {missing}."]
    if clock.mhz is not None:
        lines.append("# The frequency below is the one given to ciphercores export.")
        if clock.measured is not None and clock.mhz > clock.measured:
            lines.append(f"# It is above the measured Fmax ({_mhz(clock.measured)} MHz): "
                         "expect the timing to fail.")
    return lines


def lpf(core: Core, p: dict[str, int], clock: Clock) -> str:
    rec = clock.record
    lines = [f"# {_label(core, p)}: clock constraint for Lattice "
             "ECP5 (nextpnr-ecp5, Diamond)", "# The clock port of the core is clk; in a "
             "larger design name your clock's port or net (FREQUENCY NET)."]
    on = f"{rec.get('device', 'ECP5')}, speed grade {clock.grade}" if rec else ""
    lines += _provenance(core, clock, on, f"{clock.part} in this package's records "
                                          "(ciphercores synth makes one)")
    cap = (rec or {}).get("fmax_cap") or {}
    if cap.get("applied"):
        lines.insert(3, f"# That figure is the {cap['limit']} limit; nextpnr reported "
                        f"{_mhz(rec['fmax_nextpnr']['fmax_mhz'])} MHz.")
    mhz = clock.mhz if clock.mhz is not None else rec["fmax_mhz"] if rec else None
    lines.append(f'FREQUENCY PORT "clk" {_mhz(mhz)} MHZ;' if mhz is not None else
                 "# No frequency is set: give one with ciphercores export --clock-mhz.")
    return _wrapped(lines)


def _create_clock(mhz: float) -> str:
    return f"create_clock -name clk -period {1000.0 / mhz:.3f} [get_ports clk]"


def sdc(core: Core, p: dict[str, int], mhz: float, tool: str) -> str:
    """An SDC (``tool`` "sdc") or XDC clock constraint at ``mhz``, for tools of no family
    chosen."""
    who = "Vivado" if tool == "xdc" else "SDC tools (Quartus, Libero, OpenSTA ...)"
    return "\n".join([
        f"# {_label(core, p)}: clock constraint for {who}",
        f"# {_mhz(mhz)} MHz as given to ciphercores export. ciphercores measures Fmax on the",
        "# parts docs/results.md names: such a figure says nothing about this FPGA family, so",
        "# check the timing report of your tool. The clock port of the core is clk; in a",
        "# larger design constrain your clock's port.",
        _create_clock(mhz),
        ""])


def family_sdc(core: Core, p: dict[str, int], clock: Clock) -> str:
    """``<top>.sdc`` of a family of ``FAMILY_SDC``: the clock at the Fmax measured on its part,
    or the clock given, with the way its nextpnr takes it and how far its timing goes."""
    tgt, rec = clock.target, clock.record
    pnr, reads_sdc = FAMILY_SDC[tgt.name]
    mhz = clock.mhz if clock.mhz is not None else rec["fmax_mhz"] if rec else None
    lines = [f"# {_label(core, p)}: clock constraint for {tgt.device}. The clock port of "
             "the core is clk; in a larger design constrain your clock's port."]
    lines += _provenance(core, clock, (rec or {}).get("device", tgt.device),
                         f"{tgt.device} in this package's records (ciphercores synth "
                         f"--target {tgt.name} makes one)")
    if rec:
        lines.insert(2, f"# Timing: {tgt.timing_note}.")
    if mhz is None:
        lines.append("# No frequency is set: give one with ciphercores export --clock-mhz.")
    elif reads_sdc:
        lines.append(f"# {pnr} reads it: {pnr} --sdc {core.top}.sdc ...")
    else:
        lines.append(f"# For {pnr} give the frequency on its command line: {pnr} --freq "
                     f"{_mhz(mhz)} ... (nextpnr 0.11 constrains the port's net, then times "
                     "the input buffer's output at its 12 MHz default). This file is for the "
                     "vendor's tool.")
    if mhz is not None:
        lines.append(_create_clock(mhz))
    return _wrapped(lines)


def _datasheet(core: Core) -> dict[str, bytes]:
    """The datasheet (``datasheets.sheet``), its images and docs/interface.md, with the link
    to interface.md made local, and for a bus wrapper docs/bus.md and rtl/bus/cc_regs.h;
    empty where the package has no docs/."""
    page = datasheets.sheet(core)
    if not page.is_file():
        return {}
    name = page.stem
    text = page.read_text()
    out: dict[str, bytes] = {}
    for img in dict.fromkeys(re.findall(r"\]\((img/[^)\s]+)\)", text)):
        if (datasheets.DIR / img).is_file():
            out[img] = (datasheets.DIR / img).read_bytes()
    interface = datasheets.DIR.parent / "interface.md"
    if interface.is_file():
        out["interface.md"] = interface.read_bytes()
        text = text.replace("](../interface.md", "](interface.md")
    out[f"{name}.md"] = text.encode()
    if core.kind == "bus":
        from ..cores import RTL

        for path in (datasheets.DIR.parent / "bus.md", RTL / "bus" / "cc_regs.h"):
            if path.is_file():
                out[path.name] = path.read_bytes()
    return out


def _readme(core: Core, p: dict[str, int], files: dict[str, bytes], clock: Clock) -> str:
    top = core.top
    imgs = sorted(n for n in files if "/" not in n and n.endswith((".hex", ".mem")))
    choices = {k: core.choices.get(k) for k in p}
    pw = max((len(f"{k} = {v}") for k, v in p.items()), default=0)
    gflags = [f"-G{k}={v}" for k, v in p.items()]
    pflags = [f"-P{top}.{k}={v}" for k, v in p.items()]
    chparam = [f"chparam {' '.join(f'-set {k} {v}' for k, v in p.items())} {top};"] if p else []
    rec, tgt = clock.record, clock.target
    clock_what = (f"at {_mhz(clock.mhz)} MHz as given" if clock.mhz is not None else
                  f"at the measured Fmax, {_mhz(rec['fmax_mhz'])} MHz ({clock.part}"
                  + (f"; {stale_note(rec)})" if rec.get("stale") else ")") if rec
                  else "without a frequency: no measurement of "
                  + ("a bus wrapper, only of the core inside" if core.kind == "bus" else
                     "these parameters") + " (give --clock-mhz)")
    sheet = [n for n in files if n.endswith(".md") and n not in ("interface.md", "bus.md")]
    lines = [
        f"{MARK} {core.name} ({_params_text(p)}), ciphercores {__version__}",
        "",
        f"{core.summary}.",
        "",
        "Parameters (set on the instance in the template; the RTL files keep their defaults):"
        if p else "Parameters: none.",
        *[f"  {f'{k} = {v}':<{pw}}" + (f"  (allowed: {values_text(c)})" if c else
                                       "  (derived from the others: set it with them)"
                                       if k not in core.defaults else "")
          for k, v in p.items() for c in [choices[k]]],
        "",
        "Files:",
    ]
    rows = [(f"{top}.f", "the RTL files below, dependencies first, paths relative to this "
                         "folder"),
            ("rtl/", "the RTL, Verilog-2005, one module per file"),
            (f"{top}_flat.v", "the same modules in one file: use it or the file list, not "
                              "both")]
    rows += [(img, "a memory image that $readmemh reads by its name alone, from the tool's "
                   "working directory: run the tool in this folder, or copy the image there "
                   "or add it to the tool's project") for img in imgs]
    rows.append((f"{top}_inst.v", f"the instance u_{top}: the parameters above, every port "
                                  "by name"))
    if tgt.name == "ecp5":
        rows.append((f"{top}.lpf", f"ECP5 clock constraint {clock_what}"))
    else:
        rows.append((f"{top}.sdc", f"{tgt.device} clock constraint {clock_what}; how "
                                   f"{FAMILY_SDC[tgt.name][0]} takes it is said in it"))
    if clock.mhz is not None:
        if tgt.name == "ecp5":
            rows.append((f"{top}.sdc", f"the clock at {_mhz(clock.mhz)} MHz for SDC tools"))
        rows.append((f"{top}.xdc", f"the clock at {_mhz(clock.mhz)} MHz for Vivado"))
    else:
        rows.append(("", "no .xdc" + (" and no .sdc" if tgt.name == "ecp5" else "")
                     + ": written with --clock-mhz only"))
    if sheet:
        whose = "" if sheet[0] == f"{top}.md" else f" of {sheet[0][:-3]}, the core inside"
        rows += [(sheet[0], f"the datasheet{whose}: ports, cycle figures, key loading, "
                            "measurements"),
                 ("img/, interface.md", "its images and the interface it links to")]
        if "bus.md" in files:
            rows += [("bus.md", "the bus wrapper: its ports, register map and how to drive it"),
                     ("cc_regs.h", "the register map for C: offsets, bit fields, "
                                   "cc_read/cc_write")]
    else:
        rows.append(("", "no datasheet: this installation of ciphercores has no docs/"))
    width = max(len(n) for n, _ in rows) + 2
    for name, what in rows:
        lines += textwrap.wrap(what, 92, initial_indent="  " + name.ljust(width),
                               subsequent_indent=" " * (width + 2))
    lines += [
        "",
        "Checks, run in this folder:",
        "  " + " ".join(["verilator --lint-only -Wall --top-module", top, *gflags, "-F",
                         f"{top}.f"]),
        "  " + " ".join(["iverilog -g2005 -s", top, *pflags, "-o /dev/null -c", f"{top}.f"]),
        "  " + " ".join(["iverilog -g2005 -s", top, *pflags, "-o /dev/null", f"{top}_flat.v"]),
        "  " + " ".join([f"yosys -p 'read_verilog {top}_flat.v;", *chparam,
                         tgt.synth.format(top=top, json=f"{top}.json") + "'"
                         if tgt.name != "ecp5" else f"synth_ecp5 -top {top}'"]),
        "",
    ]
    return "\n".join(lines)


#: ``bundle``'s ``rec`` when the caller has not looked the record up (:func:`record`)
LOOKUP = "look it up"


def bundle(core: Core, overrides: dict[str, int] | None = None, clock_mhz: float | None = None,
           grade: str | None = None, target: str = "ecp5",
           rec: dict | None | str = LOOKUP) -> dict[str, bytes]:
    """Relative path -> content of every file of the export of ``core`` with ``overrides``,
    its clock constraint for ``target`` (``EXPORT_TARGETS``) at ``grade`` (the target's
    default: ECP5's README grade), at the Fmax of ``rec`` (:func:`record`, looked up unless
    given) or ``clock_mhz``."""
    p = core.params(overrides)
    if clock_mhz is not None and not 0 < clock_mhz < 10000:
        raise UsageError(f"clock {clock_mhz} MHz: give a frequency above 0 and below 10 GHz")
    if target not in EXPORT_TARGETS:
        raise UsageError(f"target {target!r}: export writes the clock constraint of "
                         f"{', '.join(EXPORT_TARGETS)}")
    tgt = TARGETS[target]
    grade = grade or (README_CONFIG[1] if target == "ecp5" else tgt.default_grade)
    tgt.grade_args(grade)  # an unknown grade: BadTargetError, naming the grades
    srcs = list(core.sources())
    incs = list(dict.fromkeys(i for s in srcs for i in _includes(s)))
    names = [s.name for s in srcs + incs]
    if len(set(names)) != len(names):
        raise FileAccessError(f"{core.name}: two RTL files share a name: {sorted(names)}")
    files: dict[str, bytes] = {}
    for s in srcs + incs:
        files[f"rtl/{s.name}"] = s.read_bytes()
    for s in srcs + incs:
        for img in images(s):
            path = s.parent / img
            if not path.is_file():
                raise FileAccessError(f"{s.name} reads {img}, which is not beside it")
            files.setdefault(img, path.read_bytes())
    top = core.top
    flist = (["+incdir+rtl"] if incs else []) + [f"rtl/{s.name}" for s in srcs]
    files[f"{top}.f"] = ("\n".join(flist) + "\n").encode()
    flat = [f"// {top}: every module of {core.name} in one file (ciphercores {__version__}"
            " export), included files inlined.",
            "// Each module keeps its own parameter defaults: the instance sets them "
            f"({top}_inst.v: {_params_text(p)}).",
            "// $readmemh images are named without a directory: the tool's working directory.",
            "// Several modules in one file: Verilator's file-name check is off in this file.",
            "/* verilator lint_off DECLFILENAME */"]
    for s in srcs:
        flat += ["", f"// ==== {s.name} ====", _inline(s).rstrip()]
    flat += ["", "/* verilator lint_on DECLFILENAME */"]
    files[f"{top}_flat.v"] = ("\n".join(flat) + "\n").encode()
    files[f"{top}_inst.v"] = instance(core, p, _ports(core, p)).encode()
    clock = Clock(clock_mhz, _record(core, p, target, grade) if rec == LOOKUP else rec, tgt,
                  grade)
    if target == "ecp5":
        files[f"{top}.lpf"] = lpf(core, p, clock).encode()
        if clock_mhz is not None:
            files[f"{top}.sdc"] = sdc(core, p, clock_mhz, "sdc").encode()
    else:
        files[f"{top}.sdc"] = family_sdc(core, p, clock).encode()
    if clock_mhz is not None:
        files[f"{top}.xdc"] = sdc(core, p, clock_mhz, "xdc").encode()
    for k, v in _datasheet(core).items():
        files.setdefault(k, v)
    files["README.txt"] = _readme(core, p, files, clock).encode()
    return files


def _ours(path: Path) -> bool:
    """Is ``path`` a folder this command wrote (its README.txt starts with MARK)?"""
    try:
        return (path / "README.txt").read_text(errors="replace").startswith(MARK)
    except OSError:
        return False


def export(core: Core, overrides: dict[str, int] | None, out: str | Path, *,
           clock_mhz: float | None = None, grade: str | None = None, target: str = "ecp5",
           force: bool = False, rec: dict | None | str = LOOKUP) -> dict[str, bytes]:
    """Write the export of ``core`` into the folder ``out`` (see the module's text); returns
    what was written. ``force`` replaces a folder that an earlier export wrote; ``rec``: as
    for :func:`bundle`."""
    files = bundle(core, overrides, clock_mhz, grade, target, rec)
    refused = ("an earlier export is replaced with --force" if not force else
               "not an earlier export: --force replaces only those")
    with outfile.new_folder(out, replace=_ours if force else None, refused=refused) as tmp:
        for rel, data in files.items():
            dst = tmp / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(data)
    return files


__all__ = ["EXPORT_TARGETS", "FAMILY_SDC", "MARK", "bundle", "export", "family_sdc", "instance",
           "lpf", "record", "sdc", "stale_note"]
