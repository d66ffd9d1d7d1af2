# SPDX-License-Identifier: Apache-2.0
"""`ciphercores encrypt` and `decrypt`: a file or stdin through an RTL core (the driver) or
the reference model, with an OpenSSL-style cipher name; byte-compatible with `openssl enc`.

GCM (``aes-{128,192,256}-gcm``) writes the ciphertext followed by the 16-byte tag (as
``cryptography``'s AESGCM, libsodium and Go's ``Seal``); decryption checks the tag before any
output appears. By default GCM runs whole in the simulated hardware, on ``gcm(aes_iter)``
(``--core 'gcm(aes_pipe)'`` the pipelined one; the tag's check is the core's verdict); with
``--core`` naming a block cipher core (``aes_iter``) it runs on the host around that core, and
with ``--software`` on the reference model.
"""

from __future__ import annotations

import argparse
import contextlib
import hmac
import os
import re
import stat
import sys
import tempfile
import time
from typing import BinaryIO

from .. import models, modes, pbe
from ..errors import (
    BadHexError,
    DataLengthError,
    FileAccessError,
    PasswordError,
    SaltSizeError,
    UsageError,
)
from ..frontend import check_iv, check_key, choose_core, cycle_summary, parse_hex
from ..outfile import Output, check_output
from . import encopts
from .output import note

#: bytes read at a time: memory stays flat whatever the input's size
CHUNK = 1 << 20
#: output held back in memory (then in an unnamed temporary file) until the end of the message
#: has passed its check (a tag, a padding), where the output cannot be replaced atomically
SPOOL_MEMORY = 64 << 20


def _open_input(path: str | None, stack: contextlib.ExitStack) -> tuple[BinaryIO, int | None]:
    """The input stream and its size in bytes (None for stdin, a pipe or a device)."""
    if path is None or path == "-":
        return sys.stdin.buffer, None
    try:
        f = stack.enter_context(open(path, "rb"))
        st = os.fstat(f.fileno())
    except OSError as e:
        raise FileAccessError(f"cannot read {path}: {e.strerror or e}") from None
    return f, st.st_size if stat.S_ISREG(st.st_mode) else None


def _pump(stream: modes.Stream | modes.GcmStream, src: BinaryIO, name: str, size: int | None,
          out: Output) -> tuple[int, int]:
    """``src`` through ``stream`` into ``out``, a chunk at a time; a length error is found
    before any output when the size is known. Where the end of the message can still fail
    (padded decryption: the padding is checked last; GCM decryption: the tag) and the output
    cannot be replaced atomically (stdout, a pipe, a device), the result is spooled (in memory
    up to SPOOL_MEMORY bytes, then in an unnamed temporary file) and copied out only once the
    whole message has passed: no partial output, memory bounded. A regular file is replaced
    only at the end (``out.atomic``): on a failure it stays as it was. Returns (bytes in,
    bytes out)."""
    if size is not None:
        stream.expect(size)

    def read() -> bytes:
        try:
            return src.read(CHUNK)
        except OSError as e:
            raise FileAccessError(f"cannot read {name}: {e.strerror or e}") from None

    def run(w) -> tuple[int, int]:
        n_in = n_out = 0
        piece = read()
        while True:  # one chunk ahead: the last one goes to finish() with the padding check
            ahead = read() if piece else b""
            n_in += len(piece)
            done = stream.update(piece) if ahead else stream.finish(piece)
            w.write(done)
            n_out += len(done)
            if not ahead:
                return n_in, n_out
            piece = ahead

    if out.atomic or not stream.checks_at_end:
        with out.open() as w:
            return run(w)
    with tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY, prefix="ciphercores-") as spool:
        counts = run(spool)
        spool.seek(0)
        with out.open() as w:
            while chunk := spool.read(CHUNK):
                w.write(chunk)
    return counts


class Progress:
    """A progress bar on stderr for long runs, only when stderr is a terminal."""

    def __init__(self, dev, total: int, enabled: bool):
        self.dev, self.total = dev, total
        self.enabled = enabled and total >= 4096 and sys.stderr.isatty()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, n: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.last < 0.2:
            return
        self.last = now
        frac = min(1.0, (self.dev.cycles.blocks + done) / self.total)
        bar = "#" * int(30 * frac)
        sys.stderr.write(f"\r[{bar:<30}] {100 * frac:5.1f}% ")
        sys.stderr.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()


#: the largest AAD file read (it goes whole into GHASH before the data)
AAD_FILE_MAX = 64 << 20


