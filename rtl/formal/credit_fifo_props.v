// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The environment and properties shared by the formal tops of the credit FIFOs: a pipeline
// that reserves only with a credit and delivers (`s_valid`) only what it reserved, a cycle or
// more later; a consumer that stalls at will. Asserted: m_ follows the source rules and is
// cleared by a reset (zero while idle with ZERO_IDLE), at most CAPACITY blocks reserved and
// not delivered on m_, every delivered block out once and in order (two chosen blocks). The
// counts and the chosen blocks' state come out for the tops' invariants.
// Proofs and what they cover: docs/interface.md, "What is proven".
module credit_fifo_props #(
    parameter integer WIDTH = 4,
    parameter integer CW = 5,
    parameter integer CAPACITY = 4,
    parameter integer ZERO_IDLE = 0
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             armed,
    input  wire             pick,
    input  wire             reserve,
    input  wire             credit,
    input  wire             s_valid,
    input  wire [WIDTH-1:0] s_data,
    input  wire             m_valid,
    input  wire             m_ready,
    input  wire [WIDTH-1:0] m_data,
    // reserved and not delivered on m_; delivered by the pipeline and not on m_
    output wire [CW-1:0]    reserved,
    output wire [CW-1:0]    held,
    output wire [1:0]       inside,
    output wire [CW-1:0]    ahead0,
    output wire [CW-1:0]    ahead1,
    output wire [WIDTH-1:0] value0,
    output wire [WIDTH-1:0] value1
);

wire m_fire = m_valid && m_ready;

axis_source_props #(
    .WIDTH(WIDTH),
    .ASSUME(0),
    .ZERO_IDLE(ZERO_IDLE),
    .RESET_CLEARS(1)
) u_m_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(m_valid),
    .tready(m_ready),
    .tdata(m_data)
);

axis_block_count_props #(
    .CAPACITY(CAPACITY),
    .CW(CW)
) u_reserved (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(reserve),
    .out_fire(m_fire),
    .held(reserved)
);

axis_block_count_props #(
    .CAPACITY(CAPACITY),
    .CW(CW)
) u_held (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(s_valid),
    .out_fire(m_fire),
    .held(held)
);

axis_chosen_block_props #(
    .WIDTH(WIDTH),
    .CW(CW)
) u_chosen (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .pick(pick),
    .in_fire(s_valid),
    .in_data(s_data),
    .out_fire(m_fire),
    .out_data(m_data),
    .held(held),
    .inside(inside),
    .ahead0(ahead0),
    .ahead1(ahead1),
    .value0(value0),
    .value1(value1)
);

`ifdef FORMAL
always @(*) begin
    assume(!reserve || credit);
    assume(!s_valid || reserved != held);
end
`endif

endmodule

`resetall
