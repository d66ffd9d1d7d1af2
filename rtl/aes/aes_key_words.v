// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key schedule, second half of a step (aes_key_step): the four new words from the window,
// SubWord of the step's S-box input (aes_key_sub) and the step's plan, forward or backward
// (FIPS-197 5.2), and the next window.
// Datasheets: docs/cores/aes_iter.md, docs/cores/aes_pipe.md
module aes_key_words (
    // w[4g-8] .. w[4g-1], w[4g-8] in bits 255:224 (the aes_key_step window)
    input  wire [255:0] win,
    // key length: 0 Nk=4 (AES-128), 1 Nk=6 (AES-192), 2 Nk=8 (AES-256)
    input  wire [1:0]   nk_code,
    // 0: forward step (g -> g+1), 1: backward step (g -> g-1)
    input  wire         bwd,
    // from aes_key_sub for the same window, direction and g
    input  wire [31:0]  sub,
    input  wire [11:0]  pl,
    output wire [255:0] next,
    // the newest four words of next: the round key of the round this step serves
    output wire [127:0] rk
);

wire        sp_en = pl[11];
wire [1:0]  sp = pl[10:9];
wire        rot = pl[8];
wire [7:0]  rcon = pl[7:0];

// -----------------------------------------------------------------------------------------
// the words
// -----------------------------------------------------------------------------------------
wire [31:0] w [0:7];
genvar gv;
generate
    for (gv = 0; gv < 8; gv = gv + 1) begin : g_words
        assign w[gv] = win[255 - 32 * gv -: 32];
    end
endgenerate

wire nk4 = (nk_code == 2'd0);
wire nk6 = (nk_code == 2'd1);

// temp = RotWord(SubWord(x)) ^ Rcon (= SubWord(RotWord(x)) ^ Rcon) or SubWord(x)
wire [31:0] temp = rot ? ({sub[23:0], sub[31:24]} ^ {rcon, 24'h000000}) : sub;

// forward: w[i] = w[i-Nk] ^ (special ? temp : w[i-1]), i = 4g .. 4g+3
// backward: w[k] = w[k+Nk] ^ (special ? temp : w[k+Nk-1]), k = 4g-12+3 down to 4g-12
reg [31:0] nw [0:3];
reg [31:0] ow [0:3];
reg [31:0] prev;
reg [31:0] dep;
integer j;
always @* begin : p_words
    prev = w[7];
    for (j = 0; j < 4; j = j + 1) begin
        nw[j] = (nk4 ? w[4 + j] : nk6 ? w[2 + j] : w[j])
                ^ ((sp_en && sp == j[1:0]) ? temp : prev);
        prev = nw[j];
    end
    for (j = 3; j >= 0; j = j - 1) begin
        if (nk4) begin
            // for j = 0 the word before is ow[3] = w[3] ^ w[2] (never special)
            dep = (j == 0) ? (w[3] ^ w[2]) : w[(j + 7) % 8];
        end else if (nk6) begin
            dep = w[j + 1];
        end else begin
            dep = w[j + 3];
        end
        ow[j] = (nk4 ? w[j] : nk6 ? w[j + 2] : w[j + 4])
                ^ ((sp_en && sp == j[1:0]) ? temp : dep);
    end
end

assign next = bwd ? {ow[0], ow[1], ow[2], ow[3], w[0], w[1], w[2], w[3]}
                  : {w[4], w[5], w[6], w[7], nw[0], nw[1], nw[2], nw[3]};
assign rk = next[127:0];

endmodule

`resetall
