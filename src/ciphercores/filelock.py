# SPDX-License-Identifier: Apache-2.0
"""An exclusive lock on a file, shared by every process that builds into a common directory.

The simulation runner (tests under pytest-xdist, where two test files may build the same core
with the same parameters at once) and the co-simulation driver (CLI, GUI and tests sharing the
user's cache) both take it before building, so that one process never executes or links a
binary that another is still writing.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (created if missing) for the ``with`` body."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
