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


@pytest.mark.parametrize("lowest", [False, True], ids=["not the lowest free", "lowest free"])
def test_closed_descriptor_is_an_error(tmp_path, lowest):
    """Also when the closed number is the lowest free one, which the path's own walk (its
    directory descriptors) takes: it must not pass for the descriptor it names."""
    r, w = os.pipe()
    os.close(r)
    os.close(w)
    fd = r if lowest else w
    with pytest.raises(FileAccessError, match=f"descriptor {fd} is not open"):
        outfile.check_output(_fd_link(tmp_path, fd))


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


# -- other users' links, and paths changed after the check ---------------------------------

OTHER = 65534  # nobody: a user other than this one (root, where these tests run)


def _shared(tmp_path: Path, mode: int = 0o1777, owner: int = 0) -> Path:
    """A directory like /tmp (sticky, world-writable by default), owned by ``owner``."""
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chown(shared, owner, owner)
    os.chmod(shared, mode)
    return shared


def _victim(folder: Path) -> Path:
    """A file of the user's (root's) own, 0600, that no one else may get written."""
    folder.mkdir(exist_ok=True)
    victim = folder / "secret.bin"
    victim.write_bytes(b"root's own")
    os.chmod(victim, 0o600)
    return victim


@needs_root
@pytest.mark.parametrize("where", ["last", "on the way"])
def test_other_users_link_in_a_sticky_directory_is_refused(tmp_path, where):
    """The kernel's fs.protected_symlinks rule: another user's link in a sticky world-writable
    directory is not followed, as the last component (-o /tmp/x) or a directory on the way
    (-o /tmp/x/secret.bin; stricter than the kernel there), and nothing is written."""
    victim = _victim(tmp_path / "private")
    shared = _shared(tmp_path)
    if where == "last":
        link, name = shared / "out.bin", shared / "out.bin"
        os.symlink(victim, link)
    else:
        link, name = shared / "dir", shared / "dir" / "secret.bin"
        os.symlink(victim.parent, link)
    os.lchown(link, OTHER, OTHER)
    before = _listing(shared), _listing(victim.parent)
    refused = (f"cannot write {name}: {link} is a symbolic link of another user "
               f"\\(uid {OTHER}\\) in a sticky world-writable directory: not followed")
    with pytest.raises(FileAccessError, match=refused):
        outfile.check_output(str(name))
    with pytest.raises(FileAccessError, match=refused):
        outfile.write_output(name, DATA)
    if where != "last":
        with pytest.raises(FileAccessError, match="not followed"):
            outfile.output_folder(name)
        with pytest.raises(FileAccessError, match="not followed"), outfile.new_folder(name):
            pass
    assert victim.read_bytes() == b"root's own"
    assert stat.S_IMODE(victim.stat().st_mode) == 0o600
    assert (_listing(shared), _listing(victim.parent)) == before


@needs_root
@pytest.mark.parametrize("case", ["the user's", "the directory owner's", "not sticky",
                                  "sticky, not world-writable"])
def test_links_the_rule_allows_are_followed(tmp_path, case):
    """The user's own link and the directory owner's in a sticky world-writable directory
    are followed, and any link where the directory is not both sticky and world-writable: the
    final file replaced, the link kept."""
    mode, owner, link_owner = {"the user's": (0o1777, OTHER, 0),
                               "the directory owner's": (0o1777, OTHER, OTHER),
                               "not sticky": (0o777, 0, OTHER),
                               "sticky, not world-writable": (0o1775, 0, OTHER)}[case]
    final = _victim(tmp_path / "data")
    shared = _shared(tmp_path, mode, owner)
    os.symlink(final, shared / "out.bin")
    os.lchown(shared / "out.bin", link_owner, link_owner)
    outfile.write_output(shared / "out.bin", DATA)
    assert final.read_bytes() == DATA and stat.S_IMODE(final.stat().st_mode) == 0o600
    assert os.readlink(shared / "out.bin") == str(final)
    assert sorted(_listing(shared)) == ["out.bin"]
    assert sorted(_listing(final.parent)) == ["secret.bin"]


def _no_parts(tmp_path: Path) -> None:
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".part")]


def test_directory_swapped_for_a_link_after_the_check_is_an_error(tmp_path):
    """-o d/out.bin checked, then d renamed away and a link d -> victim's directory put in its
    place before the writing starts: the write does not go through the link."""
    victim = _victim(tmp_path / "victim")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "secret.bin").write_bytes(b"old")
    out = outfile.check_output(str(tmp_path / "d" / "secret.bin"))
    os.rename(tmp_path / "d", tmp_path / "moved")
    os.symlink("victim", tmp_path / "d")
    with pytest.raises(FileAccessError, match="it changed after it was checked"):
        out.write(DATA)
    assert victim.read_bytes() == b"root's own"
    assert (tmp_path / "moved" / "secret.bin").read_bytes() == b"old"
    _no_parts(tmp_path)


def test_directory_swapped_during_the_write_does_not_redirect_the_rename(tmp_path):
    """The same swap while the output is being written: the rename happens in the directory
    that was checked (held open), wherever it now is, never in the victim's."""
    victim = _victim(tmp_path / "victim")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "secret.bin").write_bytes(b"old")
    out = outfile.check_output(str(tmp_path / "d" / "secret.bin"))
    with out.open() as w:
        w.write(DATA)
        os.rename(tmp_path / "d", tmp_path / "moved")
        os.symlink("victim", tmp_path / "d")
    assert victim.read_bytes() == b"root's own"
    assert sorted(_listing(victim.parent)) == ["secret.bin"]
    assert (tmp_path / "moved" / "secret.bin").read_bytes() == DATA
    _no_parts(tmp_path)


def test_file_replaced_during_the_write_is_not_replaced(tmp_path):
    """Only the file that was checked is replaced: another one renamed to its name meanwhile
    stays, and the temporary file goes."""
    target = tmp_path / "out.bin"
    target.write_bytes(b"checked")
    out = outfile.check_output(str(target))
    with pytest.raises(FileAccessError, match="it changed after it was checked"):
        with out.open() as w:
            w.write(DATA)
            (tmp_path / "other").write_bytes(b"someone else's")
            os.replace(tmp_path / "other", target)
    assert target.read_bytes() == b"someone else's"
    assert sorted(_listing(tmp_path)) == ["out.bin"]


def test_fifo_swapped_for_a_link_is_not_followed(tmp_path):
    """A FIFO checked (written directly, in place), then replaced by a link to a file before
    the writing: the file is not opened and written over."""
    victim = _victim(tmp_path / "victim")
    os.mkfifo(tmp_path / "fifo")
    out = outfile.check_output(str(tmp_path / "fifo"))
    assert out.kind == "direct"
    os.unlink(tmp_path / "fifo")
    os.symlink(victim, tmp_path / "fifo")
    with pytest.raises(FileAccessError, match="it changed after it was checked"):
        out.write(b"overwritten")
    assert victim.read_bytes() == b"root's own"
