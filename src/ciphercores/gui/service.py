# SPDX-License-Identifier: Apache-2.0
"""What the GUI does, apart from HTTP: the catalogue of ciphers, modes and cores (with the
registry's cycle model and the measurement cache's figures), the checks of a request, the run
through the RTL (the co-simulation driver, as the CLI runs it) or the reference model, and the
model's round-by-round trace of small messages. GCM (AES) runs as in the CLI: whole in the
RTL on a GCM core (``gcm(aes_iter)`` by default, ``gcm(aes_pipe)``), on the host around a
block cipher core, or on the reference model; the answer gives the tag, and a tag that does
not match is refused as the field ``tag``.

Every check runs before anything is simulated; an error names its field and sizes, never key
bytes (:func:`ciphercores.frontend.redact` guards every message). Keys are not logged, not
kept after a request (the core is reset, which wipes its key registers), and not echoed: the
round trace, whose values give the round keys (AES-128's first is the key), comes only when
the request asks for it (``"trace": true``, the page's "round trace" box).

What a request may cost is bounded: only the registry's parameter sets are built (the
engines' list), one build at a time, at most :data:`MAX_OPEN` open builds (the least recently
used closed first), :data:`MAX_RUNS` runs at once with :data:`MAX_QUEUED` waiting, each run
stopped after :data:`RUN_SECONDS` or when its client goes away (:class:`Budget`).
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .. import cores, frontend, models, modes
from ..driver import Device, GcmDevice, gcm_stream, open_core, run_mode
from ..driver.verilator import is_built
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

#: largest message (bytes, after decoding) a request may carry
MAX_BYTES = 8 << 20
#: largest request body (JSON, the message in base64 or hex)
MAX_BODY = 2 * MAX_BYTES + 4096
#: messages up to this many bytes get the model's round-by-round trace
TRACE_BYTES = 64
#: block-cipher calls shown in a trace at most
TRACE_CALLS = 8
#: results up to this many bytes come back as hex and text too (always as base64)
SHOW_BYTES = 64 << 10
#: ciphers the page opens on: the first one a registered core implements
DEFAULT_CIPHERS = ("aes-128", "speck128-128", "bf")
#: where the measured figures shown beside a core come from (the measurement cache)
MEASURED_TARGET = ("ecp5", "8")

MESSAGE_FORMATS = ("text", "hex", "base64")
#: the tag GCM appends to the ciphertext (as the CLI and cryptography's AESGCM)
GCM_TAG_BYTES = 16
#: open core builds kept at most; the least recently used idle one is closed first
MAX_OPEN = 4
#: runs at once (RTL or model), and requests waiting for one beyond them (then 503)
MAX_RUNS = 2
MAX_QUEUED = 16
#: a run's wall time at most, opening the core not included (the driver bounds the build)
RUN_SECONDS = 120.0
#: HTTP connections the server takes at once (uvicorn answers 503 beyond them)
MAX_CONNECTIONS = 32


# ---------------------------------------------------------------------------------------
# catalogue
# ---------------------------------------------------------------------------------------

def _key_hint(spec: models.CipherSpec) -> str:
    sizes = spec.key_sizes
    if len(sizes) > 3:
        return f"{sizes[0]} to {sizes[-1]} bytes ({2 * sizes[0]} to {2 * sizes[-1]} hex digits)"
    return " or ".join(f"{s} bytes ({2 * s} hex digits)" for s in sizes)


def catalogue() -> dict:
    """Every cipher of the models with its sizes, whether an RTL core implements it, the modes,
    and the cipher and mode the page opens on."""
    ciphers = []
    for name, spec in models.CIPHERS.items():
        ciphers.append({
            "name": name, "family": spec.family, "block_size": spec.block_size,
            "key_sizes": list(spec.key_sizes), "key_hint": _key_hint(spec),
            "iv_hint": f"{spec.block_size} bytes ({2 * spec.block_size} hex digits)",
            "rtl": bool(cores.cores_for(name)),
            "modes": list(modes.modes_of(name)),
        })
    with_rtl = [c["name"] for c in ciphers if c["rtl"]]
    default = next((c for c in DEFAULT_CIPHERS if c in with_rtl),
                   with_rtl[0] if with_rtl else "aes-128")
    return {"ciphers": ciphers, "modes": [*modes.MODES, *modes.AEAD_MODES],
            "padded_modes": list(modes.PADDED_MODES), "hw_modes": list(cores.HW_MODES),
            "aead_modes": list(modes.AEAD_MODES),
            "gcm": {"tag_bytes": GCM_TAG_BYTES, "iv_recommended": modes.GCM_IV_RECOMMENDED,
                    "iv_hint": f"any length from 1 byte; {modes.GCM_IV_RECOMMENDED} bytes "
                               f"({2 * modes.GCM_IV_RECOMMENDED} hex digits) recommended"},
            "default": {"cipher": default, "mode": "cbc"},
            "limits": {"max_bytes": MAX_BYTES, "trace_bytes": TRACE_BYTES,
                       "show_bytes": SHOW_BYTES}}


@functools.lru_cache(maxsize=256)
def _measured(core_name: str, params: tuple[tuple[str, int], ...]) -> dict | None:
    """The cached ECP5 figures of a block cipher core (nothing is run: cache only)."""
    try:
        from ..synth import flow

        target, grade = MEASURED_TARGET
        rec = flow.recorded(cores.get(core_name), dict(params), target, grade)
    except Exception:  # not measured (or not measurable) here: show the cycle model only
        return None
    if rec.get("status") != "ok":
        return None
    area = rec.get("core_area") or {}
    return {"target": f"{rec.get('device') or target} speed {grade}",
            "fmax_mhz": rec.get("fmax_mhz"), "lut": area.get("lut"), "ff": area.get("ff"),
            "bram": area.get("bram"), "gbps": rec.get("gbps")}


def measured(core: cores.Core, params: dict[str, int], cipher: str | None = None) -> dict | None:
    """Measured figures of ``core`` (of its block cipher core for ``MODE(CORE)``), or None.
    With ``cipher``, the throughput is for that cipher: block bits x lanes x Fmax over the
    core's interval for it (aes_iter takes 10 cycles a block for aes-128, 14 for aes-256);
    without, the one recorded with the measurement (the longest key's)."""
    base = cores.get(getattr(core, "base", "") or core.name)
    bp = tuple((k, params[k]) for k in base.defaults if k in params)
    m = _measured(base.name, bp)
    if m is None or cipher is None:
        return m
    p = base.params(dict(bp))
    fmax, gbps = m.get("fmax_mhz"), m.get("gbps")
    if len(base.cycle_table(p)) > 1:  # the record's is the longest key's: this cipher's
        gbps = round(base.gbps(p, fmax, cipher), 4) if fmax else None
    return {**m, "gbps": gbps, "gbps_for": cipher}


def _cipher_mode(cipher: object, mode: object) -> modes.CipherMode:
    errors: list[tuple[str | None, str]] = []
    known = (*modes.MODES, *modes.AEAD_MODES)
    if not isinstance(cipher, str) or cipher not in models.CIPHERS:
        errors.append(("cipher", f"unknown cipher (known: {', '.join(models.CIPHERS)})"))
    if not isinstance(mode, str) or mode not in known:
        errors.append(("mode", f"unknown mode (known: {', '.join(known)})"))
    elif not errors and mode not in modes.modes_of(cipher):
        errors.append(("mode", f"{mode.upper()} is offered for AES only, not {cipher}"))
    if errors:
        raise RequestError(errors)
    return modes.CipherMode(cipher, mode)


def engines(cipher: object, mode: object, pool: DevicePool | None = None) -> list[dict]:
    """What can run ``cipher`` in ``mode``: every RTL core option (the default first, as the
    CLI picks it) with its cycle model, measured figures and whether its co-simulation build
    is ready (cached, or open in ``pool``), then the reference model."""
    cm = _cipher_mode(cipher, mode)
    out = []
    for core, params in frontend.core_options(cm):
        hw = bool(getattr(core, "mode", ""))
        base = cores.get(getattr(core, "base", "") or core.name)
        shown = {k: params[k] for k in base.defaults if k in params}
        where = (f"{cm.mode.upper()} in hardware" if hw else
                 "block cipher core" if cm.mode == "ecb" else f"{cm.mode.upper()} on the host")
        if cm.aead:
            where = ("GCM in hardware (counters, GHASH, tag and its check)" if hw else
                     "AES in the RTL, GCM (counters, GHASH, tag) on the host")
        ps = ", ".join(f"{k}={v}" for k, v in shown.items())
        # the cycle figures for this cipher (aes_iter: the rounds follow the key length)
        figs = core.cycles(params, cm.cipher)
        out.append({
            "id": frontend.core_spec(core, params), "engine": "rtl", "core": core.name,
            "params": shown, "hw_mode": hw,
            "label": f"RTL {core.name}{f' ({ps})' if ps else ''}: {where}",
            "summary": core.summary, "cycles_for": cm.cipher, "latency": figs["latency"],
            "interval": figs["interval"], "burst": figs["burst"],
            "key_setup": figs["key_setup"],
            "measured": measured(core, params, cm.cipher),
            # False: the first run builds the Verilator model first (tens of seconds, once)
            "built": pool is not None and pool.is_open(core, params) or is_built(core, params),
        })
    model = {"id": "model", "engine": "model", "core": None, "params": {}, "hw_mode": False,
             "label": "reference model (Python, software)",
             "summary": "the bit-exact Python model the RTL is tested against",
             "cycles_for": None, "latency": None, "interval": None, "burst": None,
             "key_setup": None, "measured": None,
             "built": True}
    return [*out, model]


# ---------------------------------------------------------------------------------------
# requests
# ---------------------------------------------------------------------------------------

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


def _field_of(e: CipherCoresError) -> str:
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
    if len(out) > MAX_BYTES:
        raise RequestError([(what, f"{what} is {len(out)} bytes; at most {MAX_BYTES} "
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
    cm = _cipher_mode(body.get("cipher"), body.get("mode"))
    errors: list[tuple[str | None, str]] = []
    direction = body.get("direction", "encrypt")
    if direction not in ("encrypt", "decrypt"):
        errors.append(("direction", "direction must be encrypt or decrypt"))
    decrypt = direction == "decrypt"
    engine = body.get("engine", "rtl")
    if engine not in ("rtl", "model"):
        errors.append(("engine", "engine must be rtl or model"))
    pad = body.get("pad", True)
    if not isinstance(pad, bool):
        errors.append(("pad", "pad must be true or false"))
        pad = True
    if pad and cm.mode not in modes.PADDED_MODES:
        pad = False  # stream modes never pad: the checkbox means "ECB/CBC padding"
    trace = body.get("trace", False)
    if not isinstance(trace, bool):
        errors.append(("trace", "trace must be true or false"))
        trace = False

    key = iv = None
    key_text, iv_text = body.get("key"), body.get("iv")
    try:
        if not isinstance(key_text, str) or not key_text.strip():
            raise BadHexError("a key is required")
        key = frontend.parse_hex("key", key_text)
        frontend.check_key(cm, key)
    except CipherCoresError as e:
        errors.append(("key", str(e)))
        key = None
    try:
        if iv_text is not None and not isinstance(iv_text, str):
            raise BadHexError("iv must be a hex string")
        iv = frontend.parse_hex("IV", iv_text) if iv_text and iv_text.strip() else None
        if cm.mode == "ecb":
            iv = None  # ECB takes no IV: a left-over IV field is ignored, as the page shows
        frontend.check_iv(cm, iv)
    except CipherCoresError as e:
        errors.append(("iv", str(e)))
    data = b""
    try:
        data = _decode_message(body.get("message", {"format": "text", "data": ""}))
        check_data(cm, data, pad, decrypt)
    except RequestError as e:
        if e.status == 413:
            raise
        errors.extend(e.errors)
    except CipherCoresError as e:
        errors.append((_field_of(e) if isinstance(e, AuthenticationError) else "message",
                       str(e)))
    aad = b""
    aad_body = body.get("aad")
    try:
        if aad_body is not None:
            aad = _decode_message(aad_body, "aad")
        if aad and not cm.aead:
            errors.append(("aad", f"AAD is for GCM only, not {cm.name}"))
    except RequestError as e:
        if e.status == 413:
            raise
        errors.extend(e.errors)
    core = body.get("core")
    if core in ("", "default"):
        core = None
    if engine == "rtl":
        if core is not None and not isinstance(core, str):
            errors.append(("core", "core must be NAME[:PARAM=VALUE,...]"))
        else:
            try:
                _choose(cm, core)
            except CipherCoresError as e:
                errors.append(("core", str(e)))
    if errors:
        raise RequestError(errors)
    assert key is not None
    return RunRequest(cm=cm, decrypt=decrypt, key=key, iv=iv, data=data, engine=engine,
                      core=core, pad=pad, trace=trace, secrets=secrets, aad=aad)


def _choose(cm: modes.CipherMode, spec: str | None) -> tuple[cores.Core, dict[str, int]]:
    """The core and parameters of ``spec``: one of the engines' options only (the registry's
    default and test sets), never a parameter set the GUI would build on a request's say."""
    options = frontend.core_options(cm)
    if spec is None and not options:
        raise cores.UnknownCoreError(
            f"no registered core implements {cm.cipher} yet: choose the reference model")
    core, params = frontend.choose_core(cm, spec)
    if (core.name, params) not in [(c.name, p) for c, p in options]:
        raise cores.UnknownCoreError(
            f"the GUI runs the registry's parameter sets of {core.name} only (the ids of "
            "/api/engines); `ciphercores encrypt --core` takes any")
    return core, params


# ---------------------------------------------------------------------------------------
# devices: one open device per core build, one request at a time on each
# ---------------------------------------------------------------------------------------

class _Entry:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.device: Device | None = None
        self.active = 0  # requests inside the lock now (never above 1)
        self.waiting = 0  # requests holding or waiting for the lock (an entry in use)
        self.max_active = 0
        self.uses = 0


class DevicePool:
    """Open devices, one per (core, parameters), kept open between requests (a build is opened
    once), at most ``max_open`` of them: opening another closes the least recently used one
    that no request holds. Opening (which may build the Verilator model) is one at a time. The
    driver's devices are not thread-safe: each has a lock and serves one request at a time;
    requests for different builds run side by side. After every request the core is reset,
    which wipes its key registers."""

    def __init__(self, options: dict | None = None, max_open: int | None = None):
        self._lock = threading.Lock()
        self._open_lock = threading.Lock()  # one opening (build) at a time
        self._entries: OrderedDict[tuple, _Entry] = OrderedDict()  # least recently used first
        self.options = {"quiet": True, **(options or {})}
        self.max_open = MAX_OPEN if max_open is None else max_open
        self.closed = 0  # devices closed to make room (for tests)

    def _evict(self) -> list[_Entry]:
        """Entries to close so that one more fits (called with ``_lock`` held)."""
        out = []
        for key in list(self._entries):
            if len(self._entries) - len(out) < self.max_open:
                break
            e = self._entries[key]
            if e.waiting == 0:
                del self._entries[key]
                out.append(e)
        return out

    @contextmanager
    def use(self, core: cores.Core, params: dict[str, int],
            opened: dict | None = None) -> Iterator[Device]:
        """The open device of ``core`` with ``params``, opened first if need be; then
        ``opened`` (if given) gets ``seconds`` (the opening's wall time) and ``built`` (whether
        the Verilator model was built for it)."""
        key = (core.name, tuple(sorted(params.items())))
        with self._lock:
            entry = self._entries.get(key)
            evicted = []
            if entry is None:
                evicted = self._evict()
                entry = self._entries[key] = _Entry()
            self._entries.move_to_end(key)
            entry.waiting += 1
        try:
            for e in evicted:
                with e.lock:
                    if e.device is not None:
                        e.device.close()
                        e.device = None
                        self.closed += 1
            with entry.lock:
                entry.active += 1
                entry.max_active = max(entry.max_active, entry.active)
                try:
                    if entry.device is None:
                        t0 = time.perf_counter()
                        with self._open_lock:
                            entry.device = open_core(core, options=self.options, **params)
                        if opened is not None:
                            opened.update(seconds=round(time.perf_counter() - t0, 3),
                                          built=bool(getattr(entry.device.transport, "built",
                                                             False)))
                    entry.uses += 1
                    try:
                        yield entry.device
                    finally:
                        try:
                            entry.device.progress = None
                            entry.device.clear_key()
                        except CipherCoresError:
                            entry.device.close()
                            entry.device = None
                finally:
                    entry.active -= 1
        finally:
            with self._lock:
                entry.waiting -= 1

    def is_open(self, core: cores.Core, params: dict[str, int]) -> bool:
        with self._lock:
            entry = self._entries.get((core.name, tuple(sorted(params.items()))))
        return entry is not None and entry.device is not None

    def stats(self) -> dict[str, dict]:
        """Per build (least recently used first): uses and the most requests ever inside it at
        once (for tests)."""
        with self._lock:
            items = list(self._entries.items())
        return {f"{name}:{','.join(f'{k}={v}' for k, v in params)}":
                {"uses": e.uses, "max_active": e.max_active, "open": e.device is not None}
                for (name, params), e in items}

    def close(self) -> None:
        with self._lock:
            entries = list(self._entries.values())
            self._entries.clear()
        for e in entries:
            with e.lock:
                if e.device is not None:
                    e.device.close()
                    e.device = None


class Budget:
    """What one run may take: stopped (a :class:`RequestError`) at the next block batch once
    :data:`RUN_SECONDS` have passed or :meth:`cancel` was called (its client went away)."""

    def __init__(self, seconds: float | None = None):
        self.seconds = RUN_SECONDS if seconds is None else seconds
        self.deadline = time.monotonic() + self.seconds
        self._cancelled = threading.Event()
        self.stopped = False  # check() stopped the run

    def cancel(self) -> None:
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def check(self, *_progress: int) -> None:
        if self._cancelled.is_set():
            self.stopped = True
            raise RequestError([(None, "the client went away: the run was stopped")], 499)
        if time.monotonic() > self.deadline:
            self.stopped = True
            raise RequestError([(None, f"the run took longer than {self.seconds:g} s and was "
                                       "stopped")], 503)


class _Checked:
    """A block cipher (the reference model) that checks a :class:`Budget` every 64 blocks."""

    def __init__(self, cipher, budget: Budget):
        self.cipher, self.budget, self.n = cipher, budget, 0
        self.block_size = cipher.block_size
        self.name = getattr(cipher, "name", "")

    def _tick(self) -> None:
        self.n += 1
        if self.n % 64 == 0:
            self.budget.check()

    def encrypt_block(self, block: bytes) -> bytes:
        self._tick()
        return self.cipher.encrypt_block(block)

    def decrypt_block(self, block: bytes) -> bytes:
        self._tick()
        return self.cipher.decrypt_block(block)


# ---------------------------------------------------------------------------------------
# running
# ---------------------------------------------------------------------------------------

class _TracingModel:
    """The reference model as a block cipher for the host modes, recording every block call
    (input, output, rounds) up to :data:`TRACE_CALLS`."""

    def __init__(self, cipher: str, key: bytes):
        self.model = models.new(cipher, key)
        self.block_size = self.model.block_size
        self.name = cipher
        self.calls: list[dict] = []
        self.total = 0

    def _call(self, block: bytes, decrypt: bool) -> bytes:
        self.total += 1
        if len(self.calls) >= TRACE_CALLS:
            run = self.model.decrypt_block if decrypt else self.model.encrypt_block
            return run(block)
        trace = models.Trace()
        run = self.model.decrypt_block if decrypt else self.model.encrypt_block
        out = run(block, trace)
        self.calls.append({"direction": "decrypt" if decrypt else "encrypt",
                           "input": block.hex(), "output": out.hex(),
                           "steps": [s for s in trace.steps if s.phase != "key"]})
        return out

    def encrypt_block(self, block: bytes) -> bytes:
        return self._call(block, False)

    def decrypt_block(self, block: bytes) -> bytes:
        return self._call(block, True)

    def report(self) -> dict:
        calls = []
        for c in self.calls:
            steps = c.pop("steps")
            names = list(dict.fromkeys(k for s in steps for k in s.values))
            width = {n: max(1, -(-max(s.values.get(n, 0).bit_length() for s in steps) // 4))
                     for n in names}
            rows = [{"phase": s.phase, "round": s.index,
                     "values": {n: format(s.values[n], f"0{width[n]}x")
                                for n in names if n in s.values}} for s in steps]
            calls.append({**c, "columns": names, "rounds": rows})
        return {"calls": calls, "total_calls": self.total,
                "truncated": self.total > len(self.calls)}


def _crypt(req: RunRequest, cipher) -> bytes:
    """The whole message through ``cipher`` (a model, a block cipher device, the tracing
    model) in the mode on the host, or on a GCM core (GCM in hardware); GCM: ciphertext then
    tag, or the plaintext once the tag matches (AuthenticationError otherwise)."""
    if isinstance(cipher, GcmDevice):
        return gcm_stream(cipher, req.iv, req.aad, decrypt=req.decrypt,
                          tag_len=GCM_TAG_BYTES).finish(req.data)
    if req.cm.aead:
        return modes.GcmStream(cipher, req.iv, req.aad, decrypt=req.decrypt,
                               tag_len=GCM_TAG_BYTES).finish(req.data)
    run = modes.decrypt if req.decrypt else modes.encrypt
    return run(cipher, req.cm.mode, req.data, req.iv, req.pad)


def _trace(req: RunRequest) -> tuple[bytes, dict]:
    tm = _TracingModel(req.cm.cipher, req.key)
    out = _crypt(req, tm)
    return out, tm.report()


def _output(data: bytes) -> dict:
    shown = len(data) <= SHOW_BYTES
    text = None
    if shown:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
    return {"bytes": len(data), "base64": base64.b64encode(data).decode("ascii"),
            "hex": data.hex() if shown else None, "text": text, "shown": shown}


#: the server's -v: a failed build's whole message (its log named) goes to standard error
VERBOSE = False


def _driver_message(e: DriverError, secrets: tuple[str, ...]) -> str:
    """The client gets a driver error's first line: not the build log's path or the compiler's
    lines (the server's -v prints them, and the driver keeps the log)."""
    text = frontend.redact(str(e), secrets)
    first = text.splitlines()[0] if text else type(e).__name__
    if VERBOSE:
        print(f"ciphercores gui: {text}", file=sys.stderr, flush=True)
    elif first != text.strip():
        print(f"ciphercores gui: {first} (-v gives the details)", file=sys.stderr, flush=True)
    return first


def run(req: RunRequest, pool: DevicePool, budget: Budget | None = None) -> dict:
    """Run a checked request within ``budget`` (a new :class:`Budget` by default); the JSON
    answer of ``POST /api/run``."""
    try:
        return _run(req, pool, budget or Budget())
    except RequestError as e:
        e.errors = [(f, frontend.redact(m, req.secrets)) for f, m in e.errors]
        raise
    except DriverError as e:
        raise RequestError([(_field_of(e), _driver_message(e, req.secrets))], 500) from None
    except CipherCoresError as e:
        raise RequestError([(_field_of(e), frontend.redact(str(e), req.secrets))],
                           422) from None


def _run(req: RunRequest, pool: DevicePool, budget: Budget) -> dict:
    cm = req.cm
    answer: dict = {"ok": True, "cipher": cm.cipher, "mode": cm.mode, "name": cm.name,
                    "direction": "decrypt" if req.decrypt else "encrypt", "engine": req.engine,
                    "input_bytes": len(req.data), "pad": req.pad}
    t0 = time.perf_counter()
    if req.engine == "model":
        out = _crypt(req, _Checked(models.new(cm.cipher, req.key), budget))
        answer.update(core=None, where="reference model (Python, software)", hw_mode=False,
                      cycles=None, opened=None)
    else:
        core, params = _choose(cm, req.core)
        opened: dict = {}
        with pool.use(core, params, opened) as dev:
            budget.check()
            dev.progress = budget.check
            dev.set_key(req.key, cm.cipher)
            key_cycles = dev.cycles.key
            c0, b0 = dev.cycles.total, dev.cycles.blocks
            out = (_crypt(req, dev) if cm.aead else
                   run_mode(dev, cm.mode, req.data, req.iv, req.pad, req.decrypt))
            cycles, blocks = dev.cycles.total - c0, dev.cycles.blocks - b0
            where = dev.describe()
        m = measured(core, params, cm.cipher)
        fmax = m and m.get("fmax_mhz")
        figs = core.cycles(params, cm.cipher)
        answer.update(core=frontend.core_spec(core, params), where=where,
                      hw_mode=bool(getattr(core, "mode", "")), opened=opened or None,
                      cycles={"total": cycles, "blocks": blocks, "key": key_cycles,
                              "per_block": round(cycles / blocks, 2) if blocks else None,
                              # the registry's figures for this cipher, to compare with
                              "cycles_for": cm.cipher, "interval": figs["interval"],
                              "key_setup": figs["key_setup"],
                              "fmax_mhz": fmax, "target": m and m.get("target"),
                              "us_at_fmax": round(cycles / fmax, 4) if fmax else None})
    answer["seconds"] = round(time.perf_counter() - t0, 4)  # wall time, opening included
    answer["output"] = _output(out)
    answer["aead"] = None
    if cm.aead:  # the tag: the output's last bytes (encrypt), the input's, verified (decrypt)
        tag = (req.data if req.decrypt else out)[-GCM_TAG_BYTES:]
        answer["aead"] = {"tag": tag.hex(), "tag_bytes": GCM_TAG_BYTES,
                          "aad_bytes": len(req.aad), "verified": req.decrypt}
    answer["trace"] = answer["model_agrees"] = None
    if len(req.data) <= TRACE_BYTES:
        if req.trace:  # asked for: its values are key-derived
            model_out, answer["trace"] = _trace(req)
        else:
            model_out = _crypt(req, models.new(cm.cipher, req.key))
        if req.engine == "rtl":
            answer["model_agrees"] = model_out == out
    return answer


__all__ = ["MAX_BODY", "MAX_BYTES", "Budget", "DevicePool", "RequestError", "RunRequest",
           "catalogue",
           "engines", "measured", "parse_request", "run"]
