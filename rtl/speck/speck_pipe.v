// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// SPECK with STAGES round units in a loop (1 to T); at STAGES = T a full pipeline, 1 block/cycle.
// Datasheet: docs/cores/speck_pipe.md
// Design notes: docs/cores/notes/speck_pipe.md (in the datasheets).
module speck_pipe #(
    // word size n in bits: 16, 24, 32, 48 or 64
    parameter integer WORD = 64,
    // key words m: with WORD, one of the ten (2n, mn) sets of the SPECK paper
    parameter integer KEY_WORDS = 2,
    // round units: 1 (folded) .. T (one unit per round); a block loops ceil(T/STAGES) times
    parameter integer STAGES = 32,
    // registers inside each round unit: 0 (one cycle a round) or 1..3
    // (docs/cores/notes/speck_pipe.md and speck_round_pipe)
    parameter integer SUBREG = 0
) (
    input  wire                      clk,
    input  wire                      rst,

    // key: {l_(m-2), ..., l_0, k_0} as printed in the SPECK paper
    input  wire [WORD*KEY_WORDS-1:0] s_key_tdata,
    input  wire                      s_key_tvalid,
    output wire                      s_key_tready,

    // input blocks {x, y}; tuser: 0 encrypt, 1 decrypt
    input  wire [2*WORD-1:0]         s_axis_tdata,
    input  wire                      s_axis_tuser,
    input  wire                      s_axis_tvalid,
    output wire                      s_axis_tready,

    // output blocks
    output wire [2*WORD-1:0]         m_axis_tdata,
    output wire                      m_axis_tuser,
    output wire                      m_axis_tvalid,
    input  wire                      m_axis_tready
);

// round count T of the set, 0 for a set that does not exist (as in speck_iter)
function integer speck_rounds(input integer n, input integer m);
    begin
        speck_rounds = 0;
        if (n == 16 && m == 4) speck_rounds = 22;
        if (n == 24 && m == 3) speck_rounds = 22;
        if (n == 24 && m == 4) speck_rounds = 23;
        if (n == 32 && m == 3) speck_rounds = 26;
        if (n == 32 && m == 4) speck_rounds = 27;
        if (n == 48 && m == 2) speck_rounds = 28;
        if (n == 48 && m == 3) speck_rounds = 29;
        if (n == 64 && m == 2) speck_rounds = 32;
        if (n == 64 && m == 3) speck_rounds = 33;
        if (n == 64 && m == 4) speck_rounds = 34;
    end
endfunction

localparam integer ROUNDS = speck_rounds(WORD, KEY_WORDS);
localparam integer UNITS = (STAGES >= 1) ? STAGES : 1;
localparam integer PASSES = (ROUNDS + UNITS - 1) / UNITS;   // passes through the loop
localparam integer ENTRY = PASSES * UNITS - ROUNDS;         // unit where a block enters
localparam integer KEY_W = WORD * KEY_WORDS;
localparam integer BLOCK_W = 2 * WORD;
localparam integer IDX_W = 6;                               // round / key-step index
localparam integer PASS_W = (PASSES > 1) ? $clog2(PASSES) : 1;    // pass counter
// the pass before the last one
localparam integer PASS_LAST_M1 = (PASSES > 1) ? PASSES - 2 : 0;
localparam integer ROUND_CYCLES = 1 + SUBREG;              // cycles a round
// a loop's pass and key-step fields have a reset (a block could go round for ever); the full
// pipeline's are constants (docs/cores/notes/speck_pipe.md, after a reset)
localparam integer LOOP_RST = (PASSES > 1) ? 1 : 0;
localparam integer IDX_DEC_0_I = ROUNDS - 2;
localparam [IDX_W-1:0] IDX_DEC_0 = IDX_DEC_0_I[IDX_W-1:0];   // backward key step of round 0
localparam integer IDX_DEC_1_I = ROUNDS - 3;
localparam [IDX_W-1:0] IDX_DEC_1 = IDX_DEC_1_I[IDX_W-1:0];   // ... and of round 1
// ring_more_next compares the pass before it is counted up: PASS_LAST_M1 - 1 (modulo the
// counter's width)
localparam integer PASS_LAST_M2_I = (PASS_LAST_M1 + (1 << PASS_W) - 1) % (1 << PASS_W);
localparam [PASS_W-1:0] PASS_LAST_M2 = PASS_LAST_M2_I[PASS_W-1:0];

