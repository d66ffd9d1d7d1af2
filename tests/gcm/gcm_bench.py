# SPDX-License-Identifier: Apache-2.0
"""A small cocotb bench for the GCM blocks (rtl/gcm/): clock and reset, and one coroutine per
clock that offers a list of transfers on their input channels in order (random idle between
them), takes results off one output channel (random back-pressure), and records the cycle of
every handshake. Values are sampled as they were at the clock edge, then the next cycle's
inputs are driven; a source holds valid and data until its handshake (AXI4-Stream)."""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from ciphercores.sim.runner import TB_ENV

CLOCK_NS = 10


def config() -> dict:
    """What the launcher passed: block name, parameters, simulator, test options."""
    return json.loads(os.environ[TB_ENV])


@dataclass
class Item:
    """One transfer on an input channel: its valid and ready ports and the values to drive."""

    valid: str
    ready: str
    values: dict[str, int]
    t: int = -1  # cycle of its handshake


@dataclass
class Out:
    """The output channel, and what came out of it: (cycle, value) per handshake."""

    valid: str
    ready: str
    data: str
    #: the data must be zero in every cycle with valid low (docs/interface.md, rule 5)
    zero_when_idle: bool = False
    #: more ports taken with the data: each result is then (data, *their values)
    extra: tuple[str, ...] = ()
    got: list[tuple[int, object]] = field(default_factory=list)


class Bench:
    def __init__(self, dut, inputs: list[str], out: Out, seed: int):
        self.dut = dut
        self.inputs = inputs  # the valid ports of every input channel
        self.out = out
        self.rng = random.Random(seed)
        self.cycle = 0

    async def tick(self) -> None:
        await RisingEdge(self.dut.clk)
        self.cycle += 1

    async def start(self) -> None:
        cocotb.start_soon(Clock(self.dut.clk, CLOCK_NS, unit="ns").start())
        await self.reset()

    async def reset(self) -> None:
        d = self.dut
        d.rst.value = 1
        for v in self.inputs:
            getattr(d, v).value = 0
        getattr(d, self.out.ready).value = 0
        for _ in range(2):
            await self.tick()
        d.rst.value = 0
        await self.tick()

    async def run(self, items: list[Item], n_out: int, idle: float = 0.0,
                  backpressure: float = 0.0, limit: int = 200_000) -> list[tuple[int, object]]:
        """Offer ``items`` in order and take ``n_out`` results; returns those results. With
        ``idle``, a gap of 0..8 cycles starts before an item with that probability; with
        ``backpressure``, the output's ready is low in that share of cycles, some of them
        in stalls of up to 20 cycles."""
        d, rng, out = self.dut, self.rng, self.out
        got: list[tuple[int, int]] = []
        i, offered, idle_left, stall_left = 0, False, 0, 0
        end = self.cycle + limit
        while i < len(items) or len(got) < n_out:
            if not offered and i < len(items):
                if idle_left:
                    idle_left -= 1
                elif idle and rng.random() < idle:
                    idle_left = rng.randint(0, 8)
                else:
                    for k, v in items[i].values.items():
                        getattr(d, k).value = v
                    getattr(d, items[i].valid).value = 1
                    offered = True
            ready = 1
            if stall_left:
                stall_left -= 1
                ready = 0
            elif backpressure and rng.random() < backpressure:
                ready = 0
                if rng.random() < 0.2:
                    stall_left = rng.randint(1, 20)
            getattr(d, out.ready).value = ready
            await self.tick()
            if offered and int(getattr(d, items[i].valid).value) \
                    and int(getattr(d, items[i].ready).value):
                items[i].t = self.cycle
                getattr(d, items[i].valid).value = 0
                offered = False
                i += 1
            if int(getattr(d, out.valid).value):
                if ready:
                    value = int(getattr(d, out.data).value)
                    if out.extra:
                        value = (value, *(int(getattr(d, x).value) for x in out.extra))
                    got.append((self.cycle, value))
            elif out.zero_when_idle and any(int(getattr(d, x).value)
                                            for x in (out.data, *out.extra)):
                raise AssertionError(f"{out.data} not zero while {out.valid} is low")
            if self.cycle > end:
                raise AssertionError(f"{len(got)} of {n_out} results and {i} of {len(items)} "
                                     f"inputs after {limit} cycles")
        getattr(d, out.ready).value = 0
        out.got += got
        return got
