# SPDX-License-Identifier: Apache-2.0
"""The generated top of a hardware mode core ``MODE(CORE)``: rtl/modes/mode_engine.v wired to
a registered block cipher core, the core's parameters passed through (docs/interface.md,
"Modes"). :mod:`ciphercores.cores.modecore` calls it with the core's figures; the fixed text
is templates/mode_top.v.tmpl (:mod:`.template`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from .template import fill, param_decls, param_pass


def mode_top(name: str, top: str, mode: str, mode_number: int, params: Mapping[str, int],
             base_name: str, base_top: str, base_params: Iterable[str], key_len_port: bool,
             ctr_little: bool) -> str:
    """Verilog text of the top module ``top`` (the core ``name``): the mode engine with
    ``MODE = mode_number`` around ``base_top``, whose parameters ``base_params`` pass through;
    ``params`` are the top's parameters with their defaults."""
    return fill(
        "mode_top", name=name, top=top, mode=mode.upper(), mode_number=mode_number,
        little=int(ctr_little), base_name=base_name, base_top=base_top,
        pdecl=param_decls(params), ppass=param_pass(base_params),
        # s_key_tlen: the key length in bytes, for a core with a key length port
        tlen_port="    input  wire [TLEN_W-1:0]  s_key_tlen,\n" if key_len_port else "",
        tlen_conn="        .s_key_tlen(s_key_tlen),\n" if key_len_port else "")


def write(folder: Path, top: str, text: str) -> Path:
    """Write ``text`` to ``folder/top.v`` unless it already holds it; return the path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{top}.v"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return path
