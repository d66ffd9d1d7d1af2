# SPDX-License-Identifier: Apache-2.0
"""cocotb tests that every core on the common interface must pass (docs/interface.md).

Launched by tests/rtl/test_cores.py through ciphercores.sim.runner; the core, its parameters
and the test options arrive as JSON in CIPHERCORES_TB.
"""

from __future__ import annotations

import random

import cocotb

from ciphercores import models
from ciphercores.kat import kat, spread
from ciphercores.sim.bench import Block, CoreBench, beat, check, lanes_of


@cocotb.test()
async def known_answers(dut):
    """Official vectors through the RTL, encrypt and decrypt (an encrypt-only build: encrypt
    alone), one key load each, for every cipher of the core (every key length); with LANES > 1
    the vector is in every lane.
    ``kat_sample`` in the options limits each cipher to an even sample of its vectors."""
    tb = CoreBench(dut)
    await tb.start()
    for cipher in tb.ciphers:
        vecs = kat(cipher)
        assert vecs, f"no known-answer vectors for {cipher}"
        # a slow simulator gets an even sample of the files (the other runs them all)
        vecs = spread(vecs, tb.cfg.get("kat_sample"))
        for key, pt, ct in vecs:
            model = tb.model(key)
            p, c = model.to_int(pt), model.to_int(ct)
            blocks = [Block(beat([p] * tb.lanes, tb.block_bits), False, key=key)]
            if tb.decrypts:  # an encrypt-only build: the encryption alone
                blocks.append(Block(beat([c] * tb.lanes, tb.block_bits), True))
            await tb.stream(blocks)
            got = [lanes_of(b.result, tb.block_bits, tb.lanes) for b in blocks]
            assert got[0] == [c] * tb.lanes, f"{cipher} encrypt: got {blocks[0].result:x}"
            if tb.decrypts:
                assert got[1] == [p] * tb.lanes, f"{cipher} decrypt: got {blocks[1].result:x}"
        dut._log.info("%d known answers passed for %s", len(vecs), cipher)


@cocotb.test()
async def timing(dut):
    """Latency identical for every block and key, interval and key setup as registered (per
    key length for a core with a key length port), and the figures the registry shows for
    each cipher (``Core.cycles``) those of its keys."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(7)
    # enough blocks for two bursts and more (cores that take several blocks back to back)
    n_blocks = max(12, 2 * tb.core.burst(tb.params) + 2)
    seen: dict[int, tuple[set, set, list]] = {}
    # each cipher's longest key first (aes_iter: 16, 24, 32 bytes; TDES: 24, 16, 8), then random
    lengths = [models.spec(c).key_sizes[-1] for c in tb.ciphers]
    for i in range(max(8, len(lengths) + 2)):
        key = tb.random_key(rng)
        if i < len(lengths):
            key = rng.randbytes(lengths[i])
        if i < 2:  # extreme keys first: all zeros, all ones
            key = bytes([(0x00, 0xFF)[i]]) * len(key)
        setup, latencies, gaps = seen.setdefault(len(key), (set(), set(), []))
        setup.add(await tb.load_key(key))
        blocks = tb.random_blocks(rng, n_blocks)
        # extreme data values too: all zeros, all ones
        blocks += [Block(0), Block((1 << tb.port_bits) - 1, tb.decrypts)]
        stats = await tb.stream(blocks)
        check(blocks, tb.model(key), "timing", tb.lanes)
        latencies |= stats.latencies()
        gaps.append([b.t_in - a.t_in for a, b in zip(blocks, blocks[1:], strict=False)])
    for n, (setup, latencies, gaps) in seen.items():
        lat, ii, ks = tb.cycles(n)
        # the input's cycle model: a gap of interval between blocks, or bursts of back to back
        # blocks (burst x interval cycles apart) for a core that takes several at once
        p = tb.core.cycle_params(tb.params, n)
        want = tb.core.accept_gaps(p, n_blocks + 2)
        bad = [g for g in gaps if g != want]
        assert not bad, (f"{n}-byte key: input gaps {bad[0]}, registry (interval {ii}, burst "
                         f"{tb.core.burst(p)}) {want}")
        assert latencies == {lat}, f"{n}-byte key: latency {latencies}, registry {lat}"
        assert setup == {ks}, f"{n}-byte key: key setup {setup}, registry {ks}"
    for cipher, n in zip(tb.ciphers, lengths, strict=True):
        setup, latencies, gaps = seen[n]
        f = tb.core.cycles(tb.params, cipher)
        want = [1 if i % f["burst"] else f["burst"] * f["interval"] - (f["burst"] - 1)
                for i in range(1, n_blocks + 2)]
        assert (setup, latencies) == ({f["key_setup"]}, {f["latency"]}) and all(
            g == want for g in gaps), f"{cipher}: registry {f}, seen {setup} {latencies}"


@cocotb.test()
async def random_stream(dut):
    """Random blocks, mixed directions, random idle and back-pressure, keys changed between
    messages while earlier blocks are still in flight; zero lost, duplicated or reordered."""
    tb = CoreBench(dut)
    await tb.start()
    total = int(tb.cfg.get("random_blocks", 1000))
    rng = random.Random(int(tb.cfg.get("seed", 1)))
    done = 0
    msg = 0
    while done < total:
        n = min(total - done, rng.choice([1, 2, 5, 50, 200]))
        key = tb.random_key(rng)
        blocks = tb.random_blocks(rng, n)
        blocks[0].key = key
        idle = rng.choice([0.0, 0.1, 0.5])
        bp = rng.choice([0.0, 0.2, 0.6])
        await tb.stream(blocks, idle=idle, backpressure=bp)
        check(blocks, tb.model(key), f"message {msg}", tb.lanes)
        done += n * tb.lanes
        msg += 1
    dut._log.info("%d random blocks in %d messages matched the model", done, msg)


@cocotb.test()
async def key_change_in_flight(dut):
    """A new key offered together with a block, while earlier blocks are still inside: old
    blocks finish with the old key, new blocks use the new one."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(11)
    keys = [tb.random_key(rng) for _ in range(6)]
    blocks: list[Block] = []
    owners = []
    for key in keys:
        part = tb.random_blocks(rng, 6)
        part[0].key = key
        blocks += part
        owners += [key] * len(part)
    await tb.stream(blocks, backpressure=0.3)
    for key in keys:
        mine = [b for b, k in zip(blocks, owners, strict=True) if k == key]
        check(mine, tb.model(key), "key change", tb.lanes)


