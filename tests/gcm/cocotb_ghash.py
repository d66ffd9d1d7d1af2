# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for rtl/gcm/ghash.v: GHASH of whole messages against ciphercores.modes.ghash, an
AES-GCM tag of pycryptodome's rebuilt from the unit's GHASH, the cycle figures, and the reset.
Launched by tests/gcm/test_gcm_rtl.py."""

from __future__ import annotations

from itertools import pairwise

import cocotb
from cocotb.triggers import FallingEdge
from Crypto.Cipher import AES
from gcm_bench import Bench, Item, Out, config

from ciphercores import modes


def _bench(dut) -> Bench:
    return Bench(dut, ["s_h_tvalid", "s_axis_tvalid"],
                 Out("m_axis_tvalid", "m_axis_tready", "m_axis_tdata", zero_when_idle=True),
                 config().get("seed", 1))


def _h(h: bytes) -> Item:
    return Item("s_h_tvalid", "s_h_tready", {"s_h_tdata": int.from_bytes(h, "big")})


def _beats(data: bytes, junk: int = 0) -> list[Item]:
    """The beats of one message (whole 16-byte blocks); no block: one beat with tuser set
    (its tdata ``junk``, which must not count)."""
    if not data:
        return [Item("s_axis_tvalid", "s_axis_tready",
                     {"s_axis_tdata": junk, "s_axis_tuser": 1, "s_axis_tlast": 1})]
    n = len(data) // 16
    return [Item("s_axis_tvalid", "s_axis_tready",
                 {"s_axis_tdata": int.from_bytes(data[16 * i:16 * i + 16], "big"),
                  "s_axis_tuser": 0, "s_axis_tlast": int(i == n - 1)}) for i in range(n)]


class Messages:
    """A stream of messages, some after an H load, with what GHASH gives for each."""

    def __init__(self):
        self.items: list[Item] = []
        self.want: list[int] = []
        self.lasts: list[Item] = []  # each message's tlast beat
        self.h_loads: list[tuple[Item, Item]] = []  # (H load, the beat after it)
        self.h = bytes(16)  # after reset: H = 0

    def add(self, data: bytes, h: bytes | None = None, junk: int = 0) -> None:
        beats = _beats(data, junk)
        if h is not None:
            self.h = h
            self.items.append(_h(h))
            self.h_loads.append((self.items[-1], beats[0]))
        self.items += beats
        self.lasts.append(beats[-1])
        self.want.append(int.from_bytes(modes.ghash(self.h, data), "big"))

    def check(self, got: list[tuple[int, int]]) -> None:
        assert len(got) == len(self.want)
        for n, ((_, y), w) in enumerate(zip(got, self.want, strict=True)):
            assert y == w, f"message {n}: GHASH {y:032x}, want {w:032x}"


def _lengths(p: int, rng, n_random: int) -> list[int]:
    """Block counts: 0, 1, P-1, P, P+1, 2P, 2P+1, then random ones (mostly short)."""
    fixed = [0, 1, max(p - 1, 0), p, p + 1, 2 * p, 2 * p + 1]
    return fixed + [rng.choice((rng.randint(0, 2 * p + 2), rng.randint(0, 40)))
                    for _ in range(n_random)]


def _random_messages(rng, p: int, n_random: int) -> Messages:
    """Messages of those lengths back to back, H reloaded before about a third of them."""
    ms = Messages()
    for i, n in enumerate(_lengths(p, rng, n_random)):
        h = rng.randbytes(16) if i == 0 or rng.random() < 0.3 else None
        ms.add(rng.randbytes(16 * n), h, junk=rng.getrandbits(128))
    return ms


class ReadyBlk:
    """Checks s_axis_tready_blk in every cycle (between the edges): equal to s_axis_tready
    whenever neither H nor a tlast is offered, as the GCM engine relies on."""

    def __init__(self, dut):
        self.dut, self.checked, self.bad = dut, 0, []
        cocotb.start_soon(self._watch())

    async def _watch(self) -> None:
        d = self.dut
        while True:
            await FallingEdge(d.clk)
            if int(d.rst.value) or int(d.s_h_tvalid.value) or int(d.s_axis_tlast.value):
                continue
            self.checked += 1
            if int(d.s_axis_tready_blk.value) != int(d.s_axis_tready.value):
                self.bad.append(self.checked)

    def check(self) -> None:
        assert self.checked > 100 and not self.bad, (
            f"s_axis_tready_blk differs from s_axis_tready in {len(self.bad)} of "
            f"{self.checked} cycles without H or tlast")


@cocotb.test()
async def messages(dut):
    """Messages of 0, 1, P-1, P, P+1, 2P, 2P+1 and random block counts back to back, H reloaded
    between some: once with every input offered at once and the output always ready (cycle
    figures checked), then again under random idle and back-pressure. In every cycle without
    H or a tlast offered, s_axis_tready_blk equals s_axis_tready."""
    cfg = config()
    p = cfg["params"]["P"]
    tb = _bench(dut)
    await tb.start()
    blk = ReadyBlk(dut)
    ms = _random_messages(tb.rng, p, cfg["random"])
    limit = 10 * (len(ms.items) + 3 * p * len(ms.want)) + 1000
    got = await tb.run(ms.items, len(ms.want), limit=limit)
    ms.check(got)
    setup = {b.t - h.t for h, b in ms.h_loads}
    assert setup == {3 + p * (p - 1) if p > 1 else 1}, f"H load to the next beat: {setup}"
    lat = {t - last.t for last, (t, _) in zip(ms.lasts, got, strict=True)}
    assert lat == {2 * p + 3}, f"tlast to result: {lat}"
    ms = _random_messages(tb.rng, p, cfg["random"])
    ms.check(await tb.run(ms.items, len(ms.want), idle=0.3, backpressure=0.3, limit=limit))
    blk.check()


@cocotb.test()
async def message_rate(dut):
    """Messages of n blocks back to back with the output always ready, for n = 1 .. 2P+2: the
    cycles between their tlast handshakes are a = max(n, P) and max(2P + 4 - a, n) in turn:
    one beat a cycle, tlasts at least P apart, and two tlasts in flight at most (the third
    waits for the first result to leave the output register, 2P + 3 cycles after its tlast)."""
    p = config()["params"]["P"]
    tb = _bench(dut)
    await tb.start()
    rng = tb.rng
    for n in range(1, 2 * p + 3):
        ms = Messages()
        for i in range(6):
            ms.add(rng.randbytes(16 * n), rng.randbytes(16) if i == 0 else None)
        ms.check(await tb.run(ms.items, len(ms.want)))
        gaps = [b.t - a.t for a, b in pairwise(ms.lasts)]
        first = max(n, p)
        want = [first if i % 2 == 0 else max(2 * p + 4 - first, n) for i in range(5)]
        assert gaps == want, f"{n} blocks: tlast handshakes {gaps} cycles apart, want {want}"


@cocotb.test()
async def gcm_tag_as_pycryptodome(dut):
    """AES-GCM with pycryptodome for fixed keys, IVs, AAD and plaintexts: its tag equals
    E_K(J0) ^ the unit's GHASH of AAD || C || lengths, with H = E_K(0) and E_K(J0) from
    pycryptodome's AES-ECB; a 60-byte IV's J0 is the unit's GHASH too (SP 800-38D 7.1)."""
    tb = _bench(dut)
    await tb.start()
    rng = tb.rng
    for key_len, iv_len, aad_len, pt_len in ((16, 12, 20, 60), (32, 12, 0, 64), (24, 60, 13, 0),
                                             (16, 1, 0, 17)):
        key, iv = rng.randbytes(key_len), rng.randbytes(iv_len)
        aad, pt = rng.randbytes(aad_len), rng.randbytes(pt_len)
        lib = AES.new(key, AES.MODE_GCM, nonce=iv)
        lib.update(aad)
        ct, tag = lib.encrypt_and_digest(pt)
        ecb = AES.new(key, AES.MODE_ECB)
        h = ecb.encrypt(bytes(16))
        if iv_len == 12:
            j0 = iv + b"\x00\x00\x00\x01"
        else:
            ms = Messages()
            ms.add(_pad(iv) + bytes(8) + (8 * iv_len).to_bytes(8, "big"), h)
            (_, y), = await tb.run(ms.items, 1)
            j0 = y.to_bytes(16, "big")
        ms = Messages()
        ms.add(_pad(aad) + _pad(ct) + (8 * aad_len).to_bytes(8, "big")
               + (8 * pt_len).to_bytes(8, "big"), h)
        (_, s), = await tb.run(ms.items, 1)
        got = bytes(a ^ b for a, b in zip(ecb.encrypt(j0), s.to_bytes(16, "big"), strict=True))
        assert got == tag, f"key {key_len} IV {iv_len} AAD {aad_len} PT {pt_len}"


def _pad(b: bytes) -> bytes:
    return b + bytes(-len(b) % 16)


@cocotb.test()
async def reset_wipes(dut):
    """A reset in the middle of a message drops it and zeroes H and its powers (docs/
    interface.md, rule 5): nothing comes out; a new H and a message right after it give the
    right GHASH (the loop's sums of the dropped message are gone); after another reset, a
    message hashes with H = 0."""
    p = config()["params"]["P"]
    tb = _bench(dut)
    await tb.start()
    rng = tb.rng
    for h in (rng.randbytes(16), None):
        ms = Messages()
        ms.add(rng.randbytes(16 * (p + 3)), rng.randbytes(16))
        await tb.run(ms.items[:-1], 0)  # all but the tlast beat
        await tb.reset()
        assert int(dut.pw_reg.value) == 0 and int(dut.m_axis_tvalid.value) == 0
        ms = Messages()
        ms.add(rng.randbytes(16 * (p + 1)), h)
        ms.check(await tb.run(ms.items, 1))
        assert (ms.want[0] == 0) == (h is None)
