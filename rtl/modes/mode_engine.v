// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Block-cipher modes of operation (CBC, CFB, OFB, CTR) around any ciphercores core.
// Rules: docs/interface.md (modes in hardware); design notes: docs/architecture.md.
module mode_engine #(
    parameter integer BLOCK = 128,
    // 1 CBC, 2 CFB (full block), 3 OFB, 4 CTR (ECB is the core itself)
    parameter integer MODE = 4,
    // the side FIFO holds 2**DEPTH_LOG2 blocks in flight (>= core latency + its output
    // buffering for a pipelined core to run at full rate)
    parameter integer DEPTH_LOG2 = 6,
    // CTR: 0 counts the block's bytes as one big-endian integer, 1 little-endian (SPECK)
    parameter integer CTR_LITTLE = 0
) (
    input  wire             clk,
    input  wire             rst,

    input  wire [BLOCK-1:0] s_iv_tdata,
    input  wire             s_iv_tvalid,
    output wire             s_iv_tready,

    input  wire [BLOCK-1:0] s_axis_tdata,
    input  wire             s_axis_tuser,
    input  wire             s_axis_tvalid,
    output wire             s_axis_tready,

    output wire [BLOCK-1:0] m_axis_tdata,
    output wire             m_axis_tuser,
    output wire             m_axis_tvalid,
    input  wire             m_axis_tready,

    // to the core's s_axis
    output wire [BLOCK-1:0] c_in_tdata,
    output wire             c_in_tuser,
    output wire             c_in_tvalid,
    input  wire             c_in_tready,

    // from the core's m_axis
    input  wire [BLOCK-1:0] c_out_tdata,
    input  wire             c_out_tuser,
    input  wire             c_out_tvalid,
    output wire             c_out_tready
`ifdef FORMAL
    ,
    // internal state for the proofs' invariants (rtl/formal/)
    output wire [(BLOCK+2)*(1 << DEPTH_LOG2)-1:0] f_side,
    output wire [DEPTH_LOG2-1:0]                  f_wr_ptr,
    output wire [DEPTH_LOG2-1:0]                  f_rd_ptr,
    output wire [DEPTH_LOG2:0]                    f_count,
    output wire                                   f_room,
    output wire                                   f_held,
    output wire                                   f_busy
`endif
);

localparam integer CBC = 1, CFB = 2, OFB = 3, CTR = 4;

initial begin
    if (MODE < CBC || MODE > CTR) begin
        $error("mode_engine %m: MODE=%0d; use 1 (CBC), 2 (CFB), 3 (OFB) or 4 (CTR)", MODE);
        $finish;
    end
    if (BLOCK < 8 || BLOCK % 8 != 0) begin
        $error("mode_engine %m: BLOCK=%0d must be a whole number of bytes", BLOCK);
        $finish;
    end
    if (DEPTH_LOG2 < 1 || DEPTH_LOG2 > 10) begin
        $error("mode_engine %m: DEPTH_LOG2=%0d out of 1..10", DEPTH_LOG2);
        $finish;
    end
    if (CTR_LITTLE != 0 && CTR_LITTLE != 1) begin
        $error("mode_engine %m: CTR_LITTLE=%0d; use 0 (big-endian counter) or 1 (little-endian)",
               CTR_LITTLE);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// chaining value, serial-block flag, side FIFO
// ---------------------------------------------------------------------------------------
reg  [BLOCK-1:0]      prev_reg;
reg                   busy_reg;                 // a serial block is in flight
wire [BLOCK+1:0]      side_head;                // the oldest entry: {serial, dir, side}
wire                  side_room;                // a register (axis_lut_fifo)
wire                  side_held;                // the FIFO holds an entry (unused: the core
                                                // returns only blocks it was given)

wire                  full  = !side_room;
wire                  dec   = s_axis_tuser;

// what this block does (the table in docs/architecture.md, "The mode engine")
wire serial = (MODE == OFB) || ((MODE == CBC || MODE == CFB) && !dec);

