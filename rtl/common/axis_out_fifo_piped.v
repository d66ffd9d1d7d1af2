// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO with credits, read through registers, its head in a register of its own: the
// read-through-registers member of the output-FIFO family (axis_out_fifo), for pipelines whose
// stages are faster than a RAM read. A block may enter the pipeline only while `credit` is
// high (`reserve` takes one), so the FIFO always has room for what the pipeline delivers.
// Design notes: docs/cores/notes/axis_out_fifo_piped.md (the family: axis_out_fifo.md).
module axis_out_fifo_piped #(
    // width of one entry
    parameter integer WIDTH = 129,
    // log2 of the RAM entries (2..10)
    parameter integer DEPTH_LOG2 = 5
) (
    input  wire             clk,
    input  wire             rst,

    // a block enters the pipeline this cycle (takes a credit)
    input  wire             reserve,
    // a block may enter the pipeline this cycle (a register)
    output wire             credit,
    // the wipe after a reset is over: low from the reset edge, high from the cycle of the
    // first credit after it on (a register beside the credit's)
    output wire             key_ready,

    // the pipeline's output: never more blocks than the credits taken
    input  wire [WIDTH-1:0] s_axis_tdata,
    input  wire             s_axis_tvalid,

    // the head of the FIFO, from registers; zero while m_axis_tvalid is low
    output wire [WIDTH-1:0] m_axis_tdata,
    output wire             m_axis_tvalid,
    input  wire             m_axis_tready
`ifdef FORMAL
    ,
    // internal state for the proofs' invariants (rtl/formal/axis_out_fifo_piped_formal.v)
    output wire [WIDTH*(1 << DEPTH_LOG2)-1:0]       f_mem,
    output wire [DEPTH_LOG2-1:0]                    f_wr_ptr,
    output wire [DEPTH_LOG2-1:0]                    f_rd_ptr,
    output wire [DEPTH_LOG2:0]                      f_ram_count,
    output wire                                     f_ram_any,
    output wire                                     f_wiping,
    output wire [DEPTH_LOG2-1:0]                    f_wipe_ptr,
    output wire [WIDTH-1:0]                         f_rd_data,
    output wire [WIDTH-1:0]                         f_pipe_data,
    output wire                                     f_rd_valid,
    output wire                                     f_pipe_valid,
    output wire [2:0]                               f_held,
    output wire [WIDTH*3-1:0]                       f_ring,
    output wire [2:0]                               f_ring_wr,
    output wire [2:0]                               f_ring_rd,
    output wire [1:0]                               f_ring_count,
    output wire                                     f_ring_any,
    output wire                                     f_ring_full,
    output wire [2:0]                               f_ring_sel,
    output wire [1:0]                               f_give,
    output wire [1:0]                               f_hold,
    output wire [$clog2((1 << DEPTH_LOG2) + 1)-1:0] f_credit_count,
    output wire                                     f_credit_take
`endif
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
// the queue behind the head register: with the two read registers and the head, at most four
// blocks are held after the RAM (the limit of the read decision)
localparam integer RING = 3;

initial begin
    if (DEPTH_LOG2 < 2 || DEPTH_LOG2 > 10 || WIDTH < 1) begin
        $error("axis_out_fifo_piped %m: DEPTH_LOG2=%0d (2..10), WIDTH=%0d (>= 1)",
               DEPTH_LOG2, WIDTH);
        $finish;
    end
end

// a read of the entry being written in the same cycle is never used (the counts keep them
// apart), so the RAM needs no read-during-write logic; block RAM even where LUT RAM would fit
(* no_rw_check, ram_style = "block" *) reg [WIDTH-1:0] mem [0:DEPTH-1];
reg [DEPTH_LOG2-1:0] wr_ptr_reg;
reg [DEPTH_LOG2-1:0] rd_ptr_reg;
reg [DEPTH_LOG2:0]   ram_count_reg;   // blocks in the RAM
reg                  ram_any_reg;     // ram_count_reg != 0
reg [DEPTH_LOG2-1:0] wipe_ptr_reg;
reg                  wipe_reg;
// the RAM's read register and the output register after it (moved into the block RAM on
// ECP5 by the measurement flow: ciphercores.synth.netlist)
reg [WIDTH-1:0]      rd_reg;
(* ciphercores_bram_outreg, keep *) reg [WIDTH-1:0] pipe_reg;
reg                  rd_valid_reg;
reg                  pipe_valid_reg;
// blocks in rd_reg, pipe_reg, the head and the ring (0..4)
reg [2:0]            held_reg;
// the head: m_axis_tdata and m_axis_tvalid straight from registers
reg [WIDTH-1:0]      head_reg;
reg                  head_valid_reg;
// the ring behind the head: one-hot write and read pointers; entries load from pipe_reg only
reg [WIDTH*RING-1:0] ring_reg;
reg [RING-1:0]       ring_wr_reg;
reg [RING-1:0]       ring_rd_reg;
reg [1:0]            ring_count_reg;  // blocks in the ring (0..3)
reg                  ring_any_reg;    // ring_count_reg != 0 (then the head is valid too)
reg                  ring_full_reg;   // ring_count_reg == 3
reg [RING-1:0]       ring_sel_reg;    // ring_rd_reg while the ring holds a block, else zero
// the credit counter sits beside the pipeline's input, far from the output in a long
// pipeline: a delivery returns its credit, and the end of the wipe releases the credit and
// the key, two cycles later, through two registers (each route across the chip ends in a
// flip-flop); key_ready is loaded from the second, beside the first credit
reg [1:0]            give_reg;
reg [1:0]            hold_reg;
reg                  key_ready_reg;

wire push = s_axis_tvalid && !wipe_reg;
wire out_fire = head_valid_reg && m_axis_tready;
// a read is issued while fewer than four blocks are held
wire issue = ram_any_reg && !held_reg[2];
wire wipe_next = wipe_reg && !(&wipe_ptr_reg);
// blocks in the RAM after this cycle: nonzero with a push, with two or more now, or with one
// now and no read
wire ram_two = |ram_count_reg[DEPTH_LOG2:1];
wire ram_any_next = push || ram_two || (ram_any_reg && !issue);

// The control after this cycle, with a block from pipe_reg (pv) joining the head and the
// ring: _s with the head staying (m_axis_tready low), _m with m_axis_tready high: the head
// leaves if it is valid, and whether it is is folded in here, from registers. So
// m_axis_tready alone chooses between two next values, in one LUT per bit, and no next value
// decodes the head's valid bit behind it. The two values are kept nets: without that,
// synthesis may merge the choice into the logic before it and put m_axis_tready deeper.
wire            hv = head_valid_reg;
wire            pv = pipe_valid_reg;
wire [RING-1:0] ring_rd_rot = {ring_rd_reg[RING-2:0], ring_rd_reg[RING-1]};
wire [RING-1:0] ring_wr_rot = {ring_wr_reg[RING-2:0], ring_wr_reg[RING-1]};
// head staying: pipe_reg's block joins the ring behind a valid head, else becomes the head
wire            ring_push_s = hv && pv;
(* keep *) wire            head_valid_s = hv || pv;
(* keep *) wire [1:0]      ring_count_s = ring_count_reg + {1'b0, ring_push_s};
(* keep *) wire [RING-1:0] ring_wr_s = ring_push_s ? ring_wr_rot : ring_wr_reg;
(* keep *) wire [2:0]      held_s = held_reg + {2'b00, issue};
(* keep *) wire            ring_any_s = |ring_count_s;
(* keep *) wire            ring_full_s = &ring_count_s;
(* keep *) wire [RING-1:0] ring_sel_s = ring_rd_reg & {RING{ring_any_s}};
// head leaving (if valid): the ring's first block becomes the head, or pipe_reg's if the ring
// is empty; pipe_reg's block joins the ring only behind another one
wire            ring_pop_m = hv && ring_any_reg;
wire            ring_push_m = hv ? (pv && ring_any_reg) : ring_push_s;
(* keep *) wire            head_valid_m = hv ? (ring_any_reg || pv) : head_valid_s;
(* keep *) wire [1:0]      ring_count_m = ring_count_reg + {1'b0, ring_push_m}
                                          - {1'b0, ring_pop_m};
(* keep *) wire [RING-1:0] ring_wr_m = ring_push_m ? ring_wr_rot : ring_wr_reg;
(* keep *) wire [RING-1:0] ring_rd_m = ring_pop_m ? ring_rd_rot : ring_rd_reg;
(* keep *) wire [2:0]      held_m = held_reg + {2'b00, issue} - {2'b00, hv};
(* keep *) wire            ring_any_m = |ring_count_m;
(* keep *) wire            ring_full_m = &ring_count_m;
(* keep *) wire [RING-1:0] ring_sel_m = ring_rd_m & {RING{ring_any_m}};
// the head loads while it leaves or is empty (m_axis_tready alone, through one LUT, on its
// enable), always the same value from registers: the ring's first block (ring_sel_reg: zero
// while the ring is empty), else pipe_reg's block, else zero. An empty head has an empty
// ring behind it, so it takes pipe_reg's block or stays zero
wire            head_load = m_axis_tready || !hv;
wire            pipe_to_head = pv && !ring_any_reg;
reg  [WIDTH-1:0] ring_head;
integer j;
always @(*) begin : p_ring_head
    ring_head = {WIDTH{1'b0}};
    for (j = 0; j < RING; j = j + 1) begin
        ring_head = ring_head | (ring_reg[WIDTH*j +: WIDTH] & {WIDTH{ring_sel_reg[j]}});
    end
end
(* keep *) wire [WIDTH-1:0] head_next = ring_head | (pipe_reg & {WIDTH{pipe_to_head}});

assign m_axis_tdata = head_reg;
assign m_axis_tvalid = head_valid_reg;
assign key_ready = key_ready_reg;

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
wire                  we = wipe_reg || s_axis_tvalid;
wire [DEPTH_LOG2-1:0] waddr = wipe_reg ? wipe_ptr_reg : wr_ptr_reg;
wire [WIDTH-1:0]      wdata = wipe_reg ? {WIDTH{1'b0}} : s_axis_tdata;

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

// ring entries load only from pipe_reg, with enables from registers: the entry under the
// write pointer is free unless the ring is full, so it loads pipe_reg every cycle, block or
// not, and keeps it once the pointer moves on; during the wipe every entry loads (pipe_reg's
// zeros)
genvar i;
generate
    for (i = 0; i < RING; i = i + 1) begin : g_ring
        always @(posedge clk) begin : p_entry
            if ((ring_wr_reg[i] && !ring_full_reg) || wipe_reg) begin
                ring_reg[WIDTH*i +: WIDTH] <= pipe_reg;
            end
        end
    end
endgenerate

`ifdef FORMAL
assign f_wr_ptr = wr_ptr_reg;
assign f_rd_ptr = rd_ptr_reg;
assign f_ram_count = ram_count_reg;
assign f_ram_any = ram_any_reg;
assign f_wiping = wipe_reg;
assign f_wipe_ptr = wipe_ptr_reg;
assign f_rd_data = rd_reg;
assign f_pipe_data = pipe_reg;
assign f_rd_valid = rd_valid_reg;
assign f_pipe_valid = pipe_valid_reg;
assign f_held = held_reg;
assign f_ring = ring_reg;
assign f_ring_wr = ring_wr_reg;
assign f_ring_rd = ring_rd_reg;
assign f_ring_count = ring_count_reg;
assign f_ring_any = ring_any_reg;
assign f_ring_full = ring_full_reg;
assign f_ring_sel = ring_sel_reg;
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

    // everything m_axis_tready changes: one of two next values
    if (head_load) begin
        head_reg <= head_next;
    end
    head_valid_reg <= m_axis_tready ? head_valid_m : head_valid_s;
    held_reg <= m_axis_tready ? held_m : held_s;
    ring_wr_reg <= m_axis_tready ? ring_wr_m : ring_wr_s;
    ring_rd_reg <= m_axis_tready ? ring_rd_m : ring_rd_reg;
    ring_count_reg <= m_axis_tready ? ring_count_m : ring_count_s;
    ring_any_reg <= m_axis_tready ? ring_any_m : ring_any_s;
    ring_full_reg <= m_axis_tready ? ring_full_m : ring_full_s;
    ring_sel_reg <= m_axis_tready ? ring_sel_m : ring_sel_s;
    give_reg <= {give_reg[0], out_fire};

    hold_reg <= {hold_reg[0], wipe_next};
    key_ready_reg <= !hold_reg[1];
    if (wipe_reg) begin
        wipe_ptr_reg <= wipe_ptr_reg + 1'b1;
    end
    wipe_reg <= wipe_next;

    if (rst) begin
        wr_ptr_reg <= {DEPTH_LOG2{1'b0}};
        rd_ptr_reg <= {DEPTH_LOG2{1'b0}};
        ram_count_reg <= {(DEPTH_LOG2 + 1){1'b0}};
        ram_any_reg <= 1'b0;
        rd_valid_reg <= 1'b0;
        pipe_valid_reg <= 1'b0;
        // m_axis_tdata: zero from the reset edge (rule 5)
        head_reg <= {WIDTH{1'b0}};
        head_valid_reg <= 1'b0;
        held_reg <= 3'd0;
        ring_wr_reg <= {{(RING - 1){1'b0}}, 1'b1};
        ring_rd_reg <= {{(RING - 1){1'b0}}, 1'b1};
        ring_count_reg <= 2'd0;
        ring_any_reg <= 1'b0;
        ring_full_reg <= 1'b0;
        ring_sel_reg <= {RING{1'b0}};
        give_reg <= 2'b00;
        hold_reg <= 2'b11;
        key_ready_reg <= 1'b0;
        wipe_ptr_reg <= {DEPTH_LOG2{1'b0}};
        wipe_reg <= 1'b1;
    end
end

endmodule

`resetall
