// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of axis_out_fifo_piped, with the environment of axis_credit_fifo_formal (a
// pipeline that reserves only with a credit and delivers only what it reserved; a consumer
// that stalls at will). Proven: m_axis is an AXI4-Stream source, zero while m_axis_tvalid is
// low and cleared by a reset; at most DEPTH blocks reserved and not out; every block out once
// and in order; after the wipe the RAM, the read registers and the ring hold zeros; key_ready
// low from a reset edge through the wipe, rising with the first credit, then high until a
// reset. The invariants tie the FIFO's state to the counts. Proofs: docs/interface.md.
module axis_out_fifo_piped_formal #(
    parameter integer WIDTH = 4,
    parameter integer DEPTH_LOG2 = 2
) (
    input wire clk
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
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
wire                       key_ready;
wire [WIDTH-1:0]           m_data;
wire                       m_valid;
wire [WIDTH*DEPTH-1:0]     mem;
wire [DEPTH_LOG2-1:0]      wr_ptr;
wire [DEPTH_LOG2-1:0]      rd_ptr;
wire [DEPTH_LOG2:0]        ram_count;
wire                       ram_any;
wire                       wiping;
wire [DEPTH_LOG2-1:0]      wipe_ptr;
wire [WIDTH-1:0]           rd_data;
wire [WIDTH-1:0]           pipe_data;
wire                       rd_valid;
wire                       pipe_valid;
wire [2:0]                 dut_held;
wire [WIDTH*3-1:0]         ring;
wire [2:0]                 ring_wr;
wire [2:0]                 ring_rd;
wire [1:0]                 ring_count;
wire                       ring_any;
wire                       ring_full;
wire [2:0]                 ring_sel;
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

axis_out_fifo_piped #(
    .WIDTH(WIDTH),
    .DEPTH_LOG2(DEPTH_LOG2)
) u_dut (
    .clk(clk),
    .rst(rst),
    .reserve(reserve),
    .credit(credit),
    .key_ready(key_ready),
    .s_axis_tdata(s_data),
    .s_axis_tvalid(s_valid),
    .m_axis_tdata(m_data),
    .m_axis_tvalid(m_valid),
    .m_axis_tready(m_ready),
    .f_mem(mem),
    .f_wr_ptr(wr_ptr),
    .f_rd_ptr(rd_ptr),
    .f_ram_count(ram_count),
    .f_ram_any(ram_any),
    .f_wiping(wiping),
    .f_wipe_ptr(wipe_ptr),
    .f_rd_data(rd_data),
    .f_pipe_data(pipe_data),
    .f_rd_valid(rd_valid),
    .f_pipe_valid(pipe_valid),
    .f_held(dut_held),
    .f_ring(ring),
    .f_ring_wr(ring_wr),
    .f_ring_rd(ring_rd),
    .f_ring_count(ring_count),
    .f_ring_any(ring_any),
    .f_ring_full(ring_full),
    .f_ring_sel(ring_sel),
    .f_give(give),
    .f_hold(hold),
    .f_credit_count(credit_count),
    .f_credit_take(credit_take)
);

credit_fifo_props #(
    .WIDTH(WIDTH),
    .CW(CW),
    .CAPACITY(DEPTH),
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

// ---- history ----
reg f_wipe_prev = 1'b0;
reg f_rst_prev = 1'b0;
reg f_key_prev = 1'b0;
always @(posedge clk) begin
    f_wipe_prev <= wiping && !rst;
    f_rst_prev <= rst;
    f_key_prev <= key_ready;
end

