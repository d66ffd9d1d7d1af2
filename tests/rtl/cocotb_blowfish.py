# SPDX-License-Identifier: Apache-2.0
"""Blowfish-specific cocotb tests for the cores of family "blowfish" (bf_iter, bf_x2, bf_pipe),
beside the generic contract of cocotb_core.py: pycryptodome differential over every key length it
accepts, the key schedule traced signal by signal against the reference model (the method of
papers/000), the key-setup cycle count, and the paper's 32-bit-word key.

Launched by tests/rtl/blowfish/test_blowfish_rtl.py; options arrive in CIPHERCORES_TB like the
generic tests.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import FallingEdge
from Crypto.Cipher import Blowfish as PyCryptoBlowfish

from ciphercores import vectors
from ciphercores.models.base import Trace
from ciphercores.models.blowfish import P_WORDS, Blowfish, pi_words
from ciphercores.sim.bench import Block, CoreBench, check, random_blocks


def _round_floor(dut) -> int:
    """The key schedule's chained encryptions: 521 x 16 rounds at the engine's cycles a round
    (the RTL's ROUND_CYCLES parameter)."""
    return 521 * 16 * int(dut.u_core.ROUND_CYCLES.value)


def _lanes(tb: CoreBench, value: int) -> list[int]:
    return [(value >> (64 * i)) & ((1 << 64) - 1) for i in range(tb.lanes)]


@cocotb.test()
async def pycryptodome_every_key_length(dut):
    """Random blocks, both directions, idle and back-pressure, for one key of every length
    4..56 bytes (or the ``key_lengths`` option), against pycryptodome (an independent
    implementation)."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(int(tb.cfg.get("seed", 3)))
    per_key = int(tb.cfg.get("blocks_per_key", 6))
    lengths = tb.cfg.get("key_lengths") or range(4, 57)
    for n in lengths:
        key = bytes(rng.getrandbits(8) for _ in range(n))
        ref = PyCryptoBlowfish.new(key, PyCryptoBlowfish.MODE_ECB)
        blocks = random_blocks(rng, per_key, tb.port_bits)
        blocks[0].key = key
        await tb.stream(blocks, idle=0.3, backpressure=0.3)
        for i, b in enumerate(blocks):
            op = ref.decrypt if b.decrypt else ref.encrypt
            want = [int.from_bytes(op(v.to_bytes(8, "big")), "big") for v in _lanes(tb, b.data)]
            got = _lanes(tb, b.result)
            assert got == want and b.user == int(b.decrypt), (
                f"key of {n} bytes, block {i}: got {[hex(g) for g in got]}, "
                f"pycryptodome {[hex(w) for w in want]}")
    dut._log.info("pycryptodome agrees for keys of %s bytes, %d blocks each",
                  ",".join(map(str, lengths)), per_key)


@cocotb.test()
async def key_schedule_trace(dut):
    """Every one of the 521 chained encryptions of the key schedule (its L, R output) against
    the model's trace, then the P-array and the S-box RAMs' working halves against the model's
    tables (and the pi halves untouched); on bf_pipe also every S-box copy of the rounds."""
    tb = CoreBench(dut)
    await tb.start()
    await tb.load_key(bytes(1))  # let the schedule after reset (zero key) finish first
    rng = random.Random(17)
    key = bytes(rng.getrandbits(8) for _ in range(int(tb.cfg.get("trace_key_len", 13))))
    trace = Trace()
    model = Blowfish(key, trace=trace)
    want = [(s.values["L"], s.values["R"]) for s in trace.phase("key")]
    assert len(want) == 521
    core = dut.u_core
    ring = core.u_ring  # the round ring (bf_ring)
    tb._drive_key(key)
    seen: list[tuple[int, int]] = []
    fired = False
    for _ in range(tb.core.key_setup(tb.params) + 100):
        await tb.tick()
        if not fired and int(dut.s_key_tready.value):
            fired = True
            dut.s_key_tvalid.value = 0
        await FallingEdge(dut.clk)
        # round 15 of a key-schedule encryption in the data stage: L = x ^ P[17], R = y ^ F(x)
        if fired and int(core.write_r.value):
            seen.append((int(ring.g_lane[0].lout.value), int(ring.xn.value) & 0xFFFFFFFF))
        if fired and int(dut.s_axis_tready.value):
            break
    assert fired, "key never accepted"
    for i, (g, w) in enumerate(zip(seen, want, strict=False)):
        assert g == w, f"key-schedule encryption {i}: RTL L,R = {g[0]:08x} {g[1]:08x}, " \
                       f"model {w[0]:08x} {w[1]:08x}"
    assert len(seen) == 521, f"{len(seen)} key-schedule encryptions seen, 521 expected"
    p = int(core.p_reg.value)
    p_rtl = [(p >> (32 * i)) & 0xFFFFFFFF for i in range(18)]
    assert p_rtl == model.P, "P-array after the key schedule differs from the model"
    for box, sbox in enumerate((core.u_sbox0, core.u_sbox1, core.u_sbox2, core.u_sbox3)):
        words = [int(sbox.mem[i].value) for i in range(512)]
        assert words[:256] == model.S[box], f"S-box {box} working half differs from the model"
        pi = list(pi_words()[P_WORDS + 256 * box:P_WORDS + 256 * (box + 1)])
        assert words[256:] == pi, f"S-box {box}: the read-only pi half was overwritten"
    copies = _sbox_copies(dut)
    if copies:
        # the engine's writes reach the copies one edge later (before a block can read them)
        await tb.tick()
        await FallingEdge(dut.clk)
        for k, copy in enumerate(copies):
            for box in range(4):
                words = [int(getattr(copy, f"u_sbox{box}").mem[i].value) for i in range(256)]
                assert words == model.S[box], f"S-box copy {k}, box {box} differs from the model"
    dut._log.info("521 key-schedule encryptions, P and the S-boxes match the model's trace%s",
                  f"; so do the {len(copies)} S-box copies of the rounds" if copies else "")


def _sbox_copies(dut) -> list:
    """The rounds' S-box copies of a pipelined core (bf_pipe: g_copy[k].u_sbox0..3), or []."""
    try:
        scope = dut.g_copy
    except AttributeError:
        return []
    return [scope[k] for k in range(8)]


@cocotb.test()
async def key_setup_cycles(dut):
    """Key setup measured for the shortest, a middle and the longest key (or the
    ``setup_key_lengths`` option): the registry's figure, within 1% of the floor of 521 x 16
    rounds (Palka et al., Blowfish on FPGA: 9,398 cycles at one round a cycle)."""
    tb = CoreBench(dut)
    await tb.start()
    reg = tb.core.key_setup(tb.params)
    rng = random.Random(23)
    for n in tb.cfg.get("setup_key_lengths") or (1, 8, 56):
        key = bytes(rng.getrandbits(8) for _ in range(n))
        cycles = await tb.load_key(key)
        assert cycles == reg, f"key of {n} bytes: setup {cycles} cycles, registry {reg}"
        blocks = random_blocks(rng, 4, tb.port_bits)
        await tb.stream(blocks)
        check(blocks, tb.model(key), f"after a {n}-byte key", tb.lanes)
    floor = _round_floor(dut)
    assert reg <= floor * 1.01, f"key setup {reg} is not within 1% of {floor}"
    dut._log.info("key setup %d cycles (floor %d, +%.2f%%)", reg, floor, 100 * (reg / floor - 1))


@cocotb.test()
async def paper_word_key(dut):
    """The example of Palka et al. (Blowfish on FPGA), its key given as 32-bit words
    (Blowfish.from_words)."""
    tb = CoreBench(dut)
    await tb.start()
    for row in vectors.load_table("blowfish/paper000_example.txt"):
        words = [int(w, 16) for w in row["key_words"].split(",")]
        model = Blowfish.from_words(words)
        key = b"".join(w.to_bytes(4, "big") for w in words)
        pt, ct = int(row["plaintext"], 16), int(row["ciphertext"], 16)
        spread = sum(v << (64 * i) for i, v in enumerate([pt] * tb.lanes))
        blocks = [Block(spread, False, key=key)]
        await tb.stream(blocks)
        assert _lanes(tb, blocks[0].result) == [ct] * tb.lanes, f"got {blocks[0].result:x}"
        assert model.encrypt_int(pt) == ct
