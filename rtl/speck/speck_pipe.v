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
    // registers inside each round unit: 0 (one cycle a round) or 1..3 (see above and
    // speck_round_pipe)
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

localparam integer T = speck_rounds(WORD, KEY_WORDS);
localparam integer S = (STAGES >= 1) ? STAGES : 1;
localparam integer P = (T + S - 1) / S;                // passes through the loop
localparam integer E = P * S - T;                      // unit where a block enters
localparam integer KW = WORD * KEY_WORDS;
localparam integer BW = 2 * WORD;
localparam integer CW = 6;                             // round / key-step index
localparam integer PW = (P > 1) ? $clog2(P) : 1;       // pass counter
localparam integer LASTC = (P > 1) ? P - 2 : 0;        // pass before the last one
// FIFO credits (capacity 2^FIFO_LOG2 + 1): at least S + 3, every block that can be between
// input and output with the output always ready (the loop, the input register, the FIFO input
// and the credit's way back), so credits never throttle a free stream
localparam integer FIFO_LOG2 = (S + 2 > 2) ? $clog2(S + 2) : 1;
// SUBREG >= 1 (axis_credit_fifo_piped: four cycles to m_valid, a reservation counted a cycle
// late, a credit back two cycles after delivery): every block in flight, as in aes_pipe
localparam integer R = 1 + SUBREG;                     // cycles a round
localparam integer FIFO_LOG2_PIPED = $clog2(S * R + 9);
// a loop's pass and key-step fields have a reset (a block could go round for ever); the full
// pipeline's are constants (see "Reset" in the header)
localparam integer LOOP_RST = (P > 1) ? 1 : 0;
localparam integer PREP_CYC = (SUBREG == 0) ? 1 : R + 1;    // cycles a pre-pass step
localparam integer PREP_LAST = PREP_CYC - 1;
localparam integer PREP_LAST_M1_I = (PREP_CYC > 1) ? PREP_LAST - 1 : 0;
localparam [2:0] PREP_LAST_M1 = PREP_LAST_M1_I[2:0];
localparam integer T_M2_I = T - 2;
localparam [CW-1:0] T_M2 = T_M2_I[CW-1:0];             // backward key step of round 0
localparam integer T_M3_I = T - 3;
localparam [CW-1:0] T_M3 = T_M3_I[CW-1:0];             // ... and of round 1
// ri_gn compares the pass before it is counted up: LASTC - 1 (modulo the counter's width)
localparam integer LASTC_M1_I = (LASTC + (1 << PW) - 1) % (1 << PW);
localparam [PW-1:0] LASTC_M1 = LASTC_M1_I[PW-1:0];

// parameter check at elaboration
initial begin
    if (T == 0) begin
        $error("speck_pipe %m: (WORD=%0d, KEY_WORDS=%0d) is not a SPECK parameter set",
               WORD, KEY_WORDS);
        $finish;
    end
    if (STAGES < 1 || STAGES > T) begin
        $error("speck_pipe %m: STAGES=%0d, must be 1..%0d (the rounds of this set)", STAGES, T);
        $finish;
    end
    if (SUBREG < 0 || SUBREG > 3) begin
        $error("speck_pipe %m: SUBREG=%0d, must be 0..3", SUBREG);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// key registers and the pre-pass to the last round's key state (for decryption)
// ---------------------------------------------------------------------------------------
reg [KW-1:0] key0_reg;           // key state at round 0 (as loaded)
reg [KW-1:0] keyl_reg;           // key state at round T-1, l window reversed (for decryption)
reg [KW-1:0] prep_ks_reg;        // pre-pass working state
reg          prep_reg;           // pre-pass running: no block is accepted
reg [CW-1:0] prep_cnt_reg;
// SUBREG >= 1: the pre-pass steps through the piped key step too (a combinational step would
// be the slowest path), one step every PREP_CYC = 2 + SUBREG cycles (its 1 + SUBREG and the
// working register): key setup (T - 1) * PREP_CYC + 2 cycles with the key's input register.
// The step's enable is a register of its own (it reaches every bit of the working state)
reg [2:0]    prep_ph_reg;        // cycles into the current step
reg          prep_step_reg;      // the step's result is at its output: take it (pre-pass only)

