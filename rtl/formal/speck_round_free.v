// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The SPECK round cut for a proof of control (ciphercores.formal, Target.cut): the same ports
// as rtl/speck/speck_round.v, its outputs free in every cycle. Every behaviour of the design is
// one of the cut design's, so a property that holds with the cut holds for the design (none
// of them computes a block's data). Proofs and what they cover: docs/interface.md, "What is
// proven".
module speck_round #(
    parameter integer WORD = 64
) (
    input  wire [WORD-1:0] x,
    input  wire [WORD-1:0] y,
    input  wire [WORD-1:0] k,
    input  wire            dec,
    output wire [WORD-1:0] x_o,
    output wire [WORD-1:0] y_o
);

`ifdef FORMAL
(* anyseq *) wire [WORD-1:0] f_x;
(* anyseq *) wire [WORD-1:0] f_y;

assign x_o = f_x;
assign y_o = f_y;
`else
assign x_o = {WORD{1'b0}};
assign y_o = {WORD{1'b0}};
`endif

// the inputs are not read: the outputs are free
wire unused = ^{x, y, k, dec};

endmodule

`resetall