// parameter check at elaboration
initial begin
    if (ROUNDS == 0) begin
        $error("speck_pipe %m: (WORD=%0d, KEY_WORDS=%0d) is not a SPECK parameter set",
               WORD, KEY_WORDS);
        $finish;
    end
    if (STAGES < 1 || STAGES > ROUNDS) begin
        $error("speck_pipe %m: STAGES=%0d, must be 1..%0d (the rounds of this set)", STAGES,
               ROUNDS);
        $finish;
    end
    if (SUBREG < 0 || SUBREG > 3) begin
        $error("speck_pipe %m: SUBREG=%0d, must be 0..3", SUBREG);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// the key: its input register and the pre-pass to the last round's key state (decryption)
// ---------------------------------------------------------------------------------------
// keys are accepted at any time (blocks inside carry their own key state), except during the
// output FIFO's wipe after reset, so that key_setup is the input register and the pre-pass.
// s_key_tready is a register beside the key input (speck_key_prep), a cycle after the FIFO's
// key_ready
wire             fifo_key_ready;
wire             key_busy;       // a key in the pre-pass's input register, or its pre-pass
wire [KEY_W-1:0] key_first;      // key state at round 0 (as loaded)
wire [KEY_W-1:0] key_last;       // key state at round T-1, l window reversed

speck_key_prep #(
    .WORD(WORD),
    .KEY_WORDS(KEY_WORDS),
    .ROUNDS(ROUNDS),
    .SUBREG(SUBREG)
) u_key_prep (
    .clk(clk),
    .rst(rst),
    .key_allow(fifo_key_ready),
    .key_data(s_key_tdata),
    .key_valid(s_key_tvalid),
    .key_ready(s_key_tready),
    .busy(key_busy),
    .key_first(key_first),
    .key_last(key_last)
);

// ---------------------------------------------------------------------------------------
// the loop: a slot register after each unit. The one-bit fields are vectors (bit j: unit j);
// the wide fields are registers in each unit's block, seen through the net arrays slot_*
// (one element per unit, so that each unit's register is a net of its own in simulation)
// ---------------------------------------------------------------------------------------
wire [UNITS-1:0]  slot_valid;            // the slot holds a block
wire [UNITS-1:0]  slot_more;             // ... which has passes left after this one
wire [UNITS-1:0]  slot_more_next;        // ... and still after the next one
wire [UNITS-1:0]  slot_dec;              // its direction (1 decrypt)
// verilator lint_off UNUSEDSIGNAL
wire [UNITS-1:0]  slot_valid_early;      // SUBREG >= 1: slot_valid and slot_more one cycle
wire [UNITS-1:0]  slot_more_early;       // ahead (one bit of one of them is used, in loops)
// verilator lint_on UNUSEDSIGNAL
// verilator lint_off UNUSEDSIGNAL
wire [PASS_W-1:0] slot_pass [0:UNITS-1]; // its pass (0..P-1); unused in the full pipeline
wire [IDX_W-1:0]  slot_idx  [0:UNITS-1]; // its next key-step index (loop only)
// verilator lint_on UNUSEDSIGNAL
wire [WORD-1:0]   slot_x    [0:UNITS-1];
wire [WORD-1:0]   slot_y    [0:UNITS-1];
wire [KEY_W-1:0]  slot_ks   [0:UNITS-1]; // its key state for its next round

// input register: the accepted block enters unit ENTRY in the next cycle
reg               in_valid_reg;
reg               in_dec_reg;
reg [BLOCK_W-1:0] in_data_reg;
reg [KEY_W-1:0]   in_ks_reg;

