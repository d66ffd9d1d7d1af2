// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Nothing lost, duplicated or reordered (interface rule 2), by following two blocks: the
// solver picks one block entering at a time it chooses (`pick`, free in the wrapper) and the
// block right after it. Each is recorded with the number of blocks ahead of it, which falls by
// one at every output transfer; when none is ahead, the next output must be that block. So each
// leaves exactly once, at its place, the second right after the first (the twin-write
// technique of formally verified FIFOs). A reset discards both. The wrapper's invariants read
// the recorded state through the outputs.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_chosen_block_props #(
    parameter integer WIDTH = 8,
    // width of the counts (as axis_block_count_props)
    parameter integer CW = 4
) (
    input  wire             clk,
    input  wire             rst,
    // checks on: a rising edge with rst high has happened (the wrapper's)
    input  wire             armed,
    // start following the block that enters in this cycle (if none is followed)
    input  wire             pick,
    input  wire             in_fire,
    input  wire [WIDTH-1:0] in_data,
    input  wire             out_fire,
    input  wire [WIDTH-1:0] out_data,
    // blocks held (entered and not left), from axis_block_count_props
    input  wire [CW-1:0]    held,

    // block k (0: the chosen one, 1: the one after it) is inside, with ahead_k blocks ahead
    output wire [1:0]       inside,
    output wire [CW-1:0]    ahead0,
    output wire [CW-1:0]    ahead1,
    output wire [WIDTH-1:0] value0,
    output wire [WIDTH-1:0] value1
);

`ifdef FORMAL
reg [1:0]       f_in = 2'b00;     // entered (stays set after leaving, until a reset)
reg [1:0]       f_out = 2'b00;    // left
reg [CW-1:0]    f_ahead0 = {CW{1'b0}};
reg [CW-1:0]    f_ahead1 = {CW{1'b0}};
reg [WIDTH-1:0] f_value0 = {WIDTH{1'b0}};
reg [WIDTH-1:0] f_value1 = {WIDTH{1'b0}};

wire [1:0] f_inside = f_in & ~f_out;
wire       f_enter0 = in_fire && pick && !f_in[0];
wire       f_enter1 = in_fire && f_in[0] && !f_in[1];
wire       f_leave0 = out_fire && f_inside[0] && f_ahead0 == {CW{1'b0}};
wire       f_leave1 = out_fire && f_inside[1] && f_ahead1 == {CW{1'b0}};

assign inside = f_inside;
assign ahead0 = f_ahead0;
assign ahead1 = f_ahead1;
assign value0 = f_value0;
assign value1 = f_value1;

always @(posedge clk) begin : p_follow
    if (f_enter0) begin
        f_in[0] <= 1'b1;
        f_value0 <= in_data;
        // a block leaving in this cycle is counted in `held` and leaves before it
        f_ahead0 <= held - {{(CW - 1){1'b0}}, out_fire};
    end else if (out_fire && f_inside[0] && !f_leave0) begin
        f_ahead0 <= f_ahead0 - 1'b1;
    end
    if (f_leave0) begin
        f_out[0] <= 1'b1;
    end
    if (f_enter1) begin
        f_in[1] <= 1'b1;
        f_value1 <= in_data;
        f_ahead1 <= held - {{(CW - 1){1'b0}}, out_fire};
    end else if (out_fire && f_inside[1] && !f_leave1) begin
        f_ahead1 <= f_ahead1 - 1'b1;
    end
    if (f_leave1) begin
        f_out[1] <= 1'b1;
    end
    if (rst) begin
        f_in <= 2'b00;
        f_out <= 2'b00;
    end
end

always @(*) begin
    if (armed) begin
        if (f_leave0) begin
            chosen_first_out: assert(out_data == f_value0);
        end
        if (f_leave1) begin
            chosen_second_out: assert(out_data == f_value1);
        end
        // the followed blocks are held, in the order they entered, one right after the other
        if (f_inside[0]) begin
            chosen_first_held: assert(f_ahead0 < held);
        end
        if (f_inside[1]) begin
            chosen_second_held: assert(f_ahead1 < held);
        end
        if (f_inside[0] && !f_in[1]) begin
            // no block has entered after the first yet
            chosen_first_last: assert(f_ahead0 + 1'b1 == held);
        end
        if (f_inside == 2'b11) begin
            chosen_in_order: assert(f_ahead1 == f_ahead0 + 1'b1);
        end
        if (f_in[1]) begin
            chosen_first_before_second: assert(f_in[0]);
        end
        if (f_out[1]) begin
            chosen_second_after_first: assert(f_out[0]);
        end
    end
end

// not vacuous: both followed blocks can enter and leave
always @(*) begin
    if (armed && !rst) begin
        chosen_both_out: cover(f_out == 2'b11);
    end
end
`else
assign inside = 2'b00;
assign ahead0 = {CW{1'b0}};
assign ahead1 = {CW{1'b0}};
assign value0 = {WIDTH{1'b0}};
assign value1 = {WIDTH{1'b0}};
`endif

endmodule

`resetall
