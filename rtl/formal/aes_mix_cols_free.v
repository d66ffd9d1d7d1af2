// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES MixColumns cut for a proof of control (ciphercores.formal, Target.cut): the same ports
// as rtl/aes/aes_mix_cols.v, its output free in every cycle. Every behaviour of the design is
// one of the cut design's, so a property that holds with the cut holds for the design (none
// of them computes a block's data). Proofs and what they cover: docs/interface.md, "What is
// proven".
module aes_mix_cols #(
    parameter integer INV = 0
) (
    input  wire [127:0] s,
    output wire [127:0] y
);

`ifdef FORMAL
(* anyseq *) wire [127:0] f_y;

assign y = f_y;
`else
assign y = 128'd0;
`endif

// the input is not read: the output is free
wire unused = ^{s, INV[0]};

endmodule

`resetall
