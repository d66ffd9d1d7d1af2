# SPDX-License-Identifier: Apache-2.0
"""AES reference model against FIPS-197, NIST CAVP (AESAVS), pycryptodome and cryptography."""

from __future__ import annotations

import random

import pytest
from Crypto.Cipher import AES as PyAES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from ciphercores import models
from ciphercores.errors import KeySizeError
from ciphercores.models.aes import AES, INV_SBOX, SBOX, gf_mul
from ciphercores.models.base import Trace
from ciphercores.vectors import VECTORS, load_rsp, load_table, source

KAT = [f"aes/cavp/CBC{kind}{bits}.rsp" for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt")
       for bits in (128, 192, 256)]
MMT = [f"aes/cavp/CBCMMT{bits}.rsp" for bits in (128, 192, 256)]
MCT = [f"aes/cavp/CBCMCT{bits}.rsp" for bits in (128, 192, 256)]


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def cbc_encrypt(model, iv: bytes, data: bytes) -> bytes:
    out, prev = b"", iv
    for i in range(0, len(data), 16):
        prev = model.encrypt_block(xor(data[i:i + 16], prev))
        out += prev
    return out


def cbc_decrypt(model, iv: bytes, data: bytes) -> bytes:
    out, prev = b"", iv
    for i in range(0, len(data), 16):
        block = data[i:i + 16]
        out += xor(model.decrypt_block(block), prev)
        prev = block
    return out


# -- S-box and tables ----------------------------------------------------------------------


def test_sbox_known_entries_and_inverse():
    # FIPS-197 section 5.1.1 example: S-box({53}) = {ed}; figure 7 corners
    assert SBOX[0x53] == 0xED
    assert SBOX[0x00] == 0x63 and SBOX[0xFF] == 0x16
    assert INV_SBOX[0x00] == 0x52 and INV_SBOX[0xFF] == 0x7D
    assert sorted(SBOX) == list(range(256))
    assert all(INV_SBOX[SBOX[x]] == x for x in range(256))
    # section 4.2 example: {57} . {83} = {c1}; section 4.2.1: {57} . {13} = {fe}
    assert gf_mul(0x57, 0x83) == 0xC1 and gf_mul(0x57, 0x13) == 0xFE


def test_sbox_tables_are_fips197_figures_7_and_14():
    """The model's S-box and inverse S-box (computed: inverse in GF(2^8), affine map) are the
    tables FIPS-197 prints (vectors/aes/fips197_sbox.txt, which the RTL tests also read)."""
    rows = load_table("aes/fips197_sbox.txt")
    assert "Figure 7" in source("aes/fips197_sbox.txt")
    got = {(r["box"], int(r["x"], 16)): [int(r[f"{y:x}"], 16) for y in range(16)] for r in rows}
    assert len(rows) == 32 and len(got) == 32
    for x in range(16):
        assert got[("S", x)] == SBOX[16 * x:16 * x + 16]
        assert got[("InvS", x)] == INV_SBOX[16 * x:16 * x + 16]


# -- FIPS-197 Appendix C --------------------------------------------------------------------


@pytest.mark.parametrize("row", load_table("aes/fips197_appendix_c.txt"),
                         ids=lambda r: r["section"])
def test_fips197_appendix_c(row):
    key, pt, ct = (bytes.fromhex(row[k]) for k in ("key", "plaintext", "ciphertext"))
    m = AES(key)
    assert m.name == f"aes-{8 * len(key)}"
    assert m.encrypt_block(pt) == ct
    assert m.decrypt_block(ct) == pt


