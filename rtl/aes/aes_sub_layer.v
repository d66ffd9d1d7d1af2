`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES byte layer of a round: SubBytes(ShiftRows(s)) to encrypt, InvSubBytes(InvShiftRows(s))
// to decrypt (the byte substitution and the row shift commute; FIPS-197 5.1.1-2, 5.3.1-2).
module aes_sub_layer (
    // state, byte 0 (row 0, column 0) in bits 127:120, byte r + 4c is row r, column c
    input  wire [127:0] s,
    // 0: encryption round, 1: decryption round
    input  wire         inv,
    output wire [127:0] y
);

genvar n;
generate
    for (n = 0; n < 16; n = n + 1) begin : g_byte
        // ShiftRows: out[r, c] = in[r, c + r]; InvShiftRows: out[r, c] = in[r, c - r]
        localparam integer R = n % 4;
        localparam integer C = n / 4;
        localparam integer FWD = R + 4 * ((C + R) % 4);
        localparam integer BWD = R + 4 * ((C + 4 - R) % 4);
        wire [7:0] fy;
        wire [7:0] iy;
        aes_sbox u_sbox (
            .a(s[127 - 8 * FWD -: 8]),
            .y(fy)
        );
        aes_inv_sbox u_inv_sbox (
            .a(s[127 - 8 * BWD -: 8]),
            .y(iy)
        );
        assign y[127 - 8 * n -: 8] = inv ? iy : fy;
    end
endgenerate

endmodule

`resetall
