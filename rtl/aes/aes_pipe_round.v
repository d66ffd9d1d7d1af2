// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// One AES round of aes_pipe (round ROUND of Nr, LANES blocks, the key step beside the data):
// 1 + SUBREG + MIXREG register stages (no MIXREG in the last round), never stalls.
// Datasheet: docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_pipe_round.md (in the datasheets).
module aes_pipe_round #(
    // key length in bits: 128, 192 or 256 (Nr = 10, 12 or 14 rounds)
    parameter integer KEY_BITS = 128,
    // this round's number, 1 .. Nr (the last round has no MixColumns)
    parameter integer ROUND = 1,
    // blocks per beat (lane 0 in the low bits)
    parameter integer LANES = 1,
    // aes_pipe's registers and S-boxes (see there): registers after SubBytes (0..2), after
    // the linear layer (0/1), the S-box tables (0: LUTs, 1: block RAM, 2: composite field),
    // both directions (1) or encrypt only (0)
    parameter integer SUBREG = 0,
    parameter integer MIXREG = 0,
    parameter integer SBOX_BRAM = 1,
    parameter integer DECRYPT = 1
) (
    input  wire                  clk,

    // the state and its direction presented to this round's S-box ROMs: their address
    // registers are the previous stage's state register (the previous round's end, or stage 0)
    input  wire [128*LANES-1:0]  rom_state,
    input  wire                  rom_dir,

    // the previous stage's registers beside the state: the key window, the S-box input word
    // of this round's key step (selected a stage ahead), the direction and the valid bit
    input  wire [255:0]          in_win,
    input  wire [31:0]           in_sin,
    input  wire                  in_dir,
    input  wire                  in_valid,

    // the round's result, not registered here: the next round's S-box ROMs (or aes_pipe's
    // output register after the last round) register it together with out_*
    output wire [128*LANES-1:0]  res_state,
    output wire                  res_dir,

    // the round's last registers: the stepped key window, the next round's S-box input word
    // (unused after the last round), the direction and the valid bit
    output wire [255:0]          out_win,
    output wire [31:0]           out_sin,
    output wire                  out_dir,
    output wire                  out_valid
);

// Cycle timing, a block entering at edge 0 (rom_state into the ROMs, in_* in the previous
// stage's registers): SUBREG = 0: out_* and the register after res_* at edge 1 (+ MIXREG).
// SUBREG = 1: the ROMs' output register at edge 1, out_* at edge 2 (+ MIXREG). SUBREG = 2:
// the ROMs' output register at edge 1, a fabric register at edge 2, out_* at edge 3
// (+ MIXREG). MIXREG = 1 adds the register after the linear layer before out_*, except in
// the last round.

localparam integer NR = (KEY_BITS == 128) ? 10 : (KEY_BITS == 192) ? 12 : 14;
localparam integer NKI = (KEY_BITS == 128) ? 0 : (KEY_BITS == 192) ? 1 : 2;
localparam [1:0]   NK_CODE = NKI[1:0];
localparam integer W = 128 * LANES;
localparam         LAST = (ROUND == NR);
// the key step's window number: forward from g = ROUND, backward from g = NR + 2 - ROUND;
// the next round's, for its S-box input word
localparam integer GF = ROUND;
localparam integer GB = NR + 2 - ROUND;
localparam [3:0]   G_FWD = GF[3:0];
localparam [3:0]   G_BWD = GB[3:0];
localparam integer GF_NEXT = ROUND + 1;
localparam integer GB_NEXT = NR + 1 - ROUND;
localparam [3:0]   G_FWD_NEXT = GF_NEXT[3:0];
localparam [3:0]   G_BWD_NEXT = GB_NEXT[3:0];

