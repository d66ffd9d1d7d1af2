# SPDX-License-Identifier: Apache-2.0
"""Whole messages through a device, with the mode where it runs: in hardware on a mode core
``MODE(CORE)`` (docs/interface.md), else on the host (:mod:`ciphercores.modes`) with the device
as the block cipher. Same arguments, checks, errors and results as ``modes.encrypt`` /
``modes.decrypt`` (i.e. ``openssl enc``) either way.

On a mode core the hardware moves whole blocks: PKCS#7 padding stays on the host, and a partial
last block of a stream mode (CFB, OFB, CTR) is filled with zeros and its output cut back,
which is exact because each output byte depends only on its input byte and earlier blocks.
"""

from __future__ import annotations

from .. import modes
from ..errors import UnsupportedCipherError
from .device import Device


def run_mode(dev: Device, mode: str, data: bytes, iv: bytes | None = None,
             pad: bool | None = None, decrypt: bool = False) -> bytes:
    """Encrypt (or decrypt) ``data`` in ``mode`` on ``dev``; ``pad`` defaults to PKCS#7 for
    ECB/CBC as in :func:`ciphercores.modes.encrypt`."""
    s = stream_mode(dev, mode, iv, pad, decrypt)
    s.expect(len(data))
    return s.finish(data)


def stream_mode(dev: Device, mode: str, iv: bytes | None = None, pad: bool | None = None,
                decrypt: bool = False) -> modes.Stream:
    """A message in pieces on ``dev`` (:class:`ciphercores.modes.Stream`: ``update`` with each
    piece, ``finish`` with the last): the mode in hardware on a mode core, else on the host
    with the device as the block cipher."""
    if not dev.mode:
        return modes.Stream(dev, mode, iv, pad, decrypt)
    if mode != dev.mode:
        raise UnsupportedCipherError(f"{dev.core.name} runs {dev.mode}, not {mode}")
    return _HardwareStream(dev, mode, iv, pad, decrypt)


class _HardwareStream(modes.Stream):
    """modes.Stream whose blocks go through the mode engine: one IV load starts the message,
    each piece's whole blocks are one process() call that continues the chain; padding and
    its check stay on the host."""

    def __init__(self, dev: Device, mode: str, iv: bytes | None, pad: bool | None,
                 decrypt: bool):
        super().__init__(dev, mode, iv, pad, decrypt)
        self.dev, self.direction = dev, decrypt
        dev.set_iv(iv)

    def _run(self, data: bytes) -> bytes:
        n, bs = len(data), self.bs
        whole = data + bytes(-n % bs)  # a stream mode's partial last block: zeros, cut back
        blocks = [whole[i:i + bs] for i in range(0, len(whole), bs)]
        return b"".join(self.dev.process(blocks, decrypt=self.direction))[:n]
