// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// DES expansion E (FIPS 46-3): the 48 bits fed to the S-boxes, selected from the 32-bit R.
// Datasheets: docs/cores/ (des_iter, tdes_iter, des_pipe, tdes_pipe).
module des_e (
    input  wire [31:0] r,
    output wire [47:0] e
);

// FIPS 46-3 table, numbered as the standard (bit 1 is the most significant)
localparam [48*6-1:0] E_TABLE = {
    6'd32, 6'd1, 6'd2, 6'd3, 6'd4, 6'd5,
    6'd4, 6'd5, 6'd6, 6'd7, 6'd8, 6'd9,
    6'd8, 6'd9, 6'd10, 6'd11, 6'd12, 6'd13,
    6'd12, 6'd13, 6'd14, 6'd15, 6'd16, 6'd17,
    6'd16, 6'd17, 6'd18, 6'd19, 6'd20, 6'd21,
    6'd20, 6'd21, 6'd22, 6'd23, 6'd24, 6'd25,
    6'd24, 6'd25, 6'd26, 6'd27, 6'd28, 6'd29,
    6'd28, 6'd29, 6'd30, 6'd31, 6'd32, 6'd1
};

genvar n;
generate
    for (n = 1; n <= 48; n = n + 1) begin : g_e
        assign e[48 - n] = r[32 - E_TABLE[(48 - n) * 6 +: 6]];
    end
endgenerate

endmodule

`resetall
