# SPDX-License-Identifier: Apache-2.0
"""Writing the files a user names (``-o``, ``--csv``, a report's folder), by one set of rules.

The path is resolved here, a component at a time through directory descriptors (symbolic links
included), and what it finally names decides how it is written. A symbolic link in a sticky
world-writable directory (``/tmp``) is followed only if it belongs to the user (the effective
uid) or to the directory's owner: the kernel's ``fs.protected_symlinks`` rule, which resolving
links here would otherwise get around, applied to every link on the way (the kernel checks only
the last). Another user's link there is a :class:`FileAccessError` and nothing is written.

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

The path is checked before any work (:func:`check_output`) and resolved again, by the same
rules, when the writing starts; the directory found then is held by a descriptor and every later
step (creating the temporary file, opening a device or FIFO with ``O_NOFOLLOW``, the final
rename) is relative to it. What it finds must be what was checked (the same directory, the same
file or still none), and the file is checked once more just before the rename: a path swapped in
between (a directory for a link, a FIFO for a link to another file) is an error, never a write
somewhere else.

A write error (``ENOSPC`` on ``/dev/full``, a closed pipe) is a :class:`FileAccessError`
(its own exit status, docs/exit-codes.md); a failure while writing a regular file leaves the
old file as it was and no temporary file behind.
"""

from __future__ import annotations

import os
import re
import secrets
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
#: a directory held for *at calls, and a name looked at without following it
_DIR = os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC
_NAME = os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC


@dataclass(frozen=True)
class Output:
    """A checked output destination (:func:`check_output`).

    ``kind`` is ``"stdout"``, ``"descriptor"`` (``fd`` of this process), ``"direct"`` (a
    device, FIFO or socket at ``target``), ``"file"`` (an existing regular file at
    ``target``, replaced atomically) or ``"new"`` (no file yet at ``target``). ``node`` and
    ``folder`` are the (st_dev, st_ino) of the target (none for ``"new"``) and of its
    directory, as checked: writing goes ahead only where they are still the same."""

    name: str  # the path as the user gave it, for messages
    kind: str
    target: str = ""  # the final path, all links resolved
    fd: int = -1
    mode: int = 0  # st_mode of an existing target
    uid: int = -1
    gid: int = -1
    node: tuple[int, int] | None = None
    folder: tuple[int, int] | None = None
    proc: bool = False  # another process's descriptor link in /proc, opened by following it

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
            return
        with _walk(self.name) as found:
            self._same(found)
            if self.kind == "direct":
                with self._direct(found) as w:
                    yield w
            else:
                with self._replace(found) as w:
                    yield w

    def _same(self, found: _Found) -> None:
        """FileAccessError unless ``found`` (the path resolved again, now) is what was
        checked."""
        if (found.path, _id(os.fstat(found.dirfd)), found.node) != (
                self.target, self.folder, self.node):
            raise self._changed()

    def _changed(self) -> FileAccessError:
        return FileAccessError(f"cannot write {self.name}: it changed after it was checked "
                               f"(now {_describe(self.name)}); nothing was written")

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
    def _direct(self, found: _Found) -> Iterator[_Writer]:
        # no O_CREAT: a device or FIFO that vanished is not replaced by a file; O_NOFOLLOW:
        # a link put in its place is not followed (/proc's descriptor links are the exception)
        flags = os.O_NOCTTY | os.O_CLOEXEC | (0 if self.proc else os.O_NOFOLLOW)
        if stat.S_ISSOCK(self.mode):  # the socket itself, connected to through its link
            flags = os.O_PATH | os.O_CLOEXEC | (0 if self.proc else os.O_NOFOLLOW)
        else:
            flags |= os.O_WRONLY
        try:
            fd = os.open(found.base, flags, dir_fd=found.dirfd)
        except OSError as e:
            raise _error(self.name, e) from None
        try:
            if _id(os.fstat(fd)) != self.node:
                raise self._changed()
            if stat.S_ISSOCK(self.mode):
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                    _call(self.name, sock.connect, f"/proc/self/fd/{fd}")
                    yield _Writer(self.name, fd=sock.fileno())
                    sock.shutdown(socket.SHUT_WR)
                return
            yield _Writer(self.name, fd=fd)
            if stat.S_ISBLK(self.mode):
                _call(self.name, os.fsync, fd)
        finally:
            os.close(fd)

    @contextmanager
    def _replace(self, found: _Found) -> Iterator[_Writer]:
        folder, base = found.dirfd, found.base
        fd, tmp = _temporary(self.name, base, folder)
        try:
            try:
                yield _Writer(self.name, fd=fd)
                if self.kind == "file":
                    mode = stat.S_IMODE(self.mode)
                    made = os.fstat(fd)
                    if os.geteuid() == 0 and (self.uid, self.gid) != (made.st_uid, made.st_gid):
                        _call(self.name, os.fchown, fd, self.uid, self.gid)
                else:
                    umask = os.umask(0)
                    os.umask(umask)
                    mode = 0o666 & ~umask
                _call(self.name, os.fchmod, fd, mode)
                _call(self.name, os.fsync, fd)
            finally:
                os.close(fd)
            # the name still holds what was checked (the same file, or none), in the same
            # directory: the rename cannot replace anything else
            if _lookup(base, folder) != self.node:
                raise self._changed()
            _call(self.name, os.replace, tmp, base, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=folder)
            except OSError:
                pass
            raise


