# SPDX-License-Identifier: Apache-2.0
"""DES / TDES reference models against FIPS 46-3 examples, SP 800-67, NIST CAVP (TDES KAT and
MMT files), pycryptodome and cryptography."""

from __future__ import annotations

import random
import warnings

import pytest
from Crypto.Cipher import DES as PyDES
from Crypto.Cipher import DES3 as PyDES3
from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
from cryptography.hazmat.primitives.ciphers import Cipher, modes

from ciphercores import models
from ciphercores.errors import KeySizeError
from ciphercores.models.base import Trace
from ciphercores.models.des import DES, TDES
from ciphercores.vectors import VECTORS, load_rsp, load_table, source

KAT = [f"des/cavp/TCBC{kind}.rsp" for kind in ("invperm", "permop", "subtab", "varkey", "vartext")]
KAT_COUNTS = {"invperm": 64, "permop": 32, "subtab": 19, "varkey": 56, "vartext": 64}
MMT = ["des/cavp/TECBMMT2.rsp", "des/cavp/TECBMMT3.rsp",
       "des/cavp/TCBCMMT2.rsp", "des/cavp/TCBCMMT3.rsp"]


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def ecb(fn, data: bytes) -> bytes:
    return b"".join(fn(data[i:i + 8]) for i in range(0, len(data), 8))


def cbc_encrypt(model, iv: bytes, data: bytes) -> bytes:
    out, prev = b"", iv
    for i in range(0, len(data), 8):
        prev = model.encrypt_block(xor(data[i:i + 8], prev))
        out += prev
    return out


def cbc_decrypt(model, iv: bytes, data: bytes) -> bytes:
    out, prev = b"", iv
    for i in range(0, len(data), 8):
        block = data[i:i + 8]
        out += xor(model.decrypt_block(block), prev)
        prev = block
    return out


def flip_parity(key: bytes) -> bytes:
    return bytes(b ^ 1 for b in key)


def crypto_tdes(key24: bytes):
    return Cipher(TripleDES(key24), modes.ECB())


# -- classic DES example and SP 800-67 Appendix B -------------------------------------------------


def test_des_classic_example():
    rows = load_table("des/des_classic.txt")
    assert len(rows) == 1
    for row in rows:
        key, pt, ct = (bytes.fromhex(row[k]) for k in ("key", "plaintext", "ciphertext"))
        m = DES(key)
        assert m.name == "des" and m.block_bits == 64 and m.byteorder == "big"
        assert m.encrypt_block(pt) == ct
        assert m.decrypt_block(ct) == pt
        # keying option 3 (one key) and a repeated key are single DES
        assert TDES(key).encrypt_block(pt) == ct
        assert TDES(key * 2).encrypt_block(pt) == ct
        assert TDES(key * 3).encrypt_block(pt) == ct


def test_sp800_67_appendix_b():
    rows = load_table("des/sp800_67_appendix_b.txt")
    assert len(rows) == 3
    text = b"".join(bytes.fromhex(r["plaintext"]) for r in rows)
    assert text == b"The qufck brown fox jump"
    for row in rows:
        key = b"".join(bytes.fromhex(row[k]) for k in ("key1", "key2", "key3"))
        pt, ct = bytes.fromhex(row["plaintext"]), bytes.fromhex(row["ciphertext"])
        m = TDES(key)
        assert m.name == "des-ede3"
        assert m.encrypt_block(pt) == ct
        assert m.decrypt_block(ct) == pt


def test_registry_builds_des():
    assert isinstance(models.new("des", bytes(8)), DES)
    m2 = models.new("des-ede", bytes(16))
    m3 = models.new("des-ede3", bytes(24))
    assert isinstance(m2, TDES) and m2.name == "des-ede"
    assert isinstance(m3, TDES) and m3.name == "des-ede3"


# -- CAVP known-answer files (SP 800-20 tables, K1 = K2 = K3) ---------------------------------


