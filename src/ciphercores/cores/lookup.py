# SPDX-License-Identifier: Apache-2.0
"""Finding cores: by name (``get``: a block core, ``MODE(CORE)``, ``gcm(CORE)``,
``BUS(CORE)``), by ``NAME:PARAM=VALUE,...`` (``parse_core_spec``), by cipher (``cores_for``),
and every core of some kinds (``every``)."""

from __future__ import annotations

import itertools

from ..errors import BadParameterError, CipherCoresError, UnknownCoreError, UnsupportedCipherError
from .buscore import BUSES, bus_core
from .gcmcore import gcm_bases, gcm_core
from .modecore import HW_MODES, mode_bases, mode_core
from .params import parse_params
from .schema import CORES, KINDS, LISTED_KINDS, STREAM_KINDS, Core, Params


def get(name: str, kinds: tuple[str, ...] = STREAM_KINDS) -> Core:
    """The core ``name`` of one of ``kinds`` (see ``KINDS``; by default those with the stream
    interface, which most commands take): a registered block core, or a composition built
    around one, ``MODE(CORE)``, ``gcm(CORE)``, ``BUS(CORE)``. A bus wrapper is a
    ``buscore.BusCore``, with the attributes of a core that listing, exporting and packaging
    read."""
    name = name.strip()
    if name.endswith(")") and "(" in name:
        outer, _, inner = name[:-1].partition("(")
        outer, inner = outer.strip().lower(), inner.strip()
        if outer == "gcm":
            core = gcm_core(inner)
        elif outer in BUSES:
            core = bus_core(outer, inner)
        elif outer in HW_MODES:
            core = mode_core(outer, inner)
        else:
            raise UnknownCoreError(
                f"unknown hardware mode {outer!r} (known: {', '.join(HW_MODES)}; ECB is the "
                f"core itself; and gcm(CORE), and the bus wrappers {', '.join(BUSES)})")
    else:
        try:
            core = CORES[name]
        except KeyError:
            known = ", ".join(sorted(CORES))
            raise UnknownCoreError(
                f"unknown core {name!r} (known: {known}; and MODE(CORE) with MODE in "
                f"{', '.join(HW_MODES)}; gcm(CORE) around an AES core; BUS(CORE) with BUS in "
                f"{', '.join(BUSES)})") from None
    if core.kind not in kinds:
        raise UnknownCoreError(
            f"{core.name} is a {KINDS[core.kind]}, which this command does not take (it "
            f"takes: {'; '.join(KINDS[k] for k in kinds)})")
    return core


def every(kinds: tuple[str, ...] = tuple(KINDS)) -> list:
    """Every core a user can name, of ``kinds``, in the registry's order (kind by kind, as
    ``KINDS``): the block cores (``CORES``), the hardware mode cores (each mode around each
    one-block core, ``mode_bases``), the GCM cores (``gcm_bases``), the bus wrappers (each bus
    around each block and mode core the mode cores list)."""
    modes = [mode_core(m, b) for b in mode_bases() for m in HW_MODES]
    made = {"block": lambda: list(CORES.values()), "mode": lambda: modes,
            "gcm": lambda: [gcm_core(b) for b in gcm_bases()],
            "bus": lambda: [bus_core(bus, c) for bus in BUSES
                            for c in (*mode_bases(), *(m.name for m in modes))]}
    return [c for k in KINDS if k in kinds for c in made[k]()]


def listed_core(core):
    """The core listed one by one (``LISTED_KINDS``) that documents ``core``: itself for a
    block or GCM core, else the core inside (a mode core's block core, a bus wrapper's block
    or mode core's). Its datasheet is docs/cores/<its top>.md."""
    while core.kind not in LISTED_KINDS:
        core = get(core.base, tuple(KINDS))
    return core


