# SPDX-License-Identifier: Apache-2.0
"""The one table of exit statuses: every error class of the package in it with a status of its
own, docs/exit-codes.md generated from it, a missing tool on its own status."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys

import ciphercores
from ciphercores import errors
from ciphercores.paths import ROOT

PAGE = ROOT / "docs" / "exit-codes.md"


def _all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)


def test_every_error_class_has_its_own_status():
    # import every module, so that an error class defined anywhere shows up
    for mod in pkgutil.walk_packages(ciphercores.__path__, "ciphercores."):
        if not mod.name.endswith("__main__"):
            importlib.import_module(mod.name)
    classes = set(_all_subclasses(errors.CipherCoresError))
    table = {cls: code for code, (cls, _) in errors.EXIT_CODES.items() if cls is not None}
    assert classes == set(table), "every error class in EXIT_CODES, and only those"
    assert len(set(table.values())) == len(table)
    for cls, code in table.items():
        assert cls.__module__ == "ciphercores.errors", f"{cls.__name__} defined outside errors"
        assert cls.exit_code == code
    assert errors.CipherCoresError.exit_code not in table.values()
    assert {0, errors.EXIT_CHECK_FAILED, errors.EXIT_INTERNAL, errors.EXIT_INTERRUPTED} <= \
        set(errors.EXIT_CODES)


def test_exit_codes_page_is_current():
    assert PAGE.read_text() == errors.exit_codes_markdown(), \
        "docs/exit-codes.md is stale: run `ciphercores exit-codes -o docs/exit-codes.md`"


def test_missing_tool_has_its_own_status(tmp_path):
    """A C++ compiler that is not there: ToolNotFound's status, one line, not 'internal'."""
    env = {**os.environ, "CXX": str(tmp_path / "no-such-compiler"),
           "CIPHERCORES_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": str(ROOT / "src")}
    r = subprocess.run([sys.executable, "-m", "ciphercores", "verify", "speck_iter"],
                       capture_output=True, text=True, env=env, check=False)
    assert r.returncode == errors.ToolNotFound.exit_code, r.stderr
    assert "no-such-compiler" in r.stderr and "internal" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_version():
    r = subprocess.run([sys.executable, "-m", "ciphercores", "--version"], capture_output=True,
                       text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                       check=False)
    assert r.returncode == 0 and r.stdout.strip() == f"ciphercores {ciphercores.__version__}"
    from importlib import metadata

    assert metadata.version("ciphercores") == ciphercores.__version__
