"""Finding cores: by name (``get``, with ``MODE(CORE)``), by ``NAME:PARAM=VALUE,...``
(``parse_core_spec``) and by cipher (``cores_for``)."""

from __future__ import annotations

from .modecore import HW_MODES, mode_core
from .schema import CORES, BadParameterError, Core, UnknownCoreError


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
    overrides: dict[str, int] = {}
    for item in filter(None, (s.strip() for s in rest.split(","))):
        k, eq, v = item.partition("=")
        if not eq:
            raise BadParameterError(f"{core.name}: expected PARAM=VALUE, got {item!r}")
        try:
            overrides[k.strip()] = int(v, 0)
        except ValueError:
            raise BadParameterError(f"{core.name}: {k.strip()} needs an integer") from None
    return core, core.params(overrides)


def cores_for(cipher: str) -> list[tuple[Core, dict[str, int]]]:
    """Every (core, parameter set) that implements ``cipher``, among the test sets and defaults."""
    out = []
    for core in CORES.values():
        for ps in (core.defaults, *core.test_sets):
            p = core.params(ps)
            if cipher in core.ciphers(p) and (core, p) not in out:
                out.append((core, p))
    return out
