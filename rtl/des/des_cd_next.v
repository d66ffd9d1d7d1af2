`resetall
`timescale 1ns / 1ps
`default_nettype none

// One step of a pipelined DES key schedule in the block's direction: from the C D halves that
// round ROUND uses to those round ROUND+1 uses (ROUND = 0: from C0 D0 to round 1). Enciphering,
// round n uses C_n D_n; deciphering, round n uses C_(17-n) D_(17-n). Wiring and a 2:1 mux per
// bit: the pipeline registers the result, so a round's subkey is PC-2 of a register.
module des_cd_next #(
    // the round whose C D come in, 0..15
    parameter integer ROUND = 0
) (
    input  wire [55:0] cd,
    // 0: encipher, 1: decipher
    input  wire        dec,
    output wire [55:0] cd_next
);

// parameter check at elaboration
initial begin
    if (ROUND < 0 || ROUND > 15) begin
        $error("des_cd_next %m: ROUND must be 0..15, not %0d", ROUND);
        $finish;
    end
end

// left rotation of C and D in key-schedule step n (FIPS 46-3): one position in steps 1, 2, 9
// and 16, two in the others
function integer step_shift(input integer n);
    begin
        step_shift = (n == 1 || n == 2 || n == 9 || n == 16) ? 1 : 2;
    end
endfunction

// enciphering: C_(ROUND+1) = C_ROUND rotated left by the shift of step ROUND+1;
// deciphering: C_(16-ROUND) = C_(17-ROUND) rotated right by the shift of step 17-ROUND, and
// round 1 uses C_16 = C_0 (the sixteen steps rotate by 28 in all)
localparam integer LEFT = step_shift(ROUND + 1);
localparam integer RIGHT = (ROUND == 0) ? 0 : step_shift(17 - ROUND);

wire [27:0] c = cd[55:28];
wire [27:0] d = cd[27:0];
wire [55:0] enc = {c[27-LEFT:0], c[27:28-LEFT], d[27-LEFT:0], d[27:28-LEFT]};
wire [55:0] dec_cd;

generate
    if (RIGHT == 0) begin : g_same
        assign dec_cd = cd;
    end else begin : g_right
        assign dec_cd = {c[RIGHT-1:0], c[27:RIGHT], d[RIGHT-1:0], d[27:RIGHT]};
    end
endgenerate

assign cd_next = dec ? dec_cd : enc;

endmodule

`resetall
