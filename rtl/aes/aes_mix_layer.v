// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES linear layer of a round with the round key, after the byte layer (FIPS-197 5.1.2-4,
// 5.3.1, 5.3.3): MixColumns(ShiftRows(q)) ^ rk to encrypt, InvMixColumns(InvShiftRows(q) ^ rk)
// to decrypt, without (Inv)MixColumns in the last round. Both directions are computed apart
// and chosen at the end (as in aes_iter): the row shifts are wiring and every output bit is
// Datasheet: docs/cores/aes_iter.md
// Design notes: docs/cores/notes/aes_mix_layer.md (in the datasheets).
module aes_mix_layer #(
    // 1: the last round (no (Inv)MixColumns)
    parameter integer LAST = 0
) (
    // the byte layer's output, S-box (encrypt) or inverse S-box (decrypt) of every state
    // byte, in state order: byte 0 (row 0, column 0) in bits 127:120, byte r + 4c is row r,
    // column c
    input  wire [127:0] q,
    // round key
    input  wire [127:0] rk,
    // 0: encryption round, 1: decryption round
    input  wire         dec,
    output wire [127:0] y
);

initial begin
    if (LAST != 0 && LAST != 1) begin
        $error("aes_mix_layer %m: LAST=%0d must be 0 or 1", LAST);
        $finish;
    end
end

wire [127:0] sr_fwd;    // ShiftRows(q)
wire [127:0] sr_bwd;    // InvShiftRows(q)

genvar n;
generate
    for (n = 0; n < 16; n = n + 1) begin : g_shift
        // ShiftRows: out[r, c] = in[r, c + r]; InvShiftRows: out[r, c] = in[r, c - r]
        localparam integer R = n % 4;
        localparam integer C = n / 4;
        localparam integer FWD = R + 4 * ((C + R) % 4);
        localparam integer BWD = R + 4 * ((C + 4 - R) % 4);
        assign sr_fwd[127 - 8 * n -: 8] = q[127 - 8 * FWD -: 8];
        assign sr_bwd[127 - 8 * n -: 8] = q[127 - 8 * BWD -: 8];
    end

    if (LAST != 0) begin : g_last
        assign y = (dec ? sr_bwd : sr_fwd) ^ rk;
    end else begin : g_mix
        wire [127:0] mix_fwd;
        wire [127:0] mix_bwd;

        aes_mix_cols #(
            .INV(0)
        ) u_mix_fwd (
            .s(sr_fwd),
            .y(mix_fwd)
        );

        aes_mix_cols #(
            .INV(1)
        ) u_mix_bwd (
            .s(sr_bwd ^ rk),
            .y(mix_bwd)
        );

        assign y = dec ? mix_bwd : (mix_fwd ^ rk);
    end
endgenerate

endmodule

`resetall
