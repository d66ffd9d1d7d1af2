# SPDX-License-Identifier: Apache-2.0
"""The formal targets and their broken variants, as data: each target's formal top, sources,
parameter sweep, depth, covers and mutations (exact RTL text replaced in a build copy, and the
properties that must fail). The runner is the package's ``__init__``; the default suite checks
that every mutation's text occurs exactly once in its file (tests/formal)."""

from __future__ import annotations

from .. import cores
from ..cores.speck import speck_pipe_out_fifo
from .schema import Mutation, Target


def _core_cover_depth(name: str, p: dict[str, int], capacity: int) -> int:
    """Steps for a core's covers: the zero key's set-up after reset, two blocks through."""
    core = cores.get(name)
    return core.key_setup(p) + 2 * core.latency(p) + capacity + 8


_COUNT = "common/axis_credit_count.v"
_FIFO = "common/axis_credit_fifo.v"
_PIPED = "common/axis_credit_fifo_piped.v"
_OUT_PIPED = "common/axis_out_fifo_piped.v"
_OUT = "common/axis_out_fifo.v"
_FIFO_PROPS = "formal/credit_fifo_props.v"
_SLICE = "common/axis_reg_slice.v"
_OUT_REG = "common/axis_out_reg.v"
_MODE = "modes/mode_engine.v"
_LUT_FIFO = "common/axis_lut_fifo.v"
_SPECK = "speck/speck_iter.v"


def _speck_iter_zero_keys(p: dict[str, int]) -> tuple[int, int]:
    """speck_iter's key registers {key0, keyl, kw} once the zero key is set up: key0 zero, and
    keyl and kw the key schedule's last window {l_(T+m-3), ..., l_(T-1), k_(T-1)}, from the
    reference model's key schedule (its trace gives every l)."""
    from ..models.base import Trace
    from ..models.speck import PARAMS, expand_key

    n, m = p["WORD"], p["KEY_WORDS"]
    _, _, t, alpha, beta = PARAMS[(2 * n, n * m)]
    trace = Trace()
    ks = expand_key(0, n, m, t, alpha, beta, trace)
    ls = [0] * (m - 1) + [s.values["l"] for s in trace.phase("key")]
    window = ks[-1]
    for j, lv in enumerate(ls[t - 1:t - 1 + m - 1]):
        window |= lv << (n * (j + 1))
    kw = n * m
    return 3 * kw, (window << kw) | window
_TDES = "des/tdes_iter.v"
_TDES_PIPE = "des/tdes_pipe.v"
_SPECK_PIPE = "speck/speck_pipe.v"
_SPECK_KEY_PREP = "speck/speck_key_prep.v"
_AES = "aes/aes_iter.v"
_AES_SMALL = "aes/aes_small.v"
_READY = "formal/core_ready_props.v"
_CORE_FORMAL = "formal/core_formal.v"


# speck_pipe's FIFO input, and variants that write a block with m_axis_tuser ``when`` to the
# FIFO a cycle late (through a register) or a cycle early (from the slot before the last
# unit's: a loop of two units or more)
def _speck_pipe_fifo_in(data: str = "{slot_x[LAST], slot_y[LAST]}",
                        user: str = "slot_dec[LAST]",
                        valid: str = "slot_valid[LAST] && !slot_more[LAST]",
                        decl: str = "") -> str:
    text = (decl + "axis_out_fifo #(\n    .WIDTH(BLOCK_W),\n    .USER_WIDTH(1),\n"
            "    .LATENCY(UNITS * ROUND_CYCLES + 1),\n"
            "    .PIPED((SUBREG != 0) ? 1 : 0),\n"
            "    .HEAD_REG(0)\n) u_fifo (\n    .clk(clk),\n    .rst(fifo_rst_reg),\n"
            "    .reserve(in_fire),\n"
            "    .credit(credit),\n    .key_ready(fifo_key_ready),\n"
            f"    .s_axis_tdata({data}),\n    .s_axis_tuser({user}),\n"
            f"    .s_axis_tvalid({valid}),\n")
    # LAST: the last unit, UNITS-1; PREV the one before it
    return text.replace("LAST", "UNITS-1").replace("PREV", "UNITS-2")


_SPECK_PIPE_FIFO_IN = _speck_pipe_fifo_in()
_SPECK_PIPE_FIFO_IN_LATE = _speck_pipe_fifo_in(
    "late_now ? {slot_x[LAST], slot_y[LAST]} : late_reg[BLOCK_W-1:0]",
    "late_now ? slot_dec[LAST] : late_reg[BLOCK_W]",
    "late_now || late_v_reg",
    "reg late_v_reg = 1'b0;\nreg [BLOCK_W:0] late_reg;\n"
    "wire late_now = slot_valid[LAST] && !slot_more[LAST] && !slot_dec[LAST];\n"
    "always @(posedge clk) begin\n"
    "    late_v_reg <= slot_valid[LAST] && !slot_more[LAST] && slot_dec[LAST] && !rst;\n"
    "    late_reg <= {slot_dec[LAST], slot_x[LAST], slot_y[LAST]};\nend\n")
_SPECK_PIPE_FIFO_IN_EARLY = _speck_pipe_fifo_in(
    "early ? {slot_x[PREV], slot_y[PREV]} : {slot_x[LAST], slot_y[LAST]}",
    "early ? slot_dec[PREV] : slot_dec[LAST]",
    "early || (slot_valid[LAST] && !slot_more[LAST] && !slot_dec[LAST])",
    "wire early = slot_valid[PREV] && !slot_more[PREV] && slot_dec[PREV];\n")


def _speck_pipe_credits(p: dict[str, int]) -> int:
    """speck_pipe's output FIFO credits (axis_out_fifo's: the blocks from an input handshake
    to their output handshake)."""
    return speck_pipe_out_fifo(p).credits


def _speck_pipe_axis_wait(p: dict[str, int]) -> int:
    """Cycles after a reset before speck_pipe takes a block: the zero key's pre-pass (its key
    set-up less the key's input register and the handshake's cycle) or the FIFO's wipe, the
    longer; a key is taken as soon as the wipe ends, and restarts the pre-pass."""
    core = cores.get("speck_pipe")
    # the FIFO's credits come with its key_ready, a cycle after rst for its reset register
    return max(core.key_setup(p) - 2, speck_pipe_out_fifo(p).ready_after_reset + 1)


class _OutReg:
    """A folded core's output register, its instance of axis_out_reg (``width``: its WIDTH;
    ``load``, ``data``, ``user``: what the core hands over), and variants of the core around
    it: the text of the instance is the mutations' ``old``, the same instance behind a few
    declarations their ``new``. The register itself has its own target (axis_out_reg)."""

    def __init__(self, width: str, load: str, data: str, user: str):
        self.width, self.load, self.user = width, load, user
        self.text = ("axis_out_reg #(\n" f"    .WIDTH({width}),\n    .USER_WIDTH(1)\n) u_out (\n"
                     "    .clk(clk),\n    .rst(rst),\n"
                     f"    .load({load}),\n    .load_data({data}),\n"
                     f"    .load_user({user}),\n    .free(out_free),\n"
                     "    .m_axis_tdata(m_axis_tdata),\n    .m_axis_tuser(m_axis_tuser),\n"
                     "    .m_axis_tvalid(m_axis_tvalid),\n    .m_axis_tready(m_axis_tready)\n);")

    def _ports(self, decl: str, **ports: str) -> tuple[str, str]:
        new = self.text
        for port, net in ports.items():
            old = f"    .{port}("
            start = new.index(old) + len(old)
            new = new[:start] + net + new[new.index(")", start):]
        return self.text, decl + new

    def shown_idle(self, bits: str, zero: str, state: str, after: bool = True) -> tuple[str, str]:
        """m_axis_tdata shows ``state`` while m_axis_tvalid is low: after the first transfer
        (where the register holds a block, ``after``), or from the reset on."""
        cond = f"(m_axis_tvalid || f_out_data == {zero})" if after else "m_axis_tvalid"
        pad = " " * len("assign m_axis_tdata = ")
        return self._ports(f"wire [{bits}] f_out_data;\nassign m_axis_tdata = {cond}\n"
                           f"{pad}? f_out_data : {state};\n", m_axis_tdata="f_out_data")

    def late(self) -> tuple[str, str]:
        """A decrypted result offered a cycle late: hidden (zero, and not taken) in the cycle
        after its load, so the time a block takes depends on its direction (rule 4) and on
        nothing else (rule 5's idle data allows zero)."""
        return self._ports(f"reg late_reg = 1'b0;\nwire [{self.width}-1:0] f_out_data;\n"
                           "wire f_out_valid;\nalways @(posedge clk) begin\n"
                           f"    late_reg <= {self.load} && {self.user} && !rst;\nend\n"
                           f"assign m_axis_tdata = late_reg ? {{({self.width}){{1'b0}}}}"
                           " : f_out_data;\n"
                           "assign m_axis_tvalid = f_out_valid && !late_reg;\n",
                           m_axis_tdata="f_out_data", m_axis_tvalid="f_out_valid",
                           m_axis_tready="m_axis_tready && !late_reg")

    def early(self) -> tuple[str, str]:
        """A decrypted result offered in the cycle it leaves the engine, a cycle early."""
        now = f"({self.load} && {self.user} && m_axis_tready)"
        return self._ports("wire f_out_user;\nwire f_out_valid;\n"
                           f"assign m_axis_tuser = {now} || f_out_user;\n"
                           f"assign m_axis_tvalid = f_out_valid || {now};\n",
                           m_axis_tuser="f_out_user", m_axis_tvalid="f_out_valid")

    def waits_for_empty(self) -> tuple[str, str]:
        """The engine hands a result over only to an empty register, not to one whose block
        leaves in the same cycle."""
        return self._ports("wire f_free;\nassign out_free = f_free && !m_axis_tvalid;\n",
                           free="f_free")

    def direction_lost(self) -> tuple[str, str]:
        return self._ports("", load_user="1'b0")


_AES_OUT = _OutReg("128", "finish", "last_out", "blk_dec")
_TDES_OUT = _OutReg("64", "finish", "fp_out", "dir_reg")
_SPECK_OUT = _OutReg("2 * WORD", "finish", "{rnd_x, rnd_y}", "dir_reg")
# the covers of a core's formal top: its capacity filled, both chosen blocks out, a block out
# of an empty core after exactly its latency, a block taken as soon as the ready conditions allow
_CORE_COVERS = ("u_blocks.count_full", "u_chosen.chosen_both_out", "u_latency.latency_reached",
                "u_ready.ready_back_to_back")

_REGS = "bus/cc_regs.v"
_AXIL = "bus/axil_regs_bridge.v"
_WB = "bus/wb_regs_bridge.v"
# a read of a KEY word taken as legal (its data stays zero, but the answer is OKAY)
_KEY_READABLE = (
    "wire rd_ok = hit_id || hit_info || hit_status || hit_irq_en || hit_keylen || hit_dout;",
    "wire rd_ok = hit_id || hit_info || hit_status || hit_irq_en || hit_keylen || hit_dout\n"
    "             || hit_key;")
