# SPDX-License-Identifier: Apache-2.0
"""`ciphercores enc` against the real `openssl enc` (3.0): the same command line through
both, bytes compared both ways; passwords (-pass, -k, -kfile), salts (-salt, -nosalt, -S),
PBKDF2 and the legacy EVP_BytesToKey, the Salted__ header, -a/-A, -p/-P, -nopad, OpenSSL's
warnings; the password options of encrypt/decrypt; the bad inputs. The expected bytes come
from the openssl binary, or (GCM and SPECK, which `openssl enc` lacks) from hashlib's PBKDF2
with `cryptography` or the reference model, never from ciphercores' own derivation.

The full matrix of ciphers runs on the reference model (--software); one hardware run per
cipher family on the cores tests/cli/test_cli.py builds; the whole matrix through the
hardware under -m slow.
"""

from __future__ import annotations

import hashlib
import io
import os
import random
import shutil
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ciphercores import cli, models, modes
from ciphercores import errors as E
from ciphercores.cli import encopts

OPENSSL = shutil.which("openssl")
pytestmark = pytest.mark.skipif(OPENSSL is None, reason="the openssl CLI is not installed "
                                "(CI installs Debian's openssl)")
LEGACY = ["-provider", "legacy", "-provider", "default"]

#: every name `openssl enc` and ciphercores share: AES in every mode and key size, the DES
#: family and Blowfish in theirs (no CTR for the 64-bit-block ciphers in OpenSSL)
NAMES = ([f"aes-{k}-{m}" for k in (128, 192, 256) for m in modes.MODES]
         + [f"{c}-{m}" for c in ("des-ede3", "des-ede", "des", "bf")
            for m in ("ecb", "cbc", "cfb", "ofb")])
#: one name a cipher family, on the cores tests/cli/test_cli.py already builds (the
#: cipher's default core, the mode in hardware)
HW_NAMES = ["aes-128-cbc", "des-ede3-cbc", "bf-cbc"]


def _legacy(name: str) -> list[str]:
    return LEGACY if name.startswith(("bf", "des-")) and not name.startswith("des-ede") else []


def ossl(args: list[str], stdin: bytes = b"") -> tuple[int, bytes, str]:
    """`openssl enc ARGS` (the legacy provider for DES and Blowfish)."""
    r = subprocess.run([OPENSSL, "enc", *args], input=stdin, capture_output=True)
    return r.returncode, r.stdout, r.stderr.decode(errors="replace")


def ours(args: list[str], stdin: bytes = b"") -> tuple[int, bytes, str]:
    """`ciphercores ARGS` in this process: (exit status, stdout bytes, stderr text)."""
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


def _password(rng: random.Random) -> bytes:
    """Empty, ASCII, long, or non-ASCII (UTF-8 and raw high bytes); never NUL or newline
    (a password ends at either in OpenSSL)."""
    kind = rng.randrange(5)
    if kind == 0:
        return b""
    if kind == 1:
        return bytes(rng.randrange(0x20, 0x7f) for _ in range(rng.randrange(1, 20)))
    if kind == 2:
        return bytes(rng.randrange(0x20, 0x7f) for _ in range(rng.randrange(200, 1200)))
    if kind == 3:
        return "pässwörd-密码-🔑".encode()[:rng.randrange(1, 30)] + b"x"
    return bytes(rng.choice([b for b in range(1, 256) if b != 10]) for _ in range(12))


def _roundtrip_both_ways(name: str, backend: list[str], rng: random.Random, tmp,
                         lengths: list[int]) -> int:
    """For each length: a random password in a file (-pass file:), PBKDF2 (random -iter, -md)
    or the legacy derivation, salted or not, base64 or not: our encryption decrypted by
    openssl, openssl's by us, and our bytes equal to openssl's for the salt we chose (the
    header, then openssl's output with -S of that salt). Returns the number of cases."""
    cm = modes.parse_name(name)
    pw = tmp / "pw"
    n = 0
    for length in lengths:
        for kdf in (["-pbkdf2"], ["-iter", str(rng.randrange(1, 40))], ["-md", "sha1"], []):
            for salt in (["-salt"], ["-nosalt"]):
                armour = rng.choice([[], ["-a"], ["-a", "-A"]])
                if cm.mode in ("cbc", "ecb") and length % cm.block_size == 0 \
                        and rng.random() < 0.2:
                    pad = ["-nopad"]
                else:
                    pad = []
                data = rng.randbytes(length)
                secret = _password(rng)  # an empty file is no password (openssl too)
                ends = [b"\n", b"\nrest\n"] + [b""] * bool(secret)
                pw.write_bytes(secret + rng.choice(ends))
                args = [f"-{name}", *kdf, *salt, *armour, *pad, "-pass", f"file:{pw}"]
                # the same -provider options as openssl's: accepted, no effect
                rc, enc, err = ours(["enc", *args, *backend, *_legacy(name)], data)
                assert rc == 0, (args, err)
                assert (("deprecated key derivation" in err) == (not kdf or kdf[0] == "-md")), err
                rc, back, err = ossl([*args, "-d", *_legacy(name)], enc)
                assert rc == 0 and back == data, (args, err)
                rc, theirs, err = ossl([*args, *_legacy(name)], data)
                assert rc == 0, err
                rc, back, err = ours(["enc", "-d", *args, *backend, *_legacy(name)], theirs)
                assert rc == 0 and back == data, (args, err)
                if salt == ["-salt"]:  # the same bytes as openssl for our salt
                    import base64
                    raw = base64.b64decode(enc) if armour else enc
                    assert raw[:8] == b"Salted__"
                    rc, body, _ = ossl([*args, "-S", raw[8:16].hex(), *_legacy(name)], data)
                    if armour:
                        body = base64.b64decode(body)
                    assert raw[16:] == body, args
                else:
                    assert enc == theirs, args
                n += 4
    return n


