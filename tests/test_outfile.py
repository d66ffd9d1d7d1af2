# SPDX-License-Identifier: Apache-2.0
"""ciphercores.outfile: what a named output path finally is decides how it is written (issue
33, item 1). Every special file here is made in a temporary directory (device nodes with
os.mknod, as root), never a real /dev entry; each test also checks that nothing else in the
directory was created, replaced or left behind."""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest

from ciphercores import outfile
from ciphercores.errors import FileAccessError

DATA = bytes(range(256)) * 300  # 76,800 bytes: more than a pipe holds at once

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="os.mknod of a device needs root")


def _listing(folder: Path) -> dict[str, tuple[int, str]]:
    """name -> (file type bits, link text or '') of everything in ``folder``."""
    out = {}
    for p in folder.iterdir():
        st = os.lstat(p)
        out[p.name] = (stat.S_IFMT(st.st_mode), os.readlink(p) if p.is_symlink() else "")
    return out


def _reader(path: Path, got: list[bytes]) -> threading.Thread:
    def read() -> None:
        with open(path, "rb") as f:
            got.append(f.read())

    t = threading.Thread(target=read, daemon=True)
    t.start()
    return t


def test_new_file_gets_the_umask_mode(tmp_path):
    target = tmp_path / "new.bin"
    outfile.write_output(target, DATA)
    assert target.read_bytes() == DATA
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert sorted(_listing(tmp_path)) == ["new.bin"]  # no temporary file left


def test_existing_file_replaced_atomically_keeping_its_mode(tmp_path):
    target = tmp_path / "old.bin"
    target.write_bytes(b"old content that is longer than nothing")
    os.chmod(target, 0o640)
    before = target.stat().st_ino
    outfile.write_output(str(target), DATA)
    assert target.read_bytes() == DATA
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.stat().st_ino != before  # a new file renamed over it, not rewritten in place
    assert sorted(_listing(tmp_path)) == ["old.bin"]


def test_symlink_chain_stays_links_and_the_final_file_is_replaced(tmp_path):
    """a -> sub/b -> ../c (relative) -> real/file.bin, with a linked directory on the way:
    only the final file changes, in its own directory, with its mode."""
    (tmp_path / "real").mkdir()
    final = tmp_path / "real" / "file.bin"
    final.write_bytes(b"before")
    os.chmod(final, 0o600)
    (tmp_path / "sub").mkdir()
    os.symlink("real", tmp_path / "realdir")  # a linked directory
    os.symlink("realdir/file.bin", tmp_path / "c")
    os.symlink("../c", tmp_path / "sub" / "b")
    os.symlink(tmp_path / "sub" / "b", tmp_path / "a")
    links = {n: os.readlink(tmp_path / n) for n in ("a", "c", "realdir")}
    out = outfile.check_output(str(tmp_path / "a"))
    assert out.kind == "file" and out.target == str(final)
    out.write(DATA)
    assert final.read_bytes() == DATA and (tmp_path / "a").read_bytes() == DATA
    assert stat.S_IMODE(final.stat().st_mode) == 0o600
    assert {n: os.readlink(tmp_path / n) for n in links} == links
    assert os.readlink(tmp_path / "sub" / "b") == "../c"
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["file.bin"]


def test_dangling_symlink_creates_its_target_and_stays_a_link(tmp_path):
    os.symlink("made.bin", tmp_path / "link")
    outfile.write_output(tmp_path / "link", DATA)
    assert os.readlink(tmp_path / "link") == "made.bin"
    assert (tmp_path / "made.bin").read_bytes() == DATA


def test_fifo_is_written_directly(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    t = _reader(fifo, got)
    out = outfile.check_output(str(fifo))
    assert out.kind == "direct" and not out.atomic
    out.write(DATA)
    t.join(10)
    assert got == [DATA]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(_listing(tmp_path)) == ["fifo"]


def test_symlink_to_a_fifo_is_written_through(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    os.symlink("fifo", tmp_path / "link")
    got: list[bytes] = []
    t = _reader(tmp_path / "fifo", got)
    outfile.write_output(tmp_path / "link", DATA)
    t.join(10)
    assert got == [DATA]
    assert os.readlink(tmp_path / "link") == "fifo"
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode)


def test_socket_is_written_through_a_connection(tmp_path):
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    got: list[bytes] = []

    def serve() -> None:
        conn, _ = server.accept()
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
        got.append(b"".join(chunks))
        conn.close()

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    try:
        outfile.write_output(path, DATA)
        t.join(10)
    finally:
        server.close()
    assert got == [DATA]
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


@needs_root
def test_null_device_node_is_written_and_kept(tmp_path):
    node = tmp_path / "null"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    os.symlink("null", tmp_path / "link")
    for name in (node, tmp_path / "link"):
        out = outfile.check_output(str(name))
        assert out.kind == "direct"
        out.write(DATA)
    st = os.lstat(node)
    assert stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 3)
    assert os.readlink(tmp_path / "link") == "null"
    assert sorted(_listing(tmp_path)) == ["link", "null"]


