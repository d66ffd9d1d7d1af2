# SPDX-License-Identifier: Apache-2.0
"""ciphercores.tools: the version strings that go into measurement records and cache keys."""

from __future__ import annotations

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
