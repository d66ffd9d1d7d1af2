"""DES-specific cocotb tests for the DES / Triple-DES cores (launched by tests/rtl/test_des.py).

What the generic interface tests (cocotb_core.py) do not: an independent library (pycryptodome)
as the reference instead of our model, keys with wrong parity bits, and a key change before
every block (what a key change costs in cycles).
"""

from __future__ import annotations

import random

import cocotb
from Crypto.Cipher import DES as PyDES
from Crypto.Cipher import DES3 as PyDES3

from ciphercores.sim.bench import Block, CoreBench, random_blocks


def pycryptodome(key: bytes):
    """ECB cipher object for a DES (8-byte) or TDES (16/24-byte) key."""
    if len(key) == 8:
        return PyDES.new(key, PyDES.MODE_ECB)
    try:
        return PyDES3.new(key, PyDES3.MODE_ECB)
    except ValueError:  # pycryptodome refuses TDES keys that degenerate to single DES
        return PyDES.new(key[:8], PyDES.MODE_ECB)


def expect(key: bytes, b: Block) -> int:
    c = pycryptodome(key)
    data = b.data.to_bytes(8, "big")
    return int.from_bytes(c.decrypt(data) if b.decrypt else c.encrypt(data), "big")


def odd_parity(key: bytes) -> bytes:
    return bytes((b & 0xFE) | (1 ^ (bin(b >> 1).count("1") & 1)) for b in key)


def check_lib(blocks: list[Block], keys: list[bytes], what: str) -> None:
    for i, (b, key) in enumerate(zip(blocks, keys, strict=True)):
        want = expect(key, b)
        assert b.result == want and b.user == int(b.decrypt), (
            f"{what}: block #{i} {'dec' if b.decrypt else 'enc'} key={len(key)} bytes "
            f"in={b.data:016x} got={b.result!r} want={want:016x}")


@cocotb.test()
async def differential_pycryptodome(dut):
    """Random keys of every length the core takes, random blocks in both directions, random
    idle and back-pressure; every output against pycryptodome."""
    tb = CoreBench(dut)
    await tb.start()
    rng = random.Random(int(tb.cfg.get("seed", 3)))
    total = int(tb.cfg.get("blocks", 2000))
    done = 0
    while done < total:
        n = min(total - done, rng.choice([1, 3, 20, 100]))
        key = odd_parity(bytes(rng.getrandbits(8) for _ in range(rng.choice(tb.key_sizes()))))
        blocks = random_blocks(rng, n, 64)
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
            blocks = random_blocks(rng, 6, 64)
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
    core, p = tb.core, tb.params
    rng = random.Random(23)
    blocks = random_blocks(rng, 40, 64)
    keys = []
    for b in blocks:
        b.key = bytes(rng.getrandbits(8) for _ in range(rng.choice(tb.key_sizes())))
        keys.append(b.key)
    await tb.stream(blocks)
    check_lib(blocks, keys, "key per block")
    gaps = {b.t_in - a.t_in for a, b in zip(blocks, blocks[1:], strict=False)}
    want = max(core.interval(p), core.key_setup(p) + 1)
    assert gaps == {want}, f"blocks accepted every {gaps} cycles with a key each, want {want}"
    lat = {b.t_out - b.t_in for b in blocks}
    assert lat == {core.latency(p)}, f"latency {lat} with key changes, registry {core.latency(p)}"
