# SPDX-License-Identifier: Apache-2.0
"""Host-side modes of operation over any block cipher: ECB, CBC, CFB, OFB, CTR and PKCS#7.

The result is byte-for-byte what ``openssl enc`` produces for the same cipher, key and IV:

- ECB and CBC pad with PKCS#7 (turn it off with ``pad=False``; the data must then be a whole
  number of blocks);
- CFB is full-block CFB (OpenSSL's ``-cfb`` for every cipher: CFB128 for AES, CFB64 for DES,
  TDES and Blowfish), OFB and CTR are stream modes: no padding, a partial last block uses the
  first bytes of its keystream block;
- CTR increments the whole IV block as one big-endian counter, modulo 2^(block bits), as
  OpenSSL does (its 128-bit counter for AES, 64-bit for the 64-bit-block ciphers). SPECK has no
  OpenSSL reference; its CTR follows the same rule on the block's byte string.

The cipher is any object with ``block_size`` (bytes), ``encrypt_block(bytes) -> bytes`` and
``decrypt_block(bytes) -> bytes``: a reference model, a library wrapper or an RTL core through
the driver. An object that also has ``encrypt_blocks(list) -> list`` / ``decrypt_blocks`` gets
every independent block of a call in one batch (ECB, CTR, CBC and CFB decryption), so a
pipelined core sees a full stream; the chained directions (CBC/CFB encryption, OFB) go block by
block because each block needs the previous result.

Errors are the typed ones of :mod:`ciphercores.errors`; they name sizes, never key bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from . import models
from .errors import (
    DataLengthError,
    IVSizeError,
    PaddingError,
    StreamModePaddingError,
    TruncatedInputError,
    UnknownCipherError,
    UnknownModeError,
)

MODES = ("ecb", "cbc", "cfb", "ofb", "ctr")
#: modes that pad (PKCS#7) by default, as ``openssl enc`` does
PADDED_MODES = ("ecb", "cbc")


class BlockCipherLike(Protocol):
    block_size: int

    def encrypt_block(self, block: bytes) -> bytes: ...

    def decrypt_block(self, block: bytes) -> bytes: ...


# ---------------------------------------------------------------------------------------
# names: OpenSSL's spelling, cipher + mode
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CipherMode:
    """A full cipher name such as ``aes-128-cbc``: the block cipher and the mode."""

    cipher: str  # a name of models.CIPHERS
    mode: str  # one of MODES

    @property
    def name(self) -> str:
        return f"{self.cipher}-{self.mode}"

    @property
    def block_size(self) -> int:
        return models.spec(self.cipher).block_size

    @property
    def needs_iv(self) -> bool:
        return self.mode != "ecb"


def parse_name(name: str) -> CipherMode:
    """``aes-128-cbc``, ``des-ede3-cbc``, ``bf-ofb``, ``speck64-128-ctr`` -> (cipher, mode).

    A name without a mode is ECB only where OpenSSL says so (``des``, ``des-ede``,
    ``des-ede3``, ``bf``)."""
    text = name.strip().lower()
    base, _, mode = text.rpartition("-")
    if mode in MODES and base in models.CIPHERS:
        return CipherMode(base, mode)
    if text in ("des", "des-ede", "des-ede3", "bf"):
        return CipherMode(text, "ecb")
    raise UnknownCipherError(name, [f"{c}-{{{','.join(MODES)}}}" for c in models.CIPHERS])


# ---------------------------------------------------------------------------------------
# padding
# ---------------------------------------------------------------------------------------

def pkcs7_pad(data: bytes, block_size: int) -> bytes:
    n = block_size - len(data) % block_size
    return bytes(data) + bytes([n]) * n


def pkcs7_unpad(data: bytes, block_size: int) -> bytes:
    if not data or len(data) % block_size:
        raise PaddingError(f"padded data must be a non-empty multiple of {block_size} bytes")
    n = data[-1]
    if not 1 <= n <= block_size or data[-n:] != bytes([n]) * n:
        raise PaddingError("the last block does not end in valid PKCS#7 padding")
    return data[:-n]


# ---------------------------------------------------------------------------------------
# the modes
# ---------------------------------------------------------------------------------------

def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=False))


def _blocks(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)]


def _batch(cipher, blocks: Sequence[bytes], decrypt: bool) -> list[bytes]:
    many = getattr(cipher, "decrypt_blocks" if decrypt else "encrypt_blocks", None)
    if many is not None:
        out = list(many(list(blocks)))
        if len(out) != len(blocks):
            raise RuntimeError(f"cipher returned {len(out)} blocks for {len(blocks)}")
        return out
    one = cipher.decrypt_block if decrypt else cipher.encrypt_block
    return [one(b) for b in blocks]


def _counter_blocks(iv: bytes, n: int) -> list[bytes]:
    size = len(iv)
    start, mod = int.from_bytes(iv, "big"), 1 << (8 * size)
    return [((start + i) % mod).to_bytes(size, "big") for i in range(n)]


def _check(cipher, mode: str, iv: bytes | None, name: str) -> int:
    if mode not in MODES:
        raise UnknownModeError(mode, MODES)
    bs = cipher.block_size
    if mode == "ecb":
        if iv is not None:
            raise IVSizeError(f"{name}-ecb", len(iv), 0)
    else:
        if iv is None:
            raise IVSizeError(f"{name}-{mode}", 0, bs)
        if len(iv) != bs:
            raise IVSizeError(f"{name}-{mode}", len(iv), bs)
    return bs


def _name(cipher) -> str:
    return getattr(cipher, "name", "") or type(cipher).__name__


def encrypt(cipher: BlockCipherLike, mode: str, data: bytes, iv: bytes | None = None,
            pad: bool | None = None) -> bytes:
    """Encrypt ``data`` with ``cipher`` in ``mode``. ``pad`` defaults to True for ECB/CBC."""
    name = _name(cipher)
    bs = _check(cipher, mode, iv, name)
    data = bytes(data)
    pad = (mode in PADDED_MODES) if pad is None else pad
    if pad:
        if mode not in PADDED_MODES:
            raise StreamModePaddingError(f"{name}-{mode} is a stream mode: it takes no padding")
        data = pkcs7_pad(data, bs)
    elif mode in PADDED_MODES and len(data) % bs:
        raise DataLengthError(f"{name}-{mode} without padding needs a whole number of "
                              f"{bs}-byte blocks; got {len(data)} bytes")
    blocks = _blocks(data, bs)
    if mode == "ecb":
        return b"".join(_batch(cipher, blocks, decrypt=False))
    if mode == "ctr":
        stream = _batch(cipher, _counter_blocks(iv, len(blocks)), decrypt=False)
        return b"".join(_xor(p, k) for p, k in zip(blocks, stream, strict=True))
    out, prev = [], iv
    for p in blocks:
        if mode == "cbc":
            prev = cipher.encrypt_block(_xor(p, prev))
            out.append(prev)
        elif mode == "cfb":
            c = _xor(p, cipher.encrypt_block(prev))
            out.append(c)
            prev = c
        else:  # ofb
            prev = cipher.encrypt_block(prev)
            out.append(_xor(p, prev))
    return b"".join(out)


def decrypt(cipher: BlockCipherLike, mode: str, data: bytes, iv: bytes | None = None,
            pad: bool | None = None) -> bytes:
    """Decrypt ``data``; with padding (the ECB/CBC default) check and strip PKCS#7."""
    name = _name(cipher)
    bs = _check(cipher, mode, iv, name)
    data = bytes(data)
    pad = (mode in PADDED_MODES) if pad is None else pad
    if pad and mode not in PADDED_MODES:
        raise StreamModePaddingError(f"{name}-{mode} is a stream mode: it takes no padding")
    if mode in PADDED_MODES:
        if len(data) % bs or (pad and not data):
            raise TruncatedInputError(
                f"{name}-{mode}: ciphertext of {len(data)} bytes is not a whole number of "
                f"{bs}-byte blocks" + (" (and padded data is never empty)" if pad else ""))
    blocks = _blocks(data, bs)
    if mode == "ecb":
        out = b"".join(_batch(cipher, blocks, decrypt=True))
    elif mode == "cbc":
        plain = _batch(cipher, blocks, decrypt=True)
        out = b"".join(_xor(p, c) for p, c in zip(plain, [iv, *blocks[:-1]], strict=True))
    elif mode == "cfb":
        stream = _batch(cipher, [iv, *blocks[:-1]], decrypt=False) if blocks else []
        out = b"".join(_xor(c, k) for c, k in zip(blocks, stream, strict=True))
    else:  # ofb and ctr are their own inverse
        return encrypt(cipher, mode, data, iv, pad=False)
    return pkcs7_unpad(out, bs) if pad else out


def new_model(name: str, key: bytes) -> tuple[models.BlockCipher, CipherMode]:
    """Reference model for a full cipher name: ``new_model("aes-128-cbc", key)``."""
    cm = parse_name(name)
    return models.new(cm.cipher, key), cm


__all__ = ["MODES", "PADDED_MODES", "CipherMode", "UnknownModeError", "decrypt", "encrypt",
           "new_model", "parse_name", "pkcs7_pad", "pkcs7_unpad"]
