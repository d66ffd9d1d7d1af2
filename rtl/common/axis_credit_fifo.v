// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO with credits for a pipeline that never stalls: a block may enter the pipeline
// only while `credit` is high (`reserve` takes one), so the FIFO always has room for whatever
// the pipeline delivers, and back-pressure never reaches the pipeline's registers.
// Datasheets: docs/cores/speck_pipe.md, docs/cores/bf_pipe.md
// Design notes: docs/cores/notes/axis_credit_fifo.md (in the datasheets).
module axis_credit_fifo #(
    // width of one entry
    parameter integer WIDTH = 129,
    // log2 of the RAM entries
    parameter integer DEPTH_LOG2 = 4
) (
    input  wire             clk,
    input  wire             rst,

    // a block enters the pipeline this cycle (takes a credit)
    input  wire             reserve,
    // a block may enter the pipeline this cycle
    output wire             credit,
    output wire             wiping,

    // the pipeline's output: never more than the credits taken
    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,

    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
`ifdef FORMAL
    ,
    // internal state for the proofs' invariants (rtl/formal/)
    output wire [DEPTH_LOG2+1:0]              f_count,
    output wire [DEPTH_LOG2:0]                f_wr_ptr,
    output wire [DEPTH_LOG2:0]                f_rd_ptr,
    output wire [DEPTH_LOG2-1:0]              f_wipe_ptr,
    output wire [WIDTH*(1 << DEPTH_LOG2)-1:0] f_mem
`endif
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
localparam integer CW = DEPTH_LOG2 + 1;
localparam integer CAP = DEPTH + 1;      // the RAM and the output register
localparam [CW:0]  CAPACITY = CAP[CW:0];

initial begin
    if (DEPTH_LOG2 < 1 || DEPTH_LOG2 > 10 || WIDTH < 1) begin
        $error("axis_credit_fifo %m: DEPTH_LOG2=%0d (1..10), WIDTH=%0d (>= 1)",
               DEPTH_LOG2, WIDTH);
        $finish;
    end
end

reg [WIDTH-1:0]      mem [0:DEPTH-1];
reg [DEPTH_LOG2:0]   wr_ptr_reg;
reg [DEPTH_LOG2:0]   rd_ptr_reg;
reg [DEPTH_LOG2-1:0] wipe_ptr_reg;
reg                  wipe_reg;
reg [CW:0]           count_reg;      // blocks taken in and not yet delivered on m_
reg [WIDTH-1:0]      out_reg;
reg                  out_valid_reg;
reg                  credit_reg;     // registered: no adder or comparator on the credit path

wire empty = (wr_ptr_reg == rd_ptr_reg);
wire take = !out_valid_reg || m_ready;           // the output register can load
wire bypass = take && empty && s_valid;
wire pop = take && !empty;
wire push = s_valid && !bypass;
wire out_fire = out_valid_reg && m_ready;

// credit_reg is the next cycle's (count < CAPACITY) && !wiping, computed one cycle ahead.
// `reserve` comes from the core's input handshake late in the cycle: it only selects among
// values computed from registers (count +1, -1, unchanged, and their comparisons), so no
// adder or comparator follows it.
wire [CW:0] count_inc = count_reg + 1'b1;
wire [CW:0] count_dec = count_reg - 1'b1;
wire        up = reserve && !out_fire;
wire        down = out_fire && !reserve;
wire [CW:0] count_next = up ? count_inc : (down ? count_dec : count_reg);
wire        room_now = count_reg < CAPACITY;          // credit if the count stays
wire        room_up = count_reg < CAPACITY - 1'b1;    // credit after one more block
// after a delivery without a reservation the count drops below CAPACITY: always credit
wire        room_next = up ? room_up : (down || room_now);
wire        wipe_next = wipe_reg && !(&wipe_ptr_reg);
assign credit = credit_reg;
assign wiping = wipe_reg;
assign m_data = out_reg;
assign m_valid = out_valid_reg;

`ifdef FORMAL
assign f_count = count_reg;
assign f_wr_ptr = wr_ptr_reg;
assign f_rd_ptr = rd_ptr_reg;
assign f_wipe_ptr = wipe_ptr_reg;
genvar f_i;
generate
    for (f_i = 0; f_i < DEPTH; f_i = f_i + 1) begin : g_f_mem
        assign f_mem[WIDTH*f_i +: WIDTH] = mem[f_i];
    end
endgenerate
`endif

// one write port: the wipe after reset, or the pipeline's output
wire                  we = wipe_reg || push;
wire [DEPTH_LOG2-1:0] waddr = wipe_reg ? wipe_ptr_reg : wr_ptr_reg[DEPTH_LOG2-1:0];
wire [WIDTH-1:0]      wdata = wipe_reg ? {WIDTH{1'b0}} : s_data;

always @(posedge clk) begin : p_mem
    if (we) begin
        mem[waddr] <= wdata;
    end
end

always @(posedge clk) begin : p_ctrl
    if (push) begin
        wr_ptr_reg <= wr_ptr_reg + 1'b1;
    end
    if (pop) begin
        rd_ptr_reg <= rd_ptr_reg + 1'b1;
    end
    if (pop) begin
        out_reg <= mem[rd_ptr_reg[DEPTH_LOG2-1:0]];
        out_valid_reg <= 1'b1;
    end else if (bypass) begin
        out_reg <= s_data;
        out_valid_reg <= 1'b1;
    end else if (take) begin
        out_valid_reg <= 1'b0;
    end
    count_reg <= count_next;
    credit_reg <= !wipe_next && room_next;
    if (wipe_reg) begin
        wipe_ptr_reg <= wipe_ptr_reg + 1'b1;
    end
    wipe_reg <= wipe_next;

    if (rst) begin
        wr_ptr_reg <= {(DEPTH_LOG2 + 1){1'b0}};
        rd_ptr_reg <= {(DEPTH_LOG2 + 1){1'b0}};
        wipe_ptr_reg <= {DEPTH_LOG2{1'b0}};
        wipe_reg <= 1'b1;
        count_reg <= {(CW + 1){1'b0}};
        credit_reg <= 1'b0;
        out_reg <= {WIDTH{1'b0}};
        out_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
