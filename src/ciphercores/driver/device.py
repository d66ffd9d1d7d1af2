# SPDX-License-Identifier: Apache-2.0
"""The device: one RTL core instance as a block cipher object.

A :class:`Device` speaks bytes and blocks; its transport speaks the core's ports. It has the
block-cipher surface of :mod:`ciphercores.modes` (``block_size``, ``encrypt_block``,
``decrypt_block`` and the batch methods ``encrypt_blocks``/``decrypt_blocks``), so
``modes.encrypt(dev, "ctr", data, iv)`` streams every counter block through the core in one
call.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import models
from ..cores import Core, Params
from ..errors import BlockSizeError, DriverError, IVSizeError, UnsupportedCipherError
from .transport import Transport

#: transfers per transport call: bounds memory per call and paces progress reports
CHUNK = 1 << 16


@dataclass
class Cycles:
    """Clock cycles of the core as the transport counted them."""

    last: int = 0  # the last process() call (or key load)
    total: int = 0  # since the device was opened, key loads and resets included
    key: int = 0  # the last key load (handshake + key setup)
    blocks: int = 0  # blocks processed since the device was opened
    seconds: float = 0.0  # wall time spent inside the transport (streams and keys)

    @property
    def rate(self) -> float:
        """Simulated (or real) clock cycles per wall-clock second."""
        return self.total / self.seconds if self.seconds else 0.0


class Device:
    """One core instance. Use through :func:`ciphercores.open_core`."""

    def __init__(self, transport: Transport, *, idle: float = 0.0, backpressure: float = 0.0,
                 seed: int | None = None):
        self.transport = transport
        self.core: Core = transport.core
        self.params: Params = transport.params
        self.layout = transport.layout
        self.ciphers = self.layout.ciphers
        self.cipher = self.ciphers[0]  # until a key picks one
        self.block_size = self.layout.block_bytes
        #: the mode a hardware mode core (MODE(CORE)) runs, else None (the core is ECB)
        self.mode: str | None = getattr(self.core, "mode", "") or None
        self.cycles = Cycles()
        self.idle = idle
        self.backpressure = backpressure
        self.seed = seed if seed is not None else 1
        self._calls = 0
        self._keyed = False
        self._iv_loaded = False  # mode cores: a message was started since the last reset
        #: called with the number of blocks done so far in the current process() call
        self.progress: Callable[[int, int], None] | None = None
        self._account(transport.reset(), 0.0)

    # -- bookkeeping -------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The cipher name (what error messages of the modes call this object)."""
        return self.cipher

    def _account(self, cycles: int, seconds: float) -> None:
        self.cycles.last = cycles
        self.cycles.total += cycles
        self.cycles.seconds += seconds

    def describe(self) -> str:
        return self.transport.describe()

    # -- keys --------------------------------------------------------------------------
    def set_key(self, key: bytes, cipher: str | None = None) -> None:
        """Load ``key`` (bytes, as the cipher's standard writes them). On cores with several
        ciphers for these parameters (e.g. AES key lengths) the key length picks the cipher,
        or ``cipher`` names it. The key is not kept on the host side."""
        key = bytes(key)
        self.cipher = self.layout.cipher_for_key(key, cipher)
        t0 = time.perf_counter()
        self._keyed = False
        cycles = self.transport.load_key(key)
        self._account(cycles, time.perf_counter() - t0)
        self.cycles.key = cycles
        self._keyed = True

    def set_iv(self, iv: bytes) -> None:
        """Start a new message on a hardware mode core: load its IV (one block, the cipher's
        byte order). The blocks of the following process() calls are chained from it."""
        if not self.mode:
            raise DriverError(f"{self.core.name} is a block cipher core (no IV): use a "
                              f"MODE(CORE) core, or the host modes")
        iv = bytes(iv)
        if len(iv) != self.block_size:
            raise IVSizeError(f"{self.cipher}-{self.mode}", len(iv), self.block_size)
        t0 = time.perf_counter()
        try:
            cycles = self.transport.load_iv(iv)
        except DriverError:
            self._keyed = self._iv_loaded = False
            raise
        self._account(cycles, time.perf_counter() - t0)
        self._iv_loaded = True

    def clear_key(self) -> None:
        """Reset the core: it empties and wipes every key register (docs/interface.md)."""
        t0 = time.perf_counter()
        self._account(self.transport.reset(), time.perf_counter() - t0)
        self._keyed = self._iv_loaded = False

    # -- blocks ------------------------------------------------------------------------
    def process(self, blocks: Sequence[bytes], decrypt: bool = False) -> list[bytes]:
        """Encrypt (or decrypt) every block of ``blocks`` through the core, in order."""
        if not self._keyed:
            raise DriverError(f"{self.core.name}: set_key() before process()")
        if self.mode and not self._iv_loaded:
            raise DriverError(f"{self.core.name}: set_iv() before process() (starts a message)")
        if decrypt and not self.core.decrypts(self.params):
            raise UnsupportedCipherError(
                f"{self.core.name} with DECRYPT=0 encrypts only: it cannot decrypt "
                f"{self.cipher}{'-' + self.mode if self.mode else ''} (load the core with "
                "DECRYPT=1, or use a mode that runs the cipher forward both ways: CTR, OFB, "
                "CFB)")
        n = len(blocks)
        if n == 0:
            self.cycles.last = 0
            return []
        bs = self.block_size
        data = b"".join(blocks)
        if len(data) != n * bs:
            for i, b in enumerate(blocks):
                if len(b) != bs:
                    raise BlockSizeError(f"{self.cipher} block #{i}", len(b), bs)
        lanes = self.layout.lanes
        pad = -n % lanes
        if pad:  # a partial last transfer on a multi-lane core: fill it, drop the extra
            data += bytes(pad * bs)
        step = CHUNK * lanes * bs
        out: list[bytes] = []
        cycles = 0
        t0 = time.perf_counter()
        for off in range(0, len(data), step):
            self._calls += 1
            try:
                res, c = self.transport.stream(
                    data[off:off + step], decrypt, idle=self.idle,
                    backpressure=self.backpressure, seed=self.seed * 1_000_003 + self._calls)
            except DriverError:
                # the transport reset the core: its key and chaining state are gone
                self._keyed = self._iv_loaded = False
                raise
            cycles += c
            out.append(res)
            if self.progress is not None:
                self.progress(min(n, (off + step) // bs), n)
        self._account(cycles, time.perf_counter() - t0)
        self.cycles.blocks += n
        raw = b"".join(out)
        return [raw[i:i + bs] for i in range(0, n * bs, bs)]

    # the block-cipher surface of ciphercores.modes (a mode core is not a block cipher)
    def _ecb(self) -> None:
        if self.mode:
            raise DriverError(f"{self.core.name} runs {self.mode.upper()} in hardware, it is "
                              "not a block cipher: use driver.run_mode (or process after "
                              "set_iv)")

    def encrypt_blocks(self, blocks: Sequence[bytes]) -> list[bytes]:
        self._ecb()
        return self.process(blocks, decrypt=False)

    def decrypt_blocks(self, blocks: Sequence[bytes]) -> list[bytes]:
        self._ecb()
        return self.process(blocks, decrypt=True)

    def encrypt_block(self, block: bytes) -> bytes:
        self._ecb()
        return self.process([block], decrypt=False)[0]

    def decrypt_block(self, block: bytes) -> bytes:
        self._ecb()
        return self.process([block], decrypt=True)[0]

    def model(self, key: bytes) -> models.BlockCipher:
        """The reference model of this device's cipher for ``key`` (for checks)."""
        return models.new(self.layout.cipher_for_key(bytes(key)), key)

    # -- life cycle --------------------------------------------------------------------
    def close(self) -> None:
        """Reset the core (no key survives) and release the transport. Idempotent."""
        self._keyed = False
        self.transport.close()

    def __enter__(self) -> Device:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
