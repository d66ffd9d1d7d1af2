// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blocks in and out of a design (interface rule 2, first half): nothing invented (a block
// leaves only while one is held: out <= in) and at most CAPACITY blocks held (in - out <=
// CAPACITY). A reset empties the design. `held` is the count, for the wrapper's invariants.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_block_count_props #(
    // the most blocks the design may hold
    parameter integer CAPACITY = 4,
    // width of the count (holds CAPACITY + 1)
    parameter integer CW = 4,
    // 1: cover the count reaching CAPACITY (0 where the environment is counted)
    parameter integer COVER = 1
) (
    input  wire          clk,
    input  wire          rst,
    // checks on: a rising edge with rst high has happened (the wrapper's)
    input  wire          armed,
    // a block enters / leaves this cycle
    input  wire          in_fire,
    input  wire          out_fire,
    output wire [CW-1:0] held
);

initial begin
    if (CAPACITY < 1 || CAPACITY + 1 >= (1 << CW)) begin
        $error("axis_block_count_props %m: CAPACITY=%0d (1..2^CW-2), CW=%0d", CAPACITY, CW);
        $finish;
    end
end

`ifdef FORMAL
reg [CW-1:0] f_held = {CW{1'b0}};

assign held = f_held;

always @(posedge clk) begin : p_count
    f_held <= f_held + {{(CW - 1){1'b0}}, in_fire} - {{(CW - 1){1'b0}}, out_fire};
    if (rst) begin
        f_held <= {CW{1'b0}};
    end
end

always @(*) begin
    if (armed) begin
        // a block that enters in this cycle cannot also leave in it
        count_nothing_invented: assert(!out_fire || f_held != {CW{1'b0}});
        count_capacity: assert(f_held <= CAPACITY);
    end
end

// not vacuous: the design can be filled to its capacity
generate
    if (COVER != 0) begin : g_cover
        always @(*) begin
            if (armed && !rst) begin
                count_full: cover(f_held == CAPACITY);
            end
        end
    end
endgenerate
`else
assign held = {CW{1'b0}};
`endif

endmodule

`resetall
