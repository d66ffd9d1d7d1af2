# SPDX-License-Identifier: Apache-2.0
"""The shared stream modules of rtl/common/ on their own, each across its parameters, on Icarus
(which builds them in a second) and Verilator: the register slice (cocotb_reg_slice.py), the
cores' output FIFOs (cocotb_credit_fifo.py) and their credit counter (cocotb_credit_count.py),
under random idle and back-pressure. The cores' own tests and the formal proofs
(ciphercores.formal) cover them inside the cores and for every input sequence up to a depth;
these show each module alone over widths and depths the cores do not all use.
``-m slow``: more blocks and parameter sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent

SLICE = runner.Block("axis_reg_slice", ("common/axis_reg_slice.v",))
FIFO = runner.Block("axis_credit_fifo", ("common/axis_credit_count.v",
                                         "common/axis_credit_fifo.v"))
PIPED = runner.Block("axis_credit_fifo_piped", ("common/axis_credit_count.v",
                                                "common/axis_credit_fifo_piped.v"))
COUNT = runner.Block("axis_credit_count", ("common/axis_credit_count.v",))

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
