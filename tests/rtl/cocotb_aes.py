# SPDX-License-Identifier: Apache-2.0
"""AES-specific cocotb tests, on top of the generic contract of cocotb_core.py: the CAVP
multi-block (MMT) and Monte Carlo (MCT) files through the RTL, and a differential test against
pycryptodome (independent of the project's model).

Launched by tests/rtl/aes/test_aes_rtl.py for every registered AES core. Options in CIPHERCORES_TB:
``mct_records`` (outer MCT iterations per section, 0..100; the files have 100) and
``diff_blocks`` (random blocks against pycryptodome).
"""

from __future__ import annotations

import random

import cocotb
from Crypto.Cipher import AES as PyAES

from ciphercores import vectors
from ciphercores.kat import messages
from ciphercores.sim.bench import Block, CoreBench, beat, lanes_of


def _i(b: bytes) -> int:
    return int.from_bytes(b, "big")


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


@cocotb.test()
async def cavp_mmt(dut):
    """Every CAVP MMT message (CBC, rewritten as ECB pairs from the file's own values) as one
    stream under its key: each beat encrypts or decrypts at random (encrypts on an
    encrypt-only build), lanes carry consecutive blocks, random idle and back-pressure;
    results against the file."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(38)
    n = 0
    for cipher in tb.ciphers:
        msgs = messages(cipher)
        assert len(msgs) == 20, f"{cipher}: {len(msgs)} MMT messages"
        for key, pairs in msgs:
            # beats of `lanes` consecutive pairs (the last beat padded with the first pairs)
            padded = pairs + pairs[:(-len(pairs)) % tb.lanes]
            beats = [padded[i:i + tb.lanes] for i in range(0, len(padded), tb.lanes)]
            blocks, wants = [], []
            for group in beats:
                dec = tb.decrypts and rng.random() < 0.5
                src = [_i(c if dec else p) for p, c in group]
                dst = [_i(p if dec else c) for p, c in group]
                blocks.append(Block(beat(src, 128), dec))
                wants.append(beat(dst, 128))
            blocks[0].key = key
            await tb.stream(blocks, idle=0.3, backpressure=0.3)
            for i, (b, want) in enumerate(zip(blocks, wants, strict=True)):
                assert b.result == want and b.user == int(b.decrypt), (
                    f"{cipher} MMT key {key.hex()} beat {i}: got {b.result:x} want {want:x}")
            n += len(pairs)
    dut._log.info("%d MMT blocks matched the CAVP files", n)


async def _one(tb: CoreBench, data: bytes, decrypt: bool) -> bytes:
    """One block through the core (in every lane; all lanes must agree)."""
    blk = Block(beat([_i(data)] * tb.lanes, 128), decrypt)
    await tb.stream([blk])
    outs = set(lanes_of(blk.result, 128, tb.lanes))
    assert len(outs) == 1, f"lanes disagree: {blk.result:x}"
    return outs.pop().to_bytes(16, "big")


def _next_key(key: bytes, last: bytes, before: bytes) -> bytes:
    """AESAVS MCT key update from out[999] (last) and out[998] (before)."""
    if len(key) == 16:
        return _xor(key, last)
    if len(key) == 24:
        return _xor(key, before[8:] + last)
    return _xor(key, before + last)


@cocotb.test()
async def cavp_mct(dut):
    """CAVP Monte Carlo (AESAVS 6.4.2, CBC): 1000 chained operations per outer iteration, the
    CBC chaining on the host around the core, every block through the RTL; the first
    ``mct_records`` outer iterations of each section, each started from the file's record and
    checked against it (and the next record's key, IV and input against what we derive). An
    encrypt-only build runs the ENCRYPT sections."""
    tb = CoreBench(dut)
    await tb.start()
    limit = int(tb.cfg.get("mct_records", 1))
    if limit == 0:
        dut._log.info("MCT not requested")
        return
    done = 0
    for cipher in tb.ciphers:
        bits = cipher.split("-")[1]
        by_section: dict[str, list] = {}
        for rec in vectors.load_rsp(f"aes/cavp/CBCMCT{bits}.rsp"):
            by_section.setdefault(rec.section, []).append(rec)
        assert set(by_section) == {"ENCRYPT", "DECRYPT"}
        for section, recs in by_section.items():
            enc = section == "ENCRYPT"
            if not enc and not tb.decrypts:
                continue
            src, dst = ("PLAINTEXT", "CIPHERTEXT") if enc else ("CIPHERTEXT", "PLAINTEXT")
            assert len(recs) == 100
            for i, rec in enumerate(recs[:limit]):
                key, iv, inp = rec.hex("KEY"), rec.hex("IV"), rec.hex(src)
                await tb.load_key(key)
                chain, outs = iv, [iv]
                for _ in range(1000):
                    if enc:
                        out = await _one(tb, _xor(inp, chain), False)
                        chain = out
                    else:
                        out = _xor(await _one(tb, inp, True), chain)
                        chain = inp
                    outs.append(out)
                    inp = outs[-2]
                last, before = outs[-1], outs[-2]
                assert last == rec.hex(dst), f"{cipher} MCT {section} {i}: got {last.hex()}"
                if i + 1 < len(recs):
                    nxt = recs[i + 1]
                    assert nxt.hex("KEY") == _next_key(key, last, before)
                    assert nxt.hex("IV") == last and nxt.hex(src) == before
                done += 1
    dut._log.info("%d MCT outer iterations (1000 blocks each) matched", done)


@cocotb.test()
async def pycryptodome_differential(dut):
    """Random keys of every length the core takes, random beats in mixed directions (an
    encrypt-only build: encryptions) under random idle/back-pressure, each lane against
    pycryptodome's AES (not the project model)."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(int(tb.cfg.get("seed", 1)) + 197)
    total = int(tb.cfg.get("diff_blocks", 2000))
    done = 0
    while done < total:
        key = tb.random_key(rng)
        ref = PyAES.new(key, PyAES.MODE_ECB)
        blocks = tb.random_blocks(rng, rng.choice([1, 3, 40]))
        blocks[0].key = key
        await tb.stream(blocks, idle=rng.choice([0.0, 0.3]), backpressure=rng.choice([0.0, 0.4]))
        for b in blocks:
            f = ref.decrypt if b.decrypt else ref.encrypt
            want = beat([_i(f(v.to_bytes(16, "big"))) for v in lanes_of(b.data, 128, tb.lanes)],
                        128)
            assert b.result == want and b.user == int(b.decrypt), (
                f"{len(key)}-byte key, {'dec' if b.decrypt else 'enc'} {b.data:x}: "
                f"got {b.result:x} want {want:x}")
        done += len(blocks) * tb.lanes
    dut._log.info("%d blocks matched pycryptodome", done)


@cocotb.test()
async def direction_bit(dut):
    """s_axis_tuser = 1 on every beat, under back-pressure: a core that decrypts decrypts
    (m_axis_tuser 1); an encrypt-only build (DECRYPT=0) ignores the bit and encrypts, with
    m_axis_tuser 0. Against pycryptodome."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(int(tb.cfg.get("seed", 1)) + 311)
    key = tb.random_key(rng)
    ref = PyAES.new(key, PyAES.MODE_ECB)
    blocks = [Block(rng.getrandbits(tb.port_bits), True) for _ in range(50)]
    blocks[0].key = key
    await tb.stream(blocks, idle=0.2, backpressure=0.4)
    f = ref.decrypt if tb.decrypts else ref.encrypt
    for i, b in enumerate(blocks):
        want = beat([_i(f(v.to_bytes(16, "big"))) for v in lanes_of(b.data, 128, tb.lanes)], 128)
        assert b.result == want and b.user == int(tb.decrypts), (
            f"beat {i} offered to decrypt (decrypts: {tb.decrypts}): got {b.result:x} user "
            f"{b.user}, want {want:x} user {int(tb.decrypts)}")
    dut._log.info("50 beats with tuser = 1 %s", "decrypted" if tb.decrypts else "encrypted")