@pytest.mark.parametrize("name", NAMES)
def test_software_matrix_against_openssl(name, tmp_path):
    """Every shared name on the model: empty or two blocks, short, and up to 300 bytes;
    PBKDF2 and legacy; salted and not; binary, -a and -a -A; -nopad on whole blocks."""
    rng = random.Random(name)
    bs = modes.parse_name(name).block_size
    _roundtrip_both_ways(name, ["--software"], rng, tmp_path,
                         [rng.choice((0, bs * 2)), rng.randrange(1, bs), rng.randrange(50, 300)])


@pytest.mark.parametrize("name", HW_NAMES)
def test_hardware_against_openssl(name, tmp_path):
    """One name a family through its default core (the mode in hardware), small messages."""
    rng = random.Random("hw" + name)
    args = [f"-{name}", "-pbkdf2", "-pass", "pass:correct horse", "-a"]
    for length in (0, 33):
        data = rng.randbytes(length)
        rc, enc, err = ours(["enc", *args, "-v"], data)
        assert rc == 0 and "in hardware" in err, err
        assert "correct horse" not in err
        rc, back, err = ossl([*args, "-d", *_legacy(name)], enc)
        assert rc == 0 and back == data, err
        rc, theirs, _ = ossl([*args, *_legacy(name)], data)
        rc, back, err = ours(["enc", "-d", *args], theirs)
        assert rc == 0 and back == data, err


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_hardware_matrix_against_openssl(name, tmp_path):
    """The software matrix again through each name's default core."""
    rng = random.Random("slow" + name)
    bs = modes.parse_name(name).block_size
    _roundtrip_both_ways(name, [], rng, tmp_path, [0, bs + 1, 3000])


@pytest.mark.parametrize("name,klen,ivlen,backend", [
    ("aes-256-gcm", 32, 12, ["--software"]), ("speck128-256-cbc", 32, 16, ["--software"]),
    ("aes-128-gcm", 16, 12, []), ("speck128-128-cbc", 16, 16, [])])
