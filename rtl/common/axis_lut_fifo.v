// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Small FIFO in LUT RAM, its head read without a register (the oldest entry on m_data in the
// cycle it is there), for the side FIFOs of the mode engine and the GCM engine. s_ready and
// m_valid are registers, each the next cycle's value worked out one cycle ahead from a count
// (as axis_credit_count's credit), so a writer whose handshake reaches a core's enables
// (push -> c_in_tvalid -> the core) starts that path at a flip-flop, not at a pointer
// subtraction. Cycle for cycle it is the FIFO with s_ready = !full and m_valid = !empty.
// m_data is not zero while m_valid is low (the RAM keeps old entries): mask it where that
// matters. Design notes: docs/cores/notes/axis_lut_fifo.md.
module axis_lut_fifo #(
    // width of one entry
    parameter integer WIDTH = 8,
    // the RAM holds 2**DEPTH_LOG2 entries
    parameter integer DEPTH_LOG2 = 2
) (
    input  wire             clk,
    input  wire             rst,

    // an entry enters while s_valid && s_ready
    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,
    output wire             s_ready,

    // the oldest entry, from the RAM without a register; it leaves while m_valid && m_ready
    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
`ifdef FORMAL
    ,
    // internal state for the proofs' invariants (rtl/formal/)
    output wire [WIDTH*(1 << DEPTH_LOG2)-1:0] f_mem,
    output wire [DEPTH_LOG2-1:0]              f_wr_ptr,
    output wire [DEPTH_LOG2-1:0]              f_rd_ptr,
    output wire [DEPTH_LOG2:0]                f_count
`endif
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
localparam [DEPTH_LOG2:0] FULL = DEPTH[DEPTH_LOG2:0];
localparam [DEPTH_LOG2:0] ONE = {{DEPTH_LOG2{1'b0}}, 1'b1};
localparam [DEPTH_LOG2:0] ZERO = {(DEPTH_LOG2 + 1){1'b0}};

initial begin
    if (DEPTH_LOG2 < 1 || DEPTH_LOG2 > 10 || WIDTH < 1) begin
        $error("axis_lut_fifo %m: DEPTH_LOG2=%0d (1..10), WIDTH=%0d (>= 1)", DEPTH_LOG2,
               WIDTH);
        $finish;
    end
end

reg [WIDTH-1:0]      mem [0:DEPTH-1];
reg [DEPTH_LOG2-1:0] wr_ptr;
reg [DEPTH_LOG2-1:0] rd_ptr;
reg [DEPTH_LOG2:0]   count_reg;   // entries held, 0..DEPTH
reg                  ready_reg;   // count_reg != DEPTH
reg                  valid_reg;   // count_reg != 0

wire push = s_valid && ready_reg;
wire pop = valid_reg && m_ready;
wire up = push && !pop;
wire down = pop && !push;

// the handshakes only choose among values worked out from the count: no adder or
// comparator after them
wire [DEPTH_LOG2:0] count_next = up ? count_reg + 1'b1 : (down ? count_reg - 1'b1 : count_reg);
wire ready_next = up ? (count_reg < FULL - ONE) : (down || count_reg != FULL);
wire valid_next = up || (down ? count_reg != ONE : count_reg != ZERO);

assign s_ready = ready_reg;
assign m_valid = valid_reg;
assign m_data = mem[rd_ptr];

`ifdef FORMAL
assign f_wr_ptr = wr_ptr;
assign f_rd_ptr = rd_ptr;
assign f_count = count_reg;
genvar f_i;
generate
    for (f_i = 0; f_i < DEPTH; f_i = f_i + 1) begin : g_f_mem
        assign f_mem[WIDTH*f_i +: WIDTH] = mem[f_i];
    end
endgenerate
`endif

always @(posedge clk) begin : p_mem
    if (push) begin
        mem[wr_ptr] <= s_data;
    end
end

always @(posedge clk) begin : p_ctrl
    if (push) begin
        wr_ptr <= wr_ptr + 1'b1;
    end
    if (pop) begin
        rd_ptr <= rd_ptr + 1'b1;
    end
    count_reg <= count_next;
    ready_reg <= ready_next;
    valid_reg <= valid_next;
    if (rst) begin
        wr_ptr <= {DEPTH_LOG2{1'b0}};
        rd_ptr <= {DEPTH_LOG2{1'b0}};
        count_reg <= ZERO;
        ready_reg <= 1'b1;  // empty: room from the first cycle, as a count would say
        valid_reg <= 1'b0;
    end
end

endmodule

`resetall
