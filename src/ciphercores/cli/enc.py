# SPDX-License-Identifier: Apache-2.0
"""`ciphercores enc`: `openssl enc`'s command line as it is, through the hardware.

    ciphercores enc -aes-256-cbc -pbkdf2 -pass file:pw -in f -out f.enc
    ciphercores enc -d -aes-256-cbc -pbkdf2 -pass file:pw -in f.enc -out f

The cipher's default core runs it (``--core`` and ``--software`` as for ``encrypt``). The
options are OpenSSL's (:mod:`.encopts`, one parser for this command and for the password
options of encrypt/decrypt); ``-K``, ``-iv`` and ``-S`` of the wrong length are padded or
cut with OpenSSL's warning, as ``openssl enc`` does. The run itself is
:func:`ciphercores.cli.crypt.run`.
"""

from __future__ import annotations

import argparse
import textwrap

from . import crypt, encopts

USAGE = "ciphercores enc -CIPHER [openssl enc options] [--core CORE | --software] [-v]"


def _row(left: str, text: str) -> list[str]:
    lines = textwrap.wrap(text, 100 - 36) or [""]
    out = [f"  {left:<33} {lines[0]}"] if len(left) <= 33 else [f"  {left}", 36 * " " + lines[0]]
    return out + [36 * " " + line for line in lines[1:]]


def help_text() -> str:
    rows = [f"usage: {USAGE}", "",
            "`openssl enc`'s command line, through the RTL cores (docs/architecture.md,",
            "command-line compatibility).", "", "options:"]
    for o in encopts.OPTIONS:
        rows += _row(", ".join(o.names) + (f" {o.metavar}" if o.metavar else ""), o.help)
    rows += _row("-CIPHER", "-aes-256-cbc, -des-ede3-cbc, -bf-cbc, -speck128-128-ctr, "
                            "-aes-256-gcm (ours), ...: -list lists them")
    rows += ["", "refused:"]
    for name, why in encopts.REFUSED.items():
        rows += _row(name, why)
    return "\n".join(rows) + "\n"


def main(argv: list[str]) -> int:
    """Parse (UsageError for a bad command line: exit 2) and run."""
    if any(a in encopts.HELP for a in argv):
        print(help_text(), end="")
        return 0
    if any(a in encopts.LIST for a in argv):
        names = [f"-{n}" for n in encopts.cipher_names()]
        print("Supported ciphers:")
        for i in range(0, len(names), 3):
            print(" ".join(f"{n:<24}" for n in names[i:i + 3]).rstrip())
        return 0
    args = encopts.parse_enc(argv)
    args.command = "enc"
    return crypt.run(args)


def add(sub) -> None:
    """`enc` in `ciphercores --help`; the command line itself is parsed by :func:`main`
    (argparse cannot read `-aes-256-cbc`), which cli.main calls directly."""
    p = sub.add_parser("enc", help="openssl enc's command line as it is, through the cores",
                       add_help=False, prefix_chars="+")
    p.add_argument("rest", nargs=argparse.REMAINDER)
    p.set_defaults(func=lambda args: main(args.rest))
