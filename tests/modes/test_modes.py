# SPDX-License-Identifier: Apache-2.0
"""Host modes (ECB/CBC/CFB/OFB/CTR, PKCS#7) against SP 800-38A Appendix F, Eric Young's Blowfish
chaining vectors, pycryptodome on random data, and the ``openssl enc`` CLI where installed."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest
from Crypto.Cipher import AES, DES, DES3, Blowfish
from Crypto.Util import Counter

from ciphercores import models, modes, vectors
from ciphercores.errors import (
    CipherCoresError,
    DataLengthError,
    IVSizeError,
    KeySizeError,
    PaddingError,
    TruncatedInputError,
    UnknownCipherError,
)

SP800_38A = "modes/sp800_38a_appendix_f.txt"
BF_MODES = "blowfish/eric_young_modes.txt"


def test_vector_files_name_their_source():
    assert "SP 800-38A" in vectors.source(SP800_38A)
    assert "Eric Young" in vectors.source(BF_MODES)


# ---------------------------------------------------------------------------------------
# official examples
# ---------------------------------------------------------------------------------------

_F = vectors.load_table(SP800_38A)


def test_appendix_f_is_complete():
    # F.1-F.5: five modes x three key sizes (CFB: the full-block CFB128 examples)
    assert sorted((r["mode"], int(r["key_bits"])) for r in _F) == sorted(
        (m, k) for m in modes.MODES for k in (128, 192, 256))


@pytest.mark.parametrize("row", _F, ids=lambda r: f"{r['section']}-{r['mode']}-{r['key_bits']}")
def test_sp800_38a_appendix_f(row):
    aes = models.new(f"aes-{row['key_bits']}", bytes.fromhex(row["key"]))
    iv = None if row["iv"] == "-" else bytes.fromhex(row["iv"])
    pt, ct = bytes.fromhex(row["plaintext"]), bytes.fromhex(row["ciphertext"])
    assert modes.encrypt(aes, row["mode"], pt, iv, pad=False) == ct
    assert modes.decrypt(aes, row["mode"], ct, iv, pad=False) == pt


@pytest.mark.parametrize("row", vectors.load_table(BF_MODES), ids=lambda r: r["mode"])
def test_blowfish_chaining_vectors(row):
    bf = models.new("bf", bytes.fromhex(row["key"]))
    mode = {"CBC": "cbc", "CFB64": "cfb", "OFB64": "ofb"}[row["mode"]]
    iv, pt, ct = (bytes.fromhex(row[k]) for k in ("iv", "plaintext", "ciphertext"))
    assert modes.encrypt(bf, mode, pt, iv, pad=False) == ct
    assert modes.decrypt(bf, mode, ct, iv, pad=False) == pt


# ---------------------------------------------------------------------------------------
# pycryptodome, random keys / IVs / lengths (seeded)
# ---------------------------------------------------------------------------------------

_LIB = {"aes": AES, "des": DES, "des-ede": DES3, "des-ede3": DES3, "bf": Blowfish}
_LIB_CIPHERS = ["aes-128", "aes-192", "aes-256", "des", "des-ede", "des-ede3", "bf"]


def _lib_cipher(cipher: str, mode: str, key: bytes, iv: bytes | None):
    lib = _LIB["aes" if cipher.startswith("aes") else cipher]
    bs = lib.block_size
    if mode == "ecb":
        return lib.new(key, lib.MODE_ECB)
    if mode == "cbc":
        return lib.new(key, lib.MODE_CBC, iv=iv)
    if mode == "cfb":
        return lib.new(key, lib.MODE_CFB, iv=iv, segment_size=8 * bs)
    if mode == "ofb":
        return lib.new(key, lib.MODE_OFB, iv=iv)
    ctr = Counter.new(8 * bs, initial_value=int.from_bytes(iv, "big"), allow_wraparound=True)
    return lib.new(key, lib.MODE_CTR, counter=ctr)


def _random_key(rng: random.Random, cipher: str) -> bytes:
    sizes = models.spec(cipher).key_sizes
    if cipher == "bf":
        sizes = tuple(s for s in sizes if s >= 4)  # pycryptodome takes 4..56-byte keys
    while True:
        key = rng.randbytes(rng.choice(sizes))
        if cipher == "des-ede3" and (key[:8] == key[8:16] or key[8:16] == key[16:]):
            continue  # pycryptodome refuses keys that degrade to single DES
        if cipher == "des-ede" and key[:8] == key[8:]:
            continue
        return key


@pytest.mark.parametrize("mode", modes.MODES)
@pytest.mark.parametrize("cipher", _LIB_CIPHERS)
def test_against_pycryptodome(cipher, mode):
    rng = random.Random(f"{cipher}-{mode}")
    bs = models.spec(cipher).block_size
    for trial in range(40):
        key = _random_key(rng, cipher)
        iv = None if mode == "ecb" else rng.randbytes(bs)
        if mode == "ctr" and trial % 8 == 0:
            iv = b"\xff" * (bs - 1) + bytes([256 - 2])  # the counter wraps inside the message
        length = rng.choice([0, 1, bs - 1, bs, bs + 1, 3 * bs, rng.randrange(200)])
        pt = rng.randbytes(length)
        ours = models.new(cipher, key)
        if mode in modes.PADDED_MODES:
            padded = modes.pkcs7_pad(pt, bs)
            want = _lib_cipher(cipher, mode, key, iv).encrypt(padded)
        else:
            want = _lib_cipher(cipher, mode, key, iv).encrypt(pt)
        got = modes.encrypt(ours, mode, pt, iv)
        assert got == want, (cipher, mode, trial)
        assert modes.decrypt(ours, mode, got, iv) == pt


def test_pkcs7_against_pycryptodome():
    from Crypto.Util.Padding import pad

    for bs in (8, 16):
        for n in range(3 * bs):
            data = bytes(range(n))
            assert modes.pkcs7_pad(data, bs) == pad(data, bs)
            assert modes.pkcs7_unpad(pad(data, bs), bs) == data


def test_speck_modes_follow_the_same_rules():
    # No outside library has SPECK: check the modes' algebra against the block function.
    rng = random.Random(7)
    for cipher in (c for c in models.CIPHERS if c.startswith("speck")):
        spec = models.spec(cipher)
        bs, key = spec.block_size, rng.randbytes(spec.key_sizes[0])
        m, iv = models.new(cipher, key), rng.randbytes(bs)
        pt = rng.randbytes(3 * bs)
        blocks = [pt[i:i + bs] for i in range(0, len(pt), bs)]
        ctr = modes.encrypt(m, "ctr", pt, iv)
        want = b""
        for i, p in enumerate(blocks):
            k = m.encrypt_block(((int.from_bytes(iv, "big") + i) % (1 << 8 * bs))
                                .to_bytes(bs, "big"))
            want += bytes(a ^ b for a, b in zip(p, k, strict=True))
        assert ctr == want
        for mode in modes.MODES:
            assert modes.decrypt(m, mode, modes.encrypt(m, mode, pt, None if mode == "ecb"
                                                         else iv), None if mode == "ecb"
                                 else iv) == pt


def test_batch_path_is_used_and_equal():
    """A cipher with encrypt_blocks/decrypt_blocks gets the independent blocks in one call."""
    key, iv = bytes(range(16)), bytes(range(16, 32))
    model = models.new("aes-128", key)

    class Batched:
        block_size = 16
        name = "aes-128"

        def __init__(self):
            self.calls = []

        def encrypt_block(self, b):
            return model.encrypt_block(b)

        def decrypt_block(self, b):
            return model.decrypt_block(b)

        def encrypt_blocks(self, bs):
            self.calls.append(("e", len(bs)))
            return [model.encrypt_block(b) for b in bs]

        def decrypt_blocks(self, bs):
            self.calls.append(("d", len(bs)))
            return [model.decrypt_block(b) for b in bs]

    pt = bytes(range(100))
    for mode in modes.MODES:
        b = Batched()
        v = None if mode == "ecb" else iv
        ct = modes.encrypt(b, mode, pt, v)
        assert ct == modes.encrypt(model, mode, pt, v)
        assert modes.decrypt(b, mode, ct, v) == pt
        if mode in ("ecb", "ctr"):
            assert b.calls[0] == ("e", 7)  # 100 bytes -> 7 blocks, one call
        if mode in ("ecb", "cbc"):
            assert ("d", 7) in b.calls


# ---------------------------------------------------------------------------------------
# openssl enc, byte for byte
# ---------------------------------------------------------------------------------------

OPENSSL = shutil.which("openssl")


def _openssl(name: str, key: bytes, iv: bytes | None, data: bytes, decrypt=False,
             legacy=False) -> bytes:
    cmd = [OPENSSL, "enc", f"-{name}", "-K", key.hex()]
    if iv is not None:
        cmd += ["-iv", iv.hex()]
    if decrypt:
        cmd.append("-d")
    if legacy:
        cmd += ["-provider", "legacy", "-provider", "default"]
    return subprocess.run(cmd, input=data, capture_output=True, check=True).stdout


def _openssl_has(name: str, legacy=False) -> bool:
    try:
        _openssl(name, bytes(32 if "aes" in name else 24 if "ede3" in name else 16),
                 None if name.endswith("ecb") else bytes(16 if "aes" in name else 8), b"x",
                 legacy=legacy)
        return True
    except subprocess.CalledProcessError:
        return False


# cipher name for openssl -> our cipher, key length; CTR only where OpenSSL has it
_OPENSSL_CASES = [(f"aes-{k}-{m}", f"aes-{k}", k // 8) for k in (128, 192, 256)
                  for m in modes.MODES]
_OPENSSL_CASES += [(f"des-ede3-{m}", "des-ede3", 24) for m in ("ecb", "cbc", "cfb", "ofb")]
_OPENSSL_CASES += [(f"des-ede-{m}", "des-ede", 16) for m in ("ecb", "cbc", "cfb", "ofb")]
_OPENSSL_CASES += [(f"bf-{m}", "bf", 16) for m in ("ecb", "cbc", "cfb", "ofb")]


@pytest.mark.skipif(OPENSSL is None, reason="the openssl CLI is not installed")
@pytest.mark.parametrize("name,cipher,keylen", _OPENSSL_CASES, ids=lambda c: str(c))
def test_against_openssl_enc(name, cipher, keylen):
    # Blowfish keys are 16 bytes here: `openssl enc -bf-* -K` zero-pads shorter keys to 16
    # bytes (see ../shared/VECTORS.md), so only 16-byte keys mean the same key to both.
    legacy = name.startswith("bf")
    if not _openssl_has(name, legacy):
        pytest.skip(f"this openssl has no {name} (legacy provider missing?)")
    rng = random.Random(name)
    cm = modes.parse_name(name)
    assert (cm.cipher, cm.name) == (cipher, name)
    bs = cm.block_size
    for length in (0, 1, bs, 2 * bs + 3, 77):
        key = _random_key(rng, cipher)
        if cipher == "bf":
            key = rng.randbytes(keylen)
        iv = None if cm.mode == "ecb" else rng.randbytes(bs)
        pt = rng.randbytes(length)
        ours = modes.encrypt(models.new(cipher, key), cm.mode, pt, iv)
        assert ours == _openssl(name, key, iv, pt, legacy=legacy)
        assert _openssl(name, key, iv, ours, decrypt=True, legacy=legacy) == pt


# ---------------------------------------------------------------------------------------
# names and errors
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,cipher,mode", [
    ("aes-128-cbc", "aes-128", "cbc"), ("AES-256-CTR", "aes-256", "ctr"),
    ("des-ede3-cbc", "des-ede3", "cbc"), ("des-ede-ofb", "des-ede", "ofb"),
    ("des-cbc", "des", "cbc"), ("bf-cfb", "bf", "cfb"), ("bf", "bf", "cbc"),
    ("des", "des", "cbc"), ("des3", "des-ede3", "cbc"), ("aes256", "aes-256", "cbc"),
    ("blowfish", "bf", "cbc"), ("des-ede", "des-ede", "ecb"),
    ("des-ede3", "des-ede3", "ecb"), ("speck64-128-ctr", "speck64-128", "ctr"),
    ("aes-192-gcm", "aes-192", "gcm"),
])
def test_parse_name(name, cipher, mode):
    """OpenSSL's names; a bare name is what `openssl enc` makes of it (-des and -bf are CBC,
    -des-ede3 is ECB: tests/cli/test_enc.py asks the openssl binary)."""
    cm = modes.parse_name(name)
    assert (cm.cipher, cm.mode) == (cipher, mode)


@pytest.mark.parametrize("bad", ["speck128-128-gcm", "aes-128-ccm", "aes-100-cbc", "rot13", "",
                                 "speck64-64-ctr"])
def test_parse_name_rejects(bad):
    with pytest.raises(UnknownCipherError):
        modes.parse_name(bad)


SECRET = bytes.fromhex("5ec2e75ec2e75ec2e75ec2e75ec2e75e")


def _no_key(exc: BaseException, key: bytes = SECRET):
    text = str(exc).lower()
    assert key.hex() not in text and key.hex()[:8] not in text
    assert isinstance(exc, CipherCoresError)


def test_errors_are_typed_and_keyless():
    aes = models.new("aes-128", SECRET)
    cases = [
        (lambda: modes.encrypt(aes, "cbc", b"x", bytes(15)), IVSizeError),
        (lambda: modes.encrypt(aes, "cbc", b"x", None), IVSizeError),
        (lambda: modes.encrypt(aes, "ecb", b"x", bytes(16)), IVSizeError),
        (lambda: modes.decrypt(aes, "cbc", bytes(31), bytes(16)), TruncatedInputError),
        (lambda: modes.decrypt(aes, "ecb", b"", None), TruncatedInputError),
        (lambda: modes.encrypt(aes, "ecb", bytes(17), None, pad=False), DataLengthError),
        (lambda: modes.encrypt(aes, "ofb", bytes(17), bytes(16), pad=True), CipherCoresError),
        (lambda: modes.encrypt(aes, "xts", b"", bytes(16)), modes.UnknownModeError),
        (lambda: models.new("aes-128", SECRET[:15]), KeySizeError),
    ]
    for fn, kind in cases:
        with pytest.raises(kind) as info:
            fn()
        _no_key(info.value)


def test_bad_padding_is_detected():
    aes = models.new("aes-128", SECRET)
    iv = bytes(16)
    ct = modes.encrypt(aes, "cbc", b"attack at dawn", iv)
    assert modes.decrypt(aes, "cbc", ct, iv) == b"attack at dawn"
    # a wrong key (or a corrupted last block) almost always breaks the padding
    other = models.new("aes-128", bytes(16))
    with pytest.raises(PaddingError) as info:
        modes.decrypt(other, "cbc", ct, iv)
    _no_key(info.value)
    # every malformed tail: zero, too long, inconsistent bytes
    for tail in (bytes(16), bytes([17]) * 16, bytes(15) + b"\x02"):
        raw = modes.encrypt(aes, "ecb", tail, pad=False)
        with pytest.raises(PaddingError):
            modes.decrypt(aes, "ecb", raw)
    # the same data without padding is accepted as is
    assert modes.decrypt(aes, "ecb", raw, pad=False) == bytes(15) + b"\x02"


class _Reads(bytes):
    """bytes that record which indices are read one at a time, and whether a slice was."""

    def __new__(cls, data: bytes):
        obj = super().__new__(cls, data)
        obj.reads = []
        return obj

    def __getitem__(self, key):
        self.reads.append(key)
        return super().__getitem__(key)


def test_padding_check_has_no_early_exit():
    """pkcs7_unpad agrees with pycryptodome's unpad on every last block that can occur
    (each padding value 0..255 with one wrong byte anywhere or none), and does the same
    work whatever the padding: it takes the last block once and reads each of its bytes
    (no comparison that stops at the first wrong byte, no read that depends on the padding
    value before the verdict)."""
    from Crypto.Util.Padding import unpad

    bs = 16
    works: dict[bool, set] = {True: set(), False: set()}
    for n in range(256):
        for wrong in [None, *range(bs)]:
            block = bytearray(bytes(bs - min(n, bs)) + bytes([n]) * min(n, bs))
            block[-1] = n
            if wrong is not None:
                block[wrong] ^= 0x5A
            data = bytes(16) + bytes(block)
            try:
                want = unpad(data, bs)
            except ValueError:
                want = None
            tracked = _Reads(data)
            try:
                got = modes.pkcs7_unpad(tracked, bs)
            except PaddingError:
                got = None
            assert got == want, (n, wrong)
            reads = tracked.reads if got is None else tracked.reads[:-1]  # then the cut
            works[got is None].add(tuple(map(repr, reads)))
    # the same reads before the verdict for every block, good or bad
    assert works[True] == works[False] and len(works[True]) == 1, works


def test_host_gcm_refuses_more_than_sp800_38d_allows():
    """The host's GCM stops at 2^36 - 32 bytes of data, as the driver's: a known length up
    front (expect), and the running count (no data needed to get there)."""
    from ciphercores.driver import gcm as driver_gcm

    assert modes.GCM_MAX_DATA == driver_gcm.MAX_DATA == (1 << 36) - 32
    aes = models.new("aes-128", SECRET)
    for decrypt, extra in ((False, 0), (True, 16)):
        s = modes.GcmStream(aes, bytes(12), decrypt=decrypt)
        s.expect(modes.GCM_MAX_DATA + extra)
        with pytest.raises(DataLengthError, match="at most 68719476704"):
            s.expect(modes.GCM_MAX_DATA + extra + 1)
    s = modes.GcmStream(aes, bytes(12))
    s.text_bytes = modes.GCM_MAX_DATA - 16
    assert len(s.update(bytes(16))) == 16
    with pytest.raises(DataLengthError):
        s.update(bytes(16))
