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
    // a pipelined core with an output FIFO of CREDITS blocks. CREDIT_PIPED = 1
    // (axis_credit_fifo_piped): a block counts against the credits from the second cycle after
    // its input handshake up to and including the second cycle after its output handshake, and
    // s_axis_tready needs fewer than CREDITS - 1 counted; CREDIT_PIPED = 0 (axis_credit_fifo):
    // a block counts from the cycle after its input handshake up to and including the cycle of
    // its output handshake, and s_axis_tready needs fewer than CREDITS counted
    parameter integer CREDITS = 0,
    parameter integer CREDIT_PIPED = 1,
    // a pipelined core whose blocks go round a loop of BURST slots INTERVAL times (speck_pipe
    // with STAGES < T): a block taken in cycle c holds the slot it entered by in cycles
    // c + m BURST, m = 1 .. INTERVAL - 1, and no block is taken then (1: no loop)
    parameter integer BURST = 1,
    // cycles after rst falls during which s_axis_tready stays low (-1: READY_AFTER_RESET):
    // more where a core sets up the zero key after a reset while it already takes keys
    parameter integer AXIS_AFTER_RESET = -1,
    // 1: a pipelined core takes a key during the set-up of the one before, which it restarts
    // (each block carries its key state: a key's set-up holds back blocks only)
    parameter integer KEY_IN_SETUP = 0
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
    input wire m_axis_tready,
    // the model's folded engine holds a block (f_busy), and the checks are on (after a reset
    // of RESET_CYCLES edges at least), for the wrapper's invariants
    output wire busy,
    output wire known,
    output wire [15:0] age,
    // the cycles left of the set-up after a reset or a key (0: none runs), for a core's tie of
    // its own set-up to the model (core_formal, FORMAL_CORE_SETUP)
    output wire [15:0] setup_left
);

initial begin
    if (KEY_SETUP < 1 || INTERVAL < 1 || KEY_WAIT < 0 || CREDITS < 0 || CREDITS == 1
            || BURST < 1 || AXIS_AFTER_RESET < -1
            || (KEY_IN_SETUP != 0 && (KEY_IN_SETUP != 1 || CREDITS == 0))) begin
        $error("core_ready_props %m: KEY_SETUP=%0d, INTERVAL=%0d (1..), KEY_WAIT=%0d, CREDITS=%0d",
               KEY_SETUP, INTERVAL, KEY_WAIT, CREDITS);
        $finish;
    end
end

