# SPDX-License-Identifier: Apache-2.0
"""The co-simulation build cache as an attack surface: a hung build step and a wait for
another process's build are bounded; a cached library is loaded only from a cache no other
user can write and only if it is the library that was built there (the SHA-256 its manifest
recorded). No compiler runs here: the cache entries are made by hand."""

from __future__ import annotations

import json
import os
import time

import pytest

from ciphercores import cores
from ciphercores.driver import verilator
from ciphercores.errors import DriverError
from ciphercores.filelock import locked

CORE = cores.get("speck_iter")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(root))
    return root


def fake_build(cache) -> object:
    """A cache entry as build() leaves it: a private directory, the library, its manifest."""
    lib = verilator.library(CORE, CORE.params())
    assert lib.is_relative_to(cache)
    for d in (cache, cache / "cosim", lib.parent):
        d.mkdir(mode=0o700, exist_ok=True)
        d.chmod(0o700)
    lib.write_bytes(b"\x7fELF not really a library")
    (lib.parent / "manifest.json").write_text(json.dumps(
        {"core": CORE.name, "sha256": verilator._sha256(lib)}))
    return lib


def test_a_hung_build_step_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(verilator, "BUILD_SECONDS", 1.0)
    t0 = time.monotonic()
    with pytest.raises(DriverError, match="took longer than 1 s and was stopped") as e:
        verilator._run(["sh", "-c", "sleep 60 & sleep 60; wait"], tmp_path, tmp_path / "b.log")
    assert time.monotonic() - t0 < 15
    assert str(e.value).splitlines()[0].startswith("co-simulation build step sh took")


def test_waiting_for_another_build_is_bounded(cache, monkeypatch):
    """Another process holds the build lock (a hung build elsewhere): opening gives up after
    the bound instead of waiting forever (the GUI's open lock would wait with it)."""
    monkeypatch.setattr(verilator, "BUILD_SECONDS", 0.5)
    (cache / "cosim").mkdir(parents=True, mode=0o700)
    cache.chmod(0o700)
    t0 = time.monotonic()
    with locked(cache / "cosim" / ".runtime.lock"):
        with pytest.raises(DriverError, match="another process has been building speck_iter"):
            verilator.build(CORE, CORE.params())
    assert time.monotonic() - t0 < 10


def test_lock_timeout():
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "l.lock"
        with locked(p):
            with pytest.raises(TimeoutError):
                with locked(p, timeout=0.2):
                    pass
        with locked(p, timeout=0.2):  # free again
            pass


def test_a_private_cached_library_with_its_digest_is_used(cache):
    lib = fake_build(cache)
    assert verilator.build(CORE, CORE.params()) == (lib, False)


@pytest.mark.parametrize("where", ["root", "cosim", "entry", "library"])
@pytest.mark.parametrize("mode", [0o777, 0o720, 0o702])
def test_a_cache_others_can_write_is_refused(cache, where, mode):
    lib = fake_build(cache)
    path = {"root": cache, "cosim": cache / "cosim", "entry": lib.parent, "library": lib}[where]
    path.chmod(mode if where != "library" else mode & 0o666)
    with pytest.raises(DriverError, match="writable by other users"):
        verilator.build(CORE, CORE.params())


def test_a_library_that_is_not_the_one_built_is_refused(cache):
    lib = fake_build(cache)
    lib.write_bytes(b"\x7fELF someone else's code")
    with pytest.raises(DriverError, match="not the one built there"):
        verilator.build(CORE, CORE.params())
    # a manifest without a digest (an older build, or none at all) is refused too
    fake_build(cache)
    (lib.parent / "manifest.json").write_text(json.dumps({"core": CORE.name}))
    with pytest.raises(DriverError, match="not the one built there"):
        verilator.build(CORE, CORE.params())
    os.unlink(lib.parent / "manifest.json")
    with pytest.raises(DriverError, match="not the one built there"):
        verilator.build(CORE, CORE.params())


def test_a_failed_build_keeps_its_log_where_the_message_says(cache, monkeypatch):
    """The build's directory is removed; its log is kept under cosim/failed/ and named on the
    message's second line (the GUI sends the first line only)."""
    def broken(core, params, tmp):
        verilator._run(["sh", "-c", "echo '%Error: x.v:1: boom'; exit 3"], tmp,
                       tmp / "build.log")

    monkeypatch.setattr(verilator, "_build_in", broken)
    monkeypatch.setattr(verilator, "_runtime_dir", lambda: cache)  # no runtime lock
    with pytest.raises(DriverError) as e:
        verilator.build(CORE, CORE.params())
    first, second, *rest = str(e.value).splitlines()
    assert first == "co-simulation build failed (sh exit 3)"
    kept = verilator.failed_log(CORE, CORE.params())
    assert second == f"log {kept}:" and "%Error: x.v:1: boom" in rest
    assert "%Error: x.v:1: boom" in kept.read_text()