def _aad(args: argparse.Namespace, cm: modes.CipherMode) -> bytes:
    """The additional authenticated data of GCM: ``--aad HEX`` (empty allowed) or the bytes of
    ``--aad-file F`` (at most AAD_FILE_MAX bytes: it is held in memory); neither is empty AAD.
    Other modes take none."""
    text, path = getattr(args, "aad", None), getattr(args, "aad_file", None)
    if not cm.aead:
        if text is not None or path is not None:
            raise UsageError(f"--aad and --aad-file are for GCM only, not {cm.name}")
        return b""
    if text is not None and path is not None:
        raise UsageError("--aad and --aad-file exclude each other")
    if path is not None:
        try:
            with open(path, "rb") as f:
                data = f.read(AAD_FILE_MAX + 1)
        except OSError as e:
            raise FileAccessError(f"cannot read the AAD file {path}: {e.strerror or e}") \
                from None
        if len(data) > AAD_FILE_MAX:
            raise DataLengthError(f"the AAD file {path} is over {AAD_FILE_MAX >> 20} MiB")
        return data
    if text is None or text.strip().lower() in ("", "0x"):
        return b""
    return parse_hex("--aad", text) or b""


def _new_stream(cm: modes.CipherMode, cipher, iv: bytes | None, pad: bool | None,
                decrypt: bool, aad: bytes):
    """The stream of ``cm`` over ``cipher``: a model or a block cipher device (the mode on
    the host), or a device that runs the mode in hardware (``MODE(CORE)``, ``gcm(CORE)``)."""
    from ..driver import Device, GcmDevice, gcm_stream, stream_mode

    if isinstance(cipher, GcmDevice):
        return gcm_stream(cipher, iv, aad, decrypt=decrypt)
    if cm.aead:
        return modes.GcmStream(cipher, iv, aad, decrypt=decrypt)
    if isinstance(cipher, Device):  # on a mode core the mode runs in hardware
        return stream_mode(cipher, cm.mode, iv, pad, decrypt)
    return modes.Stream(cipher, cm.mode, iv, pad, decrypt)


def warn(text: str) -> None:
    """A warning as OpenSSL words it, on stderr, as OpenSSL prints it (no prefix)."""
    print(text, file=sys.stderr)


def _lenient_hex(what: str, text: str, n: int, warnings: list[str]) -> bytes:
    """OpenSSL's reading of ``-K``, ``-iv`` and ``-S`` in ``enc``: an odd last digit is a
    high nibble; shorter than ``n`` bytes is padded with zeros, longer is cut, each with
    OpenSSL's warning (added to ``warnings``, printed where OpenSSL prints it).
    BadHexError (naming the option, never the text) for a non-hex digit."""
    t = text.strip()
    if not re.fullmatch(r"[0-9a-fA-F]*", t):
        raise BadHexError(f"{what} is not hexadecimal")
    value = bytes.fromhex(t + "0" * (len(t) % 2))
    # OpenSSL counts digits, not bytes: 15 digits for 8 bytes is "too short" although the
    # odd digit fills the last byte
    if len(t) < 2 * n:
        warnings.append("hex string is too short, padding with zero bytes to length")
        value += bytes(n - len(value))
    elif len(t) > 2 * n:
        warnings.append("hex string is too long, ignoring excess")
        value = value[:n]
    return value


def _explicit_key(args: argparse.Namespace) -> bytes | str | None:
    """The key given as such: ``--key``/``-K`` (hex text, read later), ``--key-file PATH``
    (hex, or raw bytes with ``--key-format raw``; ``-`` standard input) or ``--key-env VAR``
    (hex). Returns bytes, the hex text, or None. At most one of the three."""
    given = [o for o, v in (("--key", args.key), ("--key-file", args.key_file),
                            ("--key-env", args.key_env)) if v is not None]
    if len(given) > 1:
        raise UsageError(f"{given[0]} and {given[1]} exclude each other")
    fmt = args.key_format or "hex"
    if fmt not in ("hex", "raw"):
        raise UsageError(f"--key-format is hex or raw, not {fmt!r}")
    if args.key_format and args.key_file is None:
        raise UsageError("--key-format is for --key-file")
    if args.key_env is not None:
        value = os.environ.get(args.key_env)
        if value is None:
            raise PasswordError(f"--key-env {args.key_env}: no such environment variable")
        return parse_hex(f"--key-env {args.key_env}", value)
    if args.key_file is not None:
        path = args.key_file
        if path == "-":
            if args.input in (None, "-"):
                raise UsageError("--key-file - reads standard input, which the data comes "
                                 "from too: give the data with -in FILE")
            data = sys.stdin.buffer.read(1 << 16)
        else:
            try:
                with open(path, "rb") as f:
                    data = f.read(1 << 16)
            except OSError as e:
                raise PasswordError(f"--key-file {path}: cannot read: {e.strerror or e}") \
                    from None
        if fmt == "raw":
            if not data:
                raise BadHexError(f"--key-file {path} is empty")
            return data
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError:
            raise BadHexError(f"--key-file {path} is not hexadecimal (--key-format raw for a "
                              "binary key)") from None
        return parse_hex(f"--key-file {path}", "".join(text.split()))
    return args.key


