# SPDX-License-Identifier: Apache-2.0
"""Blowfish reference model against Eric Young's vectors, the Blowfish paper's example, and
pycryptodome / cryptography (vectors/blowfish/)."""

from __future__ import annotations

import random
import warnings

import pytest
from Crypto.Cipher import Blowfish as PyCryptoBlowfish

from ciphercores import models, vectors
from ciphercores.errors import KeySizeError
from ciphercores.models.base import Trace
from ciphercores.models.blowfish import Blowfish, pi_words

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from cryptography.hazmat.decrepit.ciphers.algorithms import Blowfish as CgBlowfish
    from cryptography.hazmat.primitives.ciphers import Cipher, modes

FILES = ["blowfish/eric_young_ecb.txt", "blowfish/eric_young_set_key.txt",
         "blowfish/eric_young_modes.txt", "blowfish/paper000_example.txt"]
ECB = vectors.load_table("blowfish/eric_young_ecb.txt")
SET_KEY = vectors.load_table("blowfish/eric_young_set_key.txt")
MODES = {r["mode"]: r for r in vectors.load_table("blowfish/eric_young_modes.txt")}
PAPER = vectors.load_table("blowfish/paper000_example.txt")


@pytest.mark.parametrize("rel", FILES)
def test_files_name_their_source(rel):
    assert vectors.source(rel)


def test_tables_complete():
    assert len(ECB) == 34
    assert [int(r["key_bytes"]) for r in SET_KEY] == list(range(1, 25))
    full = bytes.fromhex("F0E1D2C3B4A5968778695A4B3C2D1E0F0011223344556677")
    for r in SET_KEY:
        assert bytes.fromhex(r["key"]) == full[:int(r["key_bytes"])]
    assert set(MODES) == {"CBC", "CFB64", "OFB64"}


@pytest.mark.parametrize("row", ECB, ids=lambda r: f"{r['key']}-{r['plaintext']}")
def test_eric_young_ecb(row):
    c = Blowfish(bytes.fromhex(row["key"]))
    pt, ct = bytes.fromhex(row["plaintext"]), bytes.fromhex(row["ciphertext"])
    assert c.encrypt_block(pt) == ct
    assert c.decrypt_block(ct) == pt


@pytest.mark.parametrize("row", SET_KEY, ids=lambda r: f"k{r['key_bytes']}")
def test_eric_young_set_key(row):
    c = models.new("bf", bytes.fromhex(row["key"]))
    pt, ct = bytes.fromhex(row["plaintext"]), bytes.fromhex(row["ciphertext"])
    assert c.encrypt_block(pt) == ct
    assert c.decrypt_block(ct) == pt


@pytest.mark.parametrize("row", PAPER)
def test_paper_example(row):
    words = [int(w, 16) for w in row["key_words"].split(",")]
    pt, ct = int(row["plaintext"], 16), int(row["ciphertext"], 16)
    by_words = Blowfish.from_words(words)
    by_bytes = Blowfish(bytes.fromhex(row["key"]))
    for c in (by_words, by_bytes):
        assert c.encrypt_int(pt) == ct
        assert c.decrypt_int(ct) == pt
    assert by_words.P == by_bytes.P and by_words.S == by_bytes.S


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def test_cbc():
    r = MODES["CBC"]
    c = Blowfish(bytes.fromhex(r["key"]))
    pt, iv = bytes.fromhex(r["plaintext"]), bytes.fromhex(r["iv"])
    assert len(pt) == 32
    out, prev = b"", iv
    for i in range(0, len(pt), 8):
        prev = c.encrypt_block(_xor(pt[i:i + 8], prev))
        out += prev
    assert out.hex().upper() == r["ciphertext"]
    back, prev = b"", iv
    for i in range(0, len(out), 8):
        back += _xor(c.decrypt_block(out[i:i + 8]), prev)
        prev = out[i:i + 8]
    assert back == pt


def test_cfb64():
    r = MODES["CFB64"]
    c = Blowfish(bytes.fromhex(r["key"]))
    pt, reg = bytes.fromhex(r["plaintext"]), bytes.fromhex(r["iv"])
    assert len(pt) == 29
    out = b""
    for i in range(0, len(pt), 8):
        chunk = _xor(pt[i:i + 8], c.encrypt_block(reg)[:len(pt[i:i + 8])])
        out += chunk
        reg = chunk  # a partial last block ends the stream
    assert out.hex().upper() == r["ciphertext"]
    reg, back = bytes.fromhex(r["iv"]), b""
    for i in range(0, len(out), 8):
        chunk = out[i:i + 8]
        back += _xor(chunk, c.encrypt_block(reg)[:len(chunk)])
        reg = chunk
    assert back == pt


