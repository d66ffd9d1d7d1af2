# SPDX-License-Identifier: Apache-2.0
"""`ciphercores encrypt/decrypt aes-*-gcm`: every Wycheproof case through the command, random
messages against `cryptography`'s AESGCM, and the rule that a failed decryption (a wrong tag,
a wrong AAD, a truncated input) writes nothing anywhere: not a regular file, not through a
symbolic link, not to stdout or a pipe. The command's default runs GCM whole in the simulated
hardware (gcm(aes_iter), the core's verdict deciding), so these run the RTL; the other ways
(gcm(aes_pipe), the host's GCM around aes_iter, the model) in test_where_gcm_runs and
test_random_on_other_cores.

Most cases run the command in this process (``cli.main``, as tests/cli/test_cli.py does); a
few run it as a real process.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys

import pytest
from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ciphercores import cli, frontend, models, modes
from ciphercores import errors as E
from ciphercores.cli import crypt
from ciphercores.vectors import load_json

WYCHEPROOF = "aes/gcm/wycheproof_aes_gcm_test.json"
KEY = "5eed" * 8  # 16 bytes, recognisable in any output
IV = "cafebabefacedbaddecaf888"
AUTH = E.AuthenticationError.exit_code
#: gcm(aes_pipe)'s parameters (but KEY_BITS) of its AES-256 set in tests/driver/test_driver_gcm.py
PIPE_256 = "SUBREG=0,MIXREG=0,GHASH_P=4"


def run(args: list[str], stdin: bytes = b"") -> tuple[int, bytes, str]:
    """Run the CLI in this process: (exit status, stdout bytes, stderr text); stdout is not a
    file, so the command treats it as it treats a pipe (no atomic replace)."""
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


def _name(key: bytes) -> str:
    return f"aes-{8 * len(key)}-gcm"


def _files(tmp_path) -> list[str]:
    return sorted(p.name for p in tmp_path.iterdir())


# ---------------------------------------------------------------------------------------
# Wycheproof: every valid case equal, every invalid case refused with no output file
# ---------------------------------------------------------------------------------------

def test_wycheproof_every_case_through_the_command(tmp_path):
    """Valid cases: `encrypt` gives ct || tag, `decrypt` of it gives the message back (to a
    file). Invalid cases (a changed tag): `decrypt` exits 25 with one line and leaves no
    output file. The cases with an empty IV cannot be given an IV at all: the command refuses
    them for the missing IV (exit 5), again with no output file."""
    data = load_json(WYCHEPROOF)
    src, out = tmp_path / "in.bin", tmp_path / "out.bin"
    seen = {"valid": 0, "invalid": 0, "no IV": 0}
    for group in data["testGroups"]:
        for t in group["tests"]:
            key, iv, aad, msg, ct, tag = (bytes.fromhex(t[k]) for k in
                                          ("key", "iv", "aad", "msg", "ct", "tag"))
            args = [_name(key), "--key", key.hex(), "--aad", aad.hex()]
            args += ["--iv", iv.hex()] if iv else []
            where = f"tcId {t['tcId']}"
            if t["result"] == "valid":
                seen["valid"] += 1
                rc, got, err = run(["encrypt", *args], msg)
                assert rc == 0 and got == ct + tag, (where, err)
                src.write_bytes(ct + tag)
                rc, _, err = run(["decrypt", *args, "-i", str(src), "-o", str(out)])
                assert rc == 0 and out.read_bytes() == msg, (where, err)
                out.unlink()
                continue
            src.write_bytes(ct + tag)
            rc, stdout, err = run(["decrypt", *args, "-i", str(src), "-o", str(out)])
            if not iv:
                seen["no IV"] += 1
                assert rc == E.IVSizeError.exit_code and "IV of 12 bytes" in err, where
            else:
                seen["invalid"] += 1
                assert rc == AUTH and "the tag does not match" in err, (where, rc, err)
            assert len(err.strip().splitlines()) == 1 and key.hex() not in err, where
            assert stdout == b"" and _files(tmp_path) == ["in.bin"], where
    assert seen == {"valid": 229, "invalid": 81, "no IV": 6}


def test_real_processes_stdin_stdout_and_a_failure(tmp_path):
    """Through `python -m ciphercores`: stdin to stdout and back, equal to cryptography; a
    changed tag exits 25 with nothing on stdout and one line on stderr without the key."""
    rng = random.Random(30)
    key, iv, aad = rng.randbytes(32), rng.randbytes(12), b"header"
    data = bytes(range(256)) * 3 + b"\x00\r\n\x1a"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    base = [sys.executable, "-m", "ciphercores"]
    args = ["aes-256-gcm", "--key", key.hex(), "--iv", iv.hex(), "--aad", aad.hex()]
    enc = subprocess.run([*base, "encrypt", *args], input=data, capture_output=True, env=env)
    assert enc.returncode == 0, enc.stderr
    assert enc.stdout == AESGCM(key).encrypt(iv, data, aad)
    dec = subprocess.run([*base, "decrypt", *args], input=enc.stdout, capture_output=True,
                         env=env)
    assert dec.returncode == 0 and dec.stdout == data, dec.stderr
    bad = enc.stdout[:-1] + bytes([enc.stdout[-1] ^ 1])
    for text in (bad, enc.stdout[:10]):
        r = subprocess.run([*base, "decrypt", *args], input=text, capture_output=True, env=env)
        assert r.returncode == AUTH and r.stdout == b"", r.stderr
        assert b"Traceback" not in r.stderr and key.hex().encode() not in r.stderr
        assert len(r.stderr.decode().strip().splitlines()) == 1


# ---------------------------------------------------------------------------------------
# random messages against cryptography
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_random_against_cryptography(seed, tmp_path, monkeypatch):
    """Random keys (16/24/32 bytes), IVs of cryptography's lengths (8 to 128 bytes), AADs
    and messages of random lengths (empty and partial blocks included), the AAD as --aad or
    --aad-file, read in chunks of 64 bytes: the command's output equals AESGCM.encrypt, and
    the command decrypts AESGCM's output back."""
    monkeypatch.setattr(crypt, "CHUNK", 64)
    rng = random.Random(f"gcm-cli-{seed}")
    aad_file = tmp_path / "aad.bin"
    for i in range(25):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        iv = rng.randbytes(rng.choice((8, 12, 12, 13, 16, 60, 128)))
        aad = rng.randbytes(rng.choice((0, 1, 15, 16, 17, rng.randrange(80))))
        data = rng.randbytes(rng.choice((0, 1, 15, 16, 17, 63, 64, 65, rng.randrange(400))))
        args = [_name(key), "--key", key.hex(), "--iv", iv.hex()]
        if i % 2:
            aad_file.write_bytes(aad)
            args += ["--aad-file", str(aad_file)]
        elif aad:
            args += ["--aad", aad.hex()]
        want = AESGCM(key).encrypt(iv, data, aad)
        rc, got, err = run(["encrypt", *args], data)
        assert rc == 0 and got == want, (i, err)
        rc, back, err = run(["decrypt", *args], want)
        assert rc == 0 and back == data, (i, err)