@cocotb.test()
async def reset_mid_stream(dut):
    """Reset with blocks inside: they are discarded, nothing comes out, the key is wiped (the
    core then works as with the all-zero key), and the next stream is correct."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(5)
    key = tb.random_key(rng)
    blocks = tb.random_blocks(rng, 20)
    blocks[0].key = key
    await tb.stream(blocks, stop_after_inputs=3, backpressure=0.5)
    await tb.reset()
    assert int(dut.m_axis_tvalid.value) == 0
    assert int(dut.m_axis_tdata.value) == 0, "output register not cleared by reset"
    await tb.expect_silence(3 * tb.core.latency(tb.params))
    after = tb.random_blocks(rng, 10)
    await tb.stream(after, backpressure=0.3)
    check(after, tb.model(tb.zero_key()), "after reset (zero key)", tb.lanes)
    again = tb.random_blocks(rng, 10)
    again[0].key = key
    await tb.stream(again, idle=0.3)
    check(again, tb.model(key), "after reset, key reloaded", tb.lanes)


@cocotb.test()
async def reset_shortest(dut):
    """Rule 5 with the shortest reset the core must take (``reset_cycles`` edges) while an
    output block is offered and not taken: from the last of those edges m_axis_tvalid,
    m_axis_tdata and both tready are zero (CoreBench.hold_reset checks it), the block is
    discarded, and the core then works with the all-zero key."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(6)
    key = tb.random_key(rng)
    blocks = tb.random_blocks(rng, 8)
    blocks[0].key = key
    await tb.stream(blocks, stop_after_inputs=2)
    # the consumer is not ready (stream ends idle): wait for the first block to be offered
    limit = 4 * (tb.core.latency(tb.params) + tb.core.interval(tb.params)) + 100
    for _ in range(limit):
        if int(dut.m_axis_tvalid.value):
            break
        await tb.tick()
    assert int(dut.m_axis_tvalid.value), f"no output block offered within {limit} cycles"
    need, _ = tb.reset_figures()
    await tb.reset(cycles=need)
    await tb.expect_silence(3 * tb.core.latency(tb.params))
    after = tb.random_blocks(rng, 10)
    await tb.stream(after, backpressure=0.3)
    check(after, tb.model(tb.zero_key()), "after the shortest reset (zero key)", tb.lanes)


@cocotb.test()
async def reset_window(dut):
    """Rule 5's two registry figures. Resets of exactly ``reset_cycles`` edges and of longer
    ones, hitting blocks in flight under back-pressure and a key load in its set-up: while rst
    is high, from the ``reset_cycles``-th edge on, the outputs are zero (hold_reset); a key
    offered as rst falls waits exactly ``ready_after_reset`` cycles after the shortest pulse
    and at most that after a longer one; nothing that entered before the reset comes out, and
    the key is then used."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(8)
    need, ready = tb.reset_figures()
    lat = tb.core.latency(tb.params)
    for extra in (0, 1, 5):
        for hit in ("stream", "key"):
            old = tb.random_key(rng)
            if hit == "stream":
                blocks = tb.random_blocks(rng, 12)
                blocks[0].key = old
                await tb.stream(blocks, stop_after_inputs=4, backpressure=0.5)
            else:
                # a key load whose set-up is under way (blocks wait behind it)
                await tb.load_key(old)
                tb._drive_key(tb.random_key(rng))
                while True:
                    await tb.tick()
                    if int(dut.s_key_tready.value):
                        break
                dut.s_key_tvalid.value = 0
                await tb.tick()
            await tb.hold_reset(need + extra)
            key = tb.random_key(rng)
            what = f"reset of {need + extra} edges during a {hit}"
            waited = await tb.key_after_reset(key, 2 * ready + 20000)
            dut._log.info("%s: s_key_tready low %d cycles after it", what, waited)
            if extra == 0:
                assert waited == ready, (f"{what}: s_key_tready low {waited} cycles after the "
                                         f"reset, registry ready_after_reset {ready}")
            else:
                assert waited <= ready, (f"{what}: s_key_tready low {waited} cycles, more "
                                         f"than the registry's ready_after_reset {ready}")
            await tb.expect_silence(2 * lat + 4)
            after = tb.random_blocks(rng, 6)
            await tb.stream(after, backpressure=0.3)
            check(after, tb.model(key), f"after a {what}", tb.lanes)
