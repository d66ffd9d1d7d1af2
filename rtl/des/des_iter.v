// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Folded DES: one round per cycle, key schedule on the fly (tdes_iter with DES_ONLY = 1).
// Datasheet: docs/cores/des_iter.md
module des_iter (
    input  wire        clk,
    input  wire        rst,

    // 64-bit key; parity bits are ignored
    input  wire [63:0] s_key_tdata,
    input  wire        s_key_tvalid,
    output wire        s_key_tready,

    // input blocks; tuser: 0 encrypt, 1 decrypt
    input  wire [63:0] s_axis_tdata,
    input  wire        s_axis_tuser,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,

    // output blocks
    output wire [63:0] m_axis_tdata,
    output wire        m_axis_tuser,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready
`ifdef FORMAL
    ,
    // every key register, for the proof of the key wipe (rtl/formal/)
    output wire [4*56-1:0] f_keys,
    // the round engine, for the ties of the proof's monitors: {holds a block, its tuser,
    // the rounds it has done}
    output wire [7:0]      f_engine
`endif
);

tdes_iter #(
    .DES_ONLY(1)
) u_engine (
    .clk(clk),
    .rst(rst),
    .s_key_tdata({s_key_tdata, 128'd0}),
    .s_key_tlen(5'd8),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
`ifdef FORMAL
    ,
    .f_keys(f_keys),
    .f_engine(f_engine)
`endif
);

endmodule

`resetall
