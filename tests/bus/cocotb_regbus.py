# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of a core behind a bus wrapper ``BUS(CORE)`` (docs/bus.md), through
cocotbext-axi's AXI4-Lite master or cocotbext-wishbone's Wishbone master, with the driver of
ciphercores.bus: official vectors, random blocks against the reference model, random register
access patterns with back-pressure, refused accesses without effect, the interrupt, CLEAR.
Launched by test_bus.py, which names the bus and the core in the CIPHERCORES_TB variable."""

from __future__ import annotations

import logging
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, First, RisingEdge, Timer
from cocotbext.axi import AxiLiteBus, AxiLiteMaster, AxiResp
from cocotbext.wishbone.driver import WBOp, WishboneMaster

from ciphercores import kat, models, modes, vectors
from ciphercores.bus import regmap as rm
from ciphercores.bus.driver import BusCipher, Info, words
from ciphercores.cores.buscore import bus_core
from ciphercores.errors import DriverError
from ciphercores.sim.bench import config

CLOCK_NS = 10


class RefusedError(DriverError):
    """The bus answered SLVERR / ERR."""


def _pauses(rng: random.Random, p: float):
    """Pause (valid or ready low) in a cycle with probability ``p``."""
    while True:
        yield rng.random() < p


class AxilPort:
    """Register accesses over cocotbext-axi's AXI4-Lite master."""

    def __init__(self, dut, rng: random.Random):
        self.m = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk, dut.rst)
        for side in (self.m.write_if, self.m.read_if):
            side.log.setLevel(logging.WARNING)
        self.rng = rng

    def backpressure(self, on: bool) -> None:
        """Random gaps in AW/W/AR valid and in B/R ready (or none)."""
        chans = (self.m.write_if.aw_channel, self.m.write_if.w_channel,
                 self.m.write_if.b_channel, self.m.read_if.ar_channel,
                 self.m.read_if.r_channel)
        for ch in chans:
            p = self.rng.choice([0.2, 0.5, 0.8])
            rng = random.Random(self.rng.getrandbits(32))
            ch.set_pause_generator(_pauses(rng, p) if on else None)

    async def try_read(self, offset: int) -> tuple[int, bool]:
        r = await self.m.read(offset, 4 if offset % 4 == 0 else 1)
        return int.from_bytes(r.data, "little"), r.resp == AxiResp.OKAY

    async def try_write(self, offset: int, value: int, strobe: int = 0xF) -> bool:
        """A write with byte strobe ``strobe`` (contiguous lanes) at ``offset``."""
        lanes = [i for i in range(4) if strobe >> i & 1]
        data = value.to_bytes(4, "little")[lanes[0]:lanes[-1] + 1]
        r = await self.m.write(offset + lanes[0], data)
        return r.resp == AxiResp.OKAY

    async def read(self, offset: int) -> int:
        value, ok = await self.try_read(offset)
        if not ok:
            raise RefusedError(f"read of 0x{offset:02x} refused")
        return value

    async def write(self, offset: int, value: int) -> None:
        if not await self.try_write(offset, value):
            raise RefusedError(f"write of 0x{offset:02x} refused")


class WbMaster(WishboneMaster):
    _signals = {"cyc": "cyc_i", "stb": "stb_i", "we": "we_i", "adr": "adr_i",
                "datwr": "dat_i", "datrd": "dat_o", "ack": "ack_o"}
    _optional_signals = {"sel": "sel_i", "err": "err_o"}


class WbPort:
    """Register accesses over cocotbext-wishbone's master (classic cycles, one access each;
    random idle cycles before stb when back-pressure is on)."""

    def __init__(self, dut, rng: random.Random):
        self.m = WbMaster(dut, "wb", dut.clk, width=32, timeout=1000)
        self.m.log.setLevel(logging.WARNING)
        self.rng = rng
        self.gaps = False

    def backpressure(self, on: bool) -> None:
        self.gaps = on

    def _idle(self) -> int:
        return self.rng.choice([0, 0, 1, 2, 5]) if self.gaps else 0

    async def _op(self, op: WBOp) -> tuple[int, bool]:
        res = await self.m.send_cycle([op])
        assert len(res) == 1 and res[0].ack in (1, 2), "no ack and no err"
        return int(res[0].datrd), res[0].ack == 1

    async def try_read(self, offset: int) -> tuple[int, bool]:
        assert offset % 4 == 0, "Wishbone addresses words"
        return await self._op(WBOp(adr=offset >> 2, dat=None, idle=self._idle()))

    async def try_write(self, offset: int, value: int, strobe: int = 0xF) -> bool:
        _, ok = await self._op(WBOp(adr=offset >> 2, dat=value, sel=strobe, idle=self._idle()))
        return ok

    async def read(self, offset: int) -> int:
        value, ok = await self.try_read(offset)
        if not ok:
            raise RefusedError(f"read of 0x{offset:02x} refused")
        return value

    async def write(self, offset: int, value: int) -> None:
        if not await self.try_write(offset, value):
            raise RefusedError(f"write of 0x{offset:02x} refused")