def _password(args: argparse.Namespace) -> bytes | None:
    """The password of ``-pass``, ``-k`` or ``-kfile`` (at most one), or None."""
    given = [o for o, v in (("-pass", args.pass_), ("-k", args.k), ("-kfile", args.kfile))
             if v is not None]
    if len(given) > 1:
        raise UsageError(f"{given[0]} and {given[1]} exclude each other")
    if args.k is not None:
        return os.fsencode(args.k)
    if args.kfile is not None:
        return pbe.password_file(args.kfile)
    if args.pass_ is not None:
        return pbe.password(args.pass_)
    return None


def _prompt(cm: modes.CipherMode, decrypt: bool) -> bytes | None:
    """No password and no key: ask on the terminal as ``openssl enc`` does (twice when
    encrypting), echo off; None when there is no terminal (/dev/tty), or when neither stdin
    nor stderr is one (a script, a test run: never wait for an answer nobody sees).
    PasswordError when the two answers differ."""
    if not any(getattr(f, "isatty", lambda: False)() for f in (sys.stdin, sys.stderr)):
        return None
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))
    except OSError:
        return None
    import getpass

    prompt = f"enter {cm.name.upper()} {'decryption' if decrypt else 'encryption'} password:"
    answer = getpass.getpass(prompt)
    if not decrypt and not hmac.compare_digest(os.fsencode(answer),
                                               os.fsencode(getpass.getpass(
                                                   "Verifying - " + prompt))):
        raise PasswordError("Verify failure: the two passwords differ")
    return os.fsencode(answer)


def _print_key(salt: bytes | None, key: bytes, iv: bytes | None) -> None:
    """``-p``/``-P``: what OpenSSL prints, on stdout (salt only when one was used)."""
    lines = [f"salt={salt.hex().upper()}"] if salt is not None else []
    lines.append(f"key={key.hex().upper()}")
    if iv:
        lines.append(f"iv ={iv.hex().upper()}")
    sys.stdout.write("".join(line + "\n" for line in lines))
    sys.stdout.flush()


