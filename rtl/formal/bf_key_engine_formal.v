// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of bf_core's key-schedule engine as bf_pipe uses it: its data stream idle
// (s_axis_tvalid low, m_axis_tready high), keys offered by an AXI4-Stream source, a reset at
// any time, the schedule shortened under FORMAL (`BF_FORMAL_MIX_START, `BF_FORMAL_ENCRYPTIONS,
// defined by ciphercores.formal). Proven (bounded, from reset, through the zero key's schedule
// and a few cycles past it): s_key_tready equals bf_key_timing's key_ready in every cycle after
// a reset (low from the first edge with rst high; after rst falls, low for SETUP - 1 cycles,
// then high until a key handshake, low after it), SETUP the registry's key set-up formula at
// the formal constants; the engine offers no block (m_axis_tvalid low).
// Proofs and what they cover: docs/interface.md, "What is proven".
module bf_key_engine_formal #(
    parameter integer ROUND_CYCLES = 3
) (
    input wire clk
);

localparam integer SETUP = `BF_FORMAL_MIX_START + 3 + `BF_FORMAL_ENCRYPTIONS * 16 * ROUND_CYCLES;

wire             rst;
wire             armed;
(* anyseq *) wire [447:0] s_key_tdata;
(* anyseq *) wire [5:0]   s_key_tlen;
(* anyseq *) wire         s_key_tvalid;
wire             s_key_tready;
wire             s_axis_tready;
wire [63:0]      m_axis_tdata;
wire             m_axis_tuser;
wire             m_axis_tvalid;
wire [3:0]       sbox_we;
wire [7:0]       sbox_wa;
wire [31:0]      sbox_wd;
wire [575:0]     p_array;
wire             key_ready;
wire             key_fire = s_key_tvalid && s_key_tready;
// the outputs bf_pipe reads as data only
wire unused = ^{s_axis_tready, m_axis_tdata, m_axis_tuser, sbox_we, sbox_wa, sbox_wd, p_array};

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

bf_core #(
    .LANES(1),
    .ROUND_CYCLES(ROUND_CYCLES)
) u_dut (
    .clk(clk),
    .rst(rst),
    .s_key_tdata(s_key_tdata),
    .s_key_tlen(s_key_tlen),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tdata(64'd0),
    .s_axis_tuser(1'b0),
    .s_axis_tvalid(1'b0),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(1'b1),
    .sbox_we(sbox_we),
    .sbox_wa(sbox_wa),
    .sbox_wd(sbox_wd),
    .p_array(p_array)
);

bf_key_timing #(
    .SETUP(SETUP)
) u_timing (
    .clk(clk),
    .rst(rst),
    .key_fire(key_fire),
    .key_ready(key_ready)
);

axis_source_props #(
    .WIDTH(448 + 6),
    .ASSUME(1)
) u_s_key (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_key_tvalid),
    .tready(s_key_tready),
    .tdata({s_key_tlen, s_key_tdata})
);

// a key taken since the last reset (the cover)
reg f_keyed = 1'b0;
always @(posedge clk) begin : p_keyed
    f_keyed <= !rst && (f_keyed || key_fire);
end

always @(*) begin
    if (armed) begin
        engine_key_timing: assert(s_key_tready == key_ready);
        engine_no_block: assert(!m_axis_tvalid);
    end
end

// not vacuous: a key taken in the first cycle it may be after a reset's schedule (the check
// goes a few cycles past it: the schedule after a key handshake is the one after a reset)
always @(*) begin
    if (armed && !rst) begin
        engine_first_key: cover(key_fire && !f_keyed);
    end
end

endmodule

`resetall