def parse_core_spec(text: str, cipher: str | None = None,
                    kinds: tuple[str, ...] = STREAM_KINDS) -> tuple[Core, dict[str, int]]:
    """``NAME[:PARAM=VALUE,...]`` -> (core, checked parameters). With ``cipher`` (a block
    cipher name, ``aes-192``) the core is configured for it (:func:`configure`): the
    parameters the cipher fixes come from the cipher, ``PARAM=VALUE`` sets the others.
    ``kinds``: as for :func:`get`."""
    core, overrides = split_core_spec(text, kinds)
    if cipher is not None:
        return core, configure(core, cipher, overrides)
    return core, core.params(overrides)


def split_core_spec(text: str, kinds: tuple[str, ...] = STREAM_KINDS
                    ) -> tuple[Core, dict[str, int]]:
    """``NAME[:PARAM=VALUE,...]`` -> (core, the parameters given, not yet checked)."""
    name, _, rest = text.partition(":")
    core = get(name.strip(), kinds)
    items = [s for s in (s.strip() for s in rest.split(",")) if s]
    return core, parse_params(items, where=core.name)


def _cipher_fixes(core: Core) -> list[str]:
    """The parameters of ``core`` that select its cipher: those whose value alone (the others
    at their defaults) changes the ciphers it implements (aes_pipe: KEY_BITS; the SPECK
    cores: WORD and KEY_WORDS)."""
    base = dict(core.defaults)
    here = core.block_ciphers(base)
    return [k for k, vs in core.choices.items()
            if any(core.block_ciphers({**base, k: v}) != here for v in vs)]


def configure(core: Core, cipher: str, overrides: Params | None = None) -> dict[str, int]:
    """The parameters with which ``core`` computes the block cipher ``cipher``: the
    parameters the cipher fixes (KEY_BITS for aes-256, WORD and KEY_WORDS for a SPECK set)
    come from it, ``overrides`` set what it leaves open (LANES, STAGES, SUBREG, ...), the
    rest are the defaults (speck_pipe: STAGES = T, the full pipeline; one lane). An override
    that contradicts the cipher is a BadParameterError; a core that cannot compute the
    cipher at all an UnsupportedCipherError."""
    overrides = dict(overrides or {})
    keys = _cipher_fixes(core)
    settings = [dict(zip(keys, vs, strict=True))
                for vs in itertools.product(*(core.choices[k] for k in keys))]
    found = [f for f in settings if cipher in core.block_ciphers({**core.defaults, **f})]
    if not found:
        from ..models import CIPHERS

        every = sorted({c for f in settings
                        for c in core.block_ciphers({**core.defaults, **f}) if c in CIPHERS})
        raise UnsupportedCipherError(f"core {core.name} implements {', '.join(every)}, "
                                     f"not {cipher}")
    fixed = {k: v for k, v in found[0].items() if all(f[k] == v for f in found)}
    for k, v in overrides.items():
        if k in fixed and core.check(k, v) != fixed[k]:
            raise BadParameterError(f"{core.name}: {k}={v} contradicts {cipher}, which needs "
                                    f"{k}={fixed[k]}")
    p = core.params({**overrides, **fixed})
    if cipher not in core.block_ciphers(p):
        raise UnsupportedCipherError(
            f"core {core.name} ({', '.join(f'{k}={v}' for k, v in p.items())}) implements "
            f"{', '.join(core.block_ciphers(p))}, not {cipher}")
    return p


def cores_for(cipher: str) -> list[tuple[Core, dict[str, int]]]:
    """Every (core, parameter set) that implements ``cipher``: each core configured for the
    cipher (:func:`configure`), then the test sets that implement it; the cipher's default
    core first (``Core.default_for``), then in registry order."""
    out = []
    for core in CORES.values():
        try:
            sets = [configure(core, cipher)]
        except CipherCoresError:
            continue
        sets += [p for p in map(core.params, core.test_sets) if cipher in core.ciphers(p)]
        out += [(core, p) for i, p in enumerate(sets) if p not in sets[:i]]
    return sorted(out, key=lambda cp: not cp[0].is_default_for(cipher))
