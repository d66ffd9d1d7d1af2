// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Constant time (interface rule 4): a block that enters an empty design (nothing held once
// this cycle's output transfer is done) at a time the solver chooses (`pick`, free in the
// wrapper) is offered on the output exactly LATENCY cycles after its handshake edge, with
// out_valid low in every cycle between, whenever out_ready stays high from the cycle after
// the handshake on. With the design empty, the first block out is that block (the order is
// axis_chosen_block_props's). A reset drops the block followed.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_latency_props #(
    // cycles from the input handshake edge to the first cycle of out_valid
    parameter integer LATENCY = 1,
    // width of `held` (as axis_block_count_props)
    parameter integer CW = 4
) (
    input  wire          clk,
    input  wire          rst,
    // checks on: a rising edge with rst high has happened (the wrapper's)
    input  wire          armed,
    // follow the block that enters in this cycle (if the design is empty and none is followed)
    input  wire          pick,
    input  wire          in_fire,
    input  wire          out_fire,
    input  wire          out_valid,
    input  wire          out_ready,
    // blocks held (entered and not left), from axis_block_count_props
    input  wire [CW-1:0] held,
    // a block is followed, and its cycles since its handshake edge, for the wrapper's
    // invariants
    output wire          on,
    output wire [15:0]   age
);

initial begin
    if (LATENCY < 1) begin
        $error("axis_latency_props %m: LATENCY=%0d (at least 1)", LATENCY);
        $finish;
    end
end

`ifdef FORMAL
localparam integer AW = $clog2(LATENCY + 2) + 1;

reg          f_on = 1'b0;          // a block is followed
reg [AW-1:0] f_age = {AW{1'b0}};   // cycles since its handshake edge (1 in the cycle after)
reg          f_ready = 1'b0;       // out_ready high in every cycle since then, before this one

wire [31:0] f_age_wide = f_age;
assign on = f_on;
assign age = f_age_wide[15:0];

wire f_empty = held == {{(CW - 1){1'b0}}, out_fire};
wire f_start = in_fire && pick && !f_on && f_empty;

always @(posedge clk) begin : p_follow
    if (f_start) begin
        f_on <= 1'b1;
        f_age <= {{(AW - 1){1'b0}}, 1'b1};
        f_ready <= 1'b1;
    end else if (f_on) begin
        f_age <= f_age + 1'b1;
        f_ready <= f_ready && out_ready;
        if (f_age == LATENCY[AW-1:0]) begin
            f_on <= 1'b0;
        end
    end
    if (rst) begin
        f_on <= 1'b0;
    end
end

always @(*) begin
    if (armed && f_on && f_ready) begin
        if (f_age < LATENCY[AW-1:0]) begin
            latency_not_early: assert(!out_valid);
        end else begin
            latency_exact: assert(out_valid);
        end
    end
end

// not vacuous: a block followed leaves after exactly LATENCY cycles
always @(*) begin
    if (armed && !rst) begin
        latency_reached: cover(f_on && f_ready && f_age == LATENCY[AW-1:0] && out_fire);
    end
end
`else
assign on = 1'b0;
assign age = 16'd0;
`endif

endmodule

`resetall
