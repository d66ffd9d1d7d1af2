// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// SPECK round R_k and its inverse, combinational; also the key-schedule step (k = step index).
// Datasheet: docs/cores/speck_pipe.md
module speck_round #(
    // word size n in bits: 16, 24, 32, 48 or 64 (sets the rotations alpha, beta)
    parameter integer WORD = 64
) (
    input  wire [WORD-1:0] x,
    input  wire [WORD-1:0] y,
    input  wire [WORD-1:0] k,
    // 0: R_k(x, y); 1: R_k^-1(x, y)
    input  wire            dec,
    output wire [WORD-1:0] x_o,
    output wire [WORD-1:0] y_o
);

localparam integer ALPHA = (WORD == 16) ? 7 : 8;
localparam integer BETA = (WORD == 16) ? 2 : 3;

// parameter check at elaboration
initial begin
    if (WORD != 16 && WORD != 24 && WORD != 32 && WORD != 48 && WORD != 64) begin
        $error("speck_round %m: WORD=%0d is not a SPECK word size (16, 24, 32, 48, 64)", WORD);
        $finish;
    end
end

// forward: x' = ((x >>> a) + y) ^ k ; y' = (y <<< b) ^ x'
wire [WORD-1:0] enc_x = ({x[ALPHA-1:0], x[WORD-1:ALPHA]} + y) ^ k;
wire [WORD-1:0] enc_y = {y[WORD-1-BETA:0], y[WORD-1:WORD-BETA]} ^ enc_x;

// inverse: y = (x' ^ y') >>> b ; x = ((x' ^ k) - y) <<< a
wire [WORD-1:0] dec_yx = x ^ y;
wire [WORD-1:0] dec_y = {dec_yx[BETA-1:0], dec_yx[WORD-1:BETA]};
wire [WORD-1:0] dec_xd = (x ^ k) - dec_y;
wire [WORD-1:0] dec_x = {dec_xd[WORD-1-ALPHA:0], dec_xd[WORD-1:WORD-ALPHA]};

assign x_o = dec ? dec_x : enc_x;
assign y_o = dec ? dec_y : enc_y;

endmodule

`resetall
