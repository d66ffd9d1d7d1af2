// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// SPECK key pre-pass at key load: the key's input register, then the key schedule stepped
// forward from round 0 to round T-1, for the key state at which decryption starts.
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

    // a key handshake in this cycle, and its key {l_(m-2), ..., l_0, k_0}
    input  wire                      key_valid,
    input  wire [WORD*KEY_WORDS-1:0] key_data,

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
// registers' enables (a few hundred flip-flops) from a flip-flop, not through logic
reg              key_valid_reg;  // a key is in key_in_reg
reg [KEY_W-1:0]  key_in_reg;
reg [KEY_W-1:0]  key_first_reg;  // key state at round 0 (as loaded)
reg [KEY_W-1:0]  key_last_reg;   // key state at round T-1, l window reversed
reg [KEY_W-1:0]  work_reg;       // pre-pass working state
reg              run_reg;        // pre-pass running
reg [IDX_W-1:0]  step_idx_reg;   // the step the working state is at
// the step's enable is a register of its own (it reaches every bit of the working state)
reg [2:0]        phase_reg;      // cycles into the current step
reg              step_reg;       // the step's result is at its output: take it

wire [KEY_W-1:0] work_next;

speck_key_step #(
    .WORD(WORD),
    .KEY_WORDS(KEY_WORDS),
    .SUBREG(SUBREG)
) u_step (
    .clk(clk),
    .ks(work_reg),
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

always @(posedge clk) begin : p_key_in
    // loaded every cycle, as the block input register
    key_valid_reg <= key_valid;
    key_in_reg <= key_data;
    if (rst) begin
        key_valid_reg <= 1'b0;
        key_in_reg <= {KEY_W{1'b0}};
    end
end

always @(posedge clk) begin : p_prep
    if (key_valid_reg) begin
        key_first_reg <= key_in_reg;
        work_reg <= key_in_reg;
        run_reg <= 1'b1;
        step_idx_reg <= {IDX_W{1'b0}};
        phase_reg <= 3'd0;
        step_reg <= (STEP_CYCLES == 1);
    end else begin
        if (run_reg) begin
            phase_reg <= step_reg ? 3'd0 : phase_reg + 3'd1;
        end
        // step_reg is only ever high during the pre-pass (low after its last step), so that
        // it alone enables the working state
        step_reg <= step_reg ? ((STEP_CYCLES == 1) && (step_idx_reg != LAST_STEP))
                             : (run_reg && (phase_reg == PHASE_LAST_M1));
        if (step_reg) begin
            work_reg <= work_next;
            step_idx_reg <= step_idx_reg + 1'b1;
            if (step_idx_reg == LAST_STEP) begin
                run_reg <= 1'b0;
            end
        end
    end

    // no block enters during the pre-pass: key_last_reg may follow every step (even one that
    // a new key cuts short: the new pre-pass's steps follow), and keeps the last one's. So its
    // enable does not depend on the key handshake
    if (step_reg) begin
        key_last_reg <= work_last;
    end

    if (rst) begin
        // wipe the key, then run the pre-pass for the all-zero key
        key_first_reg <= {KEY_W{1'b0}};
        key_last_reg <= {KEY_W{1'b0}};
        work_reg <= {KEY_W{1'b0}};
        run_reg <= 1'b1;
        step_idx_reg <= {IDX_W{1'b0}};
        phase_reg <= 3'd0;
        step_reg <= (STEP_CYCLES == 1);
    end
end

assign busy = key_valid_reg || run_reg;
assign key_first = key_first_reg;
assign key_last = key_last_reg;

endmodule

`resetall
