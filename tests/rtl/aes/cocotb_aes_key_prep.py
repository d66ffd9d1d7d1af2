# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/aes/aes_key_prep.v, launched by tests/rtl/aes/test_aes_key_schedule.py:
the key-load pre-pass against the reference model's key schedule. For FIPS-197 Appendix C's key
of the build's length (vectors/aes/fips197_appendix_c.txt) and random keys, loaded after
random idle, with other keys offered (and ignored) while busy: when busy falls, ``enc_win``
holds the words the first forward step reads (w[4-Nk] .. w[3], round key 0 newest) and
``dec_win`` w[4Nr-4] .. w[4Nr+3] (round key Nr newest); both hold still until the next load.
After a reset the windows are those of the all-zero key."""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge
from cocotb_aes_key_step import M32, config, fips197_keys, schedule

from ciphercores.models.aes import ROUNDS

#: cycles a load may keep busy high (the longest, AES-256 with SPLIT = 2, is 3 * 14 + a few)
BUSY_MAX = 64


def _words(v: int, first: int) -> dict[int, int]:
    return {first + n: (v >> (32 * (7 - n))) & M32 for n in range(8)}


def _check(dut, key: bytes) -> None:
    w, rks, nk = schedule(key)
    nr = ROUNDS[nk]
    enc = _words(int(dut.enc_win.value), -4)
    dec = _words(int(dut.dec_win.value), 4 * nr - 4)
    what = f"AES-{32 * nk} key {key.hex()}"
    for i in range(4 - nk, 4):
        assert enc[i] == w[i], f"{what}: enc_win w[{i}] = {enc[i]:08x}, want {w[i]:08x}"
    for i in dec:
        assert dec[i] == w[i], f"{what}: dec_win w[{i}] = {dec[i]:08x}, want {w[i]:08x}"
    assert int(dut.enc_win.value) & ((1 << 128) - 1) == rks[0]
    assert int(dut.dec_win.value) & ((1 << 128) - 1) == rks[nr]


async def _wait_idle(dut, rng: random.Random, key_bits: int) -> int:
    """Cycles until busy falls, offering random keys (to be ignored) meanwhile."""
    for n in range(BUSY_MAX):
        if not int(dut.busy.value):
            dut.load.value = 0
            return n
        dut.load.value = rng.getrandbits(1)
        dut.key.value = rng.getrandbits(key_bits)
        await FallingEdge(dut.clk)
    raise AssertionError(f"busy still high {BUSY_MAX} cycles on")


@cocotb.test()
async def loads_against_the_model(dut):
    cfg = config()
    p = cfg["params"]
    kb, nk = p["KEY_BITS"], 4 + 2 * p["NK"]
    rng = random.Random(cfg.get("seed", 1))
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    dut.load.value = 0
    dut.key.value = 0
    for _ in range(2):
        await FallingEdge(dut.clk)
    dut.rst.value = 0
    await _wait_idle(dut, rng, kb)
    _check(dut, bytes(4 * nk))  # after a reset: the all-zero key
    keys = [k for k in fips197_keys() if len(k) == 4 * nk]
    keys += [rng.randbytes(4 * nk) for _ in range(cfg.get("random", 20))]
    busy = set()
    prev = bytes(4 * nk)
    for key in keys:
        for _ in range(rng.choice((0, 0, 1, rng.randint(2, 9)))):
            dut.key.value = rng.getrandbits(kb)  # junk while load is low
            await FallingEdge(dut.clk)
            _check(dut, prev)  # the windows hold still between loads
        # the key left-aligned in KEY_BITS, junk in the bits below it
        pad = kb - 32 * nk
        dut.key.value = (int.from_bytes(key, "big") << pad) | rng.getrandbits(pad) if pad \
            else int.from_bytes(key, "big")
        dut.load.value = 1
        await FallingEdge(dut.clk)
        dut.load.value = 0
        assert int(dut.busy.value), "busy did not rise after a load"
        busy.add(1 + await _wait_idle(dut, rng, kb))
        _check(dut, key)
        prev = key
    assert len(busy) == 1, f"busy lasted {sorted(busy)} cycles: the pre-pass is not constant"