# the bus wrappers: bounded model checks from reset, deep enough for a key written, loaded and
# wiped, and several accesses back to back (the covers reach theirs by step 5); the two-copy
# check of cc_regs took 485 s at 24 cycles against 15 s at 12
_BUS_DEPTH = 12
# the output register: bounded (the idle-data rule's history, kept inside axis_source_props,
# leaves k-induction without an invariant to tie it to the register: UNKNOWN at k = 6); 12
# cycles from reset hold two blocks through back to back and stalls between them (the covers
# reach theirs by step 4)
_OUT_REG_DEPTH = 12

# Blowfish: the key schedule (25,068 cycles with 3-cycle rounds) shortened under FORMAL
# (bf_core.v): its encryptions start BF_MIX_START cycles after the key handshake, and there are
# BF_ENCRYPTIONS of them (the least with a chained one: the first chains the next, the last
# ends the schedule); the registry's formula with these constants gives the figures proven
_BF_MIX_START = 2
_BF_ENCRYPTIONS = 2
_BF_DEFINES = {"BF_FORMAL_MIX_START": _BF_MIX_START, "BF_FORMAL_ENCRYPTIONS": _BF_ENCRYPTIONS}
_BF_CORE = "blowfish/bf_core.v"
_BF_RING = "blowfish/bf_ring.v"
# the key schedule's data parts cut (free outputs): the S-box RAMs, the P-array, the key mixing
# and the S-box writes; the ring's and the schedule's control read none of their words
_BF_CUT = (("blowfish/bf_sbox.v", "formal/bf_sbox_free.v"),
           ("blowfish/bf_parray.v", "formal/bf_parray_free.v"),
           ("blowfish/bf_key_mix.v", "formal/bf_key_mix_free.v"),
           ("blowfish/bf_sbox_copy.v", "formal/bf_sbox_copy_free.v"))


def _bf_setup(k: int) -> int:
    """bf_core's key set-up with the shortened schedule (rounds of ``k`` cycles): the
    registry's formula, MIX_START + 3 + encryptions x 16 x k, at the formal constants."""
    return _BF_MIX_START + 3 + _BF_ENCRYPTIONS * 16 * k


def _bf_engine_figures(p: dict[str, int]) -> dict[str, int]:
    """bf_iter's figures with the shortened schedule (as the registry's: the
    whole schedule of the zero key after a reset, less the handshake's cycle)."""
    setup = _bf_setup(p["ROUND_CYCLES"])
    return {"key_setup": setup, "ready_after_reset": setup - 1}


def _bf_depth(name: str, p: dict[str, int]) -> int:
    """The bounded depth of a ring core's check (and its covers'): the zero key's shortened
    schedule after a reset, one latency and the capacity (two blocks through, taken back to
    back as soon as the schedule ends, and one more into the slot of a result leaving), and
    a margin; not the formula's two latencies: with 2-cycle rounds the check takes 111
    cycles, Boolector then 30 s a step and 917 s in all, its covers reached at step 104."""
    return (_bf_engine_figures(p)["key_setup"] + cores.get(name).latency(p)
            + p["ROUND_CYCLES"] + 1 + 6)


_BF_WHAT = ("bounded: with the key schedule shortened under FORMAL to 2 encryptions "
            f"(key_setup {_bf_setup(2)} with 2-cycle rounds), m_axis source rules, rule 5's "
            "idle data (zero until the first transfer, then zero or a finished block: it keeps "
            "the last one), reset window (both tready low, the key taken ready_after_reset "
            "cycles after); key before data; at most ROUND_CYCLES + 1 blocks inside (ring, "
            "output), none invented; two blocks out once, in order; a block into the empty core "
            "out after exactly its latency while m_axis_tready is high; both tready as its "
            "datasheet states (the ring's slots, results in input order, keys once the ring is "
            "empty); S-boxes, P-array, key mixing and S-box writes cut")
_BF_OUT = _OutReg("64 * LANES", "emit", "out_next", "out_dir")


def _bf_ring_mutations() -> tuple[Mutation, ...]:
    """The broken variants of bf_core's block path (bf_iter's target)."""
    bits, zero = "64*LANES-1:0", "{(64*LANES){1'b0}}"
    return (
        # rule 5: while idle the output shows the data stage's round state
        Mutation("round state shown before the first block", _BF_CORE,
                 *_BF_OUT.shown_idle(bits, zero, "out_next", after=False),
                 ("source_zero_idle",)),
        Mutation("round state shown while idle", _BF_CORE,
                 *_BF_OUT.shown_idle(bits, zero, "out_next"), ("source_idle_finished",)),
        Mutation("a result overwrites a stalled output", _BF_RING,
                 "assign emit = result && (ds_tag == out_tag_reg) && out_free;",
                 "assign emit = result && (ds_tag == out_tag_reg);",
                 # (the slot it leaves is free too early: bf_x2's check found that first)
                 ("source_held", "chosen_first_out", "chosen_second_out", "count_capacity",
                  "ready_axis_exact")),
        Mutation("a block's direction lost", _BF_CORE, *_BF_OUT.direction_lost(),
                 ("chosen_first_out", "chosen_second_out")),
        Mutation("data taken during a key load", _BF_CORE,
                 "assign s_axis_tready = !s_key_tvalid && !init_reg && in_free;",
                 "assign s_axis_tready = !init_reg && in_free;", ("core_key_priority",)),
        Mutation("key tready high during reset", _BF_CORE,
                 "assign s_key_tready = key_ready;", "assign s_key_tready = key_ready || rst;",
                 ("core_reset_tready_low",)),
        Mutation("key ready a cycle early", _BF_RING,
                 "krdy_reg <= !key_fire && (fin || !init_reg)",
                 "krdy_reg <= !key_fire && (init_done || fin || !init_reg)",
                 ("core_ready_not_early", "ready_key_exact")),
        Mutation("key ready a cycle late", _BF_RING,
                 "krdy_reg <= !key_fire && (fin || !init_reg)",
                 "krdy_reg <= !key_fire && !init_reg",
                 ("core_ready_after_reset", "ready_key_taken")),
        Mutation("a result leaves and goes round again", _BF_RING,
                 "wire        hold = result && !emit;", "wire        hold = result;",
                 ("count_nothing_invented", "count_capacity", "chosen_first_out",
                  "chosen_second_out", "ready_axis_exact", "ready_axis_taken")),
        # rule 4: a decrypted result offered a cycle early, a cycle late
        Mutation("decryption's result offered a cycle early", _BF_CORE, *_BF_OUT.early(),
                 ("latency_not_early",)),
        Mutation("decryption's result offered a cycle late", _BF_CORE, *_BF_OUT.late(),
                 ("latency_exact",)),
        # the ready conditions (bf_ring_ready_props)
        Mutation("a result waits for an empty output register", _BF_CORE,
                 *_BF_OUT.waits_for_empty(), ("ready_axis_taken",)),
        Mutation("a block taken while the key schedule runs", _BF_CORE,
                 "assign s_axis_tready = !s_key_tvalid && !init_reg && in_free;",
                 "assign s_axis_tready = !s_key_tvalid && in_free;", ("ready_axis_exact",)),
        Mutation("a key waits for the output register", _BF_CORE,
                 "assign s_key_tready = key_ready;",
                 "assign s_key_tready = key_ready && !m_axis_tvalid;", ("ready_key_taken",)),
        # the ring model's checks off after a reset of 16 edges or more (its count saturates
        # at 15: 15 + 1 wrapped to 0 in four bits)
        Mutation("the ring's ready checks off after a long reset", "formal/bf_ring_ready_props.v",
                 "f_known <= ({1'b0, f_rst_edges} + 5'd1 >= RESET_CYCLES[4:0]);",
                 "f_known <= (f_rst_edges + 4'd1 >= RESET_CYCLES[3:0]);", ("ready_known",)),
    )



def _bf_x2_mutations() -> tuple[Mutation, ...]:
    """bf_x2 runs bf_iter's ring with two lanes: the variants of that ring which touch the
    lane width (the output register and its idle data) or the ring's flow (a stalled output,
    the key's readiness, the latency, the schedule's block guard), again at 128 bits."""
    keep = ("round state shown while idle", "a result overwrites a stalled output",
            "key ready a cycle early", "decryption's result offered a cycle late",
            "a block taken while the key schedule runs")
    return tuple(m for m in _bf_ring_mutations() if m.name in keep)


def _bf_ring_target(name: str, what: str, mutations: tuple[Mutation, ...]) -> Target:
    """A Blowfish ring core's target (bf_iter, bf_x2): checked with 2-cycle rounds and the
    shortened schedule, to one latency past it."""
    return Target(
        name=name, top="core_formal", sources=(), core=True,
        # the ring's stages and the output register
        capacity=lambda p: p["ROUND_CYCLES"] + 1, ring=lambda p: p["ROUND_CYCLES"],
        defines=lambda p: _BF_DEFINES, figures=_bf_engine_figures, cut=_BF_CUT,
        covers=_CORE_COVERS,
        # keeps its last block on m_axis_tdata after the transfer, as rule 5 allows
        zero_idle=2,
        defaults={"ROUND_CYCLES": 2}, sweep=({"ROUND_CYCLES": 2},),
        depth=0, bmc_depth=lambda p: _bf_depth(name, p),
        cover_depth=lambda p: _bf_depth(name, p),
        what=what, mutations=mutations)


# the GCM engine (GHASH_P = 0) around an abstract core, its GHASH unit cut
_GCM = "gcm/gcm_engine.v"
_GCM_REQ = "gcm/gcm_request.v"
_GCM_JOIN = "gcm/gcm_join.v"
_GCM_TAG = "gcm/gcm_tag_check.v"
_GHASH_DS = "gcm/ghash_ds.v"
# 12 cycles: 38 s; 16 cycles took 3,909 s (a second tag, with a beat leaving the output
# register every other cycle at most, comes after step 12: no variant for it here)
_GCM_DEPTH = 12
# bounded: Boolector's step 11 takes minutes (on a loaded 2-core machine: 3.5 minutes, step
# 12 more than 5), while the covers reach a message's tag and verdict by step 10
_GCM_WHAT = ("bounded: around an abstract AES core (free timing, CORE_CAP blocks, results in "
             "order, the n-th since the reset the byte n in every byte), the GHASH unit cut (free "
             "outputs), the user's streams AXI4-Stream sources and the messages on s_axis well "
             "formed: m_axis rules 1 and 5 (every port zero while m_axis_tvalid is low, cleared by"
             " a reset); the core's block and key streams follow rule 1, every block an "
             "encryption; s_key_tready, s_iv_tready and s_axis_tready low in the reset window; a "
             "key taken between messages only, the next IV held back while one is offered; at most"
             " 2^DEPTH_LOG2 + 2 data beats inside, none invented; every byte, tkeep, tlast and "
             "direction of two chosen data beats out once, in order, XORed with their own counter "
             "block's result; after each data packet one tag beat (16 bytes, encrypting) or "
             "verdict beat (one byte, the message's direction; a decryption's always), and nothing"
             " else")


