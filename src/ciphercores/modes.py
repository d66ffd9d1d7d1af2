# SPDX-License-Identifier: Apache-2.0
"""Host-side modes of operation over any block cipher: ECB, CBC, CFB, OFB, CTR and PKCS#7;
and GCM (authenticated encryption, SP 800-38D) over AES.

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

:class:`Stream` takes a message in pieces of any sizes (what the CLI uses, so that memory does
not grow with the input); :func:`encrypt` and :func:`decrypt` are a Stream given the whole
message at once. :class:`GcmStream`, :func:`gcm_encrypt` and :func:`gcm_decrypt` are GCM in
the same shape (``aes-128-gcm``: the ciphertext followed by the tag, as ``cryptography``'s
AESGCM, libsodium and Go's ``Seal`` write it).

Errors are the typed ones of :mod:`ciphercores.errors`; they name sizes, never key bytes.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from . import models
from .errors import (
    AuthenticationError,
    BlockSizeError,
    DataLengthError,
    IVSizeError,
    PaddingError,
    StreamModePaddingError,
    TagSizeError,
    TruncatedInputError,
    UnknownCipherError,
    UnknownModeError,
)

MODES = ("ecb", "cbc", "cfb", "ofb", "ctr")
#: authenticated modes (a name ``aes-128-gcm``; not in MODES: no Stream, no hardware engine)
AEAD_MODES = ("gcm",)
#: the cipher families GCM is offered for (SP 800-38D: a 128-bit block cipher; AES)
GCM_FAMILIES = ("aes",)
#: modes that pad (PKCS#7) by default, as ``openssl enc`` does
PADDED_MODES = ("ecb", "cbc")


class BlockCipherLike(Protocol):
    block_size: int

    def encrypt_block(self, block: bytes) -> bytes: ...

    def decrypt_block(self, block: bytes) -> bytes: ...


# ---------------------------------------------------------------------------------------
# names: OpenSSL's spelling, cipher + mode
# ---------------------------------------------------------------------------------------

#: OpenSSL's names of a cipher without its mode -> the full name (``openssl enc -des`` is
#: DES-CBC, ``-des3`` DES-EDE3-CBC; ``-des-ede`` and ``-des-ede3`` are ECB)
OPENSSL_ALIASES = {"des": "des-cbc", "bf": "bf-cbc", "blowfish": "bf-cbc",
                   "des3": "des-ede3-cbc", "aes128": "aes-128-cbc", "aes192": "aes-192-cbc",
                   "aes256": "aes-256-cbc"}


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

    @property
    def aead(self) -> bool:
        """Whether this is an authenticated mode (GCM): a tag follows the ciphertext."""
        return self.mode in AEAD_MODES


def parse_name(name: str) -> CipherMode:
    """``aes-128-cbc``, ``des-ede3-cbc``, ``bf-ofb``, ``speck64-128-ctr`` -> (cipher, mode).

    A name without a mode is what OpenSSL makes of it: ECB for ``des-ede`` and ``des-ede3``,
    CBC for ``des``, ``bf`` and OpenSSL's aliases (``des3``, ``aes128``, ``blowfish``,
    ...). GCM: ``aes-{128,192,256}-gcm``."""
    text = name.strip().lower()
    text = OPENSSL_ALIASES.get(text, text)
    base, _, mode = text.rpartition("-")
    if mode in MODES and base in models.CIPHERS:
        return CipherMode(base, mode)
    if mode in AEAD_MODES and base in models.CIPHERS \
            and models.CIPHERS[base].family in GCM_FAMILIES:
        return CipherMode(base, mode)
    if text in ("des-ede", "des-ede3"):
        return CipherMode(text, "ecb")
    raise UnknownCipherError(name, [f"{c}-{{{','.join(modes_of(c))}}}" for c in models.CIPHERS])


def modes_of(cipher: str) -> tuple[str, ...]:
    """The modes a cipher's names take: MODES, and GCM for AES."""
    return MODES + (AEAD_MODES if models.CIPHERS[cipher].family in GCM_FAMILIES else ())


# ---------------------------------------------------------------------------------------
# padding
# ---------------------------------------------------------------------------------------

def pkcs7_pad(data: bytes, block_size: int) -> bytes:
    n = block_size - len(data) % block_size
    return bytes(data) + bytes([n]) * n


