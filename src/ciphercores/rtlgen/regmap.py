# SPDX-License-Identifier: Apache-2.0
"""The register map of the bus wrappers (docs/bus.md): one table, :data:`REGISTERS`, and the
four views generated from it:

- :func:`verilog`: the localparams of rtl/bus/cc_regs.v (between its ``regmap:begin`` and
  ``regmap:end`` lines), from which the RTL decodes addresses and places fields;
- :func:`c_header`: rtl/bus/cc_regs.h (offsets, bit fields, access helpers) for firmware;
- :func:`python`: src/ciphercores/bus/regmap.py, the register-level Python driver;
- :func:`markdown`: the register table of docs/bus.md (between ``regmap:begin``/``end``).

:func:`write_all` writes them; a test fails when a committed view differs from the generator.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

#: 32-bit data bus; byte addresses of ADDR_BITS bits (the wrapper decodes 256 bytes)
DATA_BITS = 32
ADDR_BITS = 8
#: the value of the ID register: "cc" and the register map's version (1)
ID_VALUE = 0x63630001


@dataclass(frozen=True)
class Field:
    name: str
    lsb: int
    width: int
    doc: str


@dataclass(frozen=True)
class Register:
    name: str
    offset: int  # byte offset of the first word
    access: str  # "ro", "wo" or "rw"
    doc: str
    count: int = 1  # words of an array (KEY0..KEY15), most significant word first
    fields: tuple[Field, ...] = ()


REGISTERS: tuple[Register, ...] = (
    Register("ID", 0x00, "ro", f"constant 0x{ID_VALUE:08x}: \"cc\" and the map's version, 1"),
    Register("INFO", 0x04, "ro", "what the core behind the wrapper is (its parameters)", fields=(
        Field("BLOCK_BITS", 0, 8, "bits of one block"),
        Field("KEY_BITS", 8, 12, "width of the core's key port"),
        Field("KEYLEN_PORT", 20, 1, "the core takes a key length (KEYLEN is used)"),
        Field("IV_PORT", 21, 1, "the core is a mode core with an IV (IV, CTRL.IV_LOAD)"),
        Field("OFIFO_LOG2", 24, 4, "the output FIFO holds 2^OFIFO_LOG2 blocks"))),
    Register("CTRL", 0x08, "wo",
             "commands: write 1 to act; refused as a whole when one cannot act now", fields=(
                 Field("START", 0, 1, "DIN becomes the next input block (refused while "
                       "IN_READY is low)"),
                 Field("DECRYPT", 1, 1, "with START: decrypt this block (0: encrypt)"),
                 Field("KEY_LOAD", 2, 1, "load KEY (KEYLEN bytes) into the core (refused while "
                       "a key load or an input block is pending)"),
                 Field("IV_LOAD", 3, 1, "load IV, starting a new message (mode cores only; "
                       "refused while an IV load or an input block is pending)"),
                 Field("POP", 4, 1, "drop the FIFO's oldest block (DOUT); done before START "
                       "(refused when the FIFO is empty)"),
                 Field("CLEAR", 5, 1, "wipe KEY, IV, DIN and the FIFO, reset the core (its "
                       "keys become zero); every other bit of the write is ignored"),
                 Field("ERR_CLR", 6, 1, "clear STATUS.ERR"))),
    Register("STATUS", 0x0C, "ro", "state of the wrapper and the core", fields=(
        Field("BUSY", 0, 1, "a load or an input block is pending, or blocks are in the core"),
        Field("IN_READY", 1, 1, "no input block pending: DIN may be written, START taken"),
        Field("OUT_VALID", 2, 1, "the FIFO holds a result: DOUT is its oldest block"),
        Field("OUT_DIR", 3, 1, "direction of the block in DOUT (1: decrypted)"),
        Field("KEY_PEND", 4, 1, "a key load waits for the core (KEY, KEYLEN locked)"),
        Field("IV_PEND", 5, 1, "an IV load waits for the core (IV locked)"),
        Field("ERR", 6, 1, "sticky: an access was refused (cleared by ERR_CLR or CLEAR)"),
        Field("OUT_LEVEL", 8, 8, "blocks in the FIFO"))),
    Register("IRQ_EN", 0x10, "rw", "interrupt enables; irq is high while an enabled "
             "condition holds (level)", fields=(
                 Field("OUT_VALID", 0, 1, "the FIFO holds a result"),
                 Field("IN_READY", 1, 1, "the input is free"),
                 Field("ERR", 2, 1, "STATUS.ERR is set"))),
    Register("KEYLEN", 0x14, "rw", "key length in bytes for KEY_LOAD (cores with a key length "
             "port; ignored by the others); locked while KEY_PEND; zero once the core took the "
             "key", fields=(
                 Field("BYTES", 0, 7, "key length in bytes"),)),
    Register("DIN", 0x20, "wo", "the next input block, most significant word first; "
             "write-only (reads refused); words beyond the block refused; locked while an "
             "input block is pending; zero once the core took the block", count=4),
    Register("DOUT", 0x30, "ro", "the FIFO's oldest result, most significant word first "
             "(zero when the FIFO is empty)", count=4),
    Register("IV", 0x40, "wo", "IV or initial counter block (mode cores), most significant "
             "word first; write-only (reads refused); locked while IV_PEND; zero once the core "
             "took the IV", count=4),
    Register("KEY", 0x80, "wo", "the key as on the core's key port, most significant word "
             "first; write-only (reads refused); locked while KEY_PEND; zero once the core took "
             "the key", count=16),
)

ACCESS_TEXT = {"ro": "read-only", "wo": "write-only", "rw": "read-write"}
SPDX = "SPDX-License-Identifier: Apache-2.0"


def register(name: str) -> Register:
    return next(r for r in REGISTERS if r.name == name)


def _check() -> None:
    """The table is consistent: words aligned, no two registers on one address."""
    used: dict[int, str] = {}
    for r in REGISTERS:
        for i in range(r.count):
            a = r.offset + 4 * i
            assert a % 4 == 0 and a < 1 << ADDR_BITS, r.name
            assert a not in used, f"{r.name} overlaps {used[a]}"
            used[a] = r.name
        bits = [b for f in r.fields for b in range(f.lsb, f.lsb + f.width)]
        assert len(bits) == len(set(bits)) and max(bits, default=0) < DATA_BITS, r.name


_check()


def _fields(r: Register):
    return [(f"{r.name}_{f.name}", f) for f in r.fields]


# -- Verilog ---------------------------------------------------------------------------------
V_BEGIN = "// regmap:begin (generated by ciphercores.rtlgen.regmap: do not edit)"
V_END = "// regmap:end"


def verilog() -> str:
    """The localparams section of rtl/bus/cc_regs.v, both marker lines included."""
    out = [V_BEGIN, "/* verilator lint_off UNUSEDPARAM */"]
    out.append(f"localparam [31:0] ID_VALUE = 32'h{ID_VALUE:08x};")
    for r in REGISTERS:
        out.append(f"localparam [{ADDR_BITS - 1}:0] REG_{r.name} = {ADDR_BITS}'h{r.offset:02x};"
                   f"  // {r.access}" + (f", {r.count} words" if r.count > 1 else ""))
        if r.count > 1:
            out.append(f"localparam integer REG_{r.name}_COUNT = {r.count};")
        for name, f in _fields(r):
            out.append(f"localparam integer {name} = {f.lsb};"
                       + (f"  localparam integer {name}_W = {f.width};" if f.width > 1 else ""))
    out += ["/* verilator lint_on UNUSEDPARAM */", V_END]
    return "\n".join(out) + "\n"


def splice(text: str, section: str, begin: str, end: str) -> str:
    """``text`` with the lines from ``begin`` to ``end`` replaced by ``section``."""
    head, sep, rest = text.partition(begin)
    if not sep or end not in rest:
        raise ValueError(f"markers {begin!r} ... {end!r} not found")
    tail = rest.split(end, 1)[1]
    return head + section.rstrip("\n") + tail


# -- C header --------------------------------------------------------------------------------
def c_header() -> str:
    """rtl/bus/cc_regs.h: byte offsets, bit fields and access helpers."""
    out = [f"/* {SPDX} */",
           "/* Registers of the ciphercores bus wrappers (AXI4-Lite, Wishbone): docs/bus.md.",
           " * GENERATED by ciphercores.rtlgen.regmap: do not edit. */",
           "#ifndef CC_REGS_H", "#define CC_REGS_H", "", "#include <stdint.h>", "",
           f"#define CC_ID_VALUE 0x{ID_VALUE:08x}u", ""]
    for r in REGISTERS:
        text = textwrap.wrap(f"{r.name} ({ACCESS_TEXT[r.access]}): {r.doc} */", 96,
                             initial_indent="/* ", subsequent_indent=" * ")
        out += text
        out.append(f"#define CC_{r.name}_OFFSET 0x{r.offset:02x}u")
        if r.count > 1:
            out.append(f"#define CC_{r.name}_COUNT {r.count}u")
            out.append(f"#define CC_{r.name}_N_OFFSET(n) (CC_{r.name}_OFFSET + 4u * (uint32_t)(n))")
        for name, f in _fields(r):
            mask = (1 << f.width) - 1
            if f.width == 1:
                out.append(f"#define CC_{name} (1u << {f.lsb})  /* {f.doc} */")
            else:
                out.append(f"#define CC_{name}_SHIFT {f.lsb}  /* {f.doc} */")
                out.append(f"#define CC_{name}_MASK 0x{mask:x}u")
        out.append("")
    out += ["/* base: the wrapper's base address as a pointer to 32-bit words */",
            "static inline uint32_t cc_read(volatile uint32_t *base, uint32_t offset)",
            "{", "    return base[offset / 4u];", "}", "",
            "static inline void cc_write(volatile uint32_t *base, uint32_t offset, "
            "uint32_t value)", "{", "    base[offset / 4u] = value;", "}", "",
            "static inline uint32_t cc_out_level(volatile uint32_t *base)", "{",
            "    return (cc_read(base, CC_STATUS_OFFSET) >> CC_STATUS_OUT_LEVEL_SHIFT) &",
            "           CC_STATUS_OUT_LEVEL_MASK;", "}", "",
            "#endif /* CC_REGS_H */"]
    return "\n".join(out) + "\n"


# -- Python ----------------------------------------------------------------------------------
def python() -> str:
    """src/ciphercores/bus/regmap.py: constants and the register-level driver :class:`Regs`."""
    out = [f"# {SPDX}",
           '"""Registers of the bus wrappers (docs/bus.md): offsets, fields and :class:`Regs`, '
           'one method',
           "per register access. GENERATED by ciphercores.rtlgen.regmap: do not edit.",
           "",
           "``bus`` is any object with ``async read(offset) -> int`` and ``async write(offset, "
           "value)``",
           'that raise on an error response (see :mod:`ciphercores.bus`)."""', "",
           "from __future__ import annotations", "", "from typing import Any", "",
           f"ID_VALUE = 0x{ID_VALUE:08x}", ""]
    for r in REGISTERS:
        out += textwrap.wrap(f"{r.name} ({ACCESS_TEXT[r.access]}): {r.doc}", 96,
                             initial_indent="# ", subsequent_indent="#   ")
        out.append(f"{r.name} = 0x{r.offset:02x}")
        if r.count > 1:
            out.append(f"{r.name}_COUNT = {r.count}")
        for name, f in _fields(r):
            if f.width == 1:
                out.append(f"{name} = 1 << {f.lsb}")
            else:
                out.append(f"{name}_SHIFT = {f.lsb}")
                out.append(f"{name}_MASK = 0x{(1 << f.width) - 1:x}")
    out.append("")
    out.append("#: name -> (offset, access, words)")
    out.append("REGISTERS = {")
    for r in REGISTERS:
        out.append(f"    \"{r.name}\": (0x{r.offset:02x}, \"{r.access}\", {r.count}),")
    out += ["}", "", "", "class Regs:", '    """One awaitable method per register access '
            'the map allows."""', "", "    def __init__(self, bus: Any):",
            "        self.bus = bus", ""]
    for r in REGISTERS:
        low = r.name.lower()
        idx, arg, off = ("", "", f"{r.name}")
        if r.count > 1:
            idx, arg, off = (", index: int", "", f"{r.name} + 4 * index")
        if r.access in ("ro", "rw"):
            out += [f"    async def read_{low}(self{idx}) -> int:",
                    f"        return await self.bus.read({off})", ""]
        if r.access in ("wo", "rw"):
            out += [f"    async def write_{low}(self{idx}, value: int) -> None:",
                    f"        await self.bus.write({off}, value)", ""]
        del arg
    return "\n".join(out).rstrip("\n") + "\n"