def test_speck_and_gcm_use_the_same_derivation(name, klen, ivlen, backend):
    """SPECK and AES-GCM (no openssl enc), on the model and through the default cores
    (gcm(aes_iter), cbc(speck_iter)): Salted__ || salt || the ciphertext of the key and IV
    that hashlib's PBKDF2 gives (GCM: a 12-byte IV, the tag last, checked with
    cryptography's AESGCM; SPECK: the model, which the official vectors check); and back."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    data = b"attack at dawn" * 5
    args = ["enc", f"-{name}", "-pbkdf2", "-iter", "1000", "-pass", "pass:pw", *backend]
    rc, enc, err = ours([*args, "-v"], data)
    assert rc == 0 and ("in hardware" in err) == (not backend), err
    assert enc[:8] == b"Salted__"
    dk = hashlib.pbkdf2_hmac("sha256", b"pw", enc[8:16], 1000, klen + ivlen)
    key, iv = dk[:klen], dk[klen:]
    if name.endswith("gcm"):
        assert AESGCM(key).decrypt(iv, enc[16:], None) == data
    else:
        cipher = name.rpartition("-")[0]
        assert enc[16:] == modes.encrypt(models.new(cipher, key), "cbc", data, iv)
    rc, back, err = ours([*args[:1], "-d", *args[1:]], enc)
    assert rc == 0 and back == data, err


# ---------------------------------------------------------------------------------------
# -p, -P, warnings, password sources
# ---------------------------------------------------------------------------------------

def _no_salt_line(out: bytes) -> bytes:
    """openssl -P/-p with -K and no password prints a salt it never set (uninitialised
    memory): that line is left out of the comparison; ciphercores prints none."""
    return b"".join(line for line in out.splitlines(keepends=True)
                    if not line.startswith(b"salt="))


_MDS = ["md5", "sha1", "sha256", "sha512", "SHA384", "sha3-256"]
_HEX = st.text("0123456789abcdefABCDEF", min_size=0, max_size=70)


@st.composite
def _command_lines(draw):
    """An accepted command line: a shared cipher; a password (-pass pass:, -k) or -K; a
    salt of any length (-S) or -nosalt (a random salt cannot be compared); PBKDF2 with
    -iter or the legacy derivation; -md; -iv of any length; -e/-d; options spelt -opt,
    --opt or -opt=value; always -P."""
    name = draw(st.sampled_from(NAMES))
    opts: list[list[str]] = [[f"-{name}"], ["-P"]]
    pw = draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12))
    source = draw(st.sampled_from(["pass", "k", "K", "passK"]))
    if source in ("pass", "passK"):
        opts.append(["-pass", f"pass:{pw}"])
    if source == "k":
        opts.append(["-k", pw or "x"])
    if source in ("K", "passK"):
        opts.append(["-K", draw(_HEX.filter(lambda t: len(t) >= 1))])
    if draw(st.booleans()):  # a fixed salt or none: a random one cannot be compared
        opts.append(["-S", draw(_HEX.filter(lambda t: len(t) >= 1))])
    else:
        opts.append(["-nosalt"])
    if draw(st.booleans()):
        opts.append(["-iter", str(draw(st.integers(1, 50)))])
    elif draw(st.booleans()):
        opts.append(["-pbkdf2"])
    if draw(st.booleans()):
        opts.append(["-md", draw(st.sampled_from(_MDS))])
    if draw(st.booleans()) or source == "K":
        opts.append(["-iv", draw(_HEX.filter(lambda t: len(t) >= 1))])
    if draw(st.booleans()):
        opts.append([draw(st.sampled_from(["-e", "-d"]))])
    opts = draw(st.permutations(opts))
    argv = []
    for o in opts:
        dashes = draw(st.sampled_from(["-", "--"]))
        o = [dashes + o[0][1:], *o[1:]]
        if len(o) == 2 and draw(st.booleans()):
            o = [f"{o[0]}={o[1]}"]
        argv += o
    return argv


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(_command_lines())
def test_parser_property_print_key_equals_openssl(argv):
    """Any accepted command line: -P prints what openssl prints (salt, key, IV after the
    derivation, padding and cutting), with the same warnings on stderr."""
    name = next(a.lstrip("-") for a in argv if a.lstrip("-") in NAMES)
    rc1, out1, err1 = ossl([*argv, *_legacy(name)])
    rc2, out2, err2 = ours(["enc", *argv])
    assert rc1 == 0, err1
    assert rc2 == 0, err2
    if not any(a.lstrip("-").startswith(("pass", "k")) for a in argv):
        out1 = _no_salt_line(out1)
    assert out2 == out1, (argv, err2)
    assert err2 == err1, argv


@pytest.mark.parametrize("argv", [
    ["-aes-128-ecb", "-P", "-pass", "pass:", "-S", "0" * 15],   # found by the property above
    ["-aes-128-cbc", "-P", "-K", "1" * 31, "-iv", "2" * 31],
    ["-aes-128-cbc", "-P", "-K", "1" * 33, "-iv", "2" * 33],
], ids=["salt-15-digits", "key-iv-31-digits", "key-iv-33-digits"])
def test_an_odd_number_of_digits_warns_as_openssl(argv):
    """OpenSSL counts hex digits, not bytes: one digit short of the size is padded with its
    warning, although the odd digit already fills the last byte."""
    rc1, out1, err1 = ossl(argv)
    rc2, out2, err2 = ours(["enc", *argv])
    assert (rc1, rc2) == (0, 0), (err1, err2)
    if "-pass" not in argv:
        out1 = _no_salt_line(out1)
    assert (out2, err2) == (out1, err1)


def test_print_key_p_goes_with_the_data(tmp_path):
    """-p prints salt, key and IV on stdout before the data; -P prints them and writes
    nothing else (no output file)."""
    data = b"x" * 20
    args = ["-aes-192-cbc", "-pbkdf2", "-pass", "pass:pw", "-S", "00112233445566ff", "-p"]
    assert ours(["enc", *args, "--software"], data)[1] == ossl(args, data)[1]
    out = tmp_path / "o"
    rc, stdout, _ = ours(["enc", *args[:-1], "-P", "-out", str(out)], data)
    assert rc == 0 and stdout == ossl([*args[:-1], "-P"])[1] and not out.exists()


@pytest.mark.parametrize("source", ["pass", "env", "file", "fd", "stdin", "k", "kfile"])
def test_password_sources(source, tmp_path, monkeypatch):
    """Each password source gives openssl's key: -pass pass:/env:/file:/fd:/stdin, -k,
    -kfile (first line; -kfile also drops a trailing CR, file: keeps it)."""
    pw = "s3cret pw\r"
    (tmp_path / "pw").write_bytes(pw.encode() + b"\nsecond line\n")
    monkeypatch.setenv("CC_TEST_PW", pw)
    args = {"pass": ["-pass", f"pass:{pw}"], "env": ["-pass", "env:CC_TEST_PW"],
            "file": ["-pass", f"file:{tmp_path / 'pw'}"], "fd": None,
            "stdin": ["-pass", "stdin"], "k": ["-k", pw], "kfile": ["-kfile",
                                                                    str(tmp_path / "pw")]}
    common = ["-aes-128-cbc", "-pbkdf2", "-S", "0102030405060708", "-P"]
    if source == "fd":
        r, w = os.pipe()
        os.write(w, pw.encode() + b"\nmore")
        os.close(w)
        try:
            rc, out, err = ours(["enc", *common, "-pass", f"fd:{r}"])
        finally:
            os.close(r)
        want = ossl([*common, "-pass", "stdin"], pw.encode() + b"\n")[1]
    else:
        stdin = pw.encode() + b"\nthe data" if source == "stdin" else b""
        rc, out, err = ours(["enc", *common, *args[source]], stdin)
        want = ossl([*common, *args[source]], stdin)[1]
    assert rc == 0, err
    assert out == want
    if source == "kfile":
        assert out == ossl([*common, "-pass", "pass:s3cret pw"])[1]


def test_password_line_limits(tmp_path):
    """OpenSSL reads 1023 bytes of a -pass file:/stdin line and 127 of -kfile's, and refuses
    a -kfile line of one character ("zero length password"); a NUL ends a password."""
    common = ["-aes-128-cbc", "-pbkdf2", "-nosalt", "-P"]
    f = tmp_path / "pw"
    for content in (b"a" * 1100 + b"\n", b"b" * 1023, b"x\0y\n", b"xy\n", b"\n"):
        f.write_bytes(content)
        for src in (["-pass", f"file:{f}"], ["-kfile", str(f)]):
            theirs = ossl([*common, *src])
            rc, out, err = ours(["enc", *common, *src])
            assert (rc == 0) == (theirs[0] == 0), (content[:8], src, err)
            assert out == theirs[1], (content[:8], src)
    f.write_bytes(b"x\n")
    assert ossl([*common, "-kfile", str(f)])[0] != 0
    rc, _, err = ours(["enc", *common, "-kfile", str(f)])
    assert rc == E.PasswordError.exit_code and "zero length password" in err


def test_several_password_sources(tmp_path):
    """As openssl: the last of -k and -kfile wins, and either wins over -pass, wherever it
    stands (encrypt/decrypt refuse two sources: exit 2)."""
    (tmp_path / "pw").write_bytes(b"from the file\n")
    kfile = ["-kfile", str(tmp_path / "pw")]
    common = ["-aes-128-cbc", "-pbkdf2", "-nosalt", "-P"]
    for srcs in ([*kfile, "-k", "pw"], ["-k", "pw", *kfile], ["-pass", "pass:x", "-k", "pw"],
                 ["-k", "pw", "-pass", "pass:x"], [*kfile, "-pass", "pass:x"]):
        rc, out, err = ours(["enc", *common, *srcs])
        assert rc == 0 and out == ossl([*common, *srcs])[1], (srcs, err)
    rc, _, err = ours(["encrypt", "aes-128-cbc", "-k", "pw", "-pass", "pass:x", "-P"])
    assert rc == 2 and "not allowed with" in err


def test_pass_stdin_then_data_from_stdin():
    """-pass stdin takes the first line; the data is the rest of standard input."""
    stdin = b"pw\n" + b"the data that follows"
    args = ["-aes-128-ctr", "-pbkdf2", "-nosalt", "-pass", "stdin"]
    rc, out, err = ours(["enc", *args, "--software"], stdin)
    assert rc == 0 and out == ossl(args, stdin)[1], err


def test_lenient_sizes_and_warnings_in_enc_only():
    """-K/-iv/-S of the wrong length: enc pads or cuts with OpenSSL's warning; encrypt
    refuses (KeySizeError, IVSizeError, SaltSizeError)."""
    for extra in (["-K", "0011", "-iv", "ff" * 20], ["-K", "123", "-iv", "1"]):
        args = ["-aes-128-cbc", *extra, "-P"]
        rc, out, err = ours(["enc", *args])
        assert rc == 0 and out == _no_salt_line(ossl(args)[1]) and err == ossl(args)[2]
    rc, _, err = ours(["enc", "-aes-128-ecb", "-K", "00", "-iv", "00", "-P"])
    assert "warning: iv not used by this cipher" in err
    base = ["encrypt", "aes-128-cbc", "--software"]
    assert ours([*base, "-K", "0011", "-iv", "00" * 16])[0] == E.KeySizeError.exit_code
    assert ours([*base, "-K", "00" * 16, "-iv", "00"])[0] == E.IVSizeError.exit_code
    rc, _, err = ours([*base, "-pass", "pass:x", "-S", "0102"])
    assert rc == E.SaltSizeError.exit_code and "8" in err


def test_encrypt_and_decrypt_take_the_password_options(tmp_path):
    """encrypt/decrypt NAME with -pass, -pbkdf2, -a, -in/-out: openssl's bytes."""
    src, enc, back = tmp_path / "in", tmp_path / "in.enc", tmp_path / "back"
    src.write_bytes(b"some plaintext" * 9)
    common = ["-pbkdf2", "-pass", "pass:pw", "-a"]
    rc, _, err = ours(["encrypt", "aes-256-cbc", *common, "-in", str(src), "-out", str(enc),
                       "--software"])
    assert rc == 0, err
    rc, out, err = ossl(["-d", "-aes-256-cbc", *common, "-in", str(enc)])
    assert rc == 0 and out == src.read_bytes(), err
    rc, _, err = ours(["decrypt", "aes-256-cbc", *common, "-in", str(enc), "-out", str(back),
                       "--software"])
    assert rc == 0 and back.read_bytes() == src.read_bytes(), err


