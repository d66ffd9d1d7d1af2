// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES linear layer of a round with the round key (FIPS-197 5.1.2-4, 5.3.1, 5.3.3) on the ROM
// words of aes_sbox_rom with MULT = 1, which hold a product of each S-box output beside it:
// {02*S, S} to encrypt, {0b*S^-1, 09*S^-1} to decrypt. Every output bit is one flat XOR of
// the word bits that give it, so (Inv)MixColumns needs at most 5 (encrypt) or 8 (decrypt)
// Datasheet: docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_mix_mult.md (in the datasheets).
module aes_mix_mult #(
    // 1: the last round (no (Inv)MixColumns)
    parameter integer LAST = 0,
    // 1..32: the most inputs an output bit of d takes (its tree's and InvMixColumns(rk)'s)
    parameter integer D_MAX = 16
) (
    // the ROM words in state order, byte 0 (row 0, column 0) in bits 255:240, byte r + 4c is
    // row r, column c; to encrypt the words of S, to decrypt those of S^-1
    input  wire [255:0] q,
    // round key in state order, byte 0 in bits 127:120, for e (and d with LAST = 1)
    input  wire [127:0] rk,
    // four copies of it for InvMixColumns(rk), copy i (bits 128i + 127 .. 128i) to output
    // row i, so that each round-key flip-flop drives the bits of one output byte, not four
    input  wire [511:0] rk_rows,
    // encryption result
    output wire [127:0] e,
    // decryption result, d ^ k
    output wire [127:0] d,
    output wire [127:0] k
);

function [7:0] xt(input [7:0] b);  // b * {02}
    begin
        xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    end
endfunction

function [7:0] mul(input [7:0] b, input [3:0] m);  // b * m, m < 16
    reg [7:0] p;
    integer i;
    begin
        mul = 8'h00;
        p = b;
        for (i = 0; i < 4; i = i + 1) begin
            if (m[i]) begin
                mul = mul ^ p;
            end
            p = xt(p);
        end
    end
endfunction

