# SPDX-License-Identifier: Apache-2.0
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
from cocotb.triggers import FallingEdge, First, RisingEdge, Timer
from cocotb.utils import get_sim_time

from .. import cores, models
from ..driver.layout import key_port_value
from .runner import TB_ENV

CLOCK_NS = 10


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
    #: mode cores (``iv_port``): load this IV (port integer) before this block
    iv: int | None = None


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
        self.core = cores.get(cfg["core"])
        self.params = self.core.params(cfg["params"])
        self.block_bits = self.core.block_bits(self.params)
        #: blocks per beat (LANES); the data ports are port_bits = block_bits x lanes wide
        self.lanes = self.core.lanes(self.params)
        self.port_bits = self.block_bits * self.lanes
        # False: an encrypt-only build, whose tests offer encryptions alone
        self.decrypts = self.core.decrypts(self.params)
        self.key_bits = self.core.key_bits(self.params)
        #: every cipher the core implements with these parameters (a key length port picks
        #: one per key load); ``cipher`` is the first
        self.ciphers = self.core.block_ciphers(self.params)
        self.cipher = self.ciphers[0]
        self.byteorder = models.spec(self.cipher).byteorder
        self.rng = random.Random(seed if seed is not None else cfg.get("seed", 1))
        self.cycle = 0
        self._edge_ns = 0.0
        self.key_cycle = -1  # cycle of the last key handshake
        self._idle(full=True)

    def random_blocks(self, rng: random.Random, n: int) -> list[Block]:
        """``n`` random beats for this core: directions mixed where it decrypts, else
        encryptions alone."""
        return random_blocks(rng, n, self.port_bits, self.decrypts)

    # -- basic control -----------------------------------------------------------------
    def _idle(self, full: bool = False) -> None:
        d = self.dut
        d.s_key_tvalid.value = 0
        d.s_axis_tvalid.value = 0
        d.m_axis_tready.value = 0
        if self.core.iv_port:
            d.s_iv_tvalid.value = 0
            if full:
                d.s_iv_tdata.value = 0
        if full:
            d.rst.value = 0
            d.s_key_tdata.value = 0
            if self.core.key_len_port:
                d.s_key_tlen.value = 0
            d.s_axis_tdata.value = 0
            d.s_axis_tuser.value = 0

    async def start(self) -> None:
        cocotb.start_soon(Clock(self.dut.clk, CLOCK_NS, unit="ns").start())
        await self.reset()

    async def tick(self) -> None:
        await RisingEdge(self.dut.clk)
        self.cycle += 1
        self._edge_ns = get_sim_time(unit="ns")

    async def skip_setup(self, limit: int = 100000) -> None:
        """Call right after a tick when the core holds no block and no key is offered. If
        s_axis_tready is low (key setup, e.g. Blowfish's 8,400-cycle key schedule), let the
        simulator run on its own until it rises instead of stepping Python through every cycle;
        an output block appearing meanwhile fails (the core holds none). Afterwards the next
        tick() samples the first cycle with s_axis_tready high, and ``cycle`` counts on."""
        d = self.dut
        await FallingEdge(d.clk)
        if int(d.s_axis_tready.value):
            return
        if int(d.m_axis_tvalid.value):
            raise AssertionError("output block with no matching input (duplicate)")
        hit = await First(RisingEdge(d.s_axis_tready), RisingEdge(d.m_axis_tvalid),
                          Timer(limit * CLOCK_NS, unit="ns"))
        if int(d.m_axis_tvalid.value):
            raise AssertionError("output block with no matching input (duplicate)")
        if not int(d.s_axis_tready.value):
            raise AssertionError(f"s_axis_tready still low after {limit} cycles ({hit})")
        # s_axis_tready rose after a rising edge: count the edges that passed
        self.cycle += round((get_sim_time(unit="ns") - self._edge_ns) / CLOCK_NS)

    def reset_figures(self) -> tuple[int, int]:
        """(reset_cycles, ready_after_reset) from the registry (docs/interface.md rule 5)."""
        f = self.core.reset_figures(self.params)
        return f["reset_cycles"], f["ready_after_reset"]

    async def hold_reset(self, cycles: int | None = None) -> None:
        """Hold rst high for ``cycles`` clock edges (default: the registry's ``reset_cycles``,
        the shortest pulse the core must take) with both input streams idle, and check rule 5
        at every edge from the ``reset_cycles``-th on (read half a cycle later): m_axis_tvalid
        low, m_axis_tdata zero, every input stream's tready low (s_axis, s_key and a mode
        core's s_iv). Checked at those edges, not after the reset, so that a core whose output
        falls a cycle late fails. Returns with rst still high, just after the last edge."""
        d = self.dut
        need, _ = self.reset_figures()
        cycles = need if cycles is None else cycles
        d.rst.value = 1
        self._idle()
        names = ["m_axis_tvalid", "m_axis_tdata", "s_axis_tready", "s_key_tready"]
        if self.core.iv_port:
            names.append("s_iv_tready")
        for i in range(cycles):
            await self.tick()
            if i + 1 < need:
                continue
            await FallingEdge(d.clk)
            seen = {name: str(getattr(d, name).value) for name in names}
            if not set("".join(seen.values())) <= {"0", "1"}:
                raise AssertionError(f"undefined after reset edge {i + 1}: {seen}")
            high = [name for name, v in seen.items() if int(v, 2)]
            if high:
                raise AssertionError(
                    f"{', '.join(high)} not zero after edge {i + 1} of a reset (reset_cycles "
                    f"{need}; rule 5: all are zero from that edge while rst is high)")

    async def reset(self, cycles: int | None = None) -> None:
        """A reset of ``cycles`` edges (:meth:`hold_reset`; default the registry's
        ``reset_cycles`` but at least 2), then one cycle with rst low."""
        need, _ = self.reset_figures()
        await self.hold_reset(max(2, need) if cycles is None else cycles)
        self.dut.rst.value = 0
        await self.tick()

    async def key_after_reset(self, key: bytes, limit: int) -> int:
        """Call right after :meth:`hold_reset`: lower rst and offer ``key`` in the same cycle;
        returns the cycles s_key_tready stayed low first (the handshake is on the next edge),
        then waits for the key set-up like :meth:`load_key`. The simulator runs the wait on
        its own (Blowfish's is a whole key schedule), as :meth:`skip_setup` does."""
        d = self.dut
        d.rst.value = 0
        self._drive_key(key)
        last_reset_edge = self._edge_ns
        # s_key_tready is low here (hold_reset checked it): wait for it to rise, the
        # simulator alone (the trigger is set before the writes above take effect)
        await First(RisingEdge(d.s_key_tready), Timer((limit + 1) * CLOCK_NS, unit="ns"))
        if not int(d.s_key_tready.value):
            raise AssertionError(f"s_key_tready still low {limit} cycles after a reset")
        # it rose just after the waited-th rising edge with rst low (at the edge's time; a
        # rise as rst falls, half a cycle after the last reset edge, is 0)
        waited = int((get_sim_time(unit="ns") - last_reset_edge) / CLOCK_NS + 0.25)
        self.cycle += waited
        self._edge_ns = last_reset_edge + waited * CLOCK_NS
        await self.tick()  # the handshake edge
        self.key_cycle = self.cycle
        d.s_key_tvalid.value = 0
        await self.skip_setup(100000)
        for _ in range(100000):
            await self.tick()
            if int(d.s_axis_tready.value):
                return waited
        raise AssertionError("s_axis_tready never rose after the key load")

    # -- keys --------------------------------------------------------------------------
    def model(self, key: bytes):
        """Reference model for ``key``: the core's cipher that takes a key of its length."""
        for name in self.ciphers:
            if len(key) in models.spec(name).key_sizes:
                return models.new(name, key)
        raise ValueError(f"{self.core.name}: no cipher for a {len(key)}-byte key")

    def key_sizes(self) -> list[int]:
        """Key lengths in bytes the core takes, over all its ciphers, shortest first."""
        return sorted({n for c in self.ciphers for n in models.spec(c).key_sizes})

    def random_key(self, rng: random.Random) -> bytes:
        """A random key of a random length among the core's ciphers."""
        return bytes(rng.getrandbits(8) for _ in range(rng.choice(self.key_sizes())))

    def zero_key(self) -> bytes:
        """The key a core uses after reset: all zero, of the shortest length it takes."""
        return bytes(self.key_sizes()[0])

    def cycles(self, key_len: int | None = None) -> tuple[int, int, int]:
        """(latency, interval, key_setup) from the registry for a key of ``key_len`` bytes."""
        p = self.core.cycle_params(self.params, key_len)
        return self.core.latency(p), self.core.interval(p), self.core.key_setup(p)

    def key_port_value(self, key: bytes) -> int:
        """Map key bytes onto s_key_tdata as docs/interface.md says."""
        return key_port_value(self.byteorder, self.key_bits, key)

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
        await self.skip_setup(timeout)
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
            keys = 1 + sum(b.key is not None for b in blocks)
            timeout = ((len(blocks) + 4) * (lat + ii) * 4 + 1000
                       + keys * self.core.key_setup(self.params))
        n_in = n_out = 0
        start = self.cycle
        s_valid = False
        m_ready = False
        key_valid = False
        key_done: set[int] = set()
        iv_valid = False
        iv_done: set[int] = set()
        burst = lat + ii
        idle_left = stall_left = 0
        d.s_axis_tvalid.value = 0
        while n_out < len(blocks):
            # drive this cycle's inputs
            if (not key_valid and n_in < len(blocks) and blocks[n_in].key is not None
                    and n_in not in key_done):
                self._drive_key(blocks[n_in].key)
                key_valid = True
            if (not iv_valid and n_in < len(blocks) and blocks[n_in].iv is not None
                    and n_in not in iv_done):
                d.s_iv_tdata.value = blocks[n_in].iv
                d.s_iv_tvalid.value = 1
                iv_valid = True
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
            iv_fire = iv_valid and int(d.s_iv_tready.value)
            if s_valid and int(d.s_axis_tready.value):
                if key_valid:
                    raise AssertionError("block accepted while s_key_tvalid was high")
                if iv_valid:
                    raise AssertionError("block accepted while s_iv_tvalid was high")
                blocks[n_in].t_in = self.cycle
                n_in += 1
                s_valid = False
                d.s_axis_tvalid.value = 0
            if key_fire:
                key_done.add(n_in)
                key_valid = False
                self.key_cycle = self.cycle
                d.s_key_tvalid.value = 0
            if iv_fire:
                iv_done.add(n_in)
                iv_valid = False
                d.s_iv_tvalid.value = 0
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
            if (not key_valid and not iv_valid and n_in == n_out
                    and not int(d.s_axis_tready.value)):
                # nothing inside the core, which is busy with a key (or reset) set-up
                await self.skip_setup(timeout)
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