def pkcs7_unpad(data: bytes, block_size: int) -> bytes:
    """``data`` without its PKCS#7 padding; PaddingError if the padding is wrong. The check
    reads every byte of the last block and branches only on the overall verdict, whatever
    the padding value (no early exit on the first wrong byte: a timing difference would tell
    a padding oracle where the padding went wrong). Python gives no hard constant-time
    guarantee; SECURITY.md says what that means for a service around the CLI."""
    if not data or len(data) % block_size:
        raise PaddingError(f"padded data must be a non-empty multiple of {block_size} bytes")
    last = bytes(data[len(data) - block_size:])
    n = last[block_size - 1]
    bad = ((n - 1) >> 8) & 1  # n == 0
    bad |= ((block_size - n) >> 8) & 1  # n > block_size
    for i in range(block_size):
        in_pad = ((block_size - 1 - i - n) >> 8) & 1  # 1 where i >= block_size - n
        bad |= in_pad * (last[i] ^ n)
    if bad:
        raise PaddingError("the last block does not end in valid PKCS#7 padding")
    return data[:len(data) - n]


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


class Stream:
    """One message encrypted or decrypted in pieces: :meth:`update` with each piece returns
    the output ready so far, :meth:`finish` (with the last piece) the rest; together they
    are exactly :func:`encrypt` / :func:`decrypt` of the whole message, same errors. Whole
    blocks go out as soon as they come in (in one batch per piece where the mode allows);
    a partial block waits, and padded decryption holds back the last block, whose padding
    :meth:`finish` checks. :meth:`expect` checks a known total length up front, so that a
    message of the wrong length fails before any output."""

    def __init__(self, cipher: BlockCipherLike, mode: str, iv: bytes | None = None,
                 pad: bool | None = None, decrypt: bool = False):
        self.name = _name(cipher)
        self.bs = _check(cipher, mode, iv, self.name)
        self.pad = (mode in PADDED_MODES) if pad is None else pad
        if self.pad and mode not in PADDED_MODES:
            raise StreamModePaddingError(
                f"{self.name}-{mode} is a stream mode: it takes no padding")
        self.cipher, self.mode = cipher, mode
        # OFB and CTR are their own inverse
        self.decrypt = decrypt and mode in ("ecb", "cbc", "cfb")
        self.prev = iv  # the chaining block of CBC, CFB, OFB
        self.counter = int.from_bytes(iv, "big") if mode == "ctr" and iv else 0
        self.held = b""  # input not processed yet: a partial block, or the held-back block
        self.total = 0  # input bytes so far
        self._last = decrypt and self.pad  # hold back the last block (its padding)

    @property
    def checks_at_end(self) -> bool:
        """Whether :meth:`finish` can still fail after output was given (the padding of a
        padded decryption)."""
        return self._last

    def expect(self, total: int) -> None:
        """Fail now if a message of ``total`` bytes would fail at the end for its length."""
        bs, where = self.bs, f"{self.name}-{self.mode}"
        if self.mode not in PADDED_MODES:
            return
        if self._last or (self.decrypt and not self.pad):
            if total % bs or (self.pad and not total):
                raise TruncatedInputError(
                    f"{where}: ciphertext of {total} bytes is not a whole number of "
                    f"{bs}-byte blocks" + (" (and padded data is never empty)"
                                           if self.pad else ""))
        elif not self.pad and total % bs:
            raise DataLengthError(f"{where} without padding needs a whole number of "
                                  f"{bs}-byte blocks; got {total} bytes")

    def update(self, data: bytes) -> bytes:
        self.total += len(data)
        buf = self.held + bytes(data)
        keep = len(buf) % self.bs or (self.bs if self._last and buf else 0)
        self.held = buf[len(buf) - keep:]
        return self._run(buf[:len(buf) - keep])

    def finish(self, data: bytes = b"") -> bytes:
        """The output of the last piece ``data`` and of everything held back, padding added
        (encryption) or checked and removed (decryption)."""
        self.total += len(data)
        self.expect(self.total)
        buf, self.held = self.held + bytes(data), b""
        if self.pad and not self.decrypt:
            cut = len(buf) - len(buf) % self.bs
            return self._run(buf[:cut] + pkcs7_pad(buf[cut:], self.bs))
        out = self._run(buf)
        return out[:-self.bs] + pkcs7_unpad(out[-self.bs:], self.bs) if self.pad else out

    def _run(self, data: bytes) -> bytes:
        """Whole blocks (a partial last one only in a stream mode), chaining state kept."""
        if not data:
            return b""
        blocks, mode, cipher = _blocks(data, self.bs), self.mode, self.cipher
        if mode == "ecb":
            return b"".join(_batch(cipher, blocks, decrypt=self.decrypt))
        if mode == "ctr":
            size, start = self.bs, self.counter
            mod = 1 << (8 * size)
            self.counter = (start + len(blocks)) % mod
            counters = [((start + i) % mod).to_bytes(size, "big") for i in range(len(blocks))]
            stream = _batch(cipher, counters, decrypt=False)
            return b"".join(_xor(p, k) for p, k in zip(blocks, stream, strict=True))
        if self.decrypt:  # CBC and CFB decryption: every block at once
            chain, self.prev = [self.prev, *blocks[:-1]], blocks[-1]
            if mode == "cbc":
                plain = _batch(cipher, blocks, decrypt=True)
                return b"".join(_xor(p, c) for p, c in zip(plain, chain, strict=True))
            stream = _batch(cipher, chain, decrypt=False)
            return b"".join(_xor(c, k) for c, k in zip(blocks, stream, strict=True))
        out, prev = [], self.prev
        for p in blocks:
            if mode == "cbc":
                prev = cipher.encrypt_block(_xor(p, prev))
                out.append(prev)
            elif mode == "cfb":
                prev = _xor(p, cipher.encrypt_block(prev))
                out.append(prev)
            else:  # ofb
                prev = cipher.encrypt_block(prev)
                out.append(_xor(p, prev))
        self.prev = prev
        return b"".join(out)


