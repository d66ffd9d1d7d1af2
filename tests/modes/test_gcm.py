# SPDX-License-Identifier: Apache-2.0
"""GCM on the host (ciphercores.modes) against NIST's CAVP files, Wycheproof, and two
independent libraries (cryptography's AESGCM, pycryptodome's GCM)."""

from __future__ import annotations

import random

import pytest
from Crypto.Cipher import AES as PyAES
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ciphercores import models, modes
from ciphercores.errors import AuthenticationError, BlockSizeError, IVSizeError, TagSizeError
from ciphercores.vectors import load_json, load_rsp

ENC = "aes/gcm/gcmEncryptExtIV128.rsp"
DEC = "aes/gcm/gcmDecrypt128.rsp"
WYCHEPROOF = "aes/gcm/wycheproof_aes_gcm_test.json"


def _aes(key: bytes):
    return models.new(f"aes-{8 * len(key)}", key)


def test_gf128_mul_matches_the_field_of_sp800_38d():
    """x * 1 = x, and the GHASH of one block against pycryptodome's: H * X."""
    one = 1 << 127  # the field's 1: the first bit of the block
    rng = random.Random(1)
    x = rng.getrandbits(128)
    assert modes.gf128_mul(x, one) == modes.gf128_mul(one, x) == x
    # GHASH(H, C) for an empty AAD and one block C: tag = E(J0) ^ GHASH; check via the lib
    key, iv, pt = bytes(16), bytes(12), bytes(range(16))
    ct, tag = modes.gcm_encrypt(_aes(key), iv, pt)
    ref = PyAES.new(key, PyAES.MODE_GCM, nonce=iv)
    assert (ct, tag) == ref.encrypt_and_digest(pt)


def test_nist_encrypt_file():
    recs = load_rsp(ENC)
    assert len(recs) == 7875
    for r in recs:
        ct, tag = modes.gcm_encrypt(_aes(r.hex("Key")), r.hex("IV"), r.hex("PT"), r.hex("AAD"),
                                    tag_len=len(r.hex("Tag")))
        assert (ct, tag) == (r.hex("CT"), r.hex("Tag")), f"Count {r.fields['Count']}"


def test_nist_decrypt_file_with_its_fail_cases():
    recs = load_rsp(DEC)
    fails = 0
    for r in recs:
        args = (_aes(r.hex("Key")), r.hex("IV"), r.hex("CT"), r.hex("Tag"), r.hex("AAD"))
        if "FAIL" in r.fields:
            fails += 1
            with pytest.raises(AuthenticationError):
                modes.gcm_decrypt(*args)
        else:
            assert modes.gcm_decrypt(*args) == r.hex("PT")
    assert len(recs) == 7875 and fails > 1000


def test_wycheproof_every_valid_case_equal_every_invalid_case_rejected():
    data = load_json(WYCHEPROOF)
    seen = {"valid": 0, "invalid": 0}
    for group in data["testGroups"]:
        for t in group["tests"]:
            key, iv, aad = (bytes.fromhex(t[k]) for k in ("key", "iv", "aad"))
            msg, ct, tag = (bytes.fromhex(t[k]) for k in ("msg", "ct", "tag"))
            seen[t["result"]] += 1
            if t["result"] == "valid":
                assert modes.gcm_encrypt(_aes(key), iv, msg, aad, len(tag)) == (ct, tag), \
                    t["tcId"]
                assert modes.gcm_decrypt(_aes(key), iv, ct, tag, aad) == msg, t["tcId"]
            else:
                with pytest.raises((AuthenticationError, IVSizeError)):
                    modes.gcm_decrypt(_aes(key), iv, ct, tag, aad)
    assert seen == {"valid": 229, "invalid": 87}


def test_random_against_cryptography_and_pycryptodome():
    rng = random.Random(2026)
    for i in range(150):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        aad = rng.randbytes(rng.choice((0, 1, 15, 16, 17, rng.randrange(64))))
        pt = rng.randbytes(rng.choice((0, 1, 15, 16, 17, rng.randrange(100))))
        aes = _aes(key)
        if i % 3:  # cryptography: nonces of 8 to 128 bytes, 16-byte tags
            iv = rng.randbytes(rng.choice((8, 12, 12, 13, 16, 64, 128)))
            ct, tag = modes.gcm_encrypt(aes, iv, pt, aad)
            assert ct + tag == AESGCM(key).encrypt(iv, pt, aad)
        else:  # pycryptodome: 1-byte IVs and truncated tags
            iv = rng.randbytes(rng.choice((1, 2, 12, 20)))
            tag_len = rng.choice(modes.GCM_TAG_LENGTHS)
            ct, tag = modes.gcm_encrypt(aes, iv, pt, aad, tag_len)
            ref = PyAES.new(key, PyAES.MODE_GCM, nonce=iv, mac_len=tag_len)
            ref.update(aad)
            assert (ct, tag) == ref.encrypt_and_digest(pt)
        assert modes.gcm_decrypt(aes, iv, ct, tag, aad) == pt


