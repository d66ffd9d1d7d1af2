// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The DES S-box layer cut for a proof of control (ciphercores.formal, Target.cut): the same
// ports as rtl/des/des_sp.v, its output free in every cycle. Every behaviour of the design is
// one of the cut design's, so a property that holds with the cut holds for the design (none
// of them reads a block's data). Proofs and what they cover: docs/interface.md, "What is proven".
module des_sp (
    input  wire [47:0] x,
    output wire [31:0] p
);

`ifdef FORMAL
(* anyseq *) wire [31:0] f_p;

assign p = f_p;
`else
assign p = 32'd0;
`endif

// x is not read: the output is free
wire unused_x = ^x;

endmodule

`resetall
