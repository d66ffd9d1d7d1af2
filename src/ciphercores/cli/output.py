# SPDX-License-Identifier: Apache-2.0
"""What every command of the CLI prints with: notes on stderr and aligned tables on stdout."""

from __future__ import annotations

import sys


def note(text: str) -> None:
    print(f"ciphercores: {text}", file=sys.stderr)


def print_table(rows: list[tuple[str, ...]]) -> None:
    """Rows of text in left-aligned columns, the first row the header."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
