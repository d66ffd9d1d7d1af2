# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for the cores' output FIFOs, rtl/common/axis_credit_fifo.v and
axis_credit_fifo_piped.v, launched by tests/common/test_shared_rtl.py. In front of the FIFO, a
model of a pipeline that never stalls: a block enters it only while ``credit`` is high
(``reserve``) and reaches ``s_valid`` a fixed number of cycles later. Checked: the blocks come
out in order, none lost or doubled, under random idle and back-pressure (also to a sink that
waits for valid before it raises ready); the output holds its
block until taken; never more blocks entered and not delivered than the FIFO's capacity; one
block a cycle when the capacity covers the credit's round trip; after reset, ``credit`` low
while the FIFO is wiped and the wipe bounded; a reset drops every block in flight."""

from __future__ import annotations

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly
from stream_tb import Random, config, reset, start

INPUTS = ["reserve", "s_valid", "s_data", "m_ready"]
#: the most cycles a credit takes to come back, beyond the pipeline's latency: into the FIFO,
#: through it to m_valid (1 or 4), and the delivery back to the credit counter (1 or 2)
ROUND_TRIP = 8


async def wait_credit(dut, limit: int) -> int:
    """Cycles until ``credit`` is high (from a falling edge); checks that it stays low while
    ``wiping`` is high, and that nothing comes out meanwhile."""
    for n in range(limit + 1):
        await ReadOnly()
        if int(dut.wiping.value):
            assert not int(dut.credit.value), "credit while the FIFO is wiped"
        assert not int(dut.m_valid.value), "a block out of a FIFO that was reset"
        if int(dut.credit.value):
            return n
        await FallingEdge(dut.clk)
    raise AssertionError(f"no credit {limit} cycles after reset")


async def stream(dut, rnd: Random, n: int, latency: int, idle: float, bp: float,
                 capacity: int, stop_after: int | None = None) -> int:
    """``n`` random blocks through the pipeline model and the FIFO (or until ``stop_after``
    are out); returns the cycles from the first reserve to the last block out."""
    width = len(dut.s_data)
    want = [rnd.rng.getrandbits(width) for _ in range(n)]
    entered, got, cycle, first = 0, [], 0, None
    due: dict[int, int] = {}  # cycle -> the block the pipeline delivers at its edge
    edge = last = None
    while len(got) < (n if stop_after is None else stop_after):
        await FallingEdge(dut.clk)
        if edge is not None:  # the handshakes of the rising edge just passed
            reserve, credit, m_valid, m_data, m_ready = edge
            if reserve:
                assert credit, "credit fell between the falling and the rising edge"
                due[cycle + latency] = want[entered]
                entered += 1
                first = cycle if first is None else first
            if m_valid and m_ready:
                assert m_data == want[len(got)], (
                    f"block {len(got)}: {m_data:x}, want {want[len(got)]:x} (lost, doubled "
                    "or reordered)")
                got.append(m_data)
            assert entered - len(got) <= capacity, \
                f"{entered - len(got)} blocks in flight, capacity {capacity}"
        cycle += 1
        block = due.pop(cycle, None)
        dut.s_valid.value = int(block is not None)
        dut.s_data.value = block if block is not None else rnd.rng.getrandbits(width)
        go = entered < n and int(dut.credit.value) and not rnd.busy("idle", idle)
        dut.reserve.value = int(go)
        # a sink that waits for valid (AXI4-Stream allows it) with a negative ``bp``
        ready = not rnd.busy("bp", abs(bp)) and (bp >= 0 or int(dut.m_valid.value))
        dut.m_ready.value = int(ready)
        await ReadOnly()
        last, edge = edge, (int(go), int(dut.credit.value), int(dut.m_valid.value),
                            int(dut.m_data.value), int(dut.m_ready.value))
        if last is not None and last[2] and not last[4]:
            assert edge[2] and edge[3] == last[3], "the output changed before it was taken"
        assert cycle < 60 * n + 500, f"{len(got)} of {n} blocks after {cycle} cycles"
    await FallingEdge(dut.clk)
    for name in INPUTS:
        getattr(dut, name).value = 0
    assert not due or stop_after is not None, "blocks delivered after the last one out"
    return cycle - (first or 0)


@cocotb.test()
async def random_stream(dut):
    """Random blocks under random idle and back-pressure, several pipeline latencies."""
    cfg = config()
    rnd = Random(cfg["seed"])
    await start(dut, INPUTS)
    waited = await wait_credit(dut, cfg["wipe_max"])
    assert waited >= cfg["wipe_min"], f"credit {waited} cycles after reset: no wipe?"
    for latency in cfg["latencies"]:
        for idle, bp in ((0.0, 0.5), (0.4, 0.2), (0.1, 0.9), (0.2, -0.3)):
            await stream(dut, rnd, cfg["blocks"], latency, idle, bp, cfg["capacity"])


@cocotb.test()
async def full_rate(dut):
    """No idle, no back-pressure: a block a cycle where the capacity covers the credit's
    round trip."""
    cfg = config()
    rnd = Random(cfg["seed"] + 1)
    await start(dut, INPUTS)
    await wait_credit(dut, cfg["wipe_max"])
    n, latency, cap = 300, cfg["latencies"][0], cfg["capacity"]
    cycles = await stream(dut, rnd, n, latency, 0.0, 0.0, cap)
    # a credit comes back at most ROUND_TRIP cycles after it was taken, beyond the pipeline:
    # a block a cycle where the capacity covers it, else capacity blocks per round trip
    trip = latency + ROUND_TRIP
    bound = n + trip if cap >= trip else -(-n * trip // cap) + trip
    assert cycles <= bound, f"{n} blocks took {cycles} cycles (capacity {cap}, trip {trip})"


@cocotb.test()
async def reset_drops_blocks_in_flight(dut):
    """Resets with blocks in the pipeline and the FIFO: none of them comes out after it."""
    cfg = config()
    rnd = Random(cfg["seed"] + 2)
    await start(dut, INPUTS)
    await wait_credit(dut, cfg["wipe_max"])
    for _ in range(6):
        latency = rnd.rng.choice(cfg["latencies"])
        await stream(dut, rnd, 3 * cfg["capacity"], latency, 0.1, 0.7, cfg["capacity"],
                     stop_after=rnd.rng.randint(0, cfg["capacity"]))
        await reset(dut, INPUTS, rnd.rng.randint(1, 3))
        await wait_credit(dut, cfg["wipe_max"])
        await stream(dut, rnd, cfg["capacity"] + 5, latency, 0.2, 0.3, cfg["capacity"])
