// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of a registered core (bounded model check from reset), named by defines that
// ciphercores.formal writes (FORMAL_CORE, FORMAL_CORE_PARAMS, FORMAL_CORE_TLEN, FORMAL_CORE_KEYS).
// The environment drives s_key and s_axis by the source rules (assumed, except across a reset
// edge) and m_axis_tready freely. Checked: m_axis source rules, zero while idle, cleared by a
// reset (rules 1, 5); the reset window, the wait for a key after it and the key wipe (rule 5);
// key priority (rule 3); at most CAPACITY blocks inside, none invented, two chosen blocks out
// once and in order (rule 2); a block into an empty core out after LATENCY cycles (rule 4);
// both tready exactly as the core's datasheet states (core_ready_props).
// Proofs and what they cover: docs/interface.md, "What is proven".
module core_formal #(
    parameter integer DATA_BITS = 32,
    parameter integer KEY_BITS = 64,
    parameter integer TLEN_BITS = 1,
    // blocks the core holds at most (its rounds and output register)
    parameter integer CAPACITY = 1,
    // m_axis_tdata while m_axis_tvalid is low (axis_source_props): 1 zero in every such cycle;
    // 2 rule 5 of docs/interface.md: zero until the first transfer after a reset, then zero or
    // a finished block (the last one transferred, or the next one), never round state
    parameter integer ZERO_IDLE = 1,
    // the registry's reset figures: edges rst must stay high, and the cycles after it falls
    // during which s_key_tready stays low
    parameter integer RESET_CYCLES = 1,
    parameter integer READY_AFTER_RESET = 0,
    // the registry's latency: input handshake edge to the first cycle of m_axis_tvalid
    parameter integer LATENCY = 1,
    // the registry's key_setup, interval and burst, and the datasheet's ready conditions (see
    // core_ready_props): KEY_WAIT of a folded core, CREDITS and CREDIT_PIPED of a pipelined
    // one, and the cycles blocks wait after a reset where they wait longer than keys
    parameter integer KEY_SETUP = 1,
    parameter integer INTERVAL = 1,
    parameter integer KEY_WAIT = 0,
    parameter integer CREDITS = 0,
    parameter integer CREDIT_PIPED = 1,
    parameter integer BURST = 1,
    parameter integer AXIS_AFTER_RESET = -1,
    parameter integer KEY_IN_SETUP = 0,
    // a core whose cycle figures follow the key length loaded: the one s_key_tlen offered
    // (the figures above are its), 0 for any
    parameter integer TLEN_FIXED = 0,
    // a Blowfish ring core (FORMAL_CORE_RING: bf_ring_ready_props in place of core_ready_props):
    // the stages of its ring, the blocks in flight
    parameter integer RING = 2
) (
    input wire clk
);

localparam integer CW = $clog2(CAPACITY + 2) + 1;

wire                           rst;
wire                           armed;
`ifdef FORMAL_CORE_KEYS
// every key register of the core (its FORMAL-only port), and what they hold for the zero key
// once it is set up (constants from the reference model, written by ciphercores.formal)
wire [`FORMAL_CORE_KEYS_BITS-1:0] f_keys;
`endif
(* anyseq *) wire [KEY_BITS-1:0]  s_key_tdata;
(* anyseq *) wire [TLEN_BITS-1:0] s_key_tlen;
(* anyseq *) wire              s_key_tvalid;
wire                           s_key_tready;
(* anyseq *) wire [DATA_BITS-1:0] s_axis_tdata;
(* anyseq *) wire              s_axis_tuser;
(* anyseq *) wire              s_axis_tvalid;
wire                           s_axis_tready;
wire [DATA_BITS-1:0]           m_axis_tdata;
wire                           m_axis_tuser;
wire                           m_axis_tvalid;
(* anyseq *) wire              m_axis_tready;
(* anyseq *) wire              pick;
(* anyseq *) wire              pick_time;
wire [CW-1:0]                  held;
wire [1:0]                     inside;
wire [CW-1:0]                  ahead0;
wire [CW-1:0]                  ahead1;
wire                           value0;
wire                           value1;
wire                           model_busy;
wire                           model_known;
wire [15:0]                    model_age;
wire                           lat_on;
wire [15:0]                    lat_age;
`ifdef FORMAL_CORE_ENGINE
// a folded core's round engine (its FORMAL-only port): {holds a block, the block's tuser,
// the rounds it has done (0 in the cycle after its handshake edge)}
wire [7:0]                     f_engine;
`endif
`ifdef FORMAL_CORE_SETUP
// a folded core whose key set-up is longer than the induction's k (its FORMAL-only port): the
// cycles left of the set-up running after a reset or a key handshake (0: none runs)
wire [7:0]                     f_setup;
`endif
wire [15:0]                    model_setup;
wire                           s_fire = s_axis_tvalid && s_axis_tready;
// the environment disregards every stream while rst is high (rule 5): an output transfer
// then is none (a core with RESET_CYCLES > 1 may still offer a block after the first edge)
wire                           m_fire = m_axis_tvalid && m_axis_tready && !rst;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

`FORMAL_CORE #(
    `FORMAL_CORE_PARAMS
) u_dut (
    .clk(clk),
    .rst(rst),
    .s_key_tdata(s_key_tdata),
`ifdef FORMAL_CORE_TLEN
    .s_key_tlen(s_key_tlen),
