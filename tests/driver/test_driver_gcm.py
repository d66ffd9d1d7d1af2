# SPDX-License-Identifier: Apache-2.0
"""The GCM cores gcm(aes_iter) and gcm(aes_pipe) through the co-simulation driver
(harness_gcm.cpp, ciphercores.driver.gcm): whole messages in the RTL against `cryptography`'s
AESGCM (pycryptodome for IVs `cryptography` refuses), NIST CAVP and Wycheproof samples, the
data packet fed in random pieces, random idle and back-pressure, messages back to back in
one harness call, the cycle counts against the registry, and every misuse refused.
``-m slow``: more random messages."""

from __future__ import annotations

import random

import pytest
from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

import ciphercores
from ciphercores import cores, vectors
from ciphercores.driver import GcmDevice, gcm_decrypt, gcm_encrypt, gcm_stream
from ciphercores.driver.gcm import AAD, DATA, TAG, VERDICT, packet
from ciphercores.errors import (
    AuthenticationError,
    DriverError,
    IVSizeError,
    KeySizeError,
    TagSizeError,
)

#: (core, parameters, key lengths it takes): gcm(aes_iter) takes all three; gcm(aes_pipe) its
#: KEY_BITS (the default 128, and 256 with a shorter pipeline and the 4-stage GHASH)
SETS = [("gcm(aes_iter)", {}, (16, 24, 32)), ("gcm(aes_pipe)", {}, (16,)),
        ("gcm(aes_pipe)", {"KEY_BITS": 256, "SUBREG": 0, "MIXREG": 0, "GHASH_P": 4}, (32,))]
IDS = ["gcm_aes_iter", "gcm_aes_pipe", "gcm_aes_pipe-256"]


def reference(key: bytes, iv: bytes, data: bytes, aad: bytes) -> bytes:
    """ct || 16-byte tag from an independent library."""
    if 8 <= len(iv) <= 128:
        return AESGCM(key).encrypt(iv, data, aad)
    c = AES.new(key, AES.MODE_GCM, nonce=iv)
    c.update(aad)
    return b"".join(c.encrypt_and_digest(data))


