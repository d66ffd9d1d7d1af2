# SPDX-License-Identifier: Apache-2.0
"""DES-specific cocotb tests, on top of the generic contract of cocotb_core.py: the CAVP TDES
CBC multi-block (MMT) files through the RTL, a differential test against pycryptodome (independent
of the project's model), keys with wrong parity bits, and a key change before every block (what
a key change costs in cycles).

Launched by tests/rtl/des/test_des_rtl.py for every registered DES core. Options in CIPHERCORES_TB:
``diff_blocks`` (random blocks against pycryptodome), ``seed``.
"""

from __future__ import annotations

import random

import cocotb
from Crypto.Cipher import DES as PyDES
from Crypto.Cipher import DES3 as PyDES3

from ciphercores.kat import messages
from ciphercores.sim.bench import Block, CoreBench, random_blocks


def _i(b: bytes) -> int:
    return int.from_bytes(b, "big")


def pycryptodome(key: bytes):
    """ECB cipher object for a DES (8-byte) or TDES (16/24-byte) key."""
    if len(key) == 8:
        return PyDES.new(key, PyDES.MODE_ECB)
    try:
        return PyDES3.new(key, PyDES3.MODE_ECB)
    except ValueError:  # pycryptodome refuses TDES keys that degenerate to single DES
        assert key[:8] == key[8:16] or key[8:16] == key[-8:]
        return PyDES.new(key[-8:] if key[:8] == key[8:16] else key[:8], PyDES.MODE_ECB)


def expect(key: bytes, b: Block) -> int:
    c = pycryptodome(key)
    data = b.data.to_bytes(8, "big")
    return _i(c.decrypt(data) if b.decrypt else c.encrypt(data))


def odd_parity(key: bytes) -> bytes:
    return bytes((b & 0xFE) | (1 ^ (bin(b >> 1).count("1") & 1)) for b in key)


def check_lib(blocks: list[Block], keys: list[bytes], what: str) -> None:
    for i, (b, key) in enumerate(zip(blocks, keys, strict=True)):
        want = expect(key, b)
        assert b.result == want and b.user == int(b.decrypt), (
            f"{what}: block #{i} {'dec' if b.decrypt else 'enc'} key={len(key)} bytes "
            f"in={b.data:016x} got={b.result!r} want={want:016x}")


@cocotb.test()
async def cavp_mmt(dut):
    """Every CAVP TDES CBC MMT message of the core's ciphers (rewritten as ECB pairs from the
    file's own values) as one stream under its key, each block encrypted or decrypted at
    random, random idle and back-pressure; results against the file. (The ECB MMT files are
    known answers of cocotb_core.py; DES-only cores have no MMT file: the files are TDES.)"""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(38)
    n = 0
    for cipher in tb.ciphers:
        msgs = messages(cipher)
        if cipher == "des":
            assert not msgs
            continue
        assert len(msgs) == 20, f"{cipher}: {len(msgs)} MMT messages"
        for key, pairs in msgs:
            blocks, wants = [], []
            for p, c in pairs:
                dec = rng.random() < 0.5
                blocks.append(Block(_i(c if dec else p), dec))
                wants.append(_i(p if dec else c))
            blocks[0].key = key
            await tb.stream(blocks, idle=0.3, backpressure=0.3)
            for i, (b, want) in enumerate(zip(blocks, wants, strict=True)):
                assert b.result == want and b.user == int(b.decrypt), (
                    f"{cipher} MMT key {key.hex()} block {i}: got {b.result:x} want {want:x}")
            n += len(pairs)
    dut._log.info("%d MMT blocks matched the CAVP files", n)


@cocotb.test()
async def pycryptodome_differential(dut):
    """Random keys of every length the core takes, random blocks in both directions, random
    idle and back-pressure; every output against pycryptodome."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(int(tb.cfg.get("seed", 3)))
    total = int(tb.cfg.get("diff_blocks", 2000))
    done = 0
    while done < total:
        n = min(total - done, rng.choice([1, 3, 20, 100]))
        key = odd_parity(tb.random_key(rng))
        blocks = random_blocks(rng, n, tb.block_bits)
        blocks[0].key = key
        await tb.stream(blocks, idle=rng.choice([0.0, 0.3]), backpressure=rng.choice([0.0, 0.4]))
        check_lib(blocks, [key] * n, "differential")
        done += n
    dut._log.info("%d blocks matched pycryptodome", done)


@cocotb.test()
async def parity_ignored(dut):
    """Keys whose parity bits (the low bit of each byte) are wrong, or flipped at random,
    give the same results as the key with correct (odd) parity: FIPS 46-3 ignores them."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(17)
    for size in tb.key_sizes():
        for trial in range(4):
            good = odd_parity(bytes(rng.getrandbits(8) for _ in range(size)))
            if trial == 0:
                bad = bytes(b ^ 1 for b in good)  # every parity bit wrong
            else:
                bad = bytes(b ^ rng.getrandbits(1) for b in good)
            assert bytes(b & 0xFE for b in bad) == bytes(b & 0xFE for b in good)
            blocks = random_blocks(rng, 6, tb.block_bits)
            blocks[0].key = bad
            await tb.stream(blocks)
            check_lib(blocks, [good] * len(blocks), f"parity ({size}-byte key)")


@cocotb.test()
async def key_before_every_block(dut):
    """A different key (and key length) before every block, input always valid, output always
    ready: every block uses its own key, and blocks are accepted every
    max(interval, key_setup + 1) cycles (the key handshake takes one cycle of the input)."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(23)
    blocks = random_blocks(rng, 40, tb.block_bits)
    keys = []
    for b in blocks:
        b.key = tb.random_key(rng)
        keys.append(b.key)
    await tb.stream(blocks)
    check_lib(blocks, keys, "key per block")
    # the DES cores' cycles do not depend on the key length (registry)
    lat, ii, setup = tb.cycles()
    gaps = {b.t_in - a.t_in for a, b in zip(blocks, blocks[1:], strict=False)}
    want = max(ii, setup + 1)
    assert gaps == {want}, f"blocks accepted every {gaps} cycles with a key each, want {want}"
    lats = {b.t_out - b.t_in for b in blocks}
    assert lats == {lat}, f"latency {lats} with key changes, registry {lat}"
