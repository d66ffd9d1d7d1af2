`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key schedule, one round-key step forward or backward on an 8-word window (FIPS-197 5.2).
//
// The window holds the key-schedule words w[4g-8] .. w[4g-1] (w[4g-8] in the top bits): the
// newest four words w[4g-4] .. w[4g-1] are round key g-1. A forward step appends round key g
// (words 4g .. 4g+3) and drops the oldest four words; a backward step prepends words
// 4g-12 .. 4g-9 (from w[i-Nk] = w[i] ^ temp(w[i-1])) and drops the newest four, so that the
// newest four are then round key g-2. In both directions `rk` is the round key that ends up
// newest: the key of the next round in encryption (forward) and in decryption (backward).
// Words below w[0] are those the backward recurrence defines; loading them lets one window
// layout serve Nk = 4, 6 and 8 (see aes_key_prep). One SubWord (4 S-boxes) per step: the
// step is aes_key_sub (SubWord and the step's plan) then aes_key_words (the new words).
module aes_key_step (
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

aes_key_sub u_sub (
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