class Env:
    """The wrapper under test, its bus master, the driver and the reference model."""

    def __init__(self, dut):
        cfg = config()
        self.dut = dut
        self.cfg = cfg
        self.bc = bus_core(cfg["bus"], cfg["base"])
        self.params = self.bc.params(cfg["params"])
        self.core = self.bc.core
        self.core_params = self.core.params(self.bc.core_params(self.params))
        self.ciphers = self.core.block_ciphers(self.core_params)
        self.mode = getattr(self.core, "mode", "")
        self.byteorder = models.spec(self.ciphers[0]).byteorder
        self.bs = self.core.block_bits(self.core_params) // 8
        self.rng = random.Random(int(cfg.get("seed", 1)))
        self.port: AxilPort | WbPort | None = None
        self.drv: BusCipher | None = None
        kb = self.core.key_bits(self.core_params)
        self.info = Info(block_bits=8 * self.bs, key_bits=kb,
                         keylen_port=self.core.key_len_port, iv_port=self.core.iv_port,
                         ofifo_log2=self.params["OFIFO_LOG2"])

    async def start(self) -> None:
        d = self.dut
        cocotb.start_soon(Clock(d.clk, CLOCK_NS, unit="ns").start())
        d.rst.value = 1
        await ClockCycles(d.clk, 3)
        # the master drives its outputs from here on (writes to the bus inputs at time 0 left
        # the bridge's inputs undefined on Icarus 11)
        self.port = (AxilPort if self.cfg["bus"] == "axil" else WbPort)(d, self.rng)
        self.drv = BusCipher(self.port, self.byteorder)
        await ClockCycles(d.clk, 2)
        d.rst.value = 0
        await ClockCycles(d.clk, 2)
        assert await self.drv.info() == self.info, "INFO differs from the registry"

    def key_sizes(self) -> list[int]:
        return sorted({n for c in self.ciphers for n in models.spec(c).key_sizes
                       if 8 * n <= self.info.key_bits})

    def model(self, key: bytes):
        name = next(c for c in self.ciphers if len(key) in models.spec(c).key_sizes)
        return models.new(name, key)

    def expect(self, key: bytes, data: bytes, decrypt: bool, iv: bytes | None) -> bytes:
        m = self.model(key)
        if self.mode:
            fn = modes.decrypt if decrypt else modes.encrypt
            return fn(m, self.mode, data, iv, pad=False)
        return b"".join((m.decrypt_block if decrypt else m.encrypt_block)(
            data[i:i + self.bs]) for i in range(0, len(data), self.bs))

    async def run(self, key: bytes, data: bytes, decrypt: bool, iv: bytes | None = None,
                  load_key: bool = True) -> bytes:
        if load_key:
            await self.drv.set_key(key)
        if self.mode:
            await self.drv.set_iv(iv)
        out = await self.drv.process([data[i:i + self.bs] for i in range(0, len(data), self.bs)],
                                     decrypt)
        return b"".join(out)

    async def check(self, key: bytes, data: bytes, decrypt: bool, iv: bytes | None = None,
                    load_key: bool = True) -> None:
        got = await self.run(key, data, decrypt, iv, load_key)
        want = self.expect(key, data, decrypt, iv)
        assert got == want, (f"{'decrypt' if decrypt else 'encrypt'} of {len(data)} bytes "
                             f"with a {len(key)}-byte key: got {got.hex()} want {want.hex()}")

    # -- register-level views ------------------------------------------------------------
    def readable(self) -> list[int]:
        """Every offset a read may touch for this core (KEY, DIN and IV are write-only)."""
        bw = self.info.block_words
        offs = [rm.ID, rm.INFO, rm.STATUS, rm.IRQ_EN, rm.KEYLEN]
        return offs + [rm.DOUT + 4 * i for i in range(bw)]

    async def snapshot(self) -> dict[int, int]:
        return {off: await self.port.read(off) for off in self.readable()}

    def illegal(self) -> list[tuple[str, str, int, int, int]]:
        """(what, "r"/"w", offset, value, strobe): accesses that must be refused now, with the
        wrapper idle and the FIFO empty."""
        bw, kw = self.info.block_words, self.info.key_words
        out = [("read KEY0 (write-only)", "r", rm.KEY, 0, 0xF),
               ("read DIN0 (write-only)", "r", rm.DIN, 0, 0xF),
               (f"read DIN{bw - 1} (write-only)", "r", rm.DIN + 4 * (bw - 1), 0, 0xF),
               ("read CTRL (write-only)", "r", rm.CTRL, 0, 0xF),
               ("write ID (read-only)", "w", rm.ID, 0x12345678, 0xF),
               ("write INFO (read-only)", "w", rm.INFO, 0xFFFFFFFF, 0xF),
               ("write STATUS (read-only)", "w", rm.STATUS, 0xFFFFFFFF, 0xF),
               ("write DOUT0 (read-only)", "w", rm.DOUT, 0xA5A5A5A5, 0xF),
               ("read unmapped 0x18", "r", 0x18, 0, 0xF),
               ("write unmapped 0x1c", "w", 0x1C, 1, 0xF),
               ("read unmapped 0x50", "r", 0x50, 0, 0xF),
               ("write unmapped 0xfc", "w", 0xFC, 1, 0xF),
               ("write DIN0 with a partial strobe", "w", rm.DIN, 0x11223344, 0x3),
               ("write KEY0 with a partial strobe", "w", rm.KEY, 0x11223344, 0xC),
               ("POP with the FIFO empty", "w", rm.CTRL, rm.CTRL_POP, 0xF),
               ("START and POP with the FIFO empty", "w", rm.CTRL,
                rm.CTRL_START | rm.CTRL_POP, 0xF)]
        if kw < rm.KEY_COUNT:
            out += [(f"write KEY{kw} (beyond the key)", "w", rm.KEY + 4 * kw, 7, 0xF)]
        if bw < rm.DIN_COUNT:
            out += [(f"write DIN{bw} (beyond the block)", "w", rm.DIN + 4 * bw, 7, 0xF),
                    (f"read DOUT{bw} (beyond the block)", "r", rm.DOUT + 4 * bw, 0, 0xF)]
        if not self.info.iv_port:
            out += [("write IV0 (no IV)", "w", rm.IV, 5, 0xF),
                    ("read IV0 (no IV)", "r", rm.IV, 0, 0xF),
                    ("IV_LOAD (no IV)", "w", rm.CTRL, rm.CTRL_IV_LOAD, 0xF)]
        else:
            out += [("read IV0 (write-only)", "r", rm.IV, 0, 0xF)]
        if isinstance(self.port, AxilPort):
            out += [("misaligned read 0x21", "r", rm.DIN + 1, 0, 0xF),
                    ("misaligned write 0x22 (one byte)", "w", rm.DIN, 0x99 << 16, 0x4)]
        return out

    async def access(self, rw: str, off: int, value: int = 0,
                     strobe: int = 0xF) -> tuple[int, bool]:
        if rw == "r":
            return await self.port.try_read(off)
        return 0, await self.port.try_write(off, value, strobe)

    async def refused_without_effect(self, what: str, rw: str, off: int, value: int,
                                     strobe: int) -> None:
        """Refused (SLVERR / ERR, read data zero), and no register changed but STATUS.ERR."""
        before = await self.snapshot()
        data, ok = await self.access(rw, off, value, strobe)
        assert not ok, f"{what}: not refused"
        assert data == 0, f"{what}: a refused read returned data"
        after = await self.snapshot()
        assert after[rm.STATUS] & rm.STATUS_ERR, f"{what}: STATUS.ERR not set"
        before[rm.STATUS] |= rm.STATUS_ERR
        assert after == before, f"{what}: registers changed: {before} -> {after}"
        await self.port.write(rm.CTRL, rm.CTRL_ERR_CLR)

    async def cycles_until(self, signal, value: int, limit: int) -> None:
        for _ in range(limit):
            if int(signal.value) == value:
                return
            await RisingEdge(self.dut.clk)
        raise AssertionError(f"{signal._name} not {value} within {limit} cycles")