# the engine's output slice, whose text the output's variants change
def _gcm_mutations() -> tuple[Mutation, ...]:
    """The broken variants of the GCM engine (gcm_engine's target)."""
    return (
        # rule 5: while idle the output shows the core's last result (keystream, E_K(J0), H)
        Mutation("keystream shown while idle", _GCM,
                 "assign m_axis_tdata = m_data_reg;",
                 "assign m_axis_tdata = m_valid_reg ? m_data_reg : k_tdata;",
                 ("source_zero_idle",)),
        Mutation("output kept over a reset", _GCM,
                 "wire        m_zero = rst || (m_axis_tready && !o_tvalid);",
                 "wire        m_zero = m_axis_tready && !o_tvalid;",
                 ("source_reset_clears",)),
        Mutation("a beat dropped while m_axis_tready is low", _GCM,
                 "m_valid_reg <= o_tvalid || (m_valid_reg && !m_axis_tready);",
                 "m_valid_reg <= o_tvalid;", ("source_held",)),
        # the core's streams
        Mutation("the core asked to decrypt a decryption's blocks", _GCM_REQ,
                 "assign c_in_tuser = 1'b0;", "assign c_in_tuser = e_dir;",
                 ("gcm_core_encrypt",)),
        Mutation("H's block withdrawn before the core takes it", _GCM_REQ,
                 "        R_HREQ: begin\n            if (c_in_fire) begin",
                 "        R_HREQ: begin\n            if (1'b1) begin",
                 ("source_held",)),
        Mutation("a key withdrawn as an IV arrives", _GCM_REQ,
                 "assign c_key_tvalid = s_key_tvalid && (rq_reg == R_IDLE);",
                 "assign c_key_tvalid = s_key_tvalid && (rq_reg == R_IDLE) && !s_iv_tvalid;",
                 ("source_held",)),
        # GCM rule 1 and rule 5's reset window
        Mutation("a key taken inside a message", _GCM_REQ,
                 "assign s_key_tready = c_key_tready && (rq_reg == R_IDLE);",
                 "assign s_key_tready = c_key_tready && (rq_reg == R_IDLE || rq_reg == R_AAD);",
                 ("gcm_key_between_messages",)),
        Mutation("an IV taken while a key is offered", _GCM_REQ,
                 "assign s_iv_tready = !full && ((rq_reg == R_IDLE && !s_key_tvalid)",
                 "assign s_iv_tready = !full && ((rq_reg == R_IDLE)",
                 ("gcm_key_holds_iv", "source_held")),
        Mutation("reset leaves the request side's state", _GCM_REQ,
                 "        rq_reg <= R_HREQ;  // H of the zero key the core starts with\n", "",
                 ("gcm_reset_tready_low",)),
        # data beats: their keystream, direction, order, and the side FIFO's room
        Mutation("an empty data beat's counter block to the core", _GCM_REQ,
                 "\n                                && (s_axis_tkeep != 16'd0));", ");",
                 ("chosen_first_out", "chosen_second_out")),
        Mutation("an empty data beat takes a keystream block", _GCM_JOIN,
                 "|| (h_is_data && h_has && out_free && gh_blk_ready));",
                 "|| (h_is_data && out_free && gh_blk_ready));",
                 ("chosen_first_out", "chosen_second_out")),
        Mutation("a data beat's direction lost", _GCM_JOIN,
                 "o_tuser = {2'b01, h_dir};", "o_tuser = {2'b01, 1'b0};",
                 ("chosen_first_out", "chosen_second_out")),
        Mutation("the side FIFO written when full", _GCM_REQ,
                 "wire full = !e_room;", "wire full = 1'b0;",
                 ("count_capacity", "chosen_first_out", "chosen_second_out")),
        Mutation("a side FIFO larger than DEPTH_LOG2 says", _GCM,
                 "        axis_lut_fifo #(\n            .WIDTH(EW),\n"
                 "            .DEPTH_LOG2(DEPTH_LOG2)\n",
                 "        axis_lut_fifo #(\n            .WIDTH(EW),\n"
                 "            .DEPTH_LOG2(DEPTH_LOG2 + 1)\n",
                 ("count_capacity",)),
        Mutation("a data beat left at the head", _GCM_JOIN,
                 "assign h_pop = fire || (fin_take && msg_dir_reg);",
                 "assign h_pop = (fire && !h_is_data) || (fin_take && msg_dir_reg);",
                 ("count_nothing_invented", "chosen_first_out", "chosen_second_out")),
        # the tag or verdict beat after each data packet
        Mutation("the tag check's difference on a verdict", _GCM_JOIN,
                 "            o_blank = 1'b1;\n", "            o_blank = 1'b0;\n",
                 ("gcm_final_beat",)),
        Mutation("a verdict's direction lost", _GCM_JOIN,
                 "o_tuser = {2'b11, msg_dir_reg};", "o_tuser = {2'b11, 1'b0};",
                 ("gcm_final_beat",)),
    )

