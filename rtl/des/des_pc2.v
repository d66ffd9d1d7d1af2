// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// DES permuted choice 2 (C_n D_n -> 48-bit subkey K_n) (FIPS 46-3): a fixed bit permutation, wiring only.
// Datasheets: docs/cores/ (des_iter, tdes_iter, des_pipe, tdes_pipe).
module des_pc2 (
    input  wire [55:0] cd,
    output wire [47:0] k
);

// FIPS 46-3 table, numbered as the standard: output bit n (n = 1 is the most significant)
// is input bit PC2_TABLE[n] (1 = most significant)
localparam [48*6-1:0] PC2_TABLE = {
    6'd14, 6'd17, 6'd11, 6'd24, 6'd1, 6'd5,
    6'd3, 6'd28, 6'd15, 6'd6, 6'd21, 6'd10,
    6'd23, 6'd19, 6'd12, 6'd4, 6'd26, 6'd8,
    6'd16, 6'd7, 6'd27, 6'd20, 6'd13, 6'd2,
    6'd41, 6'd52, 6'd31, 6'd37, 6'd47, 6'd55,
    6'd30, 6'd40, 6'd51, 6'd45, 6'd33, 6'd48,
    6'd44, 6'd49, 6'd39, 6'd56, 6'd34, 6'd53,
    6'd46, 6'd42, 6'd50, 6'd36, 6'd29, 6'd32
};

genvar n;
generate
    for (n = 1; n <= 48; n = n + 1) begin : g_bit
        assign k[48 - n] = cd[56 - PC2_TABLE[(48 - n) * 6 +: 6]];
    end
endgenerate

endmodule

`resetall
