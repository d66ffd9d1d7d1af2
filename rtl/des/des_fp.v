// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// DES final permutation IP^-1 (FIPS 46-3): a fixed bit permutation, wiring only.
// Datasheets: docs/cores/ (des_iter, tdes_iter, des_pipe, tdes_pipe).
module des_fp (
    input  wire [63:0] d,
    output wire [63:0] q
);

// FIPS 46-3 table, numbered as the standard: output bit n (n = 1 is the most significant)
// is input bit FP_TABLE[n] (1 = most significant)
localparam [64*7-1:0] FP_TABLE = {
    7'd40, 7'd8, 7'd48, 7'd16, 7'd56, 7'd24, 7'd64, 7'd32,
    7'd39, 7'd7, 7'd47, 7'd15, 7'd55, 7'd23, 7'd63, 7'd31,
    7'd38, 7'd6, 7'd46, 7'd14, 7'd54, 7'd22, 7'd62, 7'd30,
    7'd37, 7'd5, 7'd45, 7'd13, 7'd53, 7'd21, 7'd61, 7'd29,
    7'd36, 7'd4, 7'd44, 7'd12, 7'd52, 7'd20, 7'd60, 7'd28,
    7'd35, 7'd3, 7'd43, 7'd11, 7'd51, 7'd19, 7'd59, 7'd27,
    7'd34, 7'd2, 7'd42, 7'd10, 7'd50, 7'd18, 7'd58, 7'd26,
    7'd33, 7'd1, 7'd41, 7'd9, 7'd49, 7'd17, 7'd57, 7'd25
};

genvar n;
generate
    for (n = 1; n <= 64; n = n + 1) begin : g_bit
        assign q[64 - n] = d[64 - FP_TABLE[(64 - n) * 7 +: 7]];
    end
endgenerate

endmodule

`resetall
