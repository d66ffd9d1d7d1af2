# SPDX-License-Identifier: Apache-2.0
"""The one option parser of `openssl enc`'s command line, for `ciphercores enc` and for the
password and key options of `encrypt`/`decrypt`.

:data:`OPTIONS` is the table: each option's OpenSSL spelling, ours where we have one, whether
it takes a value, and its help. :func:`parse_enc` reads ``openssl enc``'s command line as
OpenSSL does (``-opt``, ``--opt``, ``-opt=value``, ``-opt value``; the last of a repeated
option wins; ``-CIPHER`` names the cipher; no abbreviations); :func:`add_to` declares the
same options on an argparse parser (``encrypt``/``decrypt``), so both give the same
namespace to :func:`ciphercores.cli.crypt.run`.

Every option of the OpenSSL 3.0 ``enc`` manual is in :data:`OPTIONS` or :data:`REFUSED`
(with why); a cipher OpenSSL knows and we do not is refused by name
(:func:`_unsupported_cipher`). No message repeats a value given to ``-pass``, ``-k``,
``-K`` or ``--key``.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass

from .. import models, modes
from ..errors import UnknownCipherError, UnsupportedCipherError, UsageError


@dataclass(frozen=True)
class Opt:
    names: tuple[str, ...]  # OpenSSL's spelling(s) first, then ours (``--iv``)
    dest: str
    metavar: str | None = None  # None: a flag
    const: object = True  # a flag's value
    help: str = ""
    argparse: bool = True  # also an option of encrypt/decrypt
    number: bool = False  # a positive integer
    exclusive: str = ""  # options of one such group exclude each other


OPTIONS: tuple[Opt, ...] = (
    Opt(("-e",), "decrypt", const=False, help="encrypt (the default)", argparse=False),
    Opt(("-d",), "decrypt", const=True, help="decrypt", argparse=False),
    Opt(("-in", "-i", "--input"), "input", "FILE", help="input file (default: stdin)"),
    Opt(("-out", "-o", "--output"), "output", "FILE",
        help="output file (default: stdout; -: stdout). A regular file (also through "
             "symbolic links, which stay links) is replaced atomically, keeping its mode; a "
             "device, FIFO, socket or /dev/stdout is written directly; a directory or a "
             "missing directory is an error"),
    Opt(("-K", "--key"), "key", "HEX", exclusive="key",
        help="the key in hex. On a shared machine other users can read it in `ps` and "
             "/proc: prefer --key-file, --key-env or a password"),
    Opt(("--key-file",), "key_file", "PATH", exclusive="key",
        help="read the key from PATH (hex, or raw bytes with --key-format raw); -: standard "
             "input (the data must then come from -in)"),
    Opt(("--key-env",), "key_env", "VAR", exclusive="key",
        help="read the key (hex) from environment variable VAR"),
    Opt(("--key-format",), "key_format", "hex|raw", help="how --key-file holds the key "
                                                         "(default: hex)"),
    Opt(("-iv", "--iv"), "iv", "HEX",
        help="the IV in hex (every mode but ECB; derived from a password if not given)"),
    Opt(("-pass", "--pass"), "pass_", "SRC", exclusive="pass",
        help="password source: pass:TEXT, env:VAR, file:PATH (first line), fd:N, stdin"),
    Opt(("-k",), "k", "PASSWORD", exclusive="pass",
        help="the password itself (visible in `ps`: prefer -pass)"),
    Opt(("-kfile",), "kfile", "FILE", exclusive="pass",
        help="the password, the first line of FILE"),
    Opt(("-salt",), "nosalt", const=False,
        help="with a password: a random salt and the Salted__ header (the default)"),
    Opt(("-nosalt",), "nosalt", const=True, help="with a password: no salt, no header"),
    Opt(("-S",), "salt", "HEX", help="the salt in hex (8 bytes) instead of a random one"),
    Opt(("-pbkdf2",), "pbkdf2", help="derive key and IV with PBKDF2 (else OpenSSL's legacy "
                                     "EVP_BytesToKey, with a warning)"),
    Opt(("-iter",), "iter", "N", number=True,
        help="PBKDF2 iterations (implies -pbkdf2; default 10000)"),
    Opt(("-md",), "md", "DIGEST", help="digest of the key derivation (default sha256)"),
    Opt(("-p",), "print_key", const=1, help="print the salt, key and IV (on stdout)"),
    Opt(("-P",), "print_key", const=2, help="print the salt, key and IV, and stop"),
    Opt(("-a", "-base64"), "armour", help="base64: write it when encrypting, read it when "
                                          "decrypting"),
    Opt(("-A",), "one_line", help="with -a: base64 on one line"),
    Opt(("-nopad", "--no-pad"), "no_pad", help="no PKCS#7 padding in ECB/CBC (whole blocks "
                                               "only)"),
    Opt(("-v", "--verbose"), "verbose",
        help="print what ran where, cycles and throughput on stderr"),
    Opt(("--core",), "core", "CORE[:P=V,...]",
        help="RTL core: a block cipher core (the mode then runs on the host) or MODE(CORE) "
             "(the mode in hardware; gcm(CORE) for GCM); default: the cipher's default core "
             "(`ciphercores cores`), in MODE(CORE) for CBC/CFB/OFB/CTR, gcm(aes_iter) for GCM"),
    Opt(("--software",), "software",
        help="run the pure-Python reference model (slow) instead of the RTL"),
    Opt(("--aad",), "aad", "HEX", exclusive="aad", help="GCM: additional authenticated data in hex "
                                       "(default: none)"),
    Opt(("--aad-file",), "aad_file", "FILE", exclusive="aad",
        help="GCM: additional authenticated data, the bytes of FILE (at most 64 MiB)"),
    Opt(("-provider",), "provider", "NAME", help="accepted, no effect (OpenSSL's providers)"),
    Opt(("-provider-path",), "provider_path", "PATH", help="accepted, no effect"),
    Opt(("-propquery",), "propquery", "QUERY", help="accepted, no effect"),
    Opt(("-bufsize",), "bufsize", "N", help="accepted, no effect (input is read 1 MiB at a "
                                            "time)", argparse=False),
)

#: options of the `enc` manual that we refuse, and why (docs/architecture.md lists them)
REFUSED = {
    "-engine": "engines are OpenSSL's; ciphercores runs its own cores (--core)",
    "-none": "no cipher: nothing for a cipher core to do",
    "-z": "zlib compression is not built into ciphercores",
    "-rand": "the salt comes from the operating system's random source (os.urandom)",
    "-writerand": "the salt comes from the operating system's random source (os.urandom)",
    "-debug": "OpenSSL's BIO debugging has no equivalent here (use -v)",
}
#: options that print something and stop (cli.enc.main answers them before parsing)
HELP = ("-help", "--help", "-h")
LIST = ("-list", "--list", "-ciphers", "--ciphers")

_BY_NAME = {n: o for o in OPTIONS for n in o.names}
#: suffixes and families of cipher names that `openssl enc -list` has and we do not
_OPENSSL_ONLY = re.compile(
    r"(.*-(cfb1|cfb8|xts|ocb|ccm|wrap|wrap-pad|wrap-inv|wrap-pad-inv|ctr|cbc-hmac-sha\d+)"
    r"|(aria|camellia|sm4|chacha20|rc2|rc4|rc5|seed|cast|cast5|idea|desx|id-aes|id-smime)"
    r"([-0-9a-z]*)|des-ede3?-cfb1|des-ede3?-cfb8|des-cfb1|des-cfb8|aes-\d+-ctr)")


def _unsupported_cipher(name: str) -> bool:
    return bool(_OPENSSL_ONLY.fullmatch(name.lower()))


def parse_enc(argv: list[str]) -> argparse.Namespace:
    """``openssl enc``'s command line (without ``enc``) -> the namespace :func:`crypt.run`
    takes (``name`` the cipher). UsageError naming the option for an unknown or refused
    option, a missing value or extra arguments; UnsupportedCipherError for a cipher OpenSSL
    has and we do not."""
    ns = argparse.Namespace(**{o.dest: None for o in OPTIONS})
    ns.decrypt = False
    ns.nosalt = False
    ns.print_key = 0
    for flag in ("pbkdf2", "armour", "one_line", "no_pad", "verbose", "software"):
        setattr(ns, flag, False)
    ns.name = None
    ns.openssl = True  # -K/-iv/-S of the wrong length are padded or cut, with a warning
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        if arg == "--" or not arg.startswith("-") or arg == "-":
            rest = argv[i - 1:] if arg != "--" else argv[i:]
            if rest:
                raise UsageError("enc takes no arguments that are not options "
                                 f"({len(rest)} given)")
            break
        body = arg[2:] if arg.startswith("--") and len(arg) > 2 else arg[1:]
        # our own long options keep their two dashes; OpenSSL's take one or two
        key, eq, inline = body.partition("=")
        opt = (_BY_NAME.get("--" + key) if arg.startswith("--") else None) \
            or _BY_NAME.get("-" + key)
        shown = "-" + key
        if opt is None:
            if shown in REFUSED:
                raise UsageError(f"{shown} is not supported: {REFUSED[shown]}")
            if eq:
                raise UsageError(f"unknown option {shown}")
            try:
                cm = modes.parse_name(key)
            except UnknownCipherError:
                if _unsupported_cipher(key):
                    raise UnsupportedCipherError(
                        f"cipher {key}: openssl enc has it, ciphercores does not (ciphers: "
                        "`ciphercores cores`)") from None
                raise UsageError(f"unknown option or cipher {shown}") from None
            ns.name = cm.name
            continue
        if opt.metavar is None:
            if eq:
                raise UsageError(f"option {shown} takes no value")
            setattr(ns, opt.dest, opt.const)
            continue
        if eq:
            value = inline
        elif i < len(argv):
            value = argv[i]
            i += 1
        else:
            raise UsageError(f"option {shown} needs a value")
        if opt.number:
            value = _number(shown, value)
        setattr(ns, opt.dest, value)
        if opt.dest in ("k", "kfile"):  # as OpenSSL: the last of -k and -kfile, over -pass
            setattr(ns, "kfile" if opt.dest == "k" else "k", None)
    if ns.k is not None or ns.kfile is not None:
        ns.pass_ = None
    if ns.name is None:
        raise UsageError("no cipher: name one as OpenSSL does (-aes-256-cbc)")
    return ns


def _number(shown: str, value: str) -> int:
    if not re.fullmatch(r"\+?[0-9]+", value.strip()):
        raise UsageError(f"option {shown}: {value!r} is not a number")
    n = int(value)
    if n < 1:
        raise UsageError(f"option {shown}: {n} is not a positive number")
    return n


def positive(shown: str):
    """An argparse type: a positive number, the error naming the option."""
    def conv(text: str) -> int:
        try:
            return _number(shown, text)
        except UsageError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return conv


def add_to(p: argparse.ArgumentParser) -> None:
    """The options of :data:`OPTIONS` that encrypt/decrypt take, on ``p`` (argparse; the
    parser must have ``allow_abbrev=False``)."""
    exclusive: dict[str, argparse._MutuallyExclusiveGroup] = {}
    for o in OPTIONS:
        if not o.argparse:
            continue
        where = p
        if o.exclusive:
            if o.exclusive not in exclusive:
                exclusive[o.exclusive] = p.add_mutually_exclusive_group()
            where = exclusive[o.exclusive]
        names = sorted(o.names, key=lambda n: (not n.startswith("--"), n))
        kw: dict = {"dest": o.dest, "help": o.help}
        if o.metavar is None:
            kw.update(action="store_const", const=o.const)
        else:
            kw.update(metavar=o.metavar)
            if o.number:
                kw["type"] = positive(o.names[0])
        where.add_argument(*names, **kw)
    p.set_defaults(nosalt=False, print_key=0, pbkdf2=False, armour=False, one_line=False,
                   no_pad=False, verbose=False, software=False, openssl=False)


def cipher_names() -> list[str]:
    """The names `enc` takes, as `-list` prints them: every cipher in each of its modes
    (GCM for AES), and OpenSSL's aliases."""
    names = [f"{c}-{m}" for c in models.CIPHERS for m in modes.modes_of(c)]
    return sorted(names + ["des-ede", "des-ede3", *modes.OPENSSL_ALIASES])


__all__ = ["HELP", "LIST", "OPTIONS", "REFUSED", "Opt", "add_to", "cipher_names", "parse_enc"]
