// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Second half of an inverse in GF((2^4)^2) (aes_sbox_tower): with di = d^-1 from
// aes_tower_norm_inv, (h z + l)^-1 = di h z + di (h + l): two GF(2^4) products.
// Datasheets: docs/cores/aes_iter.md, docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_sbox_tower.md (in the datasheets).
// Kept as a module of its own in synthesis, as aes_tower_norm_inv (aes_sbox_tower's notes)
(* keep_hierarchy *)
module aes_tower_scale #(
    // GF(2^4) = GF(2)[w] / (w^4 + W4): w^4 reduced, bit i the coefficient of w^i
    parameter [3:0] W4 = 4'b1001
) (
    // h in bits 7:4, l in bits 3:0
    input  wire [7:0] t,
    input  wire [3:0] di,
    // the inverse: di h in bits 7:4, di (h + l) in bits 3:0
    output wire [7:0] ti
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

assign ti = {mul4(di, t[7:4]), mul4(di, t[7:4] ^ t[3:0])};

endmodule

`resetall