`ifdef FORMAL
localparam integer AXIS_RST = (AXIS_AFTER_RESET < 0) ? READY_AFTER_RESET : AXIS_AFTER_RESET;
localparam integer WAIT_RST = (AXIS_RST > READY_AFTER_RESET) ? AXIS_RST : READY_AFTER_RESET;
localparam integer WAIT_MAX = (WAIT_RST > KEY_SETUP) ? WAIT_RST : KEY_SETUP;
// a loop's slots: the input handshakes of the last (INTERVAL - 1) BURST cycles
localparam integer LOOP = (CREDITS != 0 && INTERVAL > 1) ? (INTERVAL - 1) * BURST : 1;
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
reg [WW-1:0] f_kwait = {WW{1'b0}}; // ... before a key is taken
reg [LOOP-1:0] f_loop = {LOOP{1'b0}}; // input handshakes 1 .. LOOP cycles ago (bit 0: 1)
reg          f_busy = 1'b0;        // a block in the round engine (folded core)
reg [AW-1:0] f_age = {AW{1'b0}};   // cycles since its handshake edge (saturating)
reg          f_in_d1 = 1'b0;       // an input handshake a cycle ago
reg [1:0]    f_out_d = 2'b00;      // output handshakes one and two cycles ago
reg [NW-1:0] f_count = {NW{1'b0}}; // blocks counted against the credits

assign busy = f_busy;
assign known = f_known;
// (the model's cycles since the block's handshake edge, zero-extended)
wire [31:0] f_age_wide = f_age;
assign age = f_age_wide[15:0];
wire [31:0] f_wait_wide = f_wait;
assign setup_left = f_wait_wide[15:0];

wire f_engine_free = !f_busy || (f_age >= INTERVAL[AW-1:0] && out_free);
wire f_key_free = !f_busy || (KEY_WAIT < INTERVAL && f_age > KEY_WAIT[AW-1:0]);
wire f_credit = f_count < CREDITS - ((CREDIT_PIPED != 0) ? 1 : 0);
wire [LOOP-1:0] f_loop_next;
generate
    if (LOOP > 1) begin : g_loop
        assign f_loop_next = {f_loop[LOOP-2:0], in_fire};
    end else begin : g_no_loop
        assign f_loop_next = in_fire;
    end
endgenerate
// the slot a block enters by comes round again
reg  f_slot_busy;
integer f_m;
always @(*) begin
    f_slot_busy = 1'b0;
    if (LOOP > 1) begin
        for (f_m = 1; f_m < INTERVAL; f_m = f_m + 1) begin
            f_slot_busy = f_slot_busy || f_loop[f_m * BURST - 1];
        end
    end
end
wire f_axis_ready = !s_key_tvalid && f_wait == {WW{1'b0}}
                    && ((CREDITS != 0) ? f_credit && !f_slot_busy : f_engine_free);
// keys wait as blocks do after a reset or a key, unless one of the two above differs
wire [WW-1:0] f_key_wait = (KEY_IN_SETUP == 0 && AXIS_RST == READY_AFTER_RESET) ? f_wait
                                                                             : f_kwait;
wire f_key_ready = f_key_wait == {WW{1'b0}} && ((CREDITS != 0) || f_key_free);

always @(posedge clk) begin : p_model
    if (key_fire) begin
        f_wait <= KEY_SETUP[WW-1:0] - 1'b1;
    end else if (f_wait != {WW{1'b0}}) begin
        f_wait <= f_wait - 1'b1;
    end
    if (key_fire && KEY_IN_SETUP == 0) begin
        f_kwait <= KEY_SETUP[WW-1:0] - 1'b1;
    end else if (f_kwait != {WW{1'b0}}) begin
        f_kwait <= f_kwait - 1'b1;
    end
    f_loop <= f_loop_next;
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
    if (CREDIT_PIPED != 0) begin
        f_count <= f_count + {{(NW - 1){1'b0}}, f_in_d1} - {{(NW - 1){1'b0}}, f_out_d[1]};
    end else begin
        f_count <= f_count + {{(NW - 1){1'b0}}, in_fire} - {{(NW - 1){1'b0}}, out_fire};
    end
    if (rst) begin
        f_rst_edges <= (f_rst_edges == 4'd15) ? 4'd15 : f_rst_edges + 4'd1;
        // (five bits: the count saturates at 15, and 15 + 1 must not wrap to 0)
        f_known <= ({1'b0, f_rst_edges} + 5'd1 >= RESET_CYCLES[4:0]);
        f_wait <= AXIS_RST[WW-1:0];
        f_kwait <= READY_AFTER_RESET[WW-1:0];
        f_loop <= {LOOP{1'b0}};
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

// invariants of the model (k-induction): its set-up counts never exceed the values they are
// loaded with
localparam integer WAIT_HI = (KEY_SETUP - 1 > AXIS_RST) ? KEY_SETUP - 1 : AXIS_RST;
localparam integer KWAIT_HI = (KEY_SETUP - 1 > READY_AFTER_RESET) ? KEY_SETUP - 1
                                                                 : READY_AFTER_RESET;
always @(*) begin
    if (armed) begin
        ready_wait_range: assert(f_wait <= WAIT_HI && f_kwait <= KWAIT_HI);
    end
end

// not vacuous: a block taken in the cycle the engine or the credits allow it again
always @(*) begin
    if (armed && f_known && !rst) begin
        ready_back_to_back: cover(in_fire && ((CREDITS != 0)
                                              ? f_count == CREDITS - 1 - CREDIT_PIPED
                                              : f_busy && f_age >= INTERVAL[AW-1:0]));
    end
end
`else
assign busy = 1'b0;
assign known = 1'b0;
assign age = 16'd0;
assign setup_left = 16'd0;
`endif

endmodule

`resetall
