# SPDX-License-Identifier: Apache-2.0
"""The GUI's run of a checked request (:mod:`.request`), apart from HTTP: through the RTL (the
co-simulation driver, as the CLI runs it, on a device of the pool, :mod:`.devices`) or the
reference model, and the model's round-by-round trace of small messages. GCM (AES) runs as in
the CLI: whole in the RTL on a GCM core (``gcm(aes_iter)`` by default, ``gcm(aes_pipe)``), on
the host around a block cipher core, or on the reference model; the answer gives the tag, and a
tag that does not match is refused as the field ``tag``.

An error names its field and sizes, never key bytes (:func:`ciphercores.frontend.redact`
guards every message). Keys are not logged, not kept after a request (the core is reset, which
wipes its key registers), and not echoed: the round trace, whose values give the round keys
(AES-128's first is the key), comes only when the request asks for it (``"trace": true``, the
page's "round trace" box).

What a run may cost is bounded (:mod:`.limits`): each run is stopped after
:data:`~.limits.RUN_SECONDS` or when its client goes away (:class:`Budget`).
"""

from __future__ import annotations

import base64
import sys
import threading
import time

from .. import cores, frontend, models, modes
from ..driver import GcmDevice, gcm_stream, run_mode
from ..errors import CipherCoresError, DriverError, RequestError
from . import limits
from .catalogue import GCM_TAG_BYTES, choose, measured
from .devices import DevicePool
from .request import RunRequest, field_of

#: the server's -v: a failed build's whole message (its log named) goes to standard error
VERBOSE = False


class Budget:
    """What one run may take: stopped (a :class:`RequestError`) at the next block batch once
    :data:`~.limits.RUN_SECONDS` have passed or :meth:`cancel` was called (its client went
    away)."""

    def __init__(self, seconds: float | None = None):
        self.seconds = limits.RUN_SECONDS if seconds is None else seconds
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


class _TracingModel:
    """The reference model as a block cipher for the host modes, recording every block call
    (input, output, rounds) up to :data:`~.limits.TRACE_CALLS`."""

    def __init__(self, cipher: str, key: bytes):
        self.model = models.new(cipher, key)
        self.block_size = self.model.block_size
        self.name = cipher
        self.calls: list[dict] = []
        self.total = 0

    def _call(self, block: bytes, decrypt: bool) -> bytes:
        self.total += 1
        if len(self.calls) >= limits.TRACE_CALLS:
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
    shown = len(data) <= limits.SHOW_BYTES
    text = None
    if shown:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
    return {"bytes": len(data), "base64": base64.b64encode(data).decode("ascii"),
            "hex": data.hex() if shown else None, "text": text, "shown": shown}


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
    answer of ``POST /api/run``. Every error of the package comes out as a
    :class:`RequestError` naming its field (a failed build 500, any other 422), redacted."""
    try:
        return _run(req, pool, budget or Budget())
    except RequestError as e:
        e.errors = [(f, frontend.redact(m, req.secrets)) for f, m in e.errors]
        raise
    except DriverError as e:
        raise RequestError([(field_of(e), _driver_message(e, req.secrets))], 500) from None
    except CipherCoresError as e:
        raise RequestError([(field_of(e), frontend.redact(str(e), req.secrets))],
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
        out = _run_rtl(req, pool, budget, answer)
    answer["seconds"] = round(time.perf_counter() - t0, 4)  # wall time, opening included
    answer["output"] = _output(out)
    answer["aead"] = _tag(req, out)
    answer["trace"], answer["model_agrees"] = _against_model(req, out)
    return answer


def _run_rtl(req: RunRequest, pool: DevicePool, budget: Budget, answer: dict) -> bytes:
    """The run on the chosen core's device; ``answer`` gets the core, where the mode ran,
    the opening and the cycles."""
    cm = req.cm
    core, params = choose(cm, req.core)
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
    answer.update(core=frontend.core_spec(core, params), where=where,
                  hw_mode=bool(getattr(core, "mode", "")), opened=opened or None,
                  cycles=_cycles(core, params, cm.cipher, cycles, blocks, key_cycles))
    return out


def _cycles(core: cores.Core, params: dict[str, int], cipher: str, total: int, blocks: int,
            key: int) -> dict:
    """A run's cycles beside the registry's figures for ``cipher`` and the measured Fmax."""
    m = measured(core, params, cipher)
    fmax = m and m.get("fmax_mhz")
    figs = core.cycles(params, cipher)
    return {"total": total, "blocks": blocks, "key": key,
            "per_block": round(total / blocks, 2) if blocks else None,
            # the registry's figures for this cipher, to compare with
            "cycles_for": cipher, "interval": figs["interval"],
            "key_setup": figs["key_setup"],
            "fmax_mhz": fmax, "target": m and m.get("target"),
            "us_at_fmax": round(total / fmax, 4) if fmax else None}


def _tag(req: RunRequest, out: bytes) -> dict | None:
    """GCM's tag: the output's last bytes (encrypt), the input's, verified (decrypt)."""
    if not req.cm.aead:
        return None
    tag = (req.data if req.decrypt else out)[-GCM_TAG_BYTES:]
    return {"tag": tag.hex(), "tag_bytes": GCM_TAG_BYTES, "aad_bytes": len(req.aad),
            "verified": req.decrypt}


def _against_model(req: RunRequest, out: bytes) -> tuple[dict | None, bool | None]:
    """For a small message: the model's trace (only when asked: its values are key-derived)
    and whether the model's output equals the RTL's (None for the model's own run)."""
    if len(req.data) > limits.TRACE_BYTES:
        return None, None
    trace = None
    if req.trace:
        model_out, trace = _trace(req)
    else:
        model_out = _crypt(req, models.new(req.cm.cipher, req.key))
    return trace, (model_out == out if req.engine == "rtl" else None)


__all__ = ["VERBOSE", "Budget", "run"]
