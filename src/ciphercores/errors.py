# SPDX-License-Identifier: Apache-2.0
"""Every error class of the package, and the one table of the CLI's exit statuses.

No message ever contains key bytes: errors name sizes and positions, never values. Each error
class has its own exit status (``exit_code``), given by :data:`EXIT_CODES`: a new error class
goes into that table with a code of its own (a test checks that no two share one and that every
error class is in it). docs/exit-codes.md is generated from it (``ciphercores exit-codes``).
"""

from __future__ import annotations

from collections.abc import Iterable


class CipherCoresError(Exception):
    """Base class of every error the package raises on bad input or a failed run."""

    #: exit status of the CLI for this kind of error (from EXIT_CODES)
    exit_code = 1


# -- the command line --------------------------------------------------------------------

class UsageError(CipherCoresError):
    """A command line that does not make sense: options that exclude each other, a malformed
    option value."""


# -- names and parameters ----------------------------------------------------------------

class UnknownCipherError(CipherCoresError):
    def __init__(self, name: str, known: Iterable[str] = ()):
        known = sorted(known)
        hint = f" (known: {', '.join(known)})" if known else ""
        super().__init__(f"unknown cipher {name!r}{hint}")


class UnknownModeError(CipherCoresError):
    def __init__(self, mode: str, known: Iterable[str] = ()):
        hint = f" (known: {', '.join(known)})" if known else ""
        super().__init__(f"unknown mode {mode!r}{hint}")


class UnknownCoreError(CipherCoresError):
    """A core name (or MODE(CORE)) that is not registered."""


class BadParameterError(CipherCoresError):
    """A core parameter that the core does not have, a value it does not allow, or a
    ``PARAM=VALUE`` that does not parse."""


class UnsupportedCipherError(CipherCoresError):
    """A core (with its parameters) that does not implement the requested cipher."""


class BadTargetError(CipherCoresError):
    """A measurement target or speed grade that does not exist."""


# -- keys, IVs and data ------------------------------------------------------------------

class BadHexError(CipherCoresError):
    """A key or IV given in hex that is not hex; the message names the field, not the text."""


class KeySizeError(CipherCoresError):
    def __init__(self, cipher: str, got: int, allowed):
        allowed = ", ".join(str(a) for a in allowed)
        super().__init__(f"{cipher}: key is {got} bytes; allowed: {allowed} bytes")


class IVSizeError(CipherCoresError):
    """``note``: what else the mode allows (GCM: any length from 1 byte, 12 recommended)."""

    def __init__(self, cipher: str, got: int, want: int, note: str = ""):
        if want == 0:
            text = f"{cipher}: this mode takes no IV (got {got} bytes)"
        elif got == 0:
            text = f"{cipher}: an IV of {want} bytes is required"
        else:
            text = f"{cipher}: IV is {got} bytes; it must be {want} bytes"
        super().__init__(text + (f" ({note})" if note else ""))


class BlockSizeError(CipherCoresError):
    def __init__(self, cipher: str, got: int, want: int):
        super().__init__(f"{cipher}: block is {got} bytes; it must be {want} bytes")


class DataLengthError(CipherCoresError):
    """Data of a length the mode cannot take: unpadded data that is not a whole number of
    blocks, more data than one GCM message holds."""


class TruncatedInputError(CipherCoresError):
    """Ciphertext that ends inside a block."""


class PaddingError(CipherCoresError):
    def __init__(self, detail: str = "bad padding"):
        super().__init__(f"bad decrypt: {detail}")


class StreamModePaddingError(CipherCoresError):
    """Padding asked for in a stream mode (CFB, OFB, CTR), which takes none."""


class AuthenticationError(CipherCoresError):
    """An authenticated mode's tag that does not match: nothing of the plaintext is given."""


class TagSizeError(CipherCoresError):
    """An authentication tag of a length the mode does not allow."""


class PasswordError(CipherCoresError):
    """A password or key source that cannot be read (``-pass file:`` of a missing file, an
    unset ``env:`` variable, ``--key-file``, ``--key-env``); names the source, never a
    password."""


class HeaderError(CipherCoresError):
    """A password-encrypted input without its ``Salted__`` header, or one that ends inside
    it."""


class Base64Error(CipherCoresError):
    """Input that ``-a`` reads as base64 and that is not base64."""


class SaltSizeError(CipherCoresError):
    """A salt (``-S HEX``) of a length other than 8 bytes, where it is not padded."""


class ProofError(CipherCoresError):
    """A formal run that could not produce a verdict (tool error, bad target)."""


# -- files, addresses and tools ----------------------------------------------------------

class FileAccessError(CipherCoresError):
    """An input file that cannot be read or an output file that cannot be written."""


class AddressError(CipherCoresError):
    """The GUI cannot resolve its host or listen on its port."""


class ToolNotFound(CipherCoresError):
    """A required external tool (simulator, compiler, synthesis) is not installed."""


# -- running a core ----------------------------------------------------------------------

class DriverError(CipherCoresError):
    """The driver could not build, load or run a core (toolchain or transport failure)."""


class FlowError(CipherCoresError):
    """A measurement tool (Yosys, nextpnr) failed; the message says which and why."""


