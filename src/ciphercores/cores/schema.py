# SPDX-License-Identifier: Apache-2.0
"""The schema of a registered core (:class:`Core`) and the registry itself (``CORES``,
:func:`register`). The cores are registered by the family modules of this package; everything
outside it reads them through ``ciphercores.cores``.

Every core speaks the interface in docs/interface.md. An entry says where its RTL is, its top
module and parameters, which cipher(s) a parameter set implements, the widths of its ports, and
its cycle model (latency, initiation interval, key-setup cycles), which tests check against
simulation.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BadParameterError, UnsupportedCipherError
from ..paths import ROOT, RTL  # noqa: F401  (ROOT: part of the API re-exported by cores)

Params = Mapping[str, int]


#: the kinds of core, in the order the registry lists them (:func:`ciphercores.cores.every`):
#: the block cipher cores the family modules register, and the compositions built by name
#: around them (``cores.get``), each with a generated top
KINDS = {"block": "block cipher core", "mode": "hardware mode core MODE(CORE)",
         "gcm": "GCM core gcm(CORE)", "bus": "bus wrapper BUS(CORE)"}
#: the kinds with the stream interface of docs/interface.md, which simulation, the driver,
#: the measurements and the front ends take (``cores.get`` by default)
STREAM_KINDS = ("block", "mode", "gcm")
#: the kinds listed one by one (the README's table, the datasheets, docs/results.md and
#: ``ciphercores cores``); the others are named by the pattern that builds them
LISTED_KINDS = ("block", "gcm")
#: the cocotb tests of the interface contract (tests/rtl/cocotb_core.py), which every block
#: core runs, in the module's order: the datasheets list them (tests/test_docs.py checks them
#: against the module)
CONTRACT_TESTS = ("known_answers", "timing", "random_stream", "key_change_in_flight",
                  "reset_mid_stream", "reset_shortest", "reset_window")


@dataclass(frozen=True)
class Core:
    name: str
    family: str  # cipher family: aes, des, blowfish, speck
    top: str  # top-level Verilog module
    summary: str
    #: parameter -> default value
    defaults: Mapping[str, int]
    #: parameter -> allowed values (checked here and again in the RTL at elaboration)
    choices: Mapping[str, tuple[int, ...]]
    #: parameter set -> OpenSSL-style cipher names this core then implements
    ciphers: Callable[[Params], tuple[str, ...]]
    #: parameter set -> bits of one cipher block; s_axis_tdata / m_axis_tdata carry
    #: lanes() of them (block_bits x lanes wide, lane 0 in the low bits)
    block_bits: Callable[[Params], int]
    #: parameter set -> width (bits) of s_key_tdata
    key_bits: Callable[[Params], int]
    #: does the core have an s_key_tlen port (key length in bytes, per key load)?
    key_len_port: bool
    # The three cycle figures below are functions of the parameter set. A core with a key
    # length port whose cycles depend on the key length loaded also finds KEY_LEN (bytes) in
    # the mapping it is given (see cycle_params); without KEY_LEN it gives the longest key's.
    #: cycles from s_axis handshake to m_axis_tvalid (constant: no data-dependent timing)
    latency: Callable[[Params], int]
    #: cycles between accepted blocks with no back-pressure (initiation interval)
    interval: Callable[[Params], int]
    #: cycles after the key handshake before s_axis_tready can rise again
    key_setup: Callable[[Params], int]
    #: what a key load does to blocks in flight (see docs/interface.md)
    key_change: str
    #: files under rtl/, dependencies first: :func:`register` reads them from the core's file
    #: list rtl/<family>/<top>.f (:func:`filelist`)
    rtl: tuple[str, ...] = ()
    #: the cocotb test module of the core's own kind or family beside the interface contract
    #: (``CONTRACT_TESTS``), "" for none: ``cocotb_<family>`` under tests/rtl/ for a block
    #: core, ``cocotb_mode``, ``cocotb_gcm`` for the compositions
    test_module: str = ""
    #: the cocotb tests of ``test_module``, in the module's order: the datasheets list them
    #: (tests/test_docs.py checks them against the module)
    tests: tuple[str, ...] = ()
    #: parameter sets the default test suite covers
    test_sets: tuple[Mapping[str, int], ...] = field(default_factory=tuple)
    #: does the core have an s_iv port (the mode wrappers: ``ofb(speck_iter)`` ...)?
    iv_port: bool = False
    #: blocks per beat for a core without a LANES parameter that carries several (bf_x2)
    fixed_lanes: int = 1
    #: parameter set -> does the core decrypt? False for an encrypt-only build (aes_iter and
    #: aes_pipe with DECRYPT=0, for the modes that use the forward cipher alone): it ignores
    #: s_axis_tuser and encrypts every block, m_axis_tuser 0
    decrypts: Callable[[Params], bool] = lambda p: True
    #: blocks accepted on consecutive cycles before the core waits (bursts then start
    #: burst * interval cycles apart); 1 for cores that take a block every ``interval`` cycles
    burst: Callable[[Params], int] = lambda p: 1
    #: checks that involve several parameters: parameter set -> error message, or "" if valid
    validate: Callable[[Params], str] = lambda p: ""
    #: defaults that follow other parameters (speck_pipe: STAGES = the rounds T of the set, a
    #: full pipeline): parameter set -> {parameter: value}, applied unless set explicitly
    derived: Callable[[Params], Mapping[str, int]] = lambda p: {}
    #: heavy runs of this core that only ``pytest -m slow`` does, to keep the default suite
    #: short: "icarus" (the generic tests on Icarus; Verilator runs them in the default
    #: suite), "modes" (the hardware modes around it), "synth" (the Yosys smoke test)
    slow_runs: frozenset[str] = frozenset()
    #: the test sets (indices into ``test_sets``) whose generic tests the default suite runs on
    #: Icarus, None for all; the others run on Icarus with ``-m slow`` (Verilator runs every
    #: set; the Icarus budget, ``sim.runner.icarus_blocks``, is shared by the sets it runs)
    icarus_sets: tuple[int, ...] | None = None
    #: the ciphers (names or fnmatch patterns: ``"speck*"``) for which this core is the
    #: default of the CLI and the GUI when no core is named; a test checks that every cipher a
    #: core implements has exactly one default core
    default_for: tuple[str, ...] = ()
    #: rising clock edges ``rst`` must stay high (docs/interface.md rule 5): 1 for a core that
    #: needs no more or stretches a shorter pulse itself; at most 8 (MAX_RESET_CYCLES)
    reset_cycles: Callable[[Params], int] = lambda p: 1
    #: the most cycles after ``rst`` falls during which ``s_key_tready`` stays low, before the
    #: core takes a key: its output FIFO's wipe, or the key schedule of the zero key it starts
    #: with (rule 5); 0 for a core that takes a key in the first cycle after a reset
    ready_after_reset: Callable[[Params], int] = lambda p: 0
    #: parameter set -> the parts whose area ``ciphercores synth --parts`` reports apart
    #: (label -> RTL module, the first the part the others are compared with); empty for a
    #: core measured only as a whole
    parts: Callable[[Params], Mapping[str, str]] = lambda p: {}
    #: one of KINDS: a block core here, a composition in the subclasses
    kind: str = "block"

    def generated(self) -> str | None:
        """The text of the generated top module of a composition; None for a core whose top
        is a file of rtl/."""
        return None

    def params(self, overrides: Params | None = None) -> dict[str, int]:
        """Default parameters with ``overrides`` applied and checked."""
        p = dict(self.defaults)
        for k, v in (overrides or {}).items():
            p[k] = self.check(k, v)
        given = overrides or {}
        p.update({k: v for k, v in self.derived(p).items() if k not in given})
        problem = self.validate(p)
        if problem:
            raise BadParameterError(f"{self.name}: {problem}")
        return p

    def check(self, k: str, v: int) -> int:
        """``v`` if ``k`` is a parameter of the core and ``v`` one of its allowed values."""
        if k not in self.defaults:
            raise BadParameterError(
                f"{self.name}: no parameter {k!r} (parameters: {', '.join(self.defaults)})")
        if k in self.choices and int(v) not in self.choices[k]:
            allowed = ", ".join(str(c) for c in self.choices[k])
            raise BadParameterError(f"{self.name}: {k}={v} not allowed (allowed: {allowed})")
        return int(v)

    def is_default_for(self, cipher: str) -> bool:
        """Is this core the default for ``cipher`` (see ``default_for``)?"""
        return any(fnmatch.fnmatchcase(cipher, pat) for pat in self.default_for)

    def reset_figures(self, params: Params | None = None) -> dict[str, int]:
        """The reset figures of the core with ``params`` (docs/interface.md rule 5):
        ``reset_cycles`` (edges ``rst`` must stay high) and ``ready_after_reset`` (the most
        cycles after ``rst`` falls until ``s_key_tready`` rises)."""
        p = self.params(params)
        return {"reset_cycles": self.reset_cycles(p),
                "ready_after_reset": self.ready_after_reset(p)}

    def accept_gaps(self, params: Params, n: int) -> list[int]:
        """Cycles between the input handshakes of ``n`` blocks offered back to back to an
        idle core with the output always ready: the registry's cycle model of the input."""
        b, ii = self.burst(params), self.interval(params)
        return [1 if i % b else b * ii - (b - 1) for i in range(1, n)]

    def sources(self) -> list[Path]:
        return [RTL / f for f in self.rtl]

    def filelist(self) -> Path:
        """rtl/<family>/<top>.f, the file list the registry reads ``rtl`` from."""
        return RTL / self.family / f"{self.top}.f"

    def block_ciphers(self, params: Params) -> tuple[str, ...]:
        """The block ciphers (names in models.CIPHERS) the core computes with ``params``."""
        return self.ciphers(params)

    def block_bytes(self, params: Params | None = None) -> int:
        return self.block_bits(self.params(params)) // 8

    def lanes(self, params: Params | None = None) -> int:
        """Blocks per stream beat: the LANES parameter where a core has one, else 1. The data
        ports are block_bits x lanes wide, lane 0 in the low bits (docs/interface.md)."""
        return int(self.params(params).get("LANES", self.fixed_lanes))

    def cycle_params(self, params: Params | None = None, key_len: int | None = None) -> dict:
        """What the cycle functions take: the checked parameters, plus KEY_LEN (bytes) for a
        core with a key length port when ``key_len`` is given."""
        p = self.params(params)
        return {**p, "KEY_LEN": key_len} if self.key_len_port and key_len else p

    def block_cipher(self, params: Params, cipher: str) -> str:
        """``cipher`` as one of the block ciphers the core computes with ``params``: a block
        cipher name (``aes-128``) or, for a mode core, its name with the mode (``aes-128-ctr``).
        A cipher the core does not compute is an UnsupportedCipherError."""
        names = self.block_ciphers(params)
        if cipher in names:
            return cipher
        if cipher in self.ciphers(params):  # a mode core's own name: aes-128-ctr
            return names[self.ciphers(params).index(cipher)]
        raise UnsupportedCipherError(f"core {self.name} implements "
                                     f"{', '.join(self.ciphers(params))}, not {cipher}")

    def cycles(self, params: Params | None = None, cipher: str | None = None) -> dict[str, int]:
        """The cycle figures of the core with ``params`` for ``cipher``: ``latency``,
        ``interval``, ``burst`` and ``key_setup`` (docs/interface.md, "Cycle figures"). For a
        core with a key length port (aes_iter, the TDES and Blowfish cores) the cipher gives
        KEY_LEN, its longest key in bytes; without ``cipher``, a core that computes several
        gives its longest key's figures (use :meth:`cycle_table` to show them all)."""
        p = self.params(params)
        if cipher is not None:
            from ..models import spec

            p = self.cycle_params(p, spec(self.block_cipher(p, cipher)).key_sizes[-1])
        return {"latency": self.latency(p), "interval": self.interval(p),
                "burst": self.burst(p), "key_setup": self.key_setup(p)}

    def gbps(self, params: Params | None, fmax_mhz: float | None,
             cipher: str | None = None) -> float | None:
        """Gbit/s of the core with ``params`` at ``fmax_mhz`` for ``cipher`` (without: the
        longest key's interval, as :meth:`cycles`): :func:`gbps` of block bits x lanes a beat
        and the core's interval. aes_iter at 89.4 MHz: 1.144 for aes-128, 0.817 for aes-256."""
        p = self.params(params)
        return gbps(self.block_bits(p) * self.lanes(p), fmax_mhz,
                    self.cycles(p, cipher)["interval"])

    def cycle_table(self, params: Params | None = None) -> list[tuple[tuple[str, ...], dict]]:
        """[(ciphers, figures)]: :meth:`cycles` for every cipher the core computes with
        ``params``, ciphers with the same figures together, in the core's order of ciphers
        (aes_iter: one row each for aes-128, aes-192 and aes-256; tdes_iter: one row)."""
        p = self.params(params)
        out: list[tuple[tuple[str, ...], dict]] = []
        for c in self.ciphers(p):
            figs = self.cycles(p, c)
            same = next((i for i, (_, f) in enumerate(out) if f == figs), None)
            if same is None:
                out.append(((c,), figs))
            else:
                out[same] = ((*out[same][0], c), figs)
        return out


