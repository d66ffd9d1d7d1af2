# SPDX-License-Identifier: Apache-2.0
"""Software baselines, measured on the machine this runs on, as the papers measure theirs.

For each cipher and implementation: key-setup latency, per-block encrypt latency and bulk ECB
throughput. Implementations: our pure-Python reference model (the Blowfish paper's kind of
baseline), pycryptodome, and OpenSSL through ``cryptography``. Every figure is a median over
repetitions, after a warm-up, with random keys and inputs drawn fresh for each repetition
(the Blowfish paper draws random keys and inputs between runs), single thread.
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass

from .. import models
from .stats import Summary, summarize

IMPLEMENTATIONS = ("model", "pycryptodome", "openssl")


@dataclass(frozen=True)
class SoftwareResult:
    cipher: str
    impl: str
    key_setup_s: Summary
    latency_s: Summary
    throughput_MBps: Summary
    bulk_bytes: int

    def as_dict(self) -> dict:
        return {"cipher": self.cipher, "impl": self.impl,
                "key_setup_s": self.key_setup_s.as_dict(), "latency_s": self.latency_s.as_dict(),
                "throughput_MBps": self.throughput_MBps.as_dict(), "bulk_bytes": self.bulk_bytes}


# ---------------------------------------------------------------------------------------
# the three implementations behind one shape: key -> (encrypt one block, encrypt ECB bulk)
# ---------------------------------------------------------------------------------------

Factory = Callable[[bytes], tuple[Callable[[bytes], bytes], Callable[[bytes], bytes]]]


def _model(cipher: str) -> Factory:
    def make(key):
        m = models.new(cipher, key)
        bs = m.block_size

        def bulk(data):
            return b"".join(m.encrypt_block(data[i:i + bs]) for i in range(0, len(data), bs))

        return m.encrypt_block, bulk

    return make


def _pycryptodome(cipher: str) -> Factory | None:
    from Crypto.Cipher import AES, DES, DES3, Blowfish

    lib = {"aes": AES, "des": DES, "des-ede": DES3, "des-ede3": DES3, "bf": Blowfish}.get(
        "aes" if cipher.startswith("aes") else cipher)
    if lib is None:
        return None

    def make(key):
        c = lib.new(key, lib.MODE_ECB)
        return c.encrypt, c.encrypt

    return make


def _openssl(cipher: str) -> Factory | None:
    from cryptography.hazmat.decrepit.ciphers import algorithms as old
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    if cipher.startswith("aes"):
        algo = algorithms.AES
    elif cipher in ("des", "des-ede", "des-ede3"):
        algo = old.TripleDES  # an 8-byte key is K1=K2=K3, i.e. single DES
    elif cipher == "bf":
        algo = old.Blowfish
    else:
        return None

    def make(key):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            enc = Cipher(algo(key), modes.ECB()).encryptor()
        return enc.update, enc.update

    return make


def factory(cipher: str, impl: str) -> Factory | None:
    """The implementation ``impl`` of ``cipher``, or None when that library lacks it."""
    if impl == "model":
        return _model(cipher)
    if impl == "pycryptodome":
        return _pycryptodome(cipher)
    if impl == "openssl":
        return _openssl(cipher)
    raise ValueError(f"unknown implementation {impl!r} (known: {', '.join(IMPLEMENTATIONS)})")


# ---------------------------------------------------------------------------------------
# measurement
# ---------------------------------------------------------------------------------------

def _key(rng: random.Random, cipher: str) -> bytes:
    spec = models.spec(cipher)
    size = 16 if cipher == "bf" else spec.key_sizes[-1]  # Blowfish: the usual 128-bit key
    while True:
        key = rng.randbytes(size)
        if cipher == "des-ede3" and (key[:8] == key[8:16] or key[8:16] == key[16:]):
            continue
        if cipher == "des-ede" and key[:8] == key[8:]:
            continue
        return key


def _time_per_call(fn: Callable[[], object], inner: int) -> float:
    t0 = time.perf_counter_ns()
    for _ in range(inner):
        fn()
    return (time.perf_counter_ns() - t0) / inner / 1e9


def _inner(fn: Callable[[], object], target_s: float) -> int:
    """How many calls make one timed sample last about ``target_s`` (timer overhead small)."""
    n = 1
    while True:
        t = _time_per_call(fn, n) * n
        if t >= target_s or n >= 1 << 20:
            return n
        n *= 2 if t <= 0 else max(2, min(100, int(target_s / t) + 1))


def measure(cipher: str, impl: str, repeats: int = 7, bulk_bytes: int = 1 << 20,
            sample_s: float = 0.02, seed: int = 1) -> SoftwareResult | None:
    make = factory(cipher, impl)
    if make is None:
        return None
    rng = random.Random(f"{seed}-{cipher}-{impl}")
    bs = models.spec(cipher).block_size
    if impl == "model":
        bulk_bytes = min(bulk_bytes, 64 * bs)  # the readable model is slow; keep runs short
    bulk_bytes -= bulk_bytes % bs
    setups, lats, rates = [], [], []
    for rep in range(repeats + 1):  # the first repetition is the warm-up
        key = _key(rng, cipher)
        block = rng.randbytes(bs)
        data = rng.randbytes(bulk_bytes)
        setup_inner = _inner(lambda k=key: make(k), sample_s)
        s = _time_per_call(lambda k=key: make(k), setup_inner)
        one, bulk = make(key)
        lat_inner = _inner(lambda b=block, f=one: f(b), sample_s)
        lt = _time_per_call(lambda b=block, f=one: f(b), lat_inner)
        t0 = time.perf_counter_ns()
        bulk(data)
        bt = (time.perf_counter_ns() - t0) / 1e9
        if rep:
            setups.append(s)
            lats.append(lt)
            rates.append(bulk_bytes / bt / 1e6)
    return SoftwareResult(cipher, impl, summarize(setups), summarize(lats), summarize(rates),
                          bulk_bytes)
