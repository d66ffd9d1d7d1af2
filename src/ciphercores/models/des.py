# SPDX-License-Identifier: Apache-2.0
"""DES and Triple-DES (TDEA) reference models (FIPS 46-3; NIST SP 800-67 Rev. 2).

Written from the standard, to be read. Bits are numbered as in FIPS 46-3: bit 1 is the most
significant bit of a block or key (the leftmost bit of the standard's hex strings), so the
integers here are the big-endian reading of the bytes. The tables below are FIPS 46-3's, with
its 1-based bit numbers.

The key's parity bits (bits 8, 16, ..., 64, the low bit of each byte) are dropped by PC-1 and
never checked.

Trace (optional :class:`~ciphercores.models.base.Trace`):

- ``key``: index 1..16, ``c`` and ``d`` (28-bit halves after the shifts) and ``k`` (the 48-bit
  subkey K_n);
- ``encrypt`` / ``decrypt``: index 0 holds ``l`` and ``r`` after the initial permutation
  (L0, R0); index n = 1..16 holds ``l`` = L_n, ``r`` = R_n and ``k``, the subkey used.
  The output is IP^-1(R16 L16).

:class:`TDES` traces its three DES passes in turn: the three key schedules (K1, K2, K3; 48
``key`` steps), then per block the three single-DES round sequences (17 steps each), each under
the phase of that pass: a TDES encryption records "encrypt", "decrypt", "encrypt"; a TDES
decryption records "decrypt", "encrypt", "decrypt".
"""

from __future__ import annotations

from .base import BlockCipher, Trace

# -- FIPS 46-3 tables (1-based bit positions, bit 1 = most significant) ---------------------

IP = [58, 50, 42, 34, 26, 18, 10, 2,
      60, 52, 44, 36, 28, 20, 12, 4,
      62, 54, 46, 38, 30, 22, 14, 6,
      64, 56, 48, 40, 32, 24, 16, 8,
      57, 49, 41, 33, 25, 17, 9, 1,
      59, 51, 43, 35, 27, 19, 11, 3,
      61, 53, 45, 37, 29, 21, 13, 5,
      63, 55, 47, 39, 31, 23, 15, 7]

IP_INV = [40, 8, 48, 16, 56, 24, 64, 32,
          39, 7, 47, 15, 55, 23, 63, 31,
          38, 6, 46, 14, 54, 22, 62, 30,
          37, 5, 45, 13, 53, 21, 61, 29,
          36, 4, 44, 12, 52, 20, 60, 28,
          35, 3, 43, 11, 51, 19, 59, 27,
          34, 2, 42, 10, 50, 18, 58, 26,
          33, 1, 41, 9, 49, 17, 57, 25]

# E bit-selection table: 32 -> 48 bits
E = [32, 1, 2, 3, 4, 5,
     4, 5, 6, 7, 8, 9,
     8, 9, 10, 11, 12, 13,
     12, 13, 14, 15, 16, 17,
     16, 17, 18, 19, 20, 21,
     20, 21, 22, 23, 24, 25,
     24, 25, 26, 27, 28, 29,
     28, 29, 30, 31, 32, 1]

# P permutation of the S-box outputs: 32 -> 32 bits
P = [16, 7, 20, 21,
     29, 12, 28, 17,
     1, 15, 23, 26,
     5, 18, 31, 10,
     2, 8, 24, 14,
     32, 27, 3, 9,
     19, 13, 30, 6,
     22, 11, 4, 25]

# Permuted choice 1: 64 key bits -> C0 (first 28) and D0 (last 28); parity bits are not chosen
PC1 = [57, 49, 41, 33, 25, 17, 9,
       1, 58, 50, 42, 34, 26, 18,
       10, 2, 59, 51, 43, 35, 27,
       19, 11, 3, 60, 52, 44, 36,
       63, 55, 47, 39, 31, 23, 15,
       7, 62, 54, 46, 38, 30, 22,
       14, 6, 61, 53, 45, 37, 29,
       21, 13, 5, 28, 20, 12, 4]

# Permuted choice 2: 56 bits of C_n D_n -> 48-bit K_n
PC2 = [14, 17, 11, 24, 1, 5,
       3, 28, 15, 6, 21, 10,
       23, 19, 12, 4, 26, 8,
       16, 7, 27, 20, 13, 2,
       41, 52, 31, 37, 47, 55,
       30, 40, 51, 45, 33, 48,
       44, 49, 39, 56, 34, 53,
       46, 42, 50, 36, 29, 32]

# left shifts of C and D before each subkey
SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1]

