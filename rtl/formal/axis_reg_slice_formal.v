// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of axis_reg_slice. The environment is an AXI4-Stream source on s_axis (a beat
// offered and not taken stays offered, unchanged) and a sink on m_axis that stalls at will.
// Proven: m_axis is an AXI4-Stream source, zero while m_axis_tvalid is low and cleared by a
// reset; at most two beats inside; every beat leaves exactly once and in order (two
// solver-chosen beats followed); s_axis_tready is high whenever the skid register is free.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_reg_slice_formal #(
    parameter integer WIDTH = 4
) (
    input wire clk
);

localparam integer CW = 3;   // counts up to 2 * 2 + 1

wire                       rst;
wire                       armed;
(* anyseq *) wire          s_valid;
(* anyseq *) wire [WIDTH-1:0] s_data;
(* anyseq *) wire          m_ready;
(* anyseq *) wire          pick;
wire                       s_ready;
wire [WIDTH-1:0]           m_data;
wire                       m_valid;
wire [WIDTH-1:0]           skid_data;
wire                       skid_valid;
wire [CW-1:0]              held;
wire [1:0]                 inside;
wire [CW-1:0]              ahead0;
wire [CW-1:0]              ahead1;
wire [WIDTH-1:0]           value0;
wire [WIDTH-1:0]           value1;
wire                       in_fire = s_valid && s_ready;
wire                       out_fire = m_valid && m_ready;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

axis_reg_slice #(
    .WIDTH(WIDTH)
) u_dut (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_data),
    .s_axis_tvalid(s_valid),
    .s_axis_tready(s_ready),
    .m_axis_tdata(m_data),
    .m_axis_tvalid(m_valid),
    .m_axis_tready(m_ready),
    .f_skid_data(skid_data),
    .f_skid_valid(skid_valid)
);

// the environment: an AXI4-Stream source on s_axis
axis_source_props #(
    .WIDTH(WIDTH),
    .ASSUME(1)
) u_s_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_valid),
    .tready(s_ready),
    .tdata(s_data)
);

// the design: an AXI4-Stream source on m_axis, zero while idle, cleared by a reset
axis_source_props #(
    .WIDTH(WIDTH),
    .ZERO_IDLE(1),
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
    .CAPACITY(2),
    .CW(CW)
) u_blocks (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(in_fire),
    .out_fire(out_fire),
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
    .in_fire(in_fire),
    .in_data(s_data),
    .out_fire(out_fire),
    .out_data(m_data),
    .held(held),
    .inside(inside),
    .ahead0(ahead0),
    .ahead1(ahead1),
    .value0(value0),
    .value1(value1)
);

// ---- invariants (what induction needs to know of the state) ----
wire [CW-1:0] f_in_regs = {{(CW - 1){1'b0}}, m_valid} + {{(CW - 1){1'b0}}, skid_valid};

// (checked in reset cycles too: a reset acts at the edge, so the state still holds them)
always @(*) begin
    if (armed) begin
        slice_held: assert(held == f_in_regs);
        slice_ready: assert(s_ready == !skid_valid);
        // the skid register holds the later beat: never without one in the output register
        slice_skid_behind: assert(!skid_valid || m_valid);
        if (inside[0]) begin
            if (ahead0 == {CW{1'b0}}) begin
                slice_first_out_reg: assert(m_valid && m_data == value0);
            end else begin
                slice_first_in_skid: assert(skid_valid && skid_data == value0);
            end
        end
        if (inside[1]) begin
            if (ahead1 == {CW{1'b0}}) begin
                slice_second_out_reg: assert(m_valid && m_data == value1);
            end else begin
                slice_second_in_skid: assert(skid_valid && skid_data == value1);
            end
        end
    end
end

endmodule

`resetall
