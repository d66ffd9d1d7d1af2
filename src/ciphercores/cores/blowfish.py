# SPDX-License-Identifier: Apache-2.0
"""The Blowfish cores (rtl/blowfish/): bf_iter, bf_x2 and bf_pipe."""

from __future__ import annotations

from .schema import Core, register

# Blowfish: one engine (rtl/blowfish/bf_core.v) with the key schedule in hardware, P-array in
# registers, each S-box one block RAM holding its pi image beside the working half
_BF_KEY_SETUP = 59 + 521 * 16  # 8,395: key mixing overlaps the first encryption (bf_core.v)
#: what every Blowfish core has in common
_BLOWFISH = dict(family="blowfish", defaults={}, choices={}, ciphers=lambda p: ("bf",),
                 block_bits=lambda p: 64, key_bits=lambda p: 448, key_len_port=True,
                 key_setup=lambda p: _BF_KEY_SETUP, test_module="cocotb_core")
#: and the two round engines, one or two blocks a pass
_BF_ENGINE = dict(_BLOWFISH, latency=lambda p: 17, interval=lambda p: 16,
                  key_change="waits for the round engine to finish its block(s); the key "
                             "schedule then rewrites P and the S-boxes (no drain of the output "
                             "register)")

register(Core(
    name="bf_iter",
    top="bf_iter",
    summary="iterative Blowfish, one round per cycle, key schedule in hardware, S-boxes in BRAM",
    **_BF_ENGINE,
    default_for=("bf",),
))

register(Core(
    name="bf_x2",
    top="bf_x2",
    summary="two-lane Blowfish (as in Ahmad et al., \"Implementation of a High-Performance "
            "Blowfish for Secure Wireless Communication\"): two blocks per pass sharing "
            "dual-port S-box RAMs",
    **_BF_ENGINE,
    fixed_lanes=2,
))

register(Core(
    name="bf_pipe",
    top="bf_pipe",
    summary="pipelined Blowfish: 16 round stages of 4 cycles, 1 block/cycle, encrypt/decrypt "
            "per block, 8 dual-port copies of the S-boxes filled by bf_core's key schedule, "
            "credit-counted output FIFO",
    **_BLOWFISH,
    # input stage, 16 rounds of 4 cycles (S-box read, RAM to fabric, two halves of F), FIFO
    latency=lambda p: 16 * 4 + 2,
    interval=lambda p: 1,
    # key_setup: bf_core's schedule; its last S-box write reaches the copies before a block can
    # read them. bf_core keeps one round per cycle (S-box RAM read, F, next RAM address or
    # write data in a cycle), far longer than any cycle of a round here: it is this core's
    # critical path
    key_change="waits until no block is in the round stages (at most the latency, 66 cycles: "
               "the pipeline never stalls and takes no block while a key is offered); the key "
               "schedule then rewrites P and every S-box copy. Results already in the output "
               "FIFO are not affected",
    # every key load is an 8,395-cycle schedule and the core holds 32 S-box RAMs: Icarus
    # (a few thousand cycles a second here: ~8 min) runs its generic tests with -m slow, the
    # Blowfish-specific tests on both simulators in the default suite. The hardware modes
    # (~2 min; the Blowfish family's run around bf_iter, the pipelined mode path around
    # des_pipe) and the Yosys smoke test (~1.5 min) also wait for -m slow
    slow_runs=frozenset({"icarus", "modes", "synth"}),
))
