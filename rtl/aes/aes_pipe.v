// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Fully unrolled AES (KEY_BITS 128/192/256), encrypt or decrypt per block (s_axis_tuser; or
// encrypt only, DECRYPT = 0), one beat of LANES blocks accepted and delivered per cycle, full
// back-pressure without a stall.
// Datasheet: docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_pipe.md (in the datasheets).
module aes_pipe #(
    // key length in bits: 128, 192 or 256
    parameter integer KEY_BITS = 128,
    // blocks per beat (lane 0 in the low bits of tdata)
    parameter integer LANES = 1,
    // registers after SubBytes in every round (0, 1 or 2): the first is the S-box ROMs' own
    // output register (with SBOX_BRAM = 1 on ECP5 inside the block RAM), the second a fabric
    // register after it, so that the route from the RAM and the linear layer are apart
    parameter integer SUBREG = 0,
    // 1: registers after the linear layer (rounds 1..Nr-1): both directions' results and the
    // part of InvMixColumns(rk) the decryption tree does not take, so that the route to the
    // next round's S-box RAMs starts one LUT (direction multiplexer and XOR) after them
    parameter integer MIXREG = 0,
    // 1: the data S-boxes in block RAM (8 per round and lane); 0: in LUTs (AES-128, one lane,
    // needs about 113k LUT4: more than an LFE5UM-85F holds); 2: in logic, computed in the
    // composite field (aes_sbox_tower, one inverter for both directions)
    parameter integer SBOX_BRAM = 1,
    // 1: each block encrypts or decrypts (s_axis_tuser); 0: encrypt only, for the modes that
    // use the forward cipher alone (CTR, OFB, CFB, GCM): s_axis_tuser is ignored, m_axis_tuser
    // is 0, and the inverse S-box tables, InvMixColumns, the backward key steps and the
    // decryption windows are left out
    parameter integer DECRYPT = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // key, first byte in the top bits
    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    // input beats; tuser: 0 encrypt, 1 decrypt (all lanes; ignored with DECRYPT = 0)
    input  wire [128*LANES-1:0]  s_axis_tdata,
    input  wire                  s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    // output beats; tuser: the direction they were processed in
    output wire [128*LANES-1:0]  m_axis_tdata,
    output wire                  m_axis_tuser,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready
);

localparam integer NR = (KEY_BITS == 128) ? 10 : (KEY_BITS == 192) ? 12 : 14;
localparam integer NKI = (KEY_BITS == 128) ? 0 : (KEY_BITS == 192) ? 1 : 2;
localparam [1:0]   NK_CODE = NKI[1:0];
localparam integer W = 128 * LANES;
// round stages (the cycles from stage 0's register to the last round's output register)
localparam integer STAGES = NR * (1 + SUBREG + MIXREG) - MIXREG;
// rising edges from a block's input handshake to the output FIFO's taking it: the input
// register, stage 0 and the round stages (axis_out_fifo sizes its FIFO from it)
localparam integer LATENCY = STAGES + 2;

initial begin
    if ((KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) || LANES < 1 || LANES > 8
        || SUBREG < 0 || SUBREG > 2 || (MIXREG != 0 && MIXREG != 1)
        || SBOX_BRAM < 0 || SBOX_BRAM > 2 || (DECRYPT != 0 && DECRYPT != 1)) begin
        $error({"aes_pipe %m: KEY_BITS=%0d (128/192/256), LANES=%0d (1..8), SUBREG=%0d (0..2), ",
                "MIXREG=%0d (0/1), SBOX_BRAM=%0d (0..2), DECRYPT=%0d (0/1)"}, KEY_BITS, LANES,
               SUBREG, MIXREG, SBOX_BRAM, DECRYPT);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// key pre-pass and the output FIFO's credits
// ---------------------------------------------------------------------------------------
wire         prep_busy;
wire [255:0] enc_win;
wire [255:0] dec_win;
wire         credit;
wire         key_ready;

// after reset, keys wait for the FIFO wipe too (so key_setup is the pre-pass alone):
// key_ready is a register of the FIFO's credit side, beside the input
assign s_key_tready = !prep_busy && key_ready;
assign s_axis_tready = !s_key_tvalid && !prep_busy && credit;
wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;

aes_key_prep #(
    .KEY_BITS(KEY_BITS),
    .NK(NKI),
    // SUBREG = 2: the pre-pass too takes three cycles a step, as the rounds' key steps: the
    // S-box input word, SubWord, the words
    .SPLIT(SUBREG == 2 ? 2 : 0)
) u_prep (
    .clk(clk),
    .rst(rst),
    .load(key_fire),
    .key(s_key_tdata),
    .busy(prep_busy),
    .enc_win(enc_win),
    .dec_win(dec_win)
);

