# SPDX-License-Identifier: Apache-2.0
"""AES reference model (FIPS-197, "Advanced Encryption Standard"), 128/192/256-bit keys.

Written from the standard, to be read:

- the S-box is computed (section 5.1.1): multiplicative inverse in GF(2^8) modulo
  m(x) = x^8 + x^4 + x^3 + x + 1, followed by the affine map with constant 0x63;
- the state is the 4x4 byte array of section 3.4, stored as a list of 16 bytes in input order,
  so ``s[r + 4*c]`` is row r, column c;
- key expansion is section 5.2, the cipher section 5.1 and the inverse cipher section 5.3.

Integers are the big-endian reading of the bytes (the standard's hex strings): the round keys
in :attr:`AES.round_keys` are 128-bit integers, round 0 (the cipher key's first words) first.

Trace (optional :class:`~ciphercores.models.base.Trace`):

- ``key``: one step per round key, index 0..Nr, ``rk`` = the 128-bit round key
  (words w[4r] .. w[4r+3]);
- ``encrypt``: index 0 is the state after the initial AddRoundKey (FIPS-197 Appendix B
  "start of round 1"); index r = 1..Nr holds ``sub`` (after SubBytes), ``shift`` (after
  ShiftRows), ``mix`` (after MixColumns, absent in the last round), ``rk`` and ``state``
  (after AddRoundKey, i.e. the start of round r+1, the ciphertext for r = Nr);
- ``decrypt``: the inverse cipher in processing order: index 0 is the state after
  AddRoundKey(Nr); index i = 1..Nr holds ``shift`` (after InvShiftRows), ``sub`` (after
  InvSubBytes), ``add`` (after AddRoundKey with round key Nr-i), ``state`` (after InvMixColumns;
  for i = Nr, no InvMixColumns: the plaintext) and ``rk``.
"""

from __future__ import annotations

from .base import BlockCipher, Trace

# -- GF(2^8) arithmetic (FIPS-197 section 4) ---------------------------------------------------


def xtime(b: int) -> int:
    """Multiply by x (i.e. {02}) modulo m(x) = x^8 + x^4 + x^3 + x + 1 ({11b})."""
    b <<= 1
    return (b ^ 0x11B) if b & 0x100 else b


def gf_mul(a: int, b: int) -> int:
    """Product of two bytes in GF(2^8) (section 4.2)."""
    result = 0
    while b:
        if b & 1:
            result ^= a
        a = xtime(a)
        b >>= 1
    return result


def gf_inv(a: int) -> int:
    """Multiplicative inverse in GF(2^8); {00} maps to {00} (section 5.1.1)."""
    if a == 0:
        return 0
    # a^254 = a^-1 since the multiplicative group has order 255
    result, power, e = 1, a, 254
    while e:
        if e & 1:
            result = gf_mul(result, power)
        power = gf_mul(power, power)
        e >>= 1
    return result


def _affine(b: int) -> int:
    """b'_i = b_i ^ b_(i+4) ^ b_(i+5) ^ b_(i+6) ^ b_(i+7) ^ c_i with c = {63} (eq. 5.1)."""
    out = 0
    for i in range(8):
        bit = (b >> i) ^ (b >> ((i + 4) % 8)) ^ (b >> ((i + 5) % 8)) \
            ^ (b >> ((i + 6) % 8)) ^ (b >> ((i + 7) % 8)) ^ (0x63 >> i)
        out |= (bit & 1) << i
    return out


def _make_sbox() -> tuple[list[int], list[int]]:
    sbox = [_affine(gf_inv(x)) for x in range(256)]
    inv = [0] * 256
    for x, y in enumerate(sbox):
        inv[y] = x
    return sbox, inv


SBOX, INV_SBOX = _make_sbox()

# Multiplication tables used by (Inv)MixColumns: computed, and only a speed-up of gf_mul.
_MUL = {c: [gf_mul(x, c) for x in range(256)] for c in (2, 3, 9, 11, 13, 14)}

#: number of rounds Nr by key length Nk (in 32-bit words), table 4 of section 5
ROUNDS = {4: 10, 6: 12, 8: 14}


# -- the four transformations and their inverses (sections 5.1 and 5.3) ---------------------


def sub_bytes(s: list[int]) -> list[int]:
    return [SBOX[b] for b in s]


def inv_sub_bytes(s: list[int]) -> list[int]:
    return [INV_SBOX[b] for b in s]


def shift_rows(s: list[int]) -> list[int]:
    # s'[r, c] = s[r, (c + r) mod 4]
    return [s[r + 4 * ((c + r) % 4)] for c in range(4) for r in range(4)]


def inv_shift_rows(s: list[int]) -> list[int]:
    # s'[r, (c + r) mod 4] = s[r, c]  <=>  s'[r, c] = s[r, (c - r) mod 4]
    return [s[r + 4 * ((c - r) % 4)] for c in range(4) for r in range(4)]


