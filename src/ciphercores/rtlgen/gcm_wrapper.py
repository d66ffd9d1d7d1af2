# SPDX-License-Identifier: Apache-2.0
"""The generated top of a GCM core ``gcm(CORE)``: rtl/gcm/gcm_engine.v wired to a registered
AES core, the core's parameters passed through (docs/interface.md, "GCM cores").
:mod:`ciphercores.cores.gcmcore` calls it with the core's figures; the fixed text is
templates/gcm_top.v.tmpl (:mod:`.template`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .template import fill, param_decls, param_pass


def gcm_top(name: str, top: str, params: Mapping[str, int], base_name: str, base_top: str,
            base_params: Iterable[str], key_len_port: bool) -> str:
    """Verilog text of the top module ``top`` (the core ``name``): the GCM engine around
    ``base_top``, whose parameters ``base_params`` pass through; ``params`` are the top's
    parameters with their defaults."""
    return fill(
        "gcm_top", name=name, top=top, base_name=base_name, base_top=base_top,
        pdecl=param_decls(params), ppass=param_pass(base_params),
        # s_key_tlen: the key length in bytes, for a core with a key length port
        tlen_port="    input  wire [TLEN_W-1:0] s_key_tlen,\n" if key_len_port else "",
        tlen_conn="        .s_key_tlen(s_key_tlen),\n" if key_len_port else "")
