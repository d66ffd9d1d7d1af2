// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of axis_credit_fifo. The environment is a pipeline that takes a block (`reserve`)
// only with a credit and delivers (`s_valid`) only blocks it took, any number of cycles later,
// and a consumer that may stall at will. Proven: m_ is an AXI4-Stream source (cleared by a
// reset), at most the capacity (DEPTH + 1) reserved and not delivered on m_, every delivered
// block leaves exactly once and in order (two solver-chosen blocks followed), and the wipe
// leaves every RAM entry zero. The invariants at the end tie the FIFO's state to the
// properties' counts, so that the proof closes by induction.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_credit_fifo_formal #(
    parameter integer WIDTH = 4,
    parameter integer DEPTH_LOG2 = 2
) (
    input wire clk
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
localparam integer CAP = DEPTH + 1;
localparam integer CW = DEPTH_LOG2 + 3;   // counts up to 2 * CAP + 1

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
wire [DEPTH_LOG2+1:0]      count;
wire [DEPTH_LOG2:0]        wr_ptr;
wire [DEPTH_LOG2:0]        rd_ptr;
wire [DEPTH_LOG2-1:0]      wipe_ptr;
wire [WIDTH*DEPTH-1:0]     mem;
wire [CW-1:0]              reserved;    // reserved and not delivered on m_
wire [CW-1:0]              held;        // delivered by the pipeline and not on m_
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

axis_credit_fifo #(
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
    .f_count(count),
    .f_wr_ptr(wr_ptr),
    .f_rd_ptr(rd_ptr),
    .f_wipe_ptr(wipe_ptr),
    .f_mem(mem)
);

credit_fifo_props #(
    .WIDTH(WIDTH),
    .CW(CW),
    .CAPACITY(CAP),
    .ZERO_IDLE(0)
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

// ---- invariants (what induction needs to know of the state) ----
reg                  f_wipe_prev = 1'b0;
always @(posedge clk) begin
    f_wipe_prev <= wiping && !rst;
end

wire [DEPTH_LOG2:0]  f_used = wr_ptr - rd_ptr;          // blocks in the RAM
wire [CW-1:0]        f_in_ram = {{(CW - DEPTH_LOG2 - 1){1'b0}}, f_used};

// the RAM entry of a followed block (ahead of it: the output register, then the RAM)
function [WIDTH-1:0] ram_at;
    input [CW-1:0] ahead;
    reg   [DEPTH_LOG2:0] pos;
    begin
        pos = rd_ptr + ahead[DEPTH_LOG2:0] - {{DEPTH_LOG2{1'b0}}, m_valid};
        ram_at = mem[WIDTH*pos[DEPTH_LOG2-1:0] +: WIDTH];
    end
endfunction

// the entries the wipe has passed are zero
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
        fifo_used: assert(f_used <= DEPTH);
        fifo_held: assert(held == f_in_ram + {{(CW - 1){1'b0}}, m_valid});
        fifo_count: assert({{(CW - DEPTH_LOG2 - 2){1'b0}}, count} == reserved);
        fifo_pending: assert(reserved >= held);
        fifo_credit: assert(credit == (!wiping && count < CAP));
        if (wiping) begin
            fifo_wipe_empty: assert(reserved == {CW{1'b0}} && wr_ptr == {(DEPTH_LOG2 + 1){1'b0}}
                                    && rd_ptr == {(DEPTH_LOG2 + 1){1'b0}});
            fifo_wipe_zero: assert(f_wiped_so_far);
        end
        if (f_wipe_prev && !wiping) begin
            // rule 5: nothing of the blocks before the reset is left in the RAM
            fifo_wiped: assert(mem == {(WIDTH * DEPTH){1'b0}});
        end
        if (inside[0]) begin
            if (ahead0 == {CW{1'b0}} && m_valid) begin
                fifo_first_out_reg: assert(m_data == value0);
            end else begin
                fifo_first_in_ram: assert(ram_at(ahead0) == value0);
            end
        end
        if (inside[1]) begin
            if (ahead1 == {CW{1'b0}} && m_valid) begin
                fifo_second_out_reg: assert(m_data == value1);
            end else begin
                fifo_second_in_ram: assert(ram_at(ahead1) == value1);
            end
        end
    end
end


endmodule

`resetall