# S1..S8: row (outer bits 1 and 6) x column (inner bits 2..5)
SBOXES = [
    [[14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7],
     [0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8],
     [4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0],
     [15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13]],
    [[15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10],
     [3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5],
     [0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15],
     [13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9]],
    [[10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8],
     [13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1],
     [13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7],
     [1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12]],
    [[7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15],
     [13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9],
     [10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4],
     [3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14]],
    [[2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9],
     [14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6],
     [4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14],
     [11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3]],
    [[12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11],
     [10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8],
     [9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6],
     [4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13]],
    [[4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1],
     [13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6],
     [1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2],
     [6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12]],
    [[13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7],
     [1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2],
     [7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8],
     [2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11]],
]


def permute(value: int, table: list[int], in_bits: int) -> int:
    """Output bit i (1-based, MSB first) is input bit ``table[i-1]`` of an ``in_bits`` word."""
    out = 0
    for pos in table:
        out = (out << 1) | ((value >> (in_bits - pos)) & 1)
    return out


def _rol28(v: int, n: int) -> int:
    return ((v << n) | (v >> (28 - n))) & 0xFFFFFFF


def key_schedule(key: int, trace: Trace | None = None) -> list[int]:
    """The 16 48-bit subkeys K1..K16 of a 64-bit key integer (parity bits ignored)."""
    cd = permute(key, PC1, 64)
    c, d = cd >> 28, cd & 0xFFFFFFF
    subkeys = []
    for n, shift in enumerate(SHIFTS, start=1):
        c, d = _rol28(c, shift), _rol28(d, shift)
        k = permute((c << 28) | d, PC2, 56)
        subkeys.append(k)
        if trace is not None:
            trace.add("key", n, c=c, d=d, k=k)
    return subkeys


def f(r: int, k: int) -> int:
    """The cipher function f(R, K): E, XOR with K, S-boxes, P."""
    x = permute(r, E, 32) ^ k
    out = 0
    for i, box in enumerate(SBOXES):
        six = (x >> (42 - 6 * i)) & 0x3F
        row = ((six >> 4) & 2) | (six & 1)
        col = (six >> 1) & 0xF
        out = (out << 4) | box[row][col]
    return permute(out, P, 32)


def crypt(block: int, subkeys: list[int], phase: str, trace: Trace | None = None) -> int:
    """IP, 16 rounds with ``subkeys`` in the given order, swap, IP^-1."""
    lr = permute(block, IP, 64)
    left, right = lr >> 32, lr & 0xFFFFFFFF
    if trace is not None:
        trace.add(phase, 0, l=left, r=right)
    for n, k in enumerate(subkeys, start=1):
        left, right = right, left ^ f(right, k)
        if trace is not None:
            trace.add(phase, n, l=left, r=right, k=k)
    return permute((right << 32) | left, IP_INV, 64)


class DES(BlockCipher):
    """Single DES with an 8-byte key (parity bits ignored)."""

    name = "des"
    block_bits = 64
    byteorder = "big"
    key_sizes = (8,)

    def _setup(self, key: bytes, trace: Trace | None) -> None:
        #: K1..K16 as 48-bit integers
        self.subkeys = key_schedule(int.from_bytes(key, "big"), trace)

    def _encrypt_int(self, block: int, trace: Trace | None) -> int:
        return crypt(block, self.subkeys, "encrypt", trace)

    def _decrypt_int(self, block: int, trace: Trace | None) -> int:
        return crypt(block, self.subkeys[::-1], "decrypt", trace)


class TDES(BlockCipher):
    """Triple-DES EDE (SP 800-67): C = E_K3(D_K2(E_K1(P))), P = D_K1(E_K2(D_K3(C))).

    An 8-byte key is keying option 3 (K1 = K2 = K3, i.e. single DES), 16 bytes option 2
    (K1, K2, K3 = K1), 24 bytes option 1 (three keys). ``name`` is "des-ede3" for 24-byte
    keys and "des-ede" otherwise (OpenSSL has no name for the 8-byte form).
    """

    block_bits = 64
    byteorder = "big"
    key_sizes = (8, 16, 24)
    name = "des-ede"

    def __init__(self, key: bytes, trace: Trace | None = None):
        key = bytes(key)
        self.name = "des-ede3" if len(key) == 24 else "des-ede"
        super().__init__(key, trace)

    def _setup(self, key: bytes, trace: Trace | None) -> None:
        if len(key) == 8:
            parts = [key, key, key]
        elif len(key) == 16:
            parts = [key[:8], key[8:], key[:8]]
        else:
            parts = [key[:8], key[8:16], key[16:]]
        self.keys = [DES(k, trace) for k in parts]
        #: subkeys of K1, K2 and K3 (16 each)
        self.subkeys = [d.subkeys for d in self.keys]

    def _encrypt_int(self, block: int, trace: Trace | None) -> int:
        k1, k2, k3 = self.keys
        return k3.encrypt_int(k2.decrypt_int(k1.encrypt_int(block, trace), trace), trace)

    def _decrypt_int(self, block: int, trace: Trace | None) -> int:
        k1, k2, k3 = self.keys
        return k1.decrypt_int(k2.encrypt_int(k3.decrypt_int(block, trace), trace), trace)
