// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// SPECK key pre-pass at key load: the key's handshake and input register, then the key schedule
// stepped forward from round 0 to round T-1, for the key state at which decryption starts.
// Datasheet: docs/cores/speck_pipe.md
// Design notes: docs/cores/notes/speck_key_prep.md (in the datasheets).
module speck_key_prep #(
    // word size n in bits: 16, 24, 32, 48 or 64
    parameter integer WORD = 64,
    // key words m: with WORD, one of the ten (2n, mn) sets of the SPECK paper
    parameter integer KEY_WORDS = 2,
    // the rounds T of the set (the caller's figure: speck_pipe's)
    parameter integer ROUNDS = 32,
    // registers inside the key step: 0 (combinational) or 1..3 (speck_round_pipe)
    parameter integer SUBREG = 0
) (
    input  wire                      clk,
    input  wire                      rst,

    // keys may be taken from the next cycle on: low from a reset until the caller is ready
    // (speck_pipe: its output FIFO's wipe is over), then high until the next reset
    input  wire                      key_allow,
    // the key stream {l_(m-2), ..., l_0, k_0}; key_ready from registers
    input  wire [WORD*KEY_WORDS-1:0] key_data,
    input  wire                      key_valid,
    output wire                      key_ready,

    // a key is in the input register or the pre-pass runs (the key states below are not yet
    // those of the last key)
    output wire                      busy,
    // the key state at round 0 (as loaded)
    output wire [WORD*KEY_WORDS-1:0] key_first,
    // the key state at round T-1, its l window in backward order (see speck_key_step)
    output wire [WORD*KEY_WORDS-1:0] key_last
);

localparam integer KEY_W = WORD * KEY_WORDS;
localparam integer IDX_W = 6;                                   // key-step index
// SUBREG >= 1: the pre-pass steps through the piped key step too (a combinational step would
// be the slowest path), one step every STEP_CYCLES = 2 + SUBREG cycles (its 1 + SUBREG and
// the working register): key setup (T - 1) * STEP_CYCLES + 2 cycles with the input register
localparam integer STEP_CYCLES = (SUBREG == 0) ? 1 : SUBREG + 2;
localparam integer PHASE_LAST_M1_I = (STEP_CYCLES > 1) ? STEP_CYCLES - 2 : 0;
localparam [2:0] PHASE_LAST_M1 = PHASE_LAST_M1_I[2:0];
localparam integer LAST_STEP_I = ROUNDS - 2;
localparam [IDX_W-1:0] LAST_STEP = LAST_STEP_I[IDX_W-1:0];       // forward step T-2 -> T-1
// the key's ready and valid flags and the step's enable have a copy for each 32 key bits (a
// slice), so that no flip-flop drives the enables of more than 32 bits of each key register
localparam integer SLICE = 32;
localparam integer COPIES = (KEY_W + SLICE - 1) / SLICE;

// parameter check at elaboration
initial begin
    if (ROUNDS < 22 || ROUNDS > 34) begin
        $error("speck_key_prep %m: ROUNDS=%0d, must be 22..34 (SPECK's sets)", ROUNDS);
        $finish;
    end
    if (SUBREG < 0 || SUBREG > 3) begin
        $error("speck_key_prep %m: SUBREG=%0d, must be 0..3", SUBREG);
        $finish;
    end
end

// The key goes through an input register first: the handshake then reaches the key
// registers' enables (a few hundred flip-flops) from flip-flops, not through logic.
// Synthesis merges flip-flops whose next values are the same, whatever their attributes: the
// copies stay apart because each one's next value reads the copy itself (ready: sticky until
// a reset; valid: from its own ready; step: from its own last value)
reg [COPIES-1:0] ready_reg;      // key_ready, one copy a slice
reg [COPIES-1:0] valid_reg;      // a key is in key_in_reg, one copy a slice
reg [KEY_W-1:0]  key_in_reg;
wire [KEY_W-1:0] work;           // pre-pass working state (the slices' registers)
reg              run_reg;        // pre-pass running
reg [IDX_W-1:0]  step_idx_reg;   // the step the working state is at
reg [2:0]        phase_reg;      // cycles into the current step
// the step's result is at its output: take it (only ever high during the pre-pass, low after
// its last step, so that it alone enables the working state), one copy a slice
reg [COPIES-1:0] step_reg;