def run(args: argparse.Namespace) -> int:
    """encrypt, decrypt and enc: the key and IV given (``-K``/``--key``, ``--key-file``,
    ``--key-env``, ``-iv``) or derived from a password (``-pass``, ``-k``, ``-kfile``) with
    ``openssl enc``'s format (pbe: the Salted__ header, PBKDF2 or EVP_BytesToKey, base64);
    then the data through the core or the model. ``args.openssl`` (``enc``): keys, IVs and
    salts of the wrong length are padded or cut with OpenSSL's warning; otherwise refused."""
    decrypt = args.decrypt if args.command == "enc" else args.command == "decrypt"
    lenient = getattr(args, "openssl", False)
    cm = modes.parse_name(args.name)
    spec = models.spec(cm.cipher)
    if args.software and args.core:
        raise UsageError("--software and --core exclude each other")
    if args.one_line and not args.armour:
        args.one_line = False  # OpenSSL: -A means nothing without -a
    md = pbe.digest(args.md) if args.md else pbe.DEFAULT_MD
    pbkdf2 = bool(args.pbkdf2 or args.iter)
    iterations = args.iter or pbe.DEFAULT_ITER
    klen, ivlen = pbe.key_length(cm), pbe.iv_length(cm)
    # OpenSSL's warnings in its order: -S, the derivation, -iv, -K
    salt_warnings: list[str] = []
    later: list[str] = []
    iv, explicit, password = _key_and_iv(args, cm, decrypt, lenient, klen, ivlen, later)
    pad = False if args.no_pad else None
    # every check that needs no data or core first, so a bad call costs nothing
    if explicit is not None:
        check_key(cm, explicit)  # KeySizeError names sizes only
    if password is None or args.iv is not None:
        check_iv(cm, iv)  # IV presence and size
    salted = password is not None and not args.nosalt
    salt = _given_salt(args, lenient, salt_warnings) if salted else None
    aad = _aad(args, cm)
    software = args.software
    core_params = None if software or args.print_key == 2 else choose_core(cm, args.core)
    target = None if args.print_key == 2 else check_output(args.output, args.input)
    with contextlib.ExitStack() as stack:
        src, size = _open_input(args.input, stack)
        name = args.input or "standard input"
        if decrypt and args.armour:
            src, size = pbe.Base64Reader(src, name), None
        header = b""  # as OpenSSL 3.0: a salt given with -S is neither written nor read
        if salted and salt is None and decrypt:
            salt = pbe.read_header(src, name)
            size = None if size is None else size - pbe.HEADER_LEN
        elif salted and salt is None:
            salt = os.urandom(pbe.SALT_LEN)
            header = pbe.MAGIC + salt
        key = explicit
        for text in salt_warnings:
            warn(text)
        if password is not None:
            if not pbkdf2:
                warn(pbe.LEGACY_WARNING)
            dkey, div = pbe.derive(cm, password, salt, pbkdf2=pbkdf2, iterations=iterations,
                                   md=md)
            key = explicit if explicit is not None else dkey
            if args.iv is None and cm.mode != "ecb":
                iv = div
        for text in later:
            warn(text)
        if args.print_key:
            _print_key(salt, key, iv)
            if args.print_key == 2:
                return 0

        def framed(stream):
            if decrypt or not (header or args.armour):
                return stream
            return pbe.Base64Writer(stream, header, args.armour, args.one_line)

        def pump(engine) -> tuple[int, int]:
            stream = framed(_new_stream(cm, engine, iv, pad, decrypt, aad))
            return _pump(stream, src, name, size, target)

        stats: dict = {}
        if software:
            where = "reference model (Python, software)"
            t0 = time.perf_counter()
            n_in, n_out = pump(spec.model(key))
        else:
            where, stats, t0, (n_in, n_out) = _through_core(
                cm, core_params, key, stack, args.verbose, size, pump)
        seconds = time.perf_counter() - t0
    if args.verbose:
        _report(cm, decrypt, n_in, n_out, where, stats, seconds)
    return 0


def _key_and_iv(args: argparse.Namespace, cm, decrypt: bool, lenient: bool, klen: int,
                ivlen: int, later: list[str]) -> tuple[bytes | None, bytes | None, str | None]:
    """(IV, key, password) as given: -iv and -K parsed (``lenient``: padded or cut with
    OpenSSL's warnings, appended to ``later``), the password from its sources or the
    terminal; a call with neither key nor password is refused."""
    iv = None
    if args.iv is not None:
        if lenient and cm.mode == "ecb":
            later.append("warning: iv not used by this cipher")
        elif lenient and not cm.aead:
            iv = _lenient_hex("-iv", args.iv, ivlen, later)
        else:
            iv = parse_hex("--iv", args.iv)
    explicit = _explicit_key(args)
    if isinstance(explicit, str):
        explicit = (_lenient_hex("-K", explicit, klen, later) if lenient
                    else parse_hex("--key", explicit))
    password = _password(args)
    if explicit is None and password is None:
        password = _prompt(cm, decrypt)
    if explicit is None and password is None:
        raise BadHexError("--key is required, or a password (-pass, -k, -kfile; without "
                          "them a terminal is asked)")
    return iv, explicit, password


def _given_salt(args: argparse.Namespace, lenient: bool, warnings: list[str]) -> bytes | None:
    """The salt given with -S (``lenient``: padded or cut with OpenSSL's warning), None
    without one."""
    if args.salt is None:
        return None
    if lenient:
        return _lenient_hex("-S", args.salt, pbe.SALT_LEN, warnings)
    salt = parse_hex("-S", args.salt)
    if len(salt) != pbe.SALT_LEN:
        raise SaltSizeError(f"-S: the salt is {len(salt)} bytes; it must be {pbe.SALT_LEN}")
    return salt


