// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The AES key-schedule step cut for a proof of control (ciphercores.formal, Target.cut): the
// same ports as rtl/aes/aes_key_step.v, its outputs free in every cycle. Every behaviour of
// the design is one of the cut design's, so a property that holds with the cut holds for the
// design (none of them computes a round key: the schedule's timing is the core's counters').
// Proofs and what they cover: docs/interface.md, "What is proven".
module aes_key_step #(
    parameter integer TOWER = 0
) (
    input  wire [255:0] win,
    input  wire [1:0]   nk_code,
    input  wire         bwd,
    input  wire [3:0]   g,
    output wire [255:0] next,
    output wire [127:0] rk
);

`ifdef FORMAL
(* anyseq *) wire [255:0] f_next;
(* anyseq *) wire [127:0] f_rk;

assign next = f_next;
assign rk = f_rk;
`else
assign next = 256'd0;
assign rk = 128'd0;
`endif

// the inputs are not read: the outputs are free
wire unused = ^{win, nk_code, bwd, g};

endmodule

`resetall
