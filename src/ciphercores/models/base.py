# SPDX-License-Identifier: Apache-2.0
"""What every reference model is: a block cipher object with an optional internal trace.

The models are the golden references the RTL is compared against. They are written to be read,
not to be fast. Each one can record its internal state per round and per key-schedule step into
a :class:`Trace` (the Blowfish paper checks every internal signal of its hardware against such a
model; our RTL tests can do the same).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from ..errors import BlockSizeError, KeySizeError


@dataclass(frozen=True)
class TraceStep:
    """One recorded step: ``phase`` is "key", "encrypt" or "decrypt"; ``index`` the round or
    key-schedule step; ``values`` the named state words (integers) after that step."""

    phase: str
    index: int
    values: dict[str, int]

    def __str__(self) -> str:
        vals = " ".join(f"{k}={v:x}" for k, v in self.values.items())
        return f"{self.phase}[{self.index}] {vals}"


@dataclass
class Trace:
    """An ordered list of :class:`TraceStep` records."""

    steps: list[TraceStep] = field(default_factory=list)

    def add(self, phase: str, index: int, **values: int) -> None:
        self.steps.append(TraceStep(phase, index, dict(values)))

    def phase(self, name: str) -> list[TraceStep]:
        return [s for s in self.steps if s.phase == name]

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self):
        return iter(self.steps)


class BlockCipher(ABC):
    """A keyed block cipher.

    Subclasses set ``name``, ``block_bits`` and ``byteorder`` and implement the integer-level
    round functions ``_encrypt_int`` / ``_decrypt_int``. ``byteorder`` says how a block's bytes
    map to the integer an RTL core carries on its ``tdata`` port: "big" for AES, DES and Blowfish
    (the standards' hex strings), "little" for SPECK (the designers' byte order: the byte stream
    is the paper's printed hex reversed; see docs/interface.md).
    """

    name: str = ""
    block_bits: int = 0
    byteorder: str = "big"
    #: allowed key lengths in bytes
    key_sizes: tuple[int, ...] = ()

    def __init__(self, key: bytes, trace: Trace | None = None):
        key = bytes(key)
        if self.key_sizes and len(key) not in self.key_sizes:
            raise KeySizeError(self.name, len(key), self.key_sizes)
        self.key_bytes_len = len(key)
        self._setup(key, trace)

    # -- to implement ------------------------------------------------------------------
    @abstractmethod
    def _setup(self, key: bytes, trace: Trace | None) -> None: ...

    @abstractmethod
    def _encrypt_int(self, block: int, trace: Trace | None) -> int: ...

    @abstractmethod
    def _decrypt_int(self, block: int, trace: Trace | None) -> int: ...

    # -- public API --------------------------------------------------------------------
    @property
    def block_size(self) -> int:
        """Block size in bytes."""
        return self.block_bits // 8

    def to_int(self, block: bytes) -> int:
        if len(block) != self.block_size:
            raise BlockSizeError(self.name, len(block), self.block_size)
        return int.from_bytes(block, self.byteorder)

    def to_bytes(self, value: int) -> bytes:
        return value.to_bytes(self.block_size, self.byteorder)

    def encrypt_int(self, block: int, trace: Trace | None = None) -> int:
        return self._encrypt_int(block, trace)

    def decrypt_int(self, block: int, trace: Trace | None = None) -> int:
        return self._decrypt_int(block, trace)

    def encrypt_block(self, block: bytes, trace: Trace | None = None) -> bytes:
        return self.to_bytes(self._encrypt_int(self.to_int(block), trace))

    def decrypt_block(self, block: bytes, trace: Trace | None = None) -> bytes:
        return self.to_bytes(self._decrypt_int(self.to_int(block), trace))
