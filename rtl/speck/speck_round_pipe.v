// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// SPECK round R_k or its inverse in 1 + SUBREG cycles (SUBREG = 1..3), per block direction,
// with a passenger field delayed alongside. Only the passenger's registers have a reset (with
// PASS_RST = 1: a loop's control bits); the data, key and direction registers have none: the
// caller clears them by flushing (docs/interface.md, rule 5), so that the reset is not a net
// Datasheet: docs/cores/speck_pipe.md
// Design notes: docs/cores/notes/speck_round_pipe.md (in the datasheets).
module speck_round_pipe #(
    // word size n in bits: 16, 24, 32, 48 or 64 (sets the rotations alpha, beta)
    parameter integer WORD = 64,
    // registers inside the round: 1, 2 or 3 (docs/cores/notes/speck_round_pipe.md)
    parameter integer SUBREG = 3,
    // width of the passenger field
    parameter integer PASS = 1,
    // 1: rst clears the passenger's registers; 0: no register has a reset (rst unused)
    parameter integer PASS_RST = 1
) (
    input  wire            clk,
    input  wire            rst,

    input  wire [WORD-1:0] x,
    input  wire [WORD-1:0] y,
    input  wire [WORD-1:0] k,
    // 0: R_k(x, y); 1: R_k^-1(x, y)
    input  wire            dec,
    input  wire [PASS-1:0] pass_i,

    // the round's result 1 + SUBREG cycles later (registered)
    output wire [WORD-1:0] x_o,
    output wire [WORD-1:0] y_o,
    output wire            dec_o,
    output wire [PASS-1:0] pass_o,
    // the passenger one cycle earlier (what pass_o will be next cycle)
    output wire [PASS-1:0] pass_q
);

localparam integer ALPHA = (WORD == 16) ? 7 : 8;
localparam integer BETA = (WORD == 16) ? 2 : 3;
localparam integer LO = WORD / 2;           // low half of the split addition (SUBREG = 3)
localparam integer HI = WORD - LO;

// the passenger's clear (constant low with PASS_RST = 0: no reset logic at all)
wire pass_clr = (PASS_RST != 0) && rst;

// parameter check at elaboration
initial begin
    if (WORD != 16 && WORD != 24 && WORD != 32 && WORD != 48 && WORD != 64) begin
        $error("speck_round_pipe %m: WORD=%0d is not a SPECK word size (16, 24, 32, 48, 64)",
               WORD);
        $finish;
    end
    if (SUBREG < 1 || SUBREG > 3 || PASS < 1 || (PASS_RST != 0 && PASS_RST != 1)) begin
        $error("speck_round_pipe %m: SUBREG=%0d (1..3), PASS=%0d (>= 1), PASS_RST=%0d (0, 1)",
               SUBREG, PASS, PASS_RST);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// stage 1: operands
// ---------------------------------------------------------------------------------------
wire [WORD-1:0] xy_r = {x[BETA-1:0] ^ y[BETA-1:0], x[WORD-1:BETA] ^ y[WORD-1:BETA]};
wire [WORD-1:0] op_a = dec ? (x ^ k) : {x[ALPHA-1:0], x[WORD-1:ALPHA]};
wire [WORD-1:0] op_b = dec ? ~xy_r : y;
wire [WORD-1:0] op_aux = dec ? xy_r : {y[WORD-1-BETA:0], y[WORD-1:WORD-BETA]};

reg [WORD-1:0] a_reg;
reg [WORD-1:0] b_reg;
reg [WORD-1:0] aux_reg;
reg [WORD-1:0] k_reg;
reg            d_reg;
reg [PASS-1:0] pass_reg;

