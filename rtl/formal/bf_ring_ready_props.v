// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// When a Blowfish ring core (bf_iter: bf_core's ring of SLOTS stages) is ready: s_axis_tready
// and s_key_tready equal, in every cycle, the condition its datasheet states ("Key loading" and
// bf_core's design notes), computed from the core's ports alone: a model of the ring, not of
// its registers (below). The labels are core_ready_props'.
// Proofs and what they cover: docs/interface.md, "What is proven".
module bf_ring_ready_props #(
    parameter integer RESET_CYCLES = 1,
    parameter integer READY_AFTER_RESET = 0,
    parameter integer KEY_SETUP = 1,
    // stages of the ring (ROUND_CYCLES: the blocks in flight) and rounds a block
    parameter integer SLOTS = 2,
    parameter integer ROUNDS = 16
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

// The model: a block taken in cycle c is in the ring's data stage in cycles c + m SLOTS,
// m = 1 .. ROUNDS (its rounds); after its last round it is a result, which leaves for the
// output register in that cycle if the register is free (m_axis_tvalid low or m_axis_tready
// high) and every block taken before it has left, and otherwise goes round once more (SLOTS
// cycles) and tries again. A block is taken in a cycle whose data stage is empty or has its
// result leaving, while no key is offered and no key schedule runs; a key, while no key
// schedule runs and the ring holds no block (the output register is not drained). The key
// schedule takes KEY_SETUP cycles after a key handshake, READY_AFTER_RESET after a reset (as
// core_ready_props).

initial begin
    if (KEY_SETUP < 1 || SLOTS < 2 || SLOTS > 4 || ROUNDS < 2 || ROUNDS > 16) begin
        $error("bf_ring_ready_props %m: KEY_SETUP=%0d (1..), SLOTS=%0d (2..4), ROUNDS=%0d",
               KEY_SETUP, SLOTS, ROUNDS);
        $finish;
    end
end

`ifdef FORMAL
localparam integer WAIT_MAX = (READY_AFTER_RESET > KEY_SETUP) ? READY_AFTER_RESET : KEY_SETUP;
localparam integer WW = $clog2(WAIT_MAX + 2) + 1;

wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;
wire out_free = !m_axis_tvalid || m_axis_tready;

reg [3:0]    f_rst_edges = 4'd0;   // consecutive edges with rst high (saturating)
reg          f_known = 1'b0;       // after a reset of at least RESET_CYCLES edges
reg [WW-1:0] f_wait = {WW{1'b0}};  // cycles left of the key schedule after a reset or a key
// the ring, slot j the one in the data stage j cycles from now: a block, its round (ROUNDS - 1:
// a result) and its place in the input order (mod 4: at most SLOTS < 4 blocks in the ring)
reg [SLOTS-1:0]   f_v = {SLOTS{1'b0}};
reg [4*SLOTS-1:0] f_rnd = {(4*SLOTS){1'b0}};
reg [2*SLOTS-1:0] f_tag = {(2*SLOTS){1'b0}};
reg [1:0]         f_in_tag = 2'd0;  // the next block taken
reg [1:0]         f_out_tag = 2'd0; // the next block to leave

wire [3:0] f_ds_rnd = f_rnd[3:0];
wire       f_result = f_v[0] && f_ds_rnd == ROUNDS[3:0] - 4'd1;
wire       f_leave = f_result && f_tag[1:0] == f_out_tag && out_free;
wire       f_axis_ready = !s_key_tvalid && f_wait == {WW{1'b0}} && (!f_v[0] || f_leave);
wire       f_key_ready = f_wait == {WW{1'b0}} && f_v == {SLOTS{1'b0}};
wire       f_back = f_v[0] && f_ds_rnd != ROUNDS[3:0] - 4'd1;

always @(posedge clk) begin : p_model
    if (key_fire) begin
        f_wait <= KEY_SETUP[WW-1:0] - 1'b1;
    end else if (f_wait != {WW{1'b0}}) begin
        f_wait <= f_wait - 1'b1;
    end
    f_v <= {in_fire || (f_v[0] && !f_leave), f_v[SLOTS-1:1]};
    f_rnd <= {in_fire ? 4'd0 : (f_back ? f_ds_rnd + 4'd1 : f_ds_rnd), f_rnd[4*SLOTS-1:4]};
    f_tag <= {in_fire ? f_in_tag : f_tag[1:0], f_tag[2*SLOTS-1:2]};
    if (in_fire) begin
        f_in_tag <= f_in_tag + 2'd1;
    end
    if (f_leave) begin
        f_out_tag <= f_out_tag + 2'd1;
    end
    if (rst) begin
        f_rst_edges <= (f_rst_edges == 4'd15) ? 4'd15 : f_rst_edges + 4'd1;
        f_known <= ({1'b0, f_rst_edges} + 5'd1 >= RESET_CYCLES[4:0]);
        f_wait <= READY_AFTER_RESET[WW-1:0];
        f_v <= {SLOTS{1'b0}};
        f_in_tag <= 2'd0;
        f_out_tag <= 2'd0;
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
    // the checks are on after every reset (resets are RESET_CYCLES edges long at least, as
    // core_formal assumes), however long it was
    if (armed && !rst) begin
        ready_known: assert(f_known);
    end
end

// not vacuous: a block taken into the slot of a result leaving in the same cycle
always @(*) begin
    if (armed && f_known && !rst) begin
        ready_back_to_back: cover(in_fire && f_v[0] && f_leave);
    end
end
`endif

endmodule

`resetall
