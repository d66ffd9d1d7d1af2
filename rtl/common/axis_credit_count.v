// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Credit counter of an output FIFO behind a pipeline that never stalls: counts the blocks
// taken into the pipeline (`take`) and not yet delivered from the FIFO (`give`), and raises
// `credit` while one more block fits in CAPACITY. `credit` is a register computed one cycle
// ahead: `take` comes late in the cycle (from the core's input handshake, which depends on
// Datasheets: docs/cores/ (speck_pipe, aes_pipe, des_pipe, tdes_pipe).
// Design notes: docs/cores/notes/axis_credit_count.md (in the datasheets).
module axis_credit_count #(
    // blocks the FIFO can hold (>= 1, >= 2 with TAKE_REG = 1)
    parameter integer CAPACITY = 16,
    // 1: count `take` one cycle late, from a register (docs/cores/notes/axis_credit_count.md);
    // 0: at once
    parameter integer TAKE_REG = 0
) (
    input  wire clk,
    input  wire rst,

    // a block enters the pipeline this cycle
    input  wire take,
    // a block leaves the FIFO this cycle
    input  wire give,
    // no credit next cycle whatever the count (e.g. while the FIFO is wiped)
    input  wire hold,
    // a block may enter the pipeline this cycle
    output wire credit
`ifdef FORMAL
    ,
    // internal state for the proofs' invariants (rtl/formal/)
    output wire [$clog2(CAPACITY + 1)-1:0] f_count,
    output wire                            f_take_reg
`endif
);

// the count runs 0..CAPACITY
localparam integer CW = $clog2(CAPACITY + 1);
// credit while the count (after this cycle) is below LIMIT: one less with a late take
localparam integer LIMIT = CAPACITY - TAKE_REG;
localparam [CW-1:0] CAP = LIMIT[CW-1:0];
localparam [CW-1:0] CAP_LESS1 = LIMIT[CW-1:0] - 1'b1;

initial begin
    if ((TAKE_REG != 0 && TAKE_REG != 1) || LIMIT < 1 || CAPACITY > 65535) begin
        $error("axis_credit_count %m: CAPACITY=%0d (%0d..65535), TAKE_REG=%0d (0 or 1)",
               CAPACITY, 1 + TAKE_REG, TAKE_REG);
        $finish;
    end
end

reg  [CW-1:0] count_reg;
reg           credit_reg;
reg           take_reg;
wire          counted = (TAKE_REG != 0) ? take_reg : take;

wire [CW-1:0] count_inc = count_reg + 1'b1;
wire [CW-1:0] count_dec = count_reg - 1'b1;
wire          up = counted && !give;
wire          down = give && !counted;
wire [CW-1:0] count_next = up ? count_inc : (down ? count_dec : count_reg);
wire          room_now = count_reg < CAP;           // credit if the count stays
wire          room_up = count_reg < CAP_LESS1;      // credit after one more block
// after a delivery without a new block the count is below LIMIT: always credit
wire          room_next = up ? room_up : (down || room_now);

assign credit = credit_reg;

`ifdef FORMAL
assign f_count = count_reg;
assign f_take_reg = take_reg;
`endif

always @(posedge clk) begin : p_count
    count_reg <= count_next;
    credit_reg <= !hold && room_next;
    take_reg <= take;
    if (rst) begin
        count_reg <= {CW{1'b0}};
        credit_reg <= 1'b0;
        take_reg <= 1'b0;
    end
end

endmodule

`resetall