def test_des_and_bf_aliases_are_cbc():
    """-des and -bf are CBC in OpenSSL (so are -des3, -aes128, -blowfish); -des-ede3 is ECB."""
    for alias in ("des", "bf", "des3", "aes128", "blowfish", "des-ede3"):
        args = [f"-{alias}", "-pass", "pass:x", "-nosalt", "-pbkdf2", "-P"]
        assert ours(["enc", *args])[1] == ossl([*args, *LEGACY])[1], alias


# ---------------------------------------------------------------------------------------
# refused forms and bad input
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("option", sorted(encopts.REFUSED))
def test_refused_options_name_themselves(option):
    """Each option of the manual we do not support: exit 2, one line naming it."""
    rc, out, err = ours(["enc", "-aes-128-cbc", "-k", "pw", option])
    assert rc == E.UsageError.exit_code and out == b""
    assert f"{option} is not supported" in err and len(err.strip().splitlines()) == 1


def test_help_lists_the_openssl_options():
    """`encrypt --help` and `enc -help` list the OpenSSL options; `enc -list` lists names
    that enc takes, OpenSSL's shared ones among them."""
    rc, out, _ = ours(["encrypt", "--help"])
    enc_help = ours(["enc", "-help"])[1].decode()
    for opt in ("-pass", "-k ", "-kfile", "-pbkdf2", "-iter", "-md", "-nosalt", "-S ", "-a",
                "-A", "-p", "-P", "-nopad", "-in", "-out", "-iv", "--key-file", "--key-env"):
        assert opt in out.decode() and opt in enc_help, opt
    rc, out, _ = ours(["enc", "-list"])
    names = out.decode().split()[2:]
    assert rc == 0 and {f"-{n}" for n in NAMES} <= set(names)
    for opt in names:
        assert ours(["enc", opt, "-k", "pw", "-nosalt", "-P"])[0] == 0, opt


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(encopts.REFUSED)), min_size=1, max_size=2),
       st.text("abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=10), st.booleans())
def test_parser_property_refused_forms_name_the_option(refused, junk, use_junk):
    """A refused option anywhere in an otherwise good command line, or an unknown one: exit
    2, one line naming the first of them; nothing on stdout."""
    bad = f"-zz{junk}" if use_junk else refused[0]
    argv = ["-aes-128-cbc", "-k", "pw", "-P"]
    argv.insert((0, 1, 3, 4)[len(junk) % 4], bad)  # between options, not inside -k pw
    rc, out, err = ours(["enc", *argv])
    assert rc == E.UsageError.exit_code and out == b"", (argv, err)
    assert bad in err and len(err.strip().splitlines()) == 1, (argv, err)


def test_every_cipher_openssl_enc_lists():
    """Each name of `openssl enc -list`: accepted, with openssl's key and IV (-P), or refused
    by name as one openssl has and we do not (cfb1, cfb8, wrap, ChaCha20, Camellia, ...);
    never an unknown option."""
    listed = subprocess.run([OPENSSL, "enc", "-list"], capture_output=True,
                            text=True).stdout.split()[2:]
    assert "-aes-128-cfb1" in listed and "-des-ede3-cbc" in listed
    accepted = refused = 0
    for opt in listed:
        args = [opt, "-k", "pw", "-nosalt", "-pbkdf2", "-P"]
        rc, out, err = ours(["enc", *args])
        if rc == 0:
            assert out == ossl([*args, *LEGACY])[1], opt
            accepted += 1
        else:
            assert rc == E.UnsupportedCipherError.exit_code, (opt, err)
            assert f"cipher {opt[1:]}: openssl enc has it, ciphercores does not" in err
            refused += 1
    # NAMES, -des-ede and -des-ede3 (ECB), -des, -bf, -blowfish, -des3, -aes128/192/256
    assert accepted == len(NAMES) + 9
    assert refused == len(listed) - accepted


@pytest.mark.parametrize("argv,text,theirs", [
    (["-aes-128-cbc", "-k", "pw", "-bogus"], "unknown option or cipher -bogus", True),
    (["-aes-128-cbc", "-pass"], "option -pass needs a value", True),
    (["-aes-128-cbc", "-k", "pw", "-iter", "0"], "-iter: 0 is not a positive number", True),
    (["-aes-128-cbc", "-k", "pw", "-iter", "abc"], "'abc' is not a number", True),
    (["-aes-128-cbc", "-k", "pw", "-nopad=1"], "option -nopad takes no value", True),
    (["-aes-128-cbc", "-k", "pw", "extra"], "enc takes no arguments that are not options",
     True),
    (["-aes-128-cbc", "-k", "pw", "-md", "nope"], "unknown or unsupported message digest",
     True),
    # refused where openssl goes on: no cipher (openssl copies the input)
    (["-k", "pw"], "no cipher", False),
])
def test_bad_command_lines(argv, text, theirs):
    """openssl refuses each too (non-zero) but two; we: exit 2, one line naming the
    option."""
    assert (ossl(["-P", *argv])[0] != 0) == theirs
    rc, out, err = ours(["enc", "-P", *argv])
    assert rc == E.UsageError.exit_code and text in err, err
    assert len(err.strip().splitlines()) == 1 and out == b""


SECRET = "Tr0ub4dor&3-secret"


def _bad_inputs(tmp):
    good = ossl(["-aes-128-cbc", "-pbkdf2", "-pass", f"pass:{SECRET}"], b"x" * 40)[1]
    (tmp / "good.enc").write_bytes(good)
    (tmp / "short.enc").write_bytes(good[:11])
    (tmp / "nomagic.enc").write_bytes(b"NotSalt_" + good[8:])
    (tmp / "bad.b64").write_bytes(b"U2FsdGVk!!!!\n")
    p = ["-aes-128-cbc", "-pbkdf2"]
    return {
        "wrong password": ([*p, "-d", "-pass", "pass:wrong-password", "-in", "good.enc"],
                           E.PaddingError, "bad decrypt"),
        "truncated header": ([*p, "-d", "-pass", f"pass:{SECRET}", "-in", "short.enc"],
                             E.HeaderError, "ends inside the Salted__ header"),
        "no Salted__": ([*p, "-d", "-pass", f"pass:{SECRET}", "-in", "nomagic.enc"],
                        E.HeaderError, "bad magic number"),
        "unreadable file:": ([*p, "-pass", "file:nope", "-in", "good.enc"],
                             E.PasswordError, "-pass file:nope: cannot read"),
        "unset env:": ([*p, "-pass", "env:CC_UNSET_VARIABLE", "-in", "good.enc"],
                       E.PasswordError, "no such environment variable"),
        "bad base64": ([*p, "-d", "-a", "-pass", f"pass:{SECRET}", "-in", "bad.b64"],
                       E.Base64Error, "not base64"),
        "bad hex key": ([*p, "-K", "zz", "-iv", "00", "-in", "good.enc"],
                        E.BadHexError, "-K is not hexadecimal"),
        "truncated ciphertext": ([*p, "-d", "-pass", f"pass:{SECRET}", "-in", "trunc.enc"],
                                 E.TruncatedInputError, "not a whole number"),
    }


@pytest.mark.parametrize("what", ["wrong password", "truncated header", "no Salted__",
                                  "unreadable file:", "unset env:", "bad base64",
                                  "bad hex key", "truncated ciphertext"])
def test_bad_input(what, tmp_path, monkeypatch):
    """openssl fails on each too; we: our exit status, one line, the password nowhere in
    it, the existing output file untouched and no temporary file left."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CC_UNSET_VARIABLE", raising=False)
    cases = _bad_inputs(tmp_path)
    (tmp_path / "trunc.enc").write_bytes((tmp_path / "good.enc").read_bytes()[:-3])
    argv, error, text = cases[what]
    assert ossl([*argv, "-out", "/dev/null"])[0] != 0
    (tmp_path / "out").write_bytes(b"previous")
    before = sorted(p.name for p in tmp_path.iterdir())
    rc, out, err = ours(["enc", *argv, "-out", "out", "--software"])
    assert rc == error.exit_code, (what, rc, err)
    assert text in err and len(err.strip().splitlines()) == 1, err
    assert SECRET not in err and "wrong-password" not in err
    assert (tmp_path / "out").read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_the_password_stays_out_of_usage_errors():
    """A usage error after -pass pass:/-k (argparse's, and enc's) never repeats it."""
    for argv in (["encrypt", "aes-128-cbc", "-pass", f"pass:{SECRET}", "--bogus"],
                 ["encrypt", "aes-128-cbc", "-k", SECRET, "--kye"],
                 ["enc", "-aes-128-cbc", "-k", SECRET, "-bogus"]):
        rc, _, err = ours(argv)
        assert rc == 2 and SECRET not in err, err


# ---------------------------------------------------------------------------------------
# keys off the command line, no abbreviations, a bounded AAD file, a file too large for
# GCM
# ---------------------------------------------------------------------------------------

def test_key_file_and_key_env(tmp_path, monkeypatch):
    """--key-file (hex with whitespace, raw with --key-format raw) and --key-env give the
    bytes -K gives; `--key-file -` reads stdin, refused when the data comes from there;
    the key stays out of every message."""
    key = bytes(range(16))
    src = tmp_path / "in"
    src.write_bytes(b"data" * 10)
    base = ["encrypt", "aes-128-cbc", "-iv", "00" * 16, "--software", "-in", str(src)]
    want = ossl(["-aes-128-cbc", "-K", key.hex(), "-iv", "00" * 16, "-in", str(src)])[1]
    (tmp_path / "k.hex").write_text(key.hex()[:10] + "\n " + key.hex()[10:] + "\n")
    (tmp_path / "k.raw").write_bytes(key)
    monkeypatch.setenv("CC_TEST_KEY", key.hex())
    for extra, stdin in ((["--key-file", str(tmp_path / "k.hex")], b""),
                         (["--key-file", str(tmp_path / "k.raw"), "--key-format", "raw"], b""),
                         (["--key-file", "-"], key.hex().encode()),
                         (["--key-env", "CC_TEST_KEY"], b"")):
        rc, out, err = ours([*base, *extra], stdin)
        assert rc == 0 and out == want, (extra, err)
    rc, _, err = ours(["encrypt", "aes-128-cbc", "-iv", "00" * 16, "--key-file", "-"])
    assert rc == E.UsageError.exit_code and "standard input" in err
    rc, _, err = ours([*base, "--key-file", str(tmp_path / "k.raw")])  # raw read as hex
    assert rc == E.BadHexError.exit_code and key.hex() not in err
    monkeypatch.delenv("CC_TEST_KEY")
    rc, _, err = ours([*base, "--key-env", "CC_TEST_KEY"])
    assert rc == E.PasswordError.exit_code and "CC_TEST_KEY" in err
    rc, _, err = ours([*base, "--key-file", str(tmp_path / "nope")])
    assert rc == E.PasswordError.exit_code
    rc, _, err = ours([*base, "-K", key.hex(), "--key-env", "X"])
    assert rc == 2 and key.hex() not in err


@pytest.mark.parametrize("argv", [
    ["encrypt", "aes-128-cbc", "--ke", "00112233445566778899aabbccddeeff"],
    ["encrypt", "aes-128-cbc", "--key-f", "/dev/null"],
    ["decrypt", "aes-128-cbc", "--soft", "-K", "00112233445566778899aabbccddeeff"],
])
def test_no_abbreviations(argv):
    """An abbreviated option is an unknown one (exit 2), and a key after it stays hidden."""
    rc, out, err = ours(argv)
    assert rc == 2 and "unrecognized arguments" in err and out == b""
    assert "00112233445566778899aabbccddeeff" not in err


def test_aad_file_is_bounded(tmp_path, monkeypatch):
    """--aad-file reads at most AAD_FILE_MAX bytes: a larger file is DataLengthError before
    any output (the limit made small here)."""
    from ciphercores.cli import crypt

    monkeypatch.setattr(crypt, "AAD_FILE_MAX", 64)
    (tmp_path / "aad").write_bytes(bytes(65))
    out = tmp_path / "o"
    rc, _, err = ours(["encrypt", "aes-128-gcm", "-K", "00" * 16, "-iv", "00" * 12,
                       "--aad-file", str(tmp_path / "aad"), "--software", "-out", str(out)])
    assert rc == E.DataLengthError.exit_code and "AAD file" in err and not out.exists()
    (tmp_path / "aad").write_bytes(bytes(64))
    rc, _, err = ours(["encrypt", "aes-128-gcm", "-K", "00" * 16, "-iv", "00" * 12,
                       "--aad-file", str(tmp_path / "aad"), "--software", "-out", str(out)])
    assert rc == 0, err


def test_gcm_file_over_the_limit_fails_before_output(tmp_path):
    """A (sparse) input of 2^36 - 16 bytes: over GCM's limit, refused from its size before
    anything is read or written."""
    big = tmp_path / "big"
    with open(big, "wb") as f:
        f.truncate((1 << 36) - 16)
    out = tmp_path / "o"
    rc, _, err = ours(["encrypt", "aes-128-gcm", "-K", "00" * 16, "-iv", "00" * 12,
                       "--software", "-in", str(big), "-out", str(out)])
    assert rc == E.DataLengthError.exit_code and "one GCM message holds at most" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big"]


def test_enc_in_a_real_process():
    """`python -m ciphercores enc` with the password on stdin's first line and the data
    after it, -p and -a to stdout: the same bytes as openssl's (a fixed salt); the legacy
    warning on stderr as openssl prints it."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    args = ["-aes-256-cbc", "-pass", "stdin", "-S", "0011223344556677", "-p", "-a"]
    stdin = b"pass word\n" + bytes(range(256)) * 3
    r = subprocess.run([sys.executable, "-m", "ciphercores", "enc", *args, "--software"],
                       input=stdin, capture_output=True, env=env)
    rc, out, err = ossl(args, stdin)
    assert r.returncode == rc == 0, r.stderr
    assert r.stdout == out and r.stderr.decode() == err


def _on_a_terminal(cmd: list[str], answers: list[bytes]) -> tuple[int, bytes]:
    """Run ``cmd`` on a pseudo-terminal, typing each answer after a prompt (text ending in
    ':'); (exit status, everything the terminal showed)."""
    import pty
    import select
    import time

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    pid, fd = pty.fork()
    if pid == 0:  # the child: its stdin, stdout and stderr are the terminal
        os.execvpe(cmd[0], cmd, env)
    shown = b""

    def read(until_prompt: bool) -> None:
        nonlocal shown
        start, end = len(shown), time.monotonic() + 60
        while time.monotonic() < end:
            if not select.select([fd], [], [], 0.2)[0]:
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                return
            if not chunk:
                return
            shown += chunk
            if until_prompt and shown[start:].rstrip().endswith(b":"):  # a new prompt
                return

    for answer in answers:
        read(until_prompt=True)
        os.write(fd, answer)
    read(until_prompt=False)  # to the end: the child closed the terminal
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), shown


