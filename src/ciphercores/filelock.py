# SPDX-License-Identifier: Apache-2.0
"""An exclusive lock on a file, shared by every process that builds into a common directory.

The simulation runner (tests under pytest-xdist, where two test files may build the same core
with the same parameters at once) and the co-simulation driver (CLI, GUI and tests sharing the
user's cache) both take it before building, so that one process never executes or links a
binary that another is still writing.
"""

from __future__ import annotations

import fcntl
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def locked(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (created if missing) for the ``with`` body;
    with ``timeout`` (seconds), give up waiting for it after that long (``TimeoutError``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        if timeout is None:
            fcntl.flock(f, fcntl.LOCK_EX)
        else:
            end = time.monotonic() + timeout
            while True:
                try:
                    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= end:
                        raise TimeoutError(f"{path} held for over {timeout:g} s") from None
                    time.sleep(min(0.1, max(0.0, end - time.monotonic())))
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
