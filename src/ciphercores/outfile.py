# SPDX-License-Identifier: Apache-2.0
"""Writing the files a user names (``-o``, ``--csv``, a report's folder), by one set of rules.

The path is resolved (symbolic links included) and what it finally names decides how it is
written:

- ``-``: standard output.
- a descriptor of this process (``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``,
  ``/proc/self/fd/N``): written through that descriptor, like ``-`` (a pipe stays a pipe, a
  file opened for appending is appended to).
- a character or block device, a FIFO or a socket: opened and written directly, in order;
  nothing is created, renamed or replaced, and no atomicity is possible.
- a regular file, directly or through symbolic links: the new content goes to a temporary
  file beside the final target (in the target's directory) that is then renamed over it, so
  readers see the old file or the whole new one; the file's mode (and, as root, its owner) is
  kept and every link on the way stays a link. A file that does not exist yet is created the
  same way (mode 0666 less the umask).
- a directory, or a path in a directory that does not exist: an error naming which.

A command that writes a folder of files (``export``) writes it whole or not at all
(:func:`new_folder`): into a temporary directory beside it, renamed into place at the end.

A write error (``ENOSPC`` on ``/dev/full``, a closed pipe) is a :class:`FileAccessError`
(its own exit status, docs/exit-codes.md); a failure while writing a regular file leaves the
old file as it was and no temporary file behind.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from .errors import FileAccessError

#: symbolic links followed before giving up (Linux's own limit)
MAX_LINKS = 40
_FD_DIR = re.compile(r"/proc/(\d+)(?:/task/\d+)?/fd")


@dataclass(frozen=True)
class Output:
    """A checked output destination (:func:`check_output`).

    ``kind`` is ``"stdout"``, ``"descriptor"`` (``fd`` of this process), ``"direct"`` (a
    device, FIFO or socket at ``target``), ``"file"`` (an existing regular file at
    ``target``, replaced atomically) or ``"new"`` (no file yet at ``target``)."""

    name: str  # the path as the user gave it, for messages
    kind: str
    target: str = ""  # the final path, all links resolved
    fd: int = -1
    mode: int = 0  # st_mode of an existing target
    uid: int = -1
    gid: int = -1

    @property
    def atomic(self) -> bool:
        return self.kind in ("file", "new")

    def write(self, data: bytes) -> None:
        """Write ``data`` as the whole content of the destination."""
        with self.open() as w:
            w.write(data)

    @contextmanager
    def open(self) -> Iterator[_Writer]:
        """A writer for the destination, written in order. For a regular file the content
        appears (atomically) when the block ends without an exception; with an exception the
        old file stays and the temporary file is removed."""
        if self.kind in ("stdout", "descriptor"):
            with self._descriptor() as w:
                yield w
        elif self.kind == "direct":
            with self._direct() as w:
                yield w
        else:
            with self._replace() as w:
                yield w

    # -- the three ways --------------------------------------------------------------------

    @contextmanager
    def _descriptor(self) -> Iterator[_Writer]:
        label = "standard output" if self.fd == 1 or self.kind == "stdout" else self.name
        fd = self.fd
        if self.kind == "stdout":
            sys.stdout.flush()
            try:
                fd = sys.stdout.fileno()
            except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation: a stream
                fd = -1
        elif fd in (1, 2):
            (sys.stdout if fd == 1 else sys.stderr).flush()
        w = _Writer(label, fd=fd, stream=None if fd >= 0 else sys.stdout.buffer)
        yield w
        w.flush()

    @contextmanager
    def _direct(self) -> Iterator[_Writer]:
        if stat.S_ISSOCK(self.mode):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                try:
                    sock.connect(self.target)
                except OSError as e:
                    raise _error(self.name, e) from None
                yield _Writer(self.name, fd=sock.fileno())
                sock.shutdown(socket.SHUT_WR)
            finally:
                sock.close()
            return
        try:  # no O_CREAT: a device or FIFO that vanished is not replaced by a file
            fd = os.open(self.target, os.O_WRONLY | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
        except OSError as e:
            raise _error(self.name, e) from None
        try:
            yield _Writer(self.name, fd=fd)
            if stat.S_ISBLK(self.mode):
                _call(self.name, os.fsync, fd)
        finally:
            os.close(fd)

    @contextmanager
    def _replace(self) -> Iterator[_Writer]:
        folder, base = os.path.split(self.target)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".part", dir=folder)
        except OSError as e:
            raise _error(self.name, e) from None
        try:
            try:
                made = os.fstat(fd)
                yield _Writer(self.name, fd=fd)
                _call(self.name, os.fsync, fd)
            finally:
                os.close(fd)
            if self.kind == "file":
                mode = stat.S_IMODE(self.mode)
                if os.geteuid() == 0 and (self.uid, self.gid) != (made.st_uid, made.st_gid):
                    _call(self.name, os.chown, tmp, self.uid, self.gid)
            else:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            _call(self.name, os.chmod, tmp, mode)
            _call(self.name, os.replace, tmp, self.target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise


class _Writer:
    """Writes bytes to a descriptor (or a stream, for a replaced ``sys.stdout``); an OSError
    becomes a :class:`FileAccessError` naming the destination."""

    def __init__(self, label: str, fd: int = -1, stream: BinaryIO | None = None):
        self.label, self.fd, self.stream = label, fd, stream

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        try:
            if self.stream is not None:
                self.stream.write(data)
            else:
                while view:
                    view = view[os.write(self.fd, view):]
        except OSError as e:
            raise _error(self.label, e) from None
        return len(data)

    def flush(self) -> None:
        if self.stream is not None:
            _call(self.label, self.stream.flush)


def _error(name: str, e: OSError) -> FileAccessError:
    return FileAccessError(f"cannot write {name}: {e.strerror or e}")


def _call(name: str, fn, *args) -> None:
    try:
        fn(*args)
    except OSError as e:
        raise _error(name, e) from None


# -- resolving and checking a path -----------------------------------------------------------

def _folder(name: str, folder: str) -> None:
    """FileAccessError unless ``folder`` (absolute) is an existing directory; it names the
    first directory on the way that does not exist (or is not a directory)."""
    if os.path.isdir(folder):
        return
    path = os.sep
    for part in folder.split(os.sep):
        path = os.path.join(path, part)
        if not os.path.isdir(path):
            what = "is not a directory" if os.path.lexists(path) else "does not exist"
            raise FileAccessError(f"cannot write {name}: directory {path} {what}")
    raise FileAccessError(f"cannot write {name}: directory {folder} cannot be reached")


def _resolve(name: str) -> tuple[str, int | None]:
    """(final path, descriptor) of ``name``: every symbolic link followed, each directory on
    the way checked; the descriptor is set when the path is one of this process's open
    descriptors (/dev/stdout, /dev/fd/N, /proc/self/fd/N)."""
    path = os.path.abspath(name)
    for _ in range(MAX_LINKS):
        parent, base = os.path.split(path)
        _folder(name, parent)
        parent = os.path.realpath(parent)
        full = os.path.join(parent, base)
        m = _FD_DIR.fullmatch(parent)
        if m and base.isdigit():
            # a descriptor's link in /proc names what the descriptor reaches, not a path to
            # follow (a pipe's is "pipe:[N]"): this process's own is written through itself
            return full, int(base) if int(m.group(1)) == os.getpid() else None
        if not os.path.islink(full):
            return full, None
        path = os.path.join(parent, os.readlink(full))
    raise FileAccessError(f"cannot write {name}: too many levels of symbolic links")


def check_output(name: str | None, input_name: str | None = None) -> Output:
    """Check where ``name`` (``None`` or ``-``: standard output) leads, before any work:
    FileAccessError for a directory, a missing or unwritable directory, a path that is the
    input file ``input_name``, or a descriptor that is not open."""
    if name is None or name == "-":
        return Output("-", "stdout", fd=1)
    if name.endswith("/") and not os.path.isdir(name):
        raise FileAccessError(f"cannot write {name}: a file name cannot end with /")
    target, fd = _resolve(name)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise _error(name, e) from None
    if fd is not None:
        if st is None:
            raise FileAccessError(f"cannot write {name}: descriptor {fd} is not open")
        return Output(name, "descriptor", target, fd=fd, mode=st.st_mode)
    shown = name if os.path.abspath(name) == target else f"{name} (-> {target})"
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise FileAccessError(f"cannot write {shown}: it is a directory")
    if st is not None and not stat.S_ISREG(st.st_mode):
        return Output(name, "direct", target, mode=st.st_mode)
    if input_name not in (None, "-") and st is not None:
        try:
            same = os.path.samestat(os.stat(input_name), st)
        except OSError:
            same = False
        if same:
            raise FileAccessError(f"output {name} is the input file: choose another name")
    folder = os.path.dirname(target)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileAccessError(f"cannot write {shown}: directory {folder} is not writable")
    if st is None:
        return Output(name, "new", target)
    if not os.access(target, os.W_OK):
        raise FileAccessError(f"cannot write {shown}: the file is read-only")
    return Output(name, "file", target, mode=st.st_mode, uid=st.st_uid, gid=st.st_gid)


def write_output(name: str | Path | None, data: bytes) -> None:
    """Write ``data`` to ``name`` (``None`` or ``-``: standard output) by the rules above."""
    check_output(None if name is None else str(name)).write(data)


def output_folder(name: str | Path) -> Path:
    """The folder ``name`` for a command that writes several files (a report): an existing
    directory (or a link to one) is used, a missing one is created in an existing
    directory; anything else is a FileAccessError naming what is wrong."""
    text = str(name)
    path = os.path.abspath(text)
    if os.path.isdir(path):
        return Path(text)
    if os.path.lexists(path):
        raise FileAccessError(f"cannot write into {text}: it exists and is not a directory")
    parent = os.path.dirname(path)
    _folder(text, parent)
    try:
        os.mkdir(path)
    except OSError as e:
        raise _error(text, e) from None
    return Path(text)


@contextmanager
def new_folder(name: str | Path, replace: Callable[[Path], bool] | None = None,
               refused: str = "") -> Iterator[Path]:
    """A folder written whole or not at all (``ciphercores export``): the block writes into a
    temporary directory beside the final one (yielded), which is renamed to ``name`` when the
    block ends without an exception; with an exception it is removed and nothing appears.

    Links on the way are followed, as for a file. A missing directory on the way is an error
    naming it; so is a path that exists and is not a directory. An empty directory is
    replaced; a non-empty one only where ``replace(path)`` says so (a folder this command
    wrote before), else the error says it is not empty, followed by ``refused``. A replaced
    folder is renamed away, the new one renamed in, and only then the old one removed."""
    text = str(name)
    target, fd = _resolve(text.rstrip(os.sep) or text)
    if fd is not None:
        raise FileAccessError(f"cannot write into {text}: a descriptor is not a directory")
    old = False
    if os.path.lexists(target):
        if not os.path.isdir(target):
            raise FileAccessError(f"cannot write into {text}: it exists and is not a directory")
        if os.listdir(target):
            if replace is None or not replace(Path(target)):
                raise FileAccessError(f"cannot write into {text}: the directory is not empty"
                                      + (f" ({refused})" if refused else ""))
            old = True
    parent, base = os.path.split(target)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise FileAccessError(f"cannot write into {text}: directory {parent} is not writable")
    try:
        tmp = tempfile.mkdtemp(prefix=f".{base}.", suffix=".part", dir=parent)
    except OSError as e:
        raise _error(text, e) from None
    try:
        yield Path(tmp)
        umask = os.umask(0)
        os.umask(umask)
        _call(text, os.chmod, tmp, 0o777 & ~umask)
        if not old:
            _call(text, os.rename, tmp, target)
            return
        trash = tempfile.mkdtemp(prefix=f".{base}.", suffix=".old", dir=parent)
        _call(text, os.rename, target, os.path.join(trash, base))
        try:
            _call(text, os.rename, tmp, target)
        except BaseException:
            os.rename(os.path.join(trash, base), target)
            raise
        shutil.rmtree(trash, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


__all__ = ["Output", "check_output", "new_folder", "output_folder", "write_output"]
