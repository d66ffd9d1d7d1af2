`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES linear layer of a round with the round key: MixColumns(s) ^ rk to encrypt,
// InvMixColumns(s ^ rk) to decrypt, s ^ rk in the last round (FIPS-197 5.1.3-4, 5.3.3).
// One MixColumns serves both directions: InvMixColumns = MixColumns o P with P the column map
// {05 00 04 00} (circulant), i.e. a0 ^= 4(a0 ^ a2), a1 ^= 4(a1 ^ a3), a2 ^= 4(a0 ^ a2), ...
module aes_mix_layer (
    // state after the byte layer (layout as aes_sub_rom_layer)
    input  wire [127:0] s,
    // round key
    input  wire [127:0] rk,
    // 0: encryption round, 1: decryption round
    input  wire         inv,
    // last round: no (Inv)MixColumns
    input  wire         last,
    output wire [127:0] y
);

function [7:0] xt(input [7:0] b);  // b * {02}
    begin
        xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    end
endfunction

function [31:0] mix(input [31:0] c);  // one column, a0 in the top byte
    reg [7:0] a0, a1, a2, a3;
    begin
        a0 = c[31:24];
        a1 = c[23:16];
        a2 = c[15:8];
        a3 = c[7:0];
        mix = {xt(a0) ^ xt(a1) ^ a1 ^ a2 ^ a3,
               a0 ^ xt(a1) ^ xt(a2) ^ a2 ^ a3,
               a0 ^ a1 ^ xt(a2) ^ xt(a3) ^ a3,
               xt(a0) ^ a0 ^ a1 ^ a2 ^ xt(a3)};
    end
endfunction

function [31:0] pre(input [31:0] c);  // P: InvMixColumns = MixColumns o P
    reg [7:0] u, v;
    begin
        u = xt(xt(c[31:24] ^ c[15:8]));
        v = xt(xt(c[23:16] ^ c[7:0]));
        pre = c ^ {u, v, u, v};
    end
endfunction

wire [127:0] a = inv ? (s ^ rk) : s;
wire [127:0] m;
genvar c;
generate
    for (c = 0; c < 4; c = c + 1) begin : g_col
        wire [31:0] col = a[127 - 32 * c -: 32];
        assign m[127 - 32 * c -: 32] = mix(inv ? pre(col) : col);
    end
endgenerate

wire [127:0] z = last ? a : m;
assign y = inv ? z : (z ^ rk);

endmodule

`resetall
