// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO with credits, read through registers only: the variant of axis_credit_fifo for
// pipelines whose stages are faster than a RAM read. A block may enter the pipeline only
// while `credit` is high (`reserve` takes one), so the FIFO always has room for whatever the
// pipeline delivers, and back-pressure never reaches the pipeline's registers.
// Datasheets: docs/cores/ (speck_pipe, aes_pipe, des_pipe, tdes_pipe).
// Design notes: docs/cores/notes/axis_credit_fifo_piped.md (in the datasheets).
module axis_credit_fifo_piped #(
    // width of one entry
    parameter integer WIDTH = 129,
    // log2 of the RAM entries
    parameter integer DEPTH_LOG2 = 5
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
    output wire [WIDTH*(1 << DEPTH_LOG2)-1:0] f_mem,
    output wire [DEPTH_LOG2-1:0]              f_wr_ptr,
    output wire [DEPTH_LOG2-1:0]              f_rd_ptr,
    output wire [DEPTH_LOG2:0]                f_ram_count,
    output wire                               f_ram_any,
    output wire [DEPTH_LOG2-1:0]              f_wipe_ptr,
    output wire [WIDTH-1:0]                   f_rd_data,
    output wire [WIDTH-1:0]                   f_pipe_data,
    output wire                               f_rd_valid,
    output wire                               f_pipe_valid,
    output wire [2:0]                         f_held,
    output wire [WIDTH*4-1:0]                 f_q,
    output wire [3:0]                         f_q_wr,
    output wire [3:0]                         f_q_rd,
    output wire [2:0]                         f_q_count,
    output wire [3:0]                         f_q_sel,
    output wire [1:0]                         f_give,
    output wire [1:0]                         f_hold,
    output wire [$clog2((1 << DEPTH_LOG2) + 1)-1:0] f_credit_count,
    output wire                               f_credit_take
