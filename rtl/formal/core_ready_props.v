// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// When a core is ready: s_axis_tready and s_key_tready equal, in every cycle, the condition its
// datasheet states, computed here from the core's ports alone (a model of its handshakes), so
// that a core can neither stall where the datasheet says it takes a block or a key nor take one
// where it says it waits. Per core: docs/cores/notes/<core>.md, "Key loading".
// Proofs and what they cover: docs/interface.md, "What is proven".
module core_ready_props #(
    // rising edges rst must stay high; cycles after it falls before a key is taken
    parameter integer RESET_CYCLES = 1,
    parameter integer READY_AFTER_RESET = 0,
    // cycles from a key handshake edge until s_axis_tready can be high again
    parameter integer KEY_SETUP = 1,
    // a folded core (CREDITS = 0): its one block stays in the round engine INTERVAL cycles,
    // then until the output register is free (m_axis_tvalid low or m_axis_tready high), and
    // s_key_tready is low in the first KEY_WAIT cycles after a block's handshake edge
    // (INTERVAL or more: for as long as the block is in the engine)
    parameter integer INTERVAL = 1,
    parameter integer KEY_WAIT = 0,
    // a pipelined core with an output FIFO of CREDITS blocks (axis_credit_fifo_piped): a
    // block counts against the credits from the second cycle after its input handshake up to
    // and including the second cycle after its output handshake, and s_axis_tready needs
    // fewer than CREDITS - 1 counted
    parameter integer CREDITS = 0
) (
    input wire clk,
    input wire rst,
    // checks on: a rising edge with rst high has happened (the wrapper's)
    input wire armed,
    input wire s_key_tvalid,
    input wire s_key_tready,
    input wire s_axis_tvalid,
    input wire s_axis_tready,
    input wire m_axis_tvalid,
    input wire m_axis_tready
);

initial begin
    if (KEY_SETUP < 1 || INTERVAL < 1 || KEY_WAIT < 0 || CREDITS < 0 || CREDITS == 1) begin
        $error("core_ready_props %m: KEY_SETUP=%0d, INTERVAL=%0d (1..), KEY_WAIT=%0d, CREDITS=%0d",
               KEY_SETUP, INTERVAL, KEY_WAIT, CREDITS);
        $finish;
    end
end

`ifdef FORMAL
localparam integer WAIT_MAX = (READY_AFTER_RESET > KEY_SETUP) ? READY_AFTER_RESET : KEY_SETUP;
localparam integer WW = $clog2(WAIT_MAX + 2) + 1;
localparam integer AW = $clog2(INTERVAL + KEY_WAIT + 2) + 1;
localparam integer NW = $clog2(CREDITS + 2) + 2;

wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;
wire out_fire = m_axis_tvalid && m_axis_tready;
wire out_free = !m_axis_tvalid || m_axis_tready;

reg [3:0]    f_rst_edges = 4'd0;   // consecutive edges with rst high (saturating)
reg          f_known = 1'b0;       // after a reset of at least RESET_CYCLES edges
reg [WW-1:0] f_wait = {WW{1'b0}};  // cycles left of the set-up after a reset or a key
reg          f_busy = 1'b0;        // a block in the round engine (folded core)
reg [AW-1:0] f_age = {AW{1'b0}};   // cycles since its handshake edge (saturating)
reg          f_in_d1 = 1'b0;       // an input handshake a cycle ago
reg [1:0]    f_out_d = 2'b00;      // output handshakes one and two cycles ago
reg [NW-1:0] f_count = {NW{1'b0}}; // blocks counted against the credits

wire f_engine_free = !f_busy || (f_age >= INTERVAL[AW-1:0] && out_free);
wire f_key_free = !f_busy || (KEY_WAIT < INTERVAL && f_age > KEY_WAIT[AW-1:0]);
wire f_credit = f_count < CREDITS - 1;
wire f_axis_ready = !s_key_tvalid && f_wait == {WW{1'b0}}
                    && ((CREDITS != 0) ? f_credit : f_engine_free);
wire f_key_ready = f_wait == {WW{1'b0}} && ((CREDITS != 0) || f_key_free);

always @(posedge clk) begin : p_model
    if (key_fire) begin
        f_wait <= KEY_SETUP[WW-1:0] - 1'b1;
    end else if (f_wait != {WW{1'b0}}) begin
        f_wait <= f_wait - 1'b1;
    end
    if (in_fire) begin
        f_busy <= 1'b1;
        f_age <= {{(AW - 1){1'b0}}, 1'b1};
    end else if (f_busy) begin
        if (f_age != {AW{1'b1}}) begin
            f_age <= f_age + 1'b1;
        end
        if (f_age >= INTERVAL[AW-1:0] && out_free) begin
            f_busy <= 1'b0;
        end
    end
    f_in_d1 <= in_fire;
    f_out_d <= {f_out_d[0], out_fire};
    f_count <= f_count + {{(NW - 1){1'b0}}, f_in_d1} - {{(NW - 1){1'b0}}, f_out_d[1]};
    if (rst) begin
        f_rst_edges <= (f_rst_edges == 4'd15) ? 4'd15 : f_rst_edges + 4'd1;
        f_known <= (f_rst_edges + 4'd1 >= RESET_CYCLES[3:0]);
        f_wait <= READY_AFTER_RESET[WW-1:0];
        f_busy <= 1'b0;
        f_in_d1 <= 1'b0;
        f_out_d <= 2'b00;
        f_count <= {NW{1'b0}};
    end else begin
        f_rst_edges <= 4'd0;
    end
end

always @(*) begin
    if (armed && f_known && !rst) begin
        // the core takes a block or a key wherever its datasheet says it does ...
        if (f_axis_ready) begin
            ready_axis_taken: assert(s_axis_tready);
        end
        if (f_key_ready) begin
            ready_key_taken: assert(s_key_tready);
        end
        // ... and nowhere else
        if (!f_axis_ready) begin
            ready_axis_exact: assert(!s_axis_tready);
        end
        if (!f_key_ready) begin
            ready_key_exact: assert(!s_key_tready);
        end
    end
end

// not vacuous: a block taken in the cycle the engine or the credits allow it again
always @(*) begin
    if (armed && f_known && !rst) begin
        ready_back_to_back: cover(in_fire && ((CREDITS != 0) ? f_count == CREDITS - 2
                                              : f_busy && f_age >= INTERVAL[AW-1:0]));
    end
end
`endif

endmodule

`resetall
