# SPDX-License-Identifier: Apache-2.0
"""Finding cores: by name (``get``: a block core, ``MODE(CORE)``, ``gcm(CORE)``,
``BUS(CORE)``), by ``NAME:PARAM=VALUE,...`` (``parse_core_spec``), by cipher (``cores_for``),
and every core of some kinds (``every``)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import BadParameterError, CipherCoresError, UnknownCoreError, UnsupportedCipherError
from .params import parse_params
from .schema import CORES, KINDS, LISTED_KINDS, STREAM_KINDS, Core, Params


@dataclass(frozen=True)
class Composition:
    """A kind of core built by name around another (``KINDS``: mode, gcm, bus), as its module
    registers it (:func:`register_composition`): this module finds the builders there and
    imports none of them, so that they can use :func:`get` for the core inside."""

    kind: str
    #: the outer names it builds, ``NAME(CORE)``: the modes, ``gcm``, the buses
    names: tuple[str, ...]
    #: (outer name, inner core's name) -> the core
    build: Callable[[str, str], Core]
    #: every core of this kind a user can name, in the registry's order
    every: Callable[[], list]


_COMPOSITIONS: dict[str, Composition] = {}


def register_composition(composition: Composition) -> None:
    """Make ``NAME(CORE)`` for each of ``composition.names`` a core name :func:`get` builds."""
    if composition.kind not in KINDS or composition.kind == "block":
        raise ValueError(f"a composition builds a mode, gcm or bus core, not "
                         f"{composition.kind!r}")
    _COMPOSITIONS[composition.kind] = composition


def _names(kind: str) -> tuple[str, ...]:
    return _COMPOSITIONS[kind].names if kind in _COMPOSITIONS else ()


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
        made = next((c for c in _COMPOSITIONS.values() if outer in c.names), None)
        if made is None:
            raise UnknownCoreError(
                f"unknown hardware mode {outer!r} (known: {', '.join(_names('mode'))}; ECB is "
                f"the core itself; and gcm(CORE), and the bus wrappers "
                f"{', '.join(_names('bus'))})")
        core = made.build(outer, inner)
    else:
        try:
            core = CORES[name]
        except KeyError:
            known = ", ".join(sorted(CORES))
            raise UnknownCoreError(
                f"unknown core {name!r} (known: {known}; and MODE(CORE) with MODE in "
                f"{', '.join(_names('mode'))}; gcm(CORE) around an AES core; BUS(CORE) with BUS "
                f"in {', '.join(_names('bus'))})") from None
    if core.kind not in kinds:
        raise UnknownCoreError(
            f"{core.name} is a {KINDS[core.kind]}, which this command does not take (it "
            f"takes: {'; '.join(KINDS[k] for k in kinds)})")
    return core


def every(kinds: tuple[str, ...] = tuple(KINDS)) -> list:
    """Every core a user can name, of ``kinds``, in the registry's order (kind by kind, as
    ``KINDS``): the block cores (``CORES``), then each composition's, as it registered them:
    the hardware mode cores (each mode around each one-block core, ``modecore.mode_bases``),
    the GCM cores (``gcmcore.gcm_bases``), the bus wrappers (each bus around each one-block
    core and each mode core)."""
    made = {"block": lambda: list(CORES.values()),
            **{k: c.every for k, c in _COMPOSITIONS.items()}}
    return [c for k in KINDS if k in kinds and k in made for c in made[k]()]


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