def test_where_gcm_runs():
    """By default gcm(aes_iter) runs the whole of GCM in the simulated hardware, and -v says
    so; --core 'gcm(aes_pipe)' the pipelined GCM core (configured for the key length);
    --core aes_iter runs AES in the RTL with GCM on the host; --software the model: the same
    bytes every way. A mode core for GCM, or a GCM core for another mode, is refused."""
    rng = random.Random(5)
    key, iv, data = rng.randbytes(16), rng.randbytes(12), rng.randbytes(100)
    want = AESGCM(key).encrypt(iv, data, b"\x00\xff")
    args = ["encrypt", "aes-128-gcm", "--key", key.hex(), "--iv", iv.hex(), "--aad", "00ff"]
    rc, hw, err = run([*args, "-v"], data)
    assert rc == 0 and hw == want, err
    assert "GCM and AES in hardware: Verilator co-simulation of gcm_aes_iter" in err
    assert "cycles for 7 blocks" in err and "registry for aes-128 on gcm(aes_iter)" in err
    rc, sw, err = run([*args, "--software", "-v"], data)
    assert rc == 0 and sw == want and "reference model" in err
    rc, rtl, err = run([*args, "--core", "aes_iter", "-v"], data)
    assert rc == 0 and rtl == want, err
    assert "Verilator co-simulation of aes_iter" in err and "GCM (counters, GHASH" in err
    assert "cycles for 9 blocks" in err  # H, seven counter blocks, E(J0)
    rc, back, err = run(["decrypt", *args[1:], "--core", "gcm(aes_pipe)", "-v"], want)
    assert rc == 0 and back == data and "gcm_aes_pipe" in err and "the core's verdict" in err
    # KEY_BITS from the cipher, the other parameters given: the AES-256 set of
    # tests/driver/test_driver_gcm.py, whose co-simulation build this shares
    key256 = rng.randbytes(32)
    rc, out, err = run(["encrypt", "aes-256-gcm", "--key", key256.hex(), "--iv", iv.hex(),
                        "--core", f"gcm(aes_pipe):{PIPE_256}", "-v"], data)
    assert rc == 0 and out == AESGCM(key256).encrypt(iv, data, None), err
    assert "KEY_BITS=256" in err
    rc, _, err = run([*args, "--core", "ctr(aes_iter)"], data)
    assert rc == E.UnsupportedCipherError.exit_code and "runs CTR, not aes-128-gcm" in err
    rc, out, err = run(["encrypt", "aes-128-ctr", "--key", key.hex(), "--iv", "00" * 16,
                        "--core", "gcm(aes_iter)"], data)
    assert rc == E.UnsupportedCipherError.exit_code and out == b""
    assert "runs GCM, not aes-128-ctr" in err
    assert [c.name for c, _ in frontend.aead_cores(modes.parse_name("aes-192-gcm"))] == \
        ["gcm(aes_iter)", "gcm(aes_pipe)"]