def test_registry_builds_aes():
    for bits in (128, 192, 256):
        m = models.new(f"aes-{bits}", bytes(bits // 8))
        assert isinstance(m, AES) and m.name == f"aes-{bits}" and m.block_bits == 128
        assert m.byteorder == "big"


# -- CAVP known-answer and multi-block files ---------------------------------------------------


@pytest.mark.parametrize("rel", KAT)
def test_cavp_kat(rel):
    records = load_rsp(rel)
    assert len(records) > 0
    for rec in records:
        key, iv = rec.hex("KEY"), rec.hex("IV")
        pt, ct = rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
        assert iv == bytes(16) and len(pt) == 16  # one block, zero IV: ECB
        m = AES(key)
        if rec.section == "ENCRYPT":
            assert m.encrypt_block(pt) == ct, rec.fields["COUNT"]
        else:
            assert rec.section == "DECRYPT"
            assert m.decrypt_block(ct) == pt, rec.fields["COUNT"]
        # the other direction too
        assert m.decrypt_block(m.encrypt_block(pt)) == pt


@pytest.mark.parametrize("rel", MMT)
def test_cavp_mmt(rel):
    records = load_rsp(rel)
    assert len(records) == 20
    for rec in records:
        key, iv = rec.hex("KEY"), rec.hex("IV")
        pt, ct = rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
        m = AES(key)
        assert cbc_encrypt(m, iv, pt) == ct
        assert cbc_decrypt(m, iv, ct) == pt


# -- CAVP Monte Carlo (AESAVS section 6.4.2, CBC) ------------------------------------------------


def _mct_inner(key: bytes, iv: bytes, first: bytes, encrypt: bool) -> tuple[bytes, bytes]:
    """1000 chained CBC operations as in AESAVS; returns (out[999], out[998])."""
    m = AES(key)
    chain, inp = iv, first
    outs = [iv]  # out[-1] is the IV so that out[j-1] for j=0 is the IV
    for _ in range(1000):
        if encrypt:
            out = m.encrypt_block(xor(inp, chain))
            chain = out
        else:
            out = xor(m.decrypt_block(inp), chain)
            chain = inp
        outs.append(out)
        inp = outs[-2]  # next input: the previous output (the IV for j = 0)
    return outs[-1], outs[-2]


def _next_key(key: bytes, last: bytes, before: bytes) -> bytes:
    """AESAVS key update from out[999] (last) and out[998] (before)."""
    if len(key) == 16:
        return xor(key, last)
    if len(key) == 24:
        return xor(key, before[8:] + last)
    return xor(key, before + last)


def _run_mct(rel: str, limit: int | None) -> int:
    records = load_rsp(rel)
    by_section: dict[str, list] = {}
    for rec in records:
        by_section.setdefault(rec.section, []).append(rec)
    assert set(by_section) == {"ENCRYPT", "DECRYPT"}
    done = 0
    for section, recs in by_section.items():
        encrypt = section == "ENCRYPT"
        src, dst = ("PLAINTEXT", "CIPHERTEXT") if encrypt else ("CIPHERTEXT", "PLAINTEXT")
        assert len(recs) == 100
        for i, rec in enumerate(recs[:limit]):
            key, iv, first = rec.hex("KEY"), rec.hex("IV"), rec.hex(src)
            last, before = _mct_inner(key, iv, first, encrypt)
            assert last == rec.hex(dst), (section, i)
            if i + 1 < len(recs):  # the next record's key, IV and input follow from this one
                nxt = recs[i + 1]
                assert nxt.hex("KEY") == _next_key(key, last, before)
                assert nxt.hex("IV") == last
                assert nxt.hex(src) == before
            done += 1
    return done


@pytest.mark.parametrize("rel", MCT)
def test_cavp_mct_first_records(rel):
    """The first 2 outer iterations of each section (2 x 2 x 1000 blocks): fast."""
    assert _run_mct(rel, 2) == 4


@pytest.mark.slow
@pytest.mark.parametrize("rel", MCT)
def test_cavp_mct_full(rel):
    """All 100 outer iterations of each section (2 x 100 x 1000 blocks, about 15 s a file)."""
    assert _run_mct(rel, None) == 200


# -- differential: random keys and blocks against two independent libraries -------------------


@pytest.mark.parametrize("key_len,count,seed",
                         [(16, 2000, 197), (24, 2000, 1920), (32, 2000, 2560)])
def test_random_against_pycryptodome_and_cryptography(key_len, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        key = rng.randbytes(key_len)
        pt = rng.randbytes(16)
        m = AES(key)
        ct = m.encrypt_block(pt)
        assert ct == PyAES.new(key, PyAES.MODE_ECB).encrypt(pt)
        assert ct == Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(pt)
        assert m.decrypt_block(ct) == pt
        # and a random block decrypted by the model against the libraries' decryption
        other = rng.randbytes(16)
        assert m.decrypt_block(other) == PyAES.new(key, PyAES.MODE_ECB).decrypt(other)
        assert m.decrypt_int(int.from_bytes(other, "big")) == int.from_bytes(
            Cipher(algorithms.AES(key), modes.ECB()).decryptor().update(other), "big")


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 8, 15, 17, 20, 31, 33, 64])
def test_wrong_key_size(n):
    key = bytes([0xA7]) * n
    with pytest.raises(KeySizeError) as exc:
        AES(key)
    msg = str(exc.value)
    assert str(n) in msg
    assert "a7" not in msg.lower() and "\\xa7" not in msg and repr(key) not in msg


def test_wrong_block_size():
    from ciphercores.errors import BlockSizeError

    with pytest.raises(BlockSizeError):
        AES(bytes(16)).encrypt_block(bytes(15))


# -- traces: FIPS-197 Appendix A.1 (key expansion) and Appendix B (cipher example) -------------

APPB_KEY = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
APPB_IN = bytes.fromhex("3243f6a8885a308d313198a2e0370734")
APPB_OUT = bytes.fromhex("3925841d02dc09fbdc118597196a0b32")


def test_trace_key_expansion_appendix_a1():
    t = Trace()
    m = AES(APPB_KEY, trace=t)
    keys = t.phase("key")
    assert len(keys) == 11 == len(m.round_keys) and len(t) == 11
    assert keys[0].index == 0 and keys[0].values["rk"] == int.from_bytes(APPB_KEY, "big")
    assert keys[1].values["rk"] == 0xA0FAFE1788542CB123A339392A6C7605
    assert keys[-1].index == 10 and keys[-1].values["rk"] == 0xD014F9A8C9EE2589E13F0CC8B6630CA6
    assert [s.values["rk"] for s in keys] == m.round_keys
    # words: w[4] = a0fafe17, w[43] = b6630ca6 (Appendix A.1)
    assert m.words[4] == 0xA0FAFE17 and m.words[43] == 0xB6630CA6 and len(m.words) == 44


def test_trace_cipher_appendix_b():
    m = AES(APPB_KEY)
    t = Trace()
    assert m.encrypt_block(APPB_IN, trace=t) == APPB_OUT
    enc = t.phase("encrypt")
    assert len(enc) == 11 == len(t)
    assert enc[0].values == {"state": 0x193DE3BEA0F4E22B9AC68D2AE9F84808}
    r1 = enc[1].values
    assert r1["sub"] == 0xD42711AEE0BF98F1B8B45DE51E415230
    assert r1["shift"] == 0xD4BF5D30E0B452AEB84111F11E2798E5
    assert r1["mix"] == 0x046681E5E0CB199A48F8D37A2806264C
    assert r1["rk"] == 0xA0FAFE1788542CB123A339392A6C7605
    assert r1["state"] == 0xA49C7FF2689F352B6B5BEA43026A5049
    last = enc[-1]
    assert last.index == 10 and "mix" not in last.values
    assert last.values["sub"] == 0xE9098972CB31075F3D327D94AF2E2CB5
    assert last.values["shift"] == 0xE9317DB5CB322C723D2E895FAF090794
    assert last.values["state"] == int.from_bytes(APPB_OUT, "big")

    t2 = Trace()
    assert m.decrypt_block(APPB_OUT, trace=t2) == APPB_IN
    dec = t2.phase("decrypt")
    assert len(dec) == 11
    # inverse cipher visits the encryption states backwards: after InvShiftRows/InvSubBytes of
    # step 1 we are at the last round's SubBytes input (= start of round 10)
    assert dec[0].values["state"] == last.values["shift"]
    assert dec[1].values["sub"] == enc[9].values["state"]
    assert dec[-1].values["state"] == int.from_bytes(APPB_IN, "big")
    assert dec[-1].values["rk"] == int.from_bytes(APPB_KEY, "big")


@pytest.mark.parametrize("key_len,nr", [(16, 10), (24, 12), (32, 14)])
def test_trace_lengths(key_len, nr):
    t = Trace()
    m = AES(bytes(range(key_len)), trace=t)
    assert len(t.phase("key")) == nr + 1
    m.encrypt_int(0, trace=t)
    m.decrypt_int(0, trace=t)
    assert len(t.phase("encrypt")) == nr + 1 == len(t.phase("decrypt"))
    assert len(t) == 3 * (nr + 1)
    # untraced calls record nothing
    m.encrypt_int(1)
    assert len(t) == 3 * (nr + 1)


# -- every vector file names its source ------------------------------------------------------


@pytest.mark.parametrize("rel", sorted(str(p.relative_to(VECTORS))
                                       for p in (VECTORS / "aes").rglob("*") if p.is_file()))
def test_vector_file_has_source(rel):
    first = (VECTORS / rel).read_text().splitlines()[0]
    assert first.lower().startswith("# source:")
    assert len(source(rel)) > 20
