// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of axis_credit_count: the environment takes a block only with a credit and gives
// one back only for a block it took; proven: never more than CAPACITY blocks taken and not
// given, no credit the cycle after `hold`, and a credit whenever `hold` was low and
// CAPACITY - TAKE_REG more blocks fit (TAKE_REG = 1 keeps one back for the take it counts
// late), so the counter neither over- nor under-credits.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_credit_count_formal #(
    parameter integer CAPACITY = 4,
    parameter integer TAKE_REG = 0
) (
    input wire clk
);

localparam integer CW = $clog2(CAPACITY + 1);
localparam integer HW = $clog2(CAPACITY + 2) + 1;   // the outstanding count, with room

wire          rst;
wire          armed;
(* anyseq *) wire take;
(* anyseq *) wire give;
(* anyseq *) wire hold;
wire          credit;
wire [CW-1:0] count;
wire          take_reg;
wire [HW-1:0] outstanding;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

axis_credit_count #(
    .CAPACITY(CAPACITY),
    .TAKE_REG(TAKE_REG)
) u_dut (
    .clk(clk),
    .rst(rst),
    .take(take),
    .give(give),
    .hold(hold),
    .credit(credit),
    .f_count(count),
    .f_take_reg(take_reg)
);

// blocks taken and not given back: at most CAPACITY
axis_block_count_props #(
    .CAPACITY(CAPACITY),
    .CW(HW)
) u_blocks (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(take),
    .out_fire(give),
    .held(outstanding)
);

reg f_hold_prev = 1'b1;   // hold (or rst) at the last rising edge
always @(posedge clk) begin
    f_hold_prev <= hold || rst;
end

wire [HW-1:0] f_counted = outstanding - ((TAKE_REG != 0 && take_reg) ? 1 : 0);

always @(*) begin
    // the environment: takes only with a credit, gives back only what it took
    assume(!take || credit);
    assume(!give || outstanding != {HW{1'b0}});
    if (armed) begin
        // a take waiting to be counted is among the outstanding blocks
        credit_late_take: assert(TAKE_REG == 0 || !take_reg || outstanding != {HW{1'b0}});
        credit_count_matches: assert(count == f_counted);
        // a credit only while one more block fits, none after a hold
        credit_safe: assert(!credit || (outstanding < CAPACITY && !f_hold_prev));
        // and always while two more fit (one with TAKE_REG = 0): at most the one credit kept
        // back for the take not yet counted is withheld
        credit_live: assert(credit || f_hold_prev || outstanding >= CAPACITY - TAKE_REG);
    end
end

endmodule

`resetall
