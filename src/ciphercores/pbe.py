# SPDX-License-Identifier: Apache-2.0
"""The file format of ``openssl enc`` around the ciphertext: a key and IV from a password
(PBKDF2, or the legacy ``EVP_BytesToKey``), the ``Salted__`` header, base64 armour, and
where a password comes from (``-pass pass:|env:|file:|fd:|stdin``, ``-k``, ``-kfile``).

Byte for byte what OpenSSL 3.0's ``enc`` writes and reads (tests/cli/test_enc.py runs the
real binary both ways):

- a salted file begins with ``Salted__`` and the 8-byte salt, then the ciphertext;
- ``-pbkdf2``: PBKDF2-HMAC(md, password, salt, iter) gives key || IV in one output
  (10,000 iterations and SHA-256 by default); without it, ``EVP_BytesToKey`` with one
  iteration (D_i = md(D_{i-1} || password || salt)), SHA-256 by default as in OpenSSL 3;
- base64 (``-a``): lines of 64 characters, each ending in a newline; with ``-A`` one line
  and no newline at all.

Ours, where OpenSSL has nothing (documented in docs/architecture.md): SPECK takes the same
derivation and header, the key length of its name (speck128-256: 32 bytes); GCM
(``aes-*-gcm``, which ``openssl enc`` refuses) derives the key and a 12-byte IV the same
way, and the file is ``Salted__`` || salt || ciphertext || 16-byte tag.

No message here contains a password, a key or a salt.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import sys
from typing import BinaryIO

from . import models, modes
from .errors import Base64Error, HeaderError, PasswordError, UsageError

MAGIC = b"Salted__"
SALT_LEN = 8
HEADER_LEN = len(MAGIC) + SALT_LEN
DEFAULT_ITER = 10_000
DEFAULT_MD = "sha256"
#: OpenSSL's warning for the legacy derivation (stderr, before anything is written)
LEGACY_WARNING = ("*** WARNING : deprecated key derivation used.\n"
                  "Using -iter or -pbkdf2 would be better.")
#: base64 line length of ``openssl enc -a`` (48 bytes a line)
B64_LINE = 64


def digest(name: str) -> str:
    """A message digest name as ``-md`` takes it (``sha256``, ``SHA-256``, ``md5``,
    ``sha3-256``, ``sha512-256``) -> the hashlib name; UsageError naming it otherwise."""
    text = name.strip().lower()
    aliases = {"sha-1": "sha1", "sha-224": "sha224", "sha-256": "sha256", "sha-384": "sha384",
               "sha-512": "sha512", "sha512-224": "sha512_224", "sha512-256": "sha512_256",
               "sha-512/224": "sha512_224", "sha-512/256": "sha512_256",
               "sha3-224": "sha3_224", "sha3-256": "sha3_256", "sha3-384": "sha3_384",
               "sha3-512": "sha3_512"}
    text = aliases.get(text, text)
    ok = {"md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256",
          "sha3_224", "sha3_256", "sha3_384", "sha3_512", "sm3", "ripemd160"}
    try:
        if text not in ok:
            raise ValueError
        hashlib.new(text)
    except ValueError:
        raise UsageError(f"-md: unknown or unsupported message digest {name!r}") from None
    return text


def key_length(cm: modes.CipherMode) -> int:
    """The key length a password gives for ``cm``: OpenSSL's EVP_CIPHER key length (16 for
    Blowfish, whose key is variable), the cipher's one key size otherwise."""
    spec = models.spec(cm.cipher)
    return 16 if cm.cipher == "bf" else spec.key_sizes[-1]


def iv_length(cm: modes.CipherMode) -> int:
    """The IV length a password gives: none for ECB, 12 bytes for GCM, a block otherwise."""
    if cm.mode == "ecb":
        return 0
    return modes.GCM_IV_RECOMMENDED if cm.aead else cm.block_size


def bytes_to_key(md: str, password: bytes, salt: bytes | None, n: int) -> bytes:
    """``EVP_BytesToKey`` with one iteration: ``n`` bytes of D_1 || D_2 || ... where
    D_i = md(D_{i-1} || password || salt)."""
    out, d = b"", b""
    while len(out) < n:
        d = hashlib.new(md, d + password + (salt or b"")).digest()
        out += d
    return out[:n]


