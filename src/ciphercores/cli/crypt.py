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
import os
import stat
import sys
import tempfile
import time
from typing import BinaryIO

from .. import models, modes
from ..errors import BadHexError, FileAccessError, UsageError
from ..frontend import check_iv, check_key, choose_core, cycle_summary, parse_hex
from ..outfile import Output, check_output
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


def _aad(args: argparse.Namespace, cm: modes.CipherMode) -> bytes:
    """The additional authenticated data of GCM: ``--aad HEX`` (empty allowed) or the bytes of
    ``--aad-file F``; neither is empty AAD. Other modes take none."""
    text, path = getattr(args, "aad", None), getattr(args, "aad_file", None)
    if not cm.aead:
        if text is not None or path is not None:
            raise UsageError(f"--aad and --aad-file are for GCM only, not {cm.name}")
        return b""
    if path is not None:
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError as e:
            raise FileAccessError(f"cannot read the AAD file {path}: {e.strerror or e}") \
                from None
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


def run(args: argparse.Namespace) -> int:
    decrypt = args.command == "decrypt"
    cm = modes.parse_name(args.name)
    spec = models.spec(cm.cipher)
    key = parse_hex("--key", args.key)
    iv = parse_hex("--iv", args.iv)
    if key is None:
        raise BadHexError("--key is required")
    if args.software and args.core:
        raise UsageError("--software and --core exclude each other")
    pad = False if args.no_pad else None
    # every check that needs no data or core first, so a bad call costs nothing
    check_key(cm, key)  # KeySizeError names sizes only
    check_iv(cm, iv)  # IV presence and size
    aad = _aad(args, cm)
    software = args.software
    core_params = None if software else choose_core(cm, args.core)
    target = check_output(args.output, args.input)
    with contextlib.ExitStack() as stack:
        src, size = _open_input(args.input, stack)
        name = args.input or "standard input"
        stats: dict = {}
        if software:
            stream = _new_stream(cm, spec.model(key), iv, pad, decrypt, aad)
            where = "reference model (Python, software)"
            t0 = time.perf_counter()
            n_in, n_out = _pump(stream, src, name, size, target)
        else:
            from ..driver import open_core

            core, params = core_params
            t_open = time.perf_counter()
            dev = stack.enter_context(
                open_core(core, options={"quiet": not args.verbose}, **params))
            dev.set_key(key, cm.cipher)
            where = dev.describe()
            stats = {"open": time.perf_counter() - t_open, "key": dev.cycles.key,
                     "built": getattr(dev.transport, "built", False),
                     "block_size": dev.block_size, "hw_mode": dev.mode,
                     "registry": cycle_summary(core, params, cm.cipher, dev.cycles.key)}
            progress = Progress(dev, -(-(size or 0) // spec.block_size) + 1,
                                 enabled=size is not None)
            dev.progress = progress
            c0, b0, t0 = dev.cycles.total, dev.cycles.blocks, time.perf_counter()
            try:
                stream = _new_stream(cm, dev, iv, pad, decrypt, aad)
                n_in, n_out = _pump(stream, src, name, size, target)
            finally:
                progress.finish()
            stats.update(cycles=dev.cycles.total - c0, blocks=dev.cycles.blocks - b0)
        seconds = time.perf_counter() - t0
    if args.verbose:
        _report(cm, decrypt, n_in, n_out, where, stats, seconds)
    return 0


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
                           "byte-compatible with `openssl enc`. GCM (aes-*-gcm): the "
                           "ciphertext followed by a 16-byte tag, as cryptography's AESGCM; "
                           "decryption checks the tag before any output (a wrong tag, AAD "
                           "or a truncated input: exit 25, nothing written). GCM runs in the "
                           "simulated hardware on gcm(aes_iter) by default (--core "
                           "'gcm(aes_pipe)': the pipelined core), on the host around a block "
                           "cipher core with --core aes_iter, or on the model with "
                           "--software.")
        p.add_argument("name", metavar="NAME",
                       help="cipher and mode: aes-128-cbc, des-ede3-cbc, bf-ofb, "
                            "speck128-128-ctr, aes-256-gcm, ...")
        p.add_argument("--key", "-K", metavar="HEX", help="the key in hex")
        p.add_argument("--iv", metavar="HEX",
                       help="the IV in hex (every mode but ECB; one block, but GCM takes any "
                            "length from 1 byte: use 12 bytes, the length GCM is built for, "
                            "and never the same IV twice with one key)")
        aad = p.add_mutually_exclusive_group()
        aad.add_argument("--aad", metavar="HEX",
                         help="GCM: additional authenticated data in hex (default: none)")
        aad.add_argument("--aad-file", metavar="FILE",
                         help="GCM: additional authenticated data, the bytes of FILE")
        p.add_argument("-i", "--input", metavar="FILE", help="input file (default: stdin)")
        p.add_argument("-o", "--output", metavar="FILE",
                       help="output file (default: stdout; -: stdout). A regular file "
                            "(also through symbolic links, which stay links) is replaced "
                            "atomically, keeping its mode; a device, FIFO, socket or "
                            "/dev/stdout is written directly, with no atomicity possible; "
                            "a directory or a missing directory is an error")
        p.add_argument("--core", metavar="CORE[:P=V,...]",
                       help="RTL core: a block cipher core (the mode then runs on the host) "
                            "or MODE(CORE) (the mode in hardware; gcm(CORE) for GCM); "
                            "default: the cipher's default core (`ciphercores cores`), in "
                            "MODE(CORE) for CBC/CFB/OFB/CTR, gcm(aes_iter) for GCM")
        p.add_argument("--software", action="store_true",
                       help="run the pure-Python reference model (slow) instead of the RTL")
        p.add_argument("--no-pad", action="store_true",
                       help="no PKCS#7 padding in ECB/CBC (whole blocks only)")
        p.add_argument("-v", "--verbose", action="store_true",
                       help="print what ran where, cycles and throughput on stderr")
        p.set_defaults(func=run)