initial begin
    if ((KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) || ROUND < 1 || ROUND > NR
        || LANES < 1 || LANES > 8 || SUBREG < 0 || SUBREG > 2 || (MIXREG != 0 && MIXREG != 1)
        || SBOX_BRAM < 0 || SBOX_BRAM > 2 || (DECRYPT != 0 && DECRYPT != 1)) begin
        $error({"aes_pipe_round %m: KEY_BITS=%0d (128/192/256), ROUND=%0d (1..Nr), ",
                "LANES=%0d (1..8), SUBREG=%0d (0..2), MIXREG=%0d (0/1), SBOX_BRAM=%0d (0..2), ",
                "DECRYPT=%0d (0/1)"}, KEY_BITS, ROUND, LANES, SUBREG, MIXREG, SBOX_BRAM,
               DECRYPT);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// key step
// ---------------------------------------------------------------------------------------
// SubWord and the step's plan (aes_key_sub), then the new words (aes_key_words). With
// SUBREG = 2 a register lies between the two and the window steps in the round's second
// stage, else the whole step lies before the round's first register.
// With SUBREG = 2 the step is split by linearity: the new window is a XOR of the window and
// SubWord terms, next(win, sub) = next(win, 0) ^ next(0, sub) (Rcon in the first term), so
// the first term is computed from the window in the round's first stage and registered in
// place of the window (sub1_win), and the second stage adds the SubWord term only: one LUT
// before the window and round-key registers (the XOR chains of the new words were the
// slowest paths of aes_pipe)
wire [31:0]  key_sub;
wire [11:0]  key_plan;
wire [255:0] step_win;     // the window the word half steps
wire [255:0] step_base;    // XORed into the word half's result
wire [255:0] base_next;    // SUBREG = 2: the window's term, for sub1_win
wire         step_dir;
wire [31:0]  step_sub;
wire [11:0]  step_plan;
wire [255:0] words_next;
wire [255:0] step_next = step_base ^ words_next;
wire [127:0] step_rk_unused;
wire [31:0]  key_sin_unused;
aes_key_sub #(
    .PRESEL(1),
    // SBOX_BRAM = 2: the key step's S-boxes in the composite field too
    .TOWER(SBOX_BRAM == 2 ? 1 : 0)
) u_key_sub (
    .win(in_win),
    .nk_code(NK_CODE),
    .bwd(in_dir),
    .g(in_dir ? G_BWD : G_FWD),
    .sin(key_sin_unused),
    .sin_pre(in_sin),
    .sub(key_sub),
    .pl(key_plan)
);
aes_key_words u_key_words (
    .win(step_win),
    .nk_code(NK_CODE),
    .bwd(step_dir),
    .sub(step_sub),
    .pl(step_plan),
    .next(words_next),
    .rk(step_rk_unused)
);

// ---------------------------------------------------------------------------------------
// byte layer
// ---------------------------------------------------------------------------------------
// per lane, of the state presented to its ROMs at the previous edge: the ROM words (16 bits
// a byte), with products except in the last round
wire [2*W-1:0] sub_out;
genvar l;
generate
    for (l = 0; l < LANES; l = l + 1) begin : g_sub
        aes_sub_rom_layer #(
            .BRAM(SBOX_BRAM),
            .OUTREG(SUBREG != 0 ? 1 : 0),
            .MULT(LAST ? 0 : 1)
        ) u_sub (
            .clk(clk),
            .s(rom_state[l*128 +: 128]),
            .inv(rom_dir),
            .y(sub_out[l*256 +: 256])
        );
    end
endgenerate

