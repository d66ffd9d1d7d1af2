# SPDX-License-Identifier: Apache-2.0
"""The `ciphercores` command: encrypt/decrypt through the RTL (driver) and the model, byte for
byte as `openssl enc`; verify, bench, cores; every bad-input case.

Most cases run the CLI in-process (``cli.main``) with stdin/stdout replaced; a few run it as
a real process for the stdin/stdout plumbing and exit statuses.
"""

from __future__ import annotations

import dataclasses
import io
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ciphercores import cli, cores, frontend, models, modes
from ciphercores import errors as E
from ciphercores.cli import crypt
from ciphercores.cli.crypt import Progress
from ciphercores.errors import BadHexError

OPENSSL = shutil.which("openssl")
#: OpenSSL's ciphers and the modes it has for them (no CTR for the 64-bit-block ciphers)
OPENSSL_MODES = {"aes-128": modes.MODES, "aes-192": modes.MODES, "aes-256": modes.MODES,
                 "des-ede3": ("ecb", "cbc", "cfb", "ofb"), "des-ede": ("ecb", "cbc", "cfb", "ofb"),
                 "des": ("ecb", "cbc", "cfb", "ofb"), "bf": ("ecb", "cbc", "cfb", "ofb")}


def run(args: list[str], stdin: bytes = b"") -> tuple[int, bytes, str]:
    """Run the CLI in this process: (exit status, stdout bytes, stderr text)."""
    old = sys.stdin, sys.stdout, sys.stderr
    out = io.BytesIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    sys.stdout = io.TextIOWrapper(out, write_through=True)
    sys.stderr = err = io.StringIO()
    try:
        try:
            rc = cli.main(args)
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        sys.stdout.flush()
        return rc, out.getvalue(), err.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = old


def openssl(name: str, key: bytes, iv: bytes | None, data: bytes, decrypt=False) -> bytes:
    cmd = [OPENSSL, "enc", f"-{name}", "-K", key.hex()]
    if iv is not None:
        cmd += ["-iv", iv.hex()]
    if decrypt:
        cmd.append("-d")
    if name.startswith("bf") or name.startswith("des-") and not name.startswith("des-ede"):
        cmd += ["-provider", "legacy", "-provider", "default"]
    return subprocess.run(cmd, input=data, capture_output=True, check=True).stdout


def _key(rng: random.Random, cipher: str) -> bytes:
    spec = models.spec(cipher)
    # Blowfish: 16 bytes, the length `openssl enc -K` uses without zero-padding the key
    return rng.randbytes(16 if cipher == "bf" else spec.key_sizes[-1])


def _lengths(rng: random.Random, bs: int, large: int) -> list[int]:
    return [0, 1, bs - 1, bs, large + rng.randrange(bs)]


# ---------------------------------------------------------------------------------------
# results: RTL vs model (SPECK), RTL and model vs openssl enc (the rest)
# ---------------------------------------------------------------------------------------

def _speck_cases():
    """(cipher, where, core): the default parameter set of every SPECK core with the mode in
    hardware (the default, MODE(CORE)) and on the host (--core CORE), and the smallest block
    (4 bytes) on the host."""
    cases = []
    for core in cores.CORES.values():
        if core.family == "speck":
            for c in core.ciphers(core.params()):
                if (c, "hw", None) not in cases:  # the default core (default_for)
                    cases.append((c, "hw", None))
                cases.append((c, "host", core.name))
    found = cores.cores_for("speck32-64")
    if found:
        cases.append(("speck32-64", "host", found[0][0].name))
    return cases


@pytest.mark.parametrize("mode", modes.MODES)
@pytest.mark.parametrize("cipher,where,core", _speck_cases())
def test_speck_through_rtl_equals_model(cipher, where, core, mode, tmp_path):
    """SPECK has no OpenSSL: the file through the RTL equals the model's result and decrypts
    back, for empty, one-byte, block-1, block and larger files, with the mode in hardware and
    on the host."""
    rng = random.Random(f"{cipher}-{mode}-{where}")
    bs = models.spec(cipher).block_size
    corearg = ["--core", core] if core else []
    for n in _lengths(rng, bs, 3000):
        key = _key(rng, cipher)
        iv = rng.randbytes(bs) if mode != "ecb" else None
        data = rng.randbytes(n)
        src, enc, dec = tmp_path / "in.bin", tmp_path / "enc.bin", tmp_path / "dec.bin"
        src.write_bytes(data)
        ivarg = ["--iv", iv.hex()] if iv else []
        rc, _, err = run(["encrypt", f"{cipher}-{mode}", "--key", key.hex(), *ivarg, *corearg,
                          "-i", str(src), "-o", str(enc), "-v"])
        assert rc == 0, err
        assert ("in hardware" in err) == (where == "hw" and mode != "ecb"), err
        assert enc.read_bytes() == modes.encrypt(models.new(cipher, key), mode, data, iv)
        rc, _, err = run(["decrypt", f"{cipher}-{mode}", "--key", key.hex(), *ivarg, *corearg,
                          "-i", str(enc), "-o", str(dec)])
        assert rc == 0, err
        assert dec.read_bytes() == data


def _openssl_cases():
    """(name, backend, core): the CLI's software path for a few names (its plumbing vs openssl;
    the model itself is checked against openssl in tests/modes); every OpenSSL name with a
    registered core through that core with the mode on the host; and, for the first cipher of
    each family, every mode in hardware (the default core MODE(CORE))."""
    cases = [("aes-128-cbc", "software", None), ("aes-256-ctr", "software", None),
             ("des-ede3-cbc", "software", None), ("des-cfb", "software", None),
             ("bf-ofb", "software", None)]
    families = set()
    for cipher, ms in OPENSSL_MODES.items():
        found = cores.cores_for(cipher)
        if not found:
            continue
        base = found[0][0]
        cases += [(f"{cipher}-{m}", "host", base.name) for m in ms]
        if base.family not in families:
            families.add(base.family)
            cases += [(f"{cipher}-{m}", "hw", None) for m in ms if m != "ecb"]
    return cases