`endif
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
`ifdef FORMAL_CORE_KEYS
    ,
    .f_keys(f_keys)
`endif
`ifdef FORMAL_CORE_ENGINE
    ,
    .f_engine(f_engine)
`endif
`ifdef FORMAL_CORE_SETUP
    ,
    .f_setup(f_setup)
`endif
);

// the key length the figures are for
always @(*) begin
    if (TLEN_FIXED != 0) begin
        assume(s_key_tlen == TLEN_FIXED[TLEN_BITS-1:0]);
    end
end

axis_source_props #(
    .WIDTH(KEY_BITS + TLEN_BITS),
    .ASSUME(1)
) u_s_key (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_key_tvalid),
    .tready(s_key_tready),
    .tdata({s_key_tlen, s_key_tdata})
);

axis_source_props #(
    .WIDTH(DATA_BITS + 1),
    .ASSUME(1)
) u_s_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_axis_tvalid),
    .tready(s_axis_tready),
    .tdata({s_axis_tuser, s_axis_tdata})
);

axis_source_props #(
    .WIDTH(DATA_BITS + 1),
    .USER_BITS(1),
    .ASSUME(0),
    .ZERO_IDLE(ZERO_IDLE),
`ifdef FORMAL_CORE_ENGINE
    .KEEPS_LAST(1),
`endif
    .RESET_CLEARS(1),
    .RESET_CYCLES(RESET_CYCLES)
) u_m_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(m_axis_tvalid),
    .tready(m_axis_tready),
    .tdata({m_axis_tuser, m_axis_tdata})
);

axis_block_count_props #(
    .CAPACITY(CAPACITY),
    .CW(CW)
) u_blocks (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(s_fire),
    .out_fire(m_fire),
    .held(held)
);

axis_chosen_block_props #(
    .WIDTH(1),
    .CW(CW)
) u_chosen (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .pick(pick),
    .in_fire(s_fire),
    .in_data(s_axis_tuser),
    .out_fire(m_fire),
    .out_data(m_axis_tuser),
    .held(held),
    .inside(inside),
    .ahead0(ahead0),
    .ahead1(ahead1),
    .value0(value0),
    .value1(value1)
);

axis_latency_props #(
    .LATENCY(LATENCY),
    .CW(CW)
) u_latency (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .pick(pick_time),
    .in_fire(s_fire),
    .out_fire(m_fire),
    .out_valid(m_axis_tvalid),
    .out_ready(m_axis_tready),
    .held(held),
    .on(lat_on),
    .age(lat_age)
);

`ifdef FORMAL_CORE_RING
bf_ring_ready_props #(
    .RESET_CYCLES(RESET_CYCLES),
    .READY_AFTER_RESET(READY_AFTER_RESET),
    .KEY_SETUP(KEY_SETUP),
    .SLOTS(RING)
) u_ready (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);
`else
core_ready_props #(
    .RESET_CYCLES(RESET_CYCLES),
    .READY_AFTER_RESET(READY_AFTER_RESET),
    .KEY_SETUP(KEY_SETUP),
    .INTERVAL(INTERVAL),
    .KEY_WAIT(KEY_WAIT),
    .CREDITS(CREDITS),
    .CREDIT_PIPED(CREDIT_PIPED),
    .BURST(BURST),
    .AXIS_AFTER_RESET(AXIS_AFTER_RESET),
    .KEY_IN_SETUP(KEY_IN_SETUP)
) u_ready (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .busy(model_busy),
    .known(model_known),
    .age(model_age),
    .setup_left(model_setup)
);
`endif