// first register after the byte layer (SUBREG >= 1): the state's is the ROMs' output
// register (in the block RAM itself on ECP5); the key window, direction and valid beside it
wire [2*W-1:0] sub1_state = sub_out;
wire [255:0]   sub1_win;
wire           sub1_dir;
wire           sub1_valid;
generate
    if (SUBREG != 0) begin : g_subreg
        reg [255:0] win_reg;
        reg         dir_reg;
        reg         valid_reg;
        always @(posedge clk) begin : p_sub
            // SUBREG = 2: the window's term of the step, which the next stage finishes
            win_reg <= (SUBREG == 2) ? base_next : step_next;
            dir_reg <= in_dir;
            valid_reg <= in_valid;
        end
        assign sub1_win = win_reg;
        assign sub1_dir = dir_reg;
        assign sub1_valid = valid_reg;
    end else begin : g_nosubreg
        wire [255:0] base_unused = base_next;
        assign sub1_win = step_next;
        assign sub1_dir = in_dir;
        assign sub1_valid = in_valid;
    end

    if (SUBREG == 2) begin : g_keyreg
        // the window's term (the step with SubWord zero, Rcon in it)
        wire [127:0] base_rk_unused;
        aes_key_words u_key_base (
            .win(in_win),
            .nk_code(NK_CODE),
            .bwd(in_dir),
            .sub(32'h0),
            .pl(key_plan),
            .next(base_next),
            .rk(base_rk_unused)
        );
        // the key step's SubWord and plan (Rcon is in the window's term), registered beside
        // the window's term
        reg [31:0] sub_reg;
        reg [3:0]  plan_reg;
        always @(posedge clk) begin : p_key
            sub_reg <= key_sub;
            plan_reg <= key_plan[11:8];
        end
        // the SubWord term: a zero window, no Rcon
        assign step_win = 256'h0;
        assign step_base = sub1_win;
        assign step_dir = sub1_dir;
        assign step_sub = sub_reg;
        assign step_plan = {plan_reg, 8'h00};
    end else begin : g_nokeyreg
        assign base_next = 256'h0;
        assign step_win = in_win;
        assign step_base = 256'h0;
        assign step_dir = in_dir;
        assign step_sub = key_sub;
        assign step_plan = key_plan;
    end
endgenerate

// second register after the byte layer (SUBREG = 2), in the fabric: the linear layer starts
// at flip-flops placed near it, not at the RAMs; the window takes its step
wire [2*W-1:0]       lin_state;
wire [255:0]         lin_win;
wire [512*LANES-1:0] lin_rk_rows;
wire                 lin_dir;
wire                 lin_valid;
generate
    if (SUBREG == 2) begin : g_subreg2
        reg [2*W-1:0] state_reg;
        reg [255:0]   win_reg;
        reg           dir_reg;
        reg           valid_reg;
        always @(posedge clk) begin : p_sub2
            state_reg <= sub1_state;
            win_reg <= step_next;
            dir_reg <= sub1_dir;
            valid_reg <= sub1_valid;
        end
        assign lin_state = state_reg;
        assign lin_win = win_reg;
        assign lin_dir = dir_reg;
        assign lin_valid = valid_reg;
    end else begin : g_nosubreg2
        assign lin_state = sub1_state;
        assign lin_win = sub1_win;
        assign lin_dir = sub1_dir;
        assign lin_valid = sub1_valid;
    end
    if (SUBREG == 2 && !LAST && DECRYPT != 0) begin : g_rk_rows
        // the round key again beside lin_win, four copies per lane for the linear layer's
        // InvMixColumns(rk), one per output row: each flip-flop drives the XOR trees of one
        // output byte (up to 8), not of four (up to 23). Kept apart from their equals (the
        // attribute on the process, whose flip-flops Yosys would merge otherwise).
        reg [512*LANES-1:0] rk_rows_reg;
        (* keep *)
        always @(posedge clk) begin : p_rk_rows
            rk_rows_reg <= {4*LANES{step_next[127:0]}};
        end
        assign lin_rk_rows = rk_rows_reg;
    end else begin : g_rk_rows_win
        assign lin_rk_rows = {4*LANES{lin_win[127:0]}};
    end
endgenerate

// ---------------------------------------------------------------------------------------
// linear layer
// ---------------------------------------------------------------------------------------
// and round key per lane: mix_enc to encrypt, mix_dec ^ mix_key to decrypt (mix_key, part
// of InvMixColumns(rk), is the same in every lane: lane 0's is used)
wire [W-1:0] mix_enc;
wire [W-1:0] mix_dec;
wire [127:0] mix_key;
generate
    for (l = 0; l < LANES; l = l + 1) begin : g_mix
        wire [127:0] key_lane;
        aes_mix_mult #(
            .LAST(LAST ? 1 : 0)
        ) u_mix (
            .q(lin_state[l*256 +: 256]),
            .rk(lin_win[127:0]),
            .rk_rows(lin_rk_rows[l*512 +: 512]),
            .e(mix_enc[l*128 +: 128]),
            .d(mix_dec[l*128 +: 128]),
            .k(key_lane)
        );
        if (l == 0) begin : g_k
            assign mix_key = key_lane;
        end else begin : g_k_same
            wire [127:0] key_lane_unused = key_lane;
        end
    end
endgenerate

// registers after the linear layer (MIXREG = 1, rounds 1..Nr-1), then the direction
// multiplexer and the key part: one LUT before the next round's ROM addresses
wire [255:0] res_win;
wire         res_valid;
generate
    if ((MIXREG != 0) && !LAST) begin : g_mixreg
        reg [W-1:0]   enc_reg;
        reg [W-1:0]   dec_reg;
        reg [127:0]   key_reg;
        // the direction, one copy per byte and lane (each selects 8 bits, not 128W), kept
        // apart like rk_rows_reg
        wire [16*LANES-1:0] byte_dir;
        reg [255:0]   win_reg;
        reg           dir_reg;
        reg           valid_reg;
        always @(posedge clk) begin : p_mix
            enc_reg <= mix_enc;
            dec_reg <= mix_dec;
            key_reg <= mix_key;
            win_reg <= lin_win;
            dir_reg <= lin_dir;
            valid_reg <= lin_valid;
        end
        if (DECRYPT != 0) begin : g_dir_reg
            reg [16*LANES-1:0] byte_dir_reg;
            (* keep *)
            always @(posedge clk) begin : p_dir
                byte_dir_reg <= {16*LANES{lin_dir}};
            end
            assign byte_dir = byte_dir_reg;
        end else begin : g_dir_enc
            assign byte_dir = {16*LANES{1'b0}};
        end
        for (l = 0; l < 16*LANES; l = l + 1) begin : g_sel
            assign res_state[8*l +: 8] = byte_dir[l] ? dec_reg[8*l +: 8] ^ key_reg[8*(l%16) +: 8]
                                                     : enc_reg[8*l +: 8];
        end
        assign res_win = win_reg;
        assign res_dir = dir_reg;
        assign res_valid = valid_reg;
    end else begin : g_nomixreg
        assign res_state = lin_dir ? mix_dec ^ {LANES{mix_key}} : mix_enc;
        assign res_win = lin_win;
        assign res_dir = lin_dir;
        assign res_valid = lin_valid;
    end
endgenerate

// ---------------------------------------------------------------------------------------
// the round's last registers
// ---------------------------------------------------------------------------------------
// the next round's S-box input word for its key step (not used after the last)
wire [31:0] next_sin;
wire [31:0] next_sub_unused;
wire [11:0] next_plan_unused;
aes_key_sub u_key_sel (
    .win(res_win),
    .nk_code(NK_CODE),
    .bwd(res_dir),
    .g(res_dir ? G_BWD_NEXT : G_FWD_NEXT),
    .sin(next_sin),
    .sin_pre(32'h0),
    .sub(next_sub_unused),
    .pl(next_plan_unused)
);

// beside the state, which the next round's ROM address registers take
reg [255:0] win_reg;
reg [31:0]  sin_reg;
reg         dir_reg;
reg         valid_reg;
always @(posedge clk) begin : p_round
    win_reg <= res_win;
    sin_reg <= next_sin;
    dir_reg <= res_dir;
    valid_reg <= res_valid;
end
assign out_win = win_reg;
assign out_sin = sin_reg;
assign out_dir = dir_reg;
assign out_valid = valid_reg;

endmodule

`resetall