TARGETS: dict[str, Target] = {t.name: t for t in (
    Target(
        name="axis_credit_count", top="axis_credit_count_formal", sources=(_COUNT,),
        defaults={"CAPACITY": 4, "TAKE_REG": 0},
        sweep=tuple({"CAPACITY": c, "TAKE_REG": t} for c, t in
                    ((1, 0), (4, 0), (16, 0), (2, 1), (4, 1), (7, 1))),
        depth=4, cover_depth=lambda p: p["CAPACITY"] + 4,
        what="blocks taken - given <= CAPACITY; credit never after hold, always with room",
        covers=("u_blocks.count_full",),
        mutations=(
            Mutation("credit after the last slot", _COUNT,
                     "room_next = up ? room_up :", "room_next = up ? room_now :",
                     ("count_capacity", "credit_safe")),
            Mutation("credit withheld", _COUNT,
                     "wire          room_now = count_reg < CAP;",
                     "wire          room_now = count_reg < CAP_LESS1;",
                     ("credit_live",)),
            Mutation("credit during hold", _COUNT,
                     "credit_reg <= !hold && room_next;", "credit_reg <= room_next;",
                     ("credit_safe",)),
        )),
    Target(
        name="axis_credit_fifo", top="axis_credit_fifo_formal",
        sources=(_FIFO_PROPS, _FIFO),
        defaults={"WIDTH": 4, "DEPTH_LOG2": 2},
        sweep=tuple({"WIDTH": w, "DEPTH_LOG2": d} for w, d in
                    ((1, 1), (8, 1), (4, 2), (4, 3), (8, 3))),
        depth=4, cover_depth=lambda p: 2 * (1 << p["DEPTH_LOG2"]) + 8,
        what="m_ source rules and reset; reserved - out <= DEPTH + 1; every block out once, "
             "in order; the wipe zeroes the RAM",
        covers=("u_props.u_reserved.count_full", "u_props.u_held.count_full",
                "u_props.u_chosen.chosen_both_out"),
        mutations=(
            Mutation("drops a write to a full RAM slot", _FIFO,
                     "wire push = s_valid && !bypass;",
                     "wire push = s_valid && !bypass && (wr_ptr_reg - rd_ptr_reg) < DEPTH - 1;",
                     ("chosen_first_out", "chosen_second_out", "fifo_held",
                      "fifo_first_in_ram", "fifo_second_in_ram", "fifo_first_out_reg",
                      "fifo_second_out_reg")),
            Mutation("tvalid falls without a transfer", _FIFO,
                     "end else if (take) begin\n        out_valid_reg <= 1'b0;",
                     "end else begin\n        out_valid_reg <= 1'b0;",
                     ("source_held",)),
            Mutation("credit one block too many", _FIFO,
                     "room_up = count_reg < CAPACITY - 1'b1;",
                     "room_up = count_reg < CAPACITY;",
                     ("count_capacity", "fifo_credit")),
            Mutation("output kept over a reset", _FIFO,
                     "        out_valid_reg <= 1'b0;\n    end\nend",
                     "    end\nend",
                     ("source_reset_clears",)),
            Mutation("wipe skips the last entry", _FIFO,
                     "wire        wipe_next = wipe_reg && !(&wipe_ptr_reg);",
                     "wire        wipe_next = wipe_reg && !(&wipe_ptr_reg[DEPTH_LOG2-1:1]);",
                     ("fifo_wiped", "fifo_credit", "fifo_wipe_empty")),
        )),
    Target(
        name="axis_credit_fifo_piped", top="axis_credit_fifo_piped_formal",
        sources=(_FIFO_PROPS, _COUNT, _PIPED),
        defaults={"WIDTH": 4, "DEPTH_LOG2": 2},
        sweep=tuple({"WIDTH": w, "DEPTH_LOG2": d} for w, d in ((1, 2), (4, 2), (4, 3))),
        depth=6, cover_depth=lambda p: 2 * (1 << p["DEPTH_LOG2"]) + 12,
        what="m_ source rules, zero while idle, reset; reserved - out <= DEPTH; every block "
             "out once, in order; the wipe zeroes RAM, read registers and queue",
        covers=("u_props.u_reserved.count_full", "u_props.u_held.count_full",
                "u_props.u_chosen.chosen_both_out"),
        mutations=(
            Mutation("data shown while m_valid is low", _PIPED,
                     "assign m_data = q_head;", "assign m_data = q_reg[WIDTH-1:0];",
                     ("source_zero_idle",)),
            Mutation("m_valid falls without a transfer", _PIPED,
                     "q_valid_s = pipe_valid_reg || q_valid_reg;",
                     "q_valid_s = pipe_valid_reg;",
                     ("source_held",)),
            Mutation("queue read pointer skips an entry", _PIPED,
                     "q_rd_f = {q_rd_reg[QUEUE-2:0], q_rd_reg[QUEUE-1]};",
                     "q_rd_f = {q_rd_reg[QUEUE-3:0], q_rd_reg[QUEUE-1:QUEUE-2]};",
                     ("piped_q_wr", "chosen_first_out", "chosen_second_out")),
            Mutation("credit one block too many", _PIPED,
                     ".CAPACITY(DEPTH),", ".CAPACITY(DEPTH + 1),",
                     ("piped_credit", "count_capacity")),
            Mutation("drops a block arriving behind a full queue", _PIPED,
                     "wire push = s_valid && !wipe_reg;",
                     "wire push = s_valid && !wipe_reg && !held_reg[2];",
                     ("piped_held", "chosen_first_out", "chosen_second_out",
                      "piped_first_at", "piped_second_at"),
                     (("DEPTH_LOG2", 3),)),
            Mutation("wipe leaves the queue", _PIPED,
                     "if ((q_wr_reg[i] && !q_count_reg[2]) || wipe_reg) begin",
                     "if (q_wr_reg[i] && !q_count_reg[2]) begin",
                     ("piped_wiped",)),
        ),
    ),
    Target(
        name="axis_out_fifo_piped", top="axis_out_fifo_piped_formal",
        sources=(_FIFO_PROPS, _COUNT, _OUT_PIPED),
        defaults={"WIDTH": 4, "DEPTH_LOG2": 2},
        sweep=tuple({"WIDTH": w, "DEPTH_LOG2": d} for w, d in ((1, 2), (4, 2), (4, 3))),
        depth=6, cover_depth=lambda p: 2 * (1 << p["DEPTH_LOG2"]) + 12,
        what="m_axis source rules, zero while idle, reset; reserved - out <= DEPTH; every "
             "block out once, in order; the wipe zeroes RAM, read registers and ring; "
             "key_ready low from a reset edge and through the wipe, rising with the first "
             "credit, then high until a reset",
        covers=("u_props.u_reserved.count_full", "u_props.u_held.count_full",
                "u_props.u_chosen.chosen_both_out"),
        mutations=(
            Mutation("data shown while m_axis_tvalid is low", _OUT_PIPED,
                     "head_next = ring_head | (pipe_reg & {WIDTH{pipe_to_head}});",
                     "head_next = ring_head | pipe_reg;",
                     ("source_zero_idle", "source_held", "chosen_first_out",
                      "chosen_second_out", "piped_first_at", "piped_second_at")),
            Mutation("empty head not loaded while m_axis_tready is low", _OUT_PIPED,
                     "head_load = m_axis_tready || !hv;", "head_load = m_axis_tready;",
                     ("chosen_first_out", "chosen_second_out", "piped_first_at",
                      "piped_second_at", "source_held", "source_zero_idle")),
            Mutation("m_axis_tvalid falls without a transfer", _OUT_PIPED,
                     "head_valid_s = hv || pv;", "head_valid_s = pv;",
                     ("source_held",)),
            Mutation("ring read pointer turns the wrong way", _OUT_PIPED,
                     "ring_rd_rot = {ring_rd_reg[RING-2:0], ring_rd_reg[RING-1]};",
                     "ring_rd_rot = {ring_rd_reg[0], ring_rd_reg[RING-1:1]};",
                     ("piped_ring_wr", "chosen_first_out", "chosen_second_out",
                      "piped_first_at", "piped_second_at")),
            Mutation("credit one block too many", _OUT_PIPED,
                     ".CAPACITY(DEPTH),", ".CAPACITY(DEPTH + 1),",
                     ("piped_credit", "count_capacity")),
            Mutation("drops a block arriving behind a full queue", _OUT_PIPED,
                     "wire push = s_axis_tvalid && !wipe_reg;",
                     "wire push = s_axis_tvalid && !wipe_reg && !held_reg[2];",
                     ("piped_held", "chosen_first_out", "chosen_second_out",
                      "piped_first_at", "piped_second_at"),
                     (("DEPTH_LOG2", 3),)),
            Mutation("ring entry overwritten while the ring is full", _OUT_PIPED,
                     "if ((ring_wr_reg[i] && !ring_full_reg) || wipe_reg) begin",
                     "if (ring_wr_reg[i] || wipe_reg) begin",
                     ("chosen_first_out", "chosen_second_out", "piped_first_at",
                      "piped_second_at")),
            Mutation("wipe leaves the ring", _OUT_PIPED,
                     "if ((ring_wr_reg[i] && !ring_full_reg) || wipe_reg) begin",
                     "if (ring_wr_reg[i] && !ring_full_reg) begin",
                     ("piped_wiped",)),
            Mutation("output kept over a reset", _OUT_PIPED,
                     "        head_reg <= {WIDTH{1'b0}};\n", "",
                     ("source_reset_clears", "source_zero_idle")),
            Mutation("key ready a cycle before the credit", _OUT_PIPED,
                     "key_ready_reg <= !hold_reg[1];", "key_ready_reg <= !hold_reg[0];",
                     ("piped_key_first", "piped_key_wipe")),
            Mutation("key ready a cycle after the credit", _OUT_PIPED,
                     "key_ready_reg <= !hold_reg[1];", "key_ready_reg <= credit;",
                     ("piped_key_credit",)),
            Mutation("key ready falls after a transfer", _OUT_PIPED,
                     "key_ready_reg <= !hold_reg[1];",
                     "key_ready_reg <= !hold_reg[1] && !out_fire;",
                     ("piped_key_stays",)),
            Mutation("key ready kept over a reset", _OUT_PIPED,
                     "        key_ready_reg <= 1'b0;\n", "",
                     ("piped_reset_low", "piped_key_wipe")),
        ),
    ),
    Target(
        name="axis_reg_slice", top="axis_reg_slice_formal", sources=(_SLICE,),
        defaults={"WIDTH": 4},
        sweep=tuple({"WIDTH": w} for w in (1, 4, 8)),
        depth=3, cover_depth=lambda p: 8,
        what="m_axis rules 1 and 5 (zero while idle, cleared by a reset) under an AXI4-Stream "
             "source on s_axis; at most two beats inside; every beat out once, in order; "
             "s_axis_tready whenever the skid register is free",
        mutations=(
            Mutation("ready with the skid register full", _SLICE,
                     "assign s_axis_tready = !skid_valid_reg;",
                     "assign s_axis_tready = 1'b1;",
                     ("count_capacity", "slice_held", "slice_ready", "chosen_first_out",
                      "chosen_second_out", "slice_first_in_skid", "slice_second_in_skid")),
            Mutation("skid beat passed over", _SLICE,
                     "out_reg <= skid_valid_reg ? skid_reg : (s_axis_tdata & {WIDTH{in_fire}});",
                     "out_reg <= s_axis_tdata & {WIDTH{in_fire}};",
                     ("chosen_first_out", "chosen_second_out", "slice_first_out_reg",
                      "slice_second_out_reg", "source_zero_idle")),
            Mutation("output replaced before it is taken", _SLICE,
                     "wire out_load = !out_valid_reg || m_axis_tready;",
                     "wire out_load = 1'b1;",
                     ("source_held",)),
            Mutation("data not zero while idle", _SLICE,
                     "(s_axis_tdata & {WIDTH{in_fire}})",
                     "s_axis_tdata",
                     ("source_zero_idle",)),
            Mutation("output kept over a reset", _SLICE,
                     "        out_valid_reg <= 1'b0;\n        skid_reg",
                     "        skid_reg",
                     ("source_reset_clears",)),
        )),
    Target(
        name="axis_out_reg", top="axis_out_reg_formal", sources=(_OUT_REG,), bounded=True,
        defaults={"WIDTH": 4, "USER_WIDTH": 1},
        sweep=tuple({"WIDTH": w, "USER_WIDTH": u} for w, u in ((1, 1), (4, 1), (8, 2))),
        depth=_OUT_REG_DEPTH, cover_depth=lambda p: _OUT_REG_DEPTH,
        what="bounded: m_axis rules 1 and 5 (rule 5's idle data: zero until the first "
             "transfer, then zero or a finished block; cleared by a reset) under a core that "
             "loads only while the register is free; a block loaded offered in the next cycle "
             "with its data and tuser; at most one block inside; every block out once, in "
             "order; free exactly when the register is empty or its block leaves",
        covers=("u_blocks.count_full", "u_chosen.chosen_both_out", "outreg_back_to_back"),
        mutations=(
            Mutation("m_axis_tvalid falls without a transfer", _OUT_REG,
                     "end else if (m_axis_tready) begin\n        valid_reg <= 1'b0;",
                     "end else begin\n        valid_reg <= 1'b0;", ("source_held",)),
            Mutation("reset leaves m_axis_tvalid", _OUT_REG,
                     "        user_reg <= {UW{1'b0}};\n        valid_reg <= 1'b0;\n",
                     "        user_reg <= {UW{1'b0}};\n", ("source_reset_clears",)),
            Mutation("reset keeps the data", _OUT_REG,
                     "        data_reg <= {DW{1'b0}};\n", "",
                     ("source_reset_clears", "source_zero_idle")),
            Mutation("a block loaded while the last one waits", _OUT_REG,
                     "assign free = !valid_reg || m_axis_tready;", "assign free = 1'b1;",
                     ("source_held", "outreg_free", "count_capacity", "chosen_first_out",
                      "chosen_second_out")),
            Mutation("a block waits for an empty register", _OUT_REG,
                     "assign free = !valid_reg || m_axis_tready;",
                     "assign free = !valid_reg;", ("outreg_free",)),
            Mutation("a block's tuser lost", _OUT_REG,
                     "        user_reg <= load_user;",
                     "        user_reg <= {UW{1'b0}};",
                     ("outreg_next", "chosen_first_out", "chosen_second_out")),
            # rule 5: while idle, the output shows what the core hands over (its round state)
            Mutation("the core's next block shown while idle", _OUT_REG,
                     "assign m_axis_tdata = data_reg;",
                     "assign m_axis_tdata = valid_reg ? data_reg : load_data;",
                     ("source_zero_idle", "source_idle_finished")),
            # rule 4: a block's time depends on its tuser (a decrypted block a cycle late), or
            # a block offered in the cycle it is loaded
            Mutation("a block with tuser set offered a cycle late", _OUT_REG,
                     "always @(posedge clk) begin : p_output\n    if (load) begin\n"
                     "        data_reg <= load_data;\n        user_reg <= load_user;\n"
                     "        valid_reg <= 1'b1;\n    end else if (m_axis_tready) begin",
                     "reg late_reg = 1'b0;\nalways @(posedge clk) begin : p_output\n"
                     "    late_reg <= load && load_user[0] && !rst;\n    if (load) begin\n"
                     "        data_reg <= load_data;\n        user_reg <= load_user;\n"
                     "        valid_reg <= !load_user[0];\n"
                     "    end else if (late_reg) begin\n        valid_reg <= 1'b1;\n"
                     "    end else if (m_axis_tready) begin",
                     ("outreg_next",)),
            Mutation("a block offered in the cycle it is loaded", _OUT_REG,
                     "assign m_axis_tvalid = valid_reg;",
                     "assign m_axis_tvalid = valid_reg || load;",
                     ("count_nothing_invented", "outreg_held", "chosen_first_out",
                      "chosen_second_out")),
        )),
    Target(
        name="mode_engine", top="mode_engine_formal", sources=(_LUT_FIFO, _MODE),
        defaults={"BLOCK": 8, "MODE": 4, "DEPTH_LOG2": 1, "CORE_CAP": 2},
        sweep=tuple({"BLOCK": 8, "MODE": m, "DEPTH_LOG2": d, "CORE_CAP": 3}
                    for m in (2, 3, 4) for d in (1, 2)),
        depth=6, cover_depth=lambda p: 2 * (1 << p["DEPTH_LOG2"]) + 8,
        what="around an abstract zero-cipher core: m_axis source rules, zero while idle, "
             "reset; both tready low in the reset window; IV before data; at most "
             "2^DEPTH_LOG2 blocks in flight (OFB: 1); every block out once, in order, with its "
             "direction (CFB, OFB, CTR); the side FIFO's (axis_lut_fifo) pointers and "
             "registered flags agree with its count",
        mutations=(
            Mutation("data before the IV", _MODE,
                     "wire take = !busy_reg && !full && !s_iv_tvalid;",
                     "wire take = !busy_reg && !full;",
                     ("mode_iv_priority",)),
            Mutation("side FIFO overwritten when full", _MODE,
                     "wire                  full  = !side_room;",
                     "wire                  full  = 1'b0;",
                     ("chosen_first_out", "chosen_second_out", "count_capacity", "mode_count",
                      "mode_first_at", "mode_second_at"), (("CORE_CAP", 3),)),
            Mutation("stale side value while idle", _MODE,
                     "side_head & {(BLOCK + 2){c_out_tvalid}};",
                     "side_head;",
                     ("source_zero_idle", "source_reset_clears")),
            Mutation("OFB block taken before the last one left", _MODE,
                     "wire take = !busy_reg && !full && !s_iv_tvalid;",
                     "wire take = !full && !s_iv_tvalid;",
                     ("count_capacity", "mode_serial"), (("MODE", 3),)),
            Mutation("IV taken during a reset", _MODE,
                     "assign s_iv_tready   = !busy_reg && !rst;",
                     "assign s_iv_tready   = !busy_reg;",
                     ("mode_reset_tready_low",)),
            Mutation("reset keeps the read pointer", _LUT_FIFO,
                     "        rd_ptr <= {DEPTH_LOG2{1'b0}};\n", "",
                     ("mode_fifo", "mode_first_at", "mode_second_at", "source_reset_clears")),
        ),
    ),
    Target(
        name="gcm_engine", top="gcm_engine_formal", bounded=True, slow=True,
        sources=(_LUT_FIFO, _SLICE, _GCM_REQ, _GCM_JOIN, _GCM_TAG, _GHASH_DS, _GCM),
        cut=((_GHASH_DS, "formal/ghash_ds_free.v"),), memory_map=True,
        defaults={"DEPTH_LOG2": 1, "CORE_CAP": 2},
        sweep=({"DEPTH_LOG2": 1, "CORE_CAP": 2},),
        depth=_GCM_DEPTH, cover_depth=lambda p: _GCM_DEPTH,
        covers=("u_blocks.count_full", "u_chosen.chosen_both_out", "gcm_tag_out",
                "gcm_verdict_out"),
        what=_GCM_WHAT,
        mutations=_gcm_mutations()),
    Target(
        name="cc_regs", top="cc_regs_formal", sources=(_REGS,), bounded=True,
        defaults={}, sweep=({},), depth=_BUS_DEPTH, cover_depth=lambda p: _BUS_DEPTH,
        what="bounded: two copies under the same requests and core, KEY words written "
             "differently: every response, its data and irq equal (no read, refused or not, "
             "returns a key bit); KEY and KEYLEN zero after the core's key handshake",
        covers=("regs_key_taken", "regs_key_read"),
        mutations=(
            Mutation("a refused read returns key bits", _REGS,
                     "rsp_rdata_reg <= (req_valid && !req_write && legal) ? rdata : 32'd0;",
                     "rsp_rdata_reg <= (req_valid && !req_write && legal) ? rdata"
                     " : key_reg[31:0];",
                     ("regs_no_key_read",)),
            Mutation("KEY kept after the key handshake", _REGS,
                     "        key_pend_reg <= 1'b0;\n        key_reg <= {KEY_REG{1'b0}};\n",
                     "        key_pend_reg <= 1'b0;\n",
                     ("regs_key_wiped",)),
        )),
    Target(
        name="axil_regs_bridge", top="axil_regs_formal", sources=(_REGS, _AXIL), bounded=True,
        defaults={}, sweep=({},), depth=_BUS_DEPTH, cover_depth=lambda p: _BUS_DEPTH,
        what="bounded: AW and W taken independently, AR whenever no read is outstanding; one "
             "B per write and one R per read, never unasked; B and R held until taken; SLVERR "
             "for partial strobes, a misaligned address, a write to ID, a read of a KEY word "
             "(data zero); OKAY for IRQ_EN written and ID read (its value)",
        covers=("axil_cover_w_first", "axil_cover_aw_first", "axil_cover_partial",
                "axil_cover_id"),
        mutations=(
            Mutation("AW waits for W", _AXIL,
                     "assign s_axil_awready = !aw_full_reg;",
                     "assign s_axil_awready = !aw_full_reg && s_axil_wvalid;",
                     ("axil_aw_free",)),
            Mutation("B kept after it is taken", _AXIL,
                     "    if (s_axil_bvalid && s_axil_bready) bvalid_reg <= 1'b0;\n", "",
                     ("axil_b_asked",)),
            Mutation("R withdrawn before it is taken", _AXIL,
                     "    if (s_axil_rvalid && s_axil_rready) rvalid_reg <= 1'b0;",
                     "    if (s_axil_rvalid) rvalid_reg <= 1'b0;",
                     ("source_held",)),
            Mutation("partial strobes written", _AXIL,
                     "assign req_bad = issue_wr && (w_strb_reg != 4'b1111);",
                     "assign req_bad = 1'b0;",
                     ("axil_write_slverr",)),
            Mutation("KEY readable", _REGS, *_KEY_READABLE, ("axil_read_slverr",)),
        )),
    Target(
        name="wb_regs_bridge", top="wb_regs_formal", sources=(_REGS, _WB), bounded=True,
        defaults={}, sweep=({},), depth=2 * _BUS_DEPTH, cover_depth=lambda p: _BUS_DEPTH,
        what="bounded: ack or err only inside a cycle with cyc and stb, never both; exactly "
             "one per strobe (in the cycle after it is taken, and only then); err for partial "
             "selects and a read of a KEY word (data zero); ack and the value for a read of ID",
        covers=("wb_cover_back_to_back", "wb_cover_err", "wb_cover_id"),
        mutations=(
            Mutation("ack outside the strobe", _WB,
                     "assign wb_ack_o = rsp_valid && !rsp_err && active;",
                     "assign wb_ack_o = rsp_valid && !rsp_err;",
                     ("wb_ack_in_cycle",)),
            Mutation("a second access in the answer's cycle", _WB,
                     "assign req_valid = active && !pend_reg;", "assign req_valid = active;",
                     ("wb_ack_once",)),
            Mutation("a held strobe never answered", _WB,
                     "    pend_reg <= req_valid;\n", "    pend_reg <= active;\n",
                     ("wb_ack_next",)),
            Mutation("partial selects written", _WB,
                     "assign req_bad = wb_we_i && (wb_sel_i != 4'b1111);",
                     "assign req_bad = 1'b0;",
                     ("wb_err_partial",)),
            Mutation("KEY readable", _REGS, *_KEY_READABLE, ("wb_err_key_read",)),
        )),
    # registered cores at their smallest parameter set: bounded model checks from reset
    Target(
        name="speck_iter", top="core_formal", sources=(), core=True, capacity=2,
        covers=_CORE_COVERS,
        # a key waits for the block in the engine (docs/cores/notes/speck_iter.md)
        key_wait=lambda p: cores.get("speck_iter").interval(p),
        zero_keys=_speck_iter_zero_keys,
        # keeps its last block on m_axis_tdata after the transfer, as rule 5 allows
        zero_idle=2,
        # the key wipe is checked ready_after_reset (21) cycles after a reset: the pre-pass of
        # the zero key inside the induction's window
        induction=23,
        defaults={"WORD": 16, "KEY_WORDS": 4}, sweep=({"WORD": 16, "KEY_WORDS": 4},),
        depth=0, cover_depth=lambda p: _core_cover_depth("speck_iter", p, 2),
        what="m_axis source rules, rule 5's idle data (zero until the first "
             "transfer, then zero or a finished block: it keeps the last one), reset window "
             "(both tready low, the key taken "
             "ready_after_reset cycles after); key before data; "
             "at most two blocks inside (rounds, output), none invented; two blocks out "
             "once, in order; a block into the empty core out after exactly its latency "
             "while m_axis_tready is high; both tready as its datasheet states; unbounded: "
             "invariants of its engine (speck_iter.v), the monitors tied to the engine and "
             "the output register",
        mutations=(
            Mutation("data taken during a key load", _SPECK,
                     "assign s_axis_tready = !s_key_tvalid && !prep_reg",
                     "assign s_axis_tready = !prep_reg", ("core_key_priority",)),
            Mutation("a result overwrites a stalled output", _SPECK,
                     "wire finish = last_round && out_free;", "wire finish = last_round;",
                     ("source_held", "chosen_first_out", "chosen_second_out",
                      "count_capacity", "ready_axis_exact")),
            Mutation("reset skips the zero key's pre-pass", _SPECK,
                     "        busy_reg <= 1'b0;\n        prep_reg <= (ROUNDS > 1);",
                     "        busy_reg <= 1'b0;\n        prep_reg <= 1'b0;",
                     ("core_reset_tready_low", "core_ready_not_early", "ready_key_exact",
                      "ready_axis_exact")),
            # rule 5: while idle after a transfer (the output register holds a block), the
            # output shows the round registers
            Mutation("round state shown while idle", _SPECK,
                     *_SPECK_OUT.shown_idle("2*WORD-1:0", "{2*WORD{1'b0}}", "{x_reg, y_reg}"),
                     ("source_idle_finished",)),
            Mutation("reset keeps the loaded key", _SPECK,
                     "        key0_reg <= {KW{1'b0}};\n        keyl_reg <= {KW{1'b0}};\n",
                     "        keyl_reg <= {KW{1'b0}};\n", ("core_key_wiped",)),
            Mutation("the pre-pass one step too long", _SPECK,
                     "if (rnd_reg == ROUNDS[CW-1:0] - 6'd2) begin",
                     "if (rnd_reg == ROUNDS[CW-1:0] - 6'd1) begin",
                     ("core_ready_after_reset", "core_key_wiped", "speck_prep_steps")),
            # the invariants the induction needs (inside speck_iter.v)
            Mutation("reset leaves a block in the engine", _SPECK,
                     "        busy_reg <= 1'b0;\n        prep_reg <= (ROUNDS > 1);",
                     "        prep_reg <= (ROUNDS > 1);",
                     ("speck_prep_or_block",)),
            Mutation("a block starts past its last round", _SPECK,
                     "        rnd_reg <= {CW{1'b0}};\n        busy_reg <= 1'b1;\n",
                     "        rnd_reg <= ROUNDS[CW-1:0];\n        busy_reg <= 1'b1;\n",
                     ("speck_block_rounds",)),
            # rule 4: the time a block takes depends on its direction: a decrypted result
            # offered a cycle late (after the engine, which keeps its timing: a change there
            # fails the ready conditions first)
            Mutation("decryption's result offered a cycle late", _SPECK,
                     *_SPECK_OUT.late(), ("latency_exact",)),
            # the ready conditions (docs/cores/notes/speck_iter.md)
            Mutation("a result waits for an empty output register", _SPECK,
                     *_SPECK_OUT.waits_for_empty(), ("ready_axis_taken",)),
        )),
    Target(
        name="speck_pipe", top="core_formal", sources=(), core=True,
        # the output FIFO's credits: every block from its input handshake to its output one
        capacity=_speck_pipe_credits, credits=_speck_pipe_credits,
        credit_piped=lambda p: p["SUBREG"] != 0, axis_after_reset=_speck_pipe_axis_wait,
        memory_map=True, key_in_setup=True,
        # the rounds and key steps cut (free outputs): no property computes a block's data or
        # a key state, and the pre-pass's timing is its counters'
        cut=(("speck/speck_round.v", "formal/speck_round_free.v"),
             ("speck/speck_key_step.v", "formal/speck_key_step_free.v")),
        covers=_CORE_COVERS,
        # axis_credit_fifo keeps the last block in its output register, as rule 5 allows
        zero_idle=2,
        # a loop of two round units (11 passes): the smallest set, STAGES < T so the loop's
        # slots and its pass counters are in the proof (the floor: two stages)
        defaults={"WORD": 16, "KEY_WORDS": 4, "STAGES": 2, "SUBREG": 0},
        sweep=({"WORD": 16, "KEY_WORDS": 4, "STAGES": 2, "SUBREG": 0},),
        # of the formula's 80 cycles Boolector had reached step 65 after 11.5 minutes, each
        # step then more than a minute (the ready conditions' loop model most of it: 78 s at
        # 54 cycles, 29 s without it); 56 cycles: the wipe, a key taken as it ends, its
        # pre-pass and two blocks through behind it (not the fifth block, at cycle 66)
        bmc_depth=56,
        depth=0, cover_depth=lambda p: _core_cover_depth("speck_pipe", p,
                                                         _speck_pipe_credits(p)),
        what="bounded: m_axis source rules, rule 5's idle data (zero until the first "
             "transfer, then zero or a finished block: the FIFO keeps the last one), reset "
             "window (both tready low, the key taken ready_after_reset cycles after, blocks "
             "after the zero key's pre-pass); key before data; at most the FIFO's credits "
             "inside, none invented; two blocks out once, in order; a block into the empty "
             "core out after exactly its latency while m_axis_tready is high; both tready as "
             "its datasheet states (the loop's slots, burst and interval, the credits); "
             "rounds and key steps cut",
        mutations=(
            Mutation("m_axis_tvalid falls without a transfer", _FIFO,
                     "end else if (take) begin\n        out_valid_reg <= 1'b0;",
                     "end else begin\n        out_valid_reg <= 1'b0;", ("source_held",)),
            Mutation("output kept over a reset", _FIFO,
                     "        out_valid_reg <= 1'b0;\n    end\nend", "    end\nend",
                     ("source_reset_clears",)),
            # rule 5: while idle after a transfer, the output shows the last unit's slot
            Mutation("round state shown while idle", _SPECK_PIPE,
                     "assign m_axis_tdata = fifo_data;",
                     "assign m_axis_tdata = (m_axis_tvalid || fifo_data == {BLOCK_W{1'b0}})\n"
                     "                      ? fifo_data : {slot_x[UNITS-1], slot_y[UNITS-1]};",
                     ("source_idle_finished",)),
            Mutation("a finished block goes round again", _SPECK_PIPE,
                     "assign ring_valid = slot_more[UNITS-1];",
                     "assign ring_valid = slot_valid[UNITS-1];",
                     ("count_nothing_invented", "count_capacity", "chosen_first_out",
                      "chosen_second_out", "ready_axis_exact", "ready_axis_taken")),
            Mutation("data taken during a key load", _SPECK_PIPE,
                     "assign s_axis_tready = !s_key_tvalid && !key_busy",
                     "assign s_axis_tready = !key_busy", ("core_key_priority",)),
            Mutation("key tready high during reset", _SPECK_KEY_PREP,
                     "assign key_ready = ready_reg[0];",
                     "assign key_ready = ready_reg[0] || rst;",
                     ("core_reset_tready_low",)),
            Mutation("a key waits for the zero key's pre-pass", _SPECK_KEY_PREP,
                     "assign key_ready = ready_reg[0];",
                     "assign key_ready = ready_reg[0] && !run_reg;",
                     ("core_ready_after_reset", "ready_key_taken")),
            Mutation("the output FIFO half its size", _SPECK_PIPE,
                     "    .LATENCY(UNITS * ROUND_CYCLES + 1),",
                     "    .LATENCY((UNITS * ROUND_CYCLES + 1) / 2),",
                     ("core_ready_not_early", "ready_key_exact", "ready_axis_exact")),
            Mutation("the pre-pass one step too long", _SPECK_KEY_PREP,
                     "            if (step_idx_reg == LAST_STEP) begin",
                     "            if (step_idx_reg == LAST_STEP + 1'b1) begin",
                     ("ready_axis_taken",)),
            # the loop: a block taken into a slot that comes round with another one in it
            Mutation("a block taken into a busy slot", _SPECK_PIPE,
                     "        assign slot_busy = slot_more[UNITS-2];",
                     "        assign slot_busy = 1'b0;",
                     ("ready_axis_exact",)),
            Mutation("a block waits for a slot in its last pass", _SPECK_PIPE,
                     "        assign slot_busy = slot_more[UNITS-2];",
                     "        assign slot_busy = slot_valid[UNITS-2];", ("ready_axis_taken",)),
            # rule 4: the time a block takes depends on its direction: a decrypted block
            # reaches the FIFO a cycle late (a register more after the loop)
            Mutation("decryption's result a cycle late", _SPECK_PIPE,
                     _SPECK_PIPE_FIFO_IN, _SPECK_PIPE_FIFO_IN_LATE,
                     ("latency_exact",)),
            Mutation("decryption's result a cycle early", _SPECK_PIPE,
                     _SPECK_PIPE_FIFO_IN, _SPECK_PIPE_FIFO_IN_EARLY,
                     ("latency_not_early",)),
            # rule 2: a block entering takes the direction of the slot it enters by
            Mutation("a block's direction lost at the entry", _SPECK_PIPE,
                     "assign unit_dec[j] = in_valid_reg ? in_dec_reg : ring_dec;",
                     "assign unit_dec[j] = ring_dec;", ("chosen_first_out", "chosen_second_out")),
            # rule 5: before the first transfer after a reset, the output shows the last slot
            Mutation("round state shown before the first block", _SPECK_PIPE,
                     "assign m_axis_tdata = fifo_data;",
                     "assign m_axis_tdata = m_axis_tvalid ? fifo_data"
                     " : {slot_x[UNITS-1], slot_y[UNITS-1]};",
                     ("source_zero_idle",)),
        ),
    ),
    Target(
        name="des_iter", top="core_formal", sources=(), core=True, capacity=2,
        covers=_CORE_COVERS,
        # K1 (three times) and C D: the zero key's are zero (PC-1 of zero)
        zero_keys=lambda p: (4 * 56, 0),
        # keeps its last block on m_axis_tdata after the transfer, as rule 5 allows
        zero_idle=2,
        induction=2,
        # the S-boxes cut (free outputs) for the induction: no property computes a block's
        # data (rule 5's checks compare it with what the output showed before)
        cut=(("des/des_sp.v", "formal/des_sp_free.v"),),
        defaults={}, sweep=({},),
        depth=0, cover_depth=lambda p: _core_cover_depth("des_iter", p, 2),
        what="m_axis source rules, rule 5's idle data (zero until the first "
             "transfer, then zero or a finished block: it keeps the last one), reset window "
             "(both tready low, the key taken "
             "ready_after_reset cycles after); key before data; "
             "at most two blocks inside (rounds, output), none invented; two blocks out "
             "once, in order; a block into the empty core out after exactly its latency "
             "while m_axis_tready is high; both tready as its datasheet states; unbounded: "
             "invariants of its round engine (tdes_iter.v), the monitors tied to the engine "
             "and the output register; S-boxes cut",
        mutations=(
            # rule 5: while idle after a transfer (the output register holds a block), the
            # output shows the round registers
            Mutation("round state shown while idle", _TDES,
                     *_TDES_OUT.shown_idle("63:0", "64'd0", "{l_reg, r_reg}"),
                     ("source_idle_finished",)),
            Mutation("reset keeps K1", _TDES,
                     "            if (rst) begin\n                k1_reg <= 56'd0;\n"
                     "            end\n        end\n\n        assign pass0_key = k1_reg;",
                     "        end\n\n        assign pass0_key = k1_reg;",
                     ("core_key_wiped",)),
            # (without run_reg it is also high the cycle after: the ready conditions fail)
            Mutation("tready high during reset", _TDES,
                     "assign s_key_tready = run_reg && (",
                     "assign s_key_tready = (run_reg || rst) && (",
                     ("core_reset_tready_low",)),
            # rule 4: the time a block takes depends on its direction: a decrypted result
            # offered in the cycle it leaves the engine, a cycle early
            Mutation("decryption's result offered a cycle early", _TDES,
                     *_TDES_OUT.early(), ("latency_not_early", "engine_latency")),
            # the ready conditions (docs/cores/notes/des_iter.md)
            Mutation("a block taken while the result waits", _TDES,
                     "(!busy_reg || finish);", "(!busy_reg || last_round);",
                     ("ready_axis_exact",)),
            Mutation("a key waits for the engine", _TDES,
                     "assign s_key_tready = run_reg && ((DES_ONLY != 0) || !busy_reg\n"
                     "                                  || (pass_reg == PASSES[1:0] - 2'd1));",
                     "assign s_key_tready = run_reg && !busy_reg;", ("ready_key_taken",)),
            # the invariants the induction needs (inside tdes_iter.v, core_formal's ties of its
            # monitors, the ready model's and the output's)
            Mutation("the last-round flag a round early", _TDES,
                     "last_reg <= (rnd_reg == 4'd14) && (pass_reg == PASSES[1:0] - 2'd1);",
                     "last_reg <= (rnd_reg == 4'd13) && (pass_reg == PASSES[1:0] - 2'd1);",
                     ("tdes_last_round",)),
            Mutation("a pass's direction not the block's", _TDES,
                     "        pdec_reg <= s_axis_tuser;\n", "        pdec_reg <= 1'b0;\n",
                     ("tdes_pass_dir",)),
            Mutation("reset keeps the last-round flag", _TDES,
                     "        busy_reg <= 1'b0;\n        last_reg <= 1'b0;\n"
                     "        pass_reg <= 2'd0;\n",
                     "        busy_reg <= 1'b0;\n        pass_reg <= 2'd0;\n",
                     ("tdes_idle_not_last",)),
            Mutation("the engine keeps a finished block", _TDES,
                     "            if (last_round) begin\n                busy_reg <= 1'b0;",
                     "            if (1'b0) begin\n                busy_reg <= 1'b0;",
                     ("engine_held", "engine_model")),
            Mutation("the output register cleared after a transfer", _OUT_REG,
                     "end else if (m_axis_tready) begin\n        valid_reg <= 1'b0;",
                     "end else if (m_axis_tready) begin\n        valid_reg <= 1'b0;\n"
                     "        data_reg <= {DW{1'b0}};",
                     ("source_keeps_last",)),
            # the ready model's checks off after a reset of 16 edges or more (its count
            # saturates at 15: 15 + 1 wrapped to 0 in four bits)
            Mutation("the ready checks off after a long reset", _READY,
                     "f_known <= ({1'b0, f_rst_edges} + 5'd1 >= RESET_CYCLES[4:0]);",
                     "f_known <= (f_rst_edges + 4'd1 >= RESET_CYCLES[3:0]);",
                     ("engine_known",)),
            Mutation("the ready model's reset set-up too long", _READY,
                     "        f_wait <= AXIS_RST[WW-1:0];\n",
                     "        f_wait <= AXIS_RST[WW-1:0] + 1'b1;\n",
                     ("ready_wait_range",)),
        )),
    Target(
        name="tdes_iter", top="core_formal", sources=(), core=True, capacity=2,
        covers=_CORE_COVERS,
        # a key waits until the block in the engine starts its last pass
        key_wait=lambda p: 32,
        # K1 K2 K3 and C D: the zero key's (keying option 3, all three keys zero) are zero
        zero_keys=lambda p: (4 * 56, 0),
        # keeps its last block on m_axis_tdata after the transfer, as rule 5 allows
        zero_idle=2,
        induction=2,
        # the S-boxes cut (free outputs) for the induction: no property computes a block's
        # data (rule 5's checks compare it with what the output showed before)
        cut=(("des/des_sp.v", "formal/des_sp_free.v"),),
        defaults={}, sweep=({},),
        depth=0, cover_depth=lambda p: _core_cover_depth("tdes_iter", p, 2),
        what="m_axis source rules, rule 5's idle data (zero until the first "
             "transfer, then zero or a finished block: it keeps the last one), reset window "
             "(both tready low, the key taken "
             "ready_after_reset cycles after); key before data, any s_key_tlen; "
             "at most two blocks inside (rounds, output), none invented; two blocks out "
             "once, in order; a block into the empty core out after exactly its latency "
             "while m_axis_tready is high; both tready as its datasheet states; unbounded: "
             "invariants of its round engine (tdes_iter.v), the monitors tied to the engine "
             "and the output register; S-boxes cut",
        mutations=(
            # rule 5: while idle after a transfer (the output register holds a block), the
            # output shows the round registers
            Mutation("round state shown while idle", _TDES,
                     *_TDES_OUT.shown_idle("63:0", "64'd0", "{l_reg, r_reg}"),
                     ("source_idle_finished",)),
            Mutation("reset keeps K2", _TDES,
                     "                k2_reg <= 56'd0;\n", "",
                     ("core_key_wiped",)),
            Mutation("a result overwrites a stalled output", _TDES,
                     "wire finish = last_round && out_free;", "wire finish = last_round;",
                     ("source_held", "chosen_first_out", "chosen_second_out",
                      "count_capacity", "ready_axis_exact")),
            # rule 4: the time a block takes depends on its direction: a decrypted result
            # offered a cycle late
            Mutation("decryption's result offered a cycle late", _TDES,
                     *_TDES_OUT.late(), ("latency_exact",)),
            # the ready conditions (docs/cores/notes/tdes_iter.md)
            Mutation("a key taken in the block's second pass", _TDES,
                     "|| (pass_reg == PASSES[1:0] - 2'd1));", "|| (pass_reg != 2'd0));",
                     ("ready_key_exact",)),
            # the invariants the induction needs (inside tdes_iter.v, core_formal's ties)
            Mutation("a block starts past the last pass", _TDES,
                     "        pass_reg <= 2'd0;\n        rnd_reg <= 4'd0;\n"
                     "        busy_reg <= 1'b1;\n",
                     "        pass_reg <= PASSES[1:0];\n        rnd_reg <= 4'd0;\n"
                     "        busy_reg <= 1'b1;\n",
                     ("tdes_pass_range",)),
            Mutation("a block's direction lost on the way out", _TDES,
                     *_TDES_OUT.direction_lost(), ("engine_first", "engine_second")),
            Mutation("the engine stalls in its fourth round too", _TDES,
                     "wire stall = last_round && !out_free;",
                     "wire stall = (last_round || rnd_reg == 4'd3) && !out_free;",
                     ("engine_rounds",)),
        )),
    Target(
        name="des_pipe", top="core_formal", sources=(), core=True,
        # the output FIFO's credits: every block from the input handshake to the output one
        capacity=32, credits=32, memory_map=True,
        # the formula's 79 cycles are out of reach: the wipe takes 34, and Boolector needed
        # 5.5 minutes to step 63 and then more than a minute a step (the FIFO nearly full);
        # 60 cycles: 26 after the wipe, a block through and the next behind it
        bmc_depth=60,
        # the 128 S-boxes cut (free outputs): Boolector needed more than a minute a step with
        # them; no property reads a block's data, so the cut design covers the real one
        cut=(("des/des_sp.v", "formal/des_sp_free.v"),),
        covers=_CORE_COVERS,
        # K1, the key part of every x and every carried key: the zero key's are zero
        zero_keys=lambda p: (56 + 48 * 16 + 56 * 14, 0),
        defaults={}, sweep=({},),
        # the covers go deeper (finding a trace is cheap): 32 blocks inside after the wipe
        depth=0, cover_depth=lambda p: 34 + 32 + 8,
        what="bounded: m_axis source rules, zero while idle, reset window (both tready low, "
             "the key taken ready_after_reset cycles after, the wipe of every key and "
             "round-key register); key before data; at most 32 blocks inside (stages, "
             "FIFO), none invented; two blocks out once, in order; a block into the empty "
             "core out after exactly its latency while m_axis_tready is high; both tready "
             "as its datasheet states; 60 cycles (26 after the wipe), S-boxes cut",
        mutations=(
            Mutation("x kept in an empty stage", _TDES_PIPE,
                     "                if (idle_bus[i-1]) begin\n"
                     "                    x_reg <= 48'd0;\n                end\n", "",
                     ("core_key_wiped",)),
            Mutation("key ready a cycle before the wipe ends", _OUT,
                     "        assign key_ready = key_ready_reg[1];",
                     "        assign key_ready = key_ready_reg[0];",
                     ("core_ready_not_early",)),
            Mutation("data taken during a key load", _TDES_PIPE,
                     "assign s_axis_tready = credit && !s_key_tvalid;",
                     "assign s_axis_tready = credit;", ("core_key_priority",)),
            # rule 4: a block's time depends on the blocks behind it (an extra stall)
            Mutation("the FIFO's read waits while a block is written", _PIPED,
                     "wire issue = ram_any_reg && !held_reg[2];",
                     "wire issue = ram_any_reg && !held_reg[2] && !push;",
                     ("latency_exact",)),
            # the ready conditions (docs/cores/notes/des_pipe.md)
            Mutation("a block every other cycle", _TDES_PIPE,
                     "assign s_axis_tready = credit && !s_key_tvalid;",
                     "assign s_axis_tready = credit && !s_key_tvalid && !in_valid_reg;",
                     ("ready_axis_taken",)),
        )),
    Target(
        name="aes_iter", top="core_formal", sources=(), core=True, capacity=2,
        covers=_CORE_COVERS,
        # AES-128 keys: its cycle figures (latency 11, interval 10, key set-up 11) are those of
        # the zero key a reset starts with; the figures of the other lengths differ
        key_len=16,
        # a key waits for the block in the engine (docs/cores/notes/aes_iter.md)
        key_wait=lambda p: cores.get("aes_iter").interval(p),
        # keeps its last block on m_axis_tdata after the transfer, as rule 5 allows
        zero_idle=2,
        # unbounded: the invariants inside aes_iter.v, its pre-pass tied to the ready model's
        # set-up (f_setup)
        induction=1, setup_port=True,
        # the S-box tables, the linear layer and the key step cut (free outputs): no property
        # computes a block's data or a round key; the rounds and the pre-pass are counted
        cut=(("aes/aes_sbox_rom.v", "formal/aes_sbox_rom_free.v"),
             ("aes/aes_mix_layer.v", "formal/aes_mix_layer_free.v"),
             ("aes/aes_key_step.v", "formal/aes_key_step_free.v")),
        defaults={"SBOX_BRAM": 1, "DECRYPT": 1},
        # (the encrypt-only build, DECRYPT = 0, sends every block out with m_axis_tuser 0: the
        # chosen blocks' check follows the direction, so it needs a check of its own)
        sweep=({"SBOX_BRAM": 1, "DECRYPT": 1},),
        depth=0, cover_depth=lambda p: _core_cover_depth("aes_iter", {**p, "KEY_LEN": 16}, 2),
        what="with AES-128 keys, m_axis source rules, rule 5's idle data (zero until the "
             "first transfer, then zero or a finished block: it keeps the last one), reset "
             "window (both tready low, the key taken ready_after_reset cycles after); key "
             "before data; at most two blocks inside (rounds, output), none invented; two "
             "blocks out once, in order; a block into the empty core out after exactly its "
             "latency while m_axis_tready is high; both tready as its datasheet states; "
             "unbounded: invariants of its engine and key pre-pass (aes_iter.v), the monitors "
             "tied to the engine, the pre-pass and the output register; S-boxes, linear layer "
             "and key step cut",
        mutations=(
            Mutation("data taken during a key load", _AES,
                     "assign s_axis_tready = !s_key_tvalid && !prep_reg",
                     "assign s_axis_tready = !prep_reg", ("core_key_priority",)),
            Mutation("a result overwrites a stalled output", _AES,
                     "wire finish = busy_reg && last_round && out_free;",
                     "wire finish = busy_reg && last_round;",
                     ("source_held", "chosen_first_out", "chosen_second_out",
                      "count_capacity", "ready_axis_exact")),
            Mutation("reset skips the zero key's pre-pass", _AES,
                     "        dir_reg <= 1'b0;\n        prep_reg <= 1'b1;\n    end",
                     "        dir_reg <= 1'b0;\n        prep_reg <= 1'b0;\n    end",
                     ("core_reset_tready_low", "core_ready_not_early", "ready_key_exact",
                      "ready_axis_exact")),
            Mutation("the pre-pass one step too long", _AES,
                     "            if (g_reg == nr) begin",
                     "            if (g_reg == nr + 4'd1) begin",
                     ("core_ready_after_reset", "ready_key_taken", "ready_axis_taken",
                      "aes_prep_steps")),
            # rule 5: while idle after a transfer the output shows the key window (round
            # keys), and before the first transfer
            Mutation("round keys shown while idle", _AES,
                     *_AES_OUT.shown_idle("127:0", "128'h0", "win_reg[127:0]"),
                     ("source_idle_finished",)),
            Mutation("round keys shown before the first block", _AES,
                     *_AES_OUT.shown_idle("127:0", "128'h0", "win_reg[127:0]", after=False),
                     ("source_zero_idle",)),
            Mutation("a block's direction lost", _AES, *_AES_OUT.direction_lost(),
                     ("chosen_first_out", "chosen_second_out")),
            Mutation("the engine never empties", _AES,
                     "        if (last_round) begin\n            busy_reg <= 1'b0;",
                     "        if (1'b0) begin\n            busy_reg <= 1'b0;",
                     ("count_nothing_invented", "count_capacity", "chosen_first_out",
                      "chosen_second_out", "ready_axis_taken", "ready_key_taken",
                      "aes_block_rounds")),
            # rule 4: a decrypted result offered in the cycle it leaves the engine, a cycle
            # early, and a cycle late
            Mutation("decryption's result offered a cycle early", _AES,
                     *_AES_OUT.early(), ("latency_not_early",)),
            Mutation("decryption's result offered a cycle late", _AES,
                     *_AES_OUT.late(), ("latency_exact",)),
            # the ready conditions (docs/cores/notes/aes_iter.md)
            Mutation("a result waits for an empty output register", _AES,
                     *_AES_OUT.waits_for_empty(), ("ready_axis_taken",)),
            Mutation("a key taken while a block is in the engine", _AES,
                     "assign s_key_tready = !busy_reg && !prep_reg;",
                     "assign s_key_tready = !prep_reg;", ("ready_key_exact",)),
            # the invariants the induction needs (inside aes_iter.v, core_formal's ties)
            Mutation("reset leaves a block in the engine", _AES,
                     "    if (rst) begin\n        rnd_reg <= 4'd0;\n        busy_reg <= 1'b0;\n",
                     "    if (rst) begin\n        rnd_reg <= 4'd0;\n",
                     ("aes_prep_or_block",)),
            Mutation("a block starts past its last round", _AES,
                     "        rnd_reg <= 4'd0;\n        busy_reg <= 1'b1;\n",
                     "        rnd_reg <= 4'd10;\n        busy_reg <= 1'b1;\n",
                     ("aes_block_rounds",)),
            Mutation("reset starts the pre-pass at round key 0", _AES,
                     "        rkn_reg <= 128'h0;\n        g_reg <= 4'd1;\n",
                     "        rkn_reg <= 128'h0;\n        g_reg <= 4'd0;\n",
                     ("aes_prep_steps",)),
            Mutation("the key length stored is not the one offered", _AES,
                     "        nk_reg <= load_nk;\n", "        nk_reg <= 2'd1;\n",
                     ("aes_key_len",)),
            Mutation("reset starts the pre-pass a step ahead", _AES,
                     "        rkn_reg <= 128'h0;\n        g_reg <= 4'd1;\n",
                     "        rkn_reg <= 128'h0;\n        g_reg <= 4'd2;\n",
                     ("engine_setup",)),
            # core_formal's reset-window counts, tied to the ready model's set-up
            Mutation("the cycles since a reset counted two at a time", _CORE_FORMAL,
                     "            f_since <= f_since + 1'b1;\n",
                     "            f_since <= f_since + 2'd2;\n",
                     ("engine_reset_setup",)),
            Mutation("a key's wait after a reset not counted", _CORE_FORMAL,
                     "                f_wait <= f_wait + 1'b1;\n",
                     "                f_wait <= f_wait;\n",
                     ("engine_reset_wait",)),
        )),
    Target(
        name="aes_small", top="core_formal", sources=(), core=True, capacity=2,
        covers=_CORE_COVERS,
        # AES-128 keys, as aes_iter's target: the figures (latency 45, interval 44, key set-up
        # 71) of the zero key a reset starts with
        key_len=16,
        # a key waits for the block in the engine (docs/cores/notes/aes_small.md)
        key_wait=lambda p: cores.get("aes_small").interval(p),
        # keeps its last block on m_axis_tdata after the transfer, as rule 5 allows
        zero_idle=2,
        # unbounded: the invariants inside aes_small.v, its expansion tied to the ready
        # model's set-up (f_setup); no key wipe: the round-key RAM keeps the last key's
        # schedule through a reset until the zero key's expansion overwrites it
        induction=1, setup_port=True,
        # the S-box tables and MixColumns cut (free outputs): no property computes a block's
        # data or a round key; the expansion's words and steps are counted
        cut=(("aes/aes_sbox_rom.v", "formal/aes_sbox_rom_free.v"),
             ("aes/aes_mix_cols.v", "formal/aes_mix_cols_free.v")),
        defaults={"SBOX_BRAM": 1, "DECRYPT": 1},
        sweep=({"SBOX_BRAM": 1, "DECRYPT": 1},),
        depth=0,
        cover_depth=lambda p: _core_cover_depth("aes_small", {**p, "KEY_LEN": 16}, 2),
        what="with AES-128 keys, m_axis source rules, rule 5's idle data (zero until the "
             "first transfer, then zero or a finished block: it keeps the last one), reset "
             "window (both tready low, the key taken ready_after_reset cycles after); key "
             "before data; at most two blocks inside (passes, output), none invented; two "
             "blocks out once, in order; a block into the empty core out after exactly its "
             "latency while m_axis_tready is high; both tready as its datasheet states; "
             "unbounded: invariants of its engine and key expansion (aes_small.v), the "
             "monitors tied to the engine, the expansion and the output register; S-boxes "
             "and MixColumns cut",
        mutations=(
            # rule 5: before the first transfer the output shows the state register
            Mutation("round state shown before the first block", _AES_SMALL,
                     "assign m_axis_tdata = out_reg;",
                     "assign m_axis_tdata = m_axis_tvalid ? out_reg : s_reg;",
                     ("source_zero_idle",)),
            Mutation("reset keeps the output block", _AES_SMALL,
                     "        out_reg <= 128'h0;\n", "",
                     ("source_reset_clears", "source_zero_idle")),
            Mutation("key tready high during reset", _AES_SMALL,
                     "assign s_key_tready = !busy_reg && !prep_reg;",
                     "assign s_key_tready = (!busy_reg && !prep_reg) || rst;",
                     ("core_reset_tready_low",)),
            Mutation("reset leaves a block in the engine", _AES_SMALL,
                     "    if (rst) begin\n        busy_reg <= 1'b0;\n",
                     "    if (rst) begin\n", ("aes_small_prep_or_block",)),
            # (a block reaches the engine only after the zero key's 70-cycle expansion, and a
            # check from reset took 12 minutes to step 73: the variant leaves one there at the
            # reset, beside the expansion the reset starts, so aes_small_prep_or_block fails too)
            Mutation("reset leaves a block past its last pass", _AES_SMALL,
                     "        busy_reg <= 1'b0;\n        dir_reg <= 1'b0;\n"
                     "        r_reg <= 4'd0;\n",
                     "        dir_reg <= 1'b0;\n        r_reg <= 4'd11;\n",
                     ("aes_small_block_passes",)),
            Mutation("reset starts the expansion at the key's second column", _AES_SMALL,
                     "        pm_reg <= 3'd0;\n        sub_reg <= 1'b0;\n"
                     "        rcon_reg <= 8'h01;\n        prep_reg <= 1'b1;\n    end\nend",
                     "        pm_reg <= 3'd1;\n        sub_reg <= 1'b0;\n"
                     "        rcon_reg <= 8'h01;\n        prep_reg <= 1'b1;\n    end\nend",
                     ("aes_small_expand_index",)),
            Mutation("reset's zero key stored as AES-192", _AES_SMALL,
                     "        nk_reg <= 2'd0;\n", "        nk_reg <= 2'd1;\n",
                     ("aes_small_key_len",)),
            # the expansion ten cycles short (its timing tied to the ready model's)
            Mutation("SubWord words written without their wait", _AES_SMALL,
                     "wire sub_wait = (rot_word || sub_word) && !sub_reg;",
                     "wire sub_wait = 1'b0;", ("engine_setup",)),
            # the ready conditions of a block (docs/cores/notes/aes_small.md): fails at step 72,
            # the first block's handshake after the zero key's expansion (373 s)
            Mutation("a key taken while a block is in the engine", _AES_SMALL,
                     "assign s_key_tready = !busy_reg && !prep_reg;",
                     "assign s_key_tready = !prep_reg;", ("ready_key_exact",)),
        )),
    _bf_ring_target("bf_iter", _BF_WHAT, _bf_ring_mutations()),
    # bf_iter's ring with two 64-bit lanes in lockstep: the same stages, slots and output
    # register, 128-bit beats
    _bf_ring_target("bf_x2", _BF_WHAT.replace("bounded: ", "two lanes of 64 bits in lockstep; "
                                              "bounded: ", 1), _bf_x2_mutations()),
    Target(
        name="bf_key_engine", top="bf_key_engine_formal", bounded=True, slow=True,
        sources=("blowfish/bf_sbox.v", _OUT_REG, "blowfish/bf_key_mix.v",
                 "blowfish/bf_parray.v", "blowfish/bf_sbox_copy.v", _BF_RING, _BF_CORE),
        defines=lambda p: _BF_DEFINES, cut=_BF_CUT,
        # bf_pipe's engine: rounds of 3 cycles
        defaults={"ROUND_CYCLES": 3}, sweep=({"ROUND_CYCLES": 3},),
        # a reset's schedule, a key taken as it ends and 7 cycles of its schedule: the one after
        # a key handshake is the one after a reset (both set the same registers, the ring
        # empty); twice the schedule (206 cycles) had reached step 71 in 3.5 minutes
        depth=_bf_setup(3) + 8, cover_depth=lambda p: _bf_setup(p["ROUND_CYCLES"]) + 8,
        covers=("engine_first_key",),
        what="bounded, with a key schedule of 2 encryptions (FORMAL), the data stream idle as "
             "bf_pipe drives it: s_key_tready low from a reset edge, low for key_setup - 1 "
             "cycles after rst falls, then high until a key handshake, low after it "
             "(bf_key_timing); no block offered; S-boxes, P-array, key mixing and S-box writes "
             "cut",
        mutations=(
            Mutation("the schedule one encryption longer", _BF_CORE,
                     "enc_last_reg <= (enc_reg == ENC_LAST - 10'd1);",
                     "enc_last_reg <= (enc_reg == ENC_LAST);", ("engine_key_timing",)),
            Mutation("key ready in the schedule's last cycle", _BF_RING,
                     "krdy_reg <= !key_fire && (fin || !init_reg)",
                     "krdy_reg <= !key_fire && (init_done || fin || !init_reg)",
                     ("engine_key_timing",)),
            Mutation("a key-schedule encryption offered as a block", _BF_RING,
                     "wire        result = (last && !init_reg) || (ds_v && ds_done);",
                     "wire        result = last || (ds_v && ds_done);",
                     ("engine_no_block",)),
        )),
)}
