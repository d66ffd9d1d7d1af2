// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of axis_credit_fifo_piped, with the environment of axis_credit_fifo_formal (a
// pipeline that reserves only with a credit and delivers only what it reserved; a consumer
// that stalls at will). Proven: m_ is an AXI4-Stream source, zero while m_valid is low and
// cleared by a reset; at most DEPTH blocks reserved and not delivered on m_; every delivered
// block leaves exactly once and in order; after the wipe the RAM, the read registers and
// the queue hold zeros. The invariants tie the FIFO's state (RAM, read register, output
// register, queue, the credit counter and the registers on its way back) to the counts.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_credit_fifo_piped_formal #(
    parameter integer WIDTH = 4,
    parameter integer DEPTH_LOG2 = 2
) (
    input wire clk
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
localparam integer CAP = DEPTH;
localparam integer CW = DEPTH_LOG2 + 3;
localparam integer KW = $clog2(DEPTH + 1);   // the credit counter's count

wire                       rst;
wire                       armed;
(* anyseq *) wire          reserve;
(* anyseq *) wire          s_valid;
(* anyseq *) wire [WIDTH-1:0] s_data;
(* anyseq *) wire          m_ready;
(* anyseq *) wire          pick;
wire                       credit;
wire                       wiping;
wire [WIDTH-1:0]           m_data;
wire                       m_valid;
wire [WIDTH*DEPTH-1:0]     mem;
wire [DEPTH_LOG2-1:0]      wr_ptr;
wire [DEPTH_LOG2-1:0]      rd_ptr;
wire [DEPTH_LOG2:0]        ram_count;
wire                       ram_any;
wire [DEPTH_LOG2-1:0]      wipe_ptr;
wire [WIDTH-1:0]           rd_data;
wire [WIDTH-1:0]           pipe_data;
wire                       rd_valid;
wire                       pipe_valid;
wire [2:0]                 dut_held;
wire [WIDTH*4-1:0]         q;
wire [3:0]                 q_wr;
wire [3:0]                 q_rd;
wire [2:0]                 q_count;
wire [3:0]                 q_sel;
wire [1:0]                 give;
wire [1:0]                 hold;
wire [KW-1:0]              credit_count;
wire                       credit_take;
wire [CW-1:0]              reserved;
wire [CW-1:0]              held;
wire [1:0]                 inside;
wire [CW-1:0]              ahead0;
wire [CW-1:0]              ahead1;
wire [WIDTH-1:0]           value0;
wire [WIDTH-1:0]           value1;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

axis_credit_fifo_piped #(
    .WIDTH(WIDTH),
    .DEPTH_LOG2(DEPTH_LOG2)
) u_dut (
    .clk(clk),
    .rst(rst),
    .reserve(reserve),
    .credit(credit),
    .wiping(wiping),
    .s_data(s_data),
    .s_valid(s_valid),
    .m_data(m_data),
    .m_valid(m_valid),
    .m_ready(m_ready),
    .f_mem(mem),
    .f_wr_ptr(wr_ptr),
    .f_rd_ptr(rd_ptr),
    .f_ram_count(ram_count),
    .f_ram_any(ram_any),
    .f_wipe_ptr(wipe_ptr),
    .f_rd_data(rd_data),
    .f_pipe_data(pipe_data),
    .f_rd_valid(rd_valid),
    .f_pipe_valid(pipe_valid),
    .f_held(dut_held),
    .f_q(q),
    .f_q_wr(q_wr),
    .f_q_rd(q_rd),
    .f_q_count(q_count),
    .f_q_sel(q_sel),
    .f_give(give),
    .f_hold(hold),
    .f_credit_count(credit_count),
    .f_credit_take(credit_take)
);

credit_fifo_props #(
    .WIDTH(WIDTH),
    .CW(CW),
    .CAPACITY(CAP),
    .ZERO_IDLE(1)
) u_props (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .pick(pick),
    .reserve(reserve),
    .credit(credit),
    .s_valid(s_valid),
    .s_data(s_data),
    .m_valid(m_valid),
    .m_ready(m_ready),
    .m_data(m_data),
    .reserved(reserved),
    .held(held),
    .inside(inside),
    .ahead0(ahead0),
    .ahead1(ahead1),
    .value0(value0),
    .value1(value1)
);

// ---- invariants ----
reg f_wipe_prev = 1'b0;
always @(posedge clk) begin
    f_wipe_prev <= wiping && !rst;
end

