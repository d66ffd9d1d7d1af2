"""The registry of RTL cores: the one list that tests, the CLI, the driver and the synthesis
flow read. Nothing else in the project lists cores.

Every core speaks the interface in docs/interface.md. An entry says where its RTL is, its top
module and parameters, which cipher(s) a parameter set implements, the widths of its ports, and
its cycle model (latency, initiation interval, key-setup cycles), which tests check against
simulation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CipherCoresError

#: repository root (the package is installed in editable mode; RTL stays in rtl/)
ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"

Params = Mapping[str, int]


class UnknownCoreError(CipherCoresError):
    exit_code = 2


class BadParameterError(CipherCoresError):
    exit_code = 2


@dataclass(frozen=True)
class Core:
    name: str
    family: str  # cipher family: aes, des, blowfish, speck
    top: str  # top-level Verilog module
    rtl: tuple[str, ...]  # files under rtl/, dependencies first
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
    #: cocotb test module under tests/rtl/
    test_module: str = ""
    #: parameter sets the default test suite covers
    test_sets: tuple[Mapping[str, int], ...] = field(default_factory=tuple)
    #: does the core have an s_iv port (the mode wrappers: ``ofb(speck_iter)`` ...)?
    iv_port: bool = False
    #: blocks per beat for a core without a LANES parameter that carries several (bf_x2)
    fixed_lanes: int = 1
    #: blocks accepted on consecutive cycles before the core waits (bursts then start
    #: burst * interval cycles apart); 1 for cores that take a block every ``interval`` cycles
    burst: Callable[[Params], int] = lambda p: 1
    #: checks that involve several parameters: parameter set -> error message, or "" if valid
    validate: Callable[[Params], str] = lambda p: ""
    #: heavy runs of this core that only ``pytest -m slow`` does, to keep the default suite
    #: short: "icarus" (the generic tests on Icarus; Verilator runs them in the default
    #: suite), "modes" (the hardware modes around it), "synth" (the Yosys smoke test)
    slow_runs: frozenset[str] = frozenset()

    def params(self, overrides: Params | None = None) -> dict[str, int]:
        """Default parameters with ``overrides`` applied and checked."""
        p = dict(self.defaults)
        for k, v in (overrides or {}).items():
            if k not in self.defaults:
                raise BadParameterError(
                    f"{self.name}: no parameter {k!r} (parameters: {', '.join(self.defaults)})")
            if k in self.choices and int(v) not in self.choices[k]:
                allowed = ", ".join(str(c) for c in self.choices[k])
                raise BadParameterError(f"{self.name}: {k}={v} not allowed (allowed: {allowed})")
            p[k] = int(v)
        problem = self.validate(p)
        if problem:
            raise BadParameterError(f"{self.name}: {problem}")
        return p

    def accept_gaps(self, params: Params, n: int) -> list[int]:
        """Cycles between the input handshakes of ``n`` blocks offered back to back to an
        idle core with the output always ready: the registry's cycle model of the input."""
        b, ii = self.burst(params), self.interval(params)
        return [1 if i % b else b * ii - (b - 1) for i in range(1, n)]

    def sources(self) -> list[Path]:
        return [RTL / f for f in self.rtl]

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


# ---------------------------------------------------------------------------------------
# the cores
# ---------------------------------------------------------------------------------------

def _speck_rounds(p: Params) -> int:
    from .models.speck import rounds

    return rounds(p["WORD"], p["KEY_WORDS"])


