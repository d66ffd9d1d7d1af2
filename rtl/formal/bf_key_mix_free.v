// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The Blowfish key mixing cut for a proof of control (ciphercores.formal, Target.cut): the same
// ports as rtl/blowfish/bf_key_mix.v, its P writes free in every cycle. They go to the P-array
// alone (bf_parray, cut as well in the same proofs): the key schedule's sequence in bf_core
// counts its own cycles (mcnt_reg) and reads none of them. Every behaviour of the design is
// one of the cut design's. Proofs and what they cover: docs/interface.md, "What is proven".
module bf_key_mix (
    input  wire          clk,
    input  wire          rst,
    input  wire          key_fire,
    input  wire [447:0]  key_tdata,
    input  wire [5:0]    key_tlen,
    output wire          mix_we,
    output wire [4:0]    mix_idx,
    output wire [31:0]   mix_data
);

`ifdef FORMAL
(* anyseq *) wire        f_we;
(* anyseq *) wire [4:0]  f_idx;
(* anyseq *) wire [31:0] f_data;

assign mix_we = f_we;
assign mix_idx = f_idx;
assign mix_data = f_data;
`else
assign mix_we = 1'b0;
assign mix_idx = 5'd0;
assign mix_data = 32'd0;
`endif

// the inputs are not read: the writes are free
wire unused = ^{clk, rst, key_fire, key_tdata, key_tlen};

endmodule

`resetall