// rule 5's reset window: consecutive edges with rst high (saturating), and a key offered
// from the first cycle after rst falls: the cycles it has waited, and whether the reset before
// it was of exactly RESET_CYCLES edges (only then is the wait exact; a longer one may shorten it)
localparam integer RW = $clog2(READY_AFTER_RESET + 2) + 1;
reg [3:0]    f_rst_edges = 4'd0;
reg          f_waiting = 1'b0;
reg          f_exact = 1'b0;
reg          f_long = 1'b0;
reg [RW-1:0] f_wait = {RW{1'b0}};
reg [RW-1:0] f_since = {RW{1'b0}};     // cycles since rst fell (saturating)
always @(posedge clk) begin : p_reset_window
    if (rst) begin
        f_rst_edges <= (f_rst_edges == 4'd15) ? 4'd15 : f_rst_edges + 4'd1;
        f_wait <= {RW{1'b0}};
        f_since <= {RW{1'b0}};
    end else begin
        f_rst_edges <= 4'd0;
        if (f_since <= READY_AFTER_RESET[RW-1:0]) begin
            f_since <= f_since + 1'b1;
        end
        if (f_waiting) begin
            if (!s_key_tvalid || s_key_tready) begin
                f_waiting <= 1'b0;
            end else if (f_wait <= READY_AFTER_RESET[RW-1:0]) begin
                f_wait <= f_wait + 1'b1;
            end
        end
    end
    if (rst) begin
        // a reset shorter than RESET_CYCLES is undefined: no wait is checked after it
        // (five bits: the count saturates at 15, and 15 + 1 must not wrap to 0)
        f_exact <= ({1'b0, f_rst_edges} + 5'd1 == RESET_CYCLES[4:0]);
        f_long <= ({1'b0, f_rst_edges} + 5'd1 >= RESET_CYCLES[4:0]);
        f_waiting <= ({1'b0, f_rst_edges} + 5'd1 >= RESET_CYCLES[4:0]);
    end
end

always @(*) begin
    // rule 5: rst stays high for RESET_CYCLES edges at least (a shorter pulse is undefined)
    if (armed && !rst && f_rst_edges != 4'd0) begin
        assume(f_rst_edges >= RESET_CYCLES[3:0]);
    end
    if (armed) begin
        // rule 3: key loads take priority
        core_key_priority: assert(!(s_axis_tready && s_key_tvalid));
        // rule 5: from the RESET_CYCLES-th edge with rst high, nothing is taken
        if (rst && f_rst_edges >= RESET_CYCLES[3:0]) begin
            core_reset_tready_low: assert(!s_axis_tready && !s_key_tready);
        end
        // rule 5: a key offered as rst falls waits READY_AFTER_RESET cycles at most, and
        // exactly that many after the shortest reset
        if (!rst && f_waiting && s_key_tvalid && f_long
                && f_wait >= READY_AFTER_RESET[RW-1:0]) begin
            core_ready_after_reset: assert(s_key_tready);
        end
        if (!rst && f_waiting && s_key_tvalid && f_exact
                && f_wait < READY_AFTER_RESET[RW-1:0]) begin
            core_ready_not_early: assert(!s_key_tready);
        end
`ifdef FORMAL_CORE_KEYS
        // rule 5: when the core is ready again after a reset, every key register holds the
        // zero key's state, whatever key was loaded before
        if (!rst && f_exact && f_since == READY_AFTER_RESET[RW-1:0]) begin
            core_key_wiped: assert(f_keys == `FORMAL_CORE_KEYS_ZERO);
        end
`endif
    end
end

`ifdef FORMAL_CORE_ENGINE
// a folded core proven by k-induction: the monitors' state tied to its round engine and output
// register (its own invariants are assertions inside its RTL): the blocks held are the
// engine's and the output register's, the ready model's engine is the core's, and each chosen
// block is where its place says, with its direction
always @(*) begin
    if (armed) begin
        engine_held: assert(held == {{(CW - 1){1'b0}}, f_engine[7]}
                                    + {{(CW - 1){1'b0}}, m_axis_tvalid});
        engine_model: assert(model_busy == f_engine[7]);
        // a block's rounds are the model's cycles since its handshake, up to its last round
        if (f_engine[7]) begin
            engine_rounds: assert({10'd0, f_engine[5:0]} + 16'd1
                                  == ((model_age < INTERVAL) ? model_age : INTERVAL));
        end
        // (resets are RESET_CYCLES edges long at least: the ready checks are on after one)
        if (!rst) begin
            engine_known: assert(model_known);
        end
        // the block the latency check follows entered the empty core: it is the engine's,
        // with nothing ahead of it, until it reaches the output register at LATENCY
        if (lat_on) begin
            engine_latency: assert((lat_age < LATENCY)
                                   ? model_busy && model_age == lat_age && !m_axis_tvalid
                                   : lat_age == LATENCY && m_axis_tvalid);
        end
        if (inside[0]) begin
            engine_first: assert((ahead0 == {CW{1'b0}} && m_axis_tvalid)
                                 ? m_axis_tuser == value0
                                 : f_engine[7] && f_engine[6] == value0);
        end
        if (inside[1]) begin
            engine_second: assert((ahead1 == {CW{1'b0}} && m_axis_tvalid)
                                  ? m_axis_tuser == value1
                                  : f_engine[7] && f_engine[6] == value1);
        end
`ifdef FORMAL_CORE_SETUP
        // the ready model's set-up is the core's: the same cycles left of it
        engine_setup: assert(model_setup == {8'd0, f_setup});
        // rule 5's reset window is the model's: the cycles since rst fell and the set-up left
        // make READY_AFTER_RESET until it ends; a key offered since rst fell and not taken
        // has waited all of them, and no block was taken meanwhile
        if (f_since <= READY_AFTER_RESET[RW-1:0]) begin
            engine_reset_setup: assert(model_setup + f_since == READY_AFTER_RESET[15:0]);
        end
        if (f_waiting) begin
            engine_reset_wait: assert(f_wait == f_since && !model_busy);
        end
`endif
    end
end
`endif

endmodule

`resetall
