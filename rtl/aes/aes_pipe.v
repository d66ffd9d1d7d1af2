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
    // composite field (aes_sbox_tower, one inverter for both directions), the key
    // schedule's S-boxes too
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
    .SPLIT(SUBREG == 2 ? 2 : 0),
    // SBOX_BRAM = 2: the composite-field S-boxes here too
    .TOWER(SBOX_BRAM == 2 ? 1 : 0)
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
// stage_*: the registers at the end of round r (r = 0: stage 0), r-th slice. The round state
// of rounds 0..NR-1 is registered in the next round's S-box ROMs: rom_state / rom_dir are the
// values presented to them (before the edge); last_state holds the last round's output only.
wire [NR*W-1:0]       rom_state;
wire [NR-1:0]         rom_dir;
wire [W-1:0]          last_state;
wire [(NR+1)*256-1:0] stage_win;
// the S-box input word of the next round's key step, selected a stage ahead (aes_key_sub's
// sin): the step's SubWord starts at a flip-flop
wire [NR*32-1:0]      stage_sin;
wire [NR:0]           stage_dir;
wire [NR:0]           stage_valid;

reg [255:0]   stage0_win_reg;
reg [31:0]    stage0_sin_reg;
reg           stage0_dir_reg;
reg           stage0_valid_reg;

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

assign rom_state[W-1:0] = in_data_reg ^ {LANES{first_rk}};
assign rom_dir[0] = in_dir_reg;

always @(posedge clk) begin : p_stage0
    stage0_win_reg <= first_win;
    stage0_sin_reg <= first_sin;
    stage0_dir_reg <= in_dir_reg;
    stage0_valid_reg <= in_valid_reg;
    if (rst) begin
        stage0_win_reg <= 256'h0;
        stage0_sin_reg <= 32'h0;
        stage0_dir_reg <= 1'b0;
        stage0_valid_reg <= 1'b0;
    end
end

assign stage_win[255:0] = stage0_win_reg;
assign stage_sin[31:0] = stage0_sin_reg;
assign stage_dir[0] = stage0_dir_reg;
assign stage_valid[0] = stage0_valid_reg;

// ---------------------------------------------------------------------------------------
// rounds 1 .. NR (aes_pipe_round)
// ---------------------------------------------------------------------------------------
// each round takes the state presented to its S-box ROMs and the registers beside it, and
// gives its result to the next round's ROMs (the last round's to the output register here)
genvar r;
generate
    for (r = 1; r <= NR; r = r + 1) begin : g_round
        wire [W-1:0] res_state;
        wire         res_dir;
        wire [31:0]  out_sin;
        aes_pipe_round #(
            .KEY_BITS(KEY_BITS),
            .ROUND(r),
            .LANES(LANES),
            .SUBREG(SUBREG),
            .MIXREG(MIXREG),
            .SBOX_BRAM(SBOX_BRAM),
            .DECRYPT(DECRYPT)
        ) u_round (
            .clk(clk),
            .rom_state(rom_state[(r-1)*W +: W]),
            .rom_dir(rom_dir[r-1]),
            .in_win(stage_win[(r-1)*256 +: 256]),
            .in_sin(stage_sin[(r-1)*32 +: 32]),
            .in_dir(stage_dir[r-1]),
            .in_valid(stage_valid[r-1]),
            .res_state(res_state),
            .res_dir(res_dir),
            .out_win(stage_win[r*256 +: 256]),
            .out_sin(out_sin),
            .out_dir(stage_dir[r]),
            .out_valid(stage_valid[r])
        );
        if (r == NR) begin : g_out
            // the last round's output, for the FIFO
            reg [W-1:0] state_reg;
            always @(posedge clk) begin : p_out
                state_reg <= res_state;
            end
            assign last_state = state_reg;
            wire        last_dir_unused = res_dir;
            wire [31:0] last_sin_unused = out_sin;
        end else begin : g_next
            // the next round's ROMs register it
            assign rom_state[r*W +: W] = res_state;
            assign rom_dir[r] = res_dir;
            assign stage_sin[r*32 +: 32] = out_sin;
        end
    end
endgenerate

// the last round's window is not used
wire [255:0] last_win_unused = stage_win[NR*256 +: 256];

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
    .s_axis_tdata(last_state),
    .s_axis_tuser(stage_dir[NR]),
    .s_axis_tvalid(stage_valid[NR]),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
