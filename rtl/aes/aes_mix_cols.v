// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES MixColumns or InvMixColumns (FIPS-197 5.1.3, 5.3.3) as flat XOR trees: each output bit
// is the XOR of the input bits its row of the column matrix (over GF(2)) selects, the matrix
// computed at elaboration, so that no XOR cancellation is left to the synthesis tool.
// Datasheet: docs/cores/aes_iter.md
module aes_mix_cols #(
    // 0: MixColumns (02 03 01 01), 1: InvMixColumns (0e 0b 0d 09)
    parameter integer INV = 0
) (
    // state, byte 0 (row 0, column 0) in bits 127:120, byte r + 4c is row r, column c
    input  wire [127:0] s,
    output wire [127:0] y
);

initial begin
    if (INV != 0 && INV != 1) begin
        $error("aes_mix_cols %m: INV=%0d must be 0 or 1", INV);
        $finish;
    end
end

function [7:0] xt(input [7:0] b);  // b * {02}
    begin
        xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    end
endfunction

function [7:0] mul(input [7:0] b, input [3:0] k);  // b * k, k < 16
    reg [7:0] p;
    integer i;
    begin
        mul = 8'h00;
        p = b;
        for (i = 0; i < 4; i = i + 1) begin
            if (k[i]) begin
                mul = mul ^ p;
            end
            p = xt(p);
        end
    end
endfunction

// one column, a0 in the top byte: the circulant matrix (m0 m1 m2 m3)
function [31:0] col_map(input [31:0] c, input inv);
    reg [3:0] m0, m1, m2, m3;
    reg [7:0] a0, a1, a2, a3;
    begin
        m0 = inv ? 4'he : 4'h2;
        m1 = inv ? 4'hb : 4'h3;
        m2 = inv ? 4'hd : 4'h1;
        m3 = inv ? 4'h9 : 4'h1;
        a0 = c[31:24];
        a1 = c[23:16];
        a2 = c[15:8];
        a3 = c[7:0];
        col_map = {mul(a0, m0) ^ mul(a1, m1) ^ mul(a2, m2) ^ mul(a3, m3),
                   mul(a0, m3) ^ mul(a1, m0) ^ mul(a2, m1) ^ mul(a3, m2),
                   mul(a0, m2) ^ mul(a1, m3) ^ mul(a2, m0) ^ mul(a3, m1),
                   mul(a0, m1) ^ mul(a1, m2) ^ mul(a2, m3) ^ mul(a3, m0)};
    end
endfunction

// the column matrix: bits 32o + 31 .. 32o are the input bits that output bit o depends on
// (the images of the 32 unit columns, transposed)
function [1023:0] col_matrix(input inv);
    reg [31:0] img;
    integer b, o;
    begin
        col_matrix = {1024{1'b0}};
        for (b = 0; b < 32; b = b + 1) begin
            img = col_map(32'h1 << b, inv);
            for (o = 0; o < 32; o = o + 1) begin
                col_matrix[32 * o + b] = img[o];
            end
        end
    end
endfunction

localparam [1023:0] MATRIX = col_matrix(INV != 0);

genvar c, o;
generate
    for (c = 0; c < 4; c = c + 1) begin : g_col
        wire [31:0] col = s[127 - 32 * c -: 32];
        for (o = 0; o < 32; o = o + 1) begin : g_bit
            assign y[96 - 32 * c + o] = ^(col & MATRIX[32 * o +: 32]);
        end
    end
endgenerate

endmodule

`resetall
