// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of mode_engine around a small abstract core: it takes a block when it says so,
// holds at most CORE_CAP, returns them as an AXI4-Stream source (free timing, cleared by a
// reset), and its cipher is the zero function, so in CFB, OFB and CTR the engine's output is
// E(...) ^ data = data: every block it takes must come out once, in order, with its
// direction. s_axis and s_iv are assumed to follow the source rules. Proven: m_axis follows
// them (zero while idle, cleared by a reset), both input streams' tready low in the reset
// window, s_axis_tready low while s_iv_tvalid is high, at most 2^DEPTH_LOG2 blocks in flight,
// the two chosen blocks out once and in order.
// Proofs and what they cover: docs/interface.md, "What is proven".
module mode_engine_formal #(
    parameter integer BLOCK = 8,
    // 2 CFB, 3 OFB, 4 CTR (CBC's output is not the data with a zero cipher)
    parameter integer MODE = 4,
    parameter integer DEPTH_LOG2 = 1,
    // blocks the abstract core holds
    parameter integer CORE_CAP = 2
) (
    input wire clk
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
localparam integer CW = DEPTH_LOG2 + 3;
localparam integer W = BLOCK + 1;          // {tuser, tdata}
// blocks in flight: one in OFB (every block waits for the one before), else as many as both
// the side FIFO and the core hold
localparam integer CAP = (MODE == 3) ? 1 : ((DEPTH < CORE_CAP) ? DEPTH : CORE_CAP);

initial begin
    if (MODE < 2 || MODE > 4) begin
        $error("mode_engine_formal %m: MODE=%0d (2 CFB, 3 OFB or 4 CTR)", MODE);
        $finish;
    end
end

wire                      rst;
wire                      armed;
(* anyseq *) wire [BLOCK-1:0] s_iv_tdata;
(* anyseq *) wire         s_iv_tvalid;
wire                      s_iv_tready;
(* anyseq *) wire [BLOCK-1:0] s_axis_tdata;
(* anyseq *) wire         s_axis_tuser;
(* anyseq *) wire         s_axis_tvalid;
wire                      s_axis_tready;
wire [BLOCK-1:0]          m_axis_tdata;
wire                      m_axis_tuser;
wire                      m_axis_tvalid;
(* anyseq *) wire         m_axis_tready;
wire [BLOCK-1:0]          c_in_tdata;
wire                      c_in_tuser;
wire                      c_in_tvalid;
(* anyseq *) wire         c_in_tready;
wire [BLOCK-1:0]          c_out_tdata = {BLOCK{1'b0}};   // the zero cipher
(* anyseq *) wire         c_out_tuser;
(* anyseq *) wire         c_out_tvalid;
wire                      c_out_tready;
(* anyseq *) wire         pick;
wire [(BLOCK+2)*DEPTH-1:0] side;
wire [DEPTH_LOG2-1:0]     wr_ptr;
wire [DEPTH_LOG2-1:0]     rd_ptr;
wire [DEPTH_LOG2:0]       f_count;
wire                      room;
wire                      held_side;
wire                      busy;
wire [CW-1:0]             held;
wire [CW-1:0]             core_held;
wire [1:0]                inside;
wire [CW-1:0]             ahead0;
wire [CW-1:0]             ahead1;
wire [W-1:0]              value0;
wire [W-1:0]              value1;
wire                      s_fire = s_axis_tvalid && s_axis_tready;
wire                      m_fire = m_axis_tvalid && m_axis_tready;
wire                      c_in_fire = c_in_tvalid && c_in_tready;
wire                      c_out_fire = c_out_tvalid && c_out_tready;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

mode_engine #(
    .BLOCK(BLOCK),
    .MODE(MODE),
    .DEPTH_LOG2(DEPTH_LOG2),
    .CTR_LITTLE(0)
) u_dut (
    .clk(clk),
    .rst(rst),
    .s_iv_tdata(s_iv_tdata),
    .s_iv_tvalid(s_iv_tvalid),
    .s_iv_tready(s_iv_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .c_in_tdata(c_in_tdata),
    .c_in_tuser(c_in_tuser),
    .c_in_tvalid(c_in_tvalid),
    .c_in_tready(c_in_tready),
    .c_out_tdata(c_out_tdata),
    .c_out_tuser(c_out_tuser),
    .c_out_tvalid(c_out_tvalid),
    .c_out_tready(c_out_tready),
    .f_side(side),
    .f_wr_ptr(wr_ptr),
    .f_rd_ptr(rd_ptr),
    .f_count(f_count),
    .f_room(room),
    .f_held(held_side),
    .f_busy(busy)
);

// ---- the environment: the user's streams and the abstract core ----
axis_source_props #(
    .WIDTH(W),
    .ASSUME(1)
) u_s_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_axis_tvalid),
    .tready(s_axis_tready),
    .tdata({s_axis_tuser, s_axis_tdata})
);