@pytest.mark.parametrize("core", ["aes_iter", "gcm(aes_pipe)"])
def test_random_on_other_cores(core, monkeypatch):
    """Random messages through the host's GCM around aes_iter and through gcm(aes_pipe) (the
    default gcm(aes_iter) runs every other test of this file), read in chunks of 48 bytes."""
    monkeypatch.setattr(crypt, "CHUNK", 48)
    rng = random.Random(f"gcm-cli-{core}")
    for i in range(8):
        key = rng.randbytes(16)
        iv = rng.randbytes(rng.choice((12, 12, 1, 16, 60)))
        aad = rng.randbytes(rng.choice((0, 1, 16, rng.randrange(50))))
        data = rng.randbytes(rng.choice((0, 1, 15, 16, 17, rng.randrange(300))))
        c = AES.new(key, AES.MODE_GCM, nonce=iv)
        c.update(aad)
        want = b"".join(c.encrypt_and_digest(data))
        args = [_name(key), "--key", key.hex(), "--iv", iv.hex(), "--aad", aad.hex(),
                "--core", core]
        rc, got, err = run(["encrypt", *args], data)
        assert rc == 0 and got == want, (i, err)
        rc, back, err = run(["decrypt", *args], want)
        assert rc == 0 and back == data, (i, err)
        rc, back, err = run(["decrypt", *args], want[:-1] + bytes([want[-1] ^ 4]))
        assert rc == AUTH and back == b"" and "the tag does not match" in err, (i, err)


# ---------------------------------------------------------------------------------------
# nothing written on a failure
# ---------------------------------------------------------------------------------------

def _message(n: int = 1000, aad: bytes = b"hdr") -> tuple[list[str], bytes, bytes]:
    key, iv = bytes.fromhex(KEY), bytes.fromhex(IV)
    data = random.Random(n).randbytes(n)
    args = ["aes-128-gcm", "--key", KEY, "--iv", IV, "--aad", aad.hex()]
    return args, data, AESGCM(key).encrypt(iv, data, aad)


@pytest.mark.parametrize("what", ["changed tag", "changed ciphertext", "wrong AAD",
                                  "truncated", "shorter than a tag"])
