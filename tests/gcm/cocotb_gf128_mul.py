# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for rtl/gcm/gf128_mul_ds.v: products against ciphercores.modes.gf128_mul, the
cycle figures, and the reset. Launched by tests/gcm/test_gcm_rtl.py."""

from __future__ import annotations

from itertools import pairwise

import cocotb
from gcm_bench import Bench, Item, Out, config

from ciphercores.modes import gf128_mul

ONE = 1 << 127  # the field's 1: the block's first bit
ALL = (1 << 128) - 1
EDGES = (0, ONE, ALL, 1, 0x87, ONE | 1, 0xE1 << 120, 0x5555 << 100)


def _bench(dut) -> Bench:
    cfg = config()
    return Bench(dut, ["s_valid"], Out("m_valid", "m_ready", "m_z"), cfg.get("seed", 1))


def _items(pairs):
    return [Item("s_valid", "s_ready", {"s_x": x, "s_y": y}) for x, y in pairs]


def _check(pairs, got):
    assert len(got) == len(pairs)
    for n, ((x, y), (_, z)) in enumerate(zip(pairs, got, strict=True)):
        assert z == gf128_mul(x, y), f"product {n}: {x:032x} * {y:032x} = {z:032x}"


@cocotb.test()
async def products(dut):
    """Edge operands (0, 1, all ones, the reduction constant ...) in every pairing, then random
    ones, first back to back with the output always ready (each product's latency and the
    interval against 128/DIGIT), then under random idle and back-pressure."""
    cfg = config()
    steps = 128 // cfg["params"]["DIGIT"]
    tb = _bench(dut)
    await tb.start()
    rng = tb.rng
    pairs = [(x, y) for x in EDGES for y in EDGES]
    pairs += [(rng.getrandbits(128), rng.getrandbits(128)) for _ in range(cfg["random"])]
    items = _items(pairs)
    limit = 4 * (steps + 1) * len(pairs) + 1000
    got = await tb.run(items, len(pairs), limit=limit)
    _check(pairs, got)
    # m_valid rises `steps` edges after the input handshake; the result is taken on the next
    lat = {t - it.t for it, (t, _) in zip(items, got, strict=True)}
    assert lat == {steps + 1}, f"latency {lat}"
    assert {b.t - a.t for a, b in pairwise(items)} == {steps}, "interval"
    items = _items(pairs)
    _check(pairs, await tb.run(items, len(pairs), idle=0.3, backpressure=0.3, limit=4 * limit))


@cocotb.test()
async def reset_wipes(dut):
    """A reset in the middle of a product drops it and zeroes the operand registers: the
    product after the reset is the new operands', and nothing else comes out."""
    tb = _bench(dut)
    await tb.start()
    d = dut
    d.s_x.value, d.s_y.value, d.s_valid.value = ALL, ALL, 1
    await tb.tick()
    d.s_valid.value = 0
    await tb.tick()
    await tb.reset()
    assert int(d.m_valid.value) == 0
    for reg in ("x_reg", "y_reg", "z_reg"):  # they may hold H (docs/interface.md, rule 5)
        assert int(getattr(d, reg).value) == 0, reg
    pairs = [(tb.rng.getrandbits(128), ONE)]
    _check(pairs, await tb.run(_items(pairs), 1))
