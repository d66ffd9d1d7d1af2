// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Measurement harness for the GCM cores (docs/interface.md, "GCM cores") between registers.
// The same scheme as synth_harness.v on the GCM ports: every input from a shift chain, every
// output captured and XOR-reduced through a register tree to one pin. How it is used:
// docs/results.md.
module synth_harness_gcm #(
    // width of s_key_tdata
    parameter integer KEY_BITS = 128,
    // width of s_key_tlen, 0 for a core without that port (one chain bit all the same)
    parameter integer TLEN_BITS = 0,
    // longest input chain (synth_harness.v says why the chains are split)
    parameter integer CHAIN_BITS = 512
) (
    input  wire clk,
    // synchronous reset: core reset (registered) and input chain clear
    input  wire rst,
    // serial inputs of the chains that feed every core input
    input  wire [(41 + (TLEN_BITS > 0 ? TLEN_BITS : 1) + KEY_BITS + 256 + CHAIN_BITS - 1)
                 / CHAIN_BITS - 1:0] din,
    // XOR reduction of every core output and of the chain ends
    output wire dout
);

`ifndef SYNTH_CORE
`define SYNTH_CORE synth_passthrough_gcm
`define SYNTH_CORE_PARAMS .KEY_W(KEY_BITS), .TLEN_W(TLEN_W)
`define SYNTH_CORE_TLEN
`endif

// input layout, from bit 0 (chains run upwards, chain c from din[c]): m_axis_tready,
// s_axis_tvalid, s_axis_tlast, s_iv_tvalid, s_iv_tlast, s_key_tvalid, s_axis_tuser (3),
// s_axis_tkeep (16), s_iv_tkeep (16), tlen, key, IV data (128), data (128)
localparam integer TLEN_W = (TLEN_BITS > 0) ? TLEN_BITS : 1;
localparam integer IN_W = 41 + TLEN_W + KEY_BITS + 256;
// number of chains (din pins)
localparam integer NCH = (IN_W + CHAIN_BITS - 1) / CHAIN_BITS;
// captured: m_axis tdata, tkeep, tuser, tlast, tvalid, the three readys, chain ends
localparam integer CAP_W = 128 + 16 + 3 + 2 + 3 + NCH;

// width of level l of the XOR tree (level 0 is the capture register): ceil(CAP_W / 4^l)
function integer lvl_w(input integer l);
    integer i;
    begin
        lvl_w = CAP_W;
        for (i = 0; i < l; i = i + 1) begin
            lvl_w = (lvl_w + 3) / 4;
        end
    end
endfunction

// offset of level l in the flat tree register
function integer lvl_off(input integer l);
    integer i;
    begin
        lvl_off = 0;
        for (i = 0; i < l; i = i + 1) begin
            lvl_off = lvl_off + lvl_w(i);
        end
    end
endfunction

// levels after the capture register until one bit is left
function integer n_levels(input integer dummy);
    begin
        n_levels = 0;
        while (lvl_w(n_levels) > 1) begin
            n_levels = n_levels + 1;
        end
        n_levels = n_levels + dummy;
    end
endfunction

localparam integer LEVELS = n_levels(0);
localparam integer TREE_W = lvl_off(LEVELS + 1);

initial begin
    if (KEY_BITS < 1 || TLEN_BITS < 0 || CHAIN_BITS < 1) begin
        $error("synth_harness_gcm %m: bad KEY_BITS=%0d TLEN_BITS=%0d CHAIN_BITS=%0d",
               KEY_BITS, TLEN_BITS, CHAIN_BITS);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// input chain
// ---------------------------------------------------------------------------------------
reg [IN_W-1:0] in_reg;
reg            rst_reg;

always @(posedge clk) begin : p_rst
    rst_reg <= rst;
end

genvar c;
generate
    for (c = 0; c < NCH; c = c + 1) begin : g_chain
        localparam integer LO = c * CHAIN_BITS;
        localparam integer N = (IN_W - LO < CHAIN_BITS) ? IN_W - LO : CHAIN_BITS;
        wire [N:0] shifted = {in_reg[LO +: N], din[c]};
        always @(posedge clk) begin : p_chain
            in_reg[LO +: N] <= shifted[N-1:0];
            // cleared by rst so that the chain stays flip-flops (as in synth_harness.v)
            if (rst) begin
                in_reg[LO +: N] <= {N{1'b0}};
            end
        end
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_end = shifted[N];
        /* verilator lint_on UNUSEDSIGNAL */
    end
endgenerate

// the last bit of each chain, captured so that no chain bit is ever removed
function [NCH-1:0] chain_ends(input [IN_W-1:0] v);
    integer k;
    begin
        for (k = 0; k < NCH; k = k + 1) begin
            chain_ends[k] = v[(k * CHAIN_BITS + CHAIN_BITS - 1 < IN_W) ?
                              k * CHAIN_BITS + CHAIN_BITS - 1 : IN_W - 1];
        end
    end
endfunction

wire                m_axis_tready = in_reg[0];
wire                s_axis_tvalid = in_reg[1];
wire                s_axis_tlast = in_reg[2];
wire                s_iv_tvalid = in_reg[3];
wire                s_iv_tlast = in_reg[4];
wire                s_key_tvalid = in_reg[5];
wire [2:0]          s_axis_tuser = in_reg[6 +: 3];
wire [15:0]         s_axis_tkeep = in_reg[9 +: 16];
wire [15:0]         s_iv_tkeep = in_reg[25 +: 16];
wire [TLEN_W-1:0]   s_key_tlen = in_reg[41 +: TLEN_W];
wire [KEY_BITS-1:0] s_key_tdata = in_reg[41 + TLEN_W +: KEY_BITS];
wire [127:0]        s_iv_tdata = in_reg[41 + TLEN_W + KEY_BITS +: 128];
wire [127:0]        s_axis_tdata = in_reg[41 + TLEN_W + KEY_BITS + 128 +: 128];

wire         s_key_tready;
wire         s_iv_tready;
wire         s_axis_tready;
wire [127:0] m_axis_tdata;
wire [15:0]  m_axis_tkeep;
wire         m_axis_tlast;
wire [2:0]   m_axis_tuser;
wire         m_axis_tvalid;

// ---------------------------------------------------------------------------------------
// the core
// ---------------------------------------------------------------------------------------
`ifdef SYNTH_CORE_TLEN
`SYNTH_CORE #(
    `SYNTH_CORE_PARAMS
) u_core (
    .clk(clk),
    .rst(rst_reg),
    .s_key_tdata(s_key_tdata),
    .s_key_tlen(s_key_tlen),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_iv_tdata(s_iv_tdata),
    .s_iv_tkeep(s_iv_tkeep),
    .s_iv_tlast(s_iv_tlast),
    .s_iv_tvalid(s_iv_tvalid),
    .s_iv_tready(s_iv_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tlast(s_axis_tlast),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tlast(m_axis_tlast),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);
`else
// the core has no s_key_tlen: that chain bit only feeds the chain
`SYNTH_CORE #(
    `SYNTH_CORE_PARAMS
) u_core (
    .clk(clk),
    .rst(rst_reg),
    .s_key_tdata(s_key_tdata),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_iv_tdata(s_iv_tdata),
    .s_iv_tkeep(s_iv_tkeep),
    .s_iv_tlast(s_iv_tlast),
    .s_iv_tvalid(s_iv_tvalid),
    .s_iv_tready(s_iv_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tlast(s_axis_tlast),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tlast(m_axis_tlast),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);
/* verilator lint_off UNUSEDSIGNAL */
wire unused_tlen = ^s_key_tlen;
/* verilator lint_on UNUSEDSIGNAL */
`endif

// ---------------------------------------------------------------------------------------
// capture and XOR tree: level 0 captures, each further level XORs groups of four
// ---------------------------------------------------------------------------------------
reg [TREE_W-1:0] tree_reg;

always @(posedge clk) begin : p_capture
    tree_reg[0 +: CAP_W] <= {chain_ends(in_reg), s_key_tready, s_iv_tready, s_axis_tready,
                             m_axis_tvalid, m_axis_tlast, m_axis_tuser, m_axis_tkeep,
                             m_axis_tdata};
end

genvar l, j;
generate
    for (l = 1; l <= LEVELS; l = l + 1) begin : g_level
        localparam integer PW = lvl_w(l - 1);
        localparam integer W = lvl_w(l);
        wire [4*W-1:0] prev = {{(4 * W - PW){1'b0}}, tree_reg[lvl_off(l - 1) +: PW]};
        for (j = 0; j < W; j = j + 1) begin : g_xor
            always @(posedge clk) begin : p_xor
                tree_reg[lvl_off(l) + j] <= ^prev[4 * j +: 4];
            end
        end
    end
endgenerate

assign dout = tree_reg[TREE_W - 1];

endmodule

`resetall
