# SPDX-License-Identifier: Apache-2.0
"""The package as a user installs it: build the wheel, install it into a fresh virtual
environment and run `ciphercores verify speck_iter` there, away from the source tree (the RTL,
the vectors and the generated mode wrappers found from the installed package).

Nothing is downloaded: the wheel is built without build isolation by the project venv's
setuptools, installed with ``--no-deps --no-index``, and the fresh environment sees the
project venv's packages (the dependencies) through a .pth file. The co-simulation build comes
from the user's cache as in the other driver tests (its key is the content of the RTL, not its
place), so the test takes seconds once speck_iter has been built."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

from ciphercores.paths import ROOT

#: the environment of every step: nothing of the source tree on the path
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def _run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, check=False, env=ENV, **kw)
    assert r.returncode == 0, f"{args}: {r.stdout}\n{r.stderr}"
    return r


def test_wheel_installs_and_verifies(tmp_path):
    # a copy of what the build reads, so that the build leaves nothing in the checkout
    src = tmp_path / "src-tree"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for name in ("src", "rtl", "vectors"):
        shutil.copytree(ROOT / name, src / name, symlinks=True, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--no-index", "-q", "-w", str(dist), str(src)])
    (wheel,) = dist.glob("ciphercores-*.whl")
    with zipfile.ZipFile(wheel) as whl:
        meta = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        assert "License-Expression: Apache-2.0" in whl.read(meta).decode().splitlines()
        # the templates of the generated tops (package data): every one the source tree holds
        templates = {f"ciphercores/rtlgen/templates/{p.name}"
                     for p in (ROOT / "src/ciphercores/rtlgen/templates").glob("*.v.tmpl")}
        assert len(templates) == 3 and templates <= set(whl.namelist()), templates

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)])
    py = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps",
          "--no-index", "-q", str(wheel)])
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()"
                                     "['purelib'])"]).stdout.strip())
    # the dependencies: the project venv's packages, after the fresh environment's own
    (site / "zz_project_venv.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    run = tmp_path / "elsewhere"
    run.mkdir()
    where = _run([str(py), "-c", "import ciphercores, ciphercores.paths as p; "
                  "from ciphercores import cores; "
                  "print(ciphercores.__file__); print(p.CHECKOUT); print(p.RTL); "
                  "print(cores.get('ofb(speck_iter)').sources()[-1])"],
                 cwd=run).stdout.split("\n")
    assert Path(where[0]).is_relative_to(site), where
    assert where[1] == "False" and Path(where[2]).is_relative_to(site), where
    # the generated top: in the cache (which may sit beside the checkout, e.g. /x/repo-cache)
    assert not Path(where[3]).is_relative_to(ROOT), where

    r = _run([str(venv / "bin" / "ciphercores"), "verify", "speck_iter"], cwd=run)
    assert "1 passed, 0 failed" in r.stdout, r.stdout
    version = _run([str(venv / "bin" / "ciphercores"), "--version"], cwd=run)
    assert version.stdout.startswith("ciphercores ")