wire [BLOCK-1:0] core_in = (MODE == CBC) ? (dec ? s_axis_tdata : s_axis_tdata ^ prev_reg)
                                         : prev_reg;
wire             core_dir = (MODE == CBC) && dec;
wire [BLOCK-1:0] side = (MODE == CBC) ? (dec ? prev_reg : {BLOCK{1'b0}}) : s_axis_tdata;

// counter + 1 over the block's bytes, big-endian as the host counts them
function [BLOCK-1:0] bswap(input [BLOCK-1:0] v);
    integer i;
    begin
        for (i = 0; i < BLOCK / 8; i = i + 1)
            bswap[8 * i +: 8] = v[BLOCK - 8 - 8 * i +: 8];
    end
endfunction

localparam [BLOCK-1:0] ONE = {{(BLOCK - 1){1'b0}}, 1'b1};
wire [BLOCK-1:0] ctr_swapped = bswap(prev_reg);
wire [BLOCK-1:0] ctr_swapped_next = ctr_swapped + ONE;
wire [BLOCK-1:0] ctr_next = (CTR_LITTLE != 0) ? bswap(ctr_swapped_next) : prev_reg + ONE;

// input side
wire take = !busy_reg && !full && !s_iv_tvalid;
assign c_in_tvalid   = s_axis_tvalid && take;
assign s_axis_tready = c_in_tready && take;
assign c_in_tdata    = core_in;
assign c_in_tuser    = core_dir;
wire   in_fire       = s_axis_tvalid && s_axis_tready;

// low while rst is high: rule 5's reset window covers every input stream
assign s_iv_tready   = !busy_reg && !rst;
wire   iv_fire       = s_iv_tvalid && s_iv_tready;

// output side: the core's result joined with its side value. The side memory keeps earlier
// messages' values (it has no reset): they are masked while no block is offered, so that
// m_axis_tdata is zero whenever m_axis_tvalid is low, from the reset edge on (as the core's
// own output; docs/interface.md, rule 5)
wire [BLOCK+1:0] head = side_head & {(BLOCK + 2){c_out_tvalid}};
assign m_axis_tvalid = c_out_tvalid;
assign c_out_tready  = m_axis_tready;
assign m_axis_tdata  = c_out_tdata ^ head[BLOCK-1:0];
assign m_axis_tuser  = head[BLOCK];
wire   out_fire      = c_out_tvalid && m_axis_tready;
wire   out_serial    = head[BLOCK+1];

// the side FIFO: an entry per block given to the core, taken as its result leaves
axis_lut_fifo #(
    .WIDTH(BLOCK + 2),
    .DEPTH_LOG2(DEPTH_LOG2)
) u_side (
    .clk(clk),
    .rst(rst),
    .s_data({serial, dec, side}),
    .s_valid(in_fire),
    .s_ready(side_room),
    .m_data(side_head),
    .m_valid(side_held),
    .m_ready(out_fire)
`ifdef FORMAL
    ,
    .f_mem(f_side),
    .f_wr_ptr(f_wr_ptr),
    .f_rd_ptr(f_rd_ptr),
    .f_count(f_count)
`endif
);

always @(posedge clk) begin
    if (rst) begin
        prev_reg <= {BLOCK{1'b0}};
        busy_reg <= 1'b0;
    end else begin
        if (in_fire) begin
            if (serial)
                busy_reg <= 1'b1;
            else if (MODE == CTR)
                prev_reg <= ctr_next;
            else
                prev_reg <= s_axis_tdata;           // CBC / CFB decryption
        end
        if (out_fire) begin
            if (out_serial) begin
                busy_reg <= 1'b0;
                prev_reg <= (MODE == OFB) ? c_out_tdata : m_axis_tdata;
            end
        end
        if (iv_fire)
            prev_reg <= s_iv_tdata;
    end
end

`ifdef FORMAL
assign f_room = side_room;
assign f_held = side_held;
assign f_busy = busy_reg;
`endif

// the core's direction bit comes back with each block; the engine keeps its own copy
wire unused_ok = &{1'b0, c_out_tuser, side_held};

endmodule

`resetall