def test_a_failure_leaves_files_and_links_as_they_were(what, tmp_path, monkeypatch):
    """A failed decryption into an existing file, and through a symbolic link to one, leaves
    the file as it was (and the link a link), no temporary file behind; many chunks of
    plaintext had been made before the tag was checked."""
    monkeypatch.setattr(crypt, "CHUNK", 64)
    args, _, ct = _message()
    if what == "changed tag":
        ct = ct[:-1] + bytes([ct[-1] ^ 0x80])
    elif what == "changed ciphertext":
        ct = bytes([ct[0] ^ 1]) + ct[1:]
    elif what == "wrong AAD":
        args[-1] = b"hdR".hex()
    elif what == "truncated":
        ct = ct[:-5]
    else:
        ct = ct[:15]
    src, out = tmp_path / "ct.bin", tmp_path / "data" / "pt.bin"
    src.write_bytes(ct)
    out.parent.mkdir()
    out.write_bytes(b"previous")
    os.symlink("data/pt.bin", tmp_path / "link")
    for dest in (out, tmp_path / "link"):
        rc, stdout, err = run(["decrypt", *args, "-i", str(src), "-o", str(dest)])
        assert rc == AUTH and stdout == b"", err
        assert ("shorter than the 16-byte tag" if what == "shorter than a tag"
                else "the tag does not match") in err
        assert out.read_bytes() == b"previous"
        assert os.readlink(tmp_path / "link") == "data/pt.bin"
        assert _files(tmp_path) == ["ct.bin", "data", "link"] and _files(out.parent) == ["pt.bin"]


@pytest.mark.parametrize("spool", [64 << 20, 100])
def test_stdout_gets_nothing_until_the_tag_has_passed(spool, monkeypatch):
    """To stdout the plaintext is spooled (in memory, or past SPOOL_MEMORY bytes in a
    temporary file) and written only after the tag has passed: a bad tag after many chunks
    writes nothing; a good message comes out whole."""
    monkeypatch.setattr(crypt, "CHUNK", 64)
    monkeypatch.setattr(crypt, "SPOOL_MEMORY", spool)
    args, data, ct = _message(3000)
    rc, stdout, err = run(["decrypt", *args], ct[:-1] + bytes([ct[-1] ^ 1]))
    assert rc == AUTH and stdout == b"" and "the tag does not match" in err
    rc, stdout, err = run(["decrypt", *args], ct)
    assert rc == 0 and stdout == data, err


def test_a_fifo_gets_nothing_on_a_failure(tmp_path, monkeypatch):
    """A FIFO (written directly, never replaced) is opened only once the tag has passed: on a
    failure no reader ever sees a byte (the FIFO is never even opened for writing)."""
    import threading

    monkeypatch.setattr(crypt, "CHUNK", 64)
    args, data, ct = _message(500)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    rc, _, err = run(["decrypt", *args, "-o", str(fifo)], ct[:-1] + bytes([ct[-1] ^ 1]))
    assert rc == AUTH and "the tag does not match" in err
    reader.join(0.5)  # had the FIFO been opened and closed, the reader would be done by now
    assert got == [] and reader.is_alive()
    rc, _, err = run(["decrypt", *args, "-o", str(fifo)], ct)
    reader.join(10)
    assert rc == 0 and got == [data], err


# ---------------------------------------------------------------------------------------
# the options
# ---------------------------------------------------------------------------------------

def test_aad_and_aad_file_are_the_same_and_exclusive(tmp_path):
    key, iv, aad, data = bytes.fromhex(KEY), bytes.fromhex(IV), b"\x00associated\xff", b"m" * 40
    (tmp_path / "aad").write_bytes(aad)
    base = ["encrypt", "aes-128-gcm", "--key", KEY, "--iv", IV]
    rc, a, _ = run([*base, "--aad", aad.hex()], data)
    rc2, b, _ = run([*base, "--aad-file", str(tmp_path / "aad")], data)
    assert rc == rc2 == 0 and a == b == AESGCM(key).encrypt(iv, data, aad)
    # no AAD: none given, an empty --aad, an empty file
    (tmp_path / "empty").write_bytes(b"")
    none = AESGCM(key).encrypt(iv, data, None)
    for extra in ([], ["--aad", ""], ["--aad", "0x"], ["--aad-file", str(tmp_path / "empty")]):
        rc, out, err = run([*base, *extra], data)
        assert rc == 0 and out == none, (extra, err)
    rc, out, err = run([*base, "--aad", "00", "--aad-file", str(tmp_path / "aad")], data)
    assert rc == 2 and "not allowed with argument" in err and out == b""