def mix_columns(s: list[int]) -> list[int]:
    m2, m3 = _MUL[2], _MUL[3]
    out: list[int] = []
    for c in range(4):
        a0, a1, a2, a3 = s[4 * c:4 * c + 4]
        out += [m2[a0] ^ m3[a1] ^ a2 ^ a3,
                a0 ^ m2[a1] ^ m3[a2] ^ a3,
                a0 ^ a1 ^ m2[a2] ^ m3[a3],
                m3[a0] ^ a1 ^ a2 ^ m2[a3]]
    return out


def inv_mix_columns(s: list[int]) -> list[int]:
    m9, m11, m13, m14 = _MUL[9], _MUL[11], _MUL[13], _MUL[14]
    out: list[int] = []
    for c in range(4):
        a0, a1, a2, a3 = s[4 * c:4 * c + 4]
        out += [m14[a0] ^ m11[a1] ^ m13[a2] ^ m9[a3],
                m9[a0] ^ m14[a1] ^ m11[a2] ^ m13[a3],
                m13[a0] ^ m9[a1] ^ m14[a2] ^ m11[a3],
                m11[a0] ^ m13[a1] ^ m9[a2] ^ m14[a3]]
    return out


def add_round_key(s: list[int], rk: list[int]) -> list[int]:
    return [a ^ b for a, b in zip(s, rk, strict=True)]


def _to_int(s: list[int]) -> int:
    return int.from_bytes(bytes(s), "big")


def _to_state(v: int) -> list[int]:
    return list(v.to_bytes(16, "big"))


# -- key expansion (section 5.2) -------------------------------------------------------------


def _sub_word(w: int) -> int:
    return int.from_bytes(bytes(SBOX[b] for b in w.to_bytes(4, "big")), "big")


def _rot_word(w: int) -> int:
    return ((w << 8) | (w >> 24)) & 0xFFFFFFFF


def expand_key(key: bytes) -> list[int]:
    """The key schedule words w[0] .. w[4*(Nr+1)-1] as 32-bit integers."""
    nk = len(key) // 4
    nr = ROUNDS[nk]
    w = [int.from_bytes(key[4 * i:4 * i + 4], "big") for i in range(nk)]
    rcon = 0x01
    for i in range(nk, 4 * (nr + 1)):
        temp = w[i - 1]
        if i % nk == 0:
            temp = _sub_word(_rot_word(temp)) ^ (rcon << 24)
            rcon = xtime(rcon)
        elif nk > 6 and i % nk == 4:
            temp = _sub_word(temp)
        w.append(w[i - nk] ^ temp)
    return w


class AES(BlockCipher):
    """AES with a 16-, 24- or 32-byte key; ``name`` is aes-128, aes-192 or aes-256."""

    block_bits = 128
    byteorder = "big"
    key_sizes = (16, 24, 32)
    name = "aes"

    def __init__(self, key: bytes, trace: Trace | None = None):
        key = bytes(key)
        if len(key) in self.key_sizes:
            self.name = f"aes-{8 * len(key)}"
        super().__init__(key, trace)

    def _setup(self, key: bytes, trace: Trace | None) -> None:
        self.nk = len(key) // 4
        self.nr = ROUNDS[self.nk]
        #: key schedule words w[i] (32-bit integers)
        self.words = expand_key(key)
        #: round keys 0..Nr as 128-bit integers
        self.round_keys = [
            (self.words[4 * r] << 96) | (self.words[4 * r + 1] << 64)
            | (self.words[4 * r + 2] << 32) | self.words[4 * r + 3]
            for r in range(self.nr + 1)
        ]
        self._rk_states = [_to_state(rk) for rk in self.round_keys]
        if trace is not None:
            for r, rk in enumerate(self.round_keys):
                trace.add("key", r, rk=rk)

    def _encrypt_int(self, block: int, trace: Trace | None) -> int:
        rks = self._rk_states
        s = add_round_key(_to_state(block), rks[0])
        if trace is not None:
            trace.add("encrypt", 0, state=_to_int(s))
        for r in range(1, self.nr + 1):
            sub = sub_bytes(s)
            shift = shift_rows(sub)
            if r < self.nr:
                mix = mix_columns(shift)
                s = add_round_key(mix, rks[r])
            else:
                s = add_round_key(shift, rks[r])
            if trace is not None:
                vals = {"sub": _to_int(sub), "shift": _to_int(shift)}
                if r < self.nr:
                    vals["mix"] = _to_int(mix)
                vals.update(rk=self.round_keys[r], state=_to_int(s))
                trace.add("encrypt", r, **vals)
        return _to_int(s)

    def _decrypt_int(self, block: int, trace: Trace | None) -> int:
        rks = self._rk_states
        s = add_round_key(_to_state(block), rks[self.nr])
        if trace is not None:
            trace.add("decrypt", 0, state=_to_int(s))
        for i in range(1, self.nr + 1):
            r = self.nr - i
            shift = inv_shift_rows(s)
            sub = inv_sub_bytes(shift)
            add = add_round_key(sub, rks[r])
            s = inv_mix_columns(add) if r > 0 else add
            if trace is not None:
                trace.add("decrypt", i, shift=_to_int(shift), sub=_to_int(sub),
                          add=_to_int(add), rk=self.round_keys[r], state=_to_int(s))
        return _to_int(s)
