"""Shared cocotb test bench for every core on the common interface (docs/interface.md).

One coroutine does everything per clock (one ``RisingEdge`` await per cycle, no per-signal
tasks): it samples the handshakes as they were at the edge, records transfers, then drives the
next cycle's inputs. The input stream gets random idle cycles, the output random back-pressure,
both from a seeded generator, and the AXI4-Stream rule (hold tvalid/tdata until accepted) is
kept. The scoreboard compares every output, in order, against the reference model, so a lost,
duplicated or reordered block fails the test.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge

from .. import models, registry
from .runner import TB_ENV


def config() -> dict:
    """The configuration the launcher passed (core, params, sim, and test options)."""
    return json.loads(os.environ[TB_ENV])


@dataclass
class Block:
    data: int
    decrypt: bool = False
    t_in: int = -1  # cycle of the input handshake
    t_out: int = -1  # cycle of the output handshake
    result: int | None = None
    user: int | None = None
    #: load this key (bytes) before this block; the block must be processed with it
    key: bytes | None = None


@dataclass
class Stats:
    cycles: int = 0
    blocks: list[Block] = field(default_factory=list)

    def latencies(self) -> set[int]:
        return {b.t_out - b.t_in for b in self.blocks}


class CoreBench:
    """Clock, reset, key loading and streaming for one core instance."""

    def __init__(self, dut, seed: int | None = None):
        cfg = config()
        self.dut = dut
        self.cfg = cfg
        self.core = registry.get(cfg["core"])
        self.params = self.core.params(cfg["params"])
        self.block_bits = self.core.block_bits(self.params)
        self.key_bits = self.core.key_bits(self.params)
        #: every cipher this core implements (a core with s_key_tlen may implement several,
        #: told apart by key length, e.g. des-ede3 / des-ede / des); the first is the main one
        self.ciphers = self.core.ciphers(self.params)
        self.cipher = self.ciphers[0]
        self.byteorder = models.spec(self.cipher).byteorder
        self.rng = random.Random(seed if seed is not None else cfg.get("seed", 1))
        self.cycle = 0
        self.key_cycle = -1  # cycle of the last key handshake
        self._idle(full=True)

    # -- basic control -----------------------------------------------------------------
    def _idle(self, full: bool = False) -> None:
        d = self.dut
        d.s_key_tvalid.value = 0
        d.s_axis_tvalid.value = 0
        d.m_axis_tready.value = 0
        if full:
            d.rst.value = 0
            d.s_key_tdata.value = 0
            if self.core.key_len_port:
                d.s_key_tlen.value = 0
            d.s_axis_tdata.value = 0
            d.s_axis_tuser.value = 0

    async def start(self) -> None:
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        await self.reset()

    async def tick(self) -> None:
        await RisingEdge(self.dut.clk)
        self.cycle += 1

    async def reset(self, cycles: int = 2) -> None:
        self.dut.rst.value = 1
        self._idle()
        for _ in range(cycles):
            await self.tick()
        self.dut.rst.value = 0
        await self.tick()

    # -- keys --------------------------------------------------------------------------
    def key_sizes(self) -> list[int]:
        """Key lengths in bytes the core takes, over all its ciphers."""
        return sorted({n for c in self.ciphers for n in models.spec(c).key_sizes})

    def model(self, key: bytes):
        """Reference model for ``key``: the core's cipher that has this key length."""
        for c in self.ciphers:
            if len(key) in models.spec(c).key_sizes:
                return models.new(c, key)
        raise ValueError(f"{self.core.name}: no cipher with a {len(key)}-byte key")

    def key_port_value(self, key: bytes) -> int:
        """Map key bytes onto s_key_tdata as docs/interface.md says."""
        if self.byteorder == "little":
            return int.from_bytes(key, "little")
        return int.from_bytes(key, "big") << (self.key_bits - 8 * len(key))

    def _drive_key(self, key: bytes) -> None:
        d = self.dut
        d.s_key_tdata.value = self.key_port_value(key)
        if self.core.key_len_port:
            d.s_key_tlen.value = len(key)
        d.s_key_tvalid.value = 1

    async def load_key(self, key: bytes, timeout: int = 100000) -> int:
        """Drive one key handshake; returns the number of cycles until s_axis_tready rises
        again with s_key_tvalid low (the key-setup time)."""
        d = self.dut
        self._drive_key(key)
        for _ in range(timeout):
            await self.tick()
            if int(d.s_key_tready.value):
                break
        else:
            raise AssertionError("key never accepted")
        self.key_cycle = self.cycle
        d.s_key_tvalid.value = 0
        d.s_axis_tvalid.value = 0
        for _ in range(timeout):
            await self.tick()
            if int(d.s_axis_tready.value):
                return self.cycle - self.key_cycle
        raise AssertionError("s_axis_tready never rose after the key load")

    # -- streaming ---------------------------------------------------------------------
    async def stream(self, blocks: list[Block], idle: float = 0.0, backpressure: float = 0.0,
                     timeout: int | None = None, stop_after_inputs: int | None = None) -> Stats:
        """Push ``blocks`` through the core and collect as many outputs, in order.

        ``idle``: probability per cycle of starting an idle gap (0 to latency+interval cycles)
        before the next block is offered; ``backpressure``: probability that m_axis_tready is
        low in a cycle, a fifth of those starting a stall of up to 2*(latency+interval)
        cycles. With ``stop_after_inputs`` the call
        returns once that many blocks were accepted (outputs may still be in flight).
        """
        d = self.dut
        rng = self.rng
        lat = self.core.latency(self.params)
        ii = self.core.interval(self.params)
        if timeout is None:
            timeout = (len(blocks) + 4) * (lat + ii) * 4 + 1000
        n_in = n_out = 0
        start = self.cycle
        s_valid = False
        m_ready = False
        key_valid = False
        key_done: set[int] = set()
        burst = lat + ii
        idle_left = stall_left = 0
        d.s_axis_tvalid.value = 0
        while n_out < len(blocks):
            # drive this cycle's inputs
            if (not key_valid and n_in < len(blocks) and blocks[n_in].key is not None
                    and n_in not in key_done):
                self._drive_key(blocks[n_in].key)
                key_valid = True
            if idle_left:
                idle_left -= 1
            elif not s_valid and idle and rng.random() < idle:
                idle_left = rng.randint(0, burst)
            if not s_valid and n_in < len(blocks) and not idle_left:
                b = blocks[n_in]
                d.s_axis_tdata.value = b.data
                d.s_axis_tuser.value = int(b.decrypt)
                d.s_axis_tvalid.value = 1
                s_valid = True
            if stall_left:
                stall_left -= 1
            elif backpressure and rng.random() < backpressure:
                # stalls come in bursts, some longer than a block's latency, so that
                # iterative cores also meet a full output register
                stall_left = rng.randint(0, 2 * burst) if rng.random() < 0.2 else 0
            new_ready = not stall_left and not (backpressure and rng.random() < backpressure)
            if new_ready != m_ready:
                d.m_axis_tready.value = int(new_ready)
                m_ready = new_ready
            await self.tick()
            # sample the handshakes that happened on this edge
            key_fire = key_valid and int(d.s_key_tready.value)
            if s_valid and int(d.s_axis_tready.value):
                if key_valid:
                    raise AssertionError("block accepted while s_key_tvalid was high")
                blocks[n_in].t_in = self.cycle
                n_in += 1
                s_valid = False
                d.s_axis_tvalid.value = 0
            if key_fire:
                key_done.add(n_in)
                key_valid = False
                self.key_cycle = self.cycle
                d.s_key_tvalid.value = 0
            if m_ready and int(d.m_axis_tvalid.value):
                if n_out >= len(blocks):
                    raise AssertionError("output block with no matching input (duplicate)")
                b = blocks[n_out]
                b.result = int(d.m_axis_tdata.value)
                b.user = int(d.m_axis_tuser.value)
                b.t_out = self.cycle
                n_out += 1
            if stop_after_inputs is not None and n_in >= stop_after_inputs:
                break
            if self.cycle - start > timeout:
                raise AssertionError(
                    f"timeout: {n_in} blocks in, {n_out} out of {len(blocks)} after "
                    f"{self.cycle - start} cycles")
        d.s_axis_tvalid.value = 0
        d.m_axis_tready.value = 0
        return Stats(cycles=self.cycle - start, blocks=blocks)

    async def expect_silence(self, cycles: int) -> None:
        """Hold m_axis_tready high for ``cycles`` and fail if any block comes out."""
        self.dut.m_axis_tready.value = 1
        for _ in range(cycles):
            await self.tick()
            if int(self.dut.m_axis_tvalid.value):
                raise AssertionError("unexpected output block")
        self.dut.m_axis_tready.value = 0


def check(blocks: list[Block], model, what: str = "") -> int:
    """Scoreboard: every block's result against the model, in order. Returns the count."""
    bad = []
    for i, b in enumerate(blocks):
        want = model.decrypt_int(b.data) if b.decrypt else model.encrypt_int(b.data)
        if b.result != want or b.user != int(b.decrypt):
            bad.append((i, b))
    if bad:
        i, b = bad[0]
        raise AssertionError(
            f"{what}: {len(bad)} of {len(blocks)} blocks wrong; first #{i} "
            f"{'dec' if b.decrypt else 'enc'} in={b.data:x} got={b.result!r:} "
            f"want={(model.decrypt_int(b.data) if b.decrypt else model.encrypt_int(b.data)):x} "
            f"user={b.user}")
    return len(blocks)


def random_blocks(rng: random.Random, n: int, bits: int, mixed: bool = True) -> list[Block]:
    return [Block(rng.getrandbits(bits), mixed and rng.random() < 0.5) for _ in range(n)]