def _whole(cipher, mode, data, iv, pad, decrypt) -> bytes:
    s = Stream(cipher, mode, iv, pad, decrypt)
    s.expect(len(data))
    return s.finish(data)


def encrypt(cipher: BlockCipherLike, mode: str, data: bytes, iv: bytes | None = None,
            pad: bool | None = None) -> bytes:
    """Encrypt ``data`` with ``cipher`` in ``mode``. ``pad`` defaults to True for ECB/CBC."""
    return _whole(cipher, mode, data, iv, pad, decrypt=False)


def decrypt(cipher: BlockCipherLike, mode: str, data: bytes, iv: bytes | None = None,
            pad: bool | None = None) -> bytes:
    """Decrypt ``data``; with padding (the ECB/CBC default) check and strip PKCS#7."""
    return _whole(cipher, mode, data, iv, pad, decrypt=True)


# ---------------------------------------------------------------------------------------
# GCM (NIST SP 800-38D): authenticated encryption over a 128-bit block cipher
# ---------------------------------------------------------------------------------------

#: tag lengths (bytes) SP 800-38D allows: 128..96 bits, and 64 and 32 for special uses
GCM_TAG_LENGTHS = (16, 15, 14, 13, 12, 8, 4)
#: the reduction constant of GF(2^128) in GCM's bit order (x^128 + x^7 + x^2 + x + 1)
_GCM_R = 0xE1 << 120


def gf128_mul(x: int, y: int) -> int:
    """The product of two GCM field elements (128-bit integers, the block's first bit the
    most significant: SP 800-38D's bit order), by Algorithm 1 of SP 800-38D."""
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ _GCM_R if v & 1 else v >> 1
    return z


def ghash(h: bytes, data: bytes) -> bytes:
    """GHASH_H of ``data`` (a whole number of 16-byte blocks)."""
    if len(data) % 16:
        raise DataLengthError(f"GHASH takes whole 16-byte blocks; got {len(data)} bytes")
    hi, y = int.from_bytes(h, "big"), 0
    for i in range(0, len(data), 16):
        y = gf128_mul(y ^ int.from_bytes(data[i:i + 16], "big"), hi)
    return y.to_bytes(16, "big")


def _zero_pad16(data: bytes) -> bytes:
    return data + bytes(-len(data) % 16)


#: the IV length GCM is built for (any length from 1 byte is allowed; others go through GHASH)
GCM_IV_RECOMMENDED = 12
#: SP 800-38D's most data bytes in one GCM message (2^39 - 256 bits): the host's GCM and the
#: driver's (driver.gcm.MAX_DATA) refuse more
GCM_MAX_DATA = (1 << 36) - 32


def gcm_length_error(name: str, data_bytes: int) -> DataLengthError:
    return DataLengthError(f"{name}: {data_bytes} bytes of data; one GCM message holds at "
                           f"most {GCM_MAX_DATA} (SP 800-38D)")


