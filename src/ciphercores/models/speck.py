# SPDX-License-Identifier: Apache-2.0
"""SPECK reference model (Beaulieu et al., "The SIMON and SPECK Families of Lightweight Block
Ciphers", ePrint 2013/404), all ten (block, key) parameter sets, encrypt and decrypt.

Integers follow the paper's printed notation: a block is (x, y) with x in the upper word, a key
is (l_{m-2}, ..., l_0, k_0) with k_0 in the lowest word. Bytes follow the designers' byte order
(Implementation Guide): the byte stream is the printed hex reversed, i.e. the integer is the
little-endian reading of the bytes. That byte order is set here, once, by ``byteorder``.
"""

from __future__ import annotations

from .base import BlockCipher, Trace

# (block bits, key bits) -> (word bits n, key words m, rounds T, alpha, beta)
PARAMS: dict[tuple[int, int], tuple[int, int, int, int, int]] = {
    (32, 64): (16, 4, 22, 7, 2),
    (48, 72): (24, 3, 22, 8, 3),
    (48, 96): (24, 4, 23, 8, 3),
    (64, 96): (32, 3, 26, 8, 3),
    (64, 128): (32, 4, 27, 8, 3),
    (96, 96): (48, 2, 28, 8, 3),
    (96, 144): (48, 3, 29, 8, 3),
    (128, 128): (64, 2, 32, 8, 3),
    (128, 192): (64, 3, 33, 8, 3),
    (128, 256): (64, 4, 34, 8, 3),
}


def rounds(word: int, key_words: int) -> int:
    """Round count T of the set with word size ``word`` and ``key_words`` key words."""
    return PARAMS[(2 * word, word * key_words)][2]


def _ror(v: int, r: int, n: int) -> int:
    return ((v >> r) | (v << (n - r))) & ((1 << n) - 1)


def _rol(v: int, r: int, n: int) -> int:
    return ((v << r) | (v >> (n - r))) & ((1 << n) - 1)


class Speck(BlockCipher):
    """SPECK ``block_bits``/``key_bits``; the key length selects nothing: it must match."""

    byteorder = "little"

    def __init__(self, key: bytes, block_bits: int = 128, key_bits: int | None = None,
                 trace: Trace | None = None):
        if key_bits is None:
            key_bits = 8 * len(key)
        if (block_bits, key_bits) not in PARAMS:
            from ..errors import UnknownCipherError

            raise UnknownCipherError(f"speck{block_bits}-{key_bits}",
                                     [f"speck{b}-{k}" for b, k in PARAMS])
        self.block_bits = block_bits
        self.key_bits = key_bits
        self.name = f"speck{block_bits}-{key_bits}"
        self.key_sizes = (key_bits // 8,)
        self.n, self.m, self.T, self.alpha, self.beta = PARAMS[(block_bits, key_bits)]
        super().__init__(key, trace)

    # -- key schedule ------------------------------------------------------------------
    def _setup(self, key: bytes, trace: Trace | None) -> None:
        self.round_keys = expand_key(int.from_bytes(key, "little"), self.n, self.m, self.T,
                                     self.alpha, self.beta, trace)

    # -- rounds ------------------------------------------------------------------------
    def _encrypt_int(self, block: int, trace: Trace | None) -> int:
        n, mask = self.n, (1 << self.n) - 1
        x, y = (block >> n) & mask, block & mask
        for i, k in enumerate(self.round_keys):
            x = ((_ror(x, self.alpha, n) + y) & mask) ^ k
            y = _rol(y, self.beta, n) ^ x
            if trace is not None:
                trace.add("encrypt", i, k=k, x=x, y=y)
        return (x << n) | y

    def _decrypt_int(self, block: int, trace: Trace | None) -> int:
        n, mask = self.n, (1 << self.n) - 1
        x, y = (block >> n) & mask, block & mask
        for j, k in enumerate(reversed(self.round_keys)):
            y = _ror(x ^ y, self.beta, n)
            x = _rol(((x ^ k) - y) & mask, self.alpha, n)
            if trace is not None:
                trace.add("decrypt", j, k=k, x=x, y=y)
        return (x << n) | y


def expand_key(key: int, n: int, m: int, T: int, alpha: int, beta: int,
               trace: Trace | None = None) -> list[int]:
    """Round keys k_0..k_{T-1} from the key integer (l_{m-2}, ..., l_0, k_0)."""
    mask = (1 << n) - 1
    k = key & mask
    ls = [(key >> (n * (j + 1))) & mask for j in range(m - 1)]
    out = [k]
    for i in range(T - 1):
        new_l = ((k + _ror(ls[i], alpha, n)) & mask) ^ i
        k = _rol(k, beta, n) ^ new_l
        ls.append(new_l)
        out.append(k)
        if trace is not None:
            trace.add("key", i + 1, k=k, l=new_l)
    return out
