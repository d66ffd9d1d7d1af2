`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES byte layer of a round with synchronous S-box ROMs: y = SubBytes(ShiftRows(s)) to
// encrypt, InvSubBytes(InvShiftRows(s)) to decrypt, of the s and inv sampled at the previous
// clock edge (the ROMs' address registers are the stage register before the byte layer).
// Eight two-port aes_sbox_rom, each holding S and S^-1 (address {inv, byte}): block RAM with
// BRAM = 1, address registers and LUT S-boxes with BRAM = 0. The row shift is applied to the
// addresses, so the RAM outputs need no multiplexer.
module aes_sub_rom_layer #(
    // 1: S-boxes in block RAM (8 ROMs of 512 bytes); 0: in LUT logic
    parameter integer BRAM = 1,
    // 1: y through the ROMs' output registers, one cycle later (aes_sbox_rom's OUTREG)
    parameter integer OUTREG = 0
) (
    input  wire         clk,
    // state, byte 0 (row 0, column 0) in bits 127:120, byte r + 4c is row r, column c
    input  wire [127:0] s,
    // 0: encryption round, 1: decryption round
    input  wire         inv,
    // the byte layer of the s and inv of the previous edge (OUTREG = 1: of the edge before)
    output wire [127:0] y
);

wire [9*16-1:0] addr;   // address {inv, byte} of output byte n in bits 9n +: 9

genvar n;
generate
    for (n = 0; n < 16; n = n + 1) begin : g_addr
        // ShiftRows: out[r, c] = in[r, c + r]; InvShiftRows: out[r, c] = in[r, c - r]
        localparam integer R = n % 4;
        localparam integer C = n / 4;
        localparam integer FWD = R + 4 * ((C + R) % 4);
        localparam integer BWD = R + 4 * ((C + 4 - R) % 4);
        assign addr[9 * n +: 9] = {inv, inv ? s[127 - 8 * BWD -: 8] : s[127 - 8 * FWD -: 8]};
    end
    for (n = 0; n < 8; n = n + 1) begin : g_rom
        // output bytes 2n and 2n + 1
        aes_sbox_rom #(
            .BRAM(BRAM),
            .OUTREG(OUTREG)
        ) u_rom (
            .clk(clk),
            .en(1'b1),
            .a_addr(addr[9 * (2 * n) +: 9]),
            .b_addr(addr[9 * (2 * n + 1) +: 9]),
            .a_data(y[127 - 8 * (2 * n) -: 8]),
            .b_data(y[127 - 8 * (2 * n + 1) -: 8])
        );
    end
endgenerate

endmodule

`resetall