def _temporary(name: str, base: str, folder: int) -> tuple[int, str]:
    """(descriptor, name) of a new empty file ``.BASE.XXXXXXXX.part`` (mode 0600) in the
    directory ``folder``, made by this call (O_EXCL, not a link)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(100):
        tmp = f".{base}.{secrets.token_hex(4)}.part"
        try:
            return os.open(tmp, flags, 0o600, dir_fd=folder), tmp
        except FileExistsError:
            continue
        except OSError as e:
            raise _error(name, e) from None
    raise FileAccessError(f"cannot write {name}: no free temporary name beside it")


def _id(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def _lookup(base: str, folder: int) -> tuple[int, int] | None:
    """(st_dev, st_ino) of ``base`` in the directory ``folder``, not followed; None if
    missing."""
    try:
        return _id(os.stat(base, dir_fd=folder, follow_symlinks=False))
    except FileNotFoundError:
        return None


def _describe(name: str) -> str:
    try:
        with _walk(name) as found:
            st = found.st
    except FileAccessError as e:
        return str(e).split(": ", 1)[-1]
    if st is None:
        return "missing"
    kinds = ((stat.S_ISREG, "a file"), (stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
             (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    what = next((text for test, text in kinds if test(st.st_mode)), "a special file")
    return f"{what} at {found.path}"


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


def _call(name: str, fn, *args, **kwargs) -> None:
    try:
        fn(*args, **kwargs)
    except OSError as e:
        raise _error(name, e) from None


# -- resolving and checking a path -----------------------------------------------------------

@dataclass
class _Found:
    """Where :func:`_walk` led: ``base`` (never a link; ``""`` where the path ends in a
    directory itself, ``/`` or ``..``) in the directory held by ``dirfd``, at ``path`` (every
    link resolved). ``st`` is its lstat (None: missing); ``fd`` the descriptor of this process
    it names (/proc/self/fd/N), ``proc`` whether it is such a link of any process (``st``
    then describes what it leads to)."""

    path: str
    dirfd: int
    base: str
    st: os.stat_result | None
    fd: int | None = None
    proc: bool = False

    @property
    def node(self) -> tuple[int, int] | None:
        return None if self.st is None else _id(self.st)


def _may_follow(name: str, link: str, folder: os.stat_result, st: os.stat_result) -> None:
    """The kernel's fs.protected_symlinks rule: in a sticky world-writable directory, only a
    link of the user (effective uid) or of the directory's owner is followed."""
    sticky = folder.st_mode & (stat.S_ISVTX | stat.S_IWOTH) == stat.S_ISVTX | stat.S_IWOTH
    if sticky and st.st_uid not in (os.geteuid(), folder.st_uid):
        raise FileAccessError(
            f"cannot write {name}: {link} is a symbolic link of another user (uid "
            f"{st.st_uid}) in a sticky world-writable directory: not followed")


def _find(name: str) -> _Found:
    """Resolve ``name`` a component at a time from ``/``, each one looked at without
    following it (O_PATH | O_NOFOLLOW), each link followed by :func:`_may_follow`'s rule; a
    missing or non-directory component on the way is named."""
    parts = os.path.abspath(name).split(os.sep)[1:]
    dirfd, where, links = os.open(os.sep, _DIR), os.sep, 0

    def enter(fd: int, path: str) -> None:
        nonlocal dirfd, where
        os.close(dirfd)
        dirfd, where = fd, path

    try:
        while True:
            comp = parts.pop(0) if parts else ""
            last = not parts
            if comp in ("", ".", ".."):
                if comp == "..":
                    enter(os.open("..", _DIR, dir_fd=dirfd), os.path.dirname(where))
                if last:
                    return _Found(where, dirfd, "", os.fstat(dirfd))
                continue
            full = os.path.join(where, comp)
            m = _FD_DIR.fullmatch(where)
            if last and m and comp.isdigit():
                # a descriptor's link in /proc names what the descriptor reaches, not a path to
                # follow (a pipe's is "pipe:[N]"): this process's own is written through itself
                own = int(m.group(1)) == os.getpid()
                try:
                    st = os.stat(comp, dir_fd=dirfd)
                except FileNotFoundError:
                    st = None
                if own and int(comp) == dirfd:
                    # the walk's own descriptor took the number, so it was free: not open
                    st = None
                return _Found(full, dirfd, comp, st, int(comp) if own else None, proc=True)
            try:
                fd = os.open(comp, _NAME, dir_fd=dirfd)
            except FileNotFoundError:
                if last:
                    return _Found(full, dirfd, comp, None)
                raise FileAccessError(
                    f"cannot write {name}: directory {full} does not exist") from None
            except OSError as e:
                raise _error(name, e) from None
            st = os.fstat(fd)
            if stat.S_ISLNK(st.st_mode):
                try:
                    links += 1
                    if links > MAX_LINKS:
                        raise FileAccessError(
                            f"cannot write {name}: too many levels of symbolic links")
                    _may_follow(name, full, os.fstat(dirfd), st)
                    text = os.readlink("", dir_fd=fd)  # the link looked at, not the name again
                finally:
                    os.close(fd)
                parts[:0] = text.split(os.sep)
                if text.startswith(os.sep):
                    enter(os.open(os.sep, _DIR), os.sep)
                    parts.pop(0)
                continue
            if last:
                os.close(fd)
                return _Found(full, dirfd, comp, st)
            if not stat.S_ISDIR(st.st_mode):
                os.close(fd)
                raise FileAccessError(f"cannot write {name}: directory {full} is not a directory")
            enter(fd, full)
    except BaseException as e:
        os.close(dirfd)
        if isinstance(e, OSError):  # a directory that cannot be searched, a link not read
            raise _error(name, e) from None
        raise