def _random_key(env: Env, rng: random.Random) -> bytes:
    return rng.randbytes(rng.choice(env.key_sizes()))


@cocotb.test()
async def known_answers(dut):
    """The official vectors through the bus: FIPS-197 Appendix C and a sample of the CAVP
    files (or the SPECK paper's), both directions; SP 800-38A Appendix F for a mode core."""
    env = Env(dut)
    await env.start()
    n = 0
    if env.mode:
        rows = [r for r in vectors.load_table("modes/sp800_38a_appendix_f.txt")
                if r["mode"] == env.mode and f"aes-{r['key_bits']}" in env.ciphers]
        assert rows, f"no SP 800-38A rows for {env.core.name}"
        for r in rows:
            key, iv = bytes.fromhex(r["key"]), bytes.fromhex(r["iv"])
            pt, ct = bytes.fromhex(r["plaintext"]), bytes.fromhex(r["ciphertext"])
            assert await env.run(key, pt, False, iv) == ct, f"SP 800-38A {r['section']} encrypt"
            assert await env.run(key, ct, True, iv, load_key=False) == pt, \
                f"SP 800-38A {r['section']} decrypt"
            n += 1
    else:
        sample = int(env.cfg.get("kat_sample", 24))
        for cipher in env.ciphers:
            for key, pt, ct in kat.spread(kat.kat(cipher), sample):
                assert await env.run(key, pt, False) == ct, f"{cipher} encrypt"
                assert await env.run(key, ct, True, load_key=False) == pt, f"{cipher} decrypt"
                n += 1
    assert n > 0
    dut._log.info("%d known answers passed both ways through the bus", n)


