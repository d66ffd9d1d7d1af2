// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES S-box and inverse S-box in logic, by the composite field GF((2^4)^2) (FIPS-197 5.1.1,
// 5.3.2): the inverse in GF(2^8) computed in a tower field (aes_tower_norm_inv,
// aes_tower_scale), with the affine map after it (S-box) or its inverse before it (inverse
// S-box); one inverter serves both directions.
// Datasheets: docs/cores/aes_iter.md, docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_sbox_tower.md (in the datasheets).
module aes_sbox_tower (
    input  wire [7:0] a,
    // 0: S-box, 1: inverse S-box (a constant folds the other direction away)
    input  wire       inv,
    output wire [7:0] y
);

// -----------------------------------------------------------------------------------------
// the fields. GF(2^4) = GF(2)[w] / (w^4 + w^3 + 1), polynomial basis, bit i the coefficient
// of w^i. GF(2^8) as GF(2^4)[z] / (z^2 + z + LAMBDA): a byte {h, l} is h z + l (h in bits
// 7:4). z^2 + z + LAMBDA has no root in GF(2^4) (it is irreducible).
// -----------------------------------------------------------------------------------------
// w^4 reduced: w^3 + 1
localparam [3:0] W4 = 4'b1001;
// LAMBDA = w^3
localparam [3:0] LAMBDA = 4'b1000;

// The change of basis. The AES field is GF(2)[x] / (x^8 + x^4 + x^3 + x + 1); beta = {c3}
// (= {c} z + {3} in the tower field) is a root of that polynomial in the tower field, so
// sum b_i x^i -> sum b_i beta^i is a field isomorphism. TO_TOWER: byte j (bits 8j+7:8j) is
// beta^j, the image of AES bit j; FROM_TOWER: byte j is the AES element of tower bit j (the
// inverse matrix). Of the 192 (polynomial, LAMBDA, root) choices with polynomial bases this
// one has the fewest XORs in its four linear maps (docs/cores/notes/aes_sbox_tower.md).
localparam [63:0] TO_TOWER = 64'h93d346d06867c301;
localparam [63:0] FROM_TOWER = 64'h92c02542edb15101;

// a linear map over GF(2): byte j of m is the image of bit j of v
function [7:0] lin(input [63:0] m, input [7:0] v);
    integer j;
    begin
        lin = 8'h00;
        for (j = 0; j < 8; j = j + 1) begin
            if (v[j]) begin
                lin = lin ^ m[8 * j +: 8];
            end
        end
    end
endfunction

// the S-box's affine map (FIPS-197 (5.1)): b'_i = b_i + b_i+4 + b_i+5 + b_i+6 + b_i+7 + c_i,
// indices mod 8, c = {63}
function [7:0] affine(input [7:0] b);
    integer i;
    begin
        for (i = 0; i < 8; i = i + 1) begin
            affine[i] = b[i] ^ b[(i + 4) % 8] ^ b[(i + 5) % 8] ^ b[(i + 6) % 8]
                        ^ b[(i + 7) % 8];
        end
        affine = affine ^ 8'h63;
    end
endfunction

// its inverse (FIPS-197 5.3.2): b_i = b'_i+2 + b'_i+5 + b'_i+7 + d_i, d = {05}
function [7:0] inv_affine(input [7:0] b);
    integer i;
    begin
        for (i = 0; i < 8; i = i + 1) begin
            inv_affine[i] = b[(i + 2) % 8] ^ b[(i + 5) % 8] ^ b[(i + 7) % 8];
        end
        inv_affine = inv_affine ^ 8'h05;
    end
endfunction

// -----------------------------------------------------------------------------------------
// S(a) = affine(a^-1); S^-1(a) = (inv_affine(a))^-1; the inverse in the tower field, in two
// kept modules (d^-1, then the two products), the linear maps around them in this one
// -----------------------------------------------------------------------------------------
wire [7:0] x = inv ? inv_affine(a) : a;     // the element to invert, AES basis
wire [7:0] t = lin(TO_TOWER, x);
wire [3:0] di;
wire [7:0] ti;                              // t^-1, tower basis

aes_tower_norm_inv #(
    .W4(W4),
    .LAMBDA(LAMBDA)
) u_norm_inv (
    .t(t),
    .di(di)
);

aes_tower_scale #(
    .W4(W4)
) u_scale (
    .t(t),
    .di(di),
    .ti(ti)
);

wire [7:0] u = lin(FROM_TOWER, ti);         // x^-1, AES basis

assign y = inv ? u : affine(u);

endmodule

`resetall