@pytest.mark.parametrize("direction", ["-e", "-d"])
def test_no_password_asks_on_the_terminal(direction):
    """Neither a password nor -K: asked on the terminal with openssl's prompts (twice to
    encrypt), the same key and IV as openssl's for the same answer; two different answers
    are a PasswordError. Without a terminal: one line saying what is missing."""
    args = ["-aes-256-cbc", direction, "-nosalt", "-pbkdf2", "-P"]
    ask = [b"pass word\n"] * (2 if direction == "-e" else 1)
    rc1, theirs = _on_a_terminal([OPENSSL, "enc", *args], ask)
    rc2, ours_ = _on_a_terminal([sys.executable, "-m", "ciphercores", "enc", *args], ask)
    assert rc1 == rc2 == 0, ours_
    prompt = f"enter AES-256-CBC {'encryption' if direction == '-e' else 'decryption'} password:"
    assert prompt.encode() in ours_ and b"pass word" not in ours_
    assert ours_.splitlines()[-2:] == theirs.splitlines()[-2:]  # key=, iv =
    if direction == "-e":
        rc, shown = _on_a_terminal([sys.executable, "-m", "ciphercores", "enc", *args],
                                   [b"one\n", b"two\n"])
        assert rc == E.PasswordError.exit_code and b"Verify failure" in shown
    rc, _, err = ours(["enc", *args])
    assert rc == E.BadHexError.exit_code and "a terminal is asked" in err