@cocotb.test()
async def random_blocks(dut):
    """Random keys of every length, random messages both ways, random bus back-pressure:
    every result equals the reference model (the host modes for a mode core)."""
    env = Env(dut)
    await env.start()
    env.port.backpressure(True)
    rng = random.Random(int(env.cfg.get("seed", 1)) + 1)
    total, done = int(env.cfg.get("random_blocks", 300)), 0
    key = _random_key(env, rng)
    load = True
    while done < total:
        if rng.random() < 0.3:
            key, load = _random_key(env, rng), True
        n = rng.choice([1, 2, 5, 12])
        iv = rng.randbytes(env.bs) if env.mode else None
        await env.check(key, rng.randbytes(n * env.bs), rng.random() < 0.5, iv, load)
        load = False
        done += n
    dut._log.info("%d random blocks matched the model", done)


@cocotb.test()
async def register_patterns(dut):
    """Random accesses to every register with random back-pressure (on AXI4-Lite, a second
    reader runs at the same time on the read channels): read-write registers read back what
    was written, write-only ones take writes, constants read right, refused accesses refused,
    irq follows IRQ_EN."""
    env = Env(dut)
    await env.start()
    env.port.backpressure(True)
    rng = random.Random(int(env.cfg.get("seed", 1)) + 2)
    bw, kw = env.info.block_words, env.info.key_words
    shadow = {rm.IRQ_EN: 0, rm.KEYLEN: 0}
    write_only = [rm.KEY + 4 * i for i in range(kw)] + [rm.DIN + 4 * i for i in range(bw)]
    if env.info.iv_port:
        write_only += [rm.IV + 4 * i for i in range(bw)]
    masks = {rm.IRQ_EN: 0x7, rm.KEYLEN: 0x7F}
    info = await env.port.read(rm.INFO)
    bad = [x for x in env.illegal() if x[2] != rm.CTRL]
    err = False
    stop = False

    async def second_reader():
        k = 0
        while not stop:
            assert await env.port.read(rm.ID) == rm.ID_VALUE
            assert await env.port.read(rm.INFO) == info
            k += 1
        return k

    reader = cocotb.start_soon(second_reader()) if isinstance(env.port, AxilPort) else None
    counts = {"write": 0, "read": 0, "refused": 0, "key": 0}
    for _ in range(int(env.cfg.get("register_ops", 400))):
        pick = rng.random()
        if pick < 0.3:
            off = rng.choice(list(shadow))
            value = rng.getrandbits(32)
            await env.port.write(off, value)
            shadow[off] = value & masks.get(off, 0xFFFFFFFF)
            counts["write"] += 1
        elif pick < 0.6:
            off = rng.choice(list(shadow))
            got = await env.port.read(off)
            assert got == shadow[off], f"0x{off:02x} reads 0x{got:x}, wrote 0x{shadow[off]:x}"
            counts["read"] += 1
        elif pick < 0.7:
            await env.port.write(rng.choice(write_only), rng.getrandbits(32))
            counts["key"] += 1
        elif pick < 0.85:
            what, rw, off, value, strobe = rng.choice(bad)
            data, ok = await env.access(rw, off, value, strobe)
            assert not ok and data == 0, f"{what}: not refused"
            err = True
            counts["refused"] += 1
        elif pick < 0.9:
            await env.port.write(rm.CTRL, rm.CTRL_ERR_CLR)
            err = False
        else:
            off = rng.choice([rm.STATUS, rm.DOUT + 4 * rng.randrange(bw), rm.ID])
            got = await env.port.read(off)
            want = {rm.STATUS: rm.STATUS_IN_READY | (rm.STATUS_ERR if err else 0),
                    rm.ID: rm.ID_VALUE}.get(off, 0)
            assert got == want, f"0x{off:02x} reads 0x{got:x}, expected 0x{want:x}"
        await ClockCycles(dut.clk, 2)
        irq_en = shadow[rm.IRQ_EN]
        want_irq = bool(irq_en & rm.IRQ_EN_IN_READY) or bool(irq_en & rm.IRQ_EN_ERR and err)
        assert int(dut.irq.value) == want_irq, f"irq {int(dut.irq.value)} with IRQ_EN {irq_en}"
    stop = True
    extra = await reader if reader is not None else 0
    assert min(counts.values()) > 0, counts
    dut._log.info("register accesses %s, %d concurrent reads", counts, 2 * extra)


