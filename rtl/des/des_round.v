// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// One DES round (FIPS 46-3), combinational: L' = R, R' = L xor f(R, K).
// Datasheets: docs/cores/ (des_iter, tdes_iter, des_pipe, tdes_pipe).
module des_round (
    input  wire [31:0] l,
    input  wire [31:0] r,
    // the round's 48-bit subkey K_n
    input  wire [47:0] k,
    output wire [31:0] l_next,
    output wire [31:0] r_next
);

wire [47:0] e;  // E(R)
wire [31:0] p;  // P(S(E(R) xor K))

des_e u_e (.r(r), .e(e));
des_sp u_sp (.x(e ^ k), .p(p));

assign l_next = r;
assign r_next = l ^ p;

endmodule

`resetall
