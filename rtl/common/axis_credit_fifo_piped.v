`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO with credits, read through registers only: the variant of axis_credit_fifo for
// pipelines whose stages are faster than a RAM read. A block may enter the pipeline only
// while `credit` is high (`reserve` takes one), so the FIFO always has room for whatever the
// pipeline delivers, and back-pressure never reaches the pipeline's registers.
//
// Path of a block: every block the pipeline delivers is written to the RAM (DEPTH =
// 2^DEPTH_LOG2 entries; no bypass); it is read with a synchronous read that loads every
// cycle, then a second register (marked, so that on ECP5 the measurement flow moves it into
// the block RAM's own output register: ciphercores.synth.netlist), then the output register
// (m_data) with a skid queue of three registers in front of it for the blocks still coming
// when m_ready drops. So m_data, m_valid and every control signal come from flip-flops, and
// no RAM output reaches logic before a register. Four cycles from s_valid to m_valid
// (axis_credit_fifo: one). A read is issued while the RAM holds a block and fewer than four
// blocks are held in the read registers, the skid queue and m_data: a decision from
// registers alone (m_ready is not in it). With m_ready high three are held (two reads in
// flight and m_data), so one block a cycle streams through.
//
// Credits: DEPTH - 1 blocks (the RAM alone, less one for the reservation counted a cycle
// late). The counter sits beside the pipeline's input; what reaches it from the output end
// (a delivery's credit, the end of the wipe) goes through two registers, two cycles.
//
// After reset the RAM is overwritten with zeros, one entry per cycle, with `credit` low
// (`wiping` high) and every block from the pipeline dropped; the read registers load those
// zeros too, and m_data is zero from the cycle after the reset edge.
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
);

localparam integer DEPTH = 1 << DEPTH_LOG2;
// skid queue entries: with the output register they hold up to SKID + 1 = 4 blocks, the
// limit of the read decision (see the header)
localparam integer SKID = 3;

initial begin
    if (DEPTH_LOG2 < 2 || DEPTH_LOG2 > 10 || WIDTH < 1) begin
        $error("axis_credit_fifo_piped %m: DEPTH_LOG2=%0d (2..10), WIDTH=%0d (>= 1)",
               DEPTH_LOG2, WIDTH);
        $finish;
    end
end

// a read of the entry being written in the same cycle is never used (the counts keep them
// apart), so the RAM needs no read-during-write logic. Block RAM even where LUT RAM would
// fit: the read then costs no logic (LUT RAM needs a multiplexer per 16 entries and bit)
// and its output register is the RAM's own (see the header)
(* no_rw_check, ram_style = "block" *) reg [WIDTH-1:0] mem [0:DEPTH-1];
reg [DEPTH_LOG2-1:0] wr_ptr_reg;
reg [DEPTH_LOG2-1:0] rd_ptr_reg;
reg [DEPTH_LOG2:0]   ram_count_reg;  // blocks in the RAM
reg                  ram_any_reg;    // ram_count_reg != 0
reg [DEPTH_LOG2-1:0] wipe_ptr_reg;
reg                  wipe_reg;
// the RAM's read register and the output register after it (see the header)
reg [WIDTH-1:0]      rd_reg;
(* ciphercores_bram_outreg, keep *) reg [WIDTH-1:0] pipe_reg;
reg                  rd_valid_reg;
reg                  pipe_valid_reg;
// blocks in rd_reg, pipe_reg, the skid queue and the output register (0..SKID + 1)
reg [2:0]            held_reg;
// skid queue: a ring of SKID entries in front of the output register, with one-hot write
// and read pointers
reg [WIDTH*SKID-1:0] skid_reg;
reg [SKID-1:0]       skid_wr_reg;
reg [SKID-1:0]       skid_rd_reg;
reg [1:0]            skid_count_reg;
reg [WIDTH-1:0]      out_reg;
reg                  out_valid_reg;
// the credit counter sits beside the pipeline's input, far from the output in a long
// pipeline: a delivery returns its credit, and the end of the wipe releases the credit, two
// cycles later, through two registers (each route across the chip ends in a flip-flop)
reg [1:0]            give_reg;
reg [1:0]            hold_reg;

wire push = s_valid && !wipe_reg;
wire load = !out_valid_reg || m_ready;           // the output register can load
wire out_fire = out_valid_reg && m_ready;
// a read is issued while fewer than SKID + 1 = 4 blocks are held
wire issue = ram_any_reg && !held_reg[2];
wire skid_empty = (skid_count_reg == 2'd0);
// the output register takes the skid queue's head, or pipe_reg when the queue is empty
wire from_skid = load && !skid_empty;
wire to_skid = pipe_valid_reg && !(load && skid_empty);
wire wipe_next = wipe_reg && !(&wipe_ptr_reg);
// blocks in the RAM after this cycle: nonzero with a push, with two or more now, or with one
// now and no read
wire ram_two = |ram_count_reg[DEPTH_LOG2:1];
wire ram_any_next = push || ram_two || (ram_any_reg && !issue);

assign wiping = wipe_reg;
assign m_data = out_reg;
assign m_valid = out_valid_reg;

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

// skid queue entries load only from pipe_reg. The entry under the write pointer is free
// unless the queue is full, so it loads pipe_reg every cycle, block or not, and keeps it once
// the pointer moves on (to_skid): its write enable comes from registers only, m_ready
// (from wherever the consumer is) reaches no entry. The head is the entry the read pointer
// selects
wire skid_full = (skid_count_reg == SKID[1:0]);
wire [WIDTH*SKID-1:0] skid_sel;
genvar i;
generate
    for (i = 0; i < SKID; i = i + 1) begin : g_skid
        always @(posedge clk) begin : p_entry
            if (skid_wr_reg[i] && !skid_full) begin
                skid_reg[WIDTH*i +: WIDTH] <= pipe_reg;
            end
        end

        assign skid_sel[WIDTH*i +: WIDTH] = skid_reg[WIDTH*i +: WIDTH]
                                            & {WIDTH{skid_rd_reg[i]}};
    end
endgenerate

reg [WIDTH-1:0] skid_head;
integer j;
always @(*) begin : p_head
    skid_head = {WIDTH{1'b0}};
    for (j = 0; j < SKID; j = j + 1) begin
        skid_head = skid_head | skid_sel[WIDTH*j +: WIDTH];
    end
end

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
    if (issue && !out_fire) begin
        held_reg <= held_reg + 3'd1;
    end else if (out_fire && !issue) begin
        held_reg <= held_reg - 3'd1;
    end

    if (load) begin
        out_reg <= skid_empty ? pipe_reg : skid_head;
        out_valid_reg <= !skid_empty || pipe_valid_reg;
    end
    // the output data is cleared in the first cycle of the wipe, by the local wipe flag, so
    // that the reset does not fan out to it (m_valid still falls at the reset edge)
    if (wipe_reg) begin
        out_reg <= {WIDTH{1'b0}};
    end
    if (to_skid) begin
        skid_wr_reg <= {skid_wr_reg[SKID-2:0], skid_wr_reg[SKID-1]};
    end
    if (from_skid) begin
        skid_rd_reg <= {skid_rd_reg[SKID-2:0], skid_rd_reg[SKID-1]};
    end
    if (to_skid && !from_skid) begin
        skid_count_reg <= skid_count_reg + 2'd1;
    end else if (from_skid && !to_skid) begin
        skid_count_reg <= skid_count_reg - 2'd1;
    end
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
        skid_wr_reg <= {{(SKID - 1){1'b0}}, 1'b1};
        skid_rd_reg <= {{(SKID - 1){1'b0}}, 1'b1};
        skid_count_reg <= 2'd0;
        out_valid_reg <= 1'b0;
        give_reg <= 2'b00;
        hold_reg <= 2'b11;
    end
end

endmodule

`resetall
