"""Netlist steps between Yosys and nextpnr: output registers moved into ECP5 block RAMs.

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
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

#: the Verilog attribute that marks a register to be moved into the RAM before it
MARKER = "ciphercores_bram_outreg"
#: bump when the step's result changes (part of the measurement cache keys)
VERSION = 1

RAM = "DP16KD"
FF = "TRELLIS_FF"


def applies(target: str, sources: Iterable[str]) -> bool:
    """Whether the step can change a design of these sources (texts) on this target (the
    marker appears in its RTL); without it the netlist is not touched."""
    return target == "ecp5" and any(MARKER in text for text in sources)


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
