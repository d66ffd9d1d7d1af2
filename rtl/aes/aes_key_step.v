// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key schedule, one round-key step forward or backward on an 8-word window (FIPS-197 5.2).
// Datasheets: docs/cores/aes_iter.md, docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_key_step.md (in the datasheets).
module aes_key_step #(
    // the S-boxes: 0 tables in logic, 1 composite field (aes_key_sub)
    parameter integer TOWER = 0
) (
    // w[4g-8] .. w[4g-1], w[4g-8] in bits 255:224
    input  wire [255:0] win,
    // key length: 0 Nk=4 (AES-128), 1 Nk=6 (AES-192), 2 Nk=8 (AES-256)
    input  wire [1:0]   nk_code,
    // 0: forward step (g -> g+1), 1: backward step (g -> g-1)
    input  wire         bwd,
    // window index g (1 .. 15)
    input  wire [3:0]   g,
    output wire [255:0] next,
    // the newest four words of next: the round key of the round this step serves
    output wire [127:0] rk
);

wire [31:0] sub;
wire [11:0] pl;
wire [31:0] sin_unused;

aes_key_sub #(
    .TOWER(TOWER)
) u_sub (
    .win(win),
    .nk_code(nk_code),
    .bwd(bwd),
    .g(g),
    .sin(sin_unused),
    .sin_pre(32'h0),
    .sub(sub),
    .pl(pl)
);

aes_key_words u_words (
    .win(win),
    .nk_code(nk_code),
    .bwd(bwd),
    .sub(sub),
    .pl(pl),
    .next(next),
    .rk(rk)
);

endmodule

`resetall