def _pieces(rng: random.Random, data: bytes) -> list[bytes]:
    """``data`` cut at random points (empty pieces and single bytes included)."""
    cuts = sorted(rng.randrange(len(data) + 1) for _ in range(rng.randrange(6)))
    bounds = [0, *cuts, len(data)]
    return [data[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def _stream(dev, iv, aad, text, pieces, decrypt=False) -> bytes:
    s = gcm_stream(dev, iv, aad, decrypt=decrypt)
    out = b"".join(s.update(p) for p in pieces)
    return out + s.finish()


def _random_messages(dev, keys: tuple[int, ...], n: int, seed: int) -> int:
    """``n`` random messages, each encrypted and decrypted in random pieces (a new key every
    few), against the reference; a changed tag, ciphertext or AAD fails. Returns the data
    blocks run."""
    rng = random.Random(seed)
    blocks = 0
    key = None
    for i in range(n):
        if key is None or rng.random() < 0.3:
            key = rng.randbytes(rng.choice(keys))
            dev.set_key(key)
        iv = rng.randbytes(12 if rng.random() < 0.6 else rng.choice((1, 7, 8, 13, 16, 60, 64)))
        aad = rng.randbytes(rng.choice((0, 0, 1, 15, 16, 17, rng.randrange(80))))
        data = rng.randbytes(rng.choice((0, 1, 15, 16, 17, 32, 33, rng.randrange(600))))
        want = reference(key, iv, data, aad)
        where = f"message {i}: IV {len(iv)}, AAD {len(aad)}, data {len(data)}"
        assert _stream(dev, iv, aad, data, _pieces(rng, data)) == want, where
        assert _stream(dev, iv, aad, want, _pieces(rng, want), decrypt=True) == data, where
        bad = bytearray(want)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        wrong_aad = aad[:-1] if aad else b"\x00"
        for ct, a in ((bytes(bad), aad), (want, wrong_aad)):
            with pytest.raises(AuthenticationError, match="the tag does not match"):
                _stream(dev, iv, a, ct, _pieces(rng, ct), decrypt=True)
        blocks += 2 * -(-len(data) // 16)
    return blocks


@pytest.mark.parametrize("name,params,keys", SETS, ids=IDS)
def test_random_messages_in_pieces(name, params, keys):
    """Random keys (every length the core takes), IVs (12 bytes and others, through the
    core's GHASH), AADs and data (empty, partial blocks), fed in random pieces; without and
    with random idle and back-pressure; wrong tags, data and AAD refused by the verdict."""
    core = cores.get(name)
    with ciphercores.open_core(core, **params) as dev:
        assert isinstance(dev, GcmDevice) and dev.mode == "gcm"
        _random_messages(dev, keys, 30, seed=1)
    with ciphercores.open_core(core, idle=0.3, backpressure=0.4, seed=7, **params) as dev:
        _random_messages(dev, keys, 30, seed=2)


@pytest.mark.slow
@pytest.mark.parametrize("name,params,keys", SETS, ids=IDS)
def test_random_messages_more(name, params, keys):
    core = cores.get(name)
    with ciphercores.open_core(core, idle=0.1, backpressure=0.2, seed=3, **params) as dev:
        _random_messages(dev, keys, 3000, seed=3)


def test_messages_back_to_back_in_one_call():
    """Three messages (encrypt, decrypt, a failing decrypt) as one run of beats: each IV
    offered as soon as the message before it is in; the outputs in order, with the
    interface's tkeep, tlast and tuser."""
    rng = random.Random(4)
    key = rng.randbytes(16)
    msgs = [(rng.randbytes(12), b"", rng.randbytes(33), False),
            (rng.randbytes(13), rng.randbytes(20), rng.randbytes(16), True),
            (rng.randbytes(12), rng.randbytes(5), b"", True)]
    beats, want = [], []
    for n, (iv, aad, data, dec) in enumerate(msgs):
        full = reference(key, iv, data, aad)
        ct, tag = full[:-16], full[-16:]
        if n == 2:
            tag = tag[:-1] + bytes([tag[-1] ^ 1])
        beats += packet(iv, iv=True) + packet(aad, AAD, dec)
        beats += packet(ct if dec else data, DATA, dec)
        want += [(b.keep, b.last, (DATA << 1) | dec) for b in packet(data, DATA, dec)]
        if dec:
            beats += [packet(tag, TAG, dec)[0]]
            want.append((0x8000, True, (VERDICT << 1) | 1))
        else:
            want.append((0xFFFF, True, TAG << 1))
    with ciphercores.open_core("gcm(aes_iter)", idle=0.2, backpressure=0.3) as dev:
        dev.set_key(key)
        got = dev.packets(beats, len(want))
    assert [(g.keep, g.last, g.user) for g in got] == want
    (iv, aad, data, _) = msgs[0]
    full = reference(key, iv, data, aad)
    assert b"".join(g.kept for g in got[:3]) + got[3].data == full
    assert b"".join(g.kept for g in got[4:5]) == msgs[1][2] and got[5].data[0] == 1
    assert got[6].kept == b"" and got[7].data == bytes(16)  # empty data; a failing verdict


def _nist(name: str):
    return vectors.load_rsp(f"aes/gcm/{name}")


def test_nist_cavp():
    """Every case of gcmEncryptExtIV128.rsp and gcmDecrypt128.rsp (NIST CAVP, via
    pycryptodome's test vectors): ciphertext and tag of the file's length, plaintext; the
    FAIL cases refused by the verdict. IVs of 8, 96 and 1024 bits, tags of 4..16 bytes."""
    seen = {"enc": 0, "dec": 0, "fail": 0}
    with ciphercores.open_core("gcm(aes_iter)") as dev:
        for r in _nist("gcmEncryptExtIV128.rsp"):
            dev.set_key(r.hex("Key"))
            tag = r.hex("Tag")
            ct, got = gcm_encrypt(dev, r.hex("IV"), r.hex("PT"), r.hex("AAD"), len(tag))
            assert (ct, got) == (r.hex("CT"), tag), r.fields["Count"]
            seen["enc"] += 1
        for r in _nist("gcmDecrypt128.rsp"):
            dev.set_key(r.hex("Key"))
            args = (dev, r.hex("IV"), r.hex("CT"), r.hex("Tag"), r.hex("AAD"))
            if "FAIL" in r.fields:
                with pytest.raises(AuthenticationError):
                    gcm_decrypt(*args)
                seen["fail"] += 1
            else:
                assert gcm_decrypt(*args) == r.hex("PT"), r.fields["Count"]
                seen["dec"] += 1
    assert seen == {"enc": 7875, "dec": 3864, "fail": 4011}, seen


@pytest.mark.parametrize("name,params,keys", SETS[:2], ids=IDS[:2])
def test_wycheproof(name, params, keys):
    """Every case of Wycheproof's aes_gcm_test.json whose key length the core takes: a valid
    case encrypts to its ciphertext and tag and decrypts back; an invalid one is refused by
    the verdict; an empty IV is refused before the core runs."""
    data = vectors.load_json("aes/gcm/wycheproof_aes_gcm_test.json")
    seen = {"valid": 0, "invalid": 0, "no IV": 0}
    with ciphercores.open_core(name, **params) as dev:
        for group in data["testGroups"]:
            if group["keySize"] // 8 not in keys:
                continue
            for t in group["tests"]:
                key, iv, aad, msg, ct, tag = (bytes.fromhex(t[k]) for k in
                                              ("key", "iv", "aad", "msg", "ct", "tag"))
                dev.set_key(key)
                if not iv:
                    seen["no IV"] += 1
                    with pytest.raises(IVSizeError):
                        gcm_decrypt(dev, iv, ct, tag, aad)
                elif t["result"] == "valid":
                    seen["valid"] += 1
                    assert gcm_encrypt(dev, iv, msg, aad, len(tag)) == (ct, tag), t["tcId"]
                    assert gcm_decrypt(dev, iv, ct, tag, aad) == msg, t["tcId"]
                else:
                    seen["invalid"] += 1
                    with pytest.raises(AuthenticationError):
                        gcm_decrypt(dev, iv, ct, tag, aad)
    assert seen["valid"] > 50 and seen["invalid"] > 20 and seen["no IV"] >= 2, seen


@pytest.mark.parametrize("name", ["gcm(aes_iter)", "gcm(aes_pipe)"])
def test_cycle_counts_follow_the_registry(name):
    """A key load between messages takes the registry's key set-up; a long message's data
    beats are taken the registry's interval apart; the counts add up in dev.cycles."""
    core = cores.get(name)
    rng = random.Random(9)
    with ciphercores.open_core(core) as dev:
        keys = (16, 24, 32) if "TLEN_W" in dev.params else (16,)
        for kl in keys:
            dev.set_key(rng.randbytes(kl))
            gcm_encrypt(dev, rng.randbytes(12), rng.randbytes(40))
            dev.set_key(rng.randbytes(kl))
            f = core.cycles(dev.params, f"aes-{8 * kl}")
            assert dev.cycles.key == f["key_setup"]
            blocks0, total0 = dev.cycles.blocks, dev.cycles.total
            s = gcm_stream(dev, rng.randbytes(12))
            s.update(rng.randbytes(16 * 1000))
            s.finish(rng.randbytes(5))
            assert dev.cycles.blocks - blocks0 == 1001
            assert dev.cycles.total - total0 == s.cycles
            # the pipeline's fill, GHASH's start and the tag add a fixed overhead
            assert 1000 * f["interval"] <= s.cycles <= 1000 * f["interval"] + 300, s.cycles


def test_misuse_is_refused_and_the_device_stays_usable():
    rng = random.Random(11)
    key, iv = rng.randbytes(16), rng.randbytes(12)
    with ciphercores.open_core("gcm(aes_iter)") as dev:
        with pytest.raises(DriverError, match="set_key"):
            gcm_encrypt(dev, iv, b"data")
        dev.set_key(key)
        for call in (lambda: dev.encrypt_block(bytes(16)), lambda: dev.process([bytes(16)]),
                     lambda: dev.decrypt_blocks([bytes(16)])):
            with pytest.raises(DriverError, match="not a block cipher"):
                call()
        with pytest.raises(DriverError, match="takes the IV with each message"):
            dev.set_iv(iv)
        with pytest.raises(KeySizeError):
            dev.set_key(bytes(17))
        with pytest.raises(IVSizeError):
            gcm_stream(dev, b"")
        with pytest.raises(TagSizeError):
            gcm_stream(dev, iv, tag_len=11)
        # shorter than its tag: refused before the core sees anything
        total = dev.cycles.total
        with pytest.raises(AuthenticationError, match="shorter than the 16-byte tag"):
            gcm_stream(dev, iv, decrypt=True).finish(bytes(15))
        assert dev.cycles.total == total
        # one message at a time: no second message or key load while one is open
        s = gcm_stream(dev, iv)
        first = s.update(bytes(40))
        with pytest.raises(DriverError, match="still open"):
            gcm_encrypt(dev, iv, b"x")
        with pytest.raises(DriverError, match="still open"):
            dev.set_key(key)
        assert first + s.finish() == AESGCM(key).encrypt(iv, bytes(40), b"")
        with pytest.raises(DriverError, match="finished"):
            s.finish()
    # a block cipher core is not a GCM device
    with ciphercores.open_core("aes_iter") as blk, pytest.raises(DriverError, match="not a GCM"):
        gcm_stream(blk, iv)


def test_a_beat_that_breaks_the_interface_resets_the_core(monkeypatch):
    """An output beat with the wrong tuser (a broken core, made up here by changing what
    the transport returns) is a DriverError; the core is reset, its key gone."""
    with ciphercores.open_core("gcm(aes_iter)") as dev:
        dev.set_key(bytes(16))
        real = dev.transport.packets

        def broken(beats, n_out, **kw):
            out, cycles = real(beats, n_out, **kw)
            return [type(b)(b.data, b.keep, b.last, b.user ^ 1) for b in out], cycles

        monkeypatch.setattr(dev.transport, "packets", broken)
        with pytest.raises(DriverError, match="came back with"):
            gcm_encrypt(dev, bytes(12), bytes(20))
        monkeypatch.undo()
        with pytest.raises(DriverError, match="set_key"):
            gcm_encrypt(dev, bytes(12), bytes(20))
        dev.set_key(bytes(16))
        assert b"".join(gcm_encrypt(dev, bytes(12), bytes(20))) == \
            AESGCM(bytes(16)).encrypt(bytes(12), bytes(20), b"")
