// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The Blowfish S-box writes cut for a proof of control (ciphercores.formal, Target.cut): the
// same ports as rtl/blowfish/bf_sbox_copy.v, its outputs free in every cycle. The writes go to
// the S-box RAMs (cut as well in the same proofs) and to bf_core's sbox_* ports (bf_pipe's
// copies); ccnt_next reaches the ring only where it decides a copy read (copy_d: the read
// address in kx_reg and the copy's own enable), never which stage holds a block, nor when a
// key or a block is taken. Every behaviour of the design is one of the cut design's. Proofs
// and what they cover: docs/interface.md, "What is proven".
module bf_sbox_copy (
    input  wire          clk,
    input  wire          rst,
    input  wire          key_fire,
    input  wire          copy_rd,
    output wire [8:0]    ccnt_next,
    input  wire [127:0]  rd,
    input  wire          ks_we,
    input  wire [3:0]    ks_we_box,
    input  wire [7:0]    ks_wa,
    input  wire [31:0]   ks_wd,
    output wire [3:0]    wr_we,
    output wire          wr_ks,
    output wire [7:0]    wr_a,
    output wire [127:0]  wr_d
);

`ifdef FORMAL
(* anyseq *) wire [8:0]   f_ccnt_next;
(* anyseq *) wire [3:0]   f_we;
(* anyseq *) wire         f_ks;
(* anyseq *) wire [7:0]   f_a;
(* anyseq *) wire [127:0] f_d;

assign ccnt_next = f_ccnt_next;
assign wr_we = f_we;
assign wr_ks = f_ks;
assign wr_a = f_a;
assign wr_d = f_d;
`else
assign ccnt_next = 9'd0;
assign wr_we = 4'd0;
assign wr_ks = 1'b0;
assign wr_a = 8'd0;
assign wr_d = 128'd0;
`endif

// the inputs are not read: the outputs are free
wire unused = ^{clk, rst, key_fire, copy_rd, rd, ks_we, ks_we_box, ks_wa, ks_wd};

endmodule

`resetall
