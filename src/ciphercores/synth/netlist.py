# SPDX-License-Identifier: Apache-2.0
"""Netlist steps between Yosys and nextpnr: output registers moved into ECP5 block RAMs, and
the normal write mode on block RAM ports that never write.

An ECP5 DP16KD read without its output register (REGMODE NOREG) takes about 4 ns from the
clock edge to data out at speed grade 8, most of a 250 MHz cycle; with REGMODE OUTREG the
data comes from the RAM's own output register, well under a nanosecond after the edge. Yosys
infers only NOREG block RAM (its ECP5 memory library has no output-register option), so a
register right after a RAM stays a fabric flip-flop behind the slow read.

This step does what vendor tools do by themselves, but only where the RTL asks for it: a
register declared with the attribute ``(* ciphercores_bram_outreg *)`` whose every bit is a
flip-flop fed by a DP16KD data output (that flip-flop its only load), clocked by the RAM
port's clock, always enabled and never reset, is removed and the RAM port set to OUTREG,
its data pins driving the register's nets. A port is changed only if every data output it
uses feeds such a flip-flop, so the design's behaviour is unchanged cycle for cycle: the RTL
(simulated as it is) already has the register. Anything else is left alone and reported.

The second step (``normal_write_modes``) sets ``WRITEMODE_A/B = NORMAL`` on every DP16KD port
that never writes: its write enable pin is the constant 0 (and not inverted). Yosys's ECP5 RAM
library offers three write modes and any of them fits such a port; Yosys 0.70 picks
READBEFOREWRITE for some (the AES S-box ROM's ports, the read port of Blowfish's shared
S-box copy), whose minimum clock pulse width caps a design at 214.1 MHz at speed 8 instead of
271.4 (``synth.limits``). A write mode says only what a port's data output shows while that
port writes, so a port that never writes behaves the same in every mode. nextpnr's timing
does not read the mode.

Each step runs only on the designs whose sources can give it something to change, decided
from the sources without running a tool (``applies``, ``writemode_applies``), and each has its
own entry in the measurement cache keys (``keys``): a design neither can touch keeps its keys,
and a change to one step re-keys only the designs it applies to.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

#: the Verilog attribute that marks a register to be moved into the RAM before it
MARKER = "ciphercores_bram_outreg"
#: bump when the output-register step's result changes (part of the measurement cache keys)
VERSION = 1
#: bump when the write-mode step's result changes (its own cache-key entry, ``keys``)
WRITEMODE_VERSION = 1
#: the modules whose block RAMs Yosys maps with a port that never writes in a write mode other
#: than NORMAL: the AES S-box ROM (no write port; both ports READBEFOREWRITE) and Blowfish's
#: shared S-box copy (its read-only port B, read under an enable). Which ports get the
#: tie-break is Yosys's choice, not a property of the text (a ROM read with or without an
#: enable and a written RAM read under an enable get READBEFOREWRITE; the output FIFOs and
#: Blowfish's bf_sbox, read every cycle, get NORMAL), so the rule names the modules, and
#: tests/synth/test_netlist.py keeps it exact: it synthesises alone every module under rtl/
#: with a memory read on a clock edge (a memory read through a wire is no block RAM port) and
#: fails when this list and what the step changes disagree. The rule sees sources, not
#: parameters: an AES design with its S-boxes in LUTs (SBOX_BRAM=0) gets the key entry too,
#: and the step changes nothing in it.
WRITEMODE_MODULES = ("aes_sbox_rom", "bf_sbox_dp")

RAM = "DP16KD"
FF = "TRELLIS_FF"


def applies(target: str, sources: Iterable[str]) -> bool:
    """Whether the step can change a design of these sources (texts) on this target (the
    marker appears in its RTL); without it the netlist is not touched."""
    return target == "ecp5" and any(MARKER in text for text in sources)


def _modules(sources: Iterable[str]) -> set[str]:
    return {m for text in sources for m in re.findall(r"\bmodule\s+([A-Za-z_]\w*)", text)}


def writemode_applies(target: str, sources: Iterable[str]) -> bool:
    """Whether the write-mode step can change a design of these sources (texts) on this
    target: it defines one of ``WRITEMODE_MODULES``."""
    return target == "ecp5" and not _modules(sources).isdisjoint(WRITEMODE_MODULES)


def keys(target: str, sources: Iterable[str]) -> dict[str, int]:
    """The cache-key entries of the netlist steps that run on a design of these sources:
    ``netlist`` (the output registers) and ``netlist_writemode``, each only where it applies,
    so that a design neither step can touch keeps the keys it had before the steps."""
    sources = list(sources)
    out = {}
    if applies(target, sources):
        out["netlist"] = VERSION
    if writemode_applies(target, sources):
        out["netlist_writemode"] = WRITEMODE_VERSION
    return out


def bram_write_modes(path: Path) -> dict[str, int]:
    """How many block RAM ports of a Yosys JSON netlist use each write mode (WRITEMODE_A/B:
    NORMAL, WRITETHROUGH, READBEFOREWRITE; NORMAL where the parameter is left out)."""
    modes: dict[str, int] = {}
    for module in json.loads(path.read_text())["modules"].values():
        for cell in module["cells"].values():
            if cell["type"] in (RAM, "PDPW16KD"):
                for port in ("A", "B"):
                    mode = _param(cell, f"WRITEMODE_{port}", "NORMAL") or "NORMAL"
                    modes[mode] = modes.get(mode, 0) + 1
    return modes


def _param(cell: dict, name: str, default: str = "") -> str:
    return str(cell.get("parameters", {}).get(name, default)).strip()


def _ram_port(pin: str) -> tuple[str, int] | None:
    """('A' or 'B', bit) for a DP16KD data output pin (DOA0..DOA17, DOB0..DOB17)."""
    if len(pin) > 3 and pin[:2] == "DO" and pin[2] in "AB" and pin[3:].isdigit():
        return pin[2], int(pin[3:])
    return None


def absorb_outregs(module: dict) -> tuple[int, list[str]]:
    """Move marked registers into the DP16KD before them, in one module of a Yosys JSON
    netlist (changed in place). Returns (flip-flops removed, reasons for what was left)."""
    cells = module["cells"]
    drivers: dict[int, tuple[str, str]] = {}
    loads: dict[int, int] = {}
    for name, cell in cells.items():
        dirs = cell.get("port_directions", {})
        for pin, bits in cell["connections"].items():
            for b in bits:
                if isinstance(b, str):
                    continue
                if dirs.get(pin) == "output":
                    drivers[b] = (name, pin)
                else:
                    loads[b] = loads.get(b, 0) + 1
    for port in module.get("ports", {}).values():
        if port.get("direction") == "output":
            for b in port["bits"]:
                if not isinstance(b, str):
                    loads[b] = loads.get(b, 0) + 1

    marked = {b for net in module.get("netnames", {}).values()
              if MARKER in net.get("attributes", {}) for b in net["bits"]
              if not isinstance(b, str)}
    # candidates: (ram, port) -> {pin: ff name}
    ports: dict[tuple[str, str], dict[str, str]] = {}
    left: list[str] = []
    for q in sorted(marked):
        ff_name, pin = drivers.get(q, (None, None))
        ff = cells.get(ff_name) if ff_name else None
        where = _ram_port(pin) if ff is not None and ff["type"] == RAM else None
        if where is not None and _param(ff, f"REGMODE_{where[0]}") == "OUTREG":
            continue  # moved already
        if ff is None or ff["type"] != FF or pin != "Q":
            left.append(f"net bit {q}: not driven by a {FF}")
            continue
        di = ff["connections"].get("DI", [None])[0]
        ram_name, ram_pin = drivers.get(di, (None, None)) if not isinstance(di, str) else (
            None, None)
        ram = cells.get(ram_name) if ram_name else None
        where = _ram_port(ram_pin) if ram is not None and ram["type"] == RAM else None
        if where is None:
            left.append(f"{ff_name}: its input is not a {RAM} data output")
            continue
        side = where[0]
        lsr = ff["connections"].get("LSR", ["0"])
        ce = ff["connections"].get("CE", ["1"])
        problems = []
        if loads.get(di, 0) != 1:
            problems.append("the RAM output has other loads")
        if _param(ff, "CEMUX", "1") != "1" and ce != ["1"]:
            problems.append("clock enable")
        if lsr != ["0"] and _param(ff, "LSRMUX", "LSR") == "LSR":
            problems.append("reset")
        if _param(ff, "CLKMUX", "CLK") != "CLK" or _param(ram, f"CLK{side}MUX",
                                                           f"CLK{side}") != f"CLK{side}":
            problems.append("inverted clock")
        if ff["connections"].get("CLK") != ram["connections"].get(f"CLK{side}"):
            problems.append("another clock")
        if _param(ff, "REGSET", "RESET") != "RESET":
            problems.append("set, not reset, at start")
        if _param(ram, f"REGMODE_{side}", "NOREG") != "NOREG":
            problems.append("the RAM port has an output register already")
        if problems:
            left.append(f"{ff_name}: " + ", ".join(problems))
            continue
        ports.setdefault((ram_name, side), {})[ram_pin] = ff_name

    removed = 0
    for (ram_name, side), pins in sorted(ports.items()):
        ram = cells[ram_name]
        used = [p for p, bits in ram["connections"].items()
                if (_ram_port(p) or ("", 0))[0] == side
                and any(not isinstance(b, str) and loads.get(b, 0) for b in bits)]
        missing = sorted(set(used) - set(pins))
        if missing:
            left.append(f"{ram_name} port {side}: outputs {', '.join(missing)} feed no "
                        "marked register")
            continue
        ram["parameters"][f"REGMODE_{side}"] = "OUTREG"
        for pin, ff_name in pins.items():
            ram["connections"][pin] = list(cells[ff_name]["connections"]["Q"])
            del cells[ff_name]
            removed += 1
    return removed, left


def absorb_outregs_file(path: Path) -> tuple[int, list[str]]:
    """``absorb_outregs`` on every module of a Yosys JSON netlist file, rewritten in place."""
    data = json.loads(path.read_text())
    removed, left = 0, []
    for module in data["modules"].values():
        n, why = absorb_outregs(module)
        removed += n
        left += why
    if removed:
        path.write_text(json.dumps(data))
    return removed, left


def never_writes(cell: dict, side: str) -> bool:
    """Whether DP16KD port ``side`` ('A' or 'B') can never write: its write enable pin is
    tied to the constant 0 and not inverted (WEAMUX/WEBMUX absent or the pin itself). A pin
    left unconnected, undefined ("x") or driven by a net counts as writing."""
    return (cell["connections"].get(f"WE{side}") == ["0"]
            and _param(cell, f"WE{side}MUX", f"WE{side}") == f"WE{side}")


def normal_write_modes(module: dict) -> int:
    """Set WRITEMODE_A/B = NORMAL on every DP16KD port of one module of a Yosys JSON netlist
    (changed in place) that never writes (``never_writes``) and has another mode. Returns the
    number of ports changed."""
    changed = 0
    for cell in module["cells"].values():
        if cell["type"] != RAM:
            continue
        for side in ("A", "B"):
            name = f"WRITEMODE_{side}"
            if never_writes(cell, side) and (_param(cell, name, "NORMAL") or "NORMAL") != "NORMAL":
                cell.setdefault("parameters", {})[name] = "NORMAL"
                changed += 1
    return changed


def normal_write_modes_file(path: Path) -> int:
    """``normal_write_modes`` on every module of a Yosys JSON netlist file, rewritten in place
    if anything changed."""
    data = json.loads(path.read_text())
    changed = sum(normal_write_modes(m) for m in data["modules"].values())
    if changed:
        path.write_text(json.dumps(data))
    return changed
