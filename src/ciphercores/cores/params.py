# SPDX-License-Identifier: Apache-2.0
"""The one reader of ``PARAM=VALUE`` text: a core spec's ``NAME:P=V,...``, ``-P P=V`` of
``verify`` and ``synth``, and ``-P P=V[,V...]`` of ``explore`` (a sweep)."""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import BadParameterError


def parse_assignments(items: Iterable[str], *, multi: bool = False,
                      where: str = "") -> dict[str, list[int]]:
    """``PARAM=VALUE`` items (``multi``: ``PARAM=VALUE[,VALUE...]``) -> parameter -> values,
    in the order given (a repeated parameter collects its values). Values are integers in any
    base Python reads (``0x10``). ``where`` prefixes the error messages."""
    prefix = f"{where}: " if where else ""
    out: dict[str, list[int]] = {}
    for item in items:
        k, eq, v = item.partition("=")
        k = k.strip()
        if not eq or not k:
            raise BadParameterError(f"{prefix}expected PARAM=VALUE{'[,VALUE...]' if multi else ''}"
                                    f", got {item!r}")
        try:
            vals = [int(x, 0) for x in v.split(",") if x.strip()]
        except ValueError:
            raise BadParameterError(f"{prefix}{k} needs integer values, got {v.strip()!r}") \
                from None
        if not vals or (len(vals) > 1 and not multi):
            raise BadParameterError(f"{prefix}{k} needs one integer value, got {v.strip()!r}")
        out.setdefault(k, []).extend(vals)
    return out


def parse_params(items: Iterable[str], *, where: str = "") -> dict[str, int]:
    """``PARAM=VALUE`` items -> parameter -> value (the last one given wins)."""
    return {k: v[-1] for k, v in parse_assignments(items, where=where).items()}
