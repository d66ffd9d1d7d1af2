# SPDX-License-Identifier: Apache-2.0
"""Writing an output file so that no reader ever sees a partial one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import FileAccessError


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``: readers
    see the old file or the whole new one, and a failure leaves no partial file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise FileAccessError(f"cannot write {path}: {e.strerror or e}") from None
        raise
