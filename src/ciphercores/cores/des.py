# SPDX-License-Identifier: Apache-2.0
"""The DES and Triple-DES cores (rtl/des/): des_iter, tdes_iter, des_pipe and tdes_pipe."""

from __future__ import annotations

from .schema import Core, OutFifo, register

# The TDES cores implement des-ede3, des-ede and des (keying options 1, 2, 3), chosen per key
# load by s_key_tlen = 24, 16 or 8; the DES cores are the same RTL with DES_ONLY = 1. Keying
# option 3 (single DES) still runs the three passes, so no cycle figure depends on KEY_LEN.
_TDES_CIPHERS = ("des-ede3", "des-ede", "des")
#: what the single-DES and the Triple-DES cores have in common
_DES = dict(family="des", defaults={}, choices={}, ciphers=lambda p: ("des",),
            block_bits=lambda p: 64, key_bits=lambda p: 64, key_len_port=False,
            key_setup=lambda p: 1, test_module="cocotb_des",
            tests=("cavp_mmt", "pycryptodome_differential", "parity_ignored",
                   "key_before_every_block"))
#: the folded cores after a reset: both tready wait a cycle for a register leaving reset
_ITER_READY = 1


def _pipe_ready(rounds: int):
    """ready_after_reset of des_pipe / tdes_pipe: the output FIFO's wipe, one entry a cycle,
    then two registers carry its end to the key handshake. tdes_pipe.v sizes its FIFO as
    axis_out_fifo does for the edges from the input handshake to the FIFO (the input stage
    and the round stages)."""
    return lambda p: OutFifo(rounds + 1).ready_after_reset
_TDES = dict(_DES, ciphers=lambda p: _TDES_CIPHERS, key_bits=lambda p: 192, key_len_port=True)

register(Core(
    name="des_iter",
    top="des_iter",
    **_DES,
    summary="folded DES, one round per cycle, key schedule on the fly (right rotations to "
            "decrypt)",
    latency=lambda p: 17,
    interval=lambda p: 16,
    ready_after_reset=lambda p: _ITER_READY,
    key_change="none: a key is read only when a block enters, so it is taken at once, even "
               "with a block in the engine",
    default_for=("des",),
    # the DES family's hardware modes run around des_pipe in the default suite
    slow_runs=frozenset({"modes"}),
))

register(Core(
    name="tdes_iter",
    top="tdes_iter",
    **_TDES,
    summary="folded Triple-DES (EDE), one round engine for the three passes, one round per "
            "cycle, key schedule on the fly",
    latency=lambda p: 49,
    interval=lambda p: 48,
    ready_after_reset=lambda p: _ITER_READY,
    key_change="waits until the block in the engine starts its last DES pass (at most 32 "
               "cycles); no drain of the output",
    default_for=("des-ede3", "des-ede"),
    # the DES family's hardware modes run around des_pipe in the default suite
    slow_runs=frozenset({"modes"}),
))

register(Core(
    name="des_pipe",
    top="des_pipe",
    **_DES,
    summary="pipelined DES: input stage, 16 round stages, credit-counted output FIFO read "
            "through registers; each block carries its key",
    latency=lambda p: 21,
    interval=lambda p: 1,
    ready_after_reset=_pipe_ready(16),
    key_change="none: each block carries its key through the stages, so a key is taken at "
               "once and costs only the cycle of its handshake (after reset, once the output "
               "FIFO is wiped)",
))

register(Core(
    name="tdes_pipe",
    top="tdes_pipe",
    **_TDES,
    summary="pipelined Triple-DES (EDE): input stage, 48 round stages, credit-counted output "
            "FIFO read through registers; each block carries the keys of its passes ahead",
    latency=lambda p: 53,
    interval=lambda p: 1,
    ready_after_reset=_pipe_ready(48),
    key_change="none: each block carries the keys of its DES passes through the stages, so a "
               "key is taken at once and costs only the cycle of its handshake (after reset, "
               "once the output FIFO is wiped)",
    # 48 unrolled rounds: a few hundred cycles a second on Icarus, minutes in Yosys; the
    # default suite runs it on Verilator, and des_pipe (the same RTL with 16 stages) everywhere
    slow_runs=frozenset({"icarus", "modes", "synth"}),
))
