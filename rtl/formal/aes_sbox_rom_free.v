// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The AES S-box tables cut for a proof of control (ciphercores.formal, Target.cut): the same
// ports as rtl/aes/aes_sbox_rom.v, its outputs free in every cycle (whatever the address, the
// enable and the output register). Every behaviour of the design is one of the cut design's,
// so a property that holds with the cut holds for the design (none of them computes a
// block's data). Proofs and what they cover: docs/interface.md, "What is proven".
module aes_sbox_rom #(
    parameter integer BRAM = 1,
    parameter integer OUTREG = 0,
    parameter integer MULT = 0
) (
    input  wire        clk,
    input  wire        en,
    input  wire [8:0]  a_addr,
    input  wire [8:0]  b_addr,
    output wire [15:0] a_data,
    output wire [15:0] b_data
);

`ifdef FORMAL
(* anyseq *) wire [15:0] f_a;
(* anyseq *) wire [15:0] f_b;

assign a_data = f_a;
assign b_data = f_b;
`else
assign a_data = 16'd0;
assign b_data = 16'd0;
`endif

// the inputs are not read: the outputs are free
wire unused = ^{clk, en, a_addr, b_addr, BRAM[0], OUTREG[0], MULT[0]};

endmodule

`resetall