def test_ofb64():
    r = MODES["OFB64"]
    c = Blowfish(bytes.fromhex(r["key"]))
    pt, reg = bytes.fromhex(r["plaintext"]), bytes.fromhex(r["iv"])
    out = b""
    for i in range(0, len(pt), 8):
        reg = c.encrypt_block(reg)
        out += _xor(pt[i:i + 8], reg[:len(pt[i:i + 8])])
    assert out.hex().upper() == r["ciphertext"]


def test_pi_words():
    w = pi_words()
    assert len(w) == 18 + 4 * 256
    assert w[0] == 0x243F6A88 and w[1] == 0x85A308D3
    assert w[18] == 0xD1310BA6  # S-box 0, entry 0
    assert pi_words() is w  # computed once
    c = Blowfish(b"\x00" * 4)
    assert len(c.P) == 18 and [len(s) for s in c.S] == [256] * 4


def test_short_keys_work():
    for n in (1, 2, 3):
        c = Blowfish(bytes(range(1, n + 1)))
        x = 0x0123456789ABCDEF
        assert c.decrypt_int(c.encrypt_int(x)) == x


@pytest.mark.parametrize("n", [0, 57])
def test_bad_key_size(n):
    key = b"\xa5" * n
    with pytest.raises(KeySizeError) as e:
        Blowfish(key)
    assert "a5" not in str(e.value).lower()
    with pytest.raises(KeySizeError) as e:
        models.new("bf", key)
    assert "a5" not in str(e.value).lower()


def test_from_words_bad_count():
    with pytest.raises(KeySizeError):
        Blowfish.from_words([])
    with pytest.raises(KeySizeError):
        Blowfish.from_words([0xA5A5A5A5] * 15)


def test_differential_pycryptodome():
    rng = random.Random(0xB10F)
    for _ in range(300):
        key = rng.randbytes(rng.randint(4, 56))
        ours = Blowfish(key)
        ref = PyCryptoBlowfish.new(key, PyCryptoBlowfish.MODE_ECB)
        data = rng.randbytes(8 * 8)
        ct = b"".join(ours.encrypt_block(data[i:i + 8]) for i in range(0, len(data), 8))
        assert ct == ref.encrypt(data)
        assert b"".join(ours.decrypt_block(ct[i:i + 8]) for i in range(0, len(ct), 8)) == data


def test_differential_cryptography():
    rng = random.Random(0xC0DE)
    for _ in range(300):
        key = rng.randbytes(rng.randint(4, 56))
        ours = Blowfish(key)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            enc = Cipher(CgBlowfish(key), modes.ECB()).encryptor()
        data = rng.randbytes(8 * 8)
        ct = b"".join(ours.encrypt_block(data[i:i + 8]) for i in range(0, len(data), 8))
        assert ct == enc.update(data) + enc.finalize()


def test_round_trip_random():
    rng = random.Random(7)
    for _ in range(50):
        c = Blowfish(rng.randbytes(rng.randint(1, 56)))
        for _ in range(20):
            x = rng.getrandbits(64)
            assert c.decrypt_int(c.encrypt_int(x)) == x


def test_trace():
    kt = Trace()
    c = Blowfish.from_words([0xFEDCBA98, 0x76543210], trace=kt)
    keys = kt.phase("key")
    assert len(kt) == 521 and [s.index for s in keys] == list(range(521))
    assert (keys[0].values["L"], keys[0].values["R"]) == (c.P[0], c.P[1])
    assert (keys[8].values["L"], keys[8].values["R"]) == (c.P[16], c.P[17])
    assert (keys[9].values["L"], keys[9].values["R"]) == (c.S[0][0], c.S[0][1])
    assert (keys[-1].values["L"], keys[-1].values["R"]) == (c.S[3][254], c.S[3][255])
    et = Trace()
    ct = c.encrypt_int(0x0123456789ABCDEF, trace=et)
    assert len(et) == 16 and {s.phase for s in et} == {"encrypt"}
    assert [s.index for s in et] == list(range(16))
    last = et.steps[-1].values  # before the final swap and whitening
    assert ((last["R"] ^ c.P[17]) << 32) | (last["L"] ^ c.P[16]) == ct
    dt = Trace()
    c.decrypt_int(ct, trace=dt)
    assert len(dt) == 16 and {s.phase for s in dt} == {"decrypt"}