def test_a_changed_bit_anywhere_is_rejected():
    key, iv, aad, pt = bytes(range(16)), bytes(12), b"header", b"attack at dawn!!x"
    ct, tag = modes.gcm_encrypt(_aes(key), iv, pt, aad)
    for args in ((iv, bytes([ct[0] ^ 1]) + ct[1:], tag, aad),
                 (iv, ct, bytes([tag[0] ^ 0x80]) + tag[1:], aad),
                 (iv, ct, tag, b"Header"),
                 (bytes([1]) + iv[1:], ct, tag, aad),
                 (iv, ct[:-1], tag, aad)):
        with pytest.raises(AuthenticationError, match="tag does not match"):
            modes.gcm_decrypt(_aes(key), *args)


def test_bad_parameters_are_refused_without_key_bytes():
    key = bytes.fromhex("0123456789abcdeffedcba9876543210")
    with pytest.raises(BlockSizeError):
        modes.gcm_encrypt(models.new("des", key[:8]), bytes(12), b"x")
    with pytest.raises(IVSizeError):
        modes.gcm_encrypt(_aes(key), b"", b"x")
    with pytest.raises(TagSizeError, match="tag of 5 bytes") as e:
        modes.gcm_encrypt(_aes(key), bytes(12), b"x", tag_len=5)
    assert key.hex() not in str(e.value)


def test_every_edge_of_the_two_libraries():
    """The edges each library takes, each once: cryptography's shortest and longest nonces (8
    and 128 bytes) and the 12-byte one, 16-byte tags; pycryptodome's 1-byte IVs and every
    truncated tag length of SP 800-38D; empty and partial-block texts and AADs."""
    rng = random.Random(30)
    for key_len in (16, 24, 32):
        key = rng.randbytes(key_len)
        for n in (8, 12, 128):
            for pt_len, aad_len in ((0, 0), (1, 17), (33, 0)):
                iv, pt, aad = rng.randbytes(n), rng.randbytes(pt_len), rng.randbytes(aad_len)
                ct, tag = modes.gcm_encrypt(_aes(key), iv, pt, aad)
                assert ct + tag == AESGCM(key).encrypt(iv, pt, aad or None), (key_len, n)
        for tag_len in modes.GCM_TAG_LENGTHS:
            iv, pt, aad = rng.randbytes(1), rng.randbytes(rng.randrange(40)), rng.randbytes(5)
            ct, tag = modes.gcm_encrypt(_aes(key), iv, pt, aad, tag_len)
            ref = PyAES.new(key, PyAES.MODE_GCM, nonce=iv, mac_len=tag_len)
            ref.update(aad)
            assert (ct, tag) == ref.encrypt_and_digest(pt), (key_len, tag_len)
            assert modes.gcm_decrypt(_aes(key), iv, ct, tag, aad) == pt


def test_the_stream_in_pieces_equals_the_whole_message():
    """GcmStream given a message in pieces of any sizes gives what gcm_encrypt gives for
    the whole; decryption holds back the tag and a partial block, and only finish() checks
    the tag (a changed bit: AuthenticationError at finish, after unverified pieces)."""
    rng = random.Random(31)
    for _ in range(40):
        key, iv = rng.randbytes(16), rng.randbytes(rng.choice((1, 12, 20)))
        pt, aad = rng.randbytes(rng.randrange(120)), rng.randbytes(rng.randrange(20))
        cuts = sorted(rng.randrange(len(pt) + 17) for _ in range(rng.randrange(5)))
        ct, tag = modes.gcm_encrypt(_aes(key), iv, pt, aad)
        for decrypt, text, want in ((False, pt, ct + tag), (True, ct + tag, pt)):
            s = modes.GcmStream(_aes(key), iv, aad, decrypt=decrypt)
            assert s.checks_at_end == decrypt
            out, last = b"", 0
            for c in cuts:
                c = min(c, len(text))
                piece = s.update(text[last:c])
                assert len(piece) % 16 == 0
                out += piece
                last = max(last, c)
            assert out + s.finish(text[last:]) == want
        bad = bytearray(ct + tag)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        s = modes.GcmStream(_aes(key), iv, aad, decrypt=True)
        s.update(bytes(bad[:len(bad) // 2]))
        with pytest.raises(AuthenticationError, match="tag does not match"):
            s.finish(bytes(bad[len(bad) // 2:]))


def test_an_input_shorter_than_the_tag_is_an_authentication_error():
    s = modes.GcmStream(_aes(bytes(16)), bytes(12), decrypt=True)
    with pytest.raises(AuthenticationError, match="input is 15 bytes, shorter than the 16-byte"):
        s.expect(15)
    assert s.update(bytes(15)) == b""
    with pytest.raises(AuthenticationError, match="shorter than"):
        s.finish()
    with pytest.raises(IVSizeError, match="any IV length from 1 byte; 12 is recommended"):
        modes.GcmStream(_aes(bytes(16)), b"")


def test_gcm_names():
    assert modes.parse_name("AES-256-GCM") == modes.CipherMode("aes-256", "gcm")
    assert modes.parse_name("aes-128-gcm").aead and not modes.parse_name("aes-128-ctr").aead
    from ciphercores.errors import UnknownCipherError

    for name in ("speck128-128-gcm", "des-gcm", "bf-gcm", "aes-gcm"):
        with pytest.raises(UnknownCipherError, match="aes-128-{ecb,cbc,cfb,ofb,ctr,gcm}"):
            modes.parse_name(name)
