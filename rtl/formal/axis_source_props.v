// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AXI4-Stream source rules on one stream (docs/interface.md, handshake rules 1 and 5), as
// immediate properties for SymbiYosys: asserted on a stream the design drives (ASSUME = 0),
// assumed on a stream its environment drives (ASSUME = 1). Nothing is required across a reset
// edge (the reset window), nor before the first one (`armed` low).
module axis_source_props #(
    // bits of tuser and tdata together ({tuser, tdata})
    parameter integer WIDTH = 8,
    // of which the top USER_BITS are tuser: held like tdata, but not required zero
    parameter integer USER_BITS = 0,
    // 0: assert (the design is the source), 1: assume (the environment is)
    parameter integer ASSUME = 0,
    // tdata while tvalid is low (rule 5 on a core's m_axis). 1: zero in every such cycle;
    // 2: zero from a reset edge until the first transfer, afterwards zero or a finished block:
    // the last one transferred, or the next one (the one offered when tvalid next rises)
    parameter integer ZERO_IDLE = 0,
    // 1 (with ZERO_IDLE 2, asserted): the source keeps the last block transferred while tvalid
    // is low (a folded core's output register), the invariant that ties rule 5's history to
    // the design for k-induction
    parameter integer KEEPS_LAST = 0,
    // 1: tvalid low and tdata zero after RESET_CYCLES consecutive rising edges with rst high,
    // for as long as rst stays high (rule 5; today RESET_CYCLES = 1)
    parameter integer RESET_CLEARS = 0,
    // rising edges with rst high after which the stream is cleared (1..255)
    parameter integer RESET_CYCLES = 1
) (
    input wire             clk,
    input wire             rst,
    // checks on: a rising edge with rst high has happened (the wrapper's)
    input wire             armed,
    input wire             tvalid,
    input wire             tready,
    input wire [WIDTH-1:0] tdata
);

initial begin
    if ((ASSUME != 0 && ASSUME != 1) || RESET_CYCLES < 1 || RESET_CYCLES > 255
        || USER_BITS < 0 || USER_BITS >= WIDTH || ZERO_IDLE < 0 || ZERO_IDLE > 2) begin
        $error("axis_source_props %m: ASSUME=%0d (0/1), RESET_CYCLES=%0d (1..255), USER_BITS=%0d, ZERO_IDLE=%0d (0..2)",
               ASSUME, RESET_CYCLES, USER_BITS, ZERO_IDLE);
        $finish;
    end
end

`ifdef FORMAL
reg             f_prev_rst = 1'b0;
reg             f_prev_valid = 1'b0;
reg             f_prev_ready = 1'b0;
reg [WIDTH-1:0] f_prev_data = {WIDTH{1'b0}};
reg [7:0]       f_rst_run = 8'd0;      // consecutive rising edges with rst high, saturating
wire [WIDTH-1:0] f_data_mask = {WIDTH{1'b1}} >> USER_BITS;
wire f_data_zero = (tdata & f_data_mask) == {WIDTH{1'b0}};
// ZERO_IDLE 2: a transfer since the last reset edge, its data, and a block shown while idle
// that is neither zero nor the last one (it must be the next one offered)
reg             f_sent = 1'b0;
reg [WIDTH-1:0] f_last = {WIDTH{1'b0}};
reg             f_shown = 1'b0;
reg [WIDTH-1:0] f_shown_data = {WIDTH{1'b0}};

always @(posedge clk) begin : p_history
    f_prev_rst <= rst;
    f_prev_valid <= tvalid;
    f_prev_ready <= tready;
    f_prev_data <= tdata;
    if (!rst) begin
        f_rst_run <= 8'd0;
    end else if (f_rst_run != 8'hff) begin
        f_rst_run <= f_rst_run + 8'd1;
    end
    if (rst) begin
        f_sent <= 1'b0;
        f_shown <= 1'b0;
    end else if (tvalid) begin
        f_shown <= 1'b0;
        if (tready) begin
            f_sent <= 1'b1;
            f_last <= tdata & f_data_mask;
        end
    end else if (f_sent && !f_data_zero && (tdata & f_data_mask) != f_last) begin
        f_shown <= 1'b1;
        f_shown_data <= tdata & f_data_mask;
    end
end

// a block offered and not taken is still offered, unchanged, unless a reset edge came between
wire f_stalled = armed && !f_prev_rst && f_prev_valid && !f_prev_ready;
wire f_held_ok = tvalid && (tdata == f_prev_data);
// (between a reset's first edge and its RESET_CYCLES-th the data is the reset window's:
// RESET_CLEARS's, from that edge on)
wire f_window = rst && f_rst_run != 8'd0 && f_rst_run < RESET_CYCLES;
wire f_idle_ok = !armed || ZERO_IDLE == 0 || tvalid || f_data_zero
                 || (ZERO_IDLE == 2 && f_sent) || f_window;
// ZERO_IDLE 2, after a transfer: the data shown while idle is zero, the last block or one
// other block, which is the one offered when tvalid rises (not checked while rst is high: the
// reset window is RESET_CLEARS's)
wire f_other = !f_data_zero && (tdata & f_data_mask) != f_last;
wire f_finished_ok = !armed || ZERO_IDLE != 2 || rst || !f_sent || !f_shown
                     || (tvalid ? (tdata & f_data_mask) == f_shown_data
                                : (!f_other || (tdata & f_data_mask) == f_shown_data));
wire f_reset_ok = !armed || RESET_CLEARS == 0 || f_rst_run < RESET_CYCLES
                  || (!tvalid && f_data_zero);

generate
    if (ASSUME != 0) begin : g_assume
        always @(*) begin
            if (f_stalled) begin
                assume(f_held_ok);
            end
            assume(f_idle_ok);
            assume(f_finished_ok);
            assume(f_reset_ok);
        end
    end else begin : g_assert
        always @(*) begin
            if (f_stalled) begin
                source_held: assert(f_held_ok);
            end
            source_zero_idle: assert(f_idle_ok);
            source_idle_finished: assert(f_finished_ok);
            source_reset_clears: assert(f_reset_ok);
            if (KEEPS_LAST != 0 && ZERO_IDLE == 2 && armed && !rst) begin
                source_keeps_last: assert(!f_shown
                                          && (tvalid || !f_sent
                                              || (tdata & f_data_mask) == f_last));
            end
        end
    end
endgenerate
`endif

endmodule

`resetall
