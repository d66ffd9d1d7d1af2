# SPDX-License-Identifier: Apache-2.0
"""The RTL file lists rtl/<family>/<top>.f: every file they name exists, the registry reads its
cores' files from them, and lint hands them to Verilator as they are (``-F``)."""

from __future__ import annotations

import subprocess

import pytest

from ciphercores import cores, lint, tools

FILELISTS = sorted(cores.RTL.glob("*/*.f"))


def _entries(path):
    return [s.strip() for s in path.read_text().splitlines()
            if s.strip() and not s.strip().startswith(("//", "#"))]


@pytest.mark.parametrize("path", FILELISTS, ids=lambda p: p.relative_to(cores.RTL).as_posix())
def test_filelist_names_existing_files(path):
    entries = _entries(path)
    assert entries, f"{path} is empty"
    for e in entries:
        assert (path.parent / e).is_file(), f"{path.name}: {e} does not exist"
    assert entries[-1] == f"{path.stem}.v", "the top's own file comes last (dependencies first)"


def test_every_core_has_its_filelist_and_no_list_is_orphaned():
    assert {c.filelist() for c in cores.CORES.values()} == set(FILELISTS)
    for core in cores.CORES.values():
        f = core.filelist()
        assert [(f.parent / e).resolve() for e in _entries(f)] == \
            [p.resolve() for p in core.sources()], core.name


def test_lint_reads_the_filelist():
    core = cores.get("speck_pipe")
    assert lint.file_args(core) == ["-F", str(core.filelist())]
    mode = cores.get("ofb(speck_pipe)")
    args = lint.file_args(mode)
    assert args[:2] == ["-F", str(core.filelist())]
    assert [a.rsplit("/", 1)[-1] for a in args[2:]] == ["axis_lut_fifo.v", "mode_engine.v",
                                                        "ofb_speck_pipe.v"]
    # the .f alone is enough for Verilator, run from another directory
    res = subprocess.run([tools.find("verilator"), "--lint-only", "-Wall", "--top-module",
                          core.top, "-F", str(core.filelist())], capture_output=True, text=True,
                         env=tools.sim_env(), cwd="/", check=False)
    assert res.returncode == 0 and not res.stderr.strip(), res.stderr
