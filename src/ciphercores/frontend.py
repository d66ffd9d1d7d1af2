# SPDX-License-Identifier: Apache-2.0
"""What the front ends (the CLI and the web GUI) share: reading hex keys and IVs, checking a
key and an IV against a cipher and mode before anything runs, choosing the RTL core that runs a
cipher and mode, and keeping key bytes out of every message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from . import cores, models, modes
from .errors import BadHexError, IVSizeError, UnsupportedCipherError


def parse_hex(what: str, text: str | None) -> bytes | None:
    """Hex text (an optional 0x first) -> bytes; the error says what is wrong (empty, not
    hexadecimal, an odd number of digits) and names the field, never the text."""
    if text is None:
        return None
    t = text.strip()
    if t[:2].lower() == "0x":
        t = t[2:]
    if not t:
        raise BadHexError(f"{what} is empty")
    if not re.fullmatch(r"[0-9a-fA-F]*", t):
        raise BadHexError(f"{what} is not hexadecimal")
    if len(t) % 2:
        raise BadHexError(f"{what} has an odd number of hex digits (two make a byte)")
    return bytes.fromhex(t)


def redact(message: str, secrets: Iterable[str] = ()) -> str:
    """Hide keys in a message: the given key texts and anything that looks like one (8 or
    more hex digits), wherever the user typed it."""
    for secret in secrets:
        secret = secret.strip()
        if len(secret) >= 4:
            message = re.sub(rf"(?<![0-9A-Za-z]){re.escape(secret)}(?![0-9A-Za-z])",
                             "<hidden>", message)
    return re.sub(r"(?<![0-9A-Za-z])(0x)?[0-9a-fA-F]{8,}(?![0-9A-Za-z])", "<hidden>", message)


def check_key(cm: modes.CipherMode, key: bytes) -> None:
    """KeySizeError (sizes only) unless ``key`` fits the cipher of ``cm``."""
    models.spec(cm.cipher).model(key)


def check_iv(cm: modes.CipherMode, iv: bytes | None) -> None:
    """IVSizeError unless ``iv`` is what the mode of ``cm`` needs (none for ECB; GCM: any
    length from 1 byte)."""
    if cm.aead:
        if not iv:
            raise IVSizeError(cm.name, 0, modes.GCM_IV_RECOMMENDED,
                              note="GCM takes any IV length from 1 byte; 12 is recommended")
        return
    modes._check(models.spec(cm.cipher), cm.mode, iv, cm.cipher)


def aead_cores(cm: modes.CipherMode) -> list[tuple[cores.Core, dict[str, int]]]:
    """The cores that run the whole of an authenticated mode (``aes-128-gcm``: counters,
    GHASH, the tag and its check in hardware): ``gcm(CORE)`` around each AES core
    (:func:`cores.gcm_bases`) configured for the cipher, the one around the cipher's default
    core first (``gcm(aes_iter)``: the default of ``ciphercores encrypt aes-*-gcm``)."""
    if not cm.aead:
        return []
    out = []
    for base in cores.gcm_bases():
        core = cores.gcm_core(base)
        try:
            out.append((core, cores.configure(core, cm.cipher)))
        except UnsupportedCipherError:
            continue
    return sorted(out, key=lambda cp: not cores.CORES[cp[0].base].is_default_for(cm.cipher))


def choose_core(cm: modes.CipherMode, spec: str | None
                ) -> tuple[cores.Core, dict[str, int]]:
    """The (core, parameters) that runs ``cm``. ``spec`` is ``NAME[:P=V,...]``: a block cipher
    core (the mode then runs on the host) or a hardware mode core ``MODE(CORE)`` (GCM:
    ``gcm(CORE)``), configured for the cipher (:func:`cores.configure`: what the cipher fixes
    comes from it, ``P=V`` sets the rest). Without it: the cipher's default core
    (``Core.default_for``), inside its hardware mode wrapper ``MODE(CORE)`` for
    CBC/CFB/OFB/CTR (ECB is the core itself), ``gcm(CORE)`` for GCM."""
    if spec is None:
        options = aead_cores(cm) if cm.aead else core_options(cm)
        if not options:
            raise UnsupportedCipherError(
                f"no registered core implements {cm.cipher} (use --software for the model)")
        return options[0]
    core = cores.get(spec.partition(":")[0])
    mode = getattr(core, "mode", "")
    if mode and mode != cm.mode:
        raise UnsupportedCipherError(f"core {core.name} runs {mode.upper()}, not {cm.name}")
    return cores.parse_core_spec(spec, cm.cipher)


def core_options(cm: modes.CipherMode) -> list[tuple[cores.Core, dict[str, int]]]:
    """Every RTL (core, parameters) that can run ``cm``, the default (:func:`choose_core`)
    first: for each registered parameter set implementing the cipher, the hardware mode core
    ``MODE(CORE)`` (CBC/CFB/OFB/CTR, single-lane cores) and then the block cipher core itself
    (the mode then runs on the host). For GCM: the cores that run all of it
    (:func:`aead_cores`), then the block cipher cores (GCM on the host)."""
    out: list[tuple[cores.Core, dict[str, int]]] = list(aead_cores(cm))
    for core, params in cores.cores_for(cm.cipher):
        if cm.mode in cores.HW_MODES and core.lanes(params) == 1:
            mc = cores.mode_core(cm.mode, core.name)
            out.append((mc, mc.params(params)))
        out.append((core, params))
    return out


def core_spec(core: cores.Core, params: dict[str, int]) -> str:
    """``NAME:P=V,...`` that :func:`cores.parse_core_spec` reads back to (core, params):
    the parameters a user sets (a mode core's derived port widths left out)."""
    settable = [k for k in core.defaults if k in params]
    return f"{core.name}:" + ",".join(f"{k}={params[k]}" for k in settable)


__all__ = ["aead_cores", "check_iv", "check_key", "choose_core", "core_options", "core_spec",
           "parse_hex", "redact"]


#: why the first key load after opening (or resetting) a core costs more than the registry's
#: key set-up; the CLI's -v and the GUI say it, docs/interface.md ("Cycle figures") explains it
FIRST_KEY_NOTE = ("a key load right after a reset (opening a core resets it) also waits "
                  "while the core sets up the all-zero key it starts with or wipes its "
                  "output FIFO")


def cycle_summary(core: cores.Core, params: dict[str, int], cipher: str,
                  key_cycles: int | None = None) -> str:
    """The registry's cycle figures of ``core`` for ``cipher``, said with the cipher; with
    ``key_cycles`` (a key load's measured cycles), why it took longer if it did."""
    f = core.cycles(params, cipher)
    text = (f"registry for {cipher} on {core.name}: latency {f['latency']}, interval "
            f"{f['interval']}" + (f" (burst {f['burst']})" if f["burst"] > 1 else "")
            + f", key set-up {f['key_setup']} cycles")
    if key_cycles is not None and key_cycles > f["key_setup"]:
        ready = core.reset_figures(params)["ready_after_reset"]
        text += (f"; the key load took {key_cycles - f['key_setup']} cycles more: "
                 + FIRST_KEY_NOTE + f" (registry: at most {ready} cycles)")
    return text