async def _stable(env: Env, reads: int = 30) -> int:
    """STATUS, read ``reads`` times in a row unchanged (nothing moves any more)."""
    st = await env.port.read(rm.STATUS)
    for _ in range(reads):
        again = await env.port.read(rm.STATUS)
        assert again == st, f"STATUS moved: 0x{st:x} -> 0x{again:x}"
    return st


async def _fill(env: Env) -> int:
    """START zero blocks without popping until the FIFO is full and the input stays pending
    (the core stalled behind the FIFO); return the blocks started."""
    started = 0
    depth = 1 << env.info.ofifo_log2
    same = 0
    for _ in range(10_000):
        st = await env.port.read(rm.STATUS)
        level = (st >> rm.STATUS_OUT_LEVEL_SHIFT) & rm.STATUS_OUT_LEVEL_MASK
        if st & rm.STATUS_IN_READY:
            await env.port.write(rm.CTRL, rm.CTRL_START)
            started += 1
            same = 0
        elif level == depth:
            same += 1
            if same == 30:  # longer than any latency: the input stays pending
                await _stable(env)
                return started
    raise AssertionError("the input never stayed pending")


async def _dout(env: Env) -> int:
    ws = [await env.port.read(rm.DOUT + 4 * i) for i in range(env.info.block_words)]
    return sum(w << (32 * (len(ws) - 1 - i)) for i, w in enumerate(ws))


