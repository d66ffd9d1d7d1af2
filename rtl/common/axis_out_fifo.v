// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The output FIFO of a pipelined core, credit-counted, sized from the pipeline's latency: one
// module for every pipeline that never stalls. It picks the FIFO (PIPED), sizes it so that
// credits never throttle one block a cycle, drops what the pipeline delivers during its wipe
// after a reset, and says when a key may be taken after that wipe (key_ready).
// Design notes: docs/cores/notes/axis_out_fifo.md.
module axis_out_fifo #(
    // bits of tdata
    parameter integer WIDTH = 128,
    // bits of tuser (carried with tdata; zero while m_axis_tvalid is low with PIPED = 1)
    parameter integer USER_WIDTH = 1,
    // rising edges from a block's input handshake (`reserve`) to the edge at which the FIFO
    // takes it (s_axis_tvalid high), >= 1. A pipeline holding fewer blocks than that between
    // the two edges (a loop of round units) may pass the most it holds
    parameter integer LATENCY = 16,
    // 1: read through registers (four cycles from s_axis to m_axis); 0: axis_credit_fifo (LUT
    // RAM with a bypass, one cycle)
    parameter integer PIPED = 1,
    // with PIPED = 1: 1, the head in a register of its own (axis_out_fifo_piped: m_axis_tdata
    // straight from flip-flops, m_axis_tready on the enable of every one of them); 0, the head
    // chosen among the read registers by a register (axis_credit_fifo_piped: m_axis_tready
    // drives only the choice and the control, m_axis_tdata comes through a multiplexer). The
    // second was faster on every pipeline measured (the enable net of a wide head reaches
    // across the chip to the consumer's ready), and every pipeline passes HEAD_REG = 0:
    // docs/cores/notes/axis_out_fifo.md
    parameter integer HEAD_REG = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // a block enters the pipeline this cycle (takes a credit)
    input  wire                  reserve,
    // a block may enter the pipeline this cycle (a register)
    output wire                  credit,
    // low from a reset edge until the wipe after it is over, then high until the next reset:
    // rises in the cycle of the first credit
    output wire                  key_ready,

    // the pipeline's output: never more blocks than the credits taken
    input  wire [WIDTH-1:0]      s_axis_tdata,
    input  wire [USER_WIDTH-1:0] s_axis_tuser,
    input  wire                  s_axis_tvalid,

    output wire [WIDTH-1:0]      m_axis_tdata,
    output wire [USER_WIDTH-1:0] m_axis_tuser,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready
);

// The depth, in this one place (the registry's ciphercores.cores.schema.OutFifo gives the
// same; tests/common/test_shared_rtl.py checks the two agree). Credits must cover every block
// between its reservation and the return of its credit, so that one block a cycle never
// waits: PIPED = 1, the LATENCY edges, four more to m_axis, the transfer's credit two cycles
// back, the reservation counted a cycle late and one credit it keeps back (DEPTH >= LATENCY +
// 7; + 8 keeps the depths the pipelines had); PIPED = 0, the LATENCY edges and the output
// register (DEPTH + 1 credits >= LATENCY + 1)
localparam integer SLACK = (PIPED != 0) ? 8 : 1;
localparam integer DEPTH_LOG2 = $clog2(LATENCY + SLACK);
localparam integer MAX_LATENCY = 1024 - SLACK;       // DEPTH_LOG2 <= 10
// the widths inside, at least 1 (so that a bad parameter reaches the check below)
localparam integer DW = (WIDTH >= 1) ? WIDTH : 1;
localparam integer UW = (USER_WIDTH >= 1) ? USER_WIDTH : 1;
localparam integer W = DW + UW;

initial begin
    if (WIDTH < 1 || USER_WIDTH < 1 || (PIPED != 0 && PIPED != 1) || LATENCY < 1
        || LATENCY > MAX_LATENCY || (HEAD_REG != 0 && HEAD_REG != 1)) begin
        $error({"axis_out_fifo %m: WIDTH=%0d (>= 1), USER_WIDTH=%0d (>= 1), PIPED=%0d (0/1), ",
                "LATENCY=%0d (1..%0d with this PIPED), HEAD_REG=%0d (0/1)"}, WIDTH, USER_WIDTH,
               PIPED, LATENCY, MAX_LATENCY, HEAD_REG);
        $finish;
    end
end

wire [W-1:0] m_entry;

assign m_axis_tdata = m_entry[DW-1:0];
assign m_axis_tuser = m_entry[W-1:DW];

generate
    if (PIPED != 0 && HEAD_REG != 0) begin : g_piped
        // drops every block during its wipe itself; key_ready is its credit side's register
        axis_out_fifo_piped #(
            .WIDTH(W),
            .DEPTH_LOG2(DEPTH_LOG2)
        ) u_fifo (
            .clk(clk),
            .rst(rst),
            .reserve(reserve),
            .credit(credit),
            .key_ready(key_ready),
            .s_axis_tdata({s_axis_tuser, s_axis_tdata}),
            .s_axis_tvalid(s_axis_tvalid),
            .m_axis_tdata(m_entry),
            .m_axis_tvalid(m_axis_tvalid),
            .m_axis_tready(m_axis_tready)
        );
    end else if (PIPED != 0) begin : g_piped_sel
        // drops every block during its wipe itself; its wipe's end reaches key_ready through
        // two registers (the same cycle as axis_out_fifo_piped's, from its credit side)
        wire       wiping;
        reg  [1:0] key_ready_reg;

        axis_credit_fifo_piped #(
            .WIDTH(W),
            .DEPTH_LOG2(DEPTH_LOG2)
        ) u_fifo (
            .clk(clk),
            .rst(rst),
            .reserve(reserve),
            .credit(credit),
            .wiping(wiping),
            .s_data({s_axis_tuser, s_axis_tdata}),
            .s_valid(s_axis_tvalid),
            .m_data(m_entry),
            .m_valid(m_axis_tvalid),
            .m_ready(m_axis_tready)
        );

        always @(posedge clk) begin : p_key_ready
            key_ready_reg <= {key_ready_reg[0], !wiping};
            if (rst) begin
                key_ready_reg <= 2'b00;
            end
        end

        assign key_ready = key_ready_reg[1];
    end else begin : g_plain
        // its credit rises with the end of the wipe, in the same cycle as !wiping; a block
        // the pipeline delivers during the wipe (one from before the reset) is dropped here
        wire wiping;

        axis_credit_fifo #(
            .WIDTH(W),
            .DEPTH_LOG2(DEPTH_LOG2)
        ) u_fifo (
            .clk(clk),
            .rst(rst),
            .reserve(reserve),
            .credit(credit),
            .wiping(wiping),
            .s_data({s_axis_tuser, s_axis_tdata}),
            .s_valid(s_axis_tvalid && !wiping),
            .m_data(m_entry),
            .m_valid(m_axis_tvalid),
            .m_ready(m_axis_tready)
        );

        assign key_ready = !wiping;
    end
endgenerate

endmodule

`resetall
