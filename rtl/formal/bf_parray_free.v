// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The Blowfish P-array cut for a proof of control (ciphercores.formal, Target.cut): the same
// ports as rtl/blowfish/bf_parray.v, every P word free in every cycle. The P words are data
// only: bf_ring XORs them into a block's or a key-schedule encryption's words and selects them
// by the round, and no control register of the ring or of bf_core reads one. Every behaviour
// of the design is one of the cut design's. Proofs and what they cover: docs/interface.md,
// "What is proven".
module bf_parray (
    input  wire              clk,
    input  wire              rst,
    input  wire              mix_we,
    input  wire [4:0]        mix_idx,
    input  wire [31:0]       mix_data,
    input  wire              enc_we,
    input  wire [4:0]        enc_idx,
    input  wire [31:0]       enc_data,
    output wire [18*32-1:0]  p,
    output wire [31:0]       p0_next
);

`ifdef FORMAL
(* anyseq *) wire [18*32-1:0] f_p;
(* anyseq *) wire [31:0]      f_p0_next;

assign p = f_p;
assign p0_next = f_p0_next;
`else
assign p = {(18*32){1'b0}};
assign p0_next = 32'd0;
`endif

// the inputs are not read: the words are free
wire unused = ^{clk, rst, mix_we, mix_idx, mix_data, enc_we, enc_idx, enc_data};

endmodule

`resetall
