# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for rtl/common/axis_lut_fifo.v (the side FIFO of the mode and GCM engines),
launched by tests/common/test_shared_rtl.py, against a queue model cycle by cycle: random
entries under random idle and back-pressure come out in order, none lost or doubled; the head
is on m_data in every cycle m_valid is high; s_ready is low exactly while 2**DEPTH_LOG2
entries are held (the capacity, reached) and m_valid high exactly while one is; an entry
written is at the head the cycle after; one entry a cycle through when neither side waits; a
reset empties it."""

from __future__ import annotations

from collections import deque

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly
from stream_tb import Random, config, reset, start

INPUTS = ["s_valid", "s_data", "m_ready"]


async def stream(dut, rnd: Random, n: int, idle: float, bp: float, depth: int,
                 stop_after: int | None = None) -> tuple[int, int]:
    """``n`` random entries in and out (or until ``stop_after`` are out); returns the cycles
    from the first offer to the last entry out and the most entries held at once. The model
    starts empty: call after a reset or after a stream that emptied the FIFO."""
    width = len(dut.s_data)
    want = [rnd.rng.getrandbits(width) for _ in range(n)]
    held: deque[int] = deque()
    sent = got = cycles = most = 0
    edge = None   # what was driven and seen before the coming rising edge
    offered = False
    while got < (n if stop_after is None else stop_after):
        await FallingEdge(dut.clk)
        if edge is not None:  # the handshakes of the rising edge just passed
            s_valid, s_ready, m_valid, m_data, m_ready = edge
            if m_valid and m_ready:
                assert m_data == want[got], (f"entry {got}: {m_data:x}, want {want[got]:x} "
                                             "(lost, doubled or reordered)")
                held.popleft()
                got += 1
            if s_valid and s_ready:
                held.append(want[sent])
                sent, offered = sent + 1, False
        most = max(most, len(held))
        if not offered:  # a new entry, or none, after the last one was taken
            go = sent < n and not rnd.busy("idle", idle)
            dut.s_data.value = want[sent] if go else rnd.rng.getrandbits(width)
            dut.s_valid.value = int(go)
            offered = go
        dut.m_ready.value = int(not rnd.busy("bp", bp))
        await ReadOnly()
        s_ready, m_valid = int(dut.s_ready.value), int(dut.m_valid.value)
        assert s_ready == (len(held) < depth), f"s_ready {s_ready} with {len(held)} held"
        assert m_valid == (len(held) > 0), f"m_valid {m_valid} with {len(held)} held"
        m_data = 0  # the RAM's unwritten entries are X in simulation: read only a head
        if m_valid:
            m_data = int(dut.m_data.value)
            assert m_data == held[0], f"head {m_data:x}, want {held[0]:x}"
        edge = (offered, s_ready, m_valid, m_data, int(dut.m_ready.value))
        cycles += 1
        assert cycles < 100 * n + 200, f"{got} of {n} entries after {cycles} cycles"
    await FallingEdge(dut.clk)
    dut.s_valid.value = 0
    dut.m_ready.value = 0
    return cycles, most


@cocotb.test()
async def random_stream(dut):
    """Random entries under random idle and back-pressure; the capacity is reached."""
    cfg = config()
    depth = 1 << cfg["params"]["DEPTH_LOG2"]
    rnd = Random(cfg["seed"])
    await start(dut, INPUTS)
    for idle, bp in ((0.0, 0.5), (0.5, 0.0), (0.3, 0.3), (0.1, 0.8), (0.0, 0.9)):
        _, most = await stream(dut, rnd, cfg["entries"], idle, bp, depth)
        if bp >= 0.8:
            assert most == depth, f"at most {most} of {depth} entries held"


@cocotb.test()
async def full_rate(dut):
    """Neither side waits: one entry a cycle, each at the head the cycle after it went in."""
    cfg = config()
    depth = 1 << cfg["params"]["DEPTH_LOG2"]
    rnd = Random(cfg["seed"] + 1)
    await start(dut, INPUTS)
    n = 200
    cycles, most = await stream(dut, rnd, n, 0.0, 0.0, depth)
    # entry k in at edge k, out at edge k + 1, seen at the falling edge after it
    assert cycles == n + 2 and most == 1, f"{n} entries took {cycles} cycles ({most} held)"


@cocotb.test()
async def reset_empties_it(dut):
    """A reset with entries inside: none of them comes out after it."""
    cfg = config()
    depth = 1 << cfg["params"]["DEPTH_LOG2"]
    rnd = Random(cfg["seed"] + 2)
    await start(dut, INPUTS)
    for _ in range(8):
        await stream(dut, rnd, 40, 0.2, 0.6, depth, stop_after=rnd.rng.randint(0, 30))
        dut.s_valid.value = 1   # entries offered, none taken: it fills
        dut.m_ready.value = 0
        for _ in range(depth + 1):
            await FallingEdge(dut.clk)
        await reset(dut, INPUTS, rnd.rng.randint(1, 3))
        await ReadOnly()
        assert not int(dut.m_valid.value) and int(dut.s_ready.value), "not empty after reset"
        await stream(dut, rnd, 30, 0.2, 0.3, depth)  # the next entries, and only they