axis_source_props #(
    .WIDTH(BLOCK),
    .ASSUME(1)
) u_s_iv (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_iv_tvalid),
    .tready(s_iv_tready),
    .tdata(s_iv_tdata)
);

// the core's output: a source, zero while idle, cleared by a reset
axis_source_props #(
    .WIDTH(BLOCK),
    .ASSUME(1),
    .ZERO_IDLE(1),
    .RESET_CLEARS(1)
) u_c_out (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(c_out_tvalid),
    .tready(c_out_tready),
    .tdata(c_out_tdata)
);

// the core's blocks: it returns only blocks it took, and holds at most CORE_CAP
axis_block_count_props #(
    .CAPACITY(CORE_CAP),
    .CW(CW),
    .COVER(0)
) u_core (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(c_in_fire),
    .out_fire(c_out_fire),
    .held(core_held)
);

always @(*) begin
    assume(!c_out_tvalid || core_held != {CW{1'b0}});
    assume(!c_in_tready || core_held < CORE_CAP);
end

// ---- the properties ----
axis_source_props #(
    .WIDTH(W),
    .USER_BITS(1),
    .ASSUME(0),
    .ZERO_IDLE(1),
    .RESET_CLEARS(1)
) u_m_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(m_axis_tvalid),
    .tready(m_axis_tready),
    .tdata({m_axis_tuser, m_axis_tdata})
);

axis_block_count_props #(
    .CAPACITY(CAP),
    .CW(CW)
) u_blocks (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(s_fire),
    .out_fire(m_fire),
    .held(held)
);

axis_chosen_block_props #(
    .WIDTH(W),
    .CW(CW)
) u_chosen (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .pick(pick),
    .in_fire(s_fire),
    .in_data({s_axis_tuser, s_axis_tdata}),
    .out_fire(m_fire),
    .out_data({m_axis_tuser, m_axis_tdata}),
    .held(held),
    .inside(inside),
    .ahead0(ahead0),
    .ahead1(ahead1),
    .value0(value0),
    .value1(value1)
);

// rule 5's reset window (the abstract core's is one edge): from the first edge with rst high,
// while it stays high, the core's s_axis_tready is low (assumed: it follows rule 5) and so are
// both of the engine's input streams' (proven)
reg f_prev_rst = 1'b0;
always @(posedge clk) begin : p_prev_rst
    f_prev_rst <= rst;
end

always @(*) begin
    if (armed && rst && f_prev_rst) begin
        assume(!c_in_tready);
    end
end

always @(*) begin
    if (armed) begin
        // modes rule 1: the IV takes priority over data
        mode_iv_priority: assert(!(s_axis_tready && s_iv_tvalid));
        if (rst && f_prev_rst) begin
            mode_reset_tready_low: assert(!s_iv_tready && !s_axis_tready);
        end
    end
end

// ---- invariants ----
wire [CW-1:0]       f_count_w = {{(CW - DEPTH_LOG2 - 1){1'b0}}, f_count};

function [BLOCK+1:0] entry;
    input [CW-1:0] ahead;
    reg   [DEPTH_LOG2-1:0] pos;
    begin
        pos = rd_ptr + ahead[DEPTH_LOG2-1:0];
        entry = side[(BLOCK+2)*pos +: BLOCK + 2];
    end
endfunction

// every block in flight has the serial flag of its mode and direction, and only the newest
// may be serial
reg          f_serial_ok;
reg [BLOCK+1:0] f_e;
integer i;
always @(*) begin
    f_serial_ok = 1'b1;
    for (i = 0; i < DEPTH; i = i + 1) begin
        f_e = entry(i);
        if (i < f_count && f_e[BLOCK+1] != (MODE == 3 || (MODE == 2 && !f_e[BLOCK]))) begin
            f_serial_ok = 1'b0;
        end
        if (i + 1 < f_count && f_e[BLOCK+1]) begin
            f_serial_ok = 1'b0;
        end
    end
end

wire [BLOCK+1:0] f_entry0 = entry(ahead0);
wire [BLOCK+1:0] f_entry1 = entry(ahead1);
wire f_newest_serial = f_count != 0 && (entry(f_count_w - 1'b1) >> (BLOCK + 1)) != 0;

always @(*) begin
    if (armed && !rst) begin
        mode_count: assert(f_count <= DEPTH && f_count_w == core_held && held == f_count_w);
        // the side FIFO's registered flags and pointers agree with its count
        mode_fifo: assert(wr_ptr == rd_ptr + f_count[DEPTH_LOG2-1:0]
                          && room == (f_count != DEPTH) && held_side == (f_count != 0));
        mode_serial: assert(f_serial_ok && busy == f_newest_serial);
        if (inside[0]) begin
            mode_first_at: assert(f_entry0[W-1:0] == value0);
        end
        if (inside[1]) begin
            mode_second_at: assert(f_entry1[W-1:0] == value1);
        end
    end
end

endmodule

`resetall
