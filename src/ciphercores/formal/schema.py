# SPDX-License-Identifier: Apache-2.0
"""What a formal target and a broken variant are (the table of them: ``targets``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .. import cores
from ..cores import RTL
from ..errors import BadParameterError

# the property modules every formal top uses
PROPS = ("formal/formal_reset.v", "formal/axis_source_props.v",
         "formal/axis_block_count_props.v", "formal/axis_chosen_block_props.v",
         "formal/axis_latency_props.v", "formal/core_ready_props.v",
         "formal/bf_ring_ready_props.v", "formal/bf_key_timing.v")


# core_formal's ties of its monitors to a folded core's engine and output register (define
# FORMAL_CORE_ENGINE), checked in a core's k-induction; a broken variant is model-checked with
# them only where it is to fail one of them, so that every other variant fails the property it
# was written for (the ties, stronger, would otherwise fail first)
TIES = ("engine_held", "engine_model", "engine_known", "engine_rounds", "engine_latency",
        "engine_first", "engine_second", "source_keeps_last", "engine_setup",
        "engine_reset_setup", "engine_reset_wait")


@dataclass(frozen=True)
class Mutation:
    """A broken variant: ``old`` replaced by ``new`` (exactly once) in ``file`` (under rtl/);
    the proof must fail on one of ``fails`` (property labels)."""
    name: str
    file: str
    old: str
    new: str
    fails: tuple[str, ...]
    # target parameters where the defect shows (the target's defaults otherwise)
    params: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Target:
    name: str
    top: str                        # the formal top module
    sources: tuple[str, ...]        # design files under rtl/, before the top's own
    defaults: dict[str, int]
    sweep: tuple[dict[str, int], ...]
    depth: int                      # k of the k-induction (cores: see proof_depth)
    cover_depth: Callable[[dict[str, int]], int]   # steps the covers need
    mutations: tuple[Mutation, ...] = ()
    what: str = ""
    # the covers the formal top must reach (instance.label): the proof is not vacuous
    covers: tuple[str, ...] = ("u_blocks.count_full", "u_chosen.chosen_both_out")
    # a registered core under rtl/formal/core_formal.v, model-checked from reset (bmc) to
    # `depth` cycles instead of proven by induction; `capacity`: the blocks it holds at most
    # (a number, or a function of the parameters)
    core: bool = False
    capacity: int | Callable[[dict[str, int]], int] = 0
    # m_axis_tdata while m_axis_tvalid is low (core_formal): 1 zero in every such cycle; 2 rule
    # 5 as docs/interface.md states it: zero from a reset until the first transfer, afterwards
    # zero or a finished block (the last one transferred or the next one), never round state
    zero_idle: int = 1
    # a core with a FORMAL-only f_keys port: parameters -> (its width, what it holds for the
    # zero key once the core is ready after a reset); the key wipe of rule 5 is then proven
    zero_keys: Callable[[dict[str, int]], tuple[int, int]] | None = None
    # the ready conditions of the core's datasheet note (core_ready_props): a folded core's
    # KEY_WAIT (cycles after a block's handshake with s_key_tready low; its interval or more:
    # while the block is in the engine), a pipelined core's output FIFO CREDITS (a number or
    # a function of the parameters; credit_piped: axis_credit_fifo_piped's timing, else
    # axis_credit_fifo's), and the cycles after a reset blocks wait where it is longer than
    # keys do (None: the registry's ready_after_reset)
    key_wait: Callable[[dict[str, int]], int] = lambda p: 0
    credits: int | Callable[[dict[str, int]], int] = 0
    credit_piped: bool | Callable[[dict[str, int]], bool] = True
    axis_after_reset: Callable[[dict[str, int]], int] | None = None
    # a pipelined core that takes a key during the set-up of the one before (speck_pipe)
    key_in_setup: bool = False
    # memories as registers (Yosys memory_map): Boolector did not get past the second step of
    # des_pipe with its 32 x 65-bit output FIFO as an SMT array, and takes it as flip-flops
    memory_map: bool = False
    # design files (under rtl/) replaced by a cut for a proof of control: a module of the same
    # ports whose outputs are free (anyseq), so the check covers every behaviour of the design
    cut: tuple[tuple[str, str], ...] = ()
    # a core's bounded depth where the solver cannot reach proof_depth's (0: proof_depth's; a
    # number, or a function of the parameters)
    bmc_depth: int | Callable[[dict[str, int]], int] = 0
    # a core proven by k-induction (unbounded) with this k, its invariants assertions inside
    # its RTL under `ifdef FORMAL`, and core_formal's ties of its monitors to the ports (0: a
    # bounded check from reset)
    induction: int = 0
    # a core proven by induction whose key set-up is tied to the ready model's through its
    # FORMAL-only f_setup port (the cycles left of it; core_formal's engine_setup), so that
    # the induction's k need not span the set-up (aes_iter's pre-pass, aes_small's expansion)
    setup_port: bool = False
    # a target other than a core model-checked from reset to `depth` cycles (no induction)
    bounded: bool = False
    # a core whose cycle figures follow the key length loaded (aes_iter): the one key length
    # (bytes) the proof loads, s_key_tlen assumed equal to it (0: any s_key_tlen)
    key_len: int = 0
    # macros the proof defines before the sources (a FORMAL-only shortening of the RTL: the
    # Blowfish key schedule), and the cycle figures of the design so shortened where they are
    # not the registry's (key_setup, ready_after_reset): parameters -> {name: value}
    defines: Callable[[dict[str, int]], dict[str, int]] = lambda p: {}
    figures: Callable[[dict[str, int]], dict[str, int]] = lambda p: {}
    # a Blowfish ring core (bf_iter, bf_x2): the stages of its ring (the blocks in flight), whose
    # ready conditions bf_ring_ready_props states (0: core_ready_props')
    ring: Callable[[dict[str, int]], int] = lambda p: 0
    # a target other than a core whose check takes minutes: run, as the cores', with the
    # `formal` pytest marker and `make formal` only
    slow: bool = False

    def files(self) -> list[Path]:
        sources = (cores.get(self.name).sources() if self.core
                   else [RTL / f for f in self.sources])
        cuts = {RTL / old: RTL / new for old, new in self.cut}
        sources = [cuts.get(f, f) for f in sources]
        return [*(RTL / f for f in PROPS), *sources, RTL / f"formal/{self.top}.v"]

    def blocks(self, params: dict[str, int]) -> int:
        """The blocks the core holds at most with ``params`` (``capacity``)."""
        return self.capacity(params) if callable(self.capacity) else self.capacity

    def proof_mode(self) -> str:
        return "bmc" if (self.core and not self.induction) or self.bounded else "prove"

    def proof_depth(self, params: dict[str, int]) -> int:
        if self.core and self.induction:
            return self.induction
        if self.core and self.bmc_depth:
            return self.bmc_depth(params) if callable(self.bmc_depth) else self.bmc_depth
        if self.core:  # the key set-up after reset, two latencies, the capacity, a margin
            core = cores.get(self.name)
            cyc = core.cycle_params(params, self.key_len or None)
            setup = self.figures(params).get("key_setup", core.key_setup(cyc))
            return setup + 2 * core.latency(cyc) + self.blocks(params) + 4
        return self.depth

    def top_params(self, params: dict[str, int]) -> dict[str, int]:
        """The formal top's parameters (a core's own go through defines written by run())."""
        if not self.core:
            return params
        core = cores.get(self.name)
        reset = {**core.reset_figures(params), **self.figures(params)}
        # the cycle figures of the key length loaded, where they depend on it
        cyc = core.cycle_params(params, self.key_len or None)
        credits = self.credits(params) if callable(self.credits) else self.credits
        piped = (self.credit_piped(params) if callable(self.credit_piped)
                 else self.credit_piped)
        top = {"DATA_BITS": core.block_bits(params) * core.lanes(params),
               "KEY_BITS": core.key_bits(params), "CAPACITY": self.blocks(params),
               "ZERO_IDLE": int(self.zero_idle), "RESET_CYCLES": reset["reset_cycles"],
               "READY_AFTER_RESET": reset["ready_after_reset"],
               "LATENCY": core.latency(cyc),
               "KEY_SETUP": reset.get("key_setup", core.key_setup(cyc)),
               "INTERVAL": core.interval(cyc), "KEY_WAIT": self.key_wait(cyc),
               "CREDITS": credits}
        if credits and not piped:
            top["CREDIT_PIPED"] = 0
        if credits and core.interval(cyc) > 1:  # a loop (speck_pipe, STAGES < T)
            top["BURST"] = core.burst(cyc)
        if self.key_in_setup:
            top["KEY_IN_SETUP"] = 1
        if self.axis_after_reset is not None:
            top["AXIS_AFTER_RESET"] = self.axis_after_reset(params)
        if core.key_len_port:  # s_key_tlen: the bits of the longest key's byte count
            top["TLEN_BITS"] = (core.key_bits(params) // 8).bit_length()
        if self.key_len:
            top["TLEN_FIXED"] = self.key_len
        if self.ring(params):
            top["RING"] = self.ring(params)
        return top

    def params(self, overrides: dict[str, int] | None = None) -> dict[str, int]:
        p = dict(self.defaults)
        for k, v in (overrides or {}).items():
            if k not in p:
                raise BadParameterError(f"{self.name} has no parameter {k} "
                                        f"(it has {', '.join(p)})")
            p[k] = int(v)
        # a core's parameter set is checked by the registry (a SPECK set must exist, ...)
        return cores.get(self.name).params(p) if self.core else p