`endif
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
// output queue entries: the most blocks held in the read registers and the queue (the limit
// of the read decision: docs/cores/notes/axis_credit_fifo_piped.md)
localparam integer QUEUE = 4;

initial begin
    if (DEPTH_LOG2 < 2 || DEPTH_LOG2 > 10 || WIDTH < 1) begin
        $error("axis_credit_fifo_piped %m: DEPTH_LOG2=%0d (2..10), WIDTH=%0d (>= 1)",
               DEPTH_LOG2, WIDTH);
        $finish;
    end
    // the counts below are 3 bits wide and test bit 2 for "QUEUE blocks": QUEUE = 4 only
    if (QUEUE != 4) begin
        $error("axis_credit_fifo_piped %m: QUEUE=%0d, the held and queue counts need 4", QUEUE);
        $finish;
    end
end

// a read of the entry being written in the same cycle is never used (the counts keep them
// apart), so the RAM needs no read-during-write logic. Block RAM even where LUT RAM would
// fit: the read then costs no logic (LUT RAM needs a multiplexer per 16 entries and bit)
// and its output register is the RAM's own (the notes page)
(* no_rw_check, ram_style = "block" *) reg [WIDTH-1:0] mem [0:DEPTH-1];
reg [DEPTH_LOG2-1:0] wr_ptr_reg;
reg [DEPTH_LOG2-1:0] rd_ptr_reg;
reg [DEPTH_LOG2:0]   ram_count_reg;  // blocks in the RAM
reg                  ram_any_reg;    // ram_count_reg != 0
reg [DEPTH_LOG2-1:0] wipe_ptr_reg;
reg                  wipe_reg;
// the RAM's read register and the output register after it (the notes page)
reg [WIDTH-1:0]      rd_reg;
(* ciphercores_bram_outreg, keep *) reg [WIDTH-1:0] pipe_reg;
reg                  rd_valid_reg;
reg                  pipe_valid_reg;
// blocks in rd_reg, pipe_reg and the queue (0..QUEUE)
reg [2:0]            held_reg;
// output queue: a ring of QUEUE entries with one-hot write and read pointers
reg [WIDTH*QUEUE-1:0] q_reg;
reg [QUEUE-1:0]      q_wr_reg;
reg [QUEUE-1:0]      q_rd_reg;
reg [2:0]            q_count_reg;    // blocks in the queue (0..QUEUE)
reg                  q_valid_reg;    // q_count_reg != 0: m_valid
reg [QUEUE-1:0]      q_sel_reg;      // q_rd_reg while the queue is not empty, else zero
// the credit counter sits beside the pipeline's input, far from the output in a long
// pipeline: a delivery returns its credit, and the end of the wipe releases the credit, two
// cycles later, through two registers (each route across the chip ends in a flip-flop)
reg [1:0]            give_reg;
reg [1:0]            hold_reg;

wire push = s_valid && !wipe_reg;
wire out_fire = q_valid_reg && m_ready;
// a read is issued while fewer than QUEUE blocks are held
wire issue = ram_any_reg && !held_reg[2];
wire wipe_next = wipe_reg && !(&wipe_ptr_reg);
// blocks in the RAM after this cycle: nonzero with a push, with two or more now, or with one
// now and no read
wire ram_two = |ram_count_reg[DEPTH_LOG2:1];
wire ram_any_next = push || ram_two || (ram_any_reg && !issue);

// Everything m_ready changes, as two next values from registers (_f: the head leaves, _s: it
// stays), chosen by out_fire in one LUT per bit. The two values are kept nets: without that,
// synthesis may merge the choice into the logic before it and put m_ready several LUTs deep.
// The queue after this cycle: pipe_reg's block enters, the head leaves (_f) or stays (_s).
(* keep *) wire [QUEUE-1:0] q_rd_f = {q_rd_reg[QUEUE-2:0], q_rd_reg[QUEUE-1]};
(* keep *) wire [2:0]       q_count_f = q_count_reg + {2'b00, pipe_valid_reg} - 3'd1;
(* keep *) wire [2:0]       q_count_s = q_count_reg + {2'b00, pipe_valid_reg};
// the queue holds a block after this cycle: _s also with the head staying (q_count_reg > 1
// implies q_valid_reg)
(* keep *) wire             q_valid_f = pipe_valid_reg || (q_count_reg > 3'd1);
(* keep *) wire             q_valid_s = pipe_valid_reg || q_valid_reg;
// the head select after this cycle: the read pointer while the queue holds a block
(* keep *) wire [QUEUE-1:0] q_sel_f = q_rd_f & {QUEUE{q_valid_f}};
(* keep *) wire [QUEUE-1:0] q_sel_s = q_rd_reg & {QUEUE{q_valid_s}};
// blocks held after this cycle: + a read issued, - the head leaving
(* keep *) wire [2:0]       held_f = held_reg + {2'b00, issue} - 3'd1;
(* keep *) wire [2:0]       held_s = held_reg + {2'b00, issue};

wire [QUEUE-1:0] q_rd_next = out_fire ? q_rd_f : q_rd_reg;
wire [2:0]       q_count_next = out_fire ? q_count_f : q_count_s;
wire             q_valid_next = out_fire ? q_valid_f : q_valid_s;
wire [QUEUE-1:0] q_sel_next = out_fire ? q_sel_f : q_sel_s;
wire [2:0]       held_next = out_fire ? held_f : held_s;

assign wiping = wipe_reg;
assign m_valid = q_valid_reg;

axis_credit_count #(
    .CAPACITY(DEPTH),
    // the reservation is counted a cycle late, from a register beside the pipeline's input
    .TAKE_REG(1)
) u_credit (
    .clk(clk),
    .rst(rst),
    .take(reserve),
    .give(give_reg[1]),
    .hold(hold_reg[1]),
    .credit(credit)
`ifdef FORMAL
    ,
    .f_count(f_credit_count),
    .f_take_reg(f_credit_take)
