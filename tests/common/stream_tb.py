# SPDX-License-Identifier: Apache-2.0
"""What the cocotb benches of the shared modules (rtl/common/) have in common: the launcher's
options, the clock, a reset, and random idle and back-pressure.

The benches drive inputs at the falling edge, from the outputs as they are then (settled
after the rising edge), and account at the next falling edge for the handshakes of the rising
edge between: what they drove, and the registered outputs they read, held across that edge."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

from ciphercores.sim.runner import TB_ENV

CLOCK_NS = 10


def config() -> dict:
    """What the launcher passed: the module's name, its parameters, the test's options."""
    return json.loads(os.environ[TB_ENV])


async def start(dut, inputs: list[str]) -> None:
    """Start the clock and hold ``rst`` for two cycles with ``inputs`` low."""
    cocotb.start_soon(Clock(dut.clk, CLOCK_NS, unit="ns").start())
    await reset(dut, inputs, 2)


async def reset(dut, inputs: list[str], cycles: int) -> None:
    """``rst`` high for ``cycles`` rising edges with ``inputs`` low; returns at the falling
    edge after the first edge with ``rst`` low."""
    await FallingEdge(dut.clk)
    dut.rst.value = 1
    for name in inputs:
        getattr(dut, name).value = 0
    for _ in range(cycles):
        await FallingEdge(dut.clk)
    dut.rst.value = 0
    await FallingEdge(dut.clk)


class Random:
    """Random idle on a source and back-pressure on a sink: ``busy(p)`` is True in about a
    share ``p`` of cycles, some of them in stalls of up to 20 cycles."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self._stall = {}

    def busy(self, key: str, p: float) -> bool:
        left = self._stall.get(key, 0)
        if left:
            self._stall[key] = left - 1
            return True
        if p and self.rng.random() < p:
            if self.rng.random() < 0.2:
                self._stall[key] = self.rng.randint(1, 20)
            return True
        return False