@cocotb.test()
async def refused_accesses(dut):
    """Every illegal access answered SLVERR / ERR with no effect: no register changes but
    STATUS.ERR, and the key in the core is still the one loaded (its known answer after)."""
    env = Env(dut)
    await env.start()
    cipher = env.ciphers[0]
    key, pt, ct = kat.kat(cipher)[0] if not env.mode else (
        bytes(range(env.key_sizes()[0])), bytes(env.bs), None)
    await env.drv.set_key(key)
    if env.mode:
        iv = bytes(env.bs)
        await env.drv.set_iv(iv)
    await env.port.write(rm.IRQ_EN, rm.IRQ_EN_OUT_VALID)
    await env.port.write(rm.DIN, 0x0BADF00D)
    cases = env.illegal()
    for what, rw, off, value, strobe in cases:
        await env.refused_without_effect(what, rw, off, value, strobe)
    # with an input block pending and the FIFO full: START, DIN, KEY_LOAD, IV_LOAD refused
    for i in range(env.info.block_words):
        await env.port.write(rm.DIN + 4 * i, 0)
    started = await _fill(env)
    locked = [("START while the input is pending", "w", rm.CTRL, rm.CTRL_START, 0xF),
              ("write DIN0 while the input is pending", "w", rm.DIN, 1, 0xF),
              ("KEY_LOAD while the input is pending", "w", rm.CTRL, rm.CTRL_KEY_LOAD, 0xF)]
    if env.info.iv_port:
        locked += [("IV_LOAD while the input is pending", "w", rm.CTRL, rm.CTRL_IV_LOAD, 0xF)]
    for case in locked:
        await env.refused_without_effect(*case)
    # one pop lets the pending block in; then a key load waits behind the stalled core
    # (aes_iter and speck_iter wait for their round engine, which waits for the FIFO)
    results = [await _dout(env)]
    await env.port.write(rm.CTRL, rm.CTRL_POP)
    await env.drv.wait(rm.STATUS_IN_READY, rm.STATUS_IN_READY)
    await env.drv.set_key(key)  # staged again: the first load's handshake wiped KEY
    key_locked = 0
    # a core that takes the key at once (a mode core between blocks) is not locked
    st = await env.port.read(rm.STATUS)
    for _ in range(30):
        st = await env.port.read(rm.STATUS)
    if st & rm.STATUS_KEY_PEND:
        await _stable(env)
        for case in [("write KEY0 while KEY_PEND", "w", rm.KEY, 0xFFFFFFFF, 0xF),
                     ("write KEYLEN while KEY_PEND", "w", rm.KEYLEN, 1, 0xF),
                     ("KEY_LOAD while KEY_PEND", "w", rm.CTRL, rm.CTRL_KEY_LOAD, 0xF)]:
            await env.refused_without_effect(*case)
            key_locked += 1
    if env.cfg.get("expect_key_lock"):
        assert key_locked, "the key load was taken at once: the KEY_PEND lock is not tested"
    # drain: every block started is a zero block under the key loaded above
    for _ in range(started - 1):
        st = await env.drv.wait(rm.STATUS_OUT_VALID, rm.STATUS_OUT_VALID)
        results.append(await _dout(env))
        await env.port.write(rm.CTRL, rm.CTRL_POP)
    st = await env.drv.wait(rm.STATUS_BUSY, 0)
    assert not st & rm.STATUS_OUT_VALID, "more results than blocks started"
    if not env.mode:
        zero = int.from_bytes(env.expect(key, bytes(env.bs), False, None), env.byteorder)
        assert results == [results[0]] * len(results) and results[0] == zero, \
            "blocks started before the refused accesses came out wrong"
        # the key (reloaded from KEY by the pending load) is unchanged by the refused writes
        assert await env.run(key, pt, False, load_key=False) == ct, "the key changed"
    else:
        want = env.expect(key, bytes(env.bs * len(results)), False, iv)
        got = b"".join(r.to_bytes(env.bs, env.byteorder) for r in results)
        assert got == want, "blocks started before the refused accesses came out wrong"
        await env.check(key, bytes(range(2 * env.bs)), False, iv, load_key=False)
    dut._log.info("%d refused accesses without effect (%d with the input pending, %d with "
                  "a key load pending)", len(cases) + len(locked) + key_locked, len(locked),
                  key_locked)


@cocotb.test()
async def interrupt(dut):
    """irq is a level: high while an enabled condition holds (a result in the FIFO, the input
    free, STATUS.ERR), low otherwise, never with IRQ_EN zero."""
    env = Env(dut)
    await env.start()
    irq = dut.irq
    if env.mode:
        await env.drv.set_iv(bytes(env.bs))
    await ClockCycles(dut.clk, 2)
    assert int(irq.value) == 0, "irq high after reset"
    # a result with the interrupt off: no irq
    await env.port.write(rm.CTRL, rm.CTRL_START)
    await env.drv.wait(rm.STATUS_OUT_VALID, rm.STATUS_OUT_VALID)
    await ClockCycles(dut.clk, 3)
    assert int(irq.value) == 0, "irq with IRQ_EN zero"
    # enabling it with a result waiting raises irq; POP lowers it
    await env.port.write(rm.IRQ_EN, rm.IRQ_EN_OUT_VALID)
    await env.cycles_until(irq, 1, 3)
    await env.port.write(rm.CTRL, rm.CTRL_POP)
    await env.cycles_until(irq, 0, 3)
    # the next result raises it by itself, within the core's latency and a few cycles
    await env.port.write(rm.CTRL, rm.CTRL_START)
    lat = env.core.cycles(env.core_params)["latency"] + env.core.cycles(
        env.core_params)["key_setup"]
    if not int(irq.value):
        await First(RisingEdge(irq), Timer((lat + 200) * CLOCK_NS, unit="ns"))
    assert int(irq.value) == 1, f"no irq for a result within {lat + 200} cycles"
    st = await env.port.read(rm.STATUS)
    assert st & rm.STATUS_OUT_VALID and (st >> rm.STATUS_OUT_LEVEL_SHIFT) & 0xFF == 1
    await env.port.write(rm.CTRL, rm.CTRL_POP)
    await env.cycles_until(irq, 0, 3)
    # input free
    await env.port.write(rm.IRQ_EN, rm.IRQ_EN_IN_READY)
    await env.cycles_until(irq, 1, 3)
    await env.port.write(rm.IRQ_EN, 0)
    await env.cycles_until(irq, 0, 3)
    # errors
    await env.port.write(rm.IRQ_EN, rm.IRQ_EN_ERR)
    await ClockCycles(dut.clk, 3)
    assert int(irq.value) == 0
    _, ok = await env.port.try_read(rm.KEY)
    assert not ok
    await env.cycles_until(irq, 1, 3)
    await env.port.write(rm.CTRL, rm.CTRL_ERR_CLR)
    await env.cycles_until(irq, 0, 3)
    dut._log.info("irq followed OUT_VALID, IN_READY and ERR")


