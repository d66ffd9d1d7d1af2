# SPDX-License-Identifier: Apache-2.0
"""What the GUI's page offers: the ciphers of the models with their sizes and modes, the
engines that run a cipher in a mode (every RTL core option with the registry's cycle model and
the measurement cache's figures, then the reference model), and the one check of a request's
cipher, mode and core against that offer. Only the registry's parameter sets are offered, and
only those are ever built (:func:`choose`)."""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING

from .. import cores, frontend, models, modes
from ..driver.verilator import is_built
from ..errors import CipherCoresError, RequestError
from . import limits

if TYPE_CHECKING:
    from .devices import DevicePool

#: ciphers the page opens on: the first one a registered core implements
DEFAULT_CIPHERS = ("aes-128", "speck128-128", "bf")
#: where the measured figures shown beside a core come from (the measurement cache)
MEASURED_TARGET = ("ecp5", "8")
#: the tag GCM appends to the ciphertext (as the CLI and cryptography's AESGCM)
GCM_TAG_BYTES = 16


def _key_hint(spec: models.CipherSpec) -> str:
    sizes = spec.key_sizes
    if len(sizes) > 3:
        return f"{sizes[0]} to {sizes[-1]} bytes ({2 * sizes[0]} to {2 * sizes[-1]} hex digits)"
    return " or ".join(f"{s} bytes ({2 * s} hex digits)" for s in sizes)


def _cipher_entry(name: str, spec: models.CipherSpec) -> dict:
    return {"name": name, "family": spec.family, "block_size": spec.block_size,
            "key_sizes": list(spec.key_sizes), "key_hint": _key_hint(spec),
            "iv_hint": f"{spec.block_size} bytes ({2 * spec.block_size} hex digits)",
            "rtl": bool(cores.cores_for(name)), "modes": list(modes.modes_of(name))}


def catalogue() -> dict:
    """Every cipher of the models with its sizes, whether an RTL core implements it, the modes,
    and the cipher and mode the page opens on."""
    ciphers = [_cipher_entry(name, spec) for name, spec in models.CIPHERS.items()]
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
            "limits": {"max_bytes": limits.MAX_BYTES, "trace_bytes": limits.TRACE_BYTES,
                       "show_bytes": limits.SHOW_BYTES}}


@functools.lru_cache(maxsize=256)
def _measured(core_name: str, params: tuple[tuple[str, int], ...]) -> dict | None:
    """The cached ECP5 figures of a block cipher core (nothing is run: cache only)."""
    from ..synth import flow

    target, grade = MEASURED_TARGET
    try:
        rec = flow.recorded(cores.get(core_name), dict(params), target, grade)
    except (CipherCoresError, OSError, json.JSONDecodeError):
        # not measured here (NotCached), a set the flow refuses (another CipherCoresError),
        # or a cache or archive that cannot be read: show the cycle model only
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


def cipher_mode(cipher: object, mode: object) -> modes.CipherMode:
    """The cipher and mode of a request, checked (both fields' errors at once)."""
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


def choose(cm: modes.CipherMode, spec: str | None) -> tuple[cores.Core, dict[str, int]]:
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


def _where(cm: modes.CipherMode, hw: bool) -> str:
    """Where the mode runs with a core (in hardware ``hw``, or on the host)."""
    if cm.aead:
        return ("GCM in hardware (counters, GHASH, tag and its check)" if hw else
                "AES in the RTL, GCM (counters, GHASH, tag) on the host")
    return (f"{cm.mode.upper()} in hardware" if hw else
            "block cipher core" if cm.mode == "ecb" else f"{cm.mode.upper()} on the host")


def _rtl_engine(cm: modes.CipherMode, core: cores.Core, params: dict[str, int],
                pool: DevicePool | None) -> dict:
    hw = bool(getattr(core, "mode", ""))
    base = cores.get(getattr(core, "base", "") or core.name)
    shown = {k: params[k] for k in base.defaults if k in params}
    ps = ", ".join(f"{k}={v}" for k, v in shown.items())
    # the cycle figures for this cipher (aes_iter: the rounds follow the key length)
    figs = core.cycles(params, cm.cipher)
    return {
        "id": frontend.core_spec(core, params), "engine": "rtl", "core": core.name,
        "params": shown, "hw_mode": hw,
        "label": f"RTL {core.name}{f' ({ps})' if ps else ''}: {_where(cm, hw)}",
        "summary": core.summary, "cycles_for": cm.cipher, "latency": figs["latency"],
        "interval": figs["interval"], "burst": figs["burst"],
        "key_setup": figs["key_setup"],
        "measured": measured(core, params, cm.cipher),
        # False: the first run builds the Verilator model first (tens of seconds, once)
        "built": pool is not None and pool.is_open(core, params) or is_built(core, params),
    }


def _model_engine() -> dict:
    return {"id": "model", "engine": "model", "core": None, "params": {}, "hw_mode": False,
            "label": "reference model (Python, software)",
            "summary": "the bit-exact Python model the RTL is tested against",
            "cycles_for": None, "latency": None, "interval": None, "burst": None,
            "key_setup": None, "measured": None,
            "built": True}


def engines(cipher: object, mode: object, pool: DevicePool | None = None) -> list[dict]:
    """What can run ``cipher`` in ``mode``: every RTL core option (the default first, as the
    CLI picks it) with its cycle model, measured figures and whether its co-simulation build
    is ready (cached, or open in ``pool``), then the reference model."""
    cm = cipher_mode(cipher, mode)
    return [*(_rtl_engine(cm, core, params, pool) for core, params in frontend.core_options(cm)),
            _model_engine()]


__all__ = ["DEFAULT_CIPHERS", "GCM_TAG_BYTES", "MEASURED_TARGET", "catalogue", "choose",
           "cipher_mode", "engines", "measured"]