always @(posedge clk) begin : p_operands
    a_reg <= op_a;
    b_reg <= op_b;
    aux_reg <= op_aux;
    k_reg <= k;
    d_reg <= dec;
    pass_reg <= pass_i;
    if (pass_clr) begin
        pass_reg <= {PASS{1'b0}};
    end
end

// ---------------------------------------------------------------------------------------
// the addition r = a + b + d (the carry-in through a low bit 1 + d), then the output logic's
// inputs: q_* (the sum and the fields beside it)
// ---------------------------------------------------------------------------------------
wire [WORD-1:0] q_r;
wire [WORD-1:0] q_aux;
wire [WORD-1:0] q_k;
wire            q_d;
wire [PASS-1:0] q_pass;

generate
    if (SUBREG == 1) begin : g_add_out
        // addition and output logic in one stage
        // verilator lint_off UNUSEDSIGNAL
        // bit 0 only carries the carry-in
        wire [WORD:0] sum = {a_reg, 1'b1} + {b_reg, d_reg};
        // verilator lint_on UNUSEDSIGNAL
        assign q_r = sum[WORD:1];
        assign q_aux = aux_reg;
        assign q_k = k_reg;
        assign q_d = d_reg;
        assign q_pass = pass_reg;
    end else begin : g_add_reg
        // the sum in a register of its own, whole (SUBREG = 2) or by halves (SUBREG = 3)
        reg [WORD-1:0] r_reg;
        reg [WORD-1:0] aux2_reg;
        reg [WORD-1:0] k2_reg;
        reg            d2_reg;
        reg [PASS-1:0] pass2_reg;
        wire [WORD-1:0] r_next;
        wire [WORD-1:0] aux_in;
        wire [WORD-1:0] k_in;
        wire            d_in;
        wire [PASS-1:0] pass_in;

        if (SUBREG == 2) begin : g_whole
            // verilator lint_off UNUSEDSIGNAL
            // bit 0 only carries the carry-in
            wire [WORD:0] sum = {a_reg, 1'b1} + {b_reg, d_reg};
            // verilator lint_on UNUSEDSIGNAL
            assign r_next = sum[WORD:1];
            assign aux_in = aux_reg;
            assign k_in = k_reg;
            assign d_in = d_reg;
            assign pass_in = pass_reg;
        end else begin : g_halves
            // by halves, carry select: the low half with its carry, and the high half both
            // without and with a carry in, side by side (three carry chains, each from
            // registers); then the low half's carry selects the high half, so that no carry
            // chain starts at the previous stage's carry register (a long route to the high
            // half's chain)
            wire [LO+1:0] sum_lo = {1'b0, a_reg[LO-1:0], 1'b1} + {1'b0, b_reg[LO-1:0], d_reg};
            wire [HI-1:0] sum_hi0 = a_reg[WORD-1:LO] + b_reg[WORD-1:LO];
            // verilator lint_off UNUSEDSIGNAL
            // bit 0 only carries the carry-in
            wire [HI:0]   sum_hi1 = {a_reg[WORD-1:LO], 1'b1} + {b_reg[WORD-1:LO], 1'b1};
            // verilator lint_on UNUSEDSIGNAL
            reg  [LO-1:0] lo_reg;
            reg           c_reg;
            reg  [HI-1:0] hi0_reg;
            reg  [HI-1:0] hi1_reg;
            reg  [WORD-1:0] aux1_reg;
            reg  [WORD-1:0] k1_reg;
            reg           d1_reg;
            reg  [PASS-1:0] pass1_reg;

            always @(posedge clk) begin : p_low
                lo_reg <= sum_lo[LO:1];
                c_reg <= sum_lo[LO+1];
                hi0_reg <= sum_hi0;
                hi1_reg <= sum_hi1[HI:1];
                aux1_reg <= aux_reg;
                k1_reg <= k_reg;
                d1_reg <= d_reg;
                pass1_reg <= pass_reg;
                if (pass_clr) begin
                    pass1_reg <= {PASS{1'b0}};
                end
            end

            assign r_next = {c_reg ? hi1_reg : hi0_reg, lo_reg};
            assign aux_in = aux1_reg;
            assign k_in = k1_reg;
            assign d_in = d1_reg;
            assign pass_in = pass1_reg;
        end

        always @(posedge clk) begin : p_sum
            r_reg <= r_next;
            aux2_reg <= aux_in;
            k2_reg <= k_in;
            d2_reg <= d_in;
            pass2_reg <= pass_in;
            if (pass_clr) begin
                pass2_reg <= {PASS{1'b0}};
            end
        end

        assign q_r = r_reg;
        assign q_aux = aux2_reg;
        assign q_k = k2_reg;
        assign q_d = d2_reg;
        assign q_pass = pass2_reg;
    end
endgenerate

// ---------------------------------------------------------------------------------------
// last stage: output logic and the output register
// ---------------------------------------------------------------------------------------
wire [WORD-1:0] rk = q_r ^ q_k;
wire [WORD-1:0] out_x = q_d ? {q_r[WORD-1-ALPHA:0], q_r[WORD-1:WORD-ALPHA]} : rk;
wire [WORD-1:0] out_y = q_d ? q_aux : (q_aux ^ rk);

reg [WORD-1:0] x_reg;
reg [WORD-1:0] y_reg;
reg            dec_reg;
reg [PASS-1:0] pass_o_reg;

always @(posedge clk) begin : p_out
    x_reg <= out_x;
    y_reg <= out_y;
    dec_reg <= q_d;
    pass_o_reg <= q_pass;
    if (pass_clr) begin
        pass_o_reg <= {PASS{1'b0}};
    end
end

assign x_o = x_reg;
assign y_o = y_reg;
assign dec_o = dec_reg;
assign pass_o = pass_o_reg;
assign pass_q = q_pass;

endmodule

`resetall
