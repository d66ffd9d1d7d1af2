# SPDX-License-Identifier: Apache-2.0
"""cocotb test of rtl/aes/aes_sbox_tower.v, launched by tests/rtl/aes/test_aes_sbox_tower.py: every
byte through both directions against FIPS-197's printed tables (vectors/aes/fips197_sbox.txt,
Figures 7 and 14), the direction changed under a held byte as well as the byte under a held
direction."""

from __future__ import annotations

import cocotb
from cocotb.triggers import Timer

from ciphercores.vectors import load_table


def fips197_tables() -> dict[int, list[int]]:
    """inv (0: S-box, Figure 7; 1: inverse S-box, Figure 14) -> the 256 values, byte order."""
    boxes = {"S": 0, "InvS": 1}
    out = {0: [-1] * 256, 1: [-1] * 256}
    for row in load_table("aes/fips197_sbox.txt"):
        x = int(row["x"], 16)
        for y in range(16):
            out[boxes[row["box"]]][16 * x + y] = int(row[f"{y:x}"], 16)
    # the file holds each figure whole: 16 rows of 16, a permutation, one the other's inverse
    assert all(sorted(t) == list(range(256)) for t in out.values())
    assert all(out[1][out[0][a]] == a for a in range(256))
    return out


@cocotb.test()
async def all_bytes_both_directions(dut):
    want = fips197_tables()
    wrong = []
    # byte-major: each byte forward then inverse, so the direction input changes alone
    for a in range(256):
        for inv in (0, 1):
            dut.a.value = a
            dut.inv.value = inv
            await Timer(1, "ns")
            got = int(dut.y.value)
            if got != want[inv][a]:
                wrong.append(f"{'InvS' if inv else 'S'}({a:02x}) = {got:02x}, "
                             f"want {want[inv][a]:02x}")
    assert not wrong, f"{len(wrong)} of 512 wrong; first: {wrong[:4]}"
    # direction-major: each direction over the 256 bytes, so the byte changes alone
    for inv in (1, 0):
        dut.inv.value = inv
        for a in range(256):
            dut.a.value = a
            await Timer(1, "ns")
            assert int(dut.y.value) == want[inv][a], (inv, a)