@needs_root
def test_full_device_node_is_a_clear_error(tmp_path):
    node = tmp_path / "full"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    with pytest.raises(FileAccessError, match="cannot write .*full: No space left on device"):
        outfile.write_output(node, DATA)
    st = os.lstat(node)
    assert stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 7)
    assert sorted(_listing(tmp_path)) == ["full"]


def _fd_link(tmp: Path, fd: int) -> str:
    """A link to /proc/self/fd/N, as /dev/fd/N is: made here, so that a regression cannot
    replace anything in /dev."""
    link = tmp / f"fd{fd}"
    os.symlink(f"/proc/self/fd/{fd}", link)
    return str(link)


def test_own_descriptor_is_written_through_itself(tmp_path):
    """/proc/self/fd/N of this process is the descriptor (here a pipe), not a path to
    replace."""
    r, w = os.pipe()
    try:
        out = outfile.check_output(_fd_link(tmp_path, w))
        assert out.kind == "descriptor" and out.fd == w
        out.write(b"through the pipe")
        os.close(w)
        w = -1
        assert os.read(r, 100) == b"through the pipe"
    finally:
        os.close(r)
        if w >= 0:
            os.close(w)


def test_closed_descriptor_is_an_error(tmp_path):
    r, w = os.pipe()
    os.close(r)
    os.close(w)
    with pytest.raises(FileAccessError, match=f"descriptor {w} is not open"):
        outfile.check_output(_fd_link(tmp_path, w))


def test_closed_pipe_is_a_clear_error(tmp_path):
    r, w = os.pipe()
    os.close(r)
    try:
        with pytest.raises(FileAccessError, match="Broken pipe"):
            outfile.write_output(_fd_link(tmp_path, w), b"x")
    finally:
        os.close(w)


@pytest.mark.parametrize("how", ["directory", "link to a directory"])
def test_directory_is_an_error(tmp_path, how):
    (tmp_path / "d").mkdir()
    name = tmp_path / "d"
    if how != "directory":
        os.symlink("d", tmp_path / "link")
        name = tmp_path / "link"
    before = _listing(tmp_path)
    with pytest.raises(FileAccessError, match="is a directory"):
        outfile.write_output(name, DATA)
    assert _listing(tmp_path) == before and list((tmp_path / "d").iterdir()) == []


def test_missing_or_non_directory_parent_is_named(tmp_path):
    with pytest.raises(FileAccessError, match=f"directory {tmp_path / 'no'} does not exist"):
        outfile.check_output(str(tmp_path / "no" / "such" / "o.bin"))
    (tmp_path / "f").write_bytes(b"")
    with pytest.raises(FileAccessError, match=f"directory {tmp_path / 'f'} is not a directory"):
        outfile.check_output(str(tmp_path / "f" / "o.bin"))
    os.symlink("gone/o.bin", tmp_path / "dangling")  # a link into a missing directory
    with pytest.raises(FileAccessError, match=f"directory {tmp_path / 'gone'} does not exist"):
        outfile.check_output(str(tmp_path / "dangling"))
    with pytest.raises(FileAccessError, match="cannot end with /"):
        outfile.check_output(str(tmp_path / "x") + "/")
    assert sorted(_listing(tmp_path)) == ["dangling", "f"]


def test_symlink_loop_is_an_error(tmp_path):
    os.symlink("b", tmp_path / "a")
    os.symlink("a", tmp_path / "b")
    with pytest.raises(FileAccessError, match="too many levels of symbolic links"):
        outfile.check_output(str(tmp_path / "a"))


def test_output_that_is_the_input_is_refused(tmp_path):
    src = tmp_path / "in.bin"
    src.write_bytes(b"input")
    os.symlink("in.bin", tmp_path / "link")
    with pytest.raises(FileAccessError, match="is the input file"):
        outfile.check_output(str(tmp_path / "link"), str(src))


def test_failure_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "o.bin"
    target.write_bytes(b"previous")

    def boom(*a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(FileAccessError, match="No space left"):
        outfile.write_output(target, DATA)
    assert target.read_bytes() == b"previous"
    assert sorted(_listing(tmp_path)) == ["o.bin"]
    with pytest.raises(RuntimeError), outfile.check_output(str(target)).open() as w:
        w.write(b"half")  # an error of the writer's user (a bad tag, say): nothing written
        raise RuntimeError
    assert target.read_bytes() == b"previous"
    assert sorted(_listing(tmp_path)) == ["o.bin"]


def test_output_folder(tmp_path):
    assert outfile.output_folder(tmp_path / "rep") == tmp_path / "rep"
    assert (tmp_path / "rep").is_dir()
    os.symlink("rep", tmp_path / "link")
    assert outfile.output_folder(tmp_path / "link") == tmp_path / "link"
    (tmp_path / "f").write_bytes(b"keep")
    with pytest.raises(FileAccessError, match="not a directory"):
        outfile.output_folder(tmp_path / "f")
    with pytest.raises(FileAccessError, match="does not exist"):
        outfile.output_folder(tmp_path / "no" / "rep")
    assert (tmp_path / "f").read_bytes() == b"keep"
    assert sorted(_listing(tmp_path)) == ["f", "link", "rep"]
