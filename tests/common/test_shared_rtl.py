# SPDX-License-Identifier: Apache-2.0
"""The shared stream modules of rtl/common/ on their own, each across its parameters, on Icarus
(which builds them in a second) and Verilator: the register slice (cocotb_reg_slice.py), the
cores' output FIFOs (cocotb_credit_fifo.py), their credit counter (cocotb_credit_count.py) and
the output-FIFO family sized from a pipeline's latency (cocotb_out_fifo.py, against the
registry's ``OutFifo``) and the engines' side FIFO in LUT RAM (cocotb_lut_fifo.py), under random
idle and back-pressure. The cores' own tests and the
formal proofs (ciphercores.formal) cover them inside the cores and for every input sequence up
to a depth; these show each module alone over widths and depths the cores do not all use.
``-m slow``: more blocks and parameter sets."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ciphercores import cores, lint, tools
from ciphercores.cores import OutFifo
from ciphercores.sim import runner

HERE = Path(__file__).parent

SLICE = runner.Block("axis_reg_slice", ("common/axis_reg_slice.v",))
OUT_REG = runner.Block("axis_out_reg", ("common/axis_out_reg.v",))
FIFO = runner.Block("axis_credit_fifo", ("common/axis_credit_count.v",
                                         "common/axis_credit_fifo.v"))
PIPED = runner.Block("axis_credit_fifo_piped", ("common/axis_credit_count.v",
                                                "common/axis_credit_fifo_piped.v"))
COUNT = runner.Block("axis_credit_count", ("common/axis_credit_count.v",))
LUT = runner.Block("axis_lut_fifo", ("common/axis_lut_fifo.v",))
OUT = runner.Block("axis_out_fifo", lint.SHARED_BLOCKS["axis_out_fifo"][0])

#: the most blocks entered and not delivered: the RAM and the output register
#: (axis_credit_fifo), the RAM (axis_credit_fifo_piped: its credit counter's CAPACITY; the
#: reservation counted a cycle late leaves DEPTH - 1 credits in its count)
CAPACITY = {"axis_credit_fifo": lambda d: (1 << d) + 1,
            "axis_credit_fifo_piped": lambda d: 1 << d}


def _run(block: runner.Block, params: dict[str, int], sim: str, module: str,
         config: dict) -> None:
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    runner.run(block, params, sim, module, config=config, test_dir=HERE, quiet=True)


@pytest.mark.parametrize("width,sim", [(1, "icarus"), (8, "icarus"), (128, "icarus"),
                                       (128, "verilator")])
def test_reg_slice(width, sim):
    _run(SLICE, {"WIDTH": width}, sim, "cocotb_reg_slice", {"beats": 500, "seed": width})


#: (WIDTH, USER_WIDTH, simulator): des_iter's and tdes_iter's block, speck_iter's smallest
#: and aes_iter's, bf_x2's two lanes; the widths alone
OUT_REG_CASES = [(1, 1, "icarus"), (32, 1, "icarus"), (128, 1, "icarus"), (7, 3, "icarus"),
                 (64, 1, "verilator"), (128, 1, "verilator")]


@pytest.mark.parametrize("width,user,sim", OUT_REG_CASES)
def test_out_reg(width, user, sim):
    _run(OUT_REG, {"WIDTH": width, "USER_WIDTH": user}, sim, "cocotb_out_reg",
         {"blocks": 300, "seed": 10 * width + user})


@pytest.mark.parametrize("params,message", [
    ({"WIDTH": 0}, "WIDTH=0 (>= 1), USER_WIDTH=1 (>= 1)"),
    ({"USER_WIDTH": 0}, "WIDTH=8 (>= 1), USER_WIDTH=0 (>= 1)"),
])
def test_out_reg_refuses_bad_parameters(tmp_path, params, message):
    """A width out of range stops the elaboration with a message naming the instance and the
    parameters with their ranges."""
    if not runner.available("icarus"):
        pytest.skip("icarus is not installed")
    plist = ", ".join(f".{k}({v})" for k, v in {"WIDTH": 8, "USER_WIDTH": 1, **params}.items())
    top = "\n".join(["`timescale 1ns / 1ps", "module tb;", "wire clk = 1'b0;",
                     f"axis_out_reg #({plist}) u0 (.clk(clk), .rst(1'b1), .load(1'b0), "
                     ".load_data(), .load_user(), .free(), .m_axis_tdata(), .m_axis_tuser(), "
                     ".m_axis_tvalid(), .m_axis_tready(1'b0));", "endmodule", ""])
    (tmp_path / "bad.v").write_text(top)
    build = subprocess.run([tools.find("iverilog"), "-g2005", "-o", str(tmp_path / "bad"),
                            "-s", "tb", str(tmp_path / "bad.v"),
                            *(str(cores.RTL / f) for f in OUT_REG.rtl)],
                           capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    res = subprocess.run([tools.find("vvp"), "-n", str(tmp_path / "bad")], capture_output=True,
                         text=True, check=False, timeout=120)
    assert "axis_out_reg tb.u0: " in res.stdout + res.stderr
    assert message in res.stdout + res.stderr


def _fifo(block: runner.Block, depth_log2: int, width: int, sim: str, blocks: int) -> None:
    cap = CAPACITY[block.name](depth_log2)
    _run(block, {"DEPTH_LOG2": depth_log2, "WIDTH": width}, sim, "cocotb_credit_fifo",
         {"blocks": blocks, "seed": 100 * depth_log2 + width, "capacity": cap,
          # the pipeline's latency: one cycle, about the capacity, well beyond it
          "latencies": [1, cap, 3 * cap + 2],
          # the wipe overwrites every entry, a cycle each, from the first edge of the reset
          # (the test's lasts two); its end reaches the credit in at most two registers
          "wipe_min": (1 << depth_log2) - 1, "wipe_max": (1 << depth_log2) + 3})


@pytest.mark.parametrize("depth_log2,width,sim", [(1, 1, "icarus"), (2, 8, "icarus"),
                                                  (4, 129, "icarus"), (3, 64, "verilator")])
def test_credit_fifo(depth_log2, width, sim):
    _fifo(FIFO, depth_log2, width, sim, 300)


@pytest.mark.parametrize("depth_log2,width,sim", [(2, 1, "icarus"), (3, 8, "icarus"),
                                                  (5, 129, "icarus"), (4, 64, "verilator")])
def test_credit_fifo_piped(depth_log2, width, sim):
    _fifo(PIPED, depth_log2, width, sim, 300)


@pytest.mark.slow
@pytest.mark.parametrize("block,depth_log2", [(FIFO, d) for d in (5, 6, 10)]
                         + [(PIPED, d) for d in (6, 7, 10)])
def test_credit_fifos_deeper(block, depth_log2):
    _fifo(block, depth_log2, 33, "verilator", 3000)


@pytest.mark.parametrize("capacity,take_reg", [(1, 0), (4, 0), (16, 0), (2, 1), (4, 1),
                                               (7, 1)])
def test_credit_count(capacity, take_reg):
    _run(COUNT, {"CAPACITY": capacity, "TAKE_REG": take_reg}, "icarus", "cocotb_credit_count",
         {"cycles": 4000, "seed": 10 * capacity + take_reg})


# -- the side FIFO of the mode and GCM engines (rtl/common/axis_lut_fifo.v) ---------------------

#: (DEPTH_LOG2, WIDTH, simulator): the GCM engine's (2, 155 bits: its side entry), the mode
#: engine's smallest and default depths, a wide RAM
LUT_CASES = [(1, 1, "icarus"), (2, 155, "icarus"), (6, 66, "icarus"), (3, 8, "verilator"),
             (2, 155, "verilator"), (10, 17, "verilator")]


@pytest.mark.parametrize("depth_log2,width,sim", LUT_CASES)
def test_lut_fifo(depth_log2, width, sim):
    _run(LUT, {"DEPTH_LOG2": depth_log2, "WIDTH": width}, sim, "cocotb_lut_fifo",
         {"entries": 300 if depth_log2 < 10 else 3000, "seed": 100 * depth_log2 + width})


# -- the output-FIFO family (rtl/common/axis_out_fifo.v) ---------------------------------------

#: (PIPED, HEAD_REG, LATENCY, WIDTH, USER_WIDTH, simulator): each FIFO at its smallest
#: depth, latencies one below and at a power of two (the depth's steps), speck_pipe's full
#: pipeline on axis_credit_fifo (LATENCY 33: 64 entries), des_pipe's (17: 32) on the piped
#: ones (its head a register of its own, or chosen among the read registers)
OUT_CASES = [(1, 1, 1, 1, 1, "icarus"), (1, 1, 8, 8, 2, "icarus"), (1, 1, 9, 129, 1, "icarus"),
             (1, 0, 1, 1, 1, "icarus"), (1, 0, 9, 129, 1, "icarus"),
             (0, 1, 1, 1, 1, "icarus"), (0, 1, 3, 8, 3, "icarus"), (0, 1, 4, 64, 1, "icarus"),
             (1, 1, 17, 64, 1, "verilator"), (1, 0, 17, 64, 1, "verilator"),
             (0, 1, 33, 128, 1, "verilator")]


@pytest.mark.parametrize("piped,head_reg,latency,width,user,sim", OUT_CASES)
def test_out_fifo(piped, head_reg, latency, width, user, sim):
    """Streams, credits, the cycles through, resets and the wipe, against the figures the
    registry derives (OutFifo): the wipe's length and the credits show the RTL's depth; both
    heads of the piped FIFO give the same figures."""
    fifo = OutFifo(latency, piped)
    _run(OUT, {"WIDTH": width, "USER_WIDTH": user, "LATENCY": latency, "PIPED": piped,
               "HEAD_REG": head_reg}, sim, "cocotb_out_fifo",
         {"blocks": 30, "seed": 1000 * piped + 100 * head_reg + 10 * latency + width,
          "credits": fifo.credits, "through": fifo.through,
          "ready_after_reset": fifo.ready_after_reset})


def _icarus_tb(tmp_path: Path, name: str, instances: list[str]) -> subprocess.CompletedProcess:
    """Instances of axis_out_fifo (with a line of their own each) elaborated and run by Icarus
    for time 0: the initial blocks only."""
    if not runner.available("icarus"):
        pytest.skip("icarus is not installed")
    top = "\n".join(["`timescale 1ns / 1ps", "module tb;", "wire clk = 1'b0;", *instances,
                     "endmodule", ""])
    (tmp_path / f"{name}.v").write_text(top)
    files = [str(cores.RTL / f) for f in OUT.rtl]
    build = subprocess.run([tools.find("iverilog"), "-g2005", "-o", str(tmp_path / name),
                            "-s", "tb", str(tmp_path / f"{name}.v"), *files],
                           capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    return subprocess.run([tools.find("vvp"), "-n", str(tmp_path / name)], capture_output=True,
                          text=True, check=False, timeout=120)


def _instance(n: int, params: dict[str, int]) -> str:
    plist = ", ".join(f".{k}({v})" for k, v in params.items())
    return (f"axis_out_fifo #({plist}) u{n} (.clk(clk), .rst(1'b1), .reserve(1'b0), "
            ".credit(), .key_ready(), .s_axis_tdata(1'b0), .s_axis_tuser(1'b0), "
            ".s_axis_tvalid(1'b0), .m_axis_tdata(), .m_axis_tuser(), .m_axis_tvalid(), "
            ".m_axis_tready(1'b0));")


def test_out_fifo_depth_is_the_registry_formula(tmp_path):
    """The depth of the FIFO the RTL instantiates (its DEPTH_LOG2 as elaborated) is the
    registry's, for every LATENCY up to 129 and a spread of larger ones to the largest each
    FIFO allows (1024 entries): the formula is written once for Python (OutFifo) and once in
    the RTL, and this keeps the two the same."""
    lines, want = [], {}
    for piped, largest in ((1, 1016), (0, 1023)):
        block = "g_piped_sel" if piped else "g_plain"  # HEAD_REG 0, the pipelines' head
        for latency in sorted({*range(1, 130), *range(130, largest, 29), largest}):
            n = len(want)
            lines.append(_instance(n, {"WIDTH": 1, "USER_WIDTH": 1, "LATENCY": latency,
                                       "PIPED": piped, "HEAD_REG": 0}))
            lines.append(f'initial $display("depth %0d %0d %0d", {piped}, {latency}, '
                         f"u{n}.{block}.u_fifo.DEPTH_LOG2);")
            want[(piped, latency)] = OutFifo(latency, piped).depth_log2
    res = _icarus_tb(tmp_path, "depth", lines)
    got = {(int(p), int(lat)): int(d) for _, p, lat, d in
           (line.split() for line in res.stdout.splitlines() if line.startswith("depth "))}
    assert got == want
    assert {d for (p, _), d in got.items() if p} == set(range(4, 11))  # 16 .. 1024 entries
    assert {d for (p, _), d in got.items() if not p} == set(range(1, 11))


@pytest.mark.parametrize("params,message", [
    ({"LATENCY": 0}, "LATENCY=0 (1..1016 with this PIPED)"),
    ({"LATENCY": 1017}, "LATENCY=1017 (1..1016 with this PIPED)"),
    ({"LATENCY": 1024, "PIPED": 0}, "LATENCY=1024 (1..1023 with this PIPED)"),
    ({"LATENCY": 4, "PIPED": 2}, "PIPED=2 (0/1)"),
    ({"LATENCY": 4, "HEAD_REG": 2}, "HEAD_REG=2 (0/1)"),
    ({"LATENCY": 4, "USER_WIDTH": 0}, "USER_WIDTH=0 (>= 1)"),
    ({"LATENCY": 4, "WIDTH": 0}, "WIDTH=0 (>= 1)"),
])
def test_out_fifo_refuses_bad_parameters(tmp_path, params, message):
    """A parameter out of range stops the elaboration with a message naming the instance, the
    parameter and its range."""
    # Icarus runs the check at time 0; WIDTH 4 unless the case sets it
    res = _icarus_tb(tmp_path, "bad", [_instance(0, {"WIDTH": 4, **params})])
    assert "axis_out_fifo tb.u0: " in res.stdout + res.stderr
    assert message in res.stdout + res.stderr


@pytest.mark.parametrize("queue", [3, 5, 8])
def test_credit_fifo_piped_refuses_another_queue(tmp_path, queue):
    """axis_credit_fifo_piped's counts are written for a queue of four entries (3 bits, bit 2
    for "full"): a copy of the RTL with its QUEUE edited stops at elaboration and names it,
    while the file as it is elaborates silently."""
    if not runner.available("icarus"):
        pytest.skip("icarus is not installed")
    text = (cores.RTL / "common/axis_credit_fifo_piped.v").read_text()
    line = "localparam integer QUEUE = 4;"
    assert text.count(line) == 1
    top = tmp_path / "tb.v"
    top.write_text("\n".join([
        "`timescale 1ns / 1ps", "module tb;", "wire clk = 1'b0;",
        "axis_credit_fifo_piped #(.WIDTH(8), .DEPTH_LOG2(4)) u0 (.clk(clk), .rst(1'b1), "
        ".reserve(1'b0), .credit(), .wiping(), .s_data(8'd0), .s_valid(1'b0), .m_data(), "
        ".m_valid(), .m_ready(1'b0));", "endmodule", ""]))
    outputs = {}
    for q, rtl in ((4, text), (queue, text.replace(line, f"localparam integer QUEUE = {queue};"))):
        (tmp_path / f"fifo{q}.v").write_text(rtl)
        build = subprocess.run([tools.find("iverilog"), "-g2005", "-o", str(tmp_path / f"q{q}"),
                                "-s", "tb", str(top), str(cores.RTL / "common/axis_credit_count.v"),
                                str(tmp_path / f"fifo{q}.v")],
                               capture_output=True, text=True, check=False)
        assert build.returncode == 0, build.stderr
        res = subprocess.run([tools.find("vvp"), "-n", str(tmp_path / f"q{q}")],
                             capture_output=True, text=True, check=False, timeout=120)
        outputs[q] = res.stdout + res.stderr
    assert "QUEUE" not in outputs[4]
    assert (f"axis_credit_fifo_piped tb.u0: QUEUE={queue}, the held and queue counts need 4"
            in outputs[queue])


@pytest.mark.parametrize("latency,piped", [(0, 1), (1017, 1), (1024, 0), (4, 2)])
def test_out_fifo_registry_refuses_what_the_rtl_refuses(latency, piped):
    with pytest.raises(cores.BadParameterError, match=f"LATENCY={latency}, PIPED={piped}"):
        OutFifo(latency, piped)


def test_shared_modules_are_linted():
    """Every module of rtl/common/ is in the lint (python -m ciphercores.lint): in a registered
    core's file list, a GCM core's, the measurement harnesses', or SHARED_BLOCKS, linted here
    on its own with each parameter set."""
    from ciphercores.synth import design

    covered = {p.resolve() for c in cores.CORES.values() for p in c.sources()}
    covered |= {p.resolve() for b in cores.gcm_bases() for p in cores.get(f"gcm({b})").sources()}
    covered |= {(cores.RTL / f).resolve() for h in (design.BLOCK, design.GCM)
                for f in (*h.rtl, *h.passthrough)}
    covered |= {(cores.RTL / f).resolve() for files, _ in lint.SHARED_BLOCKS.values()
                for f in files}
    assert {p.resolve() for p in (cores.RTL / "common").glob("*.v")} <= covered
    for top, (_, sets) in lint.SHARED_BLOCKS.items():
        for params in sets:
            res = lint.lint_block(top, params)
            assert res.returncode == 0 and not res.stderr.strip(), (top, params, res.stderr)
