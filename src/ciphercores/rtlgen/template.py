# SPDX-License-Identifier: Apache-2.0
"""The fixed text of the generated tops and the parts every wrapper computes alike.

A template, ``templates/<name>.v.tmpl`` (package data, shipped in the wheel), is the Verilog
of a top with ``${field}`` placeholders (:class:`string.Template`: Verilog's braces and
backticks need no escaping). The wrapper modules compute only what varies per core (names,
parameter lists, the optional ports) and :func:`fill` puts it in."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from string import Template

#: the template files, beside this module in the package
DIR = Path(__file__).with_name("templates")


def fill(template: str, /, **fields: object) -> str:
    """The text of ``templates/<template>.v.tmpl`` with its fields filled (KeyError if one of
    them is not given)."""
    return Template((DIR / f"{template}.v.tmpl").read_text()).substitute(fields)


def param_decls(params: Mapping[str, int]) -> str:
    """The parameter list of a top's header: ``parameter integer K = V`` for each of
    ``params`` (name -> default), one a line."""
    return ",\n".join(f"    parameter integer {k} = {v}" for k, v in params.items())


def param_pass(names: Iterable[str]) -> str:
    """``.K(K), ...``: the top's parameters ``names`` passed on to the core inside."""
    return ", ".join(f".{k}({k})" for k in names)