`endif
);

// one write port: the wipe after reset, or the pipeline's output
wire                  we = wipe_reg || s_valid;
wire [DEPTH_LOG2-1:0] waddr = wipe_reg ? wipe_ptr_reg : wr_ptr_reg;
wire [WIDTH-1:0]      wdata = wipe_reg ? {WIDTH{1'b0}} : s_data;

always @(posedge clk) begin : p_mem
    if (we) begin
        mem[waddr] <= wdata;
    end
end

// read: loads every cycle (no enable, no reset); rd_valid_reg says whether it was issued
always @(posedge clk) begin : p_read
    rd_reg <= mem[rd_ptr_reg];
    pipe_reg <= rd_reg;
end

// queue entries load only from pipe_reg. The entry under the write pointer is free unless
// the queue is full, so it loads pipe_reg every cycle, block or not, and keeps it once the
// pointer moves on; during the wipe every entry loads (pipe_reg's zeros). Write enables come
// from registers only
wire [WIDTH*QUEUE-1:0] q_sel;
genvar i;
generate
    for (i = 0; i < QUEUE; i = i + 1) begin : g_queue
        always @(posedge clk) begin : p_entry
            if ((q_wr_reg[i] && !q_count_reg[2]) || wipe_reg) begin
                q_reg[WIDTH*i +: WIDTH] <= pipe_reg;
            end
        end

        assign q_sel[WIDTH*i +: WIDTH] = q_reg[WIDTH*i +: WIDTH] & {WIDTH{q_sel_reg[i]}};
    end
endgenerate

// m_data: the head entry, zero while the queue is empty
reg [WIDTH-1:0] q_head;
integer j;
always @(*) begin : p_head
    q_head = {WIDTH{1'b0}};
    for (j = 0; j < QUEUE; j = j + 1) begin
        q_head = q_head | q_sel[WIDTH*j +: WIDTH];
    end
end
assign m_data = q_head;

`ifdef FORMAL
assign f_wr_ptr = wr_ptr_reg;
assign f_rd_ptr = rd_ptr_reg;
assign f_ram_count = ram_count_reg;
assign f_ram_any = ram_any_reg;
assign f_wipe_ptr = wipe_ptr_reg;
assign f_rd_data = rd_reg;
assign f_pipe_data = pipe_reg;
assign f_rd_valid = rd_valid_reg;
assign f_pipe_valid = pipe_valid_reg;
assign f_held = held_reg;
assign f_q = q_reg;
assign f_q_wr = q_wr_reg;
assign f_q_rd = q_rd_reg;
assign f_q_count = q_count_reg;
assign f_q_sel = q_sel_reg;
assign f_give = give_reg;
assign f_hold = hold_reg;
genvar f_i;
generate
    for (f_i = 0; f_i < DEPTH; f_i = f_i + 1) begin : g_f_mem
        assign f_mem[WIDTH*f_i +: WIDTH] = mem[f_i];
    end
endgenerate
`endif

always @(posedge clk) begin : p_ctrl
    if (push) begin
        wr_ptr_reg <= wr_ptr_reg + 1'b1;
    end
    if (issue) begin
        rd_ptr_reg <= rd_ptr_reg + 1'b1;
    end
    if (push && !issue) begin
        ram_count_reg <= ram_count_reg + 1'b1;
    end else if (issue && !push) begin
        ram_count_reg <= ram_count_reg - 1'b1;
    end
    ram_any_reg <= ram_any_next;
    rd_valid_reg <= issue;
    pipe_valid_reg <= rd_valid_reg;
    held_reg <= held_next;

    if (pipe_valid_reg) begin
        q_wr_reg <= {q_wr_reg[QUEUE-2:0], q_wr_reg[QUEUE-1]};
    end
    q_rd_reg <= q_rd_next;
    q_count_reg <= q_count_next;
    q_valid_reg <= q_valid_next;
    q_sel_reg <= q_sel_next;
    give_reg <= {give_reg[0], out_fire};
    hold_reg <= {hold_reg[0], wipe_next};

    if (wipe_reg) begin
        wipe_ptr_reg <= wipe_ptr_reg + 1'b1;
    end
    wipe_reg <= wipe_next;

    if (rst) begin
        wr_ptr_reg <= {DEPTH_LOG2{1'b0}};
        rd_ptr_reg <= {DEPTH_LOG2{1'b0}};
        ram_count_reg <= {(DEPTH_LOG2 + 1){1'b0}};
        ram_any_reg <= 1'b0;
        wipe_ptr_reg <= {DEPTH_LOG2{1'b0}};
        wipe_reg <= 1'b1;
        rd_valid_reg <= 1'b0;
        pipe_valid_reg <= 1'b0;
        held_reg <= 3'd0;
        q_wr_reg <= {{(QUEUE - 1){1'b0}}, 1'b1};
        q_rd_reg <= {{(QUEUE - 1){1'b0}}, 1'b1};
        q_count_reg <= 3'd0;
        q_valid_reg <= 1'b0;
        q_sel_reg <= {QUEUE{1'b0}};
        give_reg <= 2'b00;
        hold_reg <= 2'b11;
    end
end

endmodule

`resetall
