# SPDX-License-Identifier: Apache-2.0
"""Bit-exact reference models and the catalogue of cipher names.

Cipher names follow OpenSSL where OpenSSL has the cipher (``aes-128``, ``des``, ``des-ede``,
``des-ede3``, ``bf``) and ``speck{block}-{key}`` for SPECK. :func:`new` builds a model from a
name and a key; :data:`CIPHERS` is the single list of what exists.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..errors import KeySizeError, UnknownCipherError
from .base import BlockCipher, Trace, TraceStep


@dataclass(frozen=True)
class CipherSpec:
    name: str
    family: str  # aes, des, blowfish, speck: the module under models/
    block_bits: int
    key_sizes: tuple[int, ...]  # allowed key lengths in bytes
    cls: str  # class name in the family's module
    kwargs: tuple[tuple[str, int], ...] = ()

    @property
    def block_size(self) -> int:
        return self.block_bits // 8

    @property
    def byteorder(self) -> str:
        """How bytes map to port integers (set once, by the model class)."""
        module = importlib.import_module(f"{__name__}.{self.family}")
        return getattr(module, self.cls).byteorder

    def model(self, key: bytes, trace: Trace | None = None) -> BlockCipher:
        if len(key) not in self.key_sizes:
            raise KeySizeError(self.name, len(key), _ranges(self.key_sizes))
        module = importlib.import_module(f"{__name__}.{self.family}")
        return getattr(module, self.cls)(key, trace=trace, **dict(self.kwargs))


def _ranges(sizes: tuple[int, ...]) -> list[str]:
    if len(sizes) > 3 and list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return [f"{sizes[0]} to {sizes[-1]}"]
    return [str(s) for s in sizes]


def _catalogue() -> dict[str, CipherSpec]:
    specs = [
        CipherSpec("aes-128", "aes", 128, (16,), "AES"),
        CipherSpec("aes-192", "aes", 128, (24,), "AES"),
        CipherSpec("aes-256", "aes", 128, (32,), "AES"),
        CipherSpec("des", "des", 64, (8,), "DES"),
        CipherSpec("des-ede", "des", 64, (16,), "TDES"),
        CipherSpec("des-ede3", "des", 64, (24,), "TDES"),
        CipherSpec("bf", "blowfish", 64, tuple(range(1, 57)), "Blowfish"),
    ]
    from .speck import PARAMS

    for block, key in PARAMS:
        specs.append(CipherSpec(f"speck{block}-{key}", "speck", block, (key // 8,), "Speck",
                                (("block_bits", block), ("key_bits", key))))
    return {s.name: s for s in specs}


CIPHERS: dict[str, CipherSpec] = _catalogue()


def spec(name: str) -> CipherSpec:
    try:
        return CIPHERS[name]
    except KeyError:
        raise UnknownCipherError(name, list(CIPHERS)) from None


def new(name: str, key: bytes, trace: Trace | None = None) -> BlockCipher:
    """Reference model of cipher ``name`` keyed with ``key``."""
    return spec(name).model(key, trace)


__all__ = ["BlockCipher", "CIPHERS", "CipherSpec", "Trace", "TraceStep", "new", "spec"]
