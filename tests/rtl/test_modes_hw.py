# SPDX-License-Identifier: Apache-2.0
"""Hardware modes MODE(CORE) (rtl/modes/mode_engine.v) against the host modes and SP 800-38A.

Default suite: every mode around speck_iter on both simulators, and CTR and CBC around every
other registered core on Verilator (CTR is the mode a pipelined core feeds every cycle, CBC
mixes a serial and a pipelined direction) but those whose registry entry puts "modes" in
``slow_runs``. ``-m slow``: every mode around every core.
"""

from __future__ import annotations

import subprocess

import pytest

from ciphercores import cores, tools
from ciphercores.cores.modecore import ENGINE_RTL
from ciphercores.sim import runner

BLOCKS = 600


def _default_cases():
    for mode in cores.HW_MODES:
        for sim in runner.SIMULATORS:
            yield pytest.param(mode, "speck_iter", sim, id=f"{mode}(speck_iter)-{sim}")
    for base in sorted(cores.mode_bases()):
        if base != "speck_iter" and "modes" not in cores.get(base).slow_runs:
            for mode in ("ctr", "cbc"):
                yield pytest.param(mode, base, "verilator", id=f"{mode}({base})-verilator")


def _run(mode, base, sim, blocks, seed=1):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    core = cores.get(f"{mode}({base})")
    runner.run(core, core.params(), sim, "cocotb_mode",
               config={"random_blocks": blocks, "seed": seed}, quiet=True)


@pytest.mark.parametrize("mode,base,sim", list(_default_cases()))
def test_mode(mode, base, sim):
    _run(mode, base, sim, BLOCKS)


@pytest.mark.slow
@pytest.mark.parametrize("base", sorted(cores.mode_bases()))
@pytest.mark.parametrize("mode", list(cores.HW_MODES))
def test_mode_all_cores(mode, base):
    _run(mode, base, "verilator", 20 * BLOCKS, seed=2)


@pytest.mark.parametrize("params,message", [
    ({"CTR_LITTLE": 2}, "CTR_LITTLE=2; use 0 (big-endian counter) or 1 (little-endian)"),
    ({"CTR_LITTLE": -1}, "CTR_LITTLE=-1; use 0 (big-endian counter) or 1 (little-endian)"),
    ({"MODE": 5}, "MODE=5; use 1 (CBC), 2 (CFB), 3 (OFB) or 4 (CTR)"),
])
def test_engine_refuses_bad_parameters(tmp_path, params, message):
    """A parameter out of range stops the elaboration (Icarus, at time 0) with a message
    naming the instance, the parameter and what it may be."""
    if not runner.available("icarus"):
        pytest.skip("icarus is not installed")
    plist = ", ".join(f".{k}({v})" for k, v in {"BLOCK": 64, **params}.items())
    (tmp_path / "tb.v").write_text("\n".join([
        "`timescale 1ns / 1ps", "module tb;", "wire clk = 1'b0;",
        f"mode_engine #({plist}) u0 (.clk(clk), .rst(1'b1));", "endmodule", ""]))
    out = tmp_path / "tb"
    build = subprocess.run([tools.find("iverilog"), "-g2005", "-o", str(out), "-s", "tb",
                            str(tmp_path / "tb.v"), *(str(cores.RTL / f) for f in ENGINE_RTL)],
                           capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    res = subprocess.run([tools.find("vvp"), "-n", str(out)], capture_output=True, text=True,
                         check=False, timeout=120)
    assert "mode_engine tb.u0: " + message in res.stdout + res.stderr
