// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Wishbone B4 classic slave in front of cc_regs (the bus of LiteX SoCs): word addresses,
// 32-bit data, ack (or err) in the cycle after the access is taken: cc_regs's registered
// response gated by cyc && stb, so a master that drops stb sees none (no stall, no burst:
// cti/bte ignored).
// A select other than 4'b1111 is refused with err and no effect, like every access cc_regs
// refuses. Rules and register map: docs/bus.md.
module wb_regs_bridge (
    input  wire        clk,
    input  wire        rst,

    // Wishbone B4 classic slave; wb_adr_i is a word address (byte address / 4)
    input  wire [5:0]  wb_adr_i,
    input  wire [31:0] wb_dat_i,
    output wire [31:0] wb_dat_o,
    input  wire [3:0]  wb_sel_i,
    input  wire        wb_we_i,
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    output wire        wb_ack_o,
    output wire        wb_err_o,

    // to cc_regs
    output wire        req_valid,
    output wire        req_write,
    output wire [7:0]  req_addr,
    output wire [31:0] req_wdata,
    output wire        req_bad,
    input  wire        rsp_valid,
    input  wire        rsp_err,
    input  wire [31:0] rsp_rdata
);

// high in the cycle that answers: stb is still high then and must not start another access
reg  pend_reg;
wire active = wb_cyc_i && wb_stb_i;

assign req_valid = active && !pend_reg;
assign req_write = wb_we_i;
assign req_addr = {wb_adr_i, 2'b00};
assign req_wdata = wb_dat_i;
assign req_bad = wb_we_i && (wb_sel_i != 4'b1111);
assign wb_ack_o = rsp_valid && !rsp_err && active;
assign wb_err_o = rsp_valid && rsp_err && active;
assign wb_dat_o = rsp_rdata;

always @(posedge clk) begin : p_pend
    pend_reg <= req_valid;
    if (rst)
        pend_reg <= 1'b0;
end

endmodule

`resetall