def derive(cm: modes.CipherMode, password: bytes, salt: bytes | None, *, pbkdf2: bool,
           iterations: int = DEFAULT_ITER, md: str = DEFAULT_MD) -> tuple[bytes, bytes]:
    """(key, IV) of ``cm`` from ``password`` and ``salt`` (None: unsalted), as OpenSSL's
    ``enc`` derives them; the IV is empty for ECB."""
    klen, ivlen = key_length(cm), iv_length(cm)
    md = digest(md)
    if pbkdf2:
        out = hashlib.pbkdf2_hmac(md, password, salt or b"", iterations, klen + ivlen)
    else:
        out = bytes_to_key(md, password, salt, klen + ivlen)
    return out[:klen], out[klen:]


# -- where a password comes from ----------------------------------------------------------

#: OpenSSL reads a password line of ``-pass file:|fd:|stdin`` into 1024 bytes (1023 and the
#: NUL), and ``-kfile``'s into 128
PASS_LINE_MAX = 1023
KFILE_LINE_MAX = 127


def _c_string(data: bytes) -> bytes:
    """What C sees of ``data``: up to its first NUL."""
    return data.split(b"\0", 1)[0]


def _first_line(data: bytes) -> bytes:
    """OpenSSL's app_passwd on a line it read: at most PASS_LINE_MAX bytes, cut at the first
    ``\n`` (a ``\r`` before it stays part of the password) and at a NUL."""
    return _c_string(data[:PASS_LINE_MAX].split(b"\n", 1)[0])


def _read_line(fd: int, what: str) -> bytes:
    """One line from a descriptor (at most PASS_LINE_MAX bytes), a byte at a time: nothing
    after the newline is taken."""
    out = bytearray()
    try:
        while len(out) < PASS_LINE_MAX:
            b = os.read(fd, 1)
            if not b:
                if not out:
                    raise PasswordError(f"{what}: nothing to read")
                break
            out += b
            if b == b"\n":
                break
    except OSError as e:
        raise PasswordError(f"{what}: cannot read: {e.strerror or e}") from None
    return _first_line(bytes(out))


def password(source: str, what: str = "-pass") -> bytes:
    """The password of ``-pass SOURCE``: ``pass:TEXT``, ``env:VAR``, ``file:PATH`` (its first
    line), ``fd:N`` (a line from descriptor N) or ``stdin`` (the first line of standard
    input; the data then follows it). The error names the source's kind and the variable or
    file, never a password."""
    kind, sep, rest = source.partition(":")
    if kind == "pass" and sep:
        return _c_string(os.fsencode(rest))
    if kind == "env" and sep:
        value = os.environb.get(os.fsencode(rest))
        if value is None:
            raise PasswordError(f"{what} env:{rest}: no such environment variable")
        return value
    if kind == "file" and sep:
        try:
            with open(rest, "rb") as f:
                data = f.readline(PASS_LINE_MAX)
        except OSError as e:
            raise PasswordError(f"{what} file:{rest}: cannot read: {e.strerror or e}") from None
        if not data:
            raise PasswordError(f"{what} file:{rest}: the file is empty")
        return _first_line(data)
    if kind == "fd" and sep:
        if not rest.isdigit():
            raise PasswordError(f"{what} fd:{rest}: not a descriptor number")
        return _read_line(int(rest), f"{what} fd:{rest}")
    if source == "stdin":
        sys.stdout.flush()
        line = sys.stdin.buffer.readline(PASS_LINE_MAX)
        if not line:
            raise PasswordError(f"{what} stdin: standard input is empty")
        return _first_line(line)
    raise PasswordError(f"{what}: unknown password source (use pass:, env:, file:, fd: or "
                        "stdin)")


def password_file(path: str) -> bytes:
    """``-kfile PATH`` as OpenSSL 3.0 reads it: the first line (at most KFILE_LINE_MAX
    bytes), trailing ``\r`` and ``\n`` removed but never the first byte, so that a line of one
    character (``x\n``, or ``x`` alone) is OpenSSL's "zero length password" too."""
    try:
        with open(path, "rb") as f:
            buf = bytearray(_c_string(f.readline(KFILE_LINE_MAX)))  # BIO_gets: strlen
    except OSError as e:
        raise PasswordError(f"-kfile {path}: cannot read: {e.strerror or e}") from None
    if not buf:
        raise PasswordError(f"-kfile {path}: cannot read the password (the file is empty)")
    i = len(buf) - 1
    while i > 0 and buf[i] in b"\r\n":
        buf[i] = 0
        i -= 1
    if i <= 0:
        raise PasswordError(f"-kfile {path}: zero length password (OpenSSL's rule: at least "
                            "two characters on the line)")
    return _c_string(bytes(buf))  # the stripped bytes are NULs now