@pytest.mark.skipif(OPENSSL is None, reason="the openssl CLI is not installed")
@pytest.mark.parametrize("name,backend,core", _openssl_cases())
def test_equals_openssl_enc(name, backend, core, tmp_path):
    """`ciphercores encrypt` equals `openssl enc`, and `openssl enc -d` decrypts it; and the
    other way round."""
    cm = modes.parse_name(name)
    rng = random.Random(name)
    bs = cm.block_size
    extra = (["--software"] if backend == "software" else
             ["--core", core] if core else [])
    for n in _lengths(rng, bs, 1000 if backend == "software" else 20_000):
        key = _key(rng, cm.cipher)
        iv = rng.randbytes(bs) if cm.mode != "ecb" else None
        data = rng.randbytes(n)
        ivarg = ["--iv", iv.hex()] if iv else []
        rc, ours, err = run(["encrypt", name, "-K", key.hex(), *ivarg, *extra, "-v"], data)
        assert rc == 0, err
        assert ("in hardware" in err) == (backend == "hw"), err
        assert ours == openssl(name, key, iv, data)
        assert openssl(name, key, iv, ours, decrypt=True) == data
        theirs = openssl(name, key, iv, data)
        rc, back, err = run(["decrypt", name, "-K", key.hex(), *ivarg, *extra], theirs)
        assert rc == 0, err
        assert back == data


def _reference(name: str, key: bytes, iv: bytes, data: bytes) -> bytes:
    cm = modes.parse_name(name)
    if OPENSSL and cm.cipher in OPENSSL_MODES:
        return openssl(name, key, iv, data)
    return modes.encrypt(models.new(cm.cipher, key), cm.mode, data, iv)


# modes wrap one-block cores; a core with "modes" in its registry slow_runs only with -m slow
_ROUND_TRIPS = [pytest.param(c, w, marks=[pytest.mark.slow] if w == "hw" and "modes"
                             in cores.get(c).slow_runs else [])
                for c in sorted(cores.CORES) for w in ("hw", "host")
                if w == "host" or c in cores.mode_bases()]


@pytest.mark.parametrize("core_name,where", _ROUND_TRIPS)
def test_file_ctr_round_trip(core_name, where, tmp_path):
    """A file through each registered core in CTR (OFB for the 64-bit-block ciphers, where
    OpenSSL has no CTR), the mode in hardware (MODE(CORE)) or on the host (one batch of all
    counter blocks): 1 MiB through the pipelined cores (interval 1) in hardware, 64 KiB
    otherwise; equals openssl (or the model where OpenSSL lacks the cipher), decrypts back."""
    core = cores.get(core_name)
    params = core.params()
    cipher = core.ciphers(params)[0]
    mode = "ctr"
    if cipher in OPENSSL_MODES and "ctr" not in OPENSSL_MODES[cipher]:
        mode = "ofb"
    name = f"{cipher}-{mode}"
    rng = random.Random(core_name)
    spec = models.spec(cipher)
    key, iv = _key(rng, cipher), rng.randbytes(spec.block_size)
    big = where == "hw" and core.interval(params) == 1
    data = rng.randbytes(1 << 20 if big else 1 << 16)
    src, enc, dec = tmp_path / "in.bin", tmp_path / "enc.bin", tmp_path / "dec.bin"
    src.write_bytes(data)
    corearg = f"{mode}({core_name})" if where == "hw" else core_name
    common = [name, "--key", key.hex(), "--iv", iv.hex(), "--core", corearg, "-v"]
    rc, _, err = run(["encrypt", *common, "-i", str(src), "-o", str(enc)])
    assert rc == 0, err
    assert "core: " in err and "cycles for" in err and key.hex() not in err
    rc, _, err = run(["decrypt", *common, "-i", str(enc), "-o", str(dec)])
    assert rc == 0, err
    assert dec.read_bytes() == data
    assert enc.read_bytes() == _reference(name, key, iv, data)


def test_stdin_stdout_in_a_real_process(tmp_path):
    """Binary stdin -> stdout through `python -m ciphercores`, then back."""
    rng = random.Random(1)
    key, iv = rng.randbytes(16), rng.randbytes(16)
    data = bytes(range(256)) * 20 + b"\x00\r\n\x1a"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    base = [sys.executable, "-m", "ciphercores"]
    args = ["speck128-128-cbc", "--key", key.hex(), "--iv", iv.hex()]
    enc = subprocess.run([*base, "encrypt", *args], input=data, capture_output=True, env=env)
    assert enc.returncode == 0, enc.stderr
    assert enc.stdout == modes.encrypt(models.new("speck128-128", key), "cbc", data, iv)
    dec = subprocess.run([*base, "decrypt", *args], input=enc.stdout, capture_output=True,
                         env=env)
    assert dec.returncode == 0 and dec.stdout == data
    bad = subprocess.run([*base, "decrypt", *args], input=enc.stdout[:-3], capture_output=True,
                         env=env)
    assert bad.returncode == E.TruncatedInputError.exit_code and bad.stdout == b""
    assert b"Traceback" not in bad.stderr and key.hex().encode() not in bad.stderr
    assert len(bad.stderr.decode().strip().splitlines()) == 1


def test_software_and_rtl_agree_and_verbose(tmp_path):
    rng = random.Random(2)
    key, iv = rng.randbytes(16), rng.randbytes(16)
    data = rng.randbytes(5000)
    args = ["encrypt", "speck128-128-ofb", "--key", key.hex(), "--iv", iv.hex()]
    rc, rtl, err = run([*args, "-v"], data)
    assert rc == 0 and "OFB and block cipher in hardware" in err
    assert "Verilator co-simulation of ofb_speck_iter" in err
    assert "cycles for" in err and "M cycles/s" in err and key.hex() not in err
    rc, sw, err = run([*args, "--software", "-v"], data)
    assert rc == 0 and sw == rtl and "reference model" in err
    rc, out, err = run([*args, "--core", "speck_iter:WORD=64,KEY_WORDS=2", "-v"], data)
    assert rc == 0 and out == rtl and "OFB on the host" in err