@cocotb.test()
async def clear_wipes(dut):
    """CLEAR wipes DIN, IV, KEYLEN, KEY, the FIFO and the error, and resets the core: the next
    block (a START without DIN written) is the zero block under the zero key, and a key load of
    the KEY registers loads zeros."""
    env = Env(dut)
    await env.start()
    rng = random.Random(int(env.cfg.get("seed", 1)) + 3)
    key = rng.randbytes(env.key_sizes()[-1])
    iv = rng.randbytes(env.bs) if env.mode else None
    await env.check(key, rng.randbytes(2 * env.bs), False, iv)
    bw = env.info.block_words
    await env.port.write(rm.CTRL, rm.CTRL_START)  # a block left in the FIFO
    await env.drv.wait(rm.STATUS_OUT_VALID, rm.STATUS_OUT_VALID)
    # staged but never taken: a block, an IV, a key and its length
    for i, w in enumerate(words(rng.getrandbits(8 * env.bs) | 1, bw)):
        await env.port.write(rm.DIN + 4 * i, w)
    if env.mode:
        for i in range(bw):
            await env.port.write(rm.IV + 4 * i, rng.getrandbits(32) | 1)
    for i in range(env.info.key_words):
        await env.port.write(rm.KEY + 4 * i, rng.getrandbits(32) | 1)
    await env.port.write(rm.KEYLEN, env.key_sizes()[-1])
    await env.port.write(rm.IRQ_EN, rm.IRQ_EN_OUT_VALID)
    await env.port.try_read(rm.KEY)  # sets STATUS.ERR
    await env.port.write(rm.CTRL, rm.CTRL_CLEAR)
    snap = await env.snapshot()
    assert snap[rm.STATUS] == rm.STATUS_IN_READY, f"STATUS 0x{snap[rm.STATUS]:x} after CLEAR"
    assert snap[rm.IRQ_EN] == rm.IRQ_EN_OUT_VALID, "CLEAR keeps IRQ_EN"
    wiped = {o: v for o, v in snap.items() if o not in (rm.ID, rm.INFO, rm.STATUS, rm.IRQ_EN)}
    assert not any(wiped.values()), f"not wiped: {wiped}"
    assert int(dut.irq.value) == 0
    # the core's key is zero (the shortest key; rule 5), IV zero, DIN zero
    zero_iv = bytes(env.bs) if env.mode else None
    zero = bytes(env.key_sizes()[0])
    if env.mode:
        await env.port.write(rm.CTRL, rm.CTRL_IV_LOAD)  # the wiped IV registers
    await env.port.write(rm.CTRL, rm.CTRL_START)  # the wiped DIN registers
    await env.drv.wait(rm.STATUS_OUT_VALID, rm.STATUS_OUT_VALID)
    got = (await _dout(env)).to_bytes(env.bs, env.byteorder)
    await env.port.write(rm.CTRL, rm.CTRL_POP)
    assert got == env.expect(zero, bytes(env.bs), False, zero_iv), "not zeros after CLEAR"
    data = rng.randbytes(3 * env.bs)
    if env.mode:
        await env.port.write(rm.CTRL, rm.CTRL_IV_LOAD)  # zero again: taken IVs are wiped
        got = b"".join(await env.drv.process([data[i:i + env.bs]
                                              for i in range(0, len(data), env.bs)]))
        assert got == env.expect(zero, data, False, zero_iv), "not the zero key after CLEAR"
    else:
        await env.check(zero, data, False, load_key=False)
    # a key load of the wiped KEY registers, at the longest length, is the zero key
    longest = bytes(env.key_sizes()[-1])
    await env.port.write(rm.KEYLEN, len(longest))
    await env.port.write(rm.CTRL, rm.CTRL_KEY_LOAD)
    await env.check(longest, data, True, zero_iv, load_key=False)
    dut._log.info("CLEAR wiped the registers and the core's key")