// ---- invariants ----
wire [CW-1:0] f_ram = {{(CW - DEPTH_LOG2 - 1){1'b0}}, ram_count};
wire [CW-1:0] f_outside_ram = {{(CW - 2){1'b0}}, ring_count} + {{(CW - 1){1'b0}}, m_valid}
                              + {{(CW - 1){1'b0}}, pipe_valid} + {{(CW - 1){1'b0}}, rd_valid};
// the credit counter's own count of blocks out: m_ transfers reach it two cycles late
wire [CW-1:0] f_counter_out = reserved + {{(CW - 1){1'b0}}, give[0]}
                              + {{(CW - 1){1'b0}}, give[1]};

// the ring index of a one-hot pointer
function [1:0] ring_index;
    input [2:0] onehot;
    begin
        ring_index = onehot[1] ? 2'd1 : (onehot[2] ? 2'd2 : 2'd0);
    end
endfunction

// (index + k) mod 3, for an index 0..2 and k 0..3
function [1:0] ring_add;
    input [1:0] index;
    input [1:0] k;
    reg   [2:0] sum;
    begin
        sum = {1'b0, index} + {1'b0, k};
        sum = (sum >= 3'd3) ? sum - 3'd3 : sum;
        ring_add = sum[1:0];
    end
endfunction

wire [1:0] f_rd_index = ring_index(ring_rd);
wire [2:0] f_ring_wr_expect = 3'b001 << ring_add(f_rd_index, ring_count);

// the block with `ahead` blocks before it: the head, the ring from its read pointer, the RAM's
// output register (pipe), its read register, then the RAM from the read pointer
function [WIDTH-1:0] block_at;
    input [CW-1:0] ahead;
    reg   [CW-1:0] k;
    reg   [DEPTH_LOG2-1:0] ri;
    begin
        k = ahead;
        if (m_valid && k == {CW{1'b0}}) begin
            block_at = m_data;
        end else begin
            k = k - {{(CW - 1){1'b0}}, m_valid};
            if (k < {{(CW - 2){1'b0}}, ring_count}) begin
                block_at = ring[WIDTH*ring_add(f_rd_index, k[1:0]) +: WIDTH];
            end else begin
                k = k - {{(CW - 2){1'b0}}, ring_count};
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
        piped_held_reg: assert({1'b0, dut_held} == {2'b00, ring_count} + {3'b000, m_valid}
                               + {3'b000, pipe_valid} + {3'b000, rd_valid}
                               && dut_held <= 3'd4);
        piped_ring_flags: assert(ring_any == (ring_count != 2'd0)
                                 && ring_full == (ring_count == 2'd3)
                                 && (!ring_any || m_valid));
        piped_ring_sel: assert(ring_sel == (ring_any ? ring_rd : 3'b000));
        piped_ring_rd: assert(ring_rd == 3'b001 || ring_rd == 3'b010 || ring_rd == 3'b100);
        piped_ring_wr: assert(ring_wr == f_ring_wr_expect);
        piped_held: assert(held == f_ram + f_outside_ram);
        piped_pending: assert(reserved >= held);
        piped_counter: assert({{(CW - KW){1'b0}}, credit_count}
                              == f_counter_out - {{(CW - 1){1'b0}}, credit_take});
        piped_counter_take: assert(!credit_take || reserved != {CW{1'b0}});
        piped_credit: assert(!credit || (f_counter_out < DEPTH && !hold[1]));
        piped_hold: assert(hold[0] == wiping && (!wiping || hold[1]));
        // key_ready: never during the wipe nor before its end reaches the credit side; with
        // every credit; once high, high until a reset; rising, with a credit
        piped_key_wipe: assert(!key_ready || !hold[1]);
        piped_key_credit: assert(!credit || key_ready);
        if (f_key_prev && !f_rst_prev) begin
            piped_key_stays: assert(key_ready);
        end
        if (key_ready && !f_key_prev) begin
            piped_key_first: assert(credit);
        end
        if (wiping) begin
            piped_wipe_empty: assert(reserved == {CW{1'b0}} && ram_count == 0 && !rd_valid
                                     && !pipe_valid && !m_valid && ring_count == 2'd0
                                     && give == 2'b00 && wr_ptr == {DEPTH_LOG2{1'b0}}
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
                                && pipe_data == {WIDTH{1'b0}} && ring == {(WIDTH * 3){1'b0}});
        end
        if (inside[0]) begin
            piped_first_at: assert(block_at(ahead0) == value0);
        end
        if (inside[1]) begin
            piped_second_at: assert(block_at(ahead1) == value1);
        end
    end
    if (armed && f_rst_prev) begin
        // after a rising edge with rst high: no credit, no key
        piped_reset_low: assert(!credit && !key_ready);
    end
end

endmodule

`resetall
