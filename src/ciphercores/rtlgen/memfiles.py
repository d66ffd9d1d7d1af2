# SPDX-License-Identifier: Apache-2.0
"""Generated memory-init files of the RTL (``$readmemh`` images): check and write.

Each generator module (``rtlgen.aes``, ``rtlgen.blowfish``) says what its files hold; this module
is the one place that compares them with the tree and rewrites them:

    python -m ciphercores.rtlgen.NAME          # rewrite the files
    python -m ciphercores.rtlgen.NAME --check  # exit 1 if a file differs from what it should be
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from ..paths import RTL


def stale(folder: Path, files: dict[str, str]) -> list[str]:
    """Names of the files missing from ``folder`` or differing from the generated text."""
    return [name for name, txt in files.items()
            if not (folder / name).exists() or (folder / name).read_text() != txt]


def main(argv: list[str] | None, folder: Path, files: Callable[[], dict[str, str]],
         module: str) -> int:
    """The generator's command line: write the files, or with ``--check`` report stale ones."""
    argv = sys.argv[1:] if argv is None else argv
    root = RTL.parent
    where = folder.relative_to(root).as_posix() if folder.is_relative_to(root) else str(folder)
    if "--check" in argv:
        bad = stale(folder, files())
        for name in bad:
            print(f"{where}/{name} is out of date: run python -m {module}")
        return 1 if bad else 0
    folder.mkdir(parents=True, exist_ok=True)
    for name, txt in files().items():
        (folder / name).write_text(txt)
        print(f"wrote {where}/{name}")
    return 0
