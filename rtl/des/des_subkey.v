// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// DES subkey of one fixed round, straight from C0 D0 (wiring and a 2:1 mux: no rotation logic).
// Datasheets: docs/cores/des_pipe.md, docs/cores/tdes_pipe.md
module des_subkey #(
    // round number n, 1..16: the subkey is K_n to encipher, K_(17-n) to decipher
    parameter integer ROUND = 1
) (
    // C0 D0 (PC-1 of the key) to use when enciphering and when deciphering
    input  wire [55:0] cd_enc,
    input  wire [55:0] cd_dec,
    // 0: encipher (K_n), 1: decipher (K_(17-n))
    input  wire        dec,
    output wire [47:0] k
);

// parameter check at elaboration
initial begin
    if (ROUND < 1 || ROUND > 16) begin
        $error("des_subkey %m: ROUND must be 1..16, not %0d", ROUND);
        $finish;
    end
end

// total left rotation of C and D after n key-schedule steps (FIPS 46-3: one position in steps
// 1, 2, 9 and 16, two in the others), modulo 28
function integer total_shift(input integer n);
    integer i;
    begin
        total_shift = 0;
        for (i = 1; i <= n; i = i + 1) begin
            total_shift = total_shift + ((i == 1 || i == 2 || i == 9 || i == 16) ? 1 : 2);
        end
        total_shift = total_shift % 28;
    end
endfunction

localparam integer SHIFT_ENC = total_shift(ROUND);
localparam integer SHIFT_DEC = total_shift(17 - ROUND);

wire [27:0] c_enc = cd_enc[55:28];
wire [27:0] d_enc = cd_enc[27:0];
wire [27:0] c_dec = cd_dec[55:28];
wire [27:0] d_dec = cd_dec[27:0];
// C_n D_n of the direction chosen, then one PC-2
wire [55:0] cd_n = dec ? {(c_dec << SHIFT_DEC) | (c_dec >> (28 - SHIFT_DEC)),
                          (d_dec << SHIFT_DEC) | (d_dec >> (28 - SHIFT_DEC))}
                       : {(c_enc << SHIFT_ENC) | (c_enc >> (28 - SHIFT_ENC)),
                          (d_enc << SHIFT_ENC) | (d_enc >> (28 - SHIFT_ENC))};

des_pc2 u_pc2 (.cd(cd_n), .k(k));

endmodule

`resetall
