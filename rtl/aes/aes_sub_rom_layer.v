// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES byte layer of a round with synchronous S-box ROMs: y = SubBytes(s) to encrypt,
// InvSubBytes(s) to decrypt, byte by byte in state order, of the s and inv sampled at the
// previous clock edge (the ROMs' address registers are the stage register before the byte
// layer). Eight two-port aes_sbox_rom, each holding S and S^-1 (address {inv, byte}): block
// Datasheet: docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_sub_rom_layer.md (in the datasheets).
module aes_sub_rom_layer #(
    // 1: S-boxes in block RAM (8 ROMs of 512 words); 0: in LUT logic
    parameter integer BRAM = 1,
    // 1: y through the ROMs' output registers, one cycle later (aes_sbox_rom's OUTREG)
    parameter integer OUTREG = 0,
    // aes_sbox_rom's MULT: 1 the words {02*S, S} / {0b*S^-1, 09*S^-1}, 0 the bytes alone
    parameter integer MULT = 0
) (
    input  wire         clk,
    // state, byte 0 (row 0, column 0) in bits 127:120, byte r + 4c is row r, column c
    input  wire [127:0] s,
    // 0: encryption round, 1: decryption round
    input  wire         inv,
    // the ROM words of the s and inv of the previous edge (OUTREG = 1: of the edge before),
    // byte 0's in bits 255:240
    output wire [255:0] y
);

genvar n;
generate
    for (n = 0; n < 8; n = n + 1) begin : g_rom
        // bytes 2n and 2n + 1
        aes_sbox_rom #(
            .BRAM(BRAM),
            .OUTREG(OUTREG),
            .MULT(MULT)
        ) u_rom (
            .clk(clk),
            .en(1'b1),
            .a_addr({inv, s[127 - 8 * (2 * n) -: 8]}),
            .b_addr({inv, s[127 - 8 * (2 * n + 1) -: 8]}),
            .a_data(y[255 - 16 * (2 * n) -: 16]),
            .b_data(y[255 - 16 * (2 * n + 1) -: 16])
        );
    end
endgenerate

endmodule

`resetall