@pytest.mark.skipif(OPENSSL is None, reason="the openssl CLI is not installed")
@pytest.mark.parametrize("name,core", [("aes-192-cbc", "aes_pipe"),
                                       ("aes-256-ctr", "ctr(aes_pipe)")])
def test_core_name_is_configured_for_the_cipher(name, core):
    """`--core aes_pipe` runs AES-192 (KEY_BITS from the cipher) and
    `--core 'ctr(aes_pipe)'` AES-256 (one lane under the mode engine), equal to openssl;
    a KEY_BITS that contradicts the cipher is refused."""
    rng = random.Random(name)
    cm = modes.parse_name(name)
    key, iv = rng.randbytes(models.spec(cm.cipher).key_sizes[0]), rng.randbytes(16)
    data = rng.randbytes(1000)
    args = [name, "-K", key.hex(), "--iv", iv.hex(), "--core", core, "-v"]
    rc, ct, err = run(["encrypt", *args], data)
    assert rc == 0, err
    assert ct == openssl(name, key, iv, data)
    assert f"KEY_BITS={cm.cipher[4:]}" in err and key.hex() not in err
    rc, back, err = run(["decrypt", *args], ct)
    assert rc == 0 and back == data, err
    rc, _, err = run(["encrypt", *args[:-2], f"{core}:KEY_BITS=128"], data)
    assert rc == E.BadParameterError.exit_code and f"KEY_BITS=128 contradicts {cm.cipher}" in err


def test_speck_pipe_is_configured_for_the_set():
    """`--core speck_pipe` runs SPECK32/64 (WORD, KEY_WORDS from the cipher, STAGES = 22,
    the full pipeline): the designers' known answers, whole blocks in ECB."""
    from ciphercores.kat import kat

    for key, pt, ct in kat("speck32-64"):
        rc, out, err = run(["encrypt", "speck32-64-ecb", "--key", key.hex(), "--no-pad",
                            "--core", "speck_pipe", "-v"], pt)
        assert rc == 0, err
        assert out == ct and "STAGES=22" in err


@pytest.mark.parametrize("name,core", [("aes-128-ctr", None), ("aes-128-cbc", "aes_iter"),
                                       ("aes-128-cbc", "cbc(aes_iter)")])
def test_input_goes_through_in_chunks(name, core, tmp_path, monkeypatch):
    """the input goes through in chunks (here 1000 bytes, not a whole
    number of blocks), the mode in hardware or on the host, and decryption holds back only
    the padding block; the result equals pycryptodome's for the whole message."""
    from Crypto.Cipher import AES
    from Crypto.Util.Padding import pad

    monkeypatch.setattr(crypt, "CHUNK", 1000)
    rng = random.Random(name)
    key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(5003)
    if name.endswith("ctr"):
        want = AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv).encrypt(data)
    else:
        want = AES.new(key, AES.MODE_CBC, iv).encrypt(pad(data, 16))
    args = [name, "--key", key.hex(), "--iv", iv.hex(), *(["--core", core] if core else [])]
    rc, ct, err = run(["encrypt", *args], data)
    assert rc == 0 and ct == want, err
    src, dst = tmp_path / "ct.bin", tmp_path / "pt.bin"
    src.write_bytes(ct)
    rc, _, err = run(["decrypt", *args, "-i", str(src), "-o", str(dst)])
    assert rc == 0 and dst.read_bytes() == data, err


def test_reads_are_chunk_sized(tmp_path, monkeypatch):
    """The input is never read whole: every read asks for CHUNK bytes."""

    class Reads(io.BytesIO):
        sizes: list[int] = []

        def read(self, n=-1):
            self.sizes.append(n)
            return super().read(n)

    monkeypatch.setattr(crypt, "CHUNK", 1000)
    key, iv, data = bytes(range(16)), bytes(16), random.Random(4).randbytes(5003)
    src = Reads(data)
    out = crypt.check_output(str(tmp_path / "o.bin"))
    assert crypt._pump(modes.Stream(models.new("aes-128", key), "ofb", iv), src, "stdin", None,
                     out) == (5003, 5003)
    assert src.sizes == [1000] * 7  # six chunks and the empty read at the end
    from Crypto.Cipher import AES

    assert (tmp_path / "o.bin").read_bytes() == AES.new(key, AES.MODE_OFB, iv).encrypt(data)


def test_chunked_errors_found_at_the_end_leave_no_output(tmp_path, monkeypatch):
    """A padding error found in the last chunk leaves an existing output file as it was; a
    truncated input file is refused before any output (its size is known)."""
    monkeypatch.setattr(crypt, "CHUNK", 64)
    key, iv = bytes(range(16)), bytes(16)
    model = models.new("aes-128", key)
    bad = modes.encrypt(model, "cbc", bytes(288), iv, pad=False)  # decrypts to zeros
    src, out = tmp_path / "bad.bin", tmp_path / "o.bin"
    src.write_bytes(bad)
    out.write_bytes(b"previous")
    args = ["decrypt", "aes-128-cbc", "--key", key.hex(), "--iv", iv.hex(), "--software"]
    rc, _, err = run([*args, "-i", str(src), "-o", str(out)])
    assert rc == E.PaddingError.exit_code and "bad decrypt" in err
    assert out.read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.bin", "o.bin"]
    src.write_bytes(bad[:-1])
    rc, stdout, err = run([*args, "-i", str(src)])
    assert rc == E.TruncatedInputError.exit_code
    assert stdout == b"" and "ciphertext of 287 bytes" in err


def test_a_padding_error_to_a_pipe_leaves_no_partial_output(tmp_path, monkeypatch):
    """On stdout (a pipe) a padded decryption of several chunks is spooled until its padding
    has passed: a bad padding at the end writes nothing; a good message comes out whole."""
    monkeypatch.setattr(crypt, "CHUNK", 64)
    key, iv = bytes(range(16)), bytes(16)
    model = models.new("aes-128", key)
    args = ["decrypt", "aes-128-cbc", "--key", key.hex(), "--iv", iv.hex(), "--software"]
    bad = modes.encrypt(model, "cbc", bytes(288), iv, pad=False)  # decrypts to zeros
    rc, stdout, err = run(args, bad)  # stdin: the size is not known up front
    assert rc == E.PaddingError.exit_code and "bad decrypt" in err and stdout == b""
    plain = bytes(range(256)) * 2
    rc, stdout, err = run(args, modes.encrypt(model, "cbc", plain, iv))
    assert rc == 0 and stdout == plain, err


def test_no_pad(tmp_path):
    key = bytes(range(16))
    rc, out, _ = run(["encrypt", "speck128-128-ecb", "--key", key.hex(), "--no-pad"], bytes(32))
    assert rc == 0 and len(out) == 32
    rc, back, _ = run(["decrypt", "speck128-128-ecb", "--key", key.hex(), "--no-pad"], out)
    assert rc == 0 and back == bytes(32)
    rc, _, err = run(["encrypt", "speck128-128-ecb", "--key", key.hex(), "--no-pad"], bytes(5))
    assert rc == E.DataLengthError.exit_code and "whole number" in err


# ---------------------------------------------------------------------------------------
# bad input: one line on stderr, the error's exit status, no output file, no key bytes
# ---------------------------------------------------------------------------------------

KEY = "5eed" * 8  # 16 bytes, recognisable in any output
IV = "00112233445566778899aabbccddeeff"


def _bad_cases(tmp: Path) -> dict[str, tuple[list[str], int, str]]:
    src = tmp / "in.bin"
    src.write_bytes(b"some plaintext, 31 bytes long..")
    model = models.new("speck128-128", bytes.fromhex(KEY))
    ct = modes.encrypt(model, "cbc", src.read_bytes(), bytes.fromhex(IV))
    (tmp / "trunc.bin").write_bytes(ct[:-1])
    # decrypts to a last byte 0: never valid PKCS#7
    (tmp / "badpad.bin").write_bytes(modes.encrypt(model, "cbc", bytes(32), bytes.fromhex(IV),
                                                   pad=False))
    enc = ["encrypt", "speck128-128-cbc"]
    dec = ["decrypt", "speck128-128-cbc"]
    i = ["-i", str(src)]
    return {
        "key too short": ([*enc, "--key", KEY[:-2], "--iv", IV, *i],
                          E.KeySizeError, "key is 15 bytes"),
        "key too long": ([*enc, "--key", KEY + "00", "--iv", IV, *i],
                         E.KeySizeError, "key is 17 bytes"),
        "IV too short": ([*enc, "--key", KEY, "--iv", IV[:-4], *i],
                         E.IVSizeError, "IV is 14 bytes"),
        "IV missing": ([*enc, "--key", KEY, *i], E.IVSizeError, "IV of 16 bytes is required"),
        "IV in ECB": (["encrypt", "speck128-128-ecb", "--key", KEY, "--iv", IV, *i], E.IVSizeError,
                      "takes no IV"),
        "key missing": ([*enc, "--iv", IV, *i], E.BadHexError, "--key is required"),
        "key not hex": ([*enc, "--key", KEY[:-1] + "g", "--iv", IV, *i], E.BadHexError,
                        "--key is not hexadecimal"),
        "key odd length": ([*enc, "--key", KEY[:-1], "--iv", IV, *i], E.BadHexError,
                           "--key has an odd number of hex digits"),
        "key empty": ([*enc, "--key", "0x", "--iv", IV, *i], E.BadHexError, "--key is empty"),
        "IV not hex": ([*enc, "--key", KEY, "--iv", "zz" * 16, *i], E.BadHexError,
                       "--iv is not hexadecimal"),
        "IV odd length": ([*enc, "--key", KEY, "--iv", IV[:-1], *i], E.BadHexError,
                          "--iv has an odd number of hex digits"),
        "unknown cipher": (["encrypt", "speck128-129-cbc", "--key", KEY, "--iv", IV, *i],
                           E.UnknownCipherError,
                           "unknown cipher"),
        "unknown mode": (["encrypt", "speck128-128-xts", "--key", KEY, "--iv", IV, *i],
                         E.UnknownCipherError,
                         "unknown cipher"),
        "key given as cipher name": (["encrypt", KEY, "--key", KEY, "--iv", IV, *i],
                                     E.UnknownCipherError,
                                     "unknown cipher"),
        "unknown core": ([*enc, "--key", KEY, "--iv", IV, "--core", "nope", *i], E.UnknownCoreError,
                         "unknown core"),
        "core lacks cipher": ([*enc, "--key", KEY, "--iv", IV, "--core", "des_iter", *i],
                              E.UnsupportedCipherError,
                              "core des_iter implements des, not speck128-128"),
        "core contradicts cipher": ([*enc, "--key", KEY, "--iv", IV,
                                     "--core", "speck_iter:WORD=32,KEY_WORDS=4", *i],
                                    E.BadParameterError,
                                    "WORD=32 contradicts speck128-128, which needs WORD=64"),
        "core runs another mode": ([*enc, "--key", KEY, "--iv", IV, "--core", "ofb(speck_iter)",
                                    *i],
                                    E.UnsupportedCipherError, "runs OFB, not speck128-128-cbc"),
        "unknown hardware mode": ([*enc, "--key", KEY, "--iv", IV, "--core", "xts(speck_iter)",
                                   *i], E.UnknownCoreError, "unknown hardware mode"),
        "bad core parameter": ([*enc, "--key", KEY, "--iv", IV, "--core", "speck_iter:WORD=7",
                                *i], E.BadParameterError, "WORD=7 not allowed"),
        "truncated ciphertext": ([*dec, "--key", KEY, "--iv", IV, "-i", str(tmp / "trunc.bin")],
                                 E.TruncatedInputError, "not a whole number"),
        "bad padding": ([*dec, "--key", KEY, "--iv", IV, "-i", str(tmp / "badpad.bin")],
                        E.PaddingError,
                        "bad decrypt"),
        "missing input file": ([*enc, "--key", KEY, "--iv", IV, "-i", str(tmp / "nope.bin")],
                               E.FileAccessError, "cannot read"),
        "input is a directory": ([*enc, "--key", KEY, "--iv", IV, "-i", str(tmp)],
                                 E.FileAccessError,
                                 "cannot read"),
        "output dir missing": ([*enc, "--key", KEY, "--iv", IV, *i], E.FileAccessError,
                               "out does not exist"),
        "output is the input": ([*enc, "--key", KEY, "--iv", IV, *i], E.FileAccessError,
                                "is the input"),
        "software and core": ([*enc, "--key", KEY, "--iv", IV, "--software", "--core",
                               "speck_iter", *i], E.UsageError, "exclude each other"),
    }


BAD_CASES = ["key too short", "key too long", "IV too short", "IV missing", "IV in ECB",
             "key missing", "key not hex", "key odd length", "key empty", "IV not hex",
             "IV odd length", "unknown cipher",
             "unknown mode", "key given as cipher name", "unknown core", "core lacks cipher",
             "core contradicts cipher",
             "core runs another mode", "unknown hardware mode", "bad core parameter",
             "truncated ciphertext", "bad padding", "missing input file",
             "input is a directory", "output dir missing", "output is the input",
             "software and core"]


@pytest.mark.parametrize("what", BAD_CASES)
def test_bad_input(what, tmp_path):
    cases = _bad_cases(tmp_path)
    assert sorted(cases) == sorted(BAD_CASES)
    args, error, text = cases[what]
    out = tmp_path / "out" / "o.bin" if what == "output dir missing" else tmp_path / "o.bin"
    if what == "output is the input":
        out = Path(args[args.index("-i") + 1])
    before = {p: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    rc, stdout, err = run([*args, "-o", str(out)])
    assert rc == error.exit_code, (what, rc, err)
    assert text in err, (what, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert KEY not in err and KEY[:12] not in err
    assert stdout == b""
    # no output file, no temporary file, the input untouched
    after = {p: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    assert after == before, what
    assert not (tmp_path / "out").exists()


def test_no_core_for_cipher(monkeypatch, tmp_path):
    """A cipher no registered core implements: told to use --software, an error, no file."""
    monkeypatch.setattr(cores, "cores_for", lambda cipher: [])
    out = tmp_path / "o.bin"
    rc, _, err = run(["encrypt", "speck128-128-ctr", "--key", KEY, "--iv", IV, "-o", str(out)],
                     b"abc")
    assert rc == E.UnsupportedCipherError.exit_code
    assert "no registered core implements speck128-128" in err and "--software" in err
    assert not out.exists()


def test_decrypt_on_an_encrypt_only_build(tmp_path):
    """--core aes_iter:DECRYPT=0 encrypts (ECB equals OpenSSL's) and decrypts CTR, but refuses
    to decrypt CBC: one clear error, non-zero exit, no output file."""
    key, iv = bytes(range(16)).hex(), IV
    data = bytes(range(40))
    out = tmp_path / "o.bin"
    core = ["--core", "aes_iter:DECRYPT=0"]
    rc, _, err = run(["encrypt", "aes-128-ecb", "--key", key, "-o", str(out), *core], data)
    assert rc == 0, err
    assert out.read_bytes() == openssl("aes-128-ecb", bytes.fromhex(key), None, data)
    ctr = tmp_path / "ctr.bin"
    assert run(["encrypt", "aes-128-ctr", "--key", key, "--iv", iv, "-o", str(ctr), *core],
               data)[0] == 0
    back = tmp_path / "back.bin"
    rc, _, err = run(["decrypt", "aes-128-ctr", "--key", key, "--iv", iv, "-i", str(ctr),
                      "-o", str(back), *core])
    assert rc == 0 and back.read_bytes() == data, err
    bad = tmp_path / "bad.bin"
    rc, _, err = run(["decrypt", "aes-128-ecb", "--key", key, "-i", str(out), "-o", str(bad),
                      *core])
    assert rc == E.UnsupportedCipherError.exit_code and "encrypts only" in err, err
    assert len(err.strip().splitlines()) == 1 and key not in err
    assert not bad.exists()


def test_failure_never_clobbers_an_existing_output(tmp_path):
    out = tmp_path / "o.bin"
    out.write_bytes(b"previous content")
    rc, _, _ = run(["decrypt", "speck128-128-cbc", "--key", KEY, "--iv", IV, "-o", str(out)],
                   b"\x01" * 17)
    assert rc == E.TruncatedInputError.exit_code and out.read_bytes() == b"previous content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.bin"]


def test_usage_errors_hide_keys():
    rc, _, err = run(["encrypt", "speck128-128-cbc", "--kye", KEY])
    assert rc == 2 and KEY not in err and "<hidden>" in err


# ---------------------------------------------------------------------------------------
# output paths that are not plain files: special files are made in a
# temporary directory, never a real /dev entry
# ---------------------------------------------------------------------------------------

_PLAIN = bytes(range(256)) * 40 + b"tail"


def _aes_cbc(tmp: Path) -> tuple[list[str], bytes]:
    """Arguments that encrypt an input file with AES-128-CBC (the reference model: the
    subject here is the output path) and the ciphertext pycryptodome gives for it."""
    from Crypto.Cipher import AES
    from Crypto.Util.Padding import pad

    src = tmp / "in.bin"
    src.write_bytes(_PLAIN)
    key, iv = bytes.fromhex(KEY), bytes.fromhex(IV)
    want = AES.new(key, AES.MODE_CBC, iv).encrypt(pad(_PLAIN, 16))
    return ["encrypt", "aes-128-cbc", "--key", KEY, "--iv", IV, "--software", "-i",
            str(src)], want


def test_output_to_a_fifo_is_written_in_order(tmp_path):
    args, want = _aes_cbc(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    t = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    t.start()
    rc, out, err = run([*args, "-o", str(fifo)])
    t.join(10)
    assert rc == 0, err
    assert got == [want] and out == b""
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "in.bin"]


def test_output_through_a_symlink_chain_replaces_the_final_file(tmp_path):
    args, want = _aes_cbc(tmp_path)
    (tmp_path / "data").mkdir()
    final = tmp_path / "data" / "ct.bin"
    final.write_bytes(b"old")
    os.chmod(final, 0o604)
    os.symlink("data/ct.bin", tmp_path / "l2")
    os.symlink(tmp_path / "l2", tmp_path / "l1")
    rc, _, err = run([*args, "-o", str(tmp_path / "l1")])
    assert rc == 0, err
    assert final.read_bytes() == want
    assert stat.S_IMODE(final.stat().st_mode) == 0o604
    assert os.readlink(tmp_path / "l1") == str(tmp_path / "l2")
    assert os.readlink(tmp_path / "l2") == "data/ct.bin"
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["ct.bin"]


@pytest.mark.skipif(os.geteuid() != 0, reason="os.mknod of a device needs root")
def test_output_to_device_nodes(tmp_path):
    """A node like /dev/null takes the output and stays a device; one like /dev/full is a
    clear error (exit 6), and stays a device."""
    args, _ = _aes_cbc(tmp_path)
    null, full = tmp_path / "null", tmp_path / "full"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    rc, out, err = run([*args, "-o", str(null)])
    assert rc == 0 and out == b"" and err == ""
    rc, out, err = run([*args, "-o", str(full)])
    assert rc == E.FileAccessError.exit_code and out == b""
    assert err.strip() == f"ciphercores: cannot write {full}: No space left on device"
    for node, minor in ((null, 3), (full, 7)):
        st = os.lstat(node)
        assert stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, minor)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full", "in.bin", "null"]


@pytest.mark.skipif(os.geteuid() != 0, reason="a link of another user needs os.lchown as root")
def test_output_symlink_of_another_user_in_a_sticky_directory_is_refused(tmp_path):
    """-o naming another user's link in a directory like /tmp (sticky, world-writable) to a
    0600 file of the user's: one line, exit 17, the file untouched; the
    user's own link beside it is followed as before."""
    args, want = _aes_cbc(tmp_path)
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    secret = tmp_path / "secret.bin"
    secret.write_bytes(b"root's own")
    os.chmod(secret, 0o600)
    os.symlink(secret, shared / "theirs")
    os.lchown(shared / "theirs", 65534, 65534)
    rc, out, err = run([*args, "-o", str(shared / "theirs")])
    assert rc == E.FileAccessError.exit_code and out == b""
    assert err == (f"ciphercores: cannot write {shared / 'theirs'}: {shared / 'theirs'} is a "
                   "symbolic link of another user (uid 65534) in a sticky world-writable "
                   "directory: not followed\n")
    assert secret.read_bytes() == b"root's own" and stat.S_IMODE(secret.stat().st_mode) == 0o600
    os.symlink(secret, shared / "mine")
    rc, _, err = run([*args, "-o", str(shared / "mine")])
    assert rc == 0, err
    assert secret.read_bytes() == want and os.readlink(shared / "mine") == str(secret)
    assert sorted(p.name for p in shared.iterdir()) == ["mine", "theirs"]


@pytest.mark.parametrize("what", ["directory", "link to a directory"])
def test_output_to_a_directory_is_an_error(tmp_path, what):
    args, _ = _aes_cbc(tmp_path)
    (tmp_path / "d").mkdir()
    if what != "directory":
        os.symlink("d", tmp_path / "link")
    name = tmp_path / ("d" if what == "directory" else "link")
    rc, out, err = run([*args, "-o", str(name)])
    assert rc == E.FileAccessError.exit_code and out == b"" and "is a directory" in err
    assert list((tmp_path / "d").iterdir()) == []


def test_output_to_own_stdout_link_in_a_real_process(tmp_path):
    """A link to /proc/self/fd/1 (what /dev/stdout is; made here in a temporary directory, so
    that a regression cannot replace the real one) writes to the pipe, and to a file opened
    for appending it appends, the link kept; -o - is stdout too."""
    args, want = _aes_cbc(tmp_path)
    os.symlink("/proc/self/fd/1", tmp_path / "stdout")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    base = [sys.executable, "-m", "ciphercores", *args]
    for out in (str(tmp_path / "stdout"), "-"):
        r = subprocess.run([*base, "-o", out], capture_output=True, env=env)
        assert r.returncode == 0 and r.stdout == want and r.stderr == b"", r.stderr
    log = tmp_path / "log.bin"
    log.write_bytes(b"kept: ")
    with open(log, "ab") as f:
        r = subprocess.run([*base, "-o", str(tmp_path / "stdout")], stdout=f,
                           stderr=subprocess.PIPE, env=env)
    assert r.returncode == 0, r.stderr
    assert log.read_bytes() == b"kept: " + want
    assert os.readlink(tmp_path / "stdout") == "/proc/self/fd/1"


def test_report_and_csv_outputs_follow_the_same_rules(tmp_path):
    """report DIR and bench --csv FILE: a file where a folder belongs, a missing directory
    and a directory where a file belongs are errors before any work, nothing touched."""
    (tmp_path / "f").write_bytes(b"keep")
    cases = [(["report", str(tmp_path / "f")], "exists and is not a directory"),
             (["report", str(tmp_path / "no" / "rep")], f"{tmp_path / 'no'} does not exist"),
             (["bench", "--csv", str(tmp_path / "no" / "x.csv")], "does not exist"),
             (["bench", "--csv", str(tmp_path)], "is a directory")]
    for argv, text in cases:
        rc, out, err = run(argv)
        assert rc == E.FileAccessError.exit_code and text in err and out == b"", (argv, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]
    assert (tmp_path / "f").read_bytes() == b"keep"


# ---------------------------------------------------------------------------------------
# verify, bench, cores
# ---------------------------------------------------------------------------------------

def test_verify_passes_and_fails(monkeypatch):
    rc, out, err = run(["verify", "speck_iter"])
    text = out.decode()
    assert rc == 0, err
    assert "speck128-128" in text and "PASS" in text and "0 failed" in text
    rc, out, _ = run(["verify", "speck_iter", "-P", "WORD=16", "-P", "KEY_WORDS=4"])
    assert rc == 0 and "speck32-64" in out.decode()
    # a wrong known answer must show as FAIL with a non-zero exit
    from ciphercores import kat as katmod

    real = katmod.kat
    monkeypatch.setattr(katmod, "kat", lambda c: [(k, p, bytes(len(ct))) for k, p, ct in real(c)])
    rc, out, _ = run(["verify", "speck_iter"])
    assert rc == 1 and "FAIL" in out.decode()
    monkeypatch.setattr(katmod, "kat", lambda c: [])
    rc, out, _ = run(["verify", "speck_iter"])
    assert rc == 1 and "NO VECTORS" in out.decode()
    rc, _, err = run(["verify", "speck_iter", "-P", "WORD=5"])
    assert rc == E.BadParameterError.exit_code and "not allowed" in err
    rc, _, err = run(["verify", "ofb(speck_iter)"])
    assert rc == E.UnsupportedCipherError.exit_code and "verify speck_iter" in err


def test_verify_all_sets(monkeypatch):
    core = cores.get("speck_iter")
    sets = ({"WORD": 64, "KEY_WORDS": 2}, {"WORD": 16, "KEY_WORDS": 4})
    monkeypatch.setitem(cores.CORES, "speck_iter",
                        dataclasses.replace(core, test_sets=sets))
    rc, out, err = run(["verify", "speck_iter", "--all-sets"])
    text = out.decode()
    assert rc == 0, err
    assert "speck128-128" in text and "speck32-64" in text and "2 passed, 0 failed" in text


def test_progress_bar_on_a_terminal(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    class Dev:
        class cycles:  # noqa: N801
            blocks = 1000

    monkeypatch.setattr(sys, "stderr", Tty())
    bar = Progress(Dev, 10_000, enabled=True)
    bar(4000, 9000)
    bar.finish()
    assert " 50.0%" in sys.stderr.getvalue()
    quiet = Progress(Dev, 100, enabled=True)  # small inputs: no bar
    assert not quiet.enabled


def test_bench_and_cores():
    rc, out, err = run(["bench", "cosim", "speck_iter", "--blocks", "2000"])
    assert rc == 0, err
    assert "Mcycles/s" in out.decode() and "speck_iter" in out.decode()
    rc, out, _ = run(["cores"])
    assert rc == 0 and "speck_iter" in out.decode()


@pytest.mark.parametrize("view", ["", "--wide"])
def test_cores_lists_the_cycle_figures_of_each_cipher(view):
    """`ciphercores cores`: one line per cipher whose figures differ (aes_iter: per key
    length), each naming the cipher its figures are for; one line for the TDES keying options
    (the same figures: "all" of its ciphers in the 100-column table, named in --wide)."""
    rc, out, _ = run(["cores", *filter(None, [view])])
    assert rc == 0
    rows = [re.split(r"\s{2,}", x.strip()) for x in out.decode().splitlines()]
    figures = {}
    for cols in rows:  # "cycles for", latency, interval, key setup: after the core's ciphers
        for i, c in enumerate(cols[:-3]):
            if all(v.replace(",", "").isdigit() for v in cols[i + 1:i + 4]):
                figures.setdefault(c, []).append(
                    tuple(int(v.replace(",", "")) for v in cols[i + 1:i + 4]))
                break
    for name in ("aes_iter", "tdes_iter", "speck_iter"):
        for names, f in cores.get(name).cycle_table():
            label = "all" if not view and name == "tdes_iter" else ", ".join(names)
            assert (f["latency"], f["interval"], f["key_setup"]) in figures[label]
    assert (11, 10, 11) in figures["aes-128"] and (15, 14, 16) in figures["aes-256"]


def test_verbose_names_the_cipher_s_cycle_figures():
    """-v gives the registry's figures for the cipher run (aes-128 on aes_iter: interval 10,
    what the run took a block in CTR) and why the first key load took longer than its set-up."""
    rng = random.Random(4)
    args = ["encrypt", "aes-128-ctr", "--key", rng.randbytes(16).hex(), "--iv",
            rng.randbytes(16).hex(), "-v"]
    rc, _, err = run(args, rng.randbytes(16 * 500))
    assert rc == 0, err
    core, params = frontend.choose_core(modes.parse_name("aes-128-ctr"), None)
    f = core.cycles(params, "aes-128")
    assert f"registry for aes-128 on {core.name}: latency {f['latency']}, interval " \
           f"{f['interval']}" in err
    cycles, blocks = map(int, re.search(r"core: (\d+) cycles for (\d+) blocks", err).groups())
    assert round(cycles / blocks) == f["interval"] == 10
    key = int(re.search(r"key load (\d+) cycles before", err).group(1))
    assert key > f["key_setup"] and frontend.FIRST_KEY_NOTE in err.replace("\nciphercores: ", " ")


# ---------------------------------------------------------------------------------------
# properties (hypothesis)
# ---------------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_parse_hex_never_echoes(text):
    """Any text: parse_hex returns the bytes it spells or raises BadHexError whose message
    does not contain the text."""
    try:
        got = frontend.parse_hex("--key", text)
    except BadHexError as e:
        if len(text.strip()) >= 4:
            assert text.strip() not in str(e)
        return
    t = text.strip()
    assert got == bytes.fromhex(t[2:] if t[:2].lower() == "0x" else t)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=300), mode=st.sampled_from(modes.MODES),
       key=st.binary(min_size=16, max_size=16), iv=st.binary(min_size=16, max_size=16))
def test_rtl_round_trip_property(data, mode, key, iv):
    """Any input, any mode: the RTL result equals the model's and decrypts back."""
    name = f"speck128-128-{mode}"
    ivarg = ["--iv", iv.hex()] if mode != "ecb" else []
    rc, ct, err = run(["encrypt", name, "--key", key.hex(), *ivarg], data)
    assert rc == 0, err
    assert ct == modes.encrypt(models.new("speck128-128", key), mode, data,
                               iv if mode != "ecb" else None)
    rc, back, err = run(["decrypt", name, "--key", key.hex(), *ivarg], ct)
    assert rc == 0 and back == data


_TOKENS = st.sampled_from(["encrypt", "decrypt", "speck128-128-cbc", "aes-128-ecb", "bf-ofb",
                           "aes-128-gcm", "--key", "--iv", "-K", "--software", "--no-pad", "-v",
                           "--core", "--aad", "--aad-file", "speck_iter", "-i", "/nonexistent",
                           KEY, IV, "zz", "", "0x00"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argv=st.lists(_TOKENS, max_size=9), data=st.binary(max_size=64))
def test_any_arguments_fail_cleanly(argv, data):
    """Any argument list: an exit status (0, or the documented non-zero ones), never an
    internal error or traceback, and never the key in the messages."""
    rc, _, err = run(argv, data)
    assert rc in E.EXIT_CODES and rc != E.EXIT_INTERNAL, (argv, rc, err)
    assert "Traceback" not in err and "internal error" not in err
    assert KEY not in err


def test_cores_gives_the_key_setup_time_at_the_measured_fmax():
    """`ciphercores cores --wide`: the key set-up also as a time, at the Fmax measured for the
    core's defaults (the archive docs/measurements.json), marked † where that record is
    stale, as the pages mark it; '-' for a core without one. --json gives the Fmax and
    whether its record is stale."""
    import json

    from ciphercores.cli import cores as cores_cli
    from ciphercores.datasheets import time_at
    from ciphercores.synth import flow, results

    rc, out, _ = run(["cores", "--wide"])
    assert rc == 0 and "key setup time" in out.decode()
    rc, js, _ = run(["cores", "--json"])
    doc = {e["name"]: e for e in json.loads(js)}
    for name in ("bf_iter", "aes_pipe", "gcm(aes_iter)"):
        core = cores.get(name)
        ks = core.cycle_table()[0][1]["key_setup"]  # the first line's cipher's (aes-128-gcm)
        try:
            rec = flow.recorded(core, None, *results.README_CONFIG, stale=True)
        except flow.NotCached:
            rec = None
        fmax = rec["fmax_mhz"] if rec else None
        assert cores_cli._fmax(core) == fmax
        assert (doc[name]["fmax_mhz"], doc[name]["fmax_stale"]) == \
            (fmax, bool(rec and rec.get("stale")))
        line = next(x for x in out.decode().splitlines() if x.startswith(name + " "))
        want = time_at(ks, fmax) + ("†" if rec.get("stale") else "") if fmax else "-"
        assert re.search(rf"\s{ks}\s+{re.escape(want)}\s", line), line


def _cores_rows(*args: str) -> list[list[str]]:
    rc, out, err = run(["cores", *args])
    assert rc == 0, err
    return [re.split(r"\s{2,}", x.strip()) for x in out.decode().splitlines() if x.strip()]


def test_cores_lists_the_gcm_cores():
    """The GCM cores are listed as the README table and the datasheets list them, last, one
    row per cipher whose cycle figures differ (the registry's)."""
    rows = _cores_rows()
    names = [r[0] for r in rows if r[0] in {c.name for c in cores.every()}]
    assert names == [c.name for c in cores.every(cores.LISTED_KINDS)]
    for name in ("gcm(aes_iter)", "gcm(aes_pipe)"):
        core = cores.get(name)
        at = next(i for i, r in enumerate(rows) if r[0] == name)
        table = core.cycle_table()
        for i, (ciphers, f) in enumerate(table):
            row = rows[at + i]
            # "cycles for": the cipher, or "all" where one row holds for every cipher
            label = "all" if len(table) == 1 else ", ".join(ciphers)
            cells = row[len(row) - 1 - row[::-1].index(label):]
            assert cells[1:4] == [str(f["latency"]), str(f["interval"]),
                                  f"{f['key_setup']:,}"], row


def test_cores_fits_a_100_column_terminal():
    """The default table and its notes fit 100 columns; --wide is the full table (every
    figure, the key set-up time, the default core of each cipher); --json the same data for
    a program, --all with every composition (mode cores, bus wrappers) too."""
    import json

    from ciphercores.distribution import fusesoc

    rc, out, _ = run(["cores"])
    assert rc == 0 and max(len(x) for x in out.decode().splitlines()) <= 100
    assert "--all" in out.decode() and "--wide" in out.decode()
    rc, wide, _ = run(["cores", "--wide"])
    assert rc == 0 and all(h in wide.decode() for h in ("key setup time", "default for"))
    rc, js, _ = run(["cores", "--json"])
    assert rc == 0
    doc = json.loads(js)
    assert [e["name"] for e in doc] == [c.name for c in cores.every(cores.LISTED_KINDS)]
    gcm = next(e for e in doc if e["name"] == "gcm(aes_iter)")
    core = cores.get("gcm(aes_iter)")
    assert gcm["kind"] == "gcm" and gcm["top"] == "gcm_aes_iter"
    assert gcm["params"] == core.params()
    assert gcm["fusesoc"] == fusesoc.vlnv("cores", "gcm_aes_iter")
    assert gcm["cycles"][0] == {"ciphers": ["aes-128-gcm"], **core.cycles(None, "aes-128-gcm")}
    rc, js, _ = run(["cores", "--json", "--all"])
    assert rc == 0
    every = json.loads(js)
    assert [e["name"] for e in every] == [c.name for c in cores.every()]
    bus = next(e for e in every if e["name"] == "wb(cbc(aes_iter))")
    assert bus["kind"] == "bus" and bus["base"] == "cbc(aes_iter)" and bus["cycles"] == []
    listed = {r[0] for r in _cores_rows("--all")}
    assert {c.name for c in cores.every()} <= listed
    # with every composition too (the longest names: axil(cbc(speck_pipe)) ...)
    rc, out, _ = run(["cores", "--all"])
    assert rc == 0 and max(len(x) for x in out.decode().splitlines()) <= 100
