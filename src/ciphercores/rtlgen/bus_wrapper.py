# SPDX-License-Identifier: Apache-2.0
"""The generated top of a bus wrapper ``BUS(CORE)`` (docs/bus.md): a bus bridge
(rtl/bus/axil_regs_bridge.v or wb_regs_bridge.v) and the register block rtl/bus/cc_regs.v
wired to a registered one-block-per-beat core, the core's parameters passed through.
:mod:`ciphercores.cores.buscore` calls it with the core's figures; the fixed text is
templates/bus_top.v.tmpl (:mod:`.template`), the bridges' ports below."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .template import fill, param_decls, param_pass

#: bus -> (bridge module, the top's bus ports, the bridge's port connections)
BRIDGES = {
    "axil": ("axil_regs_bridge", """\
    input  wire [7:0]         s_axil_awaddr,
    input  wire               s_axil_awvalid,
    output wire               s_axil_awready,
    input  wire [31:0]        s_axil_wdata,
    input  wire [3:0]         s_axil_wstrb,
    input  wire               s_axil_wvalid,
    output wire               s_axil_wready,
    output wire [1:0]         s_axil_bresp,
    output wire               s_axil_bvalid,
    input  wire               s_axil_bready,
    input  wire [7:0]         s_axil_araddr,
    input  wire               s_axil_arvalid,
    output wire               s_axil_arready,
    output wire [31:0]        s_axil_rdata,
    output wire [1:0]         s_axil_rresp,
    output wire               s_axil_rvalid,
    input  wire               s_axil_rready,""", """\
    .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid),
    .s_axil_awready(s_axil_awready),
    .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
    .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready),
    .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
    .s_axil_bready(s_axil_bready),
    .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready),
    .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
    .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),"""),
    "wb": ("wb_regs_bridge", """\
    input  wire [5:0]         wb_adr_i,
    input  wire [31:0]        wb_dat_i,
    output wire [31:0]        wb_dat_o,
    input  wire [3:0]         wb_sel_i,
    input  wire               wb_we_i,
    input  wire               wb_cyc_i,
    input  wire               wb_stb_i,
    output wire               wb_ack_o,
    output wire               wb_err_o,""", """\
    .wb_adr_i(wb_adr_i), .wb_dat_i(wb_dat_i), .wb_dat_o(wb_dat_o), .wb_sel_i(wb_sel_i),
    .wb_we_i(wb_we_i), .wb_cyc_i(wb_cyc_i), .wb_stb_i(wb_stb_i),
    .wb_ack_o(wb_ack_o), .wb_err_o(wb_err_o),"""),
}


def bus_top(name: str, top: str, bus: str, params: Mapping[str, int], core_name: str,
            core_top: str, core_params: Iterable[str], key_len_port: bool,
            iv_port: bool) -> str:
    """Verilog text of the top module ``top`` (the wrapper ``name``): the ``bus`` bridge and
    cc_regs around ``core_top``, whose parameters ``core_params`` pass through; ``params``
    are the top's parameters with their defaults (BLOCK_W, KEY_W, TLEN_W, OFIFO_LOG2 and
    RESET_CYCLES among them)."""
    bridge, ports, conns = BRIDGES[bus]
    return fill(
        "bus_top", name=name, top=top, bridge=bridge, ports=ports, conns=conns,
        core_name=core_name, core_top=core_top,
        pdecl=param_decls(params), ppass=param_pass(core_params),
        iv_port=int(iv_port), tlen_bits="TLEN_W" if key_len_port else "0",
        # a core with a key length port takes cc_regs' key length, else its bit 0 is unused
        tlen_conn="    .s_key_tlen(key_tlen),\n" if key_len_port else "",
        tlen_unused="" if key_len_port else "wire key_tlen_unused = key_tlen[0];\n",
        # a mode core takes cc_regs' IV stream, else the IV is refused and unused
        iv_conn="    .s_iv_tdata(iv_tdata), .s_iv_tvalid(iv_tvalid), .s_iv_tready(iv_tready),\n"
        if iv_port else "",
        iv_tie="" if iv_port else "assign iv_tready = 1'b0;\n",
        iv_unused="" if iv_port else "wire [BLOCK_W:0] iv_unused = {iv_tvalid, iv_tdata};\n")
