// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// DES S-boxes and permutation P (FIPS 46-3), combinational: P(S1..S8(x)), x = E(R) xor K.
// Datasheets: docs/cores/ (des_iter, tdes_iter, des_pipe, tdes_pipe).
module des_sp (
    input  wire [47:0] x,
    output wire [31:0] p
);

// FIPS 46-3 table, numbered as the standard (bit 1 is the most significant): P permutes the
// 32 S-box output bits
localparam [32*6-1:0] P_TABLE = {
    6'd16, 6'd7, 6'd20, 6'd21,
    6'd29, 6'd12, 6'd28, 6'd17,
    6'd1, 6'd15, 6'd23, 6'd26,
    6'd5, 6'd18, 6'd31, 6'd10,
    6'd2, 6'd8, 6'd24, 6'd14,
    6'd32, 6'd27, 6'd3, 6'd9,
    6'd19, 6'd13, 6'd30, 6'd6,
    6'd22, 6'd11, 6'd4, 6'd25
};

// S-boxes S1..S8, written as FIPS 46-3 prints them: row 0 first, 16 columns a row, one hex
// digit an entry
localparam [255:0] S1 = {64'hE4D12FB83A6C5907, 64'h0F74E2D1A6CB9538, 64'h41E8D62BFC973A50, 64'hFC8249175B3EA06D};
localparam [255:0] S2 = {64'hF18E6B34972DC05A, 64'h3D47F28EC01A69B5, 64'h0E7BA4D158C6932F, 64'hD8A13F42B67C05E9};
localparam [255:0] S3 = {64'hA09E63F51DC7B428, 64'hD709346A285ECBF1, 64'hD6498F30B12C5AE7, 64'h1AD069874FE3B52C};
localparam [255:0] S4 = {64'h7DE3069A1285BC4F, 64'hD8B56F03472C1AE9, 64'hA690CB7DF13E5284, 64'h3F06A1D8945BC72E};
localparam [255:0] S5 = {64'h2C417AB6853FD0E9, 64'hEB2C47D150FA3986, 64'h421BAD78F9C5630E, 64'hB8C71E2D6F09A453};
localparam [255:0] S6 = {64'hC1AF92680D34E75B, 64'hAF427C9561DE0B38, 64'h9EF528C3704A1DB6, 64'h432C95FABE17608D};
localparam [255:0] S7 = {64'h4B2EF08D3C975A61, 64'hD0B7491AE35C2F86, 64'h14BDC37EAF680592, 64'h6BD814A7950FE23C};
localparam [255:0] S8 = {64'hD2846FB1A93E50C7, 64'h1FD8A374C56B0E92, 64'h7B419CE206ADF358, 64'h21E74A8DFC90356B};

// S-box lookup: row = bits 1 and 6 of the 6-bit input, column = bits 2 to 5
function [3:0] sbox(input [255:0] entries, input [5:0] v);
    reg [63:0] row;
    begin
        case ({v[5], v[0]})
            2'd0: row = entries[255:192];
            2'd1: row = entries[191:128];
            2'd2: row = entries[127:64];
            default: row = entries[63:0];
        endcase
        sbox = row[7'd63 - {1'b0, v[4:1], 2'b00} -: 4];
    end
endfunction

wire [31:0] s;  // S-box outputs

assign s = {sbox(S1, x[47:42]), sbox(S2, x[41:36]), sbox(S3, x[35:30]), sbox(S4, x[29:24]),
            sbox(S5, x[23:18]), sbox(S6, x[17:12]), sbox(S7, x[11:6]), sbox(S8, x[5:0])};

genvar n;
generate
    for (n = 1; n <= 32; n = n + 1) begin : g_p
        assign p[32 - n] = s[32 - P_TABLE[(32 - n) * 6 +: 6]];
    end
endgenerate

endmodule

`resetall
