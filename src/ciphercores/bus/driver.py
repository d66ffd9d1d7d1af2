# SPDX-License-Identifier: Apache-2.0
"""A core behind a bus wrapper, driven through its registers (docs/bus.md): keys, IVs and
blocks as bytes, laid out on the core's ports as docs/interface.md says.

``bus`` is any object with ``async read(offset) -> int`` and ``async write(offset, value)``
(byte offsets) that raise on an error response: the cocotb masters of the tests, or a host
transport. A blocking transport runs the same code through :func:`run_sync`.
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from ..driver.layout import key_port_value
from ..errors import DriverError
from . import regmap as rm


def words(value: int, n: int) -> list[int]:
    """``value`` zero-extended to ``n`` 32-bit words, most significant word first (the order
    of the KEY, DIN, DOUT and IV registers)."""
    return [(value >> (32 * (n - 1 - i))) & 0xFFFFFFFF for i in range(n)]


def join(ws: Sequence[int]) -> int:
    """The inverse of :func:`words`."""
    value = 0
    for w in ws:
        value = (value << 32) | w
    return value


def field(value: int, shift: int, mask: int) -> int:
    return (value >> shift) & mask


@dataclass(frozen=True)
class Info:
    """What the INFO register says about the core behind the wrapper."""

    block_bits: int
    key_bits: int
    keylen_port: bool
    iv_port: bool
    ofifo_log2: int

    @classmethod
    def decode(cls, value: int) -> Info:
        return cls(block_bits=field(value, rm.INFO_BLOCK_BITS_SHIFT, rm.INFO_BLOCK_BITS_MASK),
                   key_bits=field(value, rm.INFO_KEY_BITS_SHIFT, rm.INFO_KEY_BITS_MASK),
                   keylen_port=bool(value & rm.INFO_KEYLEN_PORT),
                   iv_port=bool(value & rm.INFO_IV_PORT),
                   ofifo_log2=field(value, rm.INFO_OFIFO_LOG2_SHIFT, rm.INFO_OFIFO_LOG2_MASK))

    @property
    def block_words(self) -> int:
        return -(-self.block_bits // 32)

    @property
    def key_words(self) -> int:
        return -(-self.key_bits // 32)


class BusCipher:
    """Keys, IVs and blocks through the registers. ``byteorder`` is the cipher's
    (``models.spec(cipher).byteorder``): "big" for AES, DES, Blowfish, "little" for SPECK."""

    def __init__(self, bus: Any, byteorder: str = "big", poll_limit: int = 100_000):
        self.regs = rm.Regs(bus)
        self.byteorder = byteorder
        self.poll_limit = poll_limit
        self._info: Info | None = None

    async def info(self) -> Info:
        """Check the ID register and read INFO (once)."""
        if self._info is None:
            ident = await self.regs.read_id()
            if ident != rm.ID_VALUE:
                raise DriverError(f"no ciphercores bus wrapper here: ID reads 0x{ident:08x}, "
                                  f"not 0x{rm.ID_VALUE:08x}")
            self._info = Info.decode(await self.regs.read_info())
        return self._info

    async def wait(self, mask: int, want: int) -> int:
        """Read STATUS until ``STATUS & mask == want``; return it."""
        for _ in range(self.poll_limit):
            st = await self.regs.read_status()
            if st & mask == want:
                return st
        raise DriverError(f"STATUS & 0x{mask:x} never became 0x{want:x} "
                          f"({self.poll_limit} reads)")

    async def set_key(self, key: bytes) -> None:
        """Load ``key`` (its length picks the cipher on a core with a key length port). Blocks
        started afterwards use it; blocks already taken by the core finish with the old one."""
        info = await self.info()
        value = key_port_value(self.byteorder, info.key_bits, key)
        await self.wait(rm.STATUS_KEY_PEND | rm.STATUS_IN_READY, rm.STATUS_IN_READY)
        for i, w in enumerate(words(value, info.key_words)):
            await self.regs.write_key(i, w)
        if info.keylen_port:
            await self.regs.write_keylen(len(key))
        await self.regs.write_ctrl(rm.CTRL_KEY_LOAD)

    async def set_iv(self, iv: bytes) -> None:
        """Start a new message with ``iv`` (a mode core)."""
        info = await self.info()
        if not info.iv_port:
            raise DriverError("this core has no IV (not a mode core)")
        await self.wait(rm.STATUS_IV_PEND | rm.STATUS_IN_READY, rm.STATUS_IN_READY)
        for i, w in enumerate(words(int.from_bytes(iv, self.byteorder), info.block_words)):
            await self.regs.write_iv(i, w)
        await self.regs.write_ctrl(rm.CTRL_IV_LOAD)

    async def process(self, blocks: Sequence[bytes], decrypt: bool = False) -> list[bytes]:
        """Encrypt (or decrypt) ``blocks``: each one started as soon as the input is free,
        each result read and popped as soon as it is there; results in order."""
        info = await self.info()
        nbytes = info.block_bits // 8
        out: list[bytes] = []
        sent = 0
        start = rm.CTRL_START | (rm.CTRL_DECRYPT if decrypt else 0)
        for _ in range(self.poll_limit * max(1, len(blocks))):
            if len(out) == len(blocks):
                return out
            st = await self.regs.read_status()
            if sent < len(blocks) and st & rm.STATUS_IN_READY:
                value = int.from_bytes(blocks[sent], self.byteorder)
                for i, w in enumerate(words(value, info.block_words)):
                    await self.regs.write_din(i, w)
                await self.regs.write_ctrl(start)
                sent += 1
            if st & rm.STATUS_OUT_VALID:
                ws = [await self.regs.read_dout(i) for i in range(info.block_words)]
                await self.regs.write_ctrl(rm.CTRL_POP)
                out.append(join(ws).to_bytes(nbytes, self.byteorder))
        raise DriverError(f"{len(blocks) - len(out)} of {len(blocks)} blocks never came out")

    async def clear(self) -> None:
        """CLEAR: wipe key, IV, data and FIFO, and reset the core (its key becomes zero)."""
        await self.regs.write_ctrl(rm.CTRL_CLEAR)


def run_sync(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine of this driver over a bus whose ``read``/``write`` never suspend (a
    blocking transport wrapped in ``async def``): ``run_sync(cipher.process(blocks))``."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise DriverError("the bus suspended: use an event loop for an asynchronous bus")
