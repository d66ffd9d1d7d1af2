// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// First half of an inverse in GF((2^4)^2) (aes_sbox_tower): d^-1 of t = h z + l, where
// d = LAMBDA h^2 + h l + l^2 is t times its conjugate, an element of GF(2^4) (0 -> 0).
// Datasheets: docs/cores/aes_iter.md, docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_sbox_tower.md (in the datasheets).
// Kept as a module of its own in synthesis: mapped apart from the logic around it, the LUT
// mapper cannot trade area for depth across its ports (aes_sbox_tower's notes)
(* keep_hierarchy *)
module aes_tower_norm_inv #(
    // GF(2^4) = GF(2)[w] / (w^4 + W4): w^4 reduced, bit i the coefficient of w^i
    parameter [3:0] W4 = 4'b1001,
    // GF(2^8) = GF(2^4)[z] / (z^2 + z + LAMBDA)
    parameter [3:0] LAMBDA = 4'b1000
) (
    // h in bits 7:4, l in bits 3:0
    input  wire [7:0] t,
    output wire [3:0] di
);

// GF(2^4) product, polynomial basis
function [3:0] mul4(input [3:0] p, input [3:0] q);
    integer i;
    reg [3:0] sh;
    begin
        mul4 = 4'h0;
        sh = p;
        for (i = 0; i < 4; i = i + 1) begin
            if (q[i]) begin
                mul4 = mul4 ^ sh;
            end
            sh = {sh[2:0], 1'b0} ^ (sh[3] ? W4 : 4'h0);
        end
    end
endfunction

// GF(2^4) inverse: p^14 = p^-1 (p^15 = 1), and 0 -> 0
function [3:0] inv4(input [3:0] p);
    reg [3:0] p2;
    reg [3:0] p4;
    begin
        p2 = mul4(p, p);
        p4 = mul4(p2, p2);
        inv4 = mul4(mul4(p2, p4), mul4(p4, p4));
    end
endfunction

wire [3:0] h = t[7:4];
wire [3:0] l = t[3:0];

assign di = inv4(mul4(LAMBDA, mul4(h, h)) ^ mul4(h, l) ^ mul4(l, l));

endmodule

`resetall