@pytest.mark.parametrize("rel", KAT)
def test_cavp_kat(rel):
    records = load_rsp(rel)
    kind = rel.split("TCBC")[1].split(".")[0]
    assert len(records) == 2 * KAT_COUNTS[kind]
    for rec in records:
        key = rec.hex("KEYs")
        assert rec.hex("IV") == bytes(8)  # zero IV, one block: ECB
        pt, ct = rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
        d, t = DES(key), TDES(key * 3)
        if rec.section == "ENCRYPT":
            assert d.encrypt_block(pt) == ct, rec.fields["COUNT"]
            assert t.encrypt_block(pt) == ct
        else:
            assert rec.section == "DECRYPT"
            assert d.decrypt_block(ct) == pt, rec.fields["COUNT"]
            assert t.decrypt_block(ct) == pt
        assert d.decrypt_block(d.encrypt_block(pt)) == pt


# -- CAVP multi-block message tests (keying options 2 and 1) -------------------------------------


@pytest.mark.parametrize("rel", MMT)
def test_cavp_mmt(rel):
    records = load_rsp(rel)
    assert len(records) == 20
    two_key = rel.endswith("2.rsp")
    for rec in records:
        k1, k2, k3 = rec.hex("KEY1"), rec.hex("KEY2"), rec.hex("KEY3")
        pt, ct = rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
        keys = [k1 + k2 + k3]
        if two_key:
            assert k3 == k1
            keys.append(k1 + k2)  # the 16-byte form of keying option 2
        for key in keys:
            m = TDES(key)
            if "IV" in rec.fields:
                iv = rec.hex("IV")
                assert cbc_encrypt(m, iv, pt) == ct
                assert cbc_decrypt(m, iv, ct) == pt
            else:
                assert ecb(m.encrypt_block, pt) == ct
                assert ecb(m.decrypt_block, ct) == pt


# -- differential: random keys and blocks against two independent libraries ---------------------


def test_random_des_against_libraries():
    rng = random.Random(4603)
    for _ in range(2000):
        key, pt = rng.randbytes(8), rng.randbytes(8)
        m = DES(key)
        ct = m.encrypt_block(pt)
        assert ct == PyDES.new(key, PyDES.MODE_ECB).encrypt(pt)
        assert ct == crypto_tdes(key * 3).encryptor().update(pt)
        assert m.decrypt_block(ct) == pt
        other = rng.randbytes(8)
        assert m.decrypt_block(other) == PyDES.new(key, PyDES.MODE_ECB).decrypt(other)


@pytest.mark.parametrize("key_len,count,seed", [(24, 1000, 6701), (16, 500, 6702)])
def test_random_tdes_against_libraries(key_len, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        key, pt = rng.randbytes(key_len), rng.randbytes(8)
        key24 = key if key_len == 24 else key + key[:8]
        m = TDES(key)
        ct = m.encrypt_block(pt)
        assert ct == PyDES3.new(key, PyDES3.MODE_ECB).encrypt(pt)
        assert ct == crypto_tdes(key24).encryptor().update(pt)
        assert m.decrypt_block(ct) == pt
        other = rng.randbytes(8)
        assert m.decrypt_block(other) == crypto_tdes(key24).decryptor().update(other)


def test_cryptography_short_keys_agree():
    """cryptography's deprecated 8- and 16-byte TripleDES keys give the same as the model."""
    rng = random.Random(800)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for n in (8, 16):
            for _ in range(50):
                key, pt = rng.randbytes(n), rng.randbytes(8)
                ref = crypto_tdes(key).encryptor().update(pt)
                assert TDES(key).encrypt_block(pt) == ref


# -- parity bits ----------------------------------------------------------------------------------


def test_wrong_parity_gives_same_output():
    rng = random.Random(46)
    for _ in range(200):
        key, pt = rng.randbytes(8), rng.randbytes(8)
        a, b = DES(key), DES(flip_parity(key))
        assert a.subkeys == b.subkeys
        assert a.encrypt_block(pt) == b.encrypt_block(pt)
        assert a.decrypt_block(pt) == b.decrypt_block(pt)
        # only the low bit of each byte is a parity bit: any other bit changes the output
        bit = rng.randrange(64)
        changed = bytearray(key)
        changed[bit // 8] ^= 0x80 >> (bit % 8)
        if bit % 8 != 7:
            assert DES(bytes(changed)).encrypt_block(pt) != a.encrypt_block(pt)
    for n in (16, 24):
        key, pt = rng.randbytes(n), rng.randbytes(8)
        assert TDES(key).encrypt_block(pt) == TDES(flip_parity(key)).encrypt_block(pt)
    # the classic example key has odd parity; the all-parity-bits-cleared version agrees
    k = bytes.fromhex("133457799BBCDFF1")
    assert DES(bytes(b & 0xFE for b in k)).encrypt_block(bytes.fromhex("0123456789ABCDEF")) \
        == bytes.fromhex("85E813540F0AB405")


# -- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("cls,n", [(DES, 0), (DES, 7), (DES, 9), (DES, 16), (DES, 24),
                                   (TDES, 0), (TDES, 7), (TDES, 12), (TDES, 23), (TDES, 32)])
