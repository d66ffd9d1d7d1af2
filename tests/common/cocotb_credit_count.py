# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for rtl/common/axis_credit_count.v, launched by tests/common/test_shared_rtl.py:
blocks are taken only with ``credit`` and given back at random (a block at least two cycles
after it was taken, as from a FIFO behind a pipeline), ``hold`` raised at random. Checked at
every edge: never more than CAPACITY blocks taken and not given; no credit in the cycle after
``hold``; credit in every cycle after one that left fewer than CAPACITY - TAKE_REG blocks out
with ``hold`` low, so that no credit is lost (the counter may give one more where it knows
the count allows it)."""

from __future__ import annotations

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly
from stream_tb import Random, config, start

INPUTS = ["take", "give", "hold"]


@cocotb.test()
async def random_takes_and_gives(dut):
    cfg = config()
    cap, take_reg = cfg["params"]["CAPACITY"], cfg["params"]["TAKE_REG"]
    rnd = Random(cfg["seed"])
    await start(dut, INPUTS)
    ages: list[int] = []  # per block taken and not given: edges since its take
    must, taken = None, 0  # what the credit after the last edge must be (None: either)
    for cycle in range(cfg["cycles"]):
        p_take, p_give, p_hold = ((0.9, 0.2, 0.0), (0.5, 0.5, 0.05), (0.2, 0.9, 0.02),
                                  (0.7, 0.7, 0.3))[(cycle // 500) % 4]
        await FallingEdge(dut.clk)
        credit = int(dut.credit.value)
        if must is not None:
            assert credit == must, (f"cycle {cycle}: credit {credit}, must be {must} "
                                    f"({len(ages)} out, capacity {cap}, TAKE_REG {take_reg})")
        take = int(credit and rnd.rng.random() < p_take)
        give = int(bool(ages) and ages[0] >= 2 and rnd.rng.random() < p_give)
        hold = int(rnd.rng.random() < p_hold)
        dut.take.value, dut.give.value, dut.hold.value = take, give, hold
        await ReadOnly()
        assert int(dut.credit.value) == credit, "credit changed between the edges"
        ages = [a + 1 for a in ages[give:]] + [0] * take  # the coming rising edge
        taken += take
        assert len(ages) <= cap, f"{len(ages)} blocks taken and not given, capacity {cap}"
        must = 0 if hold else (1 if len(ages) < cap - take_reg else None)
    assert taken > cfg["cycles"] // 10, f"only {taken} blocks taken in {cfg['cycles']} cycles"
