`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key schedule, one round-key step forward or backward on an 8-word window (FIPS-197 5.2).
//
// The window holds the key-schedule words w[4g-8] .. w[4g-1] (w[4g-8] in the top bits): the
// newest four words w[4g-4] .. w[4g-1] are round key g-1. A forward step appends round key g
// (words 4g .. 4g+3) and drops the oldest four words; a backward step prepends words
// 4g-12 .. 4g-9 (from w[i-Nk] = w[i] ^ temp(w[i-1])) and drops the newest four, so that the
// newest four are then round key g-2. In both directions `rk` is the round key that ends up
// newest: the key of the next round in encryption (forward) and in decryption (backward).
// Words below w[0] are those the backward recurrence defines; loading them lets one window
// layout serve Nk = 4, 6 and 8 (see aes_key_prep). One SubWord (4 S-boxes) per step.
module aes_key_step (
    // w[4g-8] .. w[4g-1], w[4g-8] in bits 255:224
    input  wire [255:0] win,
    // key length: 0 Nk=4 (AES-128), 1 Nk=6 (AES-192), 2 Nk=8 (AES-256)
    input  wire [1:0]   nk_code,
    // 0: forward step (g -> g+1), 1: backward step (g -> g-1)
    input  wire         bwd,
    // window index g (1 .. 15)
    input  wire [3:0]   g,
    output wire [255:0] next,
    // the newest four words of next: the round key of the round this step serves
    output wire [127:0] rk
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

wire [11:0] pl = plan(nk_code, bwd, g);
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

// SubWord input, taken from the window only (no path through temp): forward, the word before
// the special one (w7, or for Nk=6 at position 2 the computed w7 ^ w2 ^ w3); backward,
// w[k+Nk-1] of the special word k
reg [31:0] sin;
always @* begin : p_sbox_in
    if (!bwd) begin
        sin = (sp == 2'd2) ? (w[7] ^ w[2] ^ w[3]) : w[7];
    end else if (nk4) begin
        sin = w[3] ^ w[2];
    end else if (nk6) begin
        sin = (sp == 2'd2) ? w[3] : w[1];
    end else begin
        sin = w[3];
    end
end

wire [31:0] sub;
generate
    for (gv = 0; gv < 4; gv = gv + 1) begin : g_sbox
        aes_sbox u_sbox (
            .a(sin[31 - 8 * gv -: 8]),
            .y(sub[31 - 8 * gv -: 8])
        );
    end
endgenerate

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
            // for j = 0 the word before is ow[3] = w[3] ^ w[2] (never special): sin
            dep = (j == 0) ? sin : w[(j + 7) % 8];
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