def _bad_cases(tmp) -> dict[str, tuple[list[str], type, str]]:
    enc = ["encrypt", "aes-128-gcm"]
    i = ["-i", str(tmp / "in.bin")]
    return {
        "AAD file missing": ([*enc, "--key", KEY, "--iv", IV, "--aad-file", str(tmp / "no"), *i],
                             E.FileAccessError, "cannot read the AAD file"),
        "AAD not hex": ([*enc, "--key", KEY, "--iv", IV, "--aad", "xyz0", *i], E.BadHexError,
                        "--aad is not hexadecimal"),
        "AAD odd length": ([*enc, "--key", KEY, "--iv", IV, "--aad", "abc", *i], E.BadHexError,
                           "--aad has an odd number of hex digits"),
        "AAD in CTR": (["encrypt", "aes-128-ctr", "--key", KEY, "--iv", IV + "00" * 4,
                        "--aad", "00", *i], E.UsageError, "for GCM only"),
        "key 15 bytes": ([*enc, "--key", KEY[:-2], "--iv", IV, *i], E.KeySizeError,
                         "aes-128: key is 15 bytes"),
        "key 24 bytes for aes-128": ([*enc, "--key", KEY + "00" * 8, "--iv", IV, *i],
                                     E.KeySizeError, "key is 24 bytes"),
        "key 16 bytes for aes-256": (["encrypt", "aes-256-gcm", "--key", KEY, "--iv", IV, *i],
                                     E.KeySizeError, "key is 16 bytes"),
        "IV missing": ([*enc, "--key", KEY, *i], E.IVSizeError,
                       "any IV length from 1 byte; 12 is recommended"),
        "IV empty": ([*enc, "--key", KEY, "--iv", "", *i], E.BadHexError, "--iv is empty"),
        "IV not hex": ([*enc, "--key", KEY, "--iv", "zz", *i], E.BadHexError,
                       "--iv is not hexadecimal"),
        "GCM of SPECK": (["encrypt", "speck128-128-gcm", "--key", KEY, "--iv", IV, *i],
                         E.UnknownCipherError, "unknown cipher"),
        "mode core for GCM": ([*enc, "--key", KEY, "--iv", IV, "--core", "ctr(aes_iter)", *i],
                              E.UnsupportedCipherError, "runs CTR, not aes-128-gcm"),
        "software and core": ([*enc, "--key", KEY, "--iv", IV, "--software", "--core",
                               "aes_iter", *i], E.UsageError, "exclude each other"),
    }


BAD = ["AAD file missing", "AAD not hex", "AAD odd length", "AAD in CTR", "key 15 bytes",
       "key 24 bytes for aes-128", "key 16 bytes for aes-256", "IV missing", "IV empty",
       "IV not hex", "GCM of SPECK", "mode core for GCM", "software and core"]


@pytest.mark.parametrize("what", BAD)
def test_bad_input(what, tmp_path):
    """One line, the error's exit status, no key bytes, no output file."""
    (tmp_path / "in.bin").write_bytes(b"plaintext")
    cases = _bad_cases(tmp_path)
    assert sorted(cases) == sorted(BAD)
    args, error, text = cases[what]
    rc, stdout, err = run([*args, "-o", str(tmp_path / "out.bin")])
    assert rc == error.exit_code and text in err, (what, rc, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert KEY not in err and stdout == b""
    assert _files(tmp_path) == ["in.bin"]


def test_the_model_s_gcm_is_what_the_command_runs():
    """The command and modes.gcm_encrypt agree for a 1-byte IV (beyond cryptography's range,
    pycryptodome's; the model's own tests compare it)."""
    from Crypto.Cipher import AES

    key, iv, data = bytes.fromhex(KEY), b"\x07", b"one-byte IV"
    rc, out, err = run(["encrypt", "aes-128-gcm", "--key", KEY, "--iv", "07"], data)
    assert rc == 0, err
    ct, tag = modes.gcm_encrypt(models.new("aes-128", key), iv, data)
    assert out == ct + tag == b"".join(AES.new(key, AES.MODE_GCM, nonce=iv)
                                       .encrypt_and_digest(data))
