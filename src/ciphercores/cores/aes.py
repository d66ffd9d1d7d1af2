# SPDX-License-Identifier: Apache-2.0
"""The AES cores (rtl/aes/): aes_iter, aes_small and aes_pipe."""

from __future__ import annotations

from .schema import Core, OutFifo, Params, register

#: the tests of tests/rtl/cocotb_aes.py (``Core.tests``)
AES_TESTS = ("cavp_mmt", "cavp_mct", "pycryptodome_differential", "direction_bit")


def _aes_rounds(key_bits: int) -> int:
    return {128: 10, 192: 12, 256: 14}[key_bits]


def _aes_iter_nr(p: Params) -> int:
    return _aes_rounds(8 * p.get("KEY_LEN", 32))


register(Core(
    name="aes_iter",
    family="aes",
    top="aes_iter",
    summary="iterative AES-128/192/256 (key length per key load), encrypt/decrypt per block, "
            "one round per cycle, round keys on the fly, S-boxes in block RAM (SBOX_BRAM=0: "
            "tables in LUTs, 2: composite field in logic); DECRYPT=0 encrypts only",
    defaults={"SBOX_BRAM": 1, "DECRYPT": 1},
    choices={"SBOX_BRAM": (0, 1, 2), "DECRYPT": (0, 1)},
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
    # after a reset: the pre-pass of the AES-128 zero key, Nr = 10 key steps
    ready_after_reset=lambda p: _aes_rounds(128),
    test_module="cocotb_aes", tests=AES_TESTS,
    decrypts=lambda p: bool(p["DECRYPT"]),
    # the encrypt-only build with LUT S-boxes: the inverse tables it leaves out are logic; the
    # composite-field S-boxes (aes_sbox_tower), both directions through each
    test_sets=({"SBOX_BRAM": 1}, {"SBOX_BRAM": 0}, {"SBOX_BRAM": 0, "DECRYPT": 0},
               {"SBOX_BRAM": 2}),
    # Icarus runs the first three in the default suite; the composite S-box alone runs on both
    # simulators (tests/rtl/aes/test_aes_sbox_tower.py), and in this core on Verilator
    icarus_sets=(0, 1, 2),
    default_for=("aes-*",),
))


#: the words of the round-key RAM aes_small's key expansion writes (w[0] .. w[59]: AES-256's
#: schedule; the words after a shorter key's schedule are written zero)
_AES_SMALL_WORDS = 60


def _aes_small_subwords(key_len: int) -> int:
    """The words of the AES schedule for a ``key_len``-byte key that need SubWord (index i
    >= Nk with i mod Nk = 0, and i mod 8 = 4 for Nk = 8): each costs aes_small's expansion
    a second cycle, in which the data S-boxes look up the word before it."""
    nk = key_len // 4
    words = 4 * (_aes_rounds(8 * key_len) + 1)
    return sum(1 for i in range(nk, words) if i % nk == 0 or (nk == 8 and i % 8 == 4))


def _aes_small_key_setup(p: Params) -> int:
    # the expansion (60 words, one a cycle, and the SubWord cycles) and the cycle that ends it
    return _AES_SMALL_WORDS + _aes_small_subwords(p.get("KEY_LEN", 32)) + 1


register(Core(
    name="aes_small",
    family="aes",
    top="aes_small",
    summary="small AES-128/192/256 (key length per key load), encrypt/decrypt per block, "
            "32-bit data path: one column a cycle through four S-boxes, round keys in a "
            "RAM expanded at key load through the same S-boxes, S-boxes in block RAM "
            "(SBOX_BRAM=0: tables in LUTs, 2: composite field in logic); DECRYPT=0 "
            "encrypts only",
    defaults={"SBOX_BRAM": 1, "DECRYPT": 1},
    choices={"SBOX_BRAM": (0, 1, 2), "DECRYPT": (0, 1)},
    ciphers=lambda p: ("aes-128", "aes-192", "aes-256"),
    block_bits=lambda p: 128,
    key_bits=lambda p: 256,
    key_len_port=True,
    # Nr + 1 passes of four column steps, then the output register
    latency=lambda p: 4 * (_aes_iter_nr(p) + 1) + 1,
    interval=lambda p: 4 * (_aes_iter_nr(p) + 1),
    key_setup=_aes_small_key_setup,
    key_change="waits for the round engine to finish its block; no drain of the output",
    # after a reset: the expansion of the AES-128 zero key (the reset is its key handshake)
    ready_after_reset=lambda p: _aes_small_key_setup({**p, "KEY_LEN": 16}) - 1,
    test_module="cocotb_aes", tests=AES_TESTS,
    decrypts=lambda p: bool(p["DECRYPT"]),
    # block-RAM S-boxes, LUT tables encrypting only, and the composite-field S-boxes
    test_sets=({"SBOX_BRAM": 1}, {"SBOX_BRAM": 0, "DECRYPT": 0}, {"SBOX_BRAM": 2}),
    icarus_sets=(0,),
))


register(Core(
    name="aes_pipe",
    family="aes",
    top="aes_pipe",
    summary="fully unrolled AES, encrypt/decrypt per block, LANES blocks a cycle, key schedule "
            "pipelined beside the data, data S-boxes in block RAM (SBOX_BRAM=0: tables in "
            "LUTs, 2: composite field in logic), "
            "credit-counted output FIFO (no stall); DECRYPT=0 encrypts only",
    # the registers that measured fastest (docs/results.md) by default
    defaults={"KEY_BITS": 128, "LANES": 1, "SUBREG": 2, "MIXREG": 1, "SBOX_BRAM": 1,
              "DECRYPT": 1},
    choices={"KEY_BITS": (128, 192, 256), "LANES": (1, 2, 3, 4), "SUBREG": (0, 1, 2),
             "MIXREG": (0, 1), "SBOX_BRAM": (0, 1, 2), "DECRYPT": (0, 1)},
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
    # after a reset: the output FIFO's wipe, one entry a cycle, then two registers carry its
    # end to the key handshake. aes_pipe.v sizes its FIFO as axis_out_fifo does for the edges
    # from the input handshake to the FIFO (the input register, stage 0, the round stages)
    ready_after_reset=lambda p: OutFifo(_aes_rounds(p["KEY_BITS"])
                                        * (1 + p["SUBREG"] + p["MIXREG"])
                                        - p["MIXREG"] + 2).ready_after_reset,
    test_module="cocotb_aes", tests=AES_TESTS,
    decrypts=lambda p: bool(p["DECRYPT"]),
    # Yosys on the fully unrolled default takes minutes: its smoke test runs with -m slow
    slow_runs=frozenset({"synth"}),
    # on Icarus the AES-256 two-lane set took 333 s of a fresh-clone suite (its longest test):
    # Icarus runs the other three in the default suite, Verilator all four
    icarus_sets=(0, 1, 3),
    # the default (every optional register, the block RAMs' output registers moved into the
    # RAMs on ECP5), none of them, lanes with the key added after the linear layer, and the
    # default encrypting only (GCM's)
    test_sets=({"KEY_BITS": 128, "LANES": 1, "SUBREG": 2, "MIXREG": 1, "SBOX_BRAM": 1},
               {"KEY_BITS": 128, "LANES": 1, "SUBREG": 0, "MIXREG": 0, "SBOX_BRAM": 1},
               {"KEY_BITS": 256, "LANES": 2, "SUBREG": 1, "MIXREG": 1, "SBOX_BRAM": 0},
               {"KEY_BITS": 128, "LANES": 1, "SUBREG": 2, "MIXREG": 1, "SBOX_BRAM": 1,
                "DECRYPT": 0}),
))
