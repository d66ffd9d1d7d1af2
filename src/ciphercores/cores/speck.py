# SPDX-License-Identifier: Apache-2.0
"""The SPECK cores (rtl/speck/): speck_iter and speck_pipe."""

from __future__ import annotations

from .schema import Core, OutFifo, Params, register


def _speck_rounds(p: Params) -> int:
    from ..models.speck import rounds

    return rounds(p["WORD"], p["KEY_WORDS"])


_SPECK_SETS = tuple({"WORD": b // 2, "KEY_WORDS": k // (b // 2)}
                    for b, k in [(32, 64), (48, 72), (48, 96), (64, 96), (64, 128), (96, 96),
                                 (96, 144), (128, 128), (128, 192), (128, 256)])

register(Core(
    name="speck_iter",
    family="speck",
    top="speck_iter",
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
    # after a reset: the pre-pass of the zero key to the last round key, T - 1 key steps
    ready_after_reset=lambda p: _speck_rounds(p) - 1,
    default_for=("speck*",),
    test_sets=_SPECK_SETS,
))


def _speck_passes(p: Params) -> int:
    """Passes a block makes through speck_pipe's loop of STAGES units: ceil(T / STAGES)."""
    return -(-_speck_rounds(p) // p["STAGES"])


def speck_pipe_out_fifo(p: Params) -> OutFifo:
    """speck_pipe's output FIFO (rtl/common/axis_out_fifo.v) as speck_pipe.v instantiates it:
    LATENCY the most blocks between a block's input handshake and the FIFO's taking it (the
    input register and a slot per cycle of one pass of the loop: STAGES x (1 + SUBREG) + 1),
    read through registers (PIPED) with registers inside the rounds."""
    return OutFifo(p["STAGES"] * (1 + p["SUBREG"]) + 1, piped=int(p["SUBREG"] != 0))


def _is_speck_set(p: Params) -> bool:
    return any(p["WORD"] == s["WORD"] and p["KEY_WORDS"] == s["KEY_WORDS"] for s in _SPECK_SETS)


def _speck_pipe_check(p: Params) -> str:
    if not _is_speck_set(p):
        return f"WORD={p['WORD']}, KEY_WORDS={p['KEY_WORDS']} is not a SPECK parameter set"
    t = _speck_rounds(p)
    if not 1 <= p["STAGES"] <= t:
        return f"STAGES={p['STAGES']} must be 1..{t} (the rounds of this set)"
    return ""


register(Core(
    name="speck_pipe",
    family="speck",
    top="speck_pipe",
    summary="SPECK with STAGES round units in a loop (1..T), STAGES=T: full pipeline, "
            "1 block/cycle (SUBREG: registers inside each round); key state travels with "
            "each block",
    defaults={"WORD": 64, "KEY_WORDS": 2, "STAGES": 32, "SUBREG": 0},
    choices={"WORD": (16, 24, 32, 48, 64), "KEY_WORDS": (2, 3, 4),
             "STAGES": tuple(range(1, 35)), "SUBREG": (0, 1, 2, 3)},
    validate=_speck_pipe_check,
    # STAGES defaults to T of the set (the full pipeline), whatever WORD and KEY_WORDS are
    derived=lambda p: {"STAGES": _speck_rounds(p)} if _is_speck_set(p) else {},
    ciphers=lambda p: (f"speck{2 * p['WORD']}-{p['WORD'] * p['KEY_WORDS']}",),
    block_bits=lambda p: 2 * p["WORD"],
    key_bits=lambda p: p["WORD"] * p["KEY_WORDS"],
    key_len_port=False,
    # input register, T rounds of 1 + SUBREG cycles (whatever STAGES), then the output FIFO
    # (axis_credit_fifo's output register, or the piped FIFO's four cycles)
    latency=lambda p: (_speck_rounds(p) * (1 + p["SUBREG"]) + 1
                       + speck_pipe_out_fifo(p).through),
    # (1 + SUBREG) * STAGES blocks back to back (a slot for each), then the loop is full for
    # the remaining passes
    interval=_speck_passes,
    burst=lambda p: p["STAGES"] * (1 + p["SUBREG"]),
    # the key's input register and the pre-pass to the last round key (for decryption), as in
    # speck_iter; SUBREG >= 1: through the piped key step, 2 + SUBREG cycles a step
    key_setup=lambda p: (_speck_rounds(p) - 1) * (2 + p["SUBREG"] if p["SUBREG"] else 1) + 2,
    key_change="nothing (after reset: the output FIFO's wipe): each block carries its key "
               "state, blocks inside finish with theirs",
    # the output FIFO's reset through a register of its own: rst high for two edges
    reset_cycles=lambda p: 2,
    # after a reset: the output FIFO's wipe, one entry a cycle, and its end's way to the key
    # handshake (axis_out_fifo's key_ready), a cycle late (the FIFO's reset register), then
    # s_key_tready's register beside the key input
    ready_after_reset=lambda p: speck_pipe_out_fifo(p).ready_after_reset + 2,
    # Yosys on the fully unrolled default takes minutes: its smoke test runs with -m slow
    slow_runs=frozenset({"synth"}),
    # the full pipeline (STAGES=T) on 48/96, a non-divisor of T on 64/128 (T = 27: six passes,
    # the first one short), folded (STAGES=1) on 128/128 (its full pipeline is the default,
    # which the hardware-mode, driver and synthesis tests build), and 128/128's full pipeline
    # with registers inside the rounds (SUBREG=3, the addition by halves: the configuration of
    # the throughput target); tests/rtl/speck/test_speck_pipe.py checks the cycle model over more
    # STAGES, SUBREG 1, 2 and 3 on smaller sets, and all ten sets behind `slow`
    test_sets=({"WORD": 24, "KEY_WORDS": 4, "STAGES": 23},
               {"WORD": 32, "KEY_WORDS": 4, "STAGES": 5},
               {"WORD": 64, "KEY_WORDS": 2, "STAGES": 1},
               {"WORD": 64, "KEY_WORDS": 2, "STAGES": 32, "SUBREG": 3}),
))
