// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// SPECK key-schedule step on the key state {l window, k}: forward (round i -> i+1) or backward.
// Datasheet: docs/cores/speck_pipe.md
// Design notes: docs/cores/notes/speck_key_step.md (in the datasheets).
module speck_key_step #(
    // word size n in bits: 16, 24, 32, 48 or 64
    parameter integer WORD = 64,
    // key words m: 2, 3 or 4
    parameter integer KEY_WORDS = 2,
    // registers inside the step: 0 (combinational) or 1..3 (see speck_round_pipe)
    parameter integer SUBREG = 0
) (
    // verilator lint_off UNUSEDSIGNAL
    input  wire                      clk,    // SUBREG >= 1 only
    // verilator lint_on UNUSEDSIGNAL
    // key state at round i: {l window, k_i}; forward at round 0 this is the key as loaded
    input  wire [WORD*KEY_WORDS-1:0] ks,
    // step index i: forward from round i to i+1, backward from round i+1 to i
    input  wire [5:0]                idx,
    // 0: forward, 1: backward
    input  wire                      dec,
    output wire [WORD*KEY_WORDS-1:0] ks_o
);

localparam integer KW = WORD * KEY_WORDS;
localparam integer LW = WORD * (KEY_WORDS - 1);

// parameter check at elaboration
initial begin
    if (KEY_WORDS < 2 || KEY_WORDS > 4) begin
        $error("speck_key_step %m: KEY_WORDS=%0d, SPECK has 2, 3 or 4 key words", KEY_WORDS);
        $finish;
    end
    if (SUBREG < 0 || SUBREG > 3) begin
        $error("speck_key_step %m: SUBREG=%0d, must be 0..3", SUBREG);
        $finish;
    end
end

wire [WORD-1:0] k_cur = ks[WORD-1:0];
wire [LW-1:0]   l_win = ks[KW-1:WORD];          // the word used next in the low word
wire [WORD-1:0] l_low = l_win[WORD-1:0];

// the key schedule is the round function with the step index as round key:
// forward (l_(i+m-1), k_(i+1)) = R_i(l_i, k_i); backward (l_i, k_i) = R_i^-1(l_(i+m-1), k_(i+1))
wire [WORD-1:0] r_l;
wire [WORD-1:0] r_k;
wire [WORD-1:0] idx_key = {{(WORD-6){1'b0}}, idx};

generate
    if (SUBREG == 0) begin : g_comb
        speck_round #(
            .WORD(WORD)
        ) u_round (
            .x(l_low),
            .y(k_cur),
            .k(idx_key),
            .dec(dec),
            .x_o(r_l),
            .y_o(r_k)
        );

        if (KEY_WORDS == 2) begin : g_win1
            assign ks_o = {r_l, r_k};
        end else begin : g_winn
            // the used word leaves at the bottom, the new one enters on top
            assign ks_o = {r_l, l_win[LW-1:WORD], r_k};
        end
    end else begin : g_piped
        // the words that stay in the window ride as the passenger (KEY_WORDS = 2: none, one
        // constant bit)
        localparam integer SW = (KEY_WORDS > 2) ? LW - WORD : 1;
        // verilator lint_off UNUSEDSIGNAL
        wire [SW-1:0] l_stay;           // unused when KEY_WORDS = 2
        wire          dec_o;
        wire [SW-1:0] pass_q;
        // verilator lint_on UNUSEDSIGNAL

        speck_round_pipe #(
            .WORD(WORD),
            .SUBREG(SUBREG),
            .PASS(SW),
            .PASS_RST(0)
        ) u_round (
            .clk(clk),
            .rst(1'b0),
            .x(l_low),
            .y(k_cur),
            .k(idx_key),
            .dec(dec),
            .pass_i((KEY_WORDS > 2) ? l_win[LW-1:LW-SW] : {SW{1'b0}}),
            .x_o(r_l),
            .y_o(r_k),
            .dec_o(dec_o),
            .pass_o(l_stay),
            .pass_q(pass_q)
        );

        if (KEY_WORDS == 2) begin : g_win1
            assign ks_o = {r_l, r_k};
        end else begin : g_winn
            assign ks_o = {r_l, l_stay, r_k};
        end
    end
endgenerate

endmodule

`resetall