def gcm_check(name: str, iv: bytes | None, tag_len: int) -> None:
    """IVSizeError unless ``iv`` is a GCM IV (any length from 1 byte), TagSizeError unless
    ``tag_len`` is one of GCM_TAG_LENGTHS; ``name`` (``aes-128-gcm``) goes into the message.
    The host's GCM and the driver's (a GCM core) check with this."""
    if not iv:
        raise IVSizeError(name, 0, GCM_IV_RECOMMENDED,
                          note="GCM takes any IV length from 1 byte; 12 is recommended")
    if tag_len not in GCM_TAG_LENGTHS:
        raise TagSizeError(f"{name}: a tag of {tag_len} bytes is not allowed (allowed: "
                           f"{', '.join(str(t) for t in GCM_TAG_LENGTHS)} bytes)")


def gcm_auth_error(name: str, total: int | None = None, tag_len: int = 16
                   ) -> AuthenticationError:
    """The error of a GCM decryption that fails: the tag does not match, or (``total``) the
    input of ``total`` bytes is shorter than the tag that must end it. The host's GCM and the
    driver's say the same."""
    if total is not None:
        return AuthenticationError(
            f"{name}: the input is {total} bytes, shorter than the {tag_len}-byte tag that "
            "must end it (truncated or not GCM output)")
    return AuthenticationError(f"{name}: the tag does not match (wrong key, IV, AAD or tag, "
                               "or the data was changed)")


def _gcm_check(cipher, iv: bytes | None, tag_len: int) -> tuple[str, bytes, bytes]:
    """(name, H, J0) after checking the block size, IV and tag lengths."""
    name = f"{_name(cipher)}-gcm"
    if cipher.block_size != 16:
        raise BlockSizeError(name, cipher.block_size, 16)
    gcm_check(name, iv, tag_len)
    h = cipher.encrypt_block(bytes(16))
    if len(iv) == 12:  # the 96-bit IV directly; any other length through GHASH
        j0 = bytes(iv) + b"\x00\x00\x00\x01"
    else:
        j0 = ghash(h, _zero_pad16(bytes(iv)) + bytes(8) + (8 * len(iv)).to_bytes(8, "big"))
    return name, h, j0


