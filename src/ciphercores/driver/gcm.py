# SPDX-License-Identifier: Apache-2.0
"""Whole GCM messages through a GCM core ``gcm(CORE)`` (docs/interface.md, "GCM cores").

    with ciphercores.open_core("gcm(aes_iter)") as dev:      # a GcmDevice
        dev.set_key(key)
        ct, tag = gcm_encrypt(dev, iv, data, aad)
        pt = gcm_decrypt(dev, iv, ct, tag, aad)             # AuthenticationError on a bad tag
        s = gcm_stream(dev, iv, aad, decrypt=True)          # a message in pieces
        out = s.update(piece1) + s.update(piece2) + s.finish(last)

Everything GCM does runs in the RTL: H, J0 (from a 12-byte IV directly, from any other length
through the core's GHASH), the counter blocks, GHASH, the tag, and on decryption the tag check,
whose verdict beat decides. The host only cuts the bytes into beats (16 bytes, ``tkeep`` on a
packet's last beat, ``tlast``, ``tuser``: direction and packet) and checks that every beat
comes back as the interface says. :class:`GcmStream` has the shape of
:class:`ciphercores.modes.GcmStream` (``update``, ``finish``, ``expect``, ``checks_at_end``),
so a front end streams either the same way; the data packet goes in as the pieces come, only
its last beat (held back until :meth:`GcmStream.finish`) carries ``tlast``, so no length is
needed up front and a message may be larger than memory.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import NoReturn

from .. import modes
from ..cores.gcmcore import MAX_BYTES
from ..errors import DataLengthError, DriverError
from .device import CHUNK, Device
from .layout import Beat, keep_of

#: tuser[2:1] of a beat: the packet (AAD, data and tag in; data, tag and verdict out)
AAD, DATA, TAG, VERDICT = 0, 1, 2, 3
#: SP 800-38D's most data bytes in one message, as the host's GCM (the engine counts up to
#: MAX_BYTES)
MAX_DATA = modes.GCM_MAX_DATA


def packet(data: bytes, kind: int = 0, decrypt: bool = False, iv: bool = False
           ) -> list[Beat]:
    """The beats of one whole packet: 16 bytes a beat, the last one's ``tkeep`` keeping what
    is left, ``tlast`` on it; an empty packet is one beat keeping nothing."""
    beats = _beats(data, kind, decrypt, iv, last=True)
    return beats or [Beat(bytes(16), 0, True, (kind << 1) | decrypt, iv)]


def _beats(data: bytes, kind: int, decrypt: bool, iv: bool = False,
           last: bool = False) -> list[Beat]:
    """``data`` as beats of a packet; ``tlast`` on the final one if ``last``."""
    user = (kind << 1) | int(decrypt)
    out = []
    for off in range(0, len(data), 16):
        piece = data[off:off + 16]
        out.append(Beat(piece + bytes(16 - len(piece)), keep_of(len(piece)),
                        last and off + 16 >= len(data), user, iv))
    return out


class GcmDevice(Device):
    """A GCM core: :meth:`set_key`, then messages (:func:`gcm_stream`, :func:`gcm_encrypt`,
    :func:`gcm_decrypt`), one at a time, back to back. Not a block cipher: ``process`` and
    the block methods refuse. Use through :func:`ciphercores.open_core`."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mode = "gcm"
        self._open: GcmStream | None = None  # the message the core is in the middle of

    def set_key(self, key: bytes, cipher: str | None = None) -> None:
        """Load ``key``; taken between messages only (docs/interface.md, rule 1)."""
        self._no_open_message("set_key()")
        super().set_key(key, cipher)

    def set_iv(self, iv: bytes) -> None:
        raise DriverError(f"{self.core.name} takes the IV with each message: "
                          "gcm_stream(dev, iv, aad, ...)")

    def clear_key(self) -> None:
        super().clear_key()
        self._open = None  # the reset dropped it

    def _ecb(self) -> NoReturn:
        raise DriverError(f"{self.core.name} runs GCM in hardware, it is not a block cipher: "
                          "use driver.gcm_stream, gcm_encrypt or gcm_decrypt")

    def process(self, blocks: Sequence[bytes], decrypt: bool = False) -> NoReturn:
        self._ecb()

    def _no_open_message(self, what: str) -> None:
        if self._open is not None:
            raise DriverError(f"{self.core.name}: {what} while a message is still open: "
                              "finish() it first (or clear_key())")

    def packets(self, beats: Sequence[Beat], n_out: int) -> list[Beat]:
        """One transport call: ``beats`` in, ``n_out`` beats out, cycles counted, with the
        device's random idle and back-pressure. A transport failure resets the core: its
        key and any open message are gone."""
        if not self._keyed:
            raise DriverError(f"{self.core.name}: set_key() before a message")
        self._calls += 1
        t0 = time.perf_counter()
        try:
            out, cycles = self.transport.packets(
                beats, n_out, idle=self.idle, backpressure=self.backpressure,
                seed=self.seed * 1_000_003 + self._calls)
        except DriverError:
            self._keyed = False
            self._open = None
            raise
        self._account(cycles, time.perf_counter() - t0)
        return out

    def _fail(self, message: str) -> DriverError:
        """A beat that breaks the interface: reset the core (no key, no message) and say so."""
        self.clear_key()
        return DriverError(f"{self.core.name}: {message}")