// unit inputs (one-bit fields)
wire [UNITS-1:0]  unit_valid;
// verilator lint_off UNUSEDSIGNAL
wire [UNITS-1:0]  unit_more;             // SUBREG >= 1: unused (full pipeline)
wire [UNITS-1:0]  unit_more_next;
// verilator lint_on UNUSEDSIGNAL
wire [UNITS-1:0]  unit_dec;

genvar j;
generate
    for (j = 0; j < UNITS; j = j + 1) begin : g_unit
        // ring input: the previous unit's slot, or for unit 0 the last unit's slot looping back
        // (in the full pipeline, P == 1, the pass and key-step fields are constant and unused)
        // verilator lint_off UNUSEDSIGNAL
        wire              ring_valid;
        wire              ring_more;
        wire              ring_more_next;
        wire              ring_dec;
        wire [PASS_W-1:0] ring_pass;
        wire [IDX_W-1:0]  ring_idx;
        wire [WORD-1:0]   ring_x;
        wire [WORD-1:0]   ring_y;
        wire [KEY_W-1:0]  ring_ks;
        wire [IDX_W-1:0]  unit_idx;      // unused in the full pipeline (constant indices)
        // verilator lint_on UNUSEDSIGNAL
        // unit inputs (wide fields)
        // verilator lint_off UNUSEDSIGNAL
        wire [PASS_W-1:0] unit_pass;     // SUBREG >= 1: unused (full pipeline)
        // verilator lint_on UNUSEDSIGNAL
        wire [WORD-1:0]   unit_x;
        wire [WORD-1:0]   unit_y;
        wire [KEY_W-1:0]  unit_ks;
        wire [IDX_W-1:0]  idx;

        if (j == 0) begin : g_loop
            // a block with passes left goes round again; a finished one has left for the
            // FIFO and its slot comes back empty, with no key material
            assign ring_valid = slot_more[UNITS-1];
            assign ring_more = slot_more_next[UNITS-1];
            assign ring_more_next = slot_more_next[UNITS-1]
                                    && (slot_pass[UNITS-1] != PASS_LAST_M2);
            assign ring_dec = slot_dec[UNITS-1];
            assign ring_pass = slot_pass[UNITS-1] + 1'b1;
            assign ring_idx = slot_idx[UNITS-1];
            assign ring_x = slot_x[UNITS-1];
            assign ring_y = slot_y[UNITS-1];
            assign ring_ks = slot_more[UNITS-1] ? slot_ks[UNITS-1] : {KEY_W{1'b0}};
        end else begin : g_chain
            assign ring_valid = slot_valid[j-1];
            assign ring_more = slot_more[j-1];
            assign ring_more_next = slot_more_next[j-1];
            assign ring_dec = slot_dec[j-1];
            assign ring_pass = slot_pass[j-1];
            assign ring_idx = slot_idx[j-1];
            assign ring_x = slot_x[j-1];
            assign ring_y = slot_y[j-1];
            assign ring_ks = slot_ks[j-1];
        end

        if (PASSES == 1) begin : g_straight
            // full pipeline: unit 0 takes the input register only, no loop; the key-step
            // index is a constant per unit and direction
            assign unit_valid[j] = (j == 0) ? in_valid_reg : ring_valid;
            assign unit_more[j] = 1'b0;
            assign unit_more_next[j] = 1'b0;
            assign unit_dec[j] = (j == 0) ? in_dec_reg : ring_dec;
            assign unit_pass = {PASS_W{1'b0}};
            assign unit_idx = {IDX_W{1'b0}};
            assign unit_x = (j == 0) ? in_data_reg[BLOCK_W-1:WORD] : ring_x;
            assign unit_y = (j == 0) ? in_data_reg[WORD-1:0] : ring_y;
            assign unit_ks = (j == 0) ? in_ks_reg : ring_ks;
            localparam integer IDX_FWD = j;               // forward step i = j
            localparam integer IDX_BWD = ROUNDS - 2 - j;  // backward step T-2-j
            localparam [IDX_W-1:0] IDX_FWD_W = IDX_FWD[IDX_W-1:0];
            localparam [IDX_W-1:0] IDX_BWD_W = IDX_BWD[IDX_W-1:0];
            assign idx = unit_dec[j] ? IDX_BWD_W : IDX_FWD_W;
        end else if (j == ENTRY) begin : g_entry
            // entry unit: the input register takes the slot (the slot is free: see tready)
            assign unit_valid[j] = in_valid_reg || ring_valid;
            assign unit_more[j] = in_valid_reg || ring_more;
            assign unit_more_next[j] = in_valid_reg ? (PASSES > 2) : ring_more_next;
            assign unit_dec[j] = in_valid_reg ? in_dec_reg : ring_dec;
            assign unit_pass = in_valid_reg ? {PASS_W{1'b0}} : ring_pass;
            assign unit_idx = in_valid_reg ? (in_dec_reg ? IDX_DEC_0 : {IDX_W{1'b0}})
                                           : ring_idx;
            assign unit_x = in_valid_reg ? in_data_reg[BLOCK_W-1:WORD] : ring_x;
            assign unit_y = in_valid_reg ? in_data_reg[WORD-1:0] : ring_y;
            assign unit_ks = in_valid_reg ? in_ks_reg : ring_ks;
            assign idx = unit_idx;
        end else begin : g_pass
            assign unit_valid[j] = ring_valid;
            assign unit_more[j] = ring_more;
            assign unit_more_next[j] = ring_more_next;
            assign unit_dec[j] = ring_dec;
            assign unit_pass = ring_pass;
            assign unit_idx = ring_idx;
            assign unit_x = ring_x;
            assign unit_y = ring_y;
            assign unit_ks = ring_ks;
            assign idx = unit_idx;
        end

        // key-step index of the next unit: up for encryption, down for decryption, counted
        // from the ring's register (the entry's choice comes after the count)
        // verilator lint_off UNUSEDSIGNAL
        // (loop only)
        wire [IDX_W-1:0] ring_idx_next = ring_dec ? ring_idx - 1'b1 : ring_idx + 1'b1;
        // verilator lint_on UNUSEDSIGNAL
        wire [IDX_W-1:0] next_idx;
        if (PASSES == 1) begin : g_k_none
            assign next_idx = {IDX_W{1'b0}};              // constant indices, unused
        end else if (j == ENTRY) begin : g_k_entry
            assign next_idx = in_valid_reg ? (in_dec_reg ? IDX_DEC_1 : {{(IDX_W-1){1'b0}}, 1'b1})
                                           : ring_idx_next;
        end else begin : g_k_ring
            assign next_idx = ring_idx_next;
        end

        if (SUBREG == 0) begin : g_comb
            wire [WORD-1:0]   out_x;
            wire [WORD-1:0]   out_y;
            wire [KEY_W-1:0]  out_ks;
            // the slot register after the unit (wide fields)
            reg  [PASS_W-1:0] pass_reg;
            reg  [IDX_W-1:0]  idx_reg;
            reg  [WORD-1:0]   x_reg;
            reg  [WORD-1:0]   y_reg;
            reg  [KEY_W-1:0]  ks_reg;

            // the round, with the round key k_i in the low word of the key state
            speck_round #(
                .WORD(WORD)
            ) u_round (
                .x(unit_x),
                .y(unit_y),
                .k(unit_ks[WORD-1:0]),
                .dec(unit_dec[j]),
                .x_o(out_x),
                .y_o(out_y)
            );

            // and beside it the key schedule: the key state of the block's next round
            speck_key_step #(
                .WORD(WORD),
                .KEY_WORDS(KEY_WORDS)
            ) u_key (
                .clk(clk),
                .ks(unit_ks),
                .idx(idx),
                .dec(unit_dec[j]),
                .ks_o(out_ks)
            );

            // slot register (wide fields): the loop always moves; nothing in it ever waits.
            // Only a loop's pass and key-step index have a reset (docs/cores/notes/speck_pipe.md,
            // after a reset)
            always @(posedge clk) begin : p_slot
                pass_reg <= unit_pass;
                idx_reg <= next_idx;
                x_reg <= out_x;
                y_reg <= out_y;
                ks_reg <= out_ks;
                if ((LOOP_RST != 0) && rst) begin
                    pass_reg <= {PASS_W{1'b0}};
                    idx_reg <= {IDX_W{1'b0}};
                end
            end

            assign slot_pass[j] = pass_reg;
            assign slot_idx[j] = idx_reg;
            assign slot_x[j] = x_reg;
            assign slot_y[j] = y_reg;
            assign slot_ks[j] = ks_reg;
        end else begin : g_piped
            // the round and the key step in 1 + SUBREG cycles; the one-bit fields, the pass
            // and the next key-step index ride with the round as its passenger (the full
            // pipeline's are constant or unused, and synthesis drops their registers)
            localparam integer PASS = 3 + PASS_W + IDX_W;
            wire [WORD-1:0]  out_x;
            wire [WORD-1:0]  out_y;
            wire [KEY_W-1:0] out_ks;
            wire             out_dec;
            wire [PASS-1:0]  out_pass;
            // verilator lint_off UNUSEDSIGNAL
            wire [PASS-1:0]  out_pass_early;    // only its valid and more bits are used
            // verilator lint_on UNUSEDSIGNAL

            speck_round_pipe #(
                .WORD(WORD),
                .SUBREG(SUBREG),
                .PASS(PASS),
                .PASS_RST(LOOP_RST)
            ) u_round (
                .clk(clk),
                .rst(rst),
                .x(unit_x),
                .y(unit_y),
                .k(unit_ks[WORD-1:0]),
                .dec(unit_dec[j]),
                .pass_i({unit_valid[j], unit_more[j], unit_more_next[j], unit_pass, next_idx}),
                .x_o(out_x),
                .y_o(out_y),
                .dec_o(out_dec),
                .pass_o(out_pass),
                .pass_q(out_pass_early)
            );

            speck_key_step #(
                .WORD(WORD),
                .KEY_WORDS(KEY_WORDS),
                .SUBREG(SUBREG)
            ) u_key (
                .clk(clk),
                .ks(unit_ks),
                .idx(idx),
                .dec(unit_dec[j]),
                .ks_o(out_ks)
            );

            assign slot_valid[j] = out_pass[PASS-1];
            assign slot_more[j] = out_pass[PASS-2];
            assign slot_more_next[j] = out_pass[PASS-3];
            assign slot_dec[j] = out_dec;
            assign slot_pass[j] = out_pass[IDX_W +: PASS_W];
            assign slot_idx[j] = out_pass[IDX_W-1:0];
            assign slot_valid_early[j] = out_pass_early[PASS-1];
            assign slot_more_early[j] = out_pass_early[PASS-2];
            assign slot_x[j] = out_x;
            assign slot_y[j] = out_y;
            assign slot_ks[j] = out_ks;
        end
    end
endgenerate

// slot registers (one-bit fields; SUBREG >= 1: in the round units)
generate
    if (SUBREG == 0) begin : g_loop_bits
        reg [UNITS-1:0] valid_reg;
        reg [UNITS-1:0] more_reg;
        reg [UNITS-1:0] more_next_reg;
        reg [UNITS-1:0] dec_reg;

        always @(posedge clk) begin : p_loop
            valid_reg <= unit_valid;
            more_reg <= unit_more;
            more_next_reg <= unit_more_next;
            dec_reg <= unit_dec;
            if (rst) begin
                // empty the loop or pipeline (axis_credit_fifo would take a block arriving
                // during its wipe; the direction bits need no reset)
                valid_reg <= {UNITS{1'b0}};
                more_reg <= {UNITS{1'b0}};
                more_next_reg <= {UNITS{1'b0}};
            end
        end

        assign slot_valid = valid_reg;
        assign slot_more = more_reg;
        assign slot_more_next = more_next_reg;
        assign slot_dec = dec_reg;
        assign slot_valid_early = {UNITS{1'b0}};
        assign slot_more_early = {UNITS{1'b0}};
    end
endgenerate

// ---------------------------------------------------------------------------------------
// input: a block is accepted when the slot facing unit ENTRY in the next cycle will be free and
// the FIFO has a credit for it, so its latency is always the same (registry: T + 2 with
// SUBREG = 0, T * (1 + SUBREG) + 5 otherwise)
// ---------------------------------------------------------------------------------------
wire slot_busy;   // the slot facing unit ENTRY next cycle holds a block with rounds left
wire credit;      // the output FIFO has room for one more block (registered)

generate
    if (PASSES == 1) begin : g_free
        assign slot_busy = 1'b0;
    end else if (SUBREG != 0) begin : g_free_piped
        // the slot facing unit ENTRY next cycle is now one register before the output of
        // the unit in front of it (unit UNITS-1 for ENTRY = 0: a block there goes round if it
        // has passes left)
        if (ENTRY == 0) begin : g_e0
            assign slot_busy = slot_more_early[UNITS-1];
        end else begin : g_en
            assign slot_busy = slot_valid_early[ENTRY-1];
        end
    end else if (UNITS == 1) begin : g_free1
        // one unit: next cycle it holds the block entering now, or this one if it goes round
        assign slot_busy = in_valid_reg || slot_more_next[0];
    end else if (ENTRY == 0) begin : g_free0
        // unit 0 next faces the slot now before the last unit
        assign slot_busy = slot_more[UNITS-2];
    end else if (ENTRY == 1) begin : g_free1e
        // unit 1 next faces the slot now looping back into unit 0
        assign slot_busy = slot_more[UNITS-1];
    end else begin : g_freee
        assign slot_busy = slot_valid[ENTRY-2];
    end
endgenerate

assign s_axis_tready = !s_key_tvalid && !key_busy && !slot_busy && credit;
wire in_fire = s_axis_tvalid && s_axis_tready;

always @(posedge clk) begin : p_input
    // loaded every cycle (in_fire only sets the valid bit, a small fan-out), so the key state
    // in it is always that of the current key: nothing lingers after a key load or clear
    in_valid_reg <= in_fire;
    in_dec_reg <= s_axis_tuser;
    in_data_reg <= s_axis_tdata;
    in_ks_reg <= s_axis_tuser ? key_last : key_first;
    if (rst) begin
        in_valid_reg <= 1'b0;
        in_dec_reg <= 1'b0;
        in_data_reg <= {BLOCK_W{1'b0}};
        in_ks_reg <= {KEY_W{1'b0}};
    end
end

// ---------------------------------------------------------------------------------------
// output FIFO: finished blocks leave the last unit's slot register. It takes a block
// UNITS * ROUND_CYCLES + 1 edges after its input handshake at most (the input register and
// each cycle of one pass: a loop holds no more blocks than that), and gives the key's ready
// flag after its wipe
// ---------------------------------------------------------------------------------------
wire [BLOCK_W-1:0] fifo_data;
// the FIFO's reset through a register of its own (no reset tree from the core's input to its
// control): it starts and ends a cycle after rst, so rst must stay high two edges
// (reset_cycles = 2, docs/interface.md rule 5)
reg                fifo_rst_reg;

always @(posedge clk) begin : p_fifo_rst
    fifo_rst_reg <= rst;
end

// the head chosen among the FIFO's read registers (HEAD_REG = 0, where PIPED): a head
// register of its own puts m_axis_tready on the enable of every head flip-flop
// (docs/cores/notes/axis_out_fifo.md)
axis_out_fifo #(
    .WIDTH(BLOCK_W),
    .USER_WIDTH(1),
    .LATENCY(UNITS * ROUND_CYCLES + 1),
    .PIPED((SUBREG != 0) ? 1 : 0),
    .HEAD_REG(0)
) u_fifo (
    .clk(clk),
    .rst(fifo_rst_reg),
    .reserve(in_fire),
    .credit(credit),
    .key_ready(fifo_key_ready),
    .s_axis_tdata({slot_x[UNITS-1], slot_y[UNITS-1]}),
    .s_axis_tuser(slot_dec[UNITS-1]),
    .s_axis_tvalid(slot_valid[UNITS-1] && !slot_more[UNITS-1]),
    .m_axis_tdata(fifo_data),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

assign m_axis_tdata = fifo_data;

endmodule

`resetall