wire [KW-1:0] prep_ks_next;

speck_key_step #(
    .WORD(WORD),
    .KEY_WORDS(KEY_WORDS),
    .SUBREG(SUBREG)
) u_prep (
    .clk(clk),
    .ks(prep_ks_reg),
    .idx(prep_cnt_reg),
    .dec(1'b0),
    .ks_o(prep_ks_next)
);

// the last round's key state with its l window in backward order (see speck_key_step)
wire [KW-1:0] prep_last;

genvar w;
generate
    for (w = 0; w < KEY_WORDS - 1; w = w + 1) begin : g_rev
        assign prep_last[(w+1)*WORD +: WORD] = prep_ks_next[(KEY_WORDS-1-w)*WORD +: WORD];
    end
endgenerate
assign prep_last[WORD-1:0] = prep_ks_next[WORD-1:0];

// keys are accepted at any time (blocks inside carry their own key state), except during the
// output FIFO's wipe after reset, so that key_setup is the input register and the pre-pass.
// The key goes through an input register first: the handshake then reaches the key
// registers' enables (a few hundred flip-flops) from a flip-flop, not through logic
wire fifo_wiping;
assign s_key_tready = !fifo_wiping;
wire key_fire = s_key_tvalid && s_key_tready;
reg          key_v_reg;          // a key is in key_in_reg
reg [KW-1:0] key_in_reg;

always @(posedge clk) begin : p_key_in
    // loaded every cycle, as the block input register
    key_v_reg <= key_fire;
    key_in_reg <= s_key_tdata;
    if (rst) begin
        key_v_reg <= 1'b0;
        key_in_reg <= {KW{1'b0}};
    end
end

always @(posedge clk) begin : p_key
    if (key_v_reg) begin
        key0_reg <= key_in_reg;
        prep_ks_reg <= key_in_reg;
        prep_reg <= 1'b1;
        prep_cnt_reg <= {CW{1'b0}};
        prep_ph_reg <= 3'd0;
        prep_step_reg <= (PREP_CYC == 1);
    end else begin
        if (prep_reg) begin
            prep_ph_reg <= prep_step_reg ? 3'd0 : prep_ph_reg + 3'd1;
        end
        // prep_step_reg is only ever high during the pre-pass (low after its last step), so
        // that it alone enables the working state
        prep_step_reg <= prep_step_reg ? ((PREP_CYC == 1) && (prep_cnt_reg != T_M2))
                                       : (prep_reg && (prep_ph_reg == PREP_LAST_M1));
        if (prep_step_reg) begin
            prep_ks_reg <= prep_ks_next;
            prep_cnt_reg <= prep_cnt_reg + 1'b1;
            if (prep_cnt_reg == T_M2) begin
                prep_reg <= 1'b0;
            end
        end
    end

    // no block enters during the pre-pass: keyl_reg may follow every step (even one that a
    // new key cuts short: the new pre-pass's steps follow), and keeps the last one's. So its
    // enable does not depend on the key handshake
    if (prep_step_reg) begin
        keyl_reg <= prep_last;
    end

    if (rst) begin
        // wipe the key, then run the pre-pass for the all-zero key
        key0_reg <= {KW{1'b0}};
        keyl_reg <= {KW{1'b0}};
        prep_ks_reg <= {KW{1'b0}};
        prep_reg <= 1'b1;
        prep_cnt_reg <= {CW{1'b0}};
        prep_ph_reg <= 3'd0;
        prep_step_reg <= (PREP_CYC == 1);
    end
end

// ---------------------------------------------------------------------------------------
// the loop: a slot register after each unit. The one-bit fields are vectors (bit j: unit j);
// the wide fields are registers in each unit's block, seen through the net arrays *_s (one
// element per unit, so that each unit's register is a net of its own in simulation)
// ---------------------------------------------------------------------------------------
wire [S-1:0]     v_q;            // the slot holds a block
wire [S-1:0]     go_q;           // ... which has passes left after this one
wire [S-1:0]     gn_q;           // ... and still after the next one (go of its next pass)
wire [S-1:0]     d_q;            // its direction (1 decrypt)
// verilator lint_off UNUSEDSIGNAL
wire [S-1:0]     pre_v;          // SUBREG >= 1: v_q and go_q one cycle ahead (one bit of one
wire [S-1:0]     pre_go;         // of them is used, in loops only)
// verilator lint_on UNUSEDSIGNAL
// verilator lint_off UNUSEDSIGNAL
wire [PW-1:0]    c_s  [0:S-1];   // its pass (0..P-1); unused in the full pipeline
wire [CW-1:0]    k_s  [0:S-1];   // its next key-step index (loop only)
// verilator lint_on UNUSEDSIGNAL
wire [WORD-1:0]  x_s  [0:S-1];
wire [WORD-1:0]  y_s  [0:S-1];
wire [KW-1:0]    ks_s [0:S-1];   // its key state for its next round

// input register: the accepted block enters unit E in the next cycle
reg            in_v_reg;
reg            in_d_reg;
reg [BW-1:0]   in_data_reg;
reg [KW-1:0]   in_ks_reg;

// unit inputs (one-bit fields)
wire [S-1:0]    ui_v;
// verilator lint_off UNUSEDSIGNAL
wire [S-1:0]    ui_go;          // SUBREG >= 1: unused (full pipeline)
wire [S-1:0]    ui_gn;
// verilator lint_on UNUSEDSIGNAL
wire [S-1:0]    ui_d;

genvar j;
generate
    for (j = 0; j < S; j = j + 1) begin : g_unit
        // ring input: the previous unit's slot, or for unit 0 the last unit's slot looping back
        // (in the full pipeline, P == 1, the pass and key-step fields are constant and unused)
        // verilator lint_off UNUSEDSIGNAL
        wire            ri_v;
        wire            ri_go;
        wire            ri_gn;
        wire            ri_d;
        wire [PW-1:0]   ri_c;
        wire [CW-1:0]   ri_k;
        wire [WORD-1:0] ri_x;
        wire [WORD-1:0] ri_y;
        wire [KW-1:0]   ri_ks;
        wire [CW-1:0]   ui_k;           // unused in the full pipeline (constant indices)
        // verilator lint_on UNUSEDSIGNAL
        // unit inputs (wide fields)
        // verilator lint_off UNUSEDSIGNAL
        wire [PW-1:0]   ui_c;           // SUBREG >= 1: unused (full pipeline)
        // verilator lint_on UNUSEDSIGNAL
        wire [WORD-1:0] ui_x;
        wire [WORD-1:0] ui_y;
        wire [KW-1:0]   ui_ks;
        wire [CW-1:0]   idx;

        if (j == 0) begin : g_loop
            // a block with passes left goes round again; a finished one has left for the
            // FIFO and its slot comes back empty, with no key material
            assign ri_v = go_q[S-1];
            assign ri_go = gn_q[S-1];
            assign ri_gn = gn_q[S-1] && (c_s[S-1] != LASTC_M1);
            assign ri_d = d_q[S-1];
            assign ri_c = c_s[S-1] + 1'b1;
            assign ri_k = k_s[S-1];
            assign ri_x = x_s[S-1];
            assign ri_y = y_s[S-1];
            assign ri_ks = go_q[S-1] ? ks_s[S-1] : {KW{1'b0}};
        end else begin : g_chain
            assign ri_v = v_q[j-1];
            assign ri_go = go_q[j-1];
            assign ri_gn = gn_q[j-1];
            assign ri_d = d_q[j-1];
            assign ri_c = c_s[j-1];
            assign ri_k = k_s[j-1];
            assign ri_x = x_s[j-1];
            assign ri_y = y_s[j-1];
            assign ri_ks = ks_s[j-1];
        end

        if (P == 1) begin : g_straight
            // full pipeline: unit 0 takes the input register only, no loop; the key-step
            // index is a constant per unit and direction
            assign ui_v[j] = (j == 0) ? in_v_reg : ri_v;
            assign ui_go[j] = 1'b0;
            assign ui_gn[j] = 1'b0;
            assign ui_d[j] = (j == 0) ? in_d_reg : ri_d;
            assign ui_c = {PW{1'b0}};
            assign ui_k = {CW{1'b0}};
            assign ui_x = (j == 0) ? in_data_reg[BW-1:WORD] : ri_x;
            assign ui_y = (j == 0) ? in_data_reg[WORD-1:0] : ri_y;
            assign ui_ks = (j == 0) ? in_ks_reg : ri_ks;
            localparam integer IDX_E = j;                 // forward step i = j
            localparam integer IDX_D = T - 2 - j;         // backward step T-2-j
            localparam [CW-1:0] IDX_ENC = IDX_E[CW-1:0];
            localparam [CW-1:0] IDX_DEC = IDX_D[CW-1:0];
            assign idx = ui_d[j] ? IDX_DEC : IDX_ENC;
        end else if (j == E) begin : g_entry
            // entry unit: the input register takes the slot (the slot is free: see tready)
            assign ui_v[j] = in_v_reg || ri_v;
            assign ui_go[j] = in_v_reg || ri_go;
            assign ui_gn[j] = in_v_reg ? (P > 2) : ri_gn;
            assign ui_d[j] = in_v_reg ? in_d_reg : ri_d;
            assign ui_c = in_v_reg ? {PW{1'b0}} : ri_c;
            assign ui_k = in_v_reg ? (in_d_reg ? T_M2 : {CW{1'b0}}) : ri_k;
            assign ui_x = in_v_reg ? in_data_reg[BW-1:WORD] : ri_x;
            assign ui_y = in_v_reg ? in_data_reg[WORD-1:0] : ri_y;
            assign ui_ks = in_v_reg ? in_ks_reg : ri_ks;
            assign idx = ui_k;
        end else begin : g_pass
            assign ui_v[j] = ri_v;
            assign ui_go[j] = ri_go;
            assign ui_gn[j] = ri_gn;
            assign ui_d[j] = ri_d;
            assign ui_c = ri_c;
            assign ui_k = ri_k;
            assign ui_x = ri_x;
            assign ui_y = ri_y;
            assign ui_ks = ri_ks;
            assign idx = ui_k;
        end

        // key-step index of the next unit: up for encryption, down for decryption, counted
        // from the ring's register (the entry's choice comes after the count)
        // verilator lint_off UNUSEDSIGNAL
        wire [CW-1:0]   ri_k_next = ri_d ? ri_k - 1'b1 : ri_k + 1'b1;   // loop only
        // verilator lint_on UNUSEDSIGNAL
        wire [CW-1:0]   uo_k;
        if (P == 1) begin : g_k_none
            assign uo_k = {CW{1'b0}};                     // constant indices, unused
        end else if (j == E) begin : g_k_entry
            assign uo_k = in_v_reg ? (in_d_reg ? T_M3 : {{(CW-1){1'b0}}, 1'b1}) : ri_k_next;
        end else begin : g_k_ring
            assign uo_k = ri_k_next;
        end

        if (SUBREG == 0) begin : g_comb
            wire [WORD-1:0] uo_x;
            wire [WORD-1:0] uo_y;
            wire [KW-1:0]   uo_ks;
            // the slot register after the unit (wide fields)
            reg  [PW-1:0]   c_reg;
            reg  [CW-1:0]   k_reg;
            reg  [WORD-1:0] x_reg;
            reg  [WORD-1:0] y_reg;
            reg  [KW-1:0]   ks_reg;

            // the round, with the round key k_i in the low word of the key state
            speck_round #(
                .WORD(WORD)
            ) u_round (
                .x(ui_x),
                .y(ui_y),
                .k(ui_ks[WORD-1:0]),
                .dec(ui_d[j]),
                .x_o(uo_x),
                .y_o(uo_y)
            );

            // and beside it the key schedule: the key state of the block's next round
            speck_key_step #(
                .WORD(WORD),
                .KEY_WORDS(KEY_WORDS)
            ) u_key (
                .clk(clk),
                .ks(ui_ks),
                .idx(idx),
                .dec(ui_d[j]),
                .ks_o(uo_ks)
            );

            // slot register (wide fields): the loop always moves; nothing in it ever waits.
            // Only a loop's pass and key-step index have a reset (see "Reset" in the header)
            always @(posedge clk) begin : p_slot
                c_reg <= ui_c;
                k_reg <= uo_k;
                x_reg <= uo_x;
                y_reg <= uo_y;
                ks_reg <= uo_ks;
                if ((LOOP_RST != 0) && rst) begin
                    c_reg <= {PW{1'b0}};
                    k_reg <= {CW{1'b0}};
                end
            end

            assign c_s[j] = c_reg;
            assign k_s[j] = k_reg;
            assign x_s[j] = x_reg;
            assign y_s[j] = y_reg;
            assign ks_s[j] = ks_reg;
        end else begin : g_piped
            // the round and the key step in 1 + SUBREG cycles; the one-bit fields, the pass
            // and the next key-step index ride with the round as its passenger (the full
            // pipeline's are constant or unused, and synthesis drops their registers)
            localparam integer PASS = 3 + PW + CW;
            wire [WORD-1:0] uo_x;
            wire [WORD-1:0] uo_y;
            wire [KW-1:0]   uo_ks;
            wire            uo_d;
            wire [PASS-1:0] uo_pass;
            // verilator lint_off UNUSEDSIGNAL
            wire [PASS-1:0] pre_pass;       // only its v and go bits are used
            // verilator lint_on UNUSEDSIGNAL

            speck_round_pipe #(
                .WORD(WORD),
                .SUBREG(SUBREG),
                .PASS(PASS),
                .PASS_RST(LOOP_RST)
            ) u_round (
                .clk(clk),
                .rst(rst),
                .x(ui_x),
                .y(ui_y),
                .k(ui_ks[WORD-1:0]),
                .dec(ui_d[j]),
                .pass_i({ui_v[j], ui_go[j], ui_gn[j], ui_c, uo_k}),
                .x_o(uo_x),
                .y_o(uo_y),
                .dec_o(uo_d),
                .pass_o(uo_pass),
                .pass_q(pre_pass)
            );

            speck_key_step #(
                .WORD(WORD),
                .KEY_WORDS(KEY_WORDS),
                .SUBREG(SUBREG)
            ) u_key (
                .clk(clk),
                .ks(ui_ks),
                .idx(idx),
                .dec(ui_d[j]),
                .ks_o(uo_ks)
            );

            assign v_q[j] = uo_pass[PASS-1];
            assign go_q[j] = uo_pass[PASS-2];
            assign gn_q[j] = uo_pass[PASS-3];
            assign d_q[j] = uo_d;
            assign c_s[j] = uo_pass[CW +: PW];
            assign k_s[j] = uo_pass[CW-1:0];
            assign pre_v[j] = pre_pass[PASS-1];
            assign pre_go[j] = pre_pass[PASS-2];
            assign x_s[j] = uo_x;
            assign y_s[j] = uo_y;
            assign ks_s[j] = uo_ks;
        end
    end
endgenerate

// slot registers (one-bit fields; SUBREG >= 1: in the round units)
generate
    if (SUBREG == 0) begin : g_loop_bits
        reg [S-1:0] v_reg;
        reg [S-1:0] go_reg;
        reg [S-1:0] gn_reg;
        reg [S-1:0] d_reg;

        always @(posedge clk) begin : p_loop
            v_reg <= ui_v;
            go_reg <= ui_go;
            gn_reg <= ui_gn;
            d_reg <= ui_d;
            if (rst) begin
                // empty the loop or pipeline (axis_credit_fifo would take a block arriving
                // during its wipe; the direction bits need no reset)
                v_reg <= {S{1'b0}};
                go_reg <= {S{1'b0}};
                gn_reg <= {S{1'b0}};
            end
        end

        assign v_q = v_reg;
        assign go_q = go_reg;
        assign gn_q = gn_reg;
        assign d_q = d_reg;
        assign pre_v = {S{1'b0}};
        assign pre_go = {S{1'b0}};
    end
endgenerate

// ---------------------------------------------------------------------------------------
// input: a block is accepted when the slot facing unit E in the next cycle will be free and
// the FIFO has a credit for it, so its latency is always the same (registry: T + 2 with
// SUBREG = 0, T * (1 + SUBREG) + 5 otherwise)
// ---------------------------------------------------------------------------------------
wire slot_busy;   // the slot that will face unit E next cycle holds a block with rounds left
wire credit;      // the output FIFO has room for one more block (registered)

generate
    if (P == 1) begin : g_free
        assign slot_busy = 1'b0;
    end else if (SUBREG != 0) begin : g_free_piped
        // the slot facing unit E next cycle is now one register before the output of the
        // unit in front of it (unit S-1 for E = 0: a block there goes round if it has passes
        // left)
        if (E == 0) begin : g_e0
            assign slot_busy = pre_go[S-1];
        end else begin : g_en
            assign slot_busy = pre_v[E-1];
        end
    end else if (S == 1) begin : g_free1
        // one unit: next cycle it holds the block entering now, or this one if it goes round
        assign slot_busy = in_v_reg || gn_q[0];
    end else if (E == 0) begin : g_free0
        // unit 0 next faces the slot now before the last unit
        assign slot_busy = go_q[S-2];
    end else if (E == 1) begin : g_free1e
        // unit 1 next faces the slot now looping back into unit 0
        assign slot_busy = go_q[S-1];
    end else begin : g_freee
        assign slot_busy = v_q[E-2];
    end
endgenerate

assign s_axis_tready = !s_key_tvalid && !key_v_reg && !prep_reg && !slot_busy && credit;
wire in_fire = s_axis_tvalid && s_axis_tready;

always @(posedge clk) begin : p_input
    // loaded every cycle (in_fire only sets the valid bit, a small fan-out), so the key state
    // in it is always that of the current key: nothing lingers after a key load or clear
    in_v_reg <= in_fire;
    in_d_reg <= s_axis_tuser;
    in_data_reg <= s_axis_tdata;
    in_ks_reg <= s_axis_tuser ? keyl_reg : key0_reg;
    if (rst) begin
        in_v_reg <= 1'b0;
        in_d_reg <= 1'b0;
        in_data_reg <= {BW{1'b0}};
        in_ks_reg <= {KW{1'b0}};
    end
end

// ---------------------------------------------------------------------------------------
// output FIFO: finished blocks leave the last unit's slot register
// ---------------------------------------------------------------------------------------
wire [BW:0] fifo_out;

generate
    if (SUBREG == 0) begin : g_fifo
        axis_credit_fifo #(
            .WIDTH(BW + 1),
            .DEPTH_LOG2(FIFO_LOG2)
        ) u_fifo (
            .clk(clk),
            .rst(rst),
            .reserve(in_fire),
            .credit(credit),
            .wiping(fifo_wiping),
            .s_data({d_q[S-1], x_s[S-1], y_s[S-1]}),
            .s_valid(v_q[S-1] && !go_q[S-1]),
            .m_data(fifo_out),
            .m_valid(m_axis_tvalid),
            .m_ready(m_axis_tready)
        );
    end else begin : g_fifo_piped
        axis_credit_fifo_piped #(
            .WIDTH(BW + 1),
            .DEPTH_LOG2(FIFO_LOG2_PIPED)
        ) u_fifo (
            .clk(clk),
            .rst(rst),
            .reserve(in_fire),
            .credit(credit),
            .wiping(fifo_wiping),
            .s_data({d_q[S-1], x_s[S-1], y_s[S-1]}),
            .s_valid(v_q[S-1] && !go_q[S-1]),
            .m_data(fifo_out),
            .m_valid(m_axis_tvalid),
            .m_ready(m_axis_tready)
        );
    end
endgenerate

assign m_axis_tdata = fifo_out[BW-1:0];
assign m_axis_tuser = fifo_out[BW];

endmodule

`resetall
