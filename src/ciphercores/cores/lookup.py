# SPDX-License-Identifier: Apache-2.0
"""Finding cores: by name (``get``, with ``MODE(CORE)``), by ``NAME:PARAM=VALUE,...``
(``parse_core_spec``) and by cipher (``cores_for``)."""

from __future__ import annotations

from ..errors import UnknownCoreError
from .modecore import HW_MODES, mode_core
from .params import parse_params
from .schema import CORES, Core


def get(name: str) -> Core:
    name = name.strip()
    if name.endswith(")") and "(" in name:
        mode, _, base = name[:-1].partition("(")
        return mode_core(mode.strip().lower(), base.strip())
    try:
        return CORES[name]
    except KeyError:
        known = ", ".join(sorted(CORES))
        raise UnknownCoreError(
            f"unknown core {name!r} (known: {known}; and MODE(CORE) with MODE in "
            f"{', '.join(HW_MODES)})") from None


def parse_core_spec(text: str) -> tuple[Core, dict[str, int]]:
    """``NAME[:PARAM=VALUE,...]`` -> (core, checked parameters)."""
    name, _, rest = text.partition(":")
    core = get(name.strip())
    items = [s for s in (s.strip() for s in rest.split(",")) if s]
    return core, core.params(parse_params(items, where=core.name))


def cores_for(cipher: str) -> list[tuple[Core, dict[str, int]]]:
    """Every (core, parameter set) that implements ``cipher``, among the test sets and defaults:
    the cipher's default core first (``Core.default_for``), then in registry order."""
    out = []
    for core in CORES.values():
        for ps in (core.defaults, *core.test_sets):
            p = core.params(ps)
            if cipher in core.ciphers(p) and (core, p) not in out:
                out.append((core, p))
    return sorted(out, key=lambda cp: not cp[0].is_default_for(cipher))
