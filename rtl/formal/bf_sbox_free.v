// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The Blowfish S-box RAMs cut for a proof of control (ciphercores.formal, Target.cut): the same
// ports as rtl/blowfish/bf_sbox.v, the words read free in every cycle (whatever the address and
// the writes). The ring's control (bf_ring: which stage holds a block, its round, its place in
// the order, the key schedule's entries) reads no S-box word, so every behaviour of the design
// is one of the cut design's, and a property that holds with the cut holds for the design
// (none of them computes a block's data). Proofs and what they cover: docs/interface.md,
// "What is proven".
module bf_sbox #(
    parameter integer BOX = 0,
    parameter integer PORTS = 1
) (
    input  wire                 clk,
    input  wire                 we,
    input  wire [7:0]           wa,
    input  wire [31:0]          wd,
    input  wire [PORTS*9-1:0]   ra,
    output wire [PORTS*32-1:0]  rd
);

`ifdef FORMAL
(* anyseq *) wire [PORTS*32-1:0] f_rd;

assign rd = f_rd;
`else
assign rd = {(PORTS*32){1'b0}};
`endif

// the inputs are not read: the words are free
wire unused = ^{clk, we, wa, wd, ra, BOX[0]};

endmodule

`resetall