wire [KEY_W-1:0] work_next;

speck_key_step #(
    .WORD(WORD),
    .KEY_WORDS(KEY_WORDS),
    .SUBREG(SUBREG)
) u_step (
    .clk(clk),
    .ks(work),
    .idx(step_idx_reg),
    .dec(1'b0),
    .ks_o(work_next)
);

// the last round's key state with its l window in backward order (see speck_key_step)
wire [KEY_W-1:0] work_last;

genvar w;
generate
    for (w = 0; w < KEY_WORDS - 1; w = w + 1) begin : g_rev
        assign work_last[(w+1)*WORD +: WORD] = work_next[(KEY_WORDS-1-w)*WORD +: WORD];
    end
endgenerate
assign work_last[WORD-1:0] = work_next[WORD-1:0];

integer c;
always @(posedge clk) begin : p_key_in
    ready_reg <= ready_reg | {COPIES{key_allow}};
    valid_reg <= ready_reg & {COPIES{key_valid}};
    // loaded every cycle, as the block input register
    key_in_reg <= key_data;
    if (rst) begin
        ready_reg <= {COPIES{1'b0}};
        valid_reg <= {COPIES{1'b0}};
        key_in_reg <= {KEY_W{1'b0}};
    end
end

always @(posedge clk) begin : p_step
    for (c = 0; c < COPIES; c = c + 1) begin
        if (valid_reg[c]) begin
            step_reg[c] <= (STEP_CYCLES == 1);
        end else begin
            step_reg[c] <= step_reg[c] ? ((STEP_CYCLES == 1) && (step_idx_reg != LAST_STEP))
                                       : (run_reg && (phase_reg == PHASE_LAST_M1));
        end
    end
    if (rst) begin
        step_reg <= {COPIES{(STEP_CYCLES == 1)}};
    end
end

// the control, from the first copies
always @(posedge clk) begin : p_prep
    if (valid_reg[0]) begin
        run_reg <= 1'b1;
        step_idx_reg <= {IDX_W{1'b0}};
        phase_reg <= 3'd0;
    end else begin
        if (run_reg) begin
            phase_reg <= step_reg[0] ? 3'd0 : phase_reg + 3'd1;
        end
        if (step_reg[0]) begin
            step_idx_reg <= step_idx_reg + 1'b1;
            if (step_idx_reg == LAST_STEP) begin
                run_reg <= 1'b0;
            end
        end
    end
    if (rst) begin
        // run the pre-pass for the all-zero key
        run_reg <= 1'b1;
        step_idx_reg <= {IDX_W{1'b0}};
        phase_reg <= 3'd0;
    end
end

// the key registers, a slice at a time with its own copies
genvar s;
generate
    for (s = 0; s < COPIES; s = s + 1) begin : g_slice
        localparam integer LO = s * SLICE;
        localparam integer W = (KEY_W - LO < SLICE) ? KEY_W - LO : SLICE;
        reg [W-1:0] first_reg;   // key state at round 0 (as loaded)
        reg [W-1:0] last_reg;    // key state at round T-1, l window reversed
        reg [W-1:0] work_reg;    // pre-pass working state

        always @(posedge clk) begin : p_slice
            if (valid_reg[s]) begin
                first_reg <= key_in_reg[LO +: W];
                work_reg <= key_in_reg[LO +: W];
            end else if (step_reg[s]) begin
                work_reg <= work_next[LO +: W];
            end
            // no block enters during the pre-pass: last_reg may follow every step (even one
            // that a new key cuts short: the new pre-pass's steps follow), and keeps the last
            // one's. So its enable does not depend on the key handshake
            if (step_reg[s]) begin
                last_reg <= work_last[LO +: W];
            end
            if (rst) begin
                // wipe the key (the pre-pass then steps the all-zero key)
                first_reg <= {W{1'b0}};
                last_reg <= {W{1'b0}};
                work_reg <= {W{1'b0}};
            end
        end

        assign key_first[LO +: W] = first_reg;
        assign key_last[LO +: W] = last_reg;
        assign work[LO +: W] = work_reg;
    end
endgenerate

assign key_ready = ready_reg[0];
assign busy = valid_reg[0] || run_reg;

endmodule

`resetall
