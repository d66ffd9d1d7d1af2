# SPDX-License-Identifier: Apache-2.0
"""`ciphercores datasheets`: docs/cores/<core>.md and the README's core table."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    from ..datasheets import DIR, ROOT, write

    written = write()
    print(f"wrote {len(written) - 1} datasheet files under {DIR.relative_to(ROOT)}/ and the "
          "README's core table")
    return 0


def add(sub) -> None:
    p = sub.add_parser("datasheets", help="write docs/cores/<core>.md and the README's core "
                                          "table from the registry and the measurement records")
    p.set_defaults(func=run)
