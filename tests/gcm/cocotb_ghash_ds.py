# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for rtl/gcm/ghash_ds.v (GHASH on one digit-serial multiplier), launched by
tests/gcm/test_gcm_rtl.py: GHASH of whole messages against ciphercores.modes.ghash and against
a multiply written here (a polynomial product reduced modulo x^128 + x^7 + x^2 + x + 1), the
cycle figures of its header, random idle and back-pressure, and AES-GCM tags of NIST's CAVP
file (vectors/aes/gcm/gcmEncryptExtIV128.rsp) rebuilt from the unit's GHASH."""

from __future__ import annotations

from itertools import pairwise

import cocotb
from cocotb_ghash import Messages, _bench, _pad, _random_messages
from gcm_bench import config

from ciphercores import vectors
from ciphercores.models.aes import AES


def _rev128(v: int) -> int:
    return int(f"{v:0128b}"[::-1], 2)


def clmul_gf128(x: int, y: int) -> int:
    """x * y in GF(2^128), written apart from the model's Algorithm 1: GCM's bit order is
    reflected (the block's first bit is x^0), so reverse both, multiply the polynomials
    without carries, reduce modulo x^128 + x^7 + x^2 + x + 1, and reverse back."""
    a, b, z = _rev128(x), _rev128(y), 0
    while b:
        if b & 1:
            z ^= a
        a <<= 1
        b >>= 1
    for i in range(254, 127, -1):
        if z >> i & 1:
            z ^= (1 << i) ^ (0x87 << (i - 128))
    return _rev128(z)


def _ghash(h: bytes, data: bytes) -> int:
    hi, y = int.from_bytes(h, "big"), 0
    for i in range(0, len(data), 16):
        y = clmul_gf128(y ^ int.from_bytes(data[i:i + 16], "big"), hi)
    return y


class IndependentMessages(Messages):
    """Messages whose GHASH the model and this file's multiply give alike."""

    def add(self, data: bytes, h: bytes | None = None, junk: int = 0) -> None:
        super().add(data, h, junk)
        assert self.want[-1] == _ghash(self.h, data), "the model and clmul_gf128 differ"


@cocotb.test()
async def messages(dut):
    """Messages of 0, 1, 2, 3 and random block counts back to back, H reloaded between some:
    first with every input offered at once and the output ready (the header's cycle figures:
    an H load takes a cycle, one block every 128/DIGIT + 1 cycles, a result 128/DIGIT + 2
    cycles after its tlast beat, 1 after a tlast beat without a block), then under random
    idle and back-pressure."""
    cfg = config()
    d = 128 // cfg["params"]["DIGIT"]
    tb = _bench(dut)
    await tb.start()
    ms = _random_messages(tb.rng, 2, cfg["random"])
    limit = 10 * len(ms.items) * (d + 2) + 1000
    got = await tb.run(ms.items, len(ms.want), limit=limit)
    ms.check(got)
    assert {b.t - h.t for h, b in ms.h_loads} == {1}, "H load to the next beat"
    blocks = [it for it in ms.items if it.valid == "s_axis_tvalid"]
    gaps = {b.t - a.t for a, b in pairwise(blocks)
            if not a.values["s_axis_tlast"] and not a.values["s_axis_tuser"]}
    assert gaps == {d + 1}, f"blocks of a message {gaps} cycles apart, want {d + 1}"
    lat = {(t - last.t, last.values["s_axis_tuser"])
           for last, (t, _) in zip(ms.lasts, got, strict=True)}
    assert lat == {(d + 2, 0), (1, 1)}, f"tlast to result (cycles, no block): {lat}"
    ms = _random_messages(tb.rng, 2, cfg["random"])
    ms.check(await tb.run(ms.items, len(ms.want), idle=0.3, backpressure=0.3, limit=limit))


@cocotb.test()
async def independent_multiply(dut):
    """Random messages hashed by the unit equal this file's GHASH (clmul_gf128), not only the
    model's."""
    cfg = config()
    tb = _bench(dut)
    await tb.start()
    ms = IndependentMessages()
    for i in range(cfg["random"]):
        ms.add(tb.rng.randbytes(16 * tb.rng.randint(0, 5)),
               tb.rng.randbytes(16) if i % 3 == 0 else None, junk=tb.rng.getrandbits(128))
    ms.check(await tb.run(ms.items, len(ms.want), idle=0.2, backpressure=0.2))


@cocotb.test()
async def cavp_tags(dut):
    """For the first record of each (AAD, PT) length pair with a 96-bit IV and a 128-bit tag
    in NIST's CAVP GCM encryption file: Tag = E_K(J0) ^ GHASH_H(A || C || lengths), H =
    E_K(0), E_K from the AES reference model, the GHASH from the unit."""
    tb = _bench(dut)
    await tb.start()
    seen, n = set(), 0
    for r in vectors.load_rsp("aes/gcm/gcmEncryptExtIV128.rsp"):
        f = r.fields
        shape = (len(f["AAD"]), len(f["PT"]))
        if len(f["IV"]) != 24 or len(f["Tag"]) != 32 or shape in seen:
            continue
        seen.add(shape)
        aes = AES(bytes.fromhex(f["Key"]))
        aad, ct = bytes.fromhex(f["AAD"]), bytes.fromhex(f["CT"])
        h = aes.encrypt_block(bytes(16))
        ms = Messages()
        ms.add(_pad(aad) + _pad(ct) + (8 * len(aad)).to_bytes(8, "big")
               + (8 * len(ct)).to_bytes(8, "big"), h)
        (_, s), = await tb.run(ms.items, 1)
        ek = aes.encrypt_block(bytes.fromhex(f["IV"]) + b"\x00\x00\x00\x01")
        tag = bytes(a ^ b for a, b in zip(ek, s.to_bytes(16, "big"), strict=True))
        assert tag.hex() == f["Tag"], f"Count {f['Count']} of [{r.section}]"
        n += 1
    assert n >= 10, f"{n} CAVP records checked"
