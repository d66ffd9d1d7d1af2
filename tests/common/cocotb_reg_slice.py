# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for rtl/common/axis_reg_slice.v, launched by tests/common/test_shared_rtl.py:
random beats under random idle and back-pressure come out in order, none lost or doubled, also
to a sink that waits for valid before it raises ready; the output holds its beat until taken
(AXI4-Stream); at most two beats inside; one beat a cycle
when neither side waits; a reset drops what is inside."""

from __future__ import annotations

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly
from stream_tb import Random, config, reset, start

INPUTS = ["s_axis_tvalid", "s_axis_tdata", "m_axis_tready"]


async def _stream(dut, rnd: Random, n: int, idle: float, bp: float,
                  stop_after: int | None = None) -> int:
    """Send ``n`` random beats and take them (or stop once ``stop_after`` are out); returns
    the cycles from the first offer to the last beat out."""
    width = len(dut.s_axis_tdata)
    want = [rnd.rng.getrandbits(width) for _ in range(n)]
    sent, got, cycles, offered = 0, [], 0, False
    edge = last = None  # the values at the coming rising edge, and at the one before
    while len(got) < (n if stop_after is None else stop_after):
        await FallingEdge(dut.clk)
        if edge is not None:  # the handshakes of the rising edge just passed
            s_valid, s_ready, m_valid, m_data, m_ready = edge
            if s_valid and s_ready:
                sent, offered = sent + 1, False
            if m_valid and m_ready:
                assert m_data == want[len(got)], (
                    f"beat {len(got)}: {m_data:x}, want {want[len(got)]:x} (lost, doubled or "
                    "reordered)")
                got.append(m_data)
            assert sent - len(got) <= 2, f"{sent - len(got)} beats inside a two-beat slice"
        if not offered:
            go = sent < n and not rnd.busy("idle", idle)
            if go:
                dut.s_axis_tdata.value = want[sent]
            dut.s_axis_tvalid.value = int(go)
            offered = go
        # a sink that waits for valid (AXI4-Stream allows it) with a negative ``bp``
        ready = not rnd.busy("bp", abs(bp)) and (bp >= 0 or int(dut.m_axis_tvalid.value))
        dut.m_axis_tready.value = int(ready)
        await ReadOnly()
        last, edge = edge, (offered, int(dut.s_axis_tready.value),
                            int(dut.m_axis_tvalid.value), int(dut.m_axis_tdata.value),
                            int(dut.m_axis_tready.value))
        if last is not None and last[2] and not last[4]:
            assert edge[2] and edge[3] == last[3], "the output changed before it was taken"
        cycles += 1
        assert cycles < 40 * n + 200, f"{len(got)} of {n} beats after {cycles} cycles"
    await FallingEdge(dut.clk)
    dut.s_axis_tvalid.value = 0
    dut.m_axis_tready.value = 0
    return cycles


@cocotb.test()
async def random_stream(dut):
    """Random beats under random idle and back-pressure."""
    cfg = config()
    rnd = Random(cfg["seed"])
    await start(dut, INPUTS)
    for idle, bp in ((0.0, 0.5), (0.5, 0.0), (0.3, 0.3), (0.1, 0.8), (0.2, -0.3)):
        await _stream(dut, rnd, cfg["beats"], idle, bp)


@cocotb.test()
async def full_rate(dut):
    """Neither side waits: one beat a cycle, the first out a cycle after it went in."""
    cfg = config()
    rnd = Random(cfg["seed"] + 1)
    await start(dut, INPUTS)
    n = 200
    cycles = await _stream(dut, rnd, n, 0.0, 0.0)
    # beat k in at edge k, out at edge k + 1, seen at the falling edge after it
    assert cycles == n + 2, f"{n} beats took {cycles} cycles"


@cocotb.test()
async def reset_drops_what_is_inside(dut):
    """A reset with beats inside under back-pressure: nothing of them comes out after it."""
    cfg = config()
    rnd = Random(cfg["seed"] + 2)
    await start(dut, INPUTS)
    for _ in range(8):
        await _stream(dut, rnd, 40, 0.2, 0.6, stop_after=rnd.rng.randint(0, 30))
        await FallingEdge(dut.clk)
        dut.s_axis_tvalid.value = 1  # a beat offered
        dut.m_axis_tready.value = 0  # and none taken: the slice fills
        for _ in range(3):
            await FallingEdge(dut.clk)
        await reset(dut, INPUTS, rnd.rng.randint(1, 3))
        assert not int(dut.m_axis_tvalid.value), "a beat from before the reset"
        await _stream(dut, rnd, 30, 0.2, 0.3)  # the next beats, and only they, in order
