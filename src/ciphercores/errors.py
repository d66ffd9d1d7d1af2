"""Typed errors shared by the models, the host modes, the driver and the CLI.

No message ever contains key bytes: errors name sizes and positions, never values.
"""

from __future__ import annotations


class CipherCoresError(Exception):
    """Base class of every error the package raises on bad input."""

    #: exit status the CLI uses for this kind of error
    exit_code = 1


class UnknownCipherError(CipherCoresError):
    exit_code = 2

    def __init__(self, name: str, known: list[str] | tuple[str, ...] = ()):
        hint = f" (known: {', '.join(sorted(known))})" if known else ""
        super().__init__(f"unknown cipher {name!r}{hint}")


class KeySizeError(CipherCoresError):
    exit_code = 3

    def __init__(self, cipher: str, got: int, allowed):
        allowed = ", ".join(str(a) for a in allowed)
        super().__init__(f"{cipher}: key is {got} bytes; allowed: {allowed} bytes")


class IVSizeError(CipherCoresError):
    exit_code = 3

    def __init__(self, cipher: str, got: int, want: int):
        if want == 0:
            super().__init__(f"{cipher}: this mode takes no IV (got {got} bytes)")
        elif got == 0:
            super().__init__(f"{cipher}: an IV of {want} bytes is required")
        else:
            super().__init__(f"{cipher}: IV is {got} bytes; it must be {want} bytes")


class BlockSizeError(CipherCoresError):
    exit_code = 4

    def __init__(self, cipher: str, got: int, want: int):
        super().__init__(f"{cipher}: block is {got} bytes; it must be {want} bytes")


class TruncatedInputError(CipherCoresError):
    exit_code = 4


class DataLengthError(CipherCoresError):
    """Unpadded data that is not a whole number of blocks."""

    exit_code = 4


class PaddingError(CipherCoresError):
    exit_code = 5

    def __init__(self, detail: str = "bad padding"):
        super().__init__(f"bad decrypt: {detail}")


class AuthenticationError(CipherCoresError):
    """An authenticated mode's tag that does not match: nothing of the plaintext is given."""

    exit_code = 9


# -- driver and command line -------------------------------------------------------------

class UnsupportedCipherError(CipherCoresError):
    """A core (with its parameters) that does not implement the requested cipher."""

    exit_code = 2


class BadHexError(CipherCoresError):
    """A key or IV given in hex that is not hex; the message names the field, not the text."""

    exit_code = 3


class FileAccessError(CipherCoresError):
    """An input file that cannot be read or an output file that cannot be written."""

    exit_code = 6


class DriverError(CipherCoresError):
    """The driver could not build, load or run a core (toolchain or transport failure)."""

    exit_code = 7