class DoesNotFit(FlowError):
    """The design does not fit the target device."""


class PnrStopped(FlowError):
    """A place-and-route run ended before it finished: it passed its wall-time limit, or its
    router stopped converging."""


class NotCached(FlowError):
    """A step asked for from the cache only (``ciphercores results``) was never run."""


class RequestError(CipherCoresError):
    """A request the GUI refuses: ``errors`` is a list of (field, message). The GUI answers
    with an HTTP status; the exit status is for completeness."""

    def __init__(self, errors: list[tuple[str | None, str]], status: int = 422):
        super().__init__("; ".join(m for _, m in errors))
        self.errors = errors
        self.status = status


class SimulationFailed(AssertionError):
    """A cocotb simulation whose tests failed (the RTL test suite's failure, not a CLI error)."""


#: exit status -> (error class, or None for a status without one; what it means). The one
#: table of the CLI's exit statuses: no two entries share a code.
EXIT_CODES: dict[int, tuple[type[CipherCoresError] | None, str]] = {
    0: (None, "success"),
    1: (None, "a check the command ran did not pass (`verify`: a known answer did not match; "
              "`explore`: a point was not measured)"),
    2: (UsageError, "bad command line (argparse's own usage errors too)"),
    3: (BadHexError, "a key or IV that is not hex, or a missing key"),
    4: (KeySizeError, "a key of a size the cipher does not take"),
    5: (IVSizeError, "a missing IV, or one of the wrong size"),
    6: (UnknownCipherError, "an unknown cipher name"),
    7: (UnknownModeError, "an unknown mode of operation"),
    8: (UnknownCoreError, "an unknown core name or hardware mode"),
    9: (BadParameterError, "a core parameter that does not exist, is not allowed, or does not "
                           "parse as PARAM=VALUE"),
    10: (UnsupportedCipherError, "the chosen core does not implement the cipher"),
    11: (BadTargetError, "an unknown measurement target or speed grade"),
    12: (BlockSizeError, "a block of the wrong size"),
    13: (DataLengthError, "unpadded data that is not a whole number of blocks"),
    14: (TruncatedInputError, "ciphertext that ends inside a block"),
    15: (PaddingError, "bad decrypt: the PKCS#7 padding is wrong (wrong key or IV, or corrupt "
                       "data)"),
    16: (StreamModePaddingError, "padding asked for in a stream mode"),
    17: (FileAccessError, "an input that cannot be read or an output that cannot be written"),
    18: (AddressError, "the GUI cannot resolve its host or listen on its port"),
    19: (ToolNotFound, "a required external tool is not installed"),
    20: (DriverError, "the driver could not build, load or run a core"),
    21: (FlowError, "a measurement tool (Yosys, nextpnr) failed"),
    22: (DoesNotFit, "the design does not fit the target device"),
    23: (NotCached, "a measurement asked for from the cache only was never run"),
    24: (RequestError, "a request the GUI refuses (the GUI answers it with an HTTP status)"),
    25: (AuthenticationError, "an authentication tag that does not match (wrong key, IV, AAD "
                              "or tag, or changed data): nothing is decrypted"),
    26: (TagSizeError, "an authentication tag of a length the mode does not allow"),
    27: (ProofError, "a formal run that gave no verdict (a tool error or a bad target)"),
    28: (PasswordError, "a password or key source that cannot be read (an unreadable "
                        "`file:`, an unset `env:` variable, `--key-file`, `--key-env`)"),
    29: (HeaderError, "a password-encrypted input without its `Salted__` header, or cut "
                      "inside it"),
    30: (Base64Error, "`-a` input that is not base64"),
    31: (SaltSizeError, "a salt (`-S`) that is not 8 bytes (`encrypt`/`decrypt`; `enc` pads "
                        "it as OpenSSL does)"),
    32: (PnrStopped, "a place-and-route run was ended: it passed its wall-time limit "
                     "(`--pnr-limit`) or its router stopped converging"),
    70: (None, "internal error: a bug (CIPHERCORES_DEBUG=1 shows the traceback)"),
    129: (None, "hung up (SIGHUP): temporary files removed, no partial output"),
    130: (None, "interrupted (Ctrl-C, SIGINT): temporary files removed, no partial output"),
    143: (None, "terminated (SIGTERM): temporary files removed, no partial output"),
}
#: the statuses the CLI uses without an error class
EXIT_CHECK_FAILED = 1
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130

for _code, (_cls, _) in EXIT_CODES.items():
    if _cls is not None:
        _cls.exit_code = _code


def exit_codes_markdown() -> str:
    """docs/exit-codes.md: the table above as Markdown."""
    rows = [f"| {code} | {f'`{cls.__name__}`' if cls else ''} | {text} |"
            for code, (cls, text) in sorted(EXIT_CODES.items())]
    return "\n".join([
        "# Exit statuses of `ciphercores`",
        "",
        "Generated by `ciphercores exit-codes -o docs/exit-codes.md` from the table in",
        "`src/ciphercores/errors.py`; a test fails when this page is stale. Every error has",
        "its own status; on an error the command prints one line on stderr (never a key) and",
        "writes no partial output.",
        "",
        "| status | error | meaning |",
        "|---|---|---|",
        *rows,
        "",
    ])
