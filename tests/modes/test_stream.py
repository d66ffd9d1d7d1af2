# SPDX-License-Identifier: Apache-2.0
"""modes.Stream: a message in pieces of any sizes gives pycryptodome's result for the whole
message, and the whole-message errors, at the end."""

from __future__ import annotations

import random

import pytest
from Crypto.Cipher import AES
from Crypto.Util.Padding import pad as pkcs7

from ciphercores import models, modes
from ciphercores.errors import DataLengthError, PaddingError, TruncatedInputError


def _reference(mode: str, key: bytes, iv: bytes, data: bytes) -> bytes:
    if mode == "ecb":
        return AES.new(key, AES.MODE_ECB).encrypt(pkcs7(data, 16))
    if mode == "cbc":
        return AES.new(key, AES.MODE_CBC, iv).encrypt(pkcs7(data, 16))
    if mode == "cfb":
        return AES.new(key, AES.MODE_CFB, iv, segment_size=128).encrypt(data)
    if mode == "ofb":
        return AES.new(key, AES.MODE_OFB, iv).encrypt(data)
    return AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv).encrypt(data)


def _pieces(rng: random.Random, data: bytes) -> list[bytes]:
    """``data`` cut at random places, with empty pieces and pieces of one byte among them."""
    cuts = sorted(rng.choice([rng.randrange(len(data) + 1), 0, len(data)])
                  for _ in range(rng.randrange(1, 12)))
    bounds = [0, *cuts, len(data)]
    return [data[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


def _through(stream: modes.Stream, pieces: list[bytes]) -> bytes:
    return b"".join(stream.update(p) for p in pieces[:-1]) + stream.finish(pieces[-1])


@pytest.mark.parametrize("mode", modes.MODES)
def test_pieces_equal_pycryptodome(mode):
    rng = random.Random(mode)
    key = rng.randbytes(16)
    model = models.new("aes-128", key)
    for n in (0, 1, 15, 16, 17, 48, 200, 531):
        data, iv = rng.randbytes(n), rng.randbytes(16)
        v = None if mode == "ecb" else iv
        want = _reference(mode, key, iv, data)
        for _ in range(4):
            got = _through(modes.Stream(model, mode, v), _pieces(rng, data))
            assert got == want, (mode, n)
            back = _through(modes.Stream(model, mode, v, decrypt=True), _pieces(rng, want))
            assert back == data, (mode, n)


def test_output_leaves_as_blocks_arrive_and_padding_is_held_back():
    model = models.new("aes-128", bytes(16))
    enc = modes.Stream(model, "cbc", bytes(16))
    assert len(enc.update(bytes(20))) == 16 and len(enc.update(bytes(12))) == 16
    assert len(enc.finish()) == 16  # the padding block
    dec = modes.Stream(model, "cbc", bytes(16), decrypt=True)
    ct = modes.encrypt(model, "cbc", bytes(32), bytes(16))  # three blocks
    assert dec.update(ct[:32]) == bytes(16)  # the second block may be the last: held back
    assert dec.update(ct[32:]) == bytes(16)
    assert dec.finish() == b""


def test_errors_come_at_the_end_or_from_expect():
    model = models.new("aes-128", bytes(16))
    ct = modes.encrypt(model, "cbc", bytes(40), bytes(16))
    s = modes.Stream(model, "cbc", bytes(16), decrypt=True)
    s.update(ct[:-1])
    with pytest.raises(TruncatedInputError, match="ciphertext of 47 bytes"):
        s.finish()
    with pytest.raises(TruncatedInputError, match="ciphertext of 47 bytes"):
        modes.Stream(model, "cbc", bytes(16), decrypt=True).expect(47)
    with pytest.raises(DataLengthError, match="got 5 bytes"):
        modes.Stream(model, "ecb", pad=False).expect(5)
    bad = modes.encrypt(model, "ecb", bytes(32), pad=False)  # last byte is not padding
    s = modes.Stream(model, "ecb", decrypt=True)
    s.update(bad)
    with pytest.raises(PaddingError):
        s.finish()