def test_wrong_key_size(cls, n):
    key = bytes([0xC5]) * n
    with pytest.raises(KeySizeError) as exc:
        cls(key)
    msg = str(exc.value)
    assert str(n) in msg
    assert "c5" not in msg.lower() and "\\xc5" not in msg and repr(key) not in msg


# -- traces: the classic example's intermediate values -------------------------------------------


def test_trace_des_classic():
    t = Trace()
    m = DES(bytes.fromhex("133457799BBCDFF1"), trace=t)
    keys = t.phase("key")
    assert len(keys) == 16 == len(t) == len(m.subkeys)
    assert keys[0].index == 1
    assert keys[0].values == {"c": 0xE19955F, "d": 0xAACCF1E, "k": 0x1B02EFFC7072}
    assert keys[-1].index == 16 and keys[-1].values["k"] == 0xCB3D8B0E17F5
    # after all 28 shifts, C16 = C0 and D16 = D0
    assert keys[-1].values["c"] == 0xF0CCAAF and keys[-1].values["d"] == 0x556678F
    assert [s.values["k"] for s in keys] == m.subkeys

    t = Trace()
    ct = m.encrypt_int(0x0123456789ABCDEF, trace=t)
    assert ct == 0x85E813540F0AB405
    enc = t.phase("encrypt")
    assert len(enc) == 17 == len(t)
    assert enc[0].values == {"l": 0xCC00CCFF, "r": 0xF0AAF0AA}
    assert enc[1].values == {"l": 0xF0AAF0AA, "r": 0xEF4A6544, "k": 0x1B02EFFC7072}
    assert enc[-1].index == 16
    assert enc[-1].values == {"l": 0x43423234, "r": 0x0A4CD995, "k": 0xCB3D8B0E17F5}

    t = Trace()
    assert m.decrypt_int(ct, trace=t) == 0x0123456789ABCDEF
    dec = t.phase("decrypt")
    assert len(dec) == 17
    # decryption runs the rounds backwards: it starts from (R16, L16) and ends at (R0, L0)
    assert dec[0].values == {"l": 0x0A4CD995, "r": 0x43423234}
    assert dec[1].values["k"] == 0xCB3D8B0E17F5
    assert dec[-1].values == {"l": 0xF0AAF0AA, "r": 0xCC00CCFF, "k": 0x1B02EFFC7072}


def test_trace_tdes_lengths():
    t = Trace()
    m = TDES(bytes.fromhex("0123456789ABCDEF23456789ABCDEF01456789ABCDEF0123"), trace=t)
    assert len(t.phase("key")) == 48 == len(t)
    assert len(m.subkeys) == 3 and all(len(s) == 16 for s in m.subkeys)
    assert [s.values["k"] for s in t.phase("key")] == [k for ks in m.subkeys for k in ks]
    t = Trace()
    assert m.encrypt_int(0x5468652071756663, trace=t) == 0xA826FD8CE53B855F
    assert len(t) == 51
    assert [s.phase for s in t.steps[::17]] == ["encrypt", "decrypt", "encrypt"]
    assert t.steps[-1].index == 16 and t.steps[-1].values["k"] == m.subkeys[2][15]
    t = Trace()
    assert m.decrypt_int(0xA826FD8CE53B855F, trace=t) == 0x5468652071756663
    assert [s.phase for s in t.steps[::17]] == ["decrypt", "encrypt", "decrypt"]
    assert t.steps[-1].values["k"] == m.subkeys[0][0]


# -- every vector file names its source ----------------------------------------------------------


@pytest.mark.parametrize("rel", sorted(str(p.relative_to(VECTORS))
                                       for p in (VECTORS / "des").rglob("*") if p.is_file()))
def test_vector_file_has_source(rel):
    first = (VECTORS / rel).read_text().splitlines()[0]
    assert first.lower().startswith("# source:")
    assert len(source(rel)) > 20