// the bit matrix of b * m: bits 8o + 7 .. 8o are the input bits output bit o depends on
function [63:0] rows(input [3:0] m);
    reg [7:0] img;
    integer b, o;
    begin
        rows = 64'h0;
        for (b = 0; b < 8; b = b + 1) begin
            img = mul(8'h01 << b, m);
            for (o = 0; o < 8; o = o + 1) begin
                rows[8 * o + b] = img[o];
            end
        end
    end
endfunction

// coefficient n of the column matrix's first row: 02 03 01 01, or 0e 0b 0d 09 to decrypt
function [3:0] coef(input inv, input integer n);
    begin
        case (n)
            0: coef = inv ? 4'he : 4'h2;
            1: coef = inv ? 4'hb : 4'h3;
            2: coef = inv ? 4'hd : 4'h1;
            default: coef = inv ? 4'h9 : 4'h1;
        endcase
    end
endfunction

// the 16 word bits as functions of the S-box output byte: bit i's in bits 8i + 7 .. 8i
function [127:0] word_rows(input inv);
    begin
        // low byte S or 09*S^-1, high byte 02*S or 0b*S^-1
        word_rows = {rows(inv ? 4'hb : 4'h2), rows(inv ? 4'h9 : 4'h1)};
    end
endfunction

// the fewest word bits (at most three) whose XOR is the function t of the byte; zero if none
function [15:0] pick(input [7:0] t, input [127:0] w);
    integer a, b, c;
    reg found;
    begin
        pick = 16'h0;
        found = 1'b0;
        for (a = 0; a < 16; a = a + 1) begin
            if (!found && w[8 * a +: 8] == t) begin
                pick = 16'h1 << a;
                found = 1'b1;
            end
        end
        for (a = 0; a < 16; a = a + 1) begin
            for (b = a + 1; b < 16; b = b + 1) begin
                if (!found && (w[8 * a +: 8] ^ w[8 * b +: 8]) == t) begin
                    pick = (16'h1 << a) | (16'h1 << b);
                    found = 1'b1;
                end
            end
        end
        for (a = 0; a < 16; a = a + 1) begin
            for (b = a + 1; b < 16; b = b + 1) begin
                for (c = b + 1; c < 16; c = c + 1) begin
                    if (!found && (w[8 * a +: 8] ^ w[8 * b +: 8] ^ w[8 * c +: 8]) == t) begin
                        pick = (16'h1 << a) | (16'h1 << b) | (16'h1 << c);
                        found = 1'b1;
                    end
                end
            end
        end
    end
endfunction

// the word bits of coefficient n's product, output bit o: bits 16(8n + o) + 15 .. 16(8n + o)
function [511:0] selects(input inv);
    reg [127:0] w;
    reg [63:0] r;
    integer n, o;
    begin
        w = word_rows(inv);
        for (n = 0; n < 4; n = n + 1) begin
            r = rows(coef(inv, n));
            for (o = 0; o < 8; o = o + 1) begin
                selects[16 * (8 * n + o) +: 16] = pick(r[8 * o +: 8], w);
            end
        end
    end
endfunction

// 1 if every select gives its product
function selects_ok(input inv, input [511:0] sel);
    reg [127:0] w;
    reg [63:0] r;
    reg [7:0] x;
    integer n, o, i;
    begin
        selects_ok = 1'b1;
        w = word_rows(inv);
        for (n = 0; n < 4; n = n + 1) begin
            r = rows(coef(inv, n));
            for (o = 0; o < 8; o = o + 1) begin
                x = 8'h00;
                for (i = 0; i < 16; i = i + 1) begin
                    if (sel[16 * (8 * n + o) + i]) begin
                        x = x ^ w[8 * i +: 8];
                    end
                end
                if (x != r[8 * o +: 8]) begin
                    selects_ok = 1'b0;
                end
            end
        end
    end
endfunction

// the inputs of the decryption tree for output bit o (the same for every row)
function integer tree_inputs(input [511:0] sel, input integer o);
    integer n, i;
    begin
        tree_inputs = 0;
        for (n = 0; n < 4; n = n + 1) begin
            for (i = 0; i < 16; i = i + 1) begin
                tree_inputs = tree_inputs + sel[16 * (8 * n + o) + i];
            end
        end
    end
endfunction

// InvMixColumns of a column, output row i, bit o: the column bits (a0 in bits 31:24) it takes
function [31:0] inv_row(input integer i, input integer o);
    reg [63:0] r;
    integer j, b;
    begin
        inv_row = 32'h0;
        for (j = 0; j < 4; j = j + 1) begin
            r = rows(coef(1'b1, (j + 4 - i) % 4));
            for (b = 0; b < 8; b = b + 1) begin
                inv_row[24 - 8 * j + b] = r[8 * o + b];
            end
        end
    end
endfunction

// the first n set bits of m
function [31:0] first_bits(input [31:0] m, input integer n);
    integer b, left;
    begin
        first_bits = 32'h0;
        left = n;
        for (b = 0; b < 32; b = b + 1) begin
            if (m[b] && left > 0) begin
                first_bits[b] = 1'b1;
                left = left - 1;
            end
        end
    end
endfunction

localparam [511:0] SEL_ENC = selects(1'b0);
localparam [511:0] SEL_DEC = selects(1'b1);

initial begin
    if ((LAST != 0 && LAST != 1) || D_MAX < 1 || D_MAX > 32) begin
        $error("aes_mix_mult %m: LAST=%0d must be 0 or 1, D_MAX=%0d 1..32", LAST, D_MAX);
        $finish;
    end
    if (!selects_ok(1'b0, SEL_ENC) || !selects_ok(1'b1, SEL_DEC)) begin
        $error("aes_mix_mult %m: a product is not the XOR of three word bits");
        $finish;
    end
end

genvar c, i, j, o;
generate
    if (LAST != 0) begin : g_last_rk
        // no InvMixColumns(rk) in the last round
        wire [511:0] rk_rows_unused = rk_rows;
    end
    for (c = 0; c < 4; c = c + 1) begin : g_col
        // the words of column c after ShiftRows (ew) and after InvShiftRows (dw), row j in
        // bits 16j + 15 .. 16j: ShiftRows takes row j from column c + j, InvShiftRows from c - j
        wire [63:0] ew;
        wire [63:0] dw;
        for (i = 0; i < 4; i = i + 1) begin : g_word
            assign ew[16 * i +: 16] = q[255 - 16 * (i + 4 * ((c + i) % 4)) -: 16];
            assign dw[16 * i +: 16] = q[255 - 16 * (i + 4 * ((c + 4 - i) % 4)) -: 16];
        end
        for (i = 0; i < 4; i = i + 1) begin : g_row
            for (o = 0; o < 8; o = o + 1) begin : g_bit
                // bit o of state byte i + 4c
                localparam integer Y = 120 - 8 * (i + 4 * c) + o;
                if (LAST != 0) begin : g_last
                    // the words' top bytes are zero (MULT = 0)
                    wire [7:0] e_top_unused = ew[16 * i + 8 +: 8];
                    wire [7:0] d_top_unused = dw[16 * i + 8 +: 8];
                    assign e[Y] = ew[16 * i + o] ^ rk[Y];
                    assign d[Y] = dw[16 * i + o] ^ rk[Y];
                    assign k[Y] = 1'b0;
                end else begin : g_mix
                    // row j's word takes coefficient (j - i) mod 4
                    wire [63:0] e_sel;
                    wire [63:0] d_sel;
                    // the column's round key, a0 in bits 31:24, from row i's copy
                    wire [31:0] rk_col = rk_rows[128 * i + 127 - 32 * c -: 32];
                    for (j = 0; j < 4; j = j + 1) begin : g_in
                        assign e_sel[16 * j +: 16] = SEL_ENC[16 * (8 * ((j + 4 - i) % 4) + o) +: 16];
                        assign d_sel[16 * j +: 16] = SEL_DEC[16 * (8 * ((j + 4 - i) % 4) + o) +: 16];
                    end
                    localparam integer TREE = tree_inputs(SEL_DEC, o);
                    localparam [31:0] K_ALL = inv_row(i, o);
                    localparam [31:0] K_D = first_bits(K_ALL, D_MAX > TREE ? D_MAX - TREE : 0);
                    localparam [31:0] K_K = K_ALL & ~K_D;
                    assign e[Y] = ^(ew & e_sel) ^ rk[Y];
                    assign d[Y] = ^(dw & d_sel) ^ ^(rk_col & K_D);
                    assign k[Y] = ^(rk_col & K_K);
                end
            end
        end
    end
endgenerate

endmodule

`resetall