// ---------------------------------------------------------------------------------------
// stage 0: the first AddRoundKey (round key 0, or Nr to decrypt: the first window's newest)
// ---------------------------------------------------------------------------------------
// a_*: the register at the end of round r (r = 0: input), r-th slice. The round state of
// rounds 0..NR-1 is registered in the next round's S-box ROMs: n_state / n_dir are the values
// presented to them (before the edge); a_state holds the last round's output only.
wire [NR*W-1:0]       n_state;
wire [NR-1:0]         n_dir;
wire [W-1:0]          a_state;
wire [(NR+1)*256-1:0] a_win;
// the S-box input word of the next round's key step, selected a stage ahead (aes_key_sub's
// sin): the step's SubWord starts at a flip-flop
wire [NR*32-1:0]      a_sin;
wire [NR:0]           a_dir;
wire [NR:0]           a_valid;

reg [255:0]   s0_win_reg;
reg [31:0]    s0_sin_reg;
reg           s0_dir_reg;
reg           s0_valid_reg;

// the input register: the block and its direction first go into flip-flops, so that the
// direction (which selects the first window for 128 + 256 + 32 bits) starts at a register of
// the core's own, not at the user's logic (a route to 400 sinks, seed 3's slowest path).
// The windows it then selects are those of the cycle the block was taken in: a key load
// cannot fire in that cycle (s_axis_tready needs !s_key_tvalid) and the pre-pass changes
// the windows two cycles after a load at the earliest (and while busy no block is taken).
// The direction is kept in several copies, each near its loads (the one register drove 416
// multiplexers and round 1's ROMs, the slowest path): one per state byte (its 8 x LANES
// multiplexers before the ROM address), one per 32 bits of the key window, one for round 1's
// key step, one for round 1's ROMs and the stage after. Kept apart from their equals by the
// attribute on the process. Encrypt only (DECRYPT = 0): the direction is a constant zero,
// and everything only decryption uses falls away in synthesis.
localparam integer DIRS = 16 + 8 + 2;
reg [W-1:0]      in_data_reg;
wire [DIRS-1:0]  in_dirs;
reg              in_valid_reg;
generate
    if (DECRYPT != 0) begin : g_in_dir
        reg [DIRS-1:0] dirs_reg;
        (* keep *)
        always @(posedge clk) begin : p_in_dir
            dirs_reg <= {DIRS{s_axis_tuser}};
            if (rst) begin
                dirs_reg <= {DIRS{1'b0}};
            end
        end
        assign in_dirs = dirs_reg;
    end else begin : g_in_enc
        wire tuser_unused = s_axis_tuser;
        assign in_dirs = {DIRS{1'b0}};
    end
endgenerate
always @(posedge clk) begin : p_in
    in_data_reg <= s_axis_tdata;
    in_valid_reg <= in_fire;
    if (rst) begin
        in_valid_reg <= 1'b0;
    end
end
wire in_dir_reg = in_dirs[DIRS-1];
wire in_dir_key = in_dirs[DIRS-2];

// the first window, 32 bits a direction copy; the state's first AddRoundKey, a byte a copy
wire [255:0] first_win;
wire [127:0] first_rk;
genvar fw;
generate
    for (fw = 0; fw < 8; fw = fw + 1) begin : g_first_win
        assign first_win[32*fw +: 32] = in_dirs[16 + fw] ? dec_win[32*fw +: 32]
                                                              : enc_win[32*fw +: 32];
    end
    for (fw = 0; fw < 16; fw = fw + 1) begin : g_first_rk
        assign first_rk[8*fw +: 8] = in_dirs[fw] ? dec_win[8*fw +: 8] : enc_win[8*fw +: 8];
    end
endgenerate

// round 1's S-box input word
localparam integer G1B = NR + 1;
localparam [3:0] G1_FWD = 4'd1;
localparam [3:0] G1_BWD = G1B[3:0];
wire [31:0] first_sin;
wire [31:0] first_sub_unused;
wire [11:0] first_pl_unused;
aes_key_sub u_key_sel0 (
    .win(first_win),
    .nk_code(NK_CODE),
    .bwd(in_dir_key),
    .g(in_dir_key ? G1_BWD : G1_FWD),
    .sin(first_sin),
    .sin_pre(32'h0),
    .sub(first_sub_unused),
    .pl(first_pl_unused)
);

assign n_state[W-1:0] = in_data_reg ^ {LANES{first_rk}};
assign n_dir[0] = in_dir_reg;

always @(posedge clk) begin : p_stage0
    s0_win_reg <= first_win;
    s0_sin_reg <= first_sin;
    s0_dir_reg <= in_dir_reg;
    s0_valid_reg <= in_valid_reg;
    if (rst) begin
        s0_win_reg <= 256'h0;
        s0_sin_reg <= 32'h0;
        s0_dir_reg <= 1'b0;
        s0_valid_reg <= 1'b0;
    end
end

assign a_win[255:0] = s0_win_reg;
assign a_sin[31:0] = s0_sin_reg;
assign a_dir[0] = s0_dir_reg;
assign a_valid[0] = s0_valid_reg;

// ---------------------------------------------------------------------------------------
// rounds 1 .. NR
// ---------------------------------------------------------------------------------------
genvar r, l;
generate
    for (r = 1; r <= NR; r = r + 1) begin : g_round
        localparam integer GF = r;
        localparam integer GB = NR + 2 - r;
        localparam [3:0] G_FWD = GF[3:0];
        localparam [3:0] G_BWD = GB[3:0];
        localparam LAST = (r == NR);

        wire [255:0] in_win = a_win[(r-1)*256 +: 256];
        wire [31:0]  in_sin = a_sin[(r-1)*32 +: 32];
        wire         in_dir = a_dir[r-1];
        wire         in_valid = a_valid[r-1];

        // key step (forward from window g = r, backward from g = NR + 2 - r): SubWord and the
        // step's plan (aes_key_sub), then the new words (aes_key_words). With SUBREG = 2 a
        // register lies between the two and the window steps in the round's second stage,
        // else the whole step lies before the round's first register.
        // With SUBREG = 2 the step is split by linearity: the new window is a XOR of the
        // window and SubWord terms, next(win, sub) = next(win, 0) ^ next(0, sub) (Rcon in the
        // first term), so the first term is computed from the window in the round's first
        // stage and registered in place of the window (a1_win), and the second stage adds the
        // SubWord term only: one LUT before the window and round-key registers (the XOR
        // chains of the new words were the slowest paths of aes_pipe)
        wire [31:0]  key_sub;
        wire [11:0]  key_pl;
        wire [255:0] step_win;     // the window the word half steps
        wire [255:0] step_base;    // XORed into the word half's result
        wire [255:0] base_next;    // SUBREG = 2: the window's term, for a1_win
        wire         step_dir;
        wire [31:0]  step_sub;
        wire [11:0]  step_pl;
        wire [255:0] words_next;
        wire [255:0] step_next = step_base ^ words_next;
        wire [127:0] step_rk_unused;
        wire [31:0]  key_sin_unused;
        aes_key_sub #(
            .PRESEL(1)
        ) u_key_sub (
            .win(in_win),
            .nk_code(NK_CODE),
            .bwd(in_dir),
            .g(in_dir ? G_BWD : G_FWD),
            .sin(key_sin_unused),
            .sin_pre(in_sin),
            .sub(key_sub),
            .pl(key_pl)
        );
        aes_key_words u_key_words (
            .win(step_win),
            .nk_code(NK_CODE),
            .bwd(step_dir),
            .sub(step_sub),
            .pl(step_pl),
            .next(words_next),
            .rk(step_rk_unused)
        );

        // byte layer per lane, of the state presented to its ROMs at the previous edge: the
        // ROM words (16 bits a byte), with products except in the last round
        wire [2*W-1:0] sub_out;
        for (l = 0; l < LANES; l = l + 1) begin : g_sub
            aes_sub_rom_layer #(
                .BRAM(SBOX_BRAM),
                .OUTREG(SUBREG != 0 ? 1 : 0),
                .MULT(LAST ? 0 : 1)
            ) u_sub (
                .clk(clk),
                .s(n_state[(r-1)*W + l*128 +: 128]),
                .inv(n_dir[r-1]),
                .y(sub_out[l*256 +: 256])
            );
        end

        // first register after the byte layer (SUBREG >= 1): the state's is the ROMs' output
        // register (in the block RAM itself on ECP5); the key window, direction and valid
        // beside it
        wire [2*W-1:0] a1_state = sub_out;
        wire [255:0] a1_win;
        wire         a1_dir;
        wire         a1_valid;
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
            assign a1_win = win_reg;
            assign a1_dir = dir_reg;
            assign a1_valid = valid_reg;
        end else begin : g_nosubreg
            wire [255:0] base_unused = base_next;
            assign a1_win = step_next;
            assign a1_dir = in_dir;
            assign a1_valid = in_valid;
        end

        if (SUBREG == 2) begin : g_keyreg
            // the window's term (the step with SubWord zero, Rcon in it)
            wire [127:0] base_rk_unused;
            aes_key_words u_key_base (
                .win(in_win),
                .nk_code(NK_CODE),
                .bwd(in_dir),
                .sub(32'h0),
                .pl(key_pl),
                .next(base_next),
                .rk(base_rk_unused)
            );
            // the key step's SubWord and plan (Rcon is in the window's term), registered
            // beside the window's term
            reg [31:0] sub_reg;
            reg [3:0]  pl_reg;
            always @(posedge clk) begin : p_key
                sub_reg <= key_sub;
                pl_reg <= key_pl[11:8];
            end
            // the SubWord term: a zero window, no Rcon
            assign step_win = 256'h0;
            assign step_base = a1_win;
            assign step_dir = a1_dir;
            assign step_sub = sub_reg;
            assign step_pl = {pl_reg, 8'h00};
        end else begin : g_nokeyreg
            assign base_next = 256'h0;
            assign step_win = in_win;
            assign step_base = 256'h0;
            assign step_dir = in_dir;
            assign step_sub = key_sub;
            assign step_pl = key_pl;
        end

        // second register after the byte layer (SUBREG = 2), in the fabric: the linear layer
        // starts at flip-flops placed near it, not at the RAMs; the window takes its step
        wire [2*W-1:0] b_state;
        wire [255:0] b_win;
        wire [512*LANES-1:0] b_rk_rows;
        wire         b_dir;
        wire         b_valid;
        if (SUBREG == 2) begin : g_subreg2
            reg [2*W-1:0] state_reg;
            reg [255:0]   win_reg;
            reg           dir_reg;
            reg           valid_reg;
            always @(posedge clk) begin : p_sub2
                state_reg <= a1_state;
                win_reg <= step_next;
                dir_reg <= a1_dir;
                valid_reg <= a1_valid;
            end
            assign b_state = state_reg;
            assign b_win = win_reg;
            assign b_dir = dir_reg;
            assign b_valid = valid_reg;
        end else begin : g_nosubreg2
            assign b_state = a1_state;
            assign b_win = a1_win;
            assign b_dir = a1_dir;
            assign b_valid = a1_valid;
        end
        if (SUBREG == 2 && !LAST && DECRYPT != 0) begin : g_rk_rows
            // the round key again beside b_win, four copies per lane for the linear layer's
            // InvMixColumns(rk), one per output row: each flip-flop drives the XOR trees of one
            // output byte (up to 8), not of four (up to 23). Kept apart from their equals (the
            // attribute on the process, whose flip-flops Yosys would merge otherwise).
            reg [512*LANES-1:0] rk_rows_reg;
            (* keep *)
            always @(posedge clk) begin : p_rk_rows
                rk_rows_reg <= {4*LANES{step_next[127:0]}};
            end
            assign b_rk_rows = rk_rows_reg;
        end else begin : g_rk_rows_win
            assign b_rk_rows = {4*LANES{b_win[127:0]}};
        end

        // linear layer and round key per lane: e to encrypt, d ^ k to decrypt (k, part of
        // InvMixColumns(rk), is the same in every lane: lane 0's is used)
        wire [W-1:0]   mix_e;
        wire [W-1:0]   mix_d;
        wire [127:0]   mix_k;
        for (l = 0; l < LANES; l = l + 1) begin : g_mix
            wire [127:0] k_lane;
            aes_mix_mult #(
                .LAST(LAST ? 1 : 0)
            ) u_mix (
                .q(b_state[l*256 +: 256]),
                .rk(b_win[127:0]),
                .rk_rows(b_rk_rows[l*512 +: 512]),
                .e(mix_e[l*128 +: 128]),
                .d(mix_d[l*128 +: 128]),
                .k(k_lane)
            );
            if (l == 0) begin : g_k
                assign mix_k = k_lane;
            end else begin : g_k_same
                wire [127:0] k_lane_unused = k_lane;
            end
        end

        // registers after the linear layer (MIXREG = 1, rounds 1..Nr-1), then the direction
        // multiplexer and k: one LUT before the next round's ROM addresses
        wire [W-1:0] c_state;
        wire [255:0] c_win;
        wire         c_dir;
        wire         c_valid;
        if ((MIXREG != 0) && !LAST) begin : g_mixreg
            reg [W-1:0]   e_reg;
            reg [W-1:0]   d_reg;
            reg [127:0]   k_reg;
            // the direction, one copy per byte and lane (each selects 8 bits, not 128W), kept
            // apart like rk_rows_reg
            wire [16*LANES-1:0] sel;
            reg [255:0]   win_reg;
            reg           dir_reg;
            reg           valid_reg;
            always @(posedge clk) begin : p_mix
                e_reg <= mix_e;
                d_reg <= mix_d;
                k_reg <= mix_k;
                win_reg <= b_win;
                dir_reg <= b_dir;
                valid_reg <= b_valid;
            end
            if (DECRYPT != 0) begin : g_sel_reg
                reg [16*LANES-1:0] sel_reg;
                (* keep *)
                always @(posedge clk) begin : p_sel
                    sel_reg <= {16*LANES{b_dir}};
                end
                assign sel = sel_reg;
            end else begin : g_sel_enc
                assign sel = {16*LANES{1'b0}};
            end
            for (l = 0; l < 16*LANES; l = l + 1) begin : g_sel
                assign c_state[8*l +: 8] = sel[l] ? d_reg[8*l +: 8] ^ k_reg[8*(l%16) +: 8]
                                                      : e_reg[8*l +: 8];
            end
            assign c_win = win_reg;
            assign c_dir = dir_reg;
            assign c_valid = valid_reg;
        end else begin : g_nomixreg
            assign c_state = b_dir ? mix_d ^ {LANES{mix_k}} : mix_e;
            assign c_win = b_win;
            assign c_dir = b_dir;
            assign c_valid = b_valid;
        end

        // the next round's S-box input word for its key step (not used after the last)
        localparam integer GF_NEXT = r + 1;
        localparam integer GB_NEXT = NR + 1 - r;
        localparam [3:0] G_FWD_NEXT = GF_NEXT[3:0];
        localparam [3:0] G_BWD_NEXT = GB_NEXT[3:0];
        wire [31:0] next_sin;
        wire [31:0] next_sub_unused;
        wire [11:0] next_pl_unused;
        aes_key_sub u_key_sel (
            .win(c_win),
            .nk_code(NK_CODE),
            .bwd(c_dir),
            .g(c_dir ? G_BWD_NEXT : G_FWD_NEXT),
            .sin(next_sin),
            .sin_pre(32'h0),
            .sub(next_sub_unused),
            .pl(next_pl_unused)
        );

        // the round's last register: the next round's ROM addresses take the state
        reg [255:0] win_reg;
        reg [31:0]  sin_reg;
        reg         dir_reg;
        reg         valid_reg;
        always @(posedge clk) begin : p_round
            win_reg <= c_win;
            sin_reg <= next_sin;
            dir_reg <= c_dir;
            valid_reg <= c_valid;
        end
        if (LAST) begin : g_out
            // the last round's output, for the FIFO
            reg [W-1:0] state_reg;
            always @(posedge clk) begin : p_out
                state_reg <= c_state;
            end
            assign a_state = state_reg;
            wire [31:0] last_sin_unused = sin_reg;
        end else begin : g_next
            // the next round's ROMs register it
            assign n_state[r*W +: W] = c_state;
            assign n_dir[r] = c_dir;
            assign a_sin[r*32 +: 32] = sin_reg;
        end
        assign a_win[r*256 +: 256] = win_reg;
        assign a_dir[r] = dir_reg;
        assign a_valid[r] = valid_reg;

    end
endgenerate

// the last round's window is not used
wire [255:0] last_win_unused = a_win[NR*256 +: 256];

// ---------------------------------------------------------------------------------------
// output FIFO
// ---------------------------------------------------------------------------------------
// the head chosen among the FIFO's read registers (HEAD_REG = 0): a head register of its
// own puts m_axis_tready on the enable of every head flip-flop, which cost des_pipe,
// tdes_pipe and speck_pipe their Fmax (docs/cores/notes/axis_out_fifo.md)
axis_out_fifo #(
    .WIDTH(W),
    .USER_WIDTH(1),
    .LATENCY(LATENCY),
    .PIPED(1),
    .HEAD_REG(0)
) u_fifo (
    .clk(clk),
    .rst(rst),
    .reserve(in_fire),
    .credit(credit),
    .key_ready(key_ready),
    .s_axis_tdata(a_state),
    .s_axis_tuser(a_dir[NR]),
    .s_axis_tvalid(a_valid[NR]),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
