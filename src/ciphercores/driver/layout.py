# SPDX-License-Identifier: Apache-2.0
"""How bytes sit on a core's ports (docs/interface.md), computed from the registry and the model.

One place for the mapping that every transport and the cocotb bench share:

- blocks: the cipher's byte order (``models.spec(cipher).byteorder``): big-endian for AES, DES,
  Blowfish (the first byte is the most significant byte of the block), little-endian for SPECK;
  with ``LANES > 1`` the port carries LANES blocks, lane 0 in the least significant bits;
- keys: big-endian ciphers put the key *left-aligned* on ``s_key_tdata`` (first key byte in the
  top byte, bits beyond the key length zero) and its length in bytes on ``s_key_tlen``;
  SPECK's key is the little-endian reading of its bytes, and there is no ``s_key_tlen``;
- packets (the GCM cores, docs/interface.md "GCM cores"): 16 bytes a beat, the first byte in
  ``tdata[127:120]``, ``tkeep[15 - i]`` keeps byte i (:func:`keep_of`); a :class:`Beat` is one
  beat with its ``tkeep``, ``tlast`` and ``tuser``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import models
from ..cores import Core, GcmCore, Params
from ..errors import KeySizeError, UnsupportedCipherError


def key_port_value(byteorder: str, key_bits: int, key: bytes) -> int:
    """The integer on ``s_key_tdata`` (``key_bits`` wide) for ``key``."""
    if 8 * len(key) > key_bits:
        raise ValueError(f"a {len(key)}-byte key does not fit a {key_bits}-bit key port")
    if byteorder == "little":
        return int.from_bytes(key, "little")
    return int.from_bytes(key, "big") << (key_bits - 8 * len(key))


def words(bits: int) -> int:
    """32-bit words Verilator uses for a port of ``bits`` bits."""
    return -(-bits // 32)


@dataclass(frozen=True)
class PortLayout:
    """Widths and byte layout of one core instance's ports."""

    ciphers: tuple[str, ...]  # block ciphers this parameter set computes (models.CIPHERS)
    block_bytes: int  # one cipher block
    lanes: int  # blocks per transfer
    byteorder: str  # "big" or "little"
    key_bits: int  # width of s_key_tdata
    key_len_port: bool  # has s_key_tlen
    iv_port: bool = False  # has s_iv_* (a hardware mode core MODE(CORE))
    packets: bool = False  # packet ports with tkeep/tlast (a GCM core gcm(CORE))

    @classmethod
    def of(cls, core: Core, params: Params) -> PortLayout:
        p = core.params(params)
        ciphers = core.block_ciphers(p)
        orders = {models.spec(c).byteorder for c in ciphers}
        if len(orders) != 1:
            raise ValueError(f"{core.name}: ciphers {ciphers} disagree on byte order")
        return cls(ciphers=tuple(ciphers), block_bytes=core.block_bits(p) // 8,
                   lanes=core.lanes(p), byteorder=orders.pop(),
                   key_bits=core.key_bits(p), key_len_port=core.key_len_port,
                   iv_port=core.iv_port, packets=isinstance(core, GcmCore))

    @property
    def group_bytes(self) -> int:
        """Bytes in one transfer (LANES blocks)."""
        return self.block_bytes * self.lanes

    @property
    def block_port_bits(self) -> int:
        return 8 * self.group_bytes

    def cipher_for_key(self, key: bytes, cipher: str | None = None) -> str:
        """The cipher of this instance that takes a key of ``len(key)`` bytes."""
        if cipher is not None:
            if cipher not in self.ciphers:
                raise UnsupportedCipherError(
                    f"this core implements {', '.join(self.ciphers)}, not {cipher}")
            spec = models.spec(cipher)
            if len(key) not in spec.key_sizes or 8 * len(key) > self.key_bits:
                raise KeySizeError(cipher, len(key), models._ranges(spec.key_sizes))
            return cipher
        sizes: list[int] = []
        for name in self.ciphers:
            spec = models.spec(name)
            if len(key) in spec.key_sizes and 8 * len(key) <= self.key_bits:
                return name
            sizes += [s for s in spec.key_sizes if 8 * s <= self.key_bits]
        raise KeySizeError("/".join(self.ciphers), len(key),
                           models._ranges(tuple(sorted(set(sizes)))))

    def key_port_value(self, key: bytes) -> int:
        return key_port_value(self.byteorder, self.key_bits, key)

    def group_port_value(self, group: bytes) -> int:
        """Reference (pure Python) of the block layout: LANES blocks -> the tdata integer."""
        value = 0
        for lane in range(self.lanes):
            block = group[lane * self.block_bytes:(lane + 1) * self.block_bytes]
            value |= int.from_bytes(block, self.byteorder) << (8 * self.block_bytes * lane)
        return value


def keep_of(n: int) -> int:
    """``tkeep`` of a packet beat that holds its first ``n`` bytes (0..16): the top n bits."""
    if not 0 <= n <= 16:
        raise ValueError(f"a beat holds 0 to 16 bytes, not {n}")
    return ((1 << n) - 1) << (16 - n)


def kept_bytes(keep: int) -> int:
    """The bytes a packet beat's ``tkeep`` keeps (the inverse of :func:`keep_of`), or -1 when
    ``keep`` is not the top n bits."""
    n = bin(keep & 0xFFFF).count("1")
    return n if keep_of(n) == keep else -1


@dataclass(frozen=True)
class Beat:
    """One beat of a packet port: 16 bytes of ``tdata`` in order (unkept ones included), its
    ``tkeep``, ``tlast`` and ``tuser`` (3 bits; on ``s_axis``: bit 0 the direction, bits 2:1
    the packet), and ``iv``: a beat of the IV port ``s_iv`` rather than ``s_axis``."""

    data: bytes
    keep: int
    last: bool
    user: int = 0
    iv: bool = False

    @property
    def ctl(self) -> int:
        """The harness's control byte: bit 0 tlast, bits 3:1 tuser, bit 4 the IV port."""
        return int(self.last) | (self.user & 7) << 1 | int(self.iv) << 4

    @classmethod
    def from_ctl(cls, data: bytes, keep: int, ctl: int) -> Beat:
        return cls(data, keep, bool(ctl & 1), (ctl >> 1) & 7, bool(ctl >> 4 & 1))

    @property
    def kept(self) -> bytes:
        """The bytes ``tkeep`` keeps (a beat's first n bytes)."""
        n = kept_bytes(self.keep)
        if n < 0:
            raise ValueError(f"tkeep {self.keep:04x} is not a packet beat's (the top n bits)")
        return self.data[:n]