class GcmStream:
    """One GCM message through a :class:`GcmDevice`, in pieces (the shape of
    :class:`ciphercores.modes.GcmStream`).

    Encryption: :meth:`update` returns the ciphertext of the data so far but its last (at
    most 16) bytes, :meth:`finish` the rest followed by the tag (``tag_len`` bytes, the
    first of the core's 16). Decryption takes the ciphertext followed by the tag: :meth:`update`
    returns plaintext that is **not yet authenticated** (the last ``tag_len`` bytes and up to
    a block are held back); :meth:`finish` sends the tag and raises AuthenticationError unless
    the core's verdict beat says it matches. Nothing reaches the core before the first
    :meth:`update` or :meth:`finish` that needs it, so :meth:`expect` failing leaves the device
    as it was; a message shorter than its tag never reaches the core."""

    def __init__(self, dev: GcmDevice, iv: bytes | None, aad: bytes = b"",
                 decrypt: bool = False, tag_len: int = 16):
        if not isinstance(dev, GcmDevice):
            raise DriverError(f"{getattr(dev, 'core', dev)!r} is not a GCM core: use "
                              "modes.GcmStream with a block cipher core")
        self.name = f"{dev.cipher}-gcm"
        modes.gcm_check(self.name, iv, tag_len)
        for what, n in (("IV", len(iv or b"")), ("AAD", len(aad))):
            if n > MAX_BYTES:
                raise DataLengthError(f"{self.name}: {n} bytes of {what}; the core takes at "
                                        f"most {MAX_BYTES}")
        self.dev, self.iv, self.aad = dev, bytes(iv or b""), bytes(aad)
        self.decrypt, self.tag_len = decrypt, tag_len
        self.held = b""
        self.total = 0  # input bytes so far
        self.data_bytes = 0  # data bytes sent to the core so far
        self.cycles = 0  # clock cycles of this message so far
        self.started = self.done = False

    @property
    def checks_at_end(self) -> bool:
        """Whether :meth:`finish` can still fail after output was given: decryption."""
        return self.decrypt

    def expect(self, total: int) -> None:
        """Fail now if a message of ``total`` input bytes must fail at the end for its length:
        a ciphertext shorter than its tag, or more data than one GCM message holds."""
        if self.decrypt and total < self.tag_len:
            raise modes.gcm_auth_error(self.name, total=total, tag_len=self.tag_len)
        self._check_length(total - (self.tag_len if self.decrypt else 0))

    def _check_length(self, data_bytes: int) -> None:
        if data_bytes > MAX_DATA:
            raise DataLengthError(f"{self.name}: {data_bytes} bytes of data; one GCM message "
                                    f"holds at most {MAX_DATA} (SP 800-38D)")

    # -- the core --------------------------------------------------------------------------
    def _run(self, beats: list[Beat], n_out: int) -> list[Beat]:
        c0 = self.dev.cycles.total
        try:
            return self.dev.packets(beats, n_out)
        finally:
            self.cycles += self.dev.cycles.total - c0

    def _start(self, data_bytes: int) -> None:
        """Before ``data_bytes`` more bytes of data: check the length; at the first call, the
        IV and AAD packets (the AAD in pieces of CHUNK beats)."""
        if self.done:
            raise DriverError(f"{self.name}: this message is finished")
        self._check_length(self.data_bytes + data_bytes)
        if self.started:
            return
        if not self.dev._keyed:
            raise DriverError(f"{self.dev.core.name}: set_key() before a message")
        self.dev._no_open_message("a new message")
        self.dev._open = self
        self.started = True
        self._run(packet(self.iv, iv=True), 0)
        aad = packet(self.aad, AAD, self.decrypt)
        for off in range(0, len(aad), CHUNK):
            self._run(aad[off:off + CHUNK], 0)

    def _check(self, sent: Beat, got: Beat, what: str = "a data beat") -> None:
        if (got.keep, got.last, got.user) != (sent.keep, sent.last, sent.user):
            raise self.dev._fail(
                f"{what} came back with tkeep {got.keep:04x}, tlast {int(got.last)}, tuser "
                f"{got.user} (sent {sent.keep:04x}, {int(sent.last)}, {sent.user})")

    def _data(self, beats: list[Beat]) -> bytes:
        """Data beats without the packet's last one, through the core in pieces of CHUNK
        beats; returns the output data, each beat checked."""
        out = []
        dev = self.dev
        for off in range(0, len(beats), CHUNK):
            part = beats[off:off + CHUNK]
            for b, g in zip(part, self._run(part, len(part)), strict=True):
                self._check(b, g)
                out.append(g.kept)
            if dev.progress is not None:
                dev.progress(off + len(part), len(beats))
        dev.cycles.blocks += len(beats)
        self.data_bytes += 16 * len(beats)
        return b"".join(out)

    # -- the message -----------------------------------------------------------------------
    def update(self, data: bytes) -> bytes:
        self.total += len(data)
        buf = self.held + bytes(data)
        body = len(buf) - (self.tag_len if self.decrypt else 0)
        send = max(0, (body - 1) // 16 * 16)  # the packet's last beat waits for finish()
        self.held = buf[send:]
        if not send:
            return b""
        self._start(send)
        return self._data(_beats(buf[:send], DATA, self.decrypt))

    def finish(self, data: bytes = b"") -> bytes:
        """Encryption: the last ciphertext and the tag. Decryption: the last plaintext, once
        the core's verdict says the tag matches (AuthenticationError otherwise)."""
        self.total += len(data)
        self.expect(self.total)
        buf, self.held = self.held + bytes(data), b""
        tag = b""
        if self.decrypt:
            buf, tag = buf[:len(buf) - self.tag_len], buf[len(buf) - self.tag_len:]
        self._start(len(buf))
        beats = packet(buf, DATA, self.decrypt)
        out = self._data(beats[:-1])
        # the packet's last beat (and the tag) in one call: its data, then the tag or verdict
        last = [beats[-1]]
        if self.decrypt:
            last.append(Beat(tag + bytes(16 - len(tag)), keep_of(self.tag_len), True,
                             (TAG << 1) | 1))
        d, end = self._run(last, 2)
        self.dev._open = None
        self.done = True
        self._check(beats[-1], d, "the last data beat")
        self.dev.cycles.blocks += int(d.keep != 0)
        self.data_bytes += len(d.kept)
        out += d.kept
        if not self.decrypt:
            self._check(Beat(b"", 0xFFFF, True, TAG << 1), end, "the tag beat")
            return out + end.data[:self.tag_len]
        self._check(Beat(b"", 0x8000, True, (VERDICT << 1) | 1), end, "the verdict beat")
        if end.data[0] > 1 or any(end.data[1:]):
            raise self.dev._fail(f"the verdict beat holds {end.data.hex()}")
        if end.data[0] != 1:
            raise modes.gcm_auth_error(self.name)
        return out


def gcm_stream(dev: GcmDevice, iv: bytes | None, aad: bytes = b"", decrypt: bool = False,
               tag_len: int = 16) -> GcmStream:
    """A GCM message in pieces on a GCM core (:class:`GcmStream`)."""
    return GcmStream(dev, iv, aad, decrypt, tag_len)


def gcm_encrypt(dev: GcmDevice, iv: bytes, data: bytes, aad: bytes = b"",
                tag_len: int = 16) -> tuple[bytes, bytes]:
    """GCM authenticated encryption on the core: (ciphertext, tag)."""
    out = GcmStream(dev, iv, aad, tag_len=tag_len).finish(data)
    return out[:len(out) - tag_len], out[len(out) - tag_len:]


def gcm_decrypt(dev: GcmDevice, iv: bytes, data: bytes, tag: bytes, aad: bytes = b"") -> bytes:
    """GCM authenticated decryption on the core: the plaintext, or AuthenticationError when
    the core's verdict fails. The tag's length is the tag length."""
    return GcmStream(dev, iv, aad, decrypt=True, tag_len=len(tag)).finish(
        bytes(data) + bytes(tag))