# -- the header ---------------------------------------------------------------------------

def read_header(src: BinaryIO, name: str) -> bytes:
    """Read ``Salted__`` and the salt from ``src``; the salt. HeaderError (one line) for an
    input shorter than the header or one that does not begin with ``Salted__``."""
    head = b""
    while len(head) < HEADER_LEN:
        piece = src.read(HEADER_LEN - len(head))
        if not piece:
            break
        head += piece
    if len(head) < HEADER_LEN:
        if head and not MAGIC.startswith(head[:len(MAGIC)]):
            raise HeaderError(f"{name}: bad magic number (no Salted__ header)")
        raise HeaderError(f"{name}: the input ends inside the Salted__ header ({len(head)} of "
                          f"{HEADER_LEN} bytes)")
    if head[:len(MAGIC)] != MAGIC:
        raise HeaderError(f"{name}: bad magic number (no Salted__ header)")
    return head[len(MAGIC):]


# -- base64 --------------------------------------------------------------------------------

class Base64Reader:
    """A reader of the bytes that base64 text from ``src`` stands for, a piece at a time
    (memory flat); whitespace is skipped. Base64Error for a character outside the alphabet
    or text that ends inside a group."""

    def __init__(self, src: BinaryIO, name: str):
        self.src, self.name = src, name
        self.text = b""  # base64 characters not decoded yet (fewer than 4 at rest)
        self.out = b""  # decoded bytes not handed out yet
        self.done = False

    def _fill(self, want: int) -> None:
        while len(self.out) < want and not self.done:
            raw = self.src.read(1 << 20)
            if not raw:
                self.done = True
                if self.text:
                    raise Base64Error(f"{self.name}: base64 text ends inside a group")
                break
            self.text += b"".join(raw.split())
            cut = len(self.text) - len(self.text) % 4
            chunk, self.text = self.text[:cut], self.text[cut:]
            if b"=" in chunk[:-4]:
                raise Base64Error(f"{self.name}: base64 text goes on after its end (=)")
            try:
                self.out += base64.b64decode(chunk, validate=True)
            except (binascii.Error, ValueError):
                raise Base64Error(f"{self.name}: not base64 (a character outside the "
                                  "alphabet)") from None

    def read(self, n: int = -1) -> bytes:
        self._fill(n if n >= 0 else 1 << 62)
        if n < 0:
            n = len(self.out)
        piece, self.out = self.out[:n], self.out[n:]
        return piece


class Base64Writer:
    """A stream (``update``/``finish``/``expect``/``checks_at_end``, as modes.Stream) whose
    output is the base64 text of ``inner``'s output with ``prefix`` first: lines of 64
    characters ending in a newline, or (``one_line``) no newline at all."""

    def __init__(self, inner, prefix: bytes = b"", armour: bool = False,
                 one_line: bool = False):
        self.inner, self.prefix, self.armour, self.one_line = inner, prefix, armour, one_line
        self.held = b""

    @property
    def checks_at_end(self) -> bool:
        return self.inner.checks_at_end

    def expect(self, total: int) -> None:
        self.inner.expect(total)

    def _out(self, data: bytes, last: bool) -> bytes:
        data, self.prefix = self.prefix + data, b""
        if not self.armour:
            return data
        buf = self.held + data
        if self.one_line:
            cut = len(buf) if last else len(buf) - len(buf) % 3
            self.held = buf[cut:]
            return base64.b64encode(buf[:cut])
        line = B64_LINE * 3 // 4
        cut = len(buf) if last else len(buf) - len(buf) % line
        self.held = buf[cut:]
        text = base64.b64encode(buf[:cut])
        return b"".join(text[i:i + B64_LINE] + b"\n" for i in range(0, len(text), B64_LINE))

    def update(self, data: bytes) -> bytes:
        return self._out(self.inner.update(data), last=False)

    def finish(self, data: bytes = b"") -> bytes:
        return self._out(self.inner.finish(data), last=True)


__all__ = ["B64_LINE", "DEFAULT_ITER", "DEFAULT_MD", "HEADER_LEN", "LEGACY_WARNING", "MAGIC",
           "SALT_LEN", "Base64Reader", "Base64Writer", "bytes_to_key", "derive", "digest",
           "iv_length", "key_length", "password", "password_file", "read_header"]
