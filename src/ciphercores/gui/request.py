# SPDX-License-Identifier: Apache-2.0
"""The checks of a GUI run request (the JSON body of ``POST /api/run``): every field checked
before anything runs, every field's error given at once (a :class:`RequestError` naming the
field), one function a field. An error names its field and sizes, never key bytes
(:func:`ciphercores.frontend.redact` guards every message); the key is kept out of the
request's ``repr``."""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field

from .. import frontend, modes
from ..errors import (
    AuthenticationError,
    BadHexError,
    BlockSizeError,
    CipherCoresError,
    DataLengthError,
    DriverError,
    IVSizeError,
    KeySizeError,
    PaddingError,
    RequestError,
    TruncatedInputError,
    UnknownCipherError,
)
from . import limits
from .catalogue import GCM_TAG_BYTES, choose, cipher_mode

MESSAGE_FORMATS = ("text", "hex", "base64")

#: (field, message) pairs, the fields' errors collected while a request is checked
Errors = list[tuple[str | None, str]]


@dataclass
class RunRequest:
    cm: modes.CipherMode
    decrypt: bool
    key: bytes = field(repr=False)
    iv: bytes | None
    data: bytes = field(repr=False)
    engine: str  # "rtl" or "model"
    core: str | None  # NAME[:P=V,...] for the RTL; None: the CLI's default
    pad: bool
    trace: bool  # the round trace (key-derived values): only when asked
    secrets: tuple[str, ...] = field(default=(), repr=False)  # key text, for redaction
    aad: bytes = field(default=b"", repr=False)  # GCM's additional authenticated data


def field_of(e: CipherCoresError) -> str:
    """The request field an error of a check or a run is about."""
    if isinstance(e, AuthenticationError):
        return "tag"
    if isinstance(e, KeySizeError):
        return "key"
    if isinstance(e, IVSizeError):
        return "iv"
    if isinstance(e, DataLengthError | TruncatedInputError | PaddingError | BlockSizeError):
        return "message"
    if isinstance(e, DriverError):
        return "engine"
    if isinstance(e, UnknownCipherError):
        return "cipher"
    return "core"


def _decode_message(msg: object, what: str = "message") -> bytes:
    """A ``{format, data}`` object (the message, or GCM's AAD: ``what`` names the field)."""
    if not isinstance(msg, dict):
        raise RequestError([(what, f"{what} must be an object {{format, data}}")])
    fmt, data = msg.get("format", "text"), msg.get("data", "")
    if fmt not in MESSAGE_FORMATS:
        raise RequestError([(what, f"format must be one of {', '.join(MESSAGE_FORMATS)}")])
    if not isinstance(data, str):
        raise RequestError([(what, "data must be a string")])
    if fmt == "text":
        out = data.encode("utf-8", "surrogatepass")
    elif fmt == "hex":
        t = re.sub(r"\s+", "", data)
        try:
            out = b"" if t.lower() in ("", "0x") else frontend.parse_hex(what, t)
        except BadHexError as e:
            raise RequestError([(what, str(e))]) from None
    else:
        try:
            out = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            raise RequestError([(what, f"{what} is not valid base64")]) from None
    if len(out) > limits.MAX_BYTES:
        raise RequestError([(what, f"{what} is {len(out)} bytes; at most {limits.MAX_BYTES} "
                                   "bytes per request")], status=413)
    return out


def check_data(cm: modes.CipherMode, data: bytes, pad: bool, decrypt: bool) -> None:
    """The length checks of the modes (ECB/CBC whole blocks unless padding on encryption),
    done before anything runs."""
    bs = cm.block_size
    if cm.aead and decrypt and len(data) < GCM_TAG_BYTES:
        raise AuthenticationError(
            f"{cm.name}: the input is {len(data)} bytes, shorter than the {GCM_TAG_BYTES}-byte "
            "tag that must end it (truncated or not GCM output)")
    if cm.mode in modes.PADDED_MODES:
        if decrypt and (len(data) % bs or (pad and not data)):
            raise TruncatedInputError(
                f"{cm.name}: ciphertext of {len(data)} bytes is not a whole number of "
                f"{bs}-byte blocks" + (" (and padded data is never empty)" if pad else ""))
        if not decrypt and not pad and len(data) % bs:
            raise DataLengthError(f"{cm.name} without padding needs a whole number of "
                                  f"{bs}-byte blocks; got {len(data)} bytes")


def parse_request(body: object) -> RunRequest:
    """Check a run request (the JSON body of ``POST /api/run``) completely: every field error
    at once, and nothing run. Raises :class:`RequestError`."""
    if not isinstance(body, dict):
        raise RequestError([(None, "the body must be a JSON object")])
    key_text = body.get("key")
    secrets = (key_text,) if isinstance(key_text, str) else ()
    try:
        return _parse(body, secrets)
    except RequestError as e:
        e.errors = [(f, frontend.redact(m, secrets)) for f, m in e.errors]
        raise