async def _key_taken(env: Env) -> None:
    await env.drv.wait(rm.STATUS_KEY_PEND, 0)
    assert await env.port.read(rm.KEYLEN) == 0, "KEYLEN kept after the core took the key"


@cocotb.test()
async def key_staging_wiped(dut):
    """Once the core has taken a key nothing of it is left in the wrapper:
    KEYLEN reads zero and KEY_LOAD without new key words loads the zero key at the shortest
    length. So a master that cannot read KEY can neither cut a loaded key short with KEYLEN nor
    recover it a word at a time (one word replaced, reloaded, outputs compared): the rest of
    the key is zero, not the old key's words."""
    env = Env(dut)
    await env.start()
    rng = random.Random(int(env.cfg.get("seed", 1)) + 4)
    sizes = env.key_sizes()
    key = rng.randbytes(sizes[-1])
    iv = rng.randbytes(env.bs) if env.mode else None
    data = rng.randbytes(2 * env.bs)
    await env.check(key, data, False, iv)
    await _key_taken(env)
    # a reload with nothing written: the zero key, not the old one
    await env.port.write(rm.CTRL, rm.CTRL_KEY_LOAD)
    await env.check(bytes(sizes[0]), data, False, iv, load_key=False)
    await _key_taken(env)
    # the longest key loaded, KEYLEN then set to the shortest and reloaded: the zero key,
    # not the loaded key's first bytes
    await env.drv.set_key(key)
    await _key_taken(env)
    await env.port.write(rm.KEYLEN, sizes[0])
    await env.port.write(rm.CTRL, rm.CTRL_KEY_LOAD)
    await env.check(bytes(sizes[0]), data, True, iv, load_key=False)
    # one word replaced and reloaded equals that word alone with zeros (written explicitly)
    guess = rng.getrandbits(32)
    outs = []
    for explicit in (False, True):
        await env.drv.set_key(key)
        await _key_taken(env)
        for i in range(env.info.key_words if explicit else 1):
            await env.port.write(rm.KEY + 4 * i, guess if i == 0 else 0)
        await env.port.write(rm.KEYLEN, sizes[-1])
        await env.port.write(rm.CTRL, rm.CTRL_KEY_LOAD)
        outs.append(await env.run(key, data, False, iv, load_key=False))
    assert outs[0] == outs[1], "a reload with one new word used the old key's other words"
    assert outs[0] != env.expect(key, data, False, iv)
    dut._log.info("the key staging was zero after each load")


@cocotb.test()
async def data_and_iv_wiped(dut):
    """DIN and IV are write-only (reads refused, zero) and zero once the core took them: a
    second START without new DIN words processes the zero block, a second
    IV_LOAD without new IV words loads the zero IV."""
    env = Env(dut)
    await env.start()
    rng = random.Random(int(env.cfg.get("seed", 1)) + 5)
    key = rng.randbytes(env.key_sizes()[-1])
    await env.drv.set_key(key)
    iv = rng.randbytes(env.bs) if env.mode else None
    if env.mode:
        await env.drv.set_iv(iv)
    block = rng.randbytes(env.bs)
    for i, w in enumerate(words(int.from_bytes(block, env.byteorder), env.info.block_words)):
        await env.port.write(rm.DIN + 4 * i, w)
    for off in [rm.DIN, *([rm.IV] if env.mode else [])]:
        data, ok = await env.port.try_read(off)
        assert not ok and data == 0, f"0x{off:02x} readable"
    await env.port.write(rm.CTRL, rm.CTRL_ERR_CLR)
    outs = []
    for _ in range(2):  # the second START: DIN not written again
        await env.drv.wait(rm.STATUS_IN_READY, rm.STATUS_IN_READY)
        await env.port.write(rm.CTRL, rm.CTRL_START)
        await env.drv.wait(rm.STATUS_OUT_VALID, rm.STATUS_OUT_VALID)
        outs.append((await _dout(env)).to_bytes(env.bs, env.byteorder))
        await env.port.write(rm.CTRL, rm.CTRL_POP)
    want = env.expect(key, block + bytes(env.bs), False, iv)
    assert b"".join(outs) == want, "DIN kept the block after the core took it"
    if env.mode:
        await env.drv.wait(rm.STATUS_BUSY, 0)
        await env.port.write(rm.CTRL, rm.CTRL_IV_LOAD)  # IV not written again
        got = await env.drv.process([block])
        assert got[0] == env.expect(key, block, False, bytes(env.bs)), \
            "IV kept the IV after the core took it"
    dut._log.info("DIN and IV were zero once taken")
