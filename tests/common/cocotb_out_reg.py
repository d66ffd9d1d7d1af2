# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for rtl/common/axis_out_reg.v, launched by tests/common/test_shared_rtl.py: a
core that loads random blocks whenever the register is free (under random idle) and a sink
under random back-pressure; every block comes out once, in order, with its tuser, offered in the
cycle after its load and held until taken; `free` is high exactly when the register is empty or
its block leaves; while idle the data is zero until the first transfer after a reset, then the
last block transferred (docs/interface.md, rule 5); a reset empties it and zeroes data and
tuser."""

from __future__ import annotations

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly
from stream_tb import Random, config, reset, start

INPUTS = ["load", "load_data", "load_user", "m_axis_tready"]


async def _stream(dut, rnd: Random, n: int, idle: float, bp: float,
                  stop_after: int | None = None) -> int:
    """Load ``n`` random blocks and take them (or stop once ``stop_after`` are out), checking
    every cycle; returns the cycles from the first load to the last block out."""
    width, uwidth = len(dut.load_data), len(dut.load_user)
    want = [(rnd.rng.getrandbits(uwidth), rnd.rng.getrandbits(width)) for _ in range(n)]
    loaded, got, cycles = 0, 0, 0
    last = None          # the last block transferred (user, data), None before the first
    prev = None          # the cycle before: (load, block loaded, m_valid, m_data, m_user, ready)
    while got < (n if stop_after is None else stop_after):
        await FallingEdge(dut.clk)
        valid = int(dut.m_axis_tvalid.value)
        ready = not rnd.busy("bp", abs(bp)) and (bp >= 0 or valid)
        dut.m_axis_tready.value = int(ready)
        # the core loads only while the register is free: empty, or its block leaves now
        go = loaded < n and not rnd.busy("idle", idle) and (not valid or ready)
        if go:
            dut.load_user.value, dut.load_data.value = want[loaded]
        dut.load.value = int(go)
        await ReadOnly()
        valid = int(dut.m_axis_tvalid.value)
        block = (int(dut.m_axis_tuser.value), int(dut.m_axis_tdata.value))
        assert int(dut.free.value) == int(not valid or ready), "free is not empty-or-leaving"
        if prev is not None:
            p_load, p_block, p_valid, p_mblock, p_ready = prev
            if p_load:
                assert valid and block == p_block, "a block loaded is not offered next cycle"
            elif p_valid and not p_ready:
                assert valid and block == p_mblock, "the output changed before it was taken"
        if not valid:
            idle_data = (0, 0) if last is None else last
            assert block[1] == idle_data[1], (
                f"data {block[1]:x} while idle, want {idle_data[1]:x} (rule 5)")
        if valid and ready:
            assert block == want[got], (
                f"block {got}: {block}, want {want[got]} (lost, doubled or reordered)")
            got, last = got + 1, block
        assert loaded - got <= 1, f"{loaded - got} blocks inside a one-block register"
        prev = (go, want[loaded] if go else None, valid, block, ready)
        loaded += int(go)
        cycles += 1
        assert cycles < 40 * n + 200, f"{got} of {n} blocks after {cycles} cycles"
    await FallingEdge(dut.clk)
    dut.load.value = 0
    dut.m_axis_tready.value = 0
    return cycles


@cocotb.test()
async def random_stream(dut):
    """Random blocks under random idle and back-pressure, also to a sink that waits for valid
    before it raises ready."""
    cfg = config()
    rnd = Random(cfg["seed"])
    await start(dut, INPUTS)
    for idle, bp in ((0.0, 0.5), (0.5, 0.0), (0.3, 0.3), (0.1, 0.8), (0.2, -0.3)):
        await reset(dut, INPUTS, 1)
        await _stream(dut, rnd, cfg["blocks"], idle, bp)


@cocotb.test()
async def full_rate(dut):
    """Neither side waits: a block a cycle, each offered the cycle after its load."""
    cfg = config()
    rnd = Random(cfg["seed"] + 1)
    await start(dut, INPUTS)
    n = 100
    cycles = await _stream(dut, rnd, n, 0.0, 0.0)
    # block k loaded at edge k, out at edge k + 1, seen at the falling edge before it
    assert cycles == n + 1, f"{n} blocks took {cycles} cycles"


@cocotb.test()
async def reset_empties_and_zeroes(dut):
    """A reset with a block waiting under back-pressure: no block after it, data and tuser zero
    (rule 5), and the next blocks, and only they, in order."""
    cfg = config()
    rnd = Random(cfg["seed"] + 2)
    await start(dut, INPUTS)
    for _ in range(8):
        await reset(dut, INPUTS, 1)
        await _stream(dut, rnd, 20, 0.2, 0.6, stop_after=rnd.rng.randint(0, 15))
        await FallingEdge(dut.clk)
        # a block loaded if the register is free, and none taken
        dut.load.value = int(not int(dut.m_axis_tvalid.value))
        dut.load_data.value = (1 << len(dut.load_data)) - 1
        dut.load_user.value = (1 << len(dut.load_user)) - 1
        dut.m_axis_tready.value = 0
        await FallingEdge(dut.clk)
        dut.load.value = 0
        await reset(dut, INPUTS, rnd.rng.randint(1, 3))
        await ReadOnly()
        assert not int(dut.m_axis_tvalid.value), "a block from before the reset"
        assert int(dut.m_axis_tdata.value) == 0 and int(dut.m_axis_tuser.value) == 0, (
            "data or tuser kept over a reset")
        await _stream(dut, rnd, 20, 0.2, 0.3)
