`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES byte layer of a round with synchronous S-box ROMs: y = SubBytes(s) to encrypt,
// InvSubBytes(s) to decrypt, byte by byte in state order, of the s and inv sampled at the
// previous clock edge (the ROMs' address registers are the stage register before the byte
// layer). Eight two-port aes_sbox_rom, each holding S and S^-1 (address {inv, byte}): block
// RAM with BRAM = 1, address registers and LUT S-boxes with BRAM = 0. The row shift is left to
// the linear layer (aes_mix_layer), where it is wiring: no multiplexer before the addresses.
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

genvar n;
generate
    for (n = 0; n < 8; n = n + 1) begin : g_rom
        // bytes 2n and 2n + 1
        aes_sbox_rom #(
            .BRAM(BRAM),
            .OUTREG(OUTREG)
        ) u_rom (
            .clk(clk),
            .en(1'b1),
            .a_addr({inv, s[127 - 8 * (2 * n) -: 8]}),
            .b_addr({inv, s[127 - 8 * (2 * n + 1) -: 8]}),
            .a_data(y[127 - 8 * (2 * n) -: 8]),
            .b_data(y[127 - 8 * (2 * n + 1) -: 8])
        );
    end
endgenerate

endmodule

`resetall