# -- Markdown --------------------------------------------------------------------------------
M_BEGIN = "<!-- regmap:begin (generated by ciphercores.rtlgen.regmap: do not edit) -->"
M_END = "<!-- regmap:end -->"


def markdown() -> str:
    """The register table of docs/bus.md, both marker lines included."""
    out = [M_BEGIN, "", "| offset | register | access | bits | meaning |", "|---|---|---|---|---|"]
    for r in REGISTERS:
        where = f"0x{r.offset:02x}" if r.count == 1 else \
            f"0x{r.offset:02x}..0x{r.offset + 4 * (r.count - 1):02x}"
        name = r.name if r.count == 1 else f"{r.name}0..{r.name}{r.count - 1}"
        out.append(f"| {where} | `{name}` | {r.access} | 31:0 | {r.doc} |")
        for f in r.fields:
            bits = str(f.lsb) if f.width == 1 else f"{f.lsb + f.width - 1}:{f.lsb}"
            out.append(f"| | | | {bits} | `{f.name}`: {f.doc} |")
    out += ["", M_END]
    return "\n".join(out) + "\n"


# -- files -----------------------------------------------------------------------------------
def views(root: Path) -> dict[Path, str]:
    """path -> the text that file must hold (the spliced files with their sections replaced)."""
    rtl = root / "rtl" / "bus" / "cc_regs.v"
    doc = root / "docs" / "bus.md"
    return {rtl: splice(rtl.read_text(), verilog(), V_BEGIN, V_END),
            root / "rtl" / "bus" / "cc_regs.h": c_header(),
            root / "src" / "ciphercores" / "bus" / "regmap.py": python(),
            doc: splice(doc.read_text(), markdown(), M_BEGIN, M_END)}


def write_all(root: Path) -> list[Path]:
    """Write every view that changed; return the paths written."""
    done = []
    for path, text in views(root).items():
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            done.append(path)
    return done


if __name__ == "__main__":  # python -m ciphercores.rtlgen.regmap: rewrite the views
    from ..paths import ROOT

    for written in write_all(ROOT):
        print(f"wrote {written}")
