# SPDX-License-Identifier: Apache-2.0
"""The Blowfish cores (rtl/blowfish/): bf_iter, bf_x2 and bf_pipe."""

from __future__ import annotations

from .schema import Core, register

# Blowfish: one engine (rtl/blowfish/bf_core.v) with the key schedule in hardware, P-array in
# registers, each S-box one block RAM holding its pi image beside the working half. Its rounds
# take k = ROUND_CYCLES cycles (S-box RAM read, the RAM's output register and F; k = 3 splits
# F) with k blocks (beats) in flight; the key schedule's 521 chained encryptions cannot
# interleave. bf_pipe's key-schedule engine uses k = 3.


def _bf_key_setup(k: int) -> int:
    """Cycles of bf_core's key schedule: the encryptions start after MIX_START + 1 cycles
    (129 with k = 2, 57 with k = 3: key mixing and the copy of the pi S-boxes), 521 x 16 x k
    cycles of chained encryptions, 2 cycles for the last S-box write to land."""
    return (129 if k == 2 else 57) + 3 + 521 * 16 * k


#: what every Blowfish core has in common
_BLOWFISH = dict(family="blowfish", ciphers=lambda p: ("bf",), block_bits=lambda p: 64,
                 key_bits=lambda p: 448, key_len_port=True, test_module="cocotb_blowfish",
                 tests=("pycryptodome_every_key_length", "key_schedule_trace",
                        "key_setup_cycles", "paper_word_key"))
#: and the two round engines, one or two blocks a beat: k beats in flight, a burst of k
_BF_ENGINE = dict(_BLOWFISH, defaults={"ROUND_CYCLES": 3}, choices={"ROUND_CYCLES": (2, 3)},
                  latency=lambda p: 16 * p["ROUND_CYCLES"] + 1, interval=lambda p: 16,
                  burst=lambda p: p["ROUND_CYCLES"],
                  key_setup=lambda p: _bf_key_setup(p["ROUND_CYCLES"]),
                  # after a reset: the whole key schedule of the zero key (the cycle of a
                  # key handshake is not in it)
                  ready_after_reset=lambda p: _bf_key_setup(p["ROUND_CYCLES"]) - 1,
                  key_change="waits until the round engine's blocks have reached the output "
                             "register; the key schedule then rewrites P and the S-boxes (no "
                             "drain of the output register)",
                  test_sets=({"ROUND_CYCLES": 3}, {"ROUND_CYCLES": 2}))

register(Core(
    name="bf_iter",
    top="bf_iter",
    summary="iterative Blowfish, rounds of ROUND_CYCLES (3, or 2) cycles with as many blocks "
            "in flight, key schedule in hardware, S-boxes in BRAM",
    **_BF_ENGINE,
    default_for=("bf",),
    # each key load is a schedule of 25,068 or 16,804 cycles: on Icarus the two sets took
    # 309 s and 229 s of a fresh-clone suite. Icarus runs the generic tests on ROUND_CYCLES=2
    # in the default suite (a third fewer cycles a key), the Blowfish-specific tests on the
    # default ROUND_CYCLES=3 (tests/rtl/blowfish/test_blowfish_rtl.py): both engines on both
    # simulators; Verilator runs every test on both sets
    icarus_sets=(1,),
))

register(Core(
    name="bf_x2",
    top="bf_x2",
    summary="two-lane Blowfish (as in Ahmad et al., \"Implementation of a High-Performance "
            "Blowfish for Secure Wireless Communication\"): two blocks per beat sharing "
            "dual-port S-box RAMs, rounds of ROUND_CYCLES (3, or 2) cycles with as many beats "
            "in flight",
    **_BF_ENGINE,
    fixed_lanes=2,
    # every key load is a schedule of 16,804 or 25,068 cycles: Icarus runs the generic tests
    # with -m slow (bf_iter runs them in the default suite), the Blowfish-specific tests on
    # both simulators in the default suite
    slow_runs=frozenset({"icarus"}),
))

register(Core(
    name="bf_pipe",
    top="bf_pipe",
    summary="pipelined Blowfish: 16 round stages of 5 cycles, 1 block/cycle, encrypt/decrypt "
            "per block, 8 dual-port copies of the S-boxes filled by bf_core's key schedule, "
            "credit-counted output FIFO",
    **_BLOWFISH,
    defaults={},
    choices={},
    # input stage, 16 rounds of 5 cycles (S-box read, the RAM's output register, a fabric
    # register, two halves of F), the output FIFO's four cycles (axis_credit_fifo_piped)
    latency=lambda p: 16 * 5 + 5,
    interval=lambda p: 1,
    # the key's cycle in bf_pipe's key register, then bf_core's schedule (rounds of 3 cycles,
    # F split like the rounds here); its last S-box write reaches the copies before a block
    # can read them. After a reset, s_key_tready follows the engine's a cycle later
    key_setup=lambda p: _bf_key_setup(3) + 1,
    ready_after_reset=lambda p: _bf_key_setup(3),
    key_change="waits until no block is in the input stage and the round stages (at most 81 "
               "cycles: the pipeline never stalls and takes no block while a key is offered); "
               "the key schedule then rewrites P and every S-box copy. Results already in the "
               "output FIFO are not affected",
    # every key load is a 25,068-cycle schedule and the core holds 32 S-box RAMs: Icarus
    # (a few thousand cycles a second here: ~8 min) runs its generic tests with -m slow, the
    # Blowfish-specific tests on both simulators in the default suite. The hardware modes
    # (~2 min; the Blowfish family's run around bf_iter, the pipelined mode path around
    # des_pipe) and the Yosys smoke test (~1.5 min) also wait for -m slow
    slow_runs=frozenset({"icarus", "modes", "synth"}),
))
