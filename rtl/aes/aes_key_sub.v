// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key schedule, first half of a step (aes_key_step): SubWord of the window word the step
// needs (FIPS-197 5.2), and the step's plan (which computed word takes temp, RotWord and
// Rcon), for the second half (aes_key_words). Apart so that a pipeline can register between
// the S-boxes and the word XORs (aes_pipe with SUBREG = 2). The S-box input word is also an
// Datasheets: docs/cores/aes_iter.md, docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_key_sub.md (in the datasheets).
module aes_key_sub #(
    // 0: SubWord(sin); 1: SubWord(sin_pre)
    parameter integer PRESEL = 0,
    // the four S-boxes: 0 tables in logic (aes_sbox), 1 composite field (aes_sbox_tower)
    parameter integer TOWER = 0
) (
    // w[4g-8] .. w[4g-1], w[4g-8] in bits 255:224 (the aes_key_step window)
    input  wire [255:0] win,
    // key length: 0 Nk=4 (AES-128), 1 Nk=6 (AES-192), 2 Nk=8 (AES-256)
    input  wire [1:0]   nk_code,
    // 0: forward step (g -> g+1), 1: backward step (g -> g-1)
    input  wire         bwd,
    // window index g (1 .. 15)
    input  wire [3:0]   g,
    // the step's S-box input word, selected from win (for the caller to register)
    output wire [31:0]  sin,
    // with PRESEL = 1: the S-box input word, registered by the caller
    input  wire [31:0]  sin_pre,
    // SubWord of the step's S-box input word (sin, or sin_pre with PRESEL = 1)
    output wire [31:0]  sub,
    // {special, position[1:0], rot, rcon[7:0]}: see plan()
    output wire [11:0]  pl
);

// -----------------------------------------------------------------------------------------
// which computed word (if any) needs temp = SubWord(RotWord(.)) ^ Rcon or SubWord(.): a
// table over (nk_code, bwd, g), folded at elaboration where its inputs are constant
// -----------------------------------------------------------------------------------------
function [7:0] rcon_of(input integer n);
    begin
        case (n)
            1: rcon_of = 8'h01;
            2: rcon_of = 8'h02;
            3: rcon_of = 8'h04;
            4: rcon_of = 8'h08;
            5: rcon_of = 8'h10;
            6: rcon_of = 8'h20;
            7: rcon_of = 8'h40;
            8: rcon_of = 8'h80;
            9: rcon_of = 8'h1b;
            10: rcon_of = 8'h36;
            default: rcon_of = 8'h00;  // never used by a live step
        endcase
    end
endfunction

// {special, position[1:0], rot, rcon[7:0]}; every loop variable is a constant, so the
// arithmetic folds at elaboration and only a compare-and-select table remains
function [11:0] plan(input [1:0] code, input back, input [3:0] gi);
    integer cc, bb, gg, nk, h, j, k;
    begin
        plan = 12'h000;
        for (cc = 0; cc < 3; cc = cc + 1) begin
            for (bb = 0; bb < 2; bb = bb + 1) begin
                for (gg = 0; gg < 16; gg = gg + 1) begin
                    if (code == cc[1:0] && back == bb[0] && gi == gg[3:0]) begin
                        nk = (cc == 0) ? 4 : (cc == 1) ? 6 : 8;
                        // words 4h .. 4h+3 are computed; +48 keeps residues non-negative
                        h = (bb == 1) ? gg - 3 : gg;
                        for (j = 0; j < 4; j = j + 1) begin
                            k = 4 * h + j + 48;
                            if (k % nk == 0) begin
                                plan = {1'b1, j[1:0], 1'b1,
                                        rcon_of((k / nk) - (48 / nk) + bb)};
                            end else if (nk == 8 && k % 8 == 4) begin
                                plan = {1'b1, j[1:0], 1'b0, 8'h00};
                            end
                        end
                    end
                end
            end
        end
    end
endfunction

initial begin
    if ((PRESEL != 0 && PRESEL != 1) || (TOWER != 0 && TOWER != 1)) begin
        $error("aes_key_sub %m: PRESEL=%0d (0/1), TOWER=%0d (0/1)", PRESEL, TOWER);
        $finish;
    end
end

wire [11:0] plan_w = plan(nk_code, bwd, g);
wire [1:0]  sp = plan_w[10:9];
assign pl = plan_w;

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

// SubWord input, taken from the window only (no path through temp): forward, the word before
// the special one (w7, or for Nk=6 at position 2 the computed w7 ^ w2 ^ w3); backward,
// w[k+Nk-1] of the special word k
reg [31:0] sel;
always @* begin : p_sbox_in
    if (!bwd) begin
        sel = (sp == 2'd2) ? (w[7] ^ w[2] ^ w[3]) : w[7];
    end else if (nk4) begin
        sel = w[3] ^ w[2];
    end else if (nk6) begin
        sel = (sp == 2'd2) ? w[3] : w[1];
    end else begin
        sel = w[3];
    end
end
assign sin = sel;

wire [31:0] sbox_in = (PRESEL != 0) ? sin_pre : sel;
// PRESEL = 0: sin_pre is not used
wire [31:0] sin_pre_unused = sin_pre;

generate
    for (gv = 0; gv < 4; gv = gv + 1) begin : g_sbox
        if (TOWER != 0) begin : g_tower
            aes_sbox_tower u_sbox (
                .a(sbox_in[31 - 8 * gv -: 8]),
                .inv(1'b0),
                .y(sub[31 - 8 * gv -: 8])
            );
        end else begin : g_table
            aes_sbox u_sbox (
                .a(sbox_in[31 - 8 * gv -: 8]),
                .y(sub[31 - 8 * gv -: 8])
            );
        end
    end
endgenerate

endmodule

`resetall
