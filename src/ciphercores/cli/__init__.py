# SPDX-License-Identifier: Apache-2.0
"""The `ciphercores` command.

    ciphercores cores [--all] [--wide | --json]         the cores, ciphers, cycle figures
    ciphercores encrypt NAME --key HEX [--iv HEX] [-i IN] [-o OUT] [--core CORE] [--software]
    ciphercores decrypt NAME ...                        (stdin/stdout, binary, by default)
    ciphercores encrypt NAME -pass file:PW -pbkdf2 ...  a password, OpenSSL's Salted__ file
    ciphercores enc -aes-256-cbc -pbkdf2 -pass file:PW -in F -out F.enc
                                                        openssl enc's command line as it is
    ciphercores encrypt aes-128-gcm --key HEX --iv HEX [--aad HEX | --aad-file F] ...
                                                        ciphertext || 16-byte tag (GCM)
    ciphercores verify CORE [-P K=V ...]                official vectors through the RTL
    ciphercores bench cosim [CORE ...]                  co-simulation speed of the driver
    ciphercores demo                                    the same as `make demo`
    ciphercores synth | explore | results               the measurement flow (ciphercores.synth)
    ciphercores gui [--host H] [--port N]               the web GUI (docs/gui.md)
    ciphercores export CORE [-P K=V ...] -o DIR         a core (any kind) as a folder
    ciphercores exit-codes [-o FILE]                    the exit statuses (docs/exit-codes.md)

Cipher names as OpenSSL spells them (``aes-128-cbc``, ``des-ede3-cbc``, ``bf-ofb``;
``speck128-128-ctr`` for SPECK). Errors: one line on stderr, the error's exit status (see
docs/exit-codes.md), no key bytes in any message, no partial output file.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading

from .. import __version__
from ..errors import EXIT_INTERNAL, EXIT_INTERRUPTED, CipherCoresError
from ..frontend import redact
from . import (
    bench,
    crypt,
    datasheets,
    demo,
    enc,
    exitcodes,
    export,
    gui,
    prove,
    report,
    synth,
    verify,
)
from . import cores as cores_cmd
from .output import note

_SECRETS: list[str] = []  # the --key text of this call, hidden from every message


def _redact(message: str) -> str:
    """Hide keys in a message: the --key text of this call and anything that looks like one
    (8 or more hex digits), wherever the user typed it."""
    return redact(message, _SECRETS)


class _Parser(argparse.ArgumentParser):
    """argparse, except that usage errors never echo a key (see :func:`_redact`) and no
    option is taken from an abbreviation (``--ke`` is not ``--key``; ``-pass`` is not ``-p``
    with a value): every subcommand's parser is one of these."""

    def __init__(self, *args, **kwargs):
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {_redact(message)}\n")


#: the command groups in the order ``--help`` lists them; each adds its subcommands
COMMANDS = (cores_cmd, demo, synth, datasheets, crypt, enc, verify, prove, bench, report, export,
            gui, exitcodes)


#: options whose value is a secret (a key, a password): kept out of every message
_SECRET_OPTIONS = ("--key", "-K", "-k", "--k")
_PASS_OPTIONS = ("-pass", "--pass")


def _find_secrets(argv: list[str]) -> list[str]:
    """The keys and passwords typed on this command line (``--key``/``-K``, ``-k``, and
    ``-pass pass:TEXT``, with a space, ``=`` or, for ``-K``, nothing between)."""
    out = []
    for i, a in enumerate(argv):
        name, eq, inline = a.partition("=")
        value = inline if eq else (argv[i + 1] if i + 1 < len(argv) else None)
        if name in _SECRET_OPTIONS and value is not None:
            out.append(value.strip())
        elif name in _PASS_OPTIONS and value is not None and value.startswith("pass:"):
            out.append(value[5:].strip())
        elif a.startswith("-K") and len(a) > 2 and not eq:
            out.append(a[2:].strip())
    return [s for s in out if s]


class _Signalled(BaseException):
    """SIGTERM or SIGHUP, raised where the program is, so that every ``finally`` and
    ``except BaseException`` on the way runs: a regular output file's ``.part`` (which may
    hold plaintext that is not authenticated yet) is removed, as on Ctrl-C."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _stop_signals_raise():
    """SIGTERM and SIGHUP raise :class:`_Signalled` while a command runs (SIGINT already
    raises KeyboardInterrupt); the old handlers come back afterwards. Only in the main
    thread, where Python can set handlers."""
    old = {}
    if threading.current_thread() is threading.main_thread():
        def raise_(signum, frame):
            raise _Signalled(signum)

        for sig in (signal.SIGTERM, signal.SIGHUP):
            old[sig] = signal.signal(sig, raise_)
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _SECRETS[:] = _find_secrets(argv)
    ap = _Parser(prog="ciphercores",
                 description="open, verified FPGA block-cipher cores")
    ap.add_argument("--version", action="version", version=f"ciphercores {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    for group in COMMANDS:
        group.add(sub)
    try:
        with _stop_signals_raise():
            if argv and argv[0] == "enc":  # openssl's command line: not argparse's (cli.enc)
                return enc.main(argv[1:])
            args = ap.parse_args(argv)
            return args.func(args)
    except CipherCoresError as e:
        print(f"ciphercores: {_redact(str(e))}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        note("interrupted")
        return EXIT_INTERRUPTED
    except _Signalled as e:
        note(f"stopped by {signal.Signals(e.signum).name}")
        return 128 + e.signum
    except Exception as e:  # a bug: say what kind, never dump data that may hold a key
        if os.environ.get("CIPHERCORES_DEBUG"):
            raise
        note(f"internal error ({type(e).__name__}); set CIPHERCORES_DEBUG=1 for a traceback")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