wire [CW-1:0] f_ram = {{(CW - DEPTH_LOG2 - 1){1'b0}}, ram_count};
wire [CW-1:0] f_outside_ram = {{(CW - 3){1'b0}}, q_count}
                              + {{(CW - 1){1'b0}}, pipe_valid} + {{(CW - 1){1'b0}}, rd_valid};
// the credit counter's own count of blocks out: m_ transfers reach it two cycles late
wire [CW-1:0] f_counter_out = reserved + {{(CW - 1){1'b0}}, give[0]}
                              + {{(CW - 1){1'b0}}, give[1]};
wire [3:0]    f_q_wr_expect = (q_rd << q_count[1:0]) | (q_rd >> (3'd4 - {1'b0, q_count[1:0]}));

// the queue index of the head
function [1:0] head_index;
    input [3:0] onehot;
    begin
        head_index = onehot[1] ? 2'd1 : (onehot[2] ? 2'd2 : (onehot[3] ? 2'd3 : 2'd0));
    end
endfunction

// the block with `ahead` blocks before it: the queue, then the output register of the RAM
// (pipe), then its read register, then the RAM from the read pointer
function [WIDTH-1:0] block_at;
    input [CW-1:0] ahead;
    reg   [CW-1:0] k;
    reg   [1:0]    qi;
    reg   [DEPTH_LOG2-1:0] ri;
    begin
        k = ahead;
        qi = head_index(q_rd) + k[1:0];
        if (k < q_count) begin
            block_at = q[WIDTH*qi +: WIDTH];
        end else begin
            k = k - q_count;
            if (pipe_valid && k == {CW{1'b0}}) begin
                block_at = pipe_data;
            end else begin
                k = k - {{(CW - 1){1'b0}}, pipe_valid};
                if (rd_valid && k == {CW{1'b0}}) begin
                    block_at = rd_data;
                end else begin
                    k = k - {{(CW - 1){1'b0}}, rd_valid};
                    ri = rd_ptr + k[DEPTH_LOG2-1:0];
                    block_at = mem[WIDTH*ri +: WIDTH];
                end
            end
        end
    end
endfunction

reg f_wiped_so_far;
integer i;
always @(*) begin
    f_wiped_so_far = 1'b1;
    for (i = 0; i < DEPTH; i = i + 1) begin
        if (i < wipe_ptr && mem[WIDTH*i +: WIDTH] != {WIDTH{1'b0}}) begin
            f_wiped_so_far = 1'b0;
        end
    end
end

always @(*) begin
    if (armed && !rst) begin
        piped_ram_any: assert(ram_any == (ram_count != 0));
        piped_ram_count: assert(ram_count < DEPTH
                                && wr_ptr - rd_ptr == ram_count[DEPTH_LOG2-1:0]);
        piped_held_reg: assert(dut_held == q_count + {2'b00, pipe_valid} + {2'b00, rd_valid}
                               && q_count <= 3'd4);
        piped_q_valid: assert(m_valid == (q_count != 3'd0));
        piped_q_sel: assert(q_sel == (m_valid ? q_rd : 4'b0000));
        piped_q_rd: assert(q_rd == 4'b0001 || q_rd == 4'b0010 || q_rd == 4'b0100
                           || q_rd == 4'b1000);
        piped_q_wr: assert(q_wr == f_q_wr_expect);
        piped_held: assert(held == f_ram + f_outside_ram);
        piped_pending: assert(reserved >= held);
        piped_counter: assert({{(CW - KW){1'b0}}, credit_count}
                              == f_counter_out - {{(CW - 1){1'b0}}, credit_take});
        piped_counter_take: assert(!credit_take || reserved != {CW{1'b0}});
        piped_credit: assert(!credit || (f_counter_out < DEPTH && !hold[1]));
        piped_hold: assert(hold[0] == wiping && (!wiping || hold[1]));
        if (wiping) begin
            piped_wipe_empty: assert(reserved == {CW{1'b0}} && ram_count == 0 && !rd_valid
                                     && !pipe_valid && q_count == 3'd0 && give == 2'b00
                                     && wr_ptr == {DEPTH_LOG2{1'b0}}
                                     && rd_ptr == {DEPTH_LOG2{1'b0}});
            piped_wipe_zero: assert(f_wiped_so_far);
            if (wipe_ptr >= 2) begin
                piped_wipe_rd: assert(rd_data == {WIDTH{1'b0}});
            end
            if (wipe_ptr >= 3) begin
                piped_wipe_pipe: assert(pipe_data == {WIDTH{1'b0}});
            end
        end
        if (f_wipe_prev && !wiping) begin
            // rule 5: nothing of the blocks before the reset is left in the FIFO
            piped_wiped: assert(mem == {(WIDTH * DEPTH){1'b0}} && rd_data == {WIDTH{1'b0}}
                                && pipe_data == {WIDTH{1'b0}} && q == {(WIDTH * 4){1'b0}});
        end
        if (inside[0]) begin
            piped_first_at: assert(block_at(ahead0) == value0);
        end
        if (inside[1]) begin
            piped_second_at: assert(block_at(ahead1) == value1);
        end
    end
end

endmodule

`resetall
