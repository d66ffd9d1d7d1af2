# SPDX-License-Identifier: Apache-2.0
"""Software baselines, measured on the machine this runs on, as the papers measure theirs.

For each cipher and implementation: key-setup latency, per-block encrypt latency and bulk ECB
throughput. Implementations: our pure-Python reference model (the Blowfish paper's kind of
baseline), pycryptodome, and OpenSSL through ``cryptography``. Every figure is a median over
repetitions, after a warm-up, with random keys and inputs drawn fresh for each repetition
(the Blowfish paper draws random keys and inputs between runs), single thread.

AES-GCM (``aes-128-gcm``, ...) is measured as messages: the model (``modes.gcm_encrypt``),
pycryptodome's GCM, ``cryptography``'s AESGCM (OpenSSL), each with a 12-byte IV; its
"latency" is one 16-byte message with its tag, key set-up included (the libraries set GCM up
per message), its throughput one bulk message, and it has no separate key set-up. Beside
them ``openssl speed -evp aes-128-gcm`` (``openssl speed``): OpenSSL's own throughput on 16 KiB
buffers, the figure OpenSSL publishes for its GCM, throughput only.
"""

from __future__ import annotations

import random
import re
import subprocess
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass

from .. import models, modes, tools
from .stats import Summary, summarize

IMPLEMENTATIONS = ("model", "pycryptodome", "openssl")
#: the implementations of an authenticated cipher (GCM): the three, and the openssl command's
#: own benchmark
AEAD_IMPLEMENTATIONS = (*IMPLEMENTATIONS, "openssl speed")
#: the buffer of ``openssl speed -bytes`` (its largest default size)
SPEED_BYTES = 16384
#: the IV the GCM measurements use: a benchmark's fixed 12 bytes (never do this with real data)
_GCM_IV = bytes(range(12))


def aead_base(cipher: str) -> str | None:
    """The block cipher of an authenticated cipher name (``aes-128-gcm`` -> ``aes-128``), or
    None for a block cipher name."""
    if cipher.endswith("-gcm"):
        return modes.parse_name(cipher).cipher
    return None


def implementations(cipher: str) -> tuple[str, ...]:
    """What measures ``cipher``: the three libraries, and ``openssl speed`` for GCM."""
    return AEAD_IMPLEMENTATIONS if aead_base(cipher) else IMPLEMENTATIONS


def check_name(cipher: str) -> None:
    """UnknownCipherError unless ``cipher`` is a block cipher or GCM name."""
    models.spec(aead_base(cipher) or cipher)


@dataclass(frozen=True)
class SoftwareResult:
    cipher: str
    impl: str
    key_setup_s: Summary | None  # None: not measured separately (GCM, openssl speed)
    latency_s: Summary | None
    throughput_MBps: Summary
    bulk_bytes: int

    def as_dict(self) -> dict:
        def val(v):
            return v.as_dict() if v is not None else None

        return {"cipher": self.cipher, "impl": self.impl,
                "key_setup_s": val(self.key_setup_s), "latency_s": val(self.latency_s),
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


def _gcm(base: str, impl: str) -> Factory | None:
    """GCM messages (ciphertext and tag) with the benchmark's IV: key -> (one message,
    bulk message)."""
    if impl == "model":
        def make(key):
            aes = models.new(base, key)

            def run(data):
                ct, tag = modes.gcm_encrypt(aes, _GCM_IV, data)
                return ct + tag

            return run, run
    elif impl == "pycryptodome":
        from Crypto.Cipher import AES

        def make(key):
            def run(data):
                return b"".join(AES.new(key, AES.MODE_GCM, nonce=_GCM_IV)
                                .encrypt_and_digest(data))

            return run, run
    elif impl == "openssl":
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        def make(key):
            aead = AESGCM(key)

            def run(data):
                return aead.encrypt(_GCM_IV, data, None)

            return run, run
    else:
        return None
    return make


def factory(cipher: str, impl: str) -> Factory | None:
    """The implementation ``impl`` of ``cipher``, or None when that library lacks it (or, as
    ``openssl speed``, is not a library call)."""
    if aead_base(cipher):
        if impl not in AEAD_IMPLEMENTATIONS:
            raise ValueError(f"unknown implementation {impl!r} (known: "
                             f"{', '.join(AEAD_IMPLEMENTATIONS)})")
        return _gcm(aead_base(cipher), impl)
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


def openssl_speed_MBps(cipher: str, seconds: int = 1, size: int = SPEED_BYTES) -> float | None:
    """``openssl speed -evp CIPHER -seconds S -bytes N -mr``: OpenSSL's throughput (MB/s) on
    buffers of ``size`` bytes, or None without the openssl command (or that cipher)."""
    exe = tools.find("openssl", required=False)
    if exe is None:
        return None
    r = subprocess.run([str(exe), "speed", "-evp", cipher, "-seconds", str(seconds),
                        "-bytes", str(size), "-mr"], capture_output=True, text=True)
    m = re.search(r"^\+F:\d+:[^:]+:([\d.]+)", r.stdout, re.M)
    if r.returncode or not m:
        return None
    return float(m[1]) / 1e6  # bytes per second


def _measure_speed(cipher: str, repeats: int) -> SoftwareResult | None:
    rates = []
    for _ in range(max(1, repeats)):
        rate = openssl_speed_MBps(cipher)
        if rate is None:
            return None
        rates.append(rate)
    return SoftwareResult(cipher, "openssl speed", None, None, summarize(rates), SPEED_BYTES)


def measure(cipher: str, impl: str, repeats: int = 7, bulk_bytes: int = 1 << 20,
            sample_s: float = 0.02, seed: int = 1) -> SoftwareResult | None:
    if impl == "openssl speed" and aead_base(cipher):
        return _measure_speed(cipher, repeats)
    make = factory(cipher, impl)
    if make is None:
        return None
    rng = random.Random(f"{seed}-{cipher}-{impl}")
    aead = aead_base(cipher) is not None
    bs = models.spec(aead_base(cipher) or cipher).block_size
    if impl == "model":
        bulk_bytes = min(bulk_bytes, 64 * bs)  # the readable model is slow; keep runs short
    bulk_bytes -= bulk_bytes % bs
    setups, lats, rates = [], [], []
    for rep in range(repeats + 1):  # the first repetition is the warm-up
        key = _key(rng, aead_base(cipher) or cipher)
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
    # GCM: the libraries set the key up per message; the latency includes it
    return SoftwareResult(cipher, impl, None if aead else summarize(setups), summarize(lats),
                          summarize(rates), bulk_bytes)