_SPECK_SETS = tuple({"WORD": b // 2, "KEY_WORDS": k // (b // 2)}
                    for b, k in [(32, 64), (48, 72), (48, 96), (64, 96), (64, 128), (96, 96),
                                 (96, 144), (128, 128), (128, 192), (128, 256)])

CORES: dict[str, Core] = {}


def register(core: Core) -> Core:
    if core.name in CORES:
        raise ValueError(f"core {core.name} registered twice")
    CORES[core.name] = core
    return core


register(Core(
    name="speck_iter",
    family="speck",
    top="speck_iter",
    rtl=("speck/speck_iter.v",),
    summary="folded SPECK, one round per cycle, key schedule on the fly beside the rounds",
    defaults={"WORD": 64, "KEY_WORDS": 2},
    choices={"WORD": (16, 24, 32, 48, 64), "KEY_WORDS": (2, 3, 4)},
    ciphers=lambda p: (f"speck{2 * p['WORD']}-{p['WORD'] * p['KEY_WORDS']}",),
    block_bits=lambda p: 2 * p["WORD"],
    key_bits=lambda p: p["WORD"] * p["KEY_WORDS"],
    key_len_port=False,
    latency=lambda p: _speck_rounds(p) + 1,
    interval=_speck_rounds,
    key_setup=lambda p: _speck_rounds(p),
    key_change="waits for the round engine to finish its block; no drain of the output",
    test_module="speck_iter",
    test_sets=_SPECK_SETS,
))


def _speck_passes(p: Params) -> int:
    """Passes a block makes through speck_pipe's loop of STAGES units: ceil(T / STAGES)."""
    return -(-_speck_rounds(p) // p["STAGES"])


def _speck_pipe_check(p: Params) -> str:
    if not any(p["WORD"] == s["WORD"] and p["KEY_WORDS"] == s["KEY_WORDS"] for s in _SPECK_SETS):
        return f"WORD={p['WORD']}, KEY_WORDS={p['KEY_WORDS']} is not a SPECK parameter set"
    t = _speck_rounds(p)
    if not 1 <= p["STAGES"] <= t:
        return f"STAGES={p['STAGES']} must be 1..{t} (the rounds of this set)"
    return ""


register(Core(
    name="speck_pipe",
    family="speck",
    top="speck_pipe",
    rtl=("speck/speck_round.v", "speck/speck_round_pipe.v", "speck/speck_key_step.v",
         "common/axis_credit_fifo.v", "common/axis_credit_count.v",
         "common/axis_credit_fifo_piped.v", "speck/speck_pipe.v"),
    summary="SPECK with STAGES round units in a loop (1..T), STAGES=T: full pipeline, "
            "1 block/cycle (SUBREG: registers inside each round); key state travels with "
            "each block",
    defaults={"WORD": 64, "KEY_WORDS": 2, "STAGES": 32, "SUBREG": 0},
    choices={"WORD": (16, 24, 32, 48, 64), "KEY_WORDS": (2, 3, 4),
             "STAGES": tuple(range(1, 35)), "SUBREG": (0, 1, 2, 3)},
    validate=_speck_pipe_check,
    ciphers=lambda p: (f"speck{2 * p['WORD']}-{p['WORD'] * p['KEY_WORDS']}",),
    block_bits=lambda p: 2 * p["WORD"],
    key_bits=lambda p: p["WORD"] * p["KEY_WORDS"],
    key_len_port=False,
    # input register, T rounds (one per cycle, whatever STAGES), output FIFO register;
    # SUBREG >= 1: 1 + SUBREG cycles a round and the piped FIFO's four cycles
    latency=lambda p: (_speck_rounds(p) + 2 if not p["SUBREG"]
                       else _speck_rounds(p) * (1 + p["SUBREG"]) + 5),
    # (1 + SUBREG) * STAGES blocks back to back (a slot for each), then the loop is full for
    # the remaining passes
    interval=_speck_passes,
    burst=lambda p: p["STAGES"] * (1 + p["SUBREG"]),
    # the key's input register and the pre-pass to the last round key (for decryption), as in
    # speck_iter; SUBREG >= 1: through the piped key step, 2 + SUBREG cycles a step
    key_setup=lambda p: (_speck_rounds(p) - 1) * (2 + p["SUBREG"] if p["SUBREG"] else 1) + 2,
    key_change="nothing (after reset: the output FIFO's wipe): each block carries its key "
               "state, blocks inside finish with theirs",
    test_module="cocotb_core",
    # Yosys on the fully unrolled default takes minutes: its smoke test runs with -m slow
    slow_runs=frozenset({"synth"}),
    # the full pipeline (STAGES=T) on 48/96, a non-divisor of T on 64/128 (T = 27: six passes,
    # the first one short), folded (STAGES=1) on 128/128 (its full pipeline is the default,
    # which the hardware-mode, driver and synthesis tests build), and 128/128's full pipeline
    # with registers inside the rounds (SUBREG=3, the addition by halves: the configuration of
    # the throughput target); tests/rtl/test_speck_pipe.py checks the cycle model over more
    # STAGES, SUBREG 1, 2 and 3 on smaller sets, and all ten sets behind `slow`
    test_sets=({"WORD": 24, "KEY_WORDS": 4, "STAGES": 23},
               {"WORD": 32, "KEY_WORDS": 4, "STAGES": 5},
               {"WORD": 64, "KEY_WORDS": 2, "STAGES": 1},
               {"WORD": 64, "KEY_WORDS": 2, "STAGES": 32, "SUBREG": 3}),
))


# Blowfish: one engine (rtl/blowfish/bf_core.v) with the key schedule in hardware, P-array in
# registers, each S-box one block RAM holding its pi image beside the working half
_BF_RTL = ("blowfish/bf_sbox.v", "blowfish/bf_core.v")
# bf_core's rounds take k = ROUND_CYCLES cycles (S-box RAM read, its output register and F;
# k = 3 splits F) with k blocks (beats) in flight; the key schedule's 521 chained encryptions
# cannot interleave. bf_pipe's key-schedule engine uses k = 3.
_BF_ROUND_CYCLES = {"ROUND_CYCLES": (2, 3)}


def _bf_key_setup(k: int) -> int:
    """Cycles of bf_core's key schedule: the encryptions start after MIX_START + 1 cycles
    (129 with k = 2, 57 with k = 3: key mixing and the copy of the pi S-boxes), 521 x 16 x k
    cycles of chained encryptions, 2 cycles for the last S-box write to land."""
    return (129 if k == 2 else 57) + 3 + 521 * 16 * k


_BF_KEY_CHANGE = ("waits until the round engine's blocks have reached the output register; the "
                  "key schedule then rewrites P and the S-boxes (no drain of the output "
                  "register)")

register(Core(
    name="bf_iter",
    family="blowfish",
    top="bf_iter",
    rtl=(*_BF_RTL, "blowfish/bf_iter.v"),
    summary="iterative Blowfish, rounds of two cycles with two blocks in flight, key schedule "
            "in hardware, S-boxes in BRAM",
    defaults={"ROUND_CYCLES": 3},
    choices=_BF_ROUND_CYCLES,
    ciphers=lambda p: ("bf",),
    block_bits=lambda p: 64,
    key_bits=lambda p: 448,
    key_len_port=True,
    latency=lambda p: 16 * p["ROUND_CYCLES"] + 1,
    interval=lambda p: 16,
    burst=lambda p: p["ROUND_CYCLES"],
    key_setup=lambda p: _bf_key_setup(p["ROUND_CYCLES"]),
    key_change=_BF_KEY_CHANGE,
    test_module="cocotb_core",
    test_sets=({"ROUND_CYCLES": 3}, {"ROUND_CYCLES": 2}),
))

register(Core(
    name="bf_x2",
    family="blowfish",
    top="bf_x2",
    rtl=(*_BF_RTL, "blowfish/bf_x2.v"),
    summary="two-lane Blowfish (paper 001): two blocks per beat sharing dual-port S-box RAMs, "
            "rounds of two cycles with two beats in flight",
    defaults={"ROUND_CYCLES": 3},
    choices=_BF_ROUND_CYCLES,
    ciphers=lambda p: ("bf",),
    block_bits=lambda p: 64,
    key_bits=lambda p: 448,
    key_len_port=True,
    latency=lambda p: 16 * p["ROUND_CYCLES"] + 1,
    interval=lambda p: 16,
    burst=lambda p: p["ROUND_CYCLES"],
    key_setup=lambda p: _bf_key_setup(p["ROUND_CYCLES"]),
    key_change=_BF_KEY_CHANGE,
    test_module="cocotb_core",
    test_sets=({"ROUND_CYCLES": 3}, {"ROUND_CYCLES": 2}),
    fixed_lanes=2,
    # every key load is a schedule of 16,804 or 25,068 cycles: Icarus runs the generic tests
    # with -m slow (bf_iter runs them in the default suite), the Blowfish-specific tests on
    # both simulators in the default suite
    slow_runs=frozenset({"icarus"}),
))

register(Core(
    name="bf_pipe",
    family="blowfish",
    top="bf_pipe",
    rtl=(*_BF_RTL, "blowfish/bf_sbox_dp.v", "blowfish/bf_pipe_round.v",
         "common/axis_credit_fifo.v", "blowfish/bf_pipe.v"),
    summary="pipelined Blowfish: 16 round stages of 4 cycles, 1 block/cycle, encrypt/decrypt "
            "per block, 8 dual-port copies of the S-boxes filled by bf_core's key schedule, "
            "credit-counted output FIFO",
    defaults={},
    choices={},
    ciphers=lambda p: ("bf",),
    block_bits=lambda p: 64,
    key_bits=lambda p: 448,
    key_len_port=True,
    # input stage, 16 rounds of 4 cycles (S-box read, the RAM's output register, two halves
    # of F), FIFO
    latency=lambda p: 16 * 4 + 2,
    interval=lambda p: 1,
    # bf_core's schedule (rounds of 3 cycles, F split like the rounds here); its last S-box
    # write reaches the copies before a block can read them
    key_setup=lambda p: _bf_key_setup(3),
    key_change="waits until no block is in the round stages (at most the latency, 66 cycles: "
               "the pipeline never stalls and takes no block while a key is offered); the key "
               "schedule then rewrites P and every S-box copy. Results already in the output "
               "FIFO are not affected",
    test_module="cocotb_core",
    # every key load is a 25,068-cycle schedule and the core holds 32 S-box RAMs: Icarus
    # (a few thousand cycles a second here: ~8 min) runs its generic tests with -m slow, the
    # Blowfish-specific tests on both simulators in the default suite. The hardware modes
    # (~2 min; the Blowfish family's run around bf_iter, the pipelined mode path around
    # des_pipe) and the Yosys smoke test (~1.5 min) also wait for -m slow
    slow_runs=frozenset({"icarus", "modes", "synth"}),
))


# ---------------------------------------------------------------------------------------
# modes of operation in hardware: MODE(CORE), e.g. ofb(speck_iter), ctr(aes_pipe)
# ---------------------------------------------------------------------------------------

#: hardware modes and their MODE number in rtl/modes/mode_engine.v (ECB is the core itself)
HW_MODES = {"cbc": 1, "cfb": 2, "ofb": 3, "ctr": 4}
#: modes whose encryption needs the previous block's result (one block per core latency + 1)
SERIAL_ENCRYPT = ("cbc", "cfb", "ofb")
#: parameters the wrapper adds (DEPTH_LOG2 settable; the port widths derived, not settable)
_MODE_EXTRA = ("DEPTH_LOG2", "BLOCK_W", "KEY_W", "TLEN_W")
GEN = ROOT / "build" / "gen"


@dataclass(frozen=True)
class ModeCore(Core):
    """A registered core inside rtl/modes/mode_engine.v, with a generated top module.

    Same interface as its base core plus an IV port (docs/interface.md, "Modes"). Its
    parameters are the base core's plus ``DEPTH_LOG2`` (blocks in flight in the engine); the
    generated top also takes the port widths, which :meth:`params` derives."""

    mode: str = ""
    base: str = ""

    def params(self, overrides: Params | None = None) -> dict[str, int]:
        o = dict(overrides or {})
        depth = int(o.pop("DEPTH_LOG2", 6))
        for k in ("BLOCK_W", "KEY_W", "TLEN_W"):
            o.pop(k, None)
        base = CORES[self.base]
        p = base.params(o)
        if base.lanes(p) != 1:
            raise BadParameterError(f"{self.name}: the mode engine chains single blocks; "
                                    f"{base.name} with these parameters carries "
                                    f"{base.lanes(p)} blocks a beat")
        if not 1 <= depth <= 10:
            raise BadParameterError(f"{self.name}: DEPTH_LOG2={depth} not allowed (1..10)")
        kb = base.key_bits(p)
        out = {**p, "DEPTH_LOG2": depth, "BLOCK_W": base.block_bits(p), "KEY_W": kb}
        if base.key_len_port:  # s_key_tlen: key length in bytes
            out["TLEN_W"] = (kb // 8).bit_length()
        return out

    def block_ciphers(self, params: Params) -> tuple[str, ...]:
        return CORES[self.base].ciphers(params)

    def sources(self) -> list[Path]:
        return [*CORES[self.base].sources(), RTL / "modes" / "mode_engine.v",
                _mode_top(self)]


def _mode_top(core: ModeCore) -> Path:
    """Write (if changed) and return the generated top of ``core``: the mode engine wired to
    the base core, the base core's parameters passed through."""
    base = CORES[core.base]
    from .models import spec

    little = int(spec(base.ciphers(base.params())[0]).byteorder == "little")
    pdecl = ",\n".join(f"    parameter integer {k} = {v}" for k, v in core.params().items())
    ppass = ", ".join(f".{k}({k})" for k in base.defaults)
    tlen_port = ("    input  wire [TLEN_W-1:0]  s_key_tlen,\n" if base.key_len_port else "")
    tlen_conn = "        .s_key_tlen(s_key_tlen),\n" if base.key_len_port else ""
    text = f"""`resetall
`timescale 1ns / 1ps
`default_nettype none

// GENERATED by ciphercores.registry for {core.name}: do not edit.
// {core.mode.upper()} (rtl/modes/mode_engine.v) around {base.name}; interface in docs/interface.md.
module {core.top} #(
{pdecl}
) (
    input  wire               clk,
    input  wire               rst,
    input  wire [KEY_W-1:0]   s_key_tdata,
{tlen_port}    input  wire               s_key_tvalid,
    output wire               s_key_tready,
    input  wire [BLOCK_W-1:0] s_iv_tdata,
    input  wire               s_iv_tvalid,
    output wire               s_iv_tready,
    input  wire [BLOCK_W-1:0] s_axis_tdata,
    input  wire               s_axis_tuser,
    input  wire               s_axis_tvalid,
    output wire               s_axis_tready,
    output wire [BLOCK_W-1:0] m_axis_tdata,
    output wire               m_axis_tuser,
    output wire               m_axis_tvalid,
    input  wire               m_axis_tready
);

wire [BLOCK_W-1:0] c_in_tdata, c_out_tdata;
wire c_in_tuser, c_in_tvalid, c_in_tready, c_out_tuser, c_out_tvalid, c_out_tready;

mode_engine #(.BLOCK(BLOCK_W), .MODE({HW_MODES[core.mode]}), .DEPTH_LOG2(DEPTH_LOG2),
              .CTR_LITTLE({little})) u_mode (
    .clk(clk), .rst(rst),
    .s_iv_tdata(s_iv_tdata), .s_iv_tvalid(s_iv_tvalid), .s_iv_tready(s_iv_tready),
    .s_axis_tdata(s_axis_tdata), .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
    .c_in_tdata(c_in_tdata), .c_in_tuser(c_in_tuser),
    .c_in_tvalid(c_in_tvalid), .c_in_tready(c_in_tready),
    .c_out_tdata(c_out_tdata), .c_out_tuser(c_out_tuser),
    .c_out_tvalid(c_out_tvalid), .c_out_tready(c_out_tready)
);

{base.top} #({ppass}) u_core (
    .clk(clk), .rst(rst),
    .s_key_tdata(s_key_tdata),
{tlen_conn}        .s_key_tvalid(s_key_tvalid), .s_key_tready(s_key_tready),
    .s_axis_tdata(c_in_tdata), .s_axis_tuser(c_in_tuser),
    .s_axis_tvalid(c_in_tvalid), .s_axis_tready(c_in_tready),
    .m_axis_tdata(c_out_tdata), .m_axis_tuser(c_out_tuser),
    .m_axis_tvalid(c_out_tvalid), .m_axis_tready(c_out_tready)
);

endmodule

`resetall
"""
    GEN.mkdir(parents=True, exist_ok=True)
    path = GEN / f"{core.top}.v"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return path


_MODE_CORES: dict[str, ModeCore] = {}


def mode_bases() -> list[str]:
    """The registered cores a hardware mode can wrap (one block a beat with their defaults)."""
    return [n for n, c in CORES.items() if c.lanes() == 1]


def mode_core(mode: str, base_name: str) -> ModeCore:
    """The core ``MODE(BASE)``: ``mode_core("ofb", "speck_iter")`` is ``ofb(speck_iter)``."""
    if mode not in HW_MODES:
        raise UnknownCoreError(f"unknown hardware mode {mode!r} (known: {', '.join(HW_MODES)};"
                               f" ECB is the core itself)")
    base = get(base_name)
    if isinstance(base, ModeCore):
        raise UnknownCoreError(f"{mode}({base_name}): modes do not nest")
    name = f"{mode}({base.name})"
    if name not in _MODE_CORES:
        serial = mode in SERIAL_ENCRYPT

        def ciphers(p, base=base, mode=mode):
            return tuple(f"{c}-{mode}" for c in base.ciphers(p))

        _MODE_CORES[name] = ModeCore(
            name=name, family=base.family, top=f"{mode}_{base.top}",
            rtl=(*base.rtl, "modes/mode_engine.v"),
            summary=f"{mode.upper()} mode engine around {base.name}",
            defaults={**base.defaults, "DEPTH_LOG2": 6}, choices=dict(base.choices),
            ciphers=ciphers, block_bits=base.block_bits, key_bits=base.key_bits,
            key_len_port=base.key_len_port, latency=base.latency,
            # encryption interval (CBC/CFB decryption runs at the base core's interval)
            interval=(lambda p, b=base: b.latency(p) + 1) if serial else base.interval,
            burst=(lambda p: 1) if serial else base.burst,
            key_setup=base.key_setup, key_change=base.key_change,
            test_module="cocotb_mode", test_sets=(), iv_port=True, mode=mode, base=base.name)
    return _MODE_CORES[name]
# -- AES -----------------------------------------------------------------------------------

def _aes_rounds(key_bits: int) -> int:
    return {128: 10, 192: 12, 256: 14}[key_bits]


def _aes_iter_nr(p: Params) -> int:
    return _aes_rounds(8 * p.get("KEY_LEN", 32))


register(Core(
    name="aes_iter",
    family="aes",
    top="aes_iter",
    rtl=("aes/aes_sbox.v", "aes/aes_inv_sbox.v", "aes/aes_sbox_rom.v", "aes/aes_mix_cols.v",
         "aes/aes_mix_layer.v", "aes/aes_key_sub.v", "aes/aes_key_words.v",
         "aes/aes_key_step.v", "aes/aes_iter.v"),
    summary="iterative AES-128/192/256 (key length per key load), encrypt/decrypt per block, "
            "one round per cycle, round keys on the fly, S-boxes in block RAM (SBOX_BRAM=0: "
            "in LUTs)",
    defaults={"SBOX_BRAM": 1},
    choices={"SBOX_BRAM": (0, 1)},
    ciphers=lambda p: ("aes-128", "aes-192", "aes-256"),
    block_bits=lambda p: 128,
    key_bits=lambda p: 256,
    key_len_port=True,
    latency=lambda p: _aes_iter_nr(p) + 1,
    interval=_aes_iter_nr,
    # pre-pass of Nr key steps to the last round key, plus the cycle that hands it over;
    # AES-256 starts with one backward step (the pre-pass in aes_iter.v)
    key_setup=lambda p: _aes_iter_nr(p) + 1 + (1 if p.get("KEY_LEN", 32) == 32 else 0),
    key_change="waits for the round engine to finish its block; no drain of the output",
    test_module="cocotb_aes",
    test_sets=({"SBOX_BRAM": 1}, {"SBOX_BRAM": 0}),
))


register(Core(
    name="aes_pipe",
    family="aes",
    top="aes_pipe",
    rtl=("aes/aes_sbox.v", "aes/aes_inv_sbox.v", "aes/aes_sbox_rom.v", "aes/aes_sub_rom_layer.v",
         "aes/aes_mix_mult.v", "aes/aes_key_sub.v", "aes/aes_key_words.v",
         "aes/aes_key_step.v", "aes/aes_key_prep.v",
         "common/axis_credit_count.v", "common/axis_credit_fifo_piped.v", "aes/aes_pipe.v"),
    summary="fully unrolled AES, encrypt/decrypt per block, LANES blocks a cycle, key schedule "
            "pipelined beside the data, data S-boxes in block RAM (SBOX_BRAM=0: in LUTs), "
            "credit-counted output FIFO (no stall)",
    # the registers that measured fastest (docs/results.md) by default
    defaults={"KEY_BITS": 128, "LANES": 1, "SUBREG": 2, "MIXREG": 1, "SBOX_BRAM": 1},
    choices={"KEY_BITS": (128, 192, 256), "LANES": (1, 2, 3, 4), "SUBREG": (0, 1, 2),
             "MIXREG": (0, 1), "SBOX_BRAM": (0, 1)},
    ciphers=lambda p: (f"aes-{p['KEY_BITS']}",),
    block_bits=lambda p: 128,
    key_bits=lambda p: p["KEY_BITS"],
    key_len_port=False,
    # the input register, stage 0, Nr rounds of 1 + SUBREG + MIXREG stages (no MIXREG in the
    # last), the last round's output register, the output FIFO's four cycles
    latency=lambda p: (_aes_rounds(p["KEY_BITS"]) * (1 + p["SUBREG"] + p["MIXREG"])
                       - p["MIXREG"] + 6),
    interval=lambda p: 1,
    # the key into the pre-pass's registers, the pre-pass to the decryption start window, as
    # in aes_iter (three cycles a step with SUBREG=2: S-box input word, SubWord, words), and
    # the cycle after it
    key_setup=lambda p: ((_aes_rounds(p["KEY_BITS"]) + (1 if p["KEY_BITS"] == 256 else 0))
                         * (3 if p["SUBREG"] == 2 else 1) + 2),
    key_change="nothing to wait for but a running key pre-pass: blocks carry their own key "
               "schedule, so blocks inside finish with their key while new ones use the new one",
    test_module="cocotb_aes",
    # Yosys on the fully unrolled default takes minutes: its smoke test runs with -m slow
    slow_runs=frozenset({"synth"}),
    # the default (every optional register, the block RAMs' output registers moved into the
    # RAMs on ECP5), none of them, and lanes with the key added after the linear layer
    test_sets=({"KEY_BITS": 128, "LANES": 1, "SUBREG": 2, "MIXREG": 1, "SBOX_BRAM": 1},
               {"KEY_BITS": 128, "LANES": 1, "SUBREG": 0, "MIXREG": 0, "SBOX_BRAM": 1},
               {"KEY_BITS": 256, "LANES": 2, "SUBREG": 1, "MIXREG": 1, "SBOX_BRAM": 0}),
))


# -- DES and Triple-DES (rtl/des/) --------------------------------------------------------------
# The TDES cores implement des-ede3, des-ede and des (keying options 1, 2, 3), chosen per key
# load by s_key_tlen = 24, 16 or 8; the DES cores are the same RTL with DES_ONLY = 1. Keying
# option 3 (single DES) still runs the three passes, so no cycle figure depends on KEY_LEN.
_DES_RTL = ("des/des_ip.v", "des/des_fp.v", "des/des_pc1.v", "des/des_pc2.v", "des/des_e.v",
            "des/des_sp.v", "des/des_round.v")
_TDES_CIPHERS = ("des-ede3", "des-ede", "des")

register(Core(
    name="des_iter",
    family="des",
    top="des_iter",
    rtl=(*_DES_RTL, "des/tdes_iter.v", "des/des_iter.v"),
    summary="folded DES, one round per cycle, key schedule on the fly (right rotations to "
            "decrypt)",
    defaults={},
    choices={},
    ciphers=lambda p: ("des",),
    block_bits=lambda p: 64,
    key_bits=lambda p: 64,
    key_len_port=False,
    latency=lambda p: 17,
    interval=lambda p: 16,
    key_setup=lambda p: 1,
    key_change="none: a key is read only when a block enters, so it is taken at once, even "
               "with a block in the engine",
    test_module="cocotb_des",
    # the DES family's hardware modes run around des_pipe in the default suite
    slow_runs=frozenset({"modes"}),
))

register(Core(
    name="tdes_iter",
    family="des",
    top="tdes_iter",
    rtl=(*_DES_RTL, "des/tdes_iter.v"),
    summary="folded Triple-DES (EDE), one round engine for the three passes, one round per "
            "cycle, key schedule on the fly",
    defaults={},
    choices={},
    ciphers=lambda p: _TDES_CIPHERS,
    block_bits=lambda p: 64,
    key_bits=lambda p: 192,
    key_len_port=True,
    latency=lambda p: 49,
    interval=lambda p: 48,
    key_setup=lambda p: 1,
    key_change="waits until the block in the engine starts its last DES pass (at most 32 "
               "cycles); no drain of the output",
    test_module="cocotb_des",
    # the DES family's hardware modes run around des_pipe in the default suite
    slow_runs=frozenset({"modes"}),
))

register(Core(
    name="des_pipe",
    family="des",
    top="des_pipe",
    rtl=(*_DES_RTL, "des/des_subkey.v", "common/axis_credit_count.v",
         "common/axis_credit_fifo_piped.v", "des/tdes_pipe.v", "des/des_pipe.v"),
    summary="pipelined DES: input stage, 16 round stages, credit-counted output FIFO read "
            "through registers; each block carries its key",
    defaults={},
    choices={},
    ciphers=lambda p: ("des",),
    block_bits=lambda p: 64,
    key_bits=lambda p: 64,
    key_len_port=False,
    latency=lambda p: 21,
    interval=lambda p: 1,
    key_setup=lambda p: 1,
    key_change="none: each block carries its key through the stages, so a key is taken at "
               "once and costs only the cycle of its handshake (after reset, once the output "
               "FIFO is wiped)",
    test_module="cocotb_des",
))

register(Core(
    name="tdes_pipe",
    family="des",
    top="tdes_pipe",
    rtl=(*_DES_RTL, "des/des_subkey.v", "common/axis_credit_count.v",
         "common/axis_credit_fifo_piped.v", "des/tdes_pipe.v"),
    summary="pipelined Triple-DES (EDE): input stage, 48 round stages, credit-counted output "
            "FIFO read through registers; each block carries the keys of its passes ahead",
    defaults={},
    choices={},
    ciphers=lambda p: _TDES_CIPHERS,
    block_bits=lambda p: 64,
    key_bits=lambda p: 192,
    key_len_port=True,
    latency=lambda p: 53,
    interval=lambda p: 1,
    key_setup=lambda p: 1,
    key_change="none: each block carries the keys of its DES passes through the stages, so a "
               "key is taken at once and costs only the cycle of its handshake (after reset, "
               "once the output FIFO is wiped)",
    test_module="cocotb_des",
    # 48 unrolled rounds: a few hundred cycles a second on Icarus, minutes in Yosys; the
    # default suite runs it on Verilator, and des_pipe (the same RTL with 16 stages) everywhere
    slow_runs=frozenset({"icarus", "modes", "synth"}),
))


def get(name: str) -> Core:
    name = name.strip()
    if name.endswith(")") and "(" in name:
        mode, _, base = name[:-1].partition("(")
        return mode_core(mode.strip().lower(), base.strip())
    try:
        return CORES[name]
    except KeyError:
        known = ", ".join(sorted(CORES))
        raise UnknownCoreError(
            f"unknown core {name!r} (known: {known}; and MODE(CORE) with MODE in "
            f"{', '.join(HW_MODES)})") from None


def parse_core_spec(text: str) -> tuple[Core, dict[str, int]]:
    """``NAME[:PARAM=VALUE,...]`` -> (core, checked parameters)."""
    name, _, rest = text.partition(":")
    core = get(name.strip())
    overrides: dict[str, int] = {}
    for item in filter(None, (s.strip() for s in rest.split(","))):
        k, eq, v = item.partition("=")
        if not eq:
            raise BadParameterError(f"{core.name}: expected PARAM=VALUE, got {item!r}")
        try:
            overrides[k.strip()] = int(v, 0)
        except ValueError:
            raise BadParameterError(f"{core.name}: {k.strip()} needs an integer") from None
    return core, core.params(overrides)


def cores_for(cipher: str) -> list[tuple[Core, dict[str, int]]]:
    """Every (core, parameter set) that implements ``cipher``, among the test sets and defaults."""
    out = []
    for core in CORES.values():
        for ps in (core.defaults, *core.test_sets):
            p = core.params(ps)
            if cipher in core.ciphers(p) and (core, p) not in out:
                out.append((core, p))
    return out
