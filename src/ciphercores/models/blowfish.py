# SPDX-License-Identifier: Apache-2.0
"""Blowfish reference model (B. Schneier, "Description of a New Variable-Length Key, 64-Bit Block
Cipher (Blowfish)", FSE 1993), encrypt and decrypt, keys of 1 to 56 bytes.

The initial P-array and S-boxes are the fractional hexadecimal digits of pi. They are computed
here (Machin's formula in big-integer fixed point), not typed in: :func:`pi_words` returns the
18 + 4*256 initial words, P first, then S-box 0..3; the RTL generates its memory init files
from it.

Blocks are big-endian: the block integer is (L << 32) | R, as in the standard's hex strings.
The Blowfish paper in the project (papers/000_*) gives keys as 1 to 14 32-bit words;
:meth:`Blowfish.from_words` takes that form (the words are the key bytes, big-endian).
"""

from __future__ import annotations

from .base import BlockCipher, Trace

ROUNDS = 16
P_WORDS = ROUNDS + 2  # 18
S_WORDS = 4 * 256
_MASK = 0xFFFFFFFF

_PI_WORDS: tuple[int, ...] | None = None


def _arctan_inv(x: int, one: int) -> int:
    """arctan(1/x) scaled by ``one`` (fixed point), by the alternating Taylor series."""
    total = term = one // x
    x2 = x * x
    n = 1
    sign = -1
    while term:
        term //= x2
        n += 2
        total += sign * (term // n)
        sign = -sign
    return total


def _compute_pi_words(count: int) -> tuple[int, ...]:
    bits = 32 * count
    guard = 64
    one = 1 << (bits + guard)
    pi = 16 * _arctan_inv(5, one) - 4 * _arctan_inv(239, one)
    frac = (pi >> guard) & ((1 << bits) - 1)  # drop the integer part 3 and the guard bits
    return tuple((frac >> (32 * (count - 1 - i))) & _MASK for i in range(count))


def pi_words() -> tuple[int, ...]:
    """The 18 + 4*256 initial Blowfish words: pi's fractional hex digits, 8 per word
    (P[0] = 0x243F6A88, ..., S-box 0 starts at index 18 with 0xD1310BA6). Computed once."""
    global _PI_WORDS
    if _PI_WORDS is None:
        _PI_WORDS = _compute_pi_words(P_WORDS + S_WORDS)
    return _PI_WORDS


class Blowfish(BlockCipher):
    """Blowfish with a 1..56-byte key. ``P`` (18 words) and ``S`` (4 lists of 256 words) hold
    the key-dependent tables after the key schedule."""

    name = "bf"
    block_bits = 64
    byteorder = "big"
    key_sizes = tuple(range(1, 57))

    def __init__(self, key: bytes, trace: Trace | None = None):
        super().__init__(key, trace)

    @classmethod
    def from_words(cls, words: list[int], trace: Trace | None = None) -> Blowfish:
        """Key given as 1 to 14 32-bit words (the paper's form): the key bytes big-endian."""
        words = list(words)
        if not 1 <= len(words) <= 14 or any(not 0 <= w <= _MASK for w in words):
            from ..errors import KeySizeError

            raise KeySizeError(cls.name, 4 * len(words), ["4 to 56 (1 to 14 32-bit words)"])
        return cls(b"".join(w.to_bytes(4, "big") for w in words), trace=trace)

    # -- key schedule ------------------------------------------------------------------
    def _setup(self, key: bytes, trace: Trace | None) -> None:
        init = pi_words()
        self.P = list(init[:P_WORDS])
        self.S = [list(init[P_WORDS + 256 * i:P_WORDS + 256 * (i + 1)]) for i in range(4)]
        # XOR the key, cycled byte by byte, into P
        j = 0
        for i in range(P_WORDS):
            data = 0
            for _ in range(4):
                data = (data << 8) | key[j]
                j = (j + 1) % len(key)
            self.P[i] ^= data
        # 521 chained encryptions of the all-zero block replace P, then S0..S3, two words each
        left = right = 0
        step = 0
        tables = [self.P, *self.S]
        for table in tables:
            for i in range(0, len(table), 2):
                left, right = self._encrypt_words(left, right, None, "encrypt")
                table[i], table[i + 1] = left, right
                if trace is not None:
                    trace.add("key", step, L=left, R=right)
                step += 1

    # -- rounds ------------------------------------------------------------------------
    def _f(self, x: int) -> int:
        s = self.S
        h = (s[0][x >> 24] + s[1][(x >> 16) & 0xFF]) & _MASK
        return ((h ^ s[2][(x >> 8) & 0xFF]) + s[3][x & 0xFF]) & _MASK

    def _feistel(self, left: int, right: int, p: list[int], trace: Trace | None,
                 phase: str) -> tuple[int, int]:
        for i in range(ROUNDS):
            left ^= p[i]
            right ^= self._f(left)
            left, right = right, left
            if trace is not None:
                trace.add(phase, i, L=left, R=right)
        left, right = right, left  # undo the last swap
        right ^= p[ROUNDS]
        left ^= p[ROUNDS + 1]
        return left, right

    def _encrypt_words(self, left: int, right: int, trace: Trace | None,
                       phase: str = "encrypt") -> tuple[int, int]:
        return self._feistel(left, right, self.P, trace, phase)

    def _decrypt_words(self, left: int, right: int, trace: Trace | None) -> tuple[int, int]:
        return self._feistel(left, right, self.P[::-1], trace, "decrypt")

    def _encrypt_int(self, block: int, trace: Trace | None) -> int:
        left, right = self._encrypt_words(block >> 32, block & _MASK, trace)
        return (left << 32) | right

    def _decrypt_int(self, block: int, trace: Trace | None) -> int:
        left, right = self._decrypt_words(block >> 32, block & _MASK, trace)
        return (left << 32) | right
