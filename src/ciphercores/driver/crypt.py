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
from ..errors import (
    DataLengthError,
    StreamModePaddingError,
    TruncatedInputError,
    UnsupportedCipherError,
)
from .device import Device


def run_mode(dev: Device, mode: str, data: bytes, iv: bytes | None = None,
             pad: bool | None = None, decrypt: bool = False) -> bytes:
    """Encrypt (or decrypt) ``data`` in ``mode`` on ``dev``; ``pad`` defaults to PKCS#7 for
    ECB/CBC as in :func:`ciphercores.modes.encrypt`."""
    if not dev.mode:
        run = modes.decrypt if decrypt else modes.encrypt
        return run(dev, mode, data, iv, pad)
    name = dev.cipher
    if mode != dev.mode:
        raise UnsupportedCipherError(f"{dev.core.name} runs {dev.mode}, not {mode}")
    bs = modes._check(dev, mode, iv, name)
    data = bytes(data)
    pad = (mode in modes.PADDED_MODES) if pad is None else pad
    if pad and mode not in modes.PADDED_MODES:
        raise StreamModePaddingError(f"{name}-{mode} is a stream mode: it takes no padding")
    if mode in modes.PADDED_MODES:
        if decrypt and (len(data) % bs or (pad and not data)):
            raise TruncatedInputError(
                f"{name}-{mode}: ciphertext of {len(data)} bytes is not a whole number of "
                f"{bs}-byte blocks" + (" (and padded data is never empty)" if pad else ""))
        if not decrypt and pad:
            data = modes.pkcs7_pad(data, bs)
        elif len(data) % bs:
            raise DataLengthError(f"{name}-{mode} without padding needs a whole number of "
                                  f"{bs}-byte blocks; got {len(data)} bytes")
    n = len(data)
    whole = data + bytes(-n % bs)
    dev.set_iv(iv)
    out = b"".join(dev.process([whole[i:i + bs] for i in range(0, len(whole), bs)],
                               decrypt=decrypt))[:n]
    return modes.pkcs7_unpad(out, bs) if decrypt and pad else out
