// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The SPECK key-schedule step cut for a proof of control (ciphercores.formal, Target.cut): the
// same ports as rtl/speck/speck_key_step.v, its output free in every cycle. Every behaviour of
// the design is one of the cut design's, so a property that holds with the cut holds for the
// design (none of them computes a key state). Proofs and what they cover: docs/interface.md,
// "What is proven".
module speck_key_step #(
    parameter integer WORD = 64,
    parameter integer KEY_WORDS = 2,
    parameter integer SUBREG = 0
) (
    input  wire                      clk,
    input  wire [WORD*KEY_WORDS-1:0] ks,
    input  wire [5:0]                idx,
    input  wire                      dec,
    output wire [WORD*KEY_WORDS-1:0] ks_o
);

`ifdef FORMAL
(* anyseq *) wire [WORD*KEY_WORDS-1:0] f_ks;

assign ks_o = f_ks;
`else
assign ks_o = {(WORD * KEY_WORDS){1'b0}};
`endif

// the inputs are not read: the output is free
wire unused = ^{clk, ks, idx, dec, SUBREG[0]};

endmodule

`resetall