def _through_core(cm, core_params, key: bytes, stack: contextlib.ExitStack, verbose: bool,
                  size: int | None, pump) -> tuple[str, dict, float, tuple[int, int]]:
    """The data through the simulated core (opened on ``stack``, keyed): (what ran, the
    figures ``--verbose`` reports, the start time, ``pump``'s byte counts)."""
    from ..driver import open_core

    core, params = core_params
    t_open = time.perf_counter()
    dev = stack.enter_context(open_core(core, options={"quiet": not verbose}, **params))
    dev.set_key(key, cm.cipher)
    stats = {"open": time.perf_counter() - t_open, "key": dev.cycles.key,
             "built": getattr(dev.transport, "built", False),
             "block_size": dev.block_size, "hw_mode": dev.mode,
             "registry": cycle_summary(core, params, cm.cipher, dev.cycles.key)}
    block = models.spec(cm.cipher).block_size
    progress = Progress(dev, -(-(size or 0) // block) + 1, enabled=size is not None)
    dev.progress = progress
    c0, b0, t0 = dev.cycles.total, dev.cycles.blocks, time.perf_counter()
    try:
        counts = pump(dev)
    finally:
        progress.finish()
    stats.update(cycles=dev.cycles.total - c0, blocks=dev.cycles.blocks - b0)
    return dev.describe(), stats, t0, counts


def _report(cm, decrypt: bool, n_in: int, n_out: int, where: str, stats: dict,
            seconds: float) -> None:
    pad = "PKCS#7 padding on the host" if cm.mode in modes.PADDED_MODES else "no padding"
    note(f"{cm.name} {'decrypt' if decrypt else 'encrypt'}: {n_in} bytes in, {n_out} bytes out")
    tag = ("the 16-byte tag checked before any output" if decrypt
           else "the 16-byte tag after the ciphertext")
    if cm.aead and stats.get("hw_mode"):
        note(f"GCM and AES in hardware: {where}; counters, GHASH and {tag}"
             + (" (the core's verdict)" if decrypt else ""))
    elif cm.aead:
        note(f"block cipher: {where}; GCM (counters, GHASH, {tag}) on the host")
    elif stats.get("hw_mode"):
        note(f"{cm.mode.upper()} and block cipher in hardware: {where}; {pad}")
    elif cm.mode == "ecb":
        note(f"block cipher: {where}; {pad}")
    else:
        note(f"block cipher: {where}; {cm.mode.upper()} on the host; {pad}")
    mb = max(n_in, n_out) / 1e6
    rate = f"{mb / seconds:.3f} MB/s" if seconds else "-"
    if not stats:
        note(f"time {seconds:.3f} s, {rate}")
        return
    cycles, blocks = stats["cycles"], stats["blocks"]
    per = f"{cycles / blocks:.1f} cycles per block" if blocks else "no blocks"
    bits = 8 * stats["block_size"] * blocks / cycles if cycles else 0.0
    note(f"core: {cycles} cycles for {blocks} blocks ({per}; key load {stats['key']} cycles "
          f"before), {bits:.2f} bits/cycle")
    note(stats["registry"])
    mcps = f"{cycles / seconds / 1e6:.2f} M cycles/s" if seconds else "-"
    note(f"simulation: {seconds:.3f} s wall, {mcps}, {rate}; core opened in "
          f"{stats['open']:.2f} s ({'built now' if stats['built'] else 'cached build'})")


def add(sub) -> None:
    for cmd in ("encrypt", "decrypt"):
        p = sub.add_parser(cmd, help=f"{cmd} a file or stdin through an RTL core (or the model)",
                           description=f"{cmd.capitalize()} with an OpenSSL-style cipher name; "
                           "byte-compatible with `openssl enc`, whose options it takes too "
                           "(-pass, -k, -kfile, -pbkdf2, -iter, -md, -salt/-nosalt/-S, -a/-A, "
                           "-p/-P, -nopad, -in, -out, -iv; `ciphercores enc` takes openssl's "
                           "whole command line). With a password the file has OpenSSL's "
                           "Salted__ header. GCM (aes-*-gcm): the "
                           "ciphertext followed by a 16-byte tag, as cryptography's AESGCM; "
                           "decryption checks the tag before any output (a wrong tag, AAD "
                           "or a truncated input: exit 25, nothing written). GCM runs in the "
                           "simulated hardware on gcm(aes_iter) by default (--core "
                           "'gcm(aes_pipe)': the pipelined core), on the host around a block "
                           "cipher core with --core aes_iter, or on the model with "
                           "--software. --key on a shared machine is visible to other users "
                           "(ps, /proc): prefer --key-file, --key-env or -pass.")
        p.add_argument("name", metavar="NAME",
                       help="cipher and mode: aes-128-cbc, des-ede3-cbc, bf-ofb, "
                            "speck128-128-ctr, aes-256-gcm, ...")
        encopts.add_to(p)
        p.set_defaults(func=run)