class GcmStream:
    """One GCM message in pieces, in the shape of :class:`Stream` (``update``, ``finish``,
    ``expect``, ``checks_at_end``), so that a front end streams it the same way.

    Encryption: :meth:`update` returns the ciphertext of the whole blocks so far,
    :meth:`finish` the rest of the ciphertext followed by the tag (``tag_len`` bytes).
    Decryption takes the ciphertext followed by the tag: :meth:`update` returns plaintext
    that is **not yet authenticated** (the last ``tag_len`` bytes and a partial block are held
    back); :meth:`finish` checks the tag and raises :class:`AuthenticationError` if it does not
    match, so whoever consumes the pieces must hold them until :meth:`finish` returns (the
    CLI writes them to a file replaced only at the end, or spools them). A message shorter
    than a tag is an AuthenticationError too. The counter is GCTR's: inc32 from J0, the low
    32 bits modulo 2^32."""

    def __init__(self, cipher: BlockCipherLike, iv: bytes | None, aad: bytes = b"",
                 decrypt: bool = False, tag_len: int = 16):
        self.name, self.h, self.j0 = _gcm_check(cipher, iv, tag_len)
        self.cipher, self.decrypt, self.tag_len = cipher, decrypt, tag_len
        self.aad = bytes(aad)
        self._hi = int.from_bytes(self.h, "big")
        self._y = self._absorb(0, _zero_pad16(self.aad))  # GHASH state
        self._ctr = 1  # the next GCTR counter, inc32(J0) first
        self.held = b""
        self.total = 0  # input bytes so far
        self.text_bytes = 0  # ciphertext bytes hashed so far

    @property
    def checks_at_end(self) -> bool:
        """Whether :meth:`finish` can still fail after output was given: decryption (the
        tag)."""
        return self.decrypt

    def _absorb(self, y: int, blocks: bytes) -> int:
        for i in range(0, len(blocks), 16):
            y = gf128_mul(y ^ int.from_bytes(blocks[i:i + 16], "big"), self._hi)
        return y

    def _gctr(self, data: bytes) -> bytes:
        n = -(-len(data) // 16)
        head, low = self.j0[:12], int.from_bytes(self.j0[12:], "big")
        counters = [head + ((low + self._ctr + i) % (1 << 32)).to_bytes(4, "big")
                    for i in range(n)]
        self._ctr += n
        return _xor(data, b"".join(_batch(self.cipher, counters, decrypt=False)))

    def _text(self, data: bytes) -> bytes:
        """Whole blocks (a partial one only last): GCTR, the ciphertext into GHASH."""
        if not data:
            return b""
        if self.text_bytes + len(data) > GCM_MAX_DATA:
            raise gcm_length_error(self.name, self.text_bytes + len(data))
        out = self._gctr(data)
        ct = data if self.decrypt else out
        self._y = self._absorb(self._y, _zero_pad16(ct))
        self.text_bytes += len(ct)
        return out

    def _tag(self) -> bytes:
        lengths = (8 * len(self.aad)).to_bytes(8, "big") + (8 * self.text_bytes).to_bytes(8, "big")
        s = self._absorb(self._y, lengths).to_bytes(16, "big")
        return _xor(self.cipher.encrypt_block(self.j0), s)[:self.tag_len]

    def expect(self, total: int) -> None:
        """Fail now if a message of ``total`` bytes must fail at the end for its length: a
        ciphertext shorter than its tag."""
        if self.decrypt and total < self.tag_len:
            raise gcm_auth_error(self.name, total=total, tag_len=self.tag_len)
        data_bytes = total - self.tag_len if self.decrypt else total
        if data_bytes > GCM_MAX_DATA:
            raise gcm_length_error(self.name, data_bytes)

    def update(self, data: bytes) -> bytes:
        self.total += len(data)
        buf = self.held + bytes(data)
        keep = len(buf) % 16
        if self.decrypt:
            body = max(0, len(buf) - self.tag_len)
            keep = len(buf) - (body - body % 16)
        self.held = buf[len(buf) - keep:]
        return self._text(buf[:len(buf) - keep])

    def finish(self, data: bytes = b"") -> bytes:
        """Encryption: the last ciphertext and the tag. Decryption: the last plaintext, once
        the tag matches (AuthenticationError otherwise, nothing more given)."""
        self.total += len(data)
        self.expect(self.total)
        buf, self.held = self.held + bytes(data), b""
        if not self.decrypt:
            return self._text(buf) + self._tag()
        ct, tag = buf[:len(buf) - self.tag_len], buf[len(buf) - self.tag_len:]
        if self.text_bytes + len(ct) > GCM_MAX_DATA:
            raise gcm_length_error(self.name, self.text_bytes + len(ct))
        # hash the rest first, decrypt it only once the tag matches
        self._y = self._absorb(self._y, _zero_pad16(ct))
        self.text_bytes += len(ct)
        if not hmac.compare_digest(self._tag(), tag):
            raise gcm_auth_error(self.name)
        return self._gctr(ct)


def gcm_encrypt(cipher: BlockCipherLike, iv: bytes, data: bytes, aad: bytes = b"",
                tag_len: int = 16) -> tuple[bytes, bytes]:
    """GCM authenticated encryption: (ciphertext, tag). Any IV length from 1 byte (12 bytes
    is the recommended one), tags of GCM_TAG_LENGTHS bytes."""
    out = GcmStream(cipher, iv, aad, tag_len=tag_len).finish(data)
    return out[:len(out) - tag_len], out[len(out) - tag_len:]


def gcm_decrypt(cipher: BlockCipherLike, iv: bytes, data: bytes, tag: bytes,
                aad: bytes = b"") -> bytes:
    """GCM authenticated decryption: the plaintext, or AuthenticationError (nothing of the
    plaintext is returned) when the tag does not match the ciphertext, AAD, IV and key. The
    tag's length is the tag length."""
    return GcmStream(cipher, iv, aad, decrypt=True, tag_len=len(tag)).finish(
        bytes(data) + bytes(tag))


def new_model(name: str, key: bytes) -> tuple[models.BlockCipher, CipherMode]:
    """Reference model for a full cipher name: ``new_model("aes-128-cbc", key)``."""
    cm = parse_name(name)
    return models.new(cm.cipher, key), cm


__all__ = ["AEAD_MODES", "GCM_IV_RECOMMENDED", "GCM_MAX_DATA", "GCM_TAG_LENGTHS", "MODES",
           "PADDED_MODES", "CipherMode", "GcmStream", "Stream", "UnknownModeError", "decrypt",
           "encrypt",
           "gcm_auth_error", "gcm_check", "gcm_decrypt", "gcm_encrypt", "gf128_mul",
           "ghash", "modes_of", "new_model", "parse_name", "pkcs7_pad", "pkcs7_unpad"]
