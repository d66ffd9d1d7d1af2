# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/aes/aes_pipe_round.v, launched by tests/rtl/aes/test_aes_pipe_round.py:
round ROUND of aes_pipe against the reference model's trace. Each beat is LANES random blocks
under a random key of the build's length (FIPS-197 Appendix C's key of that length first:
vectors/aes/fips197_appendix_c.txt), in a random direction (with DECRYPT = 1), presented as
aes_pipe presents it: the state to the round's S-box ROMs a cycle before the key window, the
key step's S-box input word, the direction and the valid bit (the previous stage's
registers). Random idle between beats, junk on every input while idle. Checked: the round's
result (the model's state after the round) and direction 1 + SUBREG + MIXREG (no MIXREG in
the last round) cycles on, and a cycle later the stepped key window (the model's schedule
words), the next round's S-box input word, the direction and the valid bit."""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer
from cocotb_aes_key_step import M32, config, fips197_keys, schedule

from ciphercores.models import aes
from ciphercores.models.base import Trace


def _special(i: int, nk: int) -> bool:
    """Does w[i] (forward) or w[i - Nk] (backward) take SubWord of the word before it?"""
    return i % nk == 0 or (nk == 8 and i % 8 == 4)


def sbox_input(w: dict[int, int], nk: int, bwd: int, g: int) -> int | None:
    """The S-box input word of the key step from window g, from the schedule's words: forward
    (new words w[4g .. 4g+3]) w[i-1] of the special w[i]; backward (new words w[4g-12 ..
    4g-9], w[i] = w[i+Nk] ^ temp(w[i+Nk-1])) w[i+Nk-1]. None: no special word, or the word
    is one the schedule does not define."""
    for i in (range(4 * g, 4 * g + 4) if not bwd else range(4 * g - 12, 4 * g - 8)):
        if _special(i, nk):
            return w.get(i + nk - 1 if bwd else i - 1)
    return None


def _window(w: dict[int, int], first: int, rng: random.Random) -> int:
    v = 0
    for i in range(first, first + 8):
        v = (v << 32) | w.get(i, rng.getrandbits(32))
    return v


class Beat:
    """LANES blocks through the round in one direction under one key: the inputs and what the
    model says comes out."""

    def __init__(self, key: bytes, blocks: list[int], dec: int, rnd: int,
                 rng: random.Random):
        w, _, nk = schedule(key)
        nr = aes.ROUNDS[nk]
        self.dec, self.what = dec, f"AES-{32 * nk} key {key.hex()} {'dec' if dec else 'enc'}"
        model = aes.AES(key)
        ins, outs = [], []
        for block in blocks:
            trace = Trace()
            (model.decrypt_int if dec else model.encrypt_int)(block, trace)
            steps = trace.phase("decrypt" if dec else "encrypt")
            ins.append(steps[rnd - 1].values["state"])
            outs.append(steps[rnd].values["state"])
        self.rom_state = sum(s << (128 * n) for n, s in enumerate(ins))  # lane 0 low
        self.res_state = sum(s << (128 * n) for n, s in enumerate(outs))
        g = nr + 2 - rnd if dec else rnd
        g_out = g - 1 if dec else g + 1
        self.in_win = _window(w, 4 * g - 8, rng)
        sin = sbox_input(w, nk, dec, g)
        self.in_sin = rng.getrandbits(32) if sin is None else sin
        self.out_first, self.w = 4 * g_out - 8, w
        self.out_sin = sbox_input(w, nk, dec, g_out) if rnd < nr else None


@cocotb.test()
async def rounds_against_the_model(dut):
    cfg = config()
    p = cfg["params"]
    rng = random.Random(cfg.get("seed", 1))
    nk, rnd, lanes = p["KEY_BITS"] // 32, p["ROUND"], p["LANES"]
    nr = aes.ROUNDS[nk]
    lat = p["SUBREG"] + (p["MIXREG"] if rnd < nr else 0)
    keys = [k for k in fips197_keys() if len(k) == 4 * nk]
    beats = []
    for n in range(cfg.get("beats", 40)):
        key = keys[0] if n < 2 else rng.randbytes(4 * nk)
        dec = rng.getrandbits(1) if p["DECRYPT"] else 0
        beats.append(Beat(key, [rng.getrandbits(128) for _ in range(lanes)], dec, rnd, rng))
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    # the beat (or None: idle) presented at each falling edge; in_* follow a cycle later
    sched: list[Beat | None] = []
    for b in beats:
        sched += [None] * rng.choice((0, 0, 0, 1, rng.randint(2, 5)))
        sched.append(b)
    sched += [None] * (lat + 3)
    checked = 0
    for t, b in enumerate(sched):
        await FallingEdge(dut.clk)
        # this beat into the ROMs now, the previous one's registers beside them
        cur, prev = b, (sched[t - 1] if t else None)
        dut.rom_state.value = cur.rom_state if cur else rng.getrandbits(128 * lanes)
        dut.rom_dir.value = cur.dec if cur else rng.getrandbits(1) & p["DECRYPT"]
        dut.in_valid.value = int(prev is not None)
        dut.in_win.value = prev.in_win if prev else rng.getrandbits(256)
        dut.in_sin.value = prev.in_sin if prev else rng.getrandbits(32)
        dut.in_dir.value = prev.dec if prev else rng.getrandbits(1) & p["DECRYPT"]
        # then the outputs (with SUBREG = 0 the result is combinational from in_win)
        await Timer(1, "ns")
        if t >= 1 + lat:  # the result of the beat presented 1 + lat edges ago
            r = sched[t - 1 - lat]
            if r is not None:
                got = int(dut.res_state.value)
                assert got == r.res_state and int(dut.res_dir.value) == r.dec, (
                    f"{r.what}: res_state {got:x}, want {r.res_state:x}")
        if t >= 2 + lat:  # the round's last registers, a cycle after its result
            r = sched[t - 2 - lat]
            assert int(dut.out_valid.value) == (r is not None), f"out_valid at {t}"
            if r is not None:
                assert int(dut.out_dir.value) == r.dec
                win = int(dut.out_win.value)
                for k in range(8):
                    i = r.out_first + k
                    if i in r.w:
                        word = (win >> (32 * (7 - k))) & M32
                        assert word == r.w[i], f"{r.what}: out_win w[{i}] {word:08x}"
                if r.out_sin is not None:
                    assert int(dut.out_sin.value) == r.out_sin, f"{r.what}: out_sin"
                checked += 1
    assert checked == len(beats)