def lanes_of(value: int, bits: int, lanes: int) -> list[int]:
    """Split a port value into its ``lanes`` blocks of ``bits``, lane 0 (low bits) first."""
    return [(value >> (bits * i)) & ((1 << bits) - 1) for i in range(lanes)]


def beat(values: list[int], bits: int) -> int:
    """Join blocks into one port value, the first in lane 0 (the low bits)."""
    return sum(v << (bits * i) for i, v in enumerate(values))


def expected(b: Block, model, lanes: int = 1) -> int:
    """What the core must output for ``b``: every lane through the model."""
    f = model.decrypt_int if b.decrypt else model.encrypt_int
    return beat([f(v) for v in lanes_of(b.data, model.block_bits, lanes)], model.block_bits)


def check(blocks: list[Block], model, what: str = "", lanes: int = 1) -> int:
    """Scoreboard: every block's result (each of its ``lanes`` lanes) against the model, in
    order. Returns the count of blocks (lanes included)."""
    bad = []
    for i, b in enumerate(blocks):
        if b.result != expected(b, model, lanes) or b.user != int(b.decrypt):
            bad.append((i, b))
    if bad:
        i, b = bad[0]
        raise AssertionError(
            f"{what}: {len(bad)} of {len(blocks)} beats wrong; first #{i} "
            f"{'dec' if b.decrypt else 'enc'} in={b.data:x} got={b.result!r:} "
            f"want={expected(b, model, lanes):x} user={b.user}")
    return len(blocks) * lanes


def random_blocks(rng: random.Random, n: int, bits: int, mixed: bool = True) -> list[Block]:
    """``n`` random beats of ``bits`` (the port width: block bits x lanes), directions mixed."""
    return [Block(rng.getrandbits(bits), mixed and rng.random() < 0.5) for _ in range(n)]
