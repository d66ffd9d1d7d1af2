# SPDX-License-Identifier: Apache-2.0
"""Running a tool: Yosys or nextpnr in a step's working directory, without a terminal, at the
priority ``set_tool_nice`` gives (``run_tool``), and nextpnr watched while it places and routes
(``run_pnr``): ended past its wall-time limit or when its router stops converging.
"""

from __future__ import annotations

import os
import resource
import subprocess
import time
from pathlib import Path

from ..errors import PnrStopped
from . import reports

#: a place-and-route seed is ended when it runs longer than this (``--pnr-limit``) ...
PNR_LIMIT_S = 4 * 3600
#: ... or when its router has not come closer to a finished routing (``reports.
#: route_progress``) for this long: a run that stopped converging, never left to hang
PNR_STALL_S = 30 * 60
#: how often a running nextpnr's log is read
_POLL_S = 5.0
#: the priority the tools run at (``set_tool_nice``; None: this process's own)
_TOOL_NICE: int | None = None


def set_tool_nice(nice: int | None) -> None:
    """Run every tool from now on at ``nice`` (None: as this process), for work that must
    yield to everything else on the machine (the re-measure queue). ``os.nice`` alone does not
    do that where the kernel groups processes by session (autogroup scheduling,
    /proc/sys/kernel/sched_autogroup_enabled): there the scheduler shares the CPU between
    sessions first, and a process's nice counts only inside its own. Each tool therefore runs in
    a session of its own whose group gets ``nice`` too. The tools have no terminal; this
    process still has its own and ends them when it is interrupted."""
    global _TOOL_NICE
    _TOOL_NICE = nice


def _tool_session() -> None:
    """In a tool's process before it starts (``preexec_fn``): a session of its own, its
    scheduling group at ``_TOOL_NICE``, and the process itself too."""
    if _TOOL_NICE is None:
        return
    os.setsid()
    try:
        with open("/proc/self/autogroup", "w") as f:
            f.write(str(_TOOL_NICE))
    except OSError:  # no autogroup scheduling in this kernel: the process's own nice will do
        pass
    os.setpriority(os.PRIO_PROCESS, 0, max(os.getpriority(os.PRIO_PROCESS, 0), _TOOL_NICE))


def _tool_spawn() -> dict:
    """subprocess options for a tool (``set_tool_nice``)."""
    return {"preexec_fn": _tool_session} if _TOOL_NICE is not None else {}


def run_tool(args: list[str], cwd: Path, log_name: str) -> tuple[int, str, float]:
    """Run a tool in ``cwd`` without a terminal; returns (rc, log + stderr, seconds)."""
    t0 = time.monotonic()
    res = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False,
                         stdin=subprocess.DEVNULL, **_tool_spawn())
    wall = time.monotonic() - t0
    log_path = cwd / log_name
    log = log_path.read_text(errors="replace") if log_path.exists() else ""
    return res.returncode, log + "\n" + res.stdout + "\n" + res.stderr, wall


def run_pnr(args: list[str], cwd: Path, log_name: str, limit_s: float,
             stall_s: float) -> tuple[int, str, float, float]:
    """``run_tool`` for nextpnr, watched: the run is ended (PnrStopped) when it passes
    ``limit_s`` seconds, or when its router's distance from a finished routing has not reached
    a new low for ``stall_s`` seconds. Returns (rc, log, wall seconds, CPU seconds): the CPU
    time does not grow with the machine's load, the wall time does."""
    t0 = time.monotonic()
    cpu0 = _children_cpu_s()
    log_path = cwd / log_name
    with open(cwd / "pnr.out", "w") as out:
        proc = subprocess.Popen(args, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, **_tool_spawn())
        best: int | None = None
        best_t = t0
        try:
            while True:
                try:
                    rc = proc.wait(timeout=_POLL_S)
                    break
                except subprocess.TimeoutExpired:
                    pass
                now = time.monotonic()
                log = log_path.read_text(errors="replace") if log_path.exists() else ""
                progress = reports.route_progress(log)
                if progress and (best is None or min(progress) < best):
                    best, best_t = min(progress), now
                why = None
                if now - t0 > limit_s:
                    why = f"passed its wall-time limit of {limit_s / 60:g} min"
                elif best is not None and now - best_t > stall_s:
                    why = (f"stopped converging: the router came no closer than {best} "
                           f"(arcs left or overuse) in the last {stall_s / 60:g} min")
                if why:
                    proc.kill()
                    proc.wait()
                    raise PnrStopped(f"ended after {now - t0:.0f} s: {why}")
        except BaseException:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            raise
    wall = time.monotonic() - t0
    log = log_path.read_text(errors="replace") if log_path.exists() else ""
    return (rc, log + "\n" + (cwd / "pnr.out").read_text(errors="replace"), wall,
            _children_cpu_s() - cpu0)


def _children_cpu_s() -> float:
    """User and system CPU seconds of this process's finished children (the steps run one
    at a time in a process, so the difference around a run is that run's)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime
