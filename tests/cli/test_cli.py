# SPDX-License-Identifier: Apache-2.0
"""The `ciphercores` command: encrypt/decrypt through the RTL (driver) and the model, byte for
byte as `openssl enc`; verify, bench, cores; every bad-input case of issue 8.

Most cases run the CLI in-process (``cli.main``) with stdin/stdout replaced; a few run it as
a real process for the stdin/stdout plumbing and exit statuses.
"""

from __future__ import annotations

import dataclasses
import io
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ciphercores import cli, cores, frontend, models, modes
from ciphercores import errors as E
from ciphercores.cli.crypt import Progress
from ciphercores.errors import BadHexError, FileAccessError
from ciphercores.outfile import write_atomic

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
        "key not hex": ([*enc, "--key", KEY[:-1] + "g", "--iv", IV, *i],
                        E.BadHexError, "not an even"),
        "key odd length": ([*enc, "--key", KEY[:-1], "--iv", IV, *i], E.BadHexError, "not an even"),
        "IV not hex": ([*enc, "--key", KEY, "--iv", "zz" * 16, *i], E.BadHexError, "--iv is not"),
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
        "core lacks cipher": ([*enc, "--key", KEY, "--iv", IV,
                               "--core", "speck_iter:WORD=32,KEY_WORDS=4", *i],
                               E.UnsupportedCipherError,
                              "not speck128-128"),
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
        "output dir missing": ([*enc, "--key", KEY, "--iv", IV, *i],
                               E.FileAccessError, "not writable"),
        "output is the input": ([*enc, "--key", KEY, "--iv", IV, *i],
                                E.FileAccessError, "is the input"),
        "software and core": ([*enc, "--key", KEY, "--iv", IV, "--software", "--core",
                               "speck_iter", *i], E.UsageError, "exclude each other"),
    }


BAD_CASES = ["key too short", "key too long", "IV too short", "IV missing", "IV in ECB",
             "key missing", "key not hex", "key odd length", "IV not hex", "unknown cipher",
             "unknown mode", "key given as cipher name", "unknown core", "core lacks cipher",
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


def test_write_atomic_leaves_nothing_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "o.bin"

    def boom(*a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(FileAccessError, match="No space left"):
        write_atomic(target, b"data")
    assert list(tmp_path.iterdir()) == []


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
                           "--key", "--iv", "-K", "--software", "--no-pad", "-v", "--core",
                           "speck_iter", "-i", "/nonexistent", KEY, IV, "zz", "", "0x00"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argv=st.lists(_TOKENS, max_size=9), data=st.binary(max_size=64))
def test_any_arguments_fail_cleanly(argv, data):
    """Any argument list: an exit status (0, or the documented non-zero ones), never an
    internal error or traceback, and never the key in the messages."""
    rc, _, err = run(argv, data)
    assert rc in (0, 1, 2, 3, 4, 5, 6), (argv, rc, err)
    assert "Traceback" not in err and "internal error" not in err
    assert KEY not in err