@contextmanager
def _walk(name: str) -> Iterator[_Found]:
    """:func:`_find` with its directory descriptor closed at the end of the block."""
    found = _find(name)
    try:
        yield found
    finally:
        os.close(found.dirfd)


def check_output(name: str | None, input_name: str | None = None) -> Output:
    """Check where ``name`` (``None`` or ``-``: standard output) leads, before any work:
    FileAccessError for a directory, a missing or unwritable directory, another user's link in
    a sticky world-writable directory, a path that is the input file ``input_name``, or a
    descriptor that is not open."""
    if name is None or name == "-":
        return Output("-", "stdout", fd=1)
    if name.endswith("/") and not os.path.isdir(name):
        raise FileAccessError(f"cannot write {name}: a file name cannot end with /")
    with _walk(name) as found:
        target, st, fd = found.path, found.st, found.fd
        where = {"target": target, "node": found.node, "folder": _id(os.fstat(found.dirfd)),
                 "proc": found.proc}
        writable = found.base and os.access(".", os.W_OK | os.X_OK, dir_fd=found.dirfd)
    if fd is not None:
        if st is None:
            raise FileAccessError(f"cannot write {name}: descriptor {fd} is not open")
        return Output(name, "descriptor", target, fd=fd, mode=st.st_mode)
    shown = name if os.path.abspath(name) == target else f"{name} (-> {target})"
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise FileAccessError(f"cannot write {shown}: it is a directory")
    if st is not None and not stat.S_ISREG(st.st_mode):
        return Output(name, "direct", mode=st.st_mode, **where)
    if input_name not in (None, "-") and st is not None:
        try:
            same = os.path.samestat(os.stat(input_name), st)
        except OSError:
            same = False
        if same:
            raise FileAccessError(f"output {name} is the input file: choose another name")
    if not writable:
        folder = os.path.dirname(target)
        raise FileAccessError(f"cannot write {shown}: directory {folder} is not writable")
    if st is None:
        return Output(name, "new", **where)
    if not os.access(target, os.W_OK):
        raise FileAccessError(f"cannot write {shown}: the file is read-only")
    return Output(name, "file", mode=st.st_mode, uid=st.st_uid, gid=st.st_gid, **where)


def write_output(name: str | Path | None, data: bytes) -> None:
    """Write ``data`` to ``name`` (``None`` or ``-``: standard output) by the rules above."""
    check_output(None if name is None else str(name)).write(data)


def output_folder(name: str | Path) -> Path:
    """The folder ``name`` for a command that writes several files (a report): an existing
    directory (or a link to one) is used, a missing one is created in an existing
    directory; anything else is a FileAccessError naming what is wrong."""
    text = str(name)
    with _walk(text) as found:
        if found.st is not None and stat.S_ISDIR(found.st.st_mode):
            return Path(text)
        if found.st is not None:
            raise FileAccessError(f"cannot write into {text}: it exists and is not a directory")
        _call(text, os.mkdir, found.base, dir_fd=found.dirfd)
    return Path(text)


@contextmanager
def new_folder(name: str | Path, replace: Callable[[Path], bool] | None = None,
               refused: str = "") -> Iterator[Path]:
    """A folder written whole or not at all (``ciphercores export``): the block writes into a
    temporary directory beside the final one (yielded), which is renamed to ``name`` when the
    block ends without an exception; with an exception it is removed and nothing appears.

    Links on the way are followed, as for a file (another user's in a sticky world-writable
    directory is refused). A missing directory on the way is an error
    naming it; so is a path that exists and is not a directory. An empty directory is
    replaced; a non-empty one only where ``replace(path)`` says so (a folder this command
    wrote before), else the error says it is not empty, followed by ``refused``. A replaced
    folder is renamed away, the new one renamed in, and only then the old one removed."""
    text = str(name)
    with _walk(text.rstrip(os.sep) or text) as found:  # path-based from here on
        target, fd = found.path, found.fd
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
