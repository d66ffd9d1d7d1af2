# SPDX-License-Identifier: Apache-2.0
"""`ciphercores exit-codes`: the table of exit statuses (docs/exit-codes.md)."""

from __future__ import annotations

import argparse
import sys

from ..errors import exit_codes_markdown
from ..outfile import write_output


def run(args: argparse.Namespace) -> int:
    text = exit_codes_markdown()
    if args.output:
        write_output(args.output, text.encode())
    else:
        sys.stdout.write(text)
    return 0


def add(sub) -> None:
    p = sub.add_parser("exit-codes", help="the exit statuses of ciphercores, as Markdown",
                       description="Print (or write) the table of exit statuses that "
                                   "docs/exit-codes.md holds.")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write it to FILE (a regular file is replaced atomically)")
    p.set_defaults(func=run)