def _parse(body: dict, secrets: tuple[str, ...]) -> RunRequest:
    cm = cipher_mode(body.get("cipher"), body.get("mode"))
    errors: Errors = []
    decrypt = _direction(body.get("direction", "encrypt"), errors)
    engine = _engine(body.get("engine", "rtl"), errors)
    # stream modes never pad: the checkbox means "ECB/CBC padding"
    pad = _flag(body, "pad", True, errors) and cm.mode in modes.PADDED_MODES
    trace = _flag(body, "trace", False, errors)
    key = _key(body.get("key"), cm, errors)
    iv = _iv(body.get("iv"), cm, errors)
    data = _message(body.get("message", {"format": "text", "data": ""}), cm, pad, decrypt,
                    errors)
    aad = _aad(body.get("aad"), cm, errors)
    core = _core(body.get("core"), cm, engine, errors)
    if errors:
        raise RequestError(errors)
    assert key is not None
    return RunRequest(cm=cm, decrypt=decrypt, key=key, iv=iv, data=data, engine=engine,
                      core=core, pad=pad, trace=trace, secrets=secrets, aad=aad)


def _direction(direction: object, errors: Errors) -> bool:
    """Whether the request decrypts."""
    if direction not in ("encrypt", "decrypt"):
        errors.append(("direction", "direction must be encrypt or decrypt"))
    return direction == "decrypt"


def _engine(engine: object, errors: Errors) -> object:
    if engine not in ("rtl", "model"):
        errors.append(("engine", "engine must be rtl or model"))
    return engine


def _flag(body: dict, name: str, default: bool, errors: Errors) -> bool:
    """A true/false field (``pad``, ``trace``); ``default`` when absent or not a bool."""
    value = body.get(name, default)
    if not isinstance(value, bool):
        errors.append((name, f"{name} must be true or false"))
        return default
    return value


def _key(key_text: object, cm: modes.CipherMode, errors: Errors) -> bytes | None:
    try:
        if not isinstance(key_text, str) or not key_text.strip():
            raise BadHexError("a key is required")
        key = frontend.parse_hex("key", key_text)
        frontend.check_key(cm, key)
    except CipherCoresError as e:
        errors.append(("key", str(e)))
        return None
    return key


def _iv(iv_text: object, cm: modes.CipherMode, errors: Errors) -> bytes | None:
    iv = None
    try:
        if iv_text is not None and not isinstance(iv_text, str):
            raise BadHexError("iv must be a hex string")
        iv = frontend.parse_hex("IV", iv_text) if iv_text and iv_text.strip() else None
        if cm.mode == "ecb":
            iv = None  # ECB takes no IV: a left-over IV field is ignored, as the page shows
        frontend.check_iv(cm, iv)
    except CipherCoresError as e:
        errors.append(("iv", str(e)))
    return iv


def _message(msg: object, cm: modes.CipherMode, pad: bool, decrypt: bool,
             errors: Errors) -> bytes:
    """The message, decoded and its length checked for the mode (a message over the limit
    is refused at once, 413)."""
    try:
        data = _decode_message(msg)
        check_data(cm, data, pad, decrypt)
    except RequestError as e:
        if e.status == 413:
            raise
        errors.extend(e.errors)
        return b""
    except CipherCoresError as e:
        errors.append((field_of(e) if isinstance(e, AuthenticationError) else "message",
                       str(e)))
        return b""
    return data


def _aad(aad_body: object, cm: modes.CipherMode, errors: Errors) -> bytes:
    """GCM's additional authenticated data (none by default; refused for another mode)."""
    aad = b""
    try:
        if aad_body is not None:
            aad = _decode_message(aad_body, "aad")
        if aad and not cm.aead:
            errors.append(("aad", f"AAD is for GCM only, not {cm.name}"))
    except RequestError as e:
        if e.status == 413:
            raise
        errors.extend(e.errors)
    return aad


def _core(core: object, cm: modes.CipherMode, engine: object, errors: Errors) -> str | None:
    """The core named for the RTL (None: the default), one of the engines' options."""
    if core in ("", "default"):
        core = None
    if engine == "rtl":
        if core is not None and not isinstance(core, str):
            errors.append(("core", "core must be NAME[:PARAM=VALUE,...]"))
        else:
            try:
                choose(cm, core)
            except CipherCoresError as e:
                errors.append(("core", str(e)))
    return core


__all__ = ["MESSAGE_FORMATS", "RunRequest", "check_data", "field_of", "parse_request"]