def filelist(family: str, top: str) -> tuple[str, ...]:
    """The RTL files of the core ``top``, read from rtl/<family>/<top>.f: one path a line,
    relative to the .f file (as ``verilator -F`` reads it), dependencies first, blank lines
    and ``//`` or ``#`` comment lines ignored. Returned relative to rtl/."""
    path = RTL / family / f"{top}.f"
    names = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("//", "#")):
            full = os.path.normpath(path.parent / line)
            names.append(Path(os.path.relpath(full, RTL)).as_posix())
    return tuple(names)


#: per PIPED of rtl/common/axis_out_fifo.v: the blocks beyond LATENCY its credits must cover so
#: that one block a cycle never waits (the RTL's SLACK), the cycles from the FIFO's input edge
#: to a block's output transfer, and the registers between the wipe's end and its key_ready
_OUT_FIFO_SLACK = {0: 1, 1: 8}
_OUT_FIFO_THROUGH = {0: 1, 1: 4}
_OUT_FIFO_KEY_REGS = {0: 0, 1: 2}


@dataclass(frozen=True)
class OutFifo:
    """The output FIFO of a pipelined core (rtl/common/axis_out_fifo.v) with the parameters
    the core passes it, and what follows from them: the one statement, for the registry, of
    how the RTL sizes it (tests/common/test_shared_rtl.py checks the RTL's elaborated depth
    and its wipe against these across LATENCY, on both simulators)."""

    #: LATENCY: rising edges from a block's input handshake to the FIFO's taking it
    latency: int
    #: PIPED: 1 read through registers (axis_out_fifo_piped), 0 axis_credit_fifo
    piped: int = 1

    def __post_init__(self):
        # the RTL's own check (axis_out_fifo.v): at most 1024 entries
        if self.piped not in _OUT_FIFO_SLACK or not \
                1 <= self.latency <= 1024 - _OUT_FIFO_SLACK.get(self.piped, 0):
            raise BadParameterError(f"axis_out_fifo: LATENCY={self.latency}, PIPED={self.piped}"
                                    " (PIPED 0 or 1; LATENCY 1..1023, 1..1016 with PIPED 1)")

    @property
    def depth_log2(self) -> int:
        """DEPTH_LOG2 of the FIFO the RTL instantiates."""
        return (self.latency + _OUT_FIFO_SLACK[self.piped] - 1).bit_length()

    @property
    def depth(self) -> int:
        """RAM entries: also the cycles of the wipe after a reset, one entry a cycle."""
        return 1 << self.depth_log2

    @property
    def credits(self) -> int:
        """The most blocks reserved and not yet out of ``m_axis``."""
        return self.depth + (0 if self.piped else 1)

    @property
    def through(self) -> int:
        """Cycles from the FIFO's input edge to a block's output transfer, the FIFO empty and
        ``m_axis_tready`` high: the core's latency is ``latency`` + this."""
        return _OUT_FIFO_THROUGH[self.piped]

    @property
    def ready_after_reset(self) -> int:
        """Cycles after ``rst`` falls with ``key_ready`` (and ``credit``) low: the wipe, and
        its end's way to the credit side."""
        return self.depth + _OUT_FIFO_KEY_REGS[self.piped]


def gbps(bits: int, fmax_mhz: float | None, interval: int) -> float | None:
    """Throughput in Gbit/s of ``bits`` a beat, a beat every ``interval`` cycles at
    ``fmax_mhz``: the one formula behind every record, page and answer that gives a rate
    (None without an Fmax)."""
    return bits * fmax_mhz / interval / 1e3 if fmax_mhz else None


#: the longest reset a core may ask for (docs/interface.md rule 5)
MAX_RESET_CYCLES = 8

CORES: dict[str, Core] = {}


def register(core: Core) -> Core:
    """Add ``core`` to the registry, its RTL files read from rtl/<family>/<top>.f."""
    if core.name in CORES:
        raise ValueError(f"core {core.name} registered twice")
    core = dataclasses.replace(core, rtl=filelist(core.family, core.top))
    CORES[core.name] = core
    return core

