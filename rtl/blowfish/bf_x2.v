// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Two-lane Blowfish (128-bit stream of two blocks) sharing the S-box RAMs: rounds of
// ROUND_CYCLES cycles with as many beats in flight (two blocks per 16 cycles).
// Datasheet: docs/cores/bf_x2.md
module bf_x2 #(
    // cycles a round (2 or 3), with as many beats in flight (bf_core)
    parameter integer ROUND_CYCLES = 3
) (
    input  wire         clk,
    input  wire         rst,

    // key: left-aligned in 448 bits, first key byte in s_key_tdata[447:440]; length in bytes
    input  wire [447:0] s_key_tdata,
    input  wire [5:0]   s_key_tlen,
    input  wire         s_key_tvalid,
    output wire         s_key_tready,

    // input blocks {L, R}, lane 0 in the low 64 bits; tuser: 0 encrypt, 1 decrypt
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    // output blocks
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tuser,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);

// the key schedule's S-box writes and the P-array are for cores with S-box copies (bf_pipe)
// verilator lint_off UNUSEDSIGNAL
wire [3:0]   unused_sbox_we;
wire [7:0]   unused_sbox_wa;
wire [31:0]  unused_sbox_wd;
wire [575:0] unused_p_array;
// verilator lint_on UNUSEDSIGNAL

bf_core #(
    .LANES(2),
    .ROUND_CYCLES(ROUND_CYCLES)
) u_core (
    .clk(clk),
    .rst(rst),
    .s_key_tdata(s_key_tdata),
    .s_key_tlen(s_key_tlen),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .sbox_we(unused_sbox_we),
    .sbox_wa(unused_sbox_wa),
    .sbox_wd(unused_sbox_wd),
    .p_array(unused_p_array)
);

endmodule

`resetall
