// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The digit-serial GHASH unit cut for the GCM engine's proof of control (ciphercores.formal,
// Target.cut): the same ports as rtl/gcm/ghash_ds.v, every output free in every cycle (its
// handshakes' tready, the result's tvalid and its data), whatever H, the blocks and the
// handshakes. Every behaviour of the engine around ghash_ds is one of the engine around this,
// so a property that holds with the cut holds with the unit (the tag's and the verdict's
// values are then free: the properties check the shape of those beats, not their values).
// Proofs and what they cover: docs/interface.md, "What is proven".
module ghash_ds #(
    parameter integer DIGIT = 16
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [127:0] s_h_tdata,
    input  wire         s_h_tvalid,
    output wire         s_h_tready,
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tuser,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);

`ifdef FORMAL
(* anyseq *) wire         f_h_tready;
(* anyseq *) wire         f_tready;
(* anyseq *) wire [127:0] f_tdata;
(* anyseq *) wire         f_tvalid;

assign s_h_tready = f_h_tready;
assign s_axis_tready = f_tready;
assign m_axis_tdata = f_tdata;
assign m_axis_tvalid = f_tvalid;
`else
assign s_h_tready = 1'b0;
assign s_axis_tready = 1'b0;
assign m_axis_tdata = 128'd0;
assign m_axis_tvalid = 1'b0;
`endif

// the inputs are not read: the outputs are free
wire unused = ^{clk, rst, s_h_tdata, s_h_tvalid, s_axis_tdata, s_axis_tuser, s_axis_tlast,
                s_axis_tvalid, m_axis_tready, DIGIT[0]};

endmodule

`resetall
