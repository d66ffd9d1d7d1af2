`resetall
`timescale 1ns / 1ps
`default_nettype none

// Fully unrolled AES (KEY_BITS 128/192/256), encrypt or decrypt per block (s_axis_tuser), one
// beat of LANES blocks accepted and delivered per cycle, full back-pressure without a stall.
//
// Every round is a pipeline stage (two with SUBREG = 1: a register after the byte layer).
// The byte layer reads synchronous S-box ROMs (aes_sub_rom_layer: block RAM with SBOX_BRAM = 1,
// LUTs with 0) whose address registers are the stage registers of the round state: each stage
// presents the next round's state to the ROMs' address inputs, byte for byte; the linear layer
// (aes_mix_layer) does the row shift as wiring and both directions apart, so each address bit
// is one XOR tree and one multiplexer after the ROMs. The data stage registers are
// not reset (RAM address registers cannot be); they hold no key material (interface rule 5).
// The key schedule runs beside the data: each beat carries its key-schedule window, stepped
// forward (encrypt) or backward (decrypt) by one aes_key_step per round, so blocks under
// different keys and directions follow each other with no drain. The lanes of a beat share
// the window (same key, same direction). A key load runs the pre-pass that finds the
// decryption start window (aes_key_prep: Nr steps, Nr + 1 for AES-256) while s_axis_tready
// is low; blocks already inside finish with their own windows.
//
// The pipeline never stalls: blocks enter only with a credit of the output FIFO
// (axis_credit_fifo), which is deep enough for the whole pipeline, so a full pipeline drains
// into the FIFO while m_axis_tready is low and back-pressure costs no Fmax.
//
// Cycles: latency Nr * (1 + SUBREG) + 2, interval 1.
module aes_pipe #(
    // key length in bits: 128, 192 or 256
    parameter integer KEY_BITS = 128,
    // blocks per beat (lane 0 in the low bits of tdata)
    parameter integer LANES = 1,
    // 1: a register after SubBytes in every round (twice the stages, shorter paths); with
    // SBOX_BRAM = 1 it is the S-box RAMs' output register (on ECP5 inside the RAM)
    parameter integer SUBREG = 0,
    // 1: the data S-boxes in block RAM (8 per round and lane); 0: in LUTs (AES-128, one lane,
    // needs about 113k LUT4: more than an LFE5UM-85F holds)
    parameter integer SBOX_BRAM = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // key, first byte in the top bits
    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    // input beats; tuser: 0 encrypt, 1 decrypt (all lanes)
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

function integer clog2(input integer v);
    integer x;
    begin
        clog2 = 0;
        x = v - 1;
        while (x > 0) begin
            clog2 = clog2 + 1;
            x = x >> 1;
        end
    end
endfunction

localparam integer NR = (KEY_BITS == 128) ? 10 : (KEY_BITS == 192) ? 12 : 14;
localparam integer NKI = (KEY_BITS == 128) ? 0 : (KEY_BITS == 192) ? 1 : 2;
localparam [1:0]   NK_CODE = NKI[1:0];
localparam integer W = 128 * LANES;
// blocks in flight: the stage registers, the FIFO input and the credit's way back
localparam integer FIFO_LOG2 = clog2((SUBREG != 0 ? 2 * NR : NR) + 3);

initial begin
    if ((KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) || LANES < 1 || LANES > 8
        || (SUBREG != 0 && SUBREG != 1) || (SBOX_BRAM != 0 && SBOX_BRAM != 1)) begin
        $error({"aes_pipe %m: KEY_BITS=%0d (128/192/256), LANES=%0d (1..8), SUBREG=%0d (0/1), ",
                "SBOX_BRAM=%0d (0/1)"}, KEY_BITS, LANES, SUBREG, SBOX_BRAM);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// key pre-pass and the output FIFO's credits
// ---------------------------------------------------------------------------------------
wire         prep_busy;
wire [1:0]   prep_nk_unused;
wire [255:0] enc_win;
wire [255:0] dec_win;
wire         credit;
wire         fifo_wiping;

// after reset, keys wait for the FIFO wipe too (so key_setup is the pre-pass alone)
assign s_key_tready = !prep_busy && !fifo_wiping;
assign s_axis_tready = !s_key_tvalid && !prep_busy && credit;
wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;

aes_key_prep #(
    .KEY_BITS(KEY_BITS),
    .RESET_NK(NKI)
) u_prep (
    .clk(clk),
    .rst(rst),
    .load(key_fire),
    .key(s_key_tdata),
    .nk_code(NK_CODE),
    .busy(prep_busy),
    .win_nk_code(prep_nk_unused),
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
wire [NR:0]           a_dir;
wire [NR:0]           a_valid;

reg [255:0]   s0_win_reg;
reg           s0_dir_reg;
reg           s0_valid_reg;

wire [255:0] first_win = s_axis_tuser ? dec_win : enc_win;

assign n_state[W-1:0] = s_axis_tdata ^ {LANES{first_win[127:0]}};
assign n_dir[0] = s_axis_tuser;

always @(posedge clk) begin : p_stage0
    s0_win_reg <= first_win;
    s0_dir_reg <= s_axis_tuser;
    s0_valid_reg <= in_fire;
    if (rst) begin
        s0_win_reg <= 256'h0;
        s0_dir_reg <= 1'b0;
        s0_valid_reg <= 1'b0;
    end
end

assign a_win[255:0] = s0_win_reg;
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
        wire         in_dir = a_dir[r-1];
        wire         in_valid = a_valid[r-1];

        // key step (forward from window g = r, backward from g = NR + 2 - r)
        wire [255:0] step_next;
        wire [127:0] step_rk;
        aes_key_step u_key_step (
            .win(in_win),
            .nk_code(NK_CODE),
            .bwd(in_dir),
            .g(in_dir ? G_BWD : G_FWD),
            .next(step_next),
            .rk(step_rk)
        );

        // byte layer per lane, of the state presented to its ROMs at the previous edge
        wire [W-1:0] sub_out;
        for (l = 0; l < LANES; l = l + 1) begin : g_sub
            aes_sub_rom_layer #(
                .BRAM(SBOX_BRAM),
                .OUTREG(SUBREG)
            ) u_sub (
                .clk(clk),
                .s(n_state[(r-1)*W + l*128 +: 128]),
                .inv(n_dir[r-1]),
                .y(sub_out[l*128 +: 128])
            );
        end

        // optional register after the byte layer: the state's is the ROMs' output register
        // (in the block RAM itself on ECP5), the key window, direction and valid beside it
        wire [W-1:0] b_state;
        wire [255:0] b_win;
        wire         b_dir;
        wire         b_valid;
        assign b_state = sub_out;
        if (SUBREG != 0) begin : g_subreg
            reg [255:0] win_reg;
            reg         dir_reg;
            reg         valid_reg;
            always @(posedge clk) begin : p_sub
                win_reg <= step_next;
                dir_reg <= in_dir;
                valid_reg <= in_valid;
                if (rst) begin
                    win_reg <= 256'h0;
                    dir_reg <= 1'b0;
                    valid_reg <= 1'b0;
                end
            end
            assign b_win = win_reg;
            assign b_dir = dir_reg;
            assign b_valid = valid_reg;
        end else begin : g_nosubreg
            assign b_win = step_next;
            assign b_dir = in_dir;
            assign b_valid = in_valid;
        end

        // linear layer and round key per lane
        wire [W-1:0] mix_out;
        for (l = 0; l < LANES; l = l + 1) begin : g_mix
            aes_mix_layer #(
                .LAST(LAST ? 1 : 0)
            ) u_mix (
                .q(b_state[l*128 +: 128]),
                .rk(b_win[127:0]),
                .dec(b_dir),
                .y(mix_out[l*128 +: 128])
            );
        end

        reg [255:0] win_reg;
        reg         dir_reg;
        reg         valid_reg;
        always @(posedge clk) begin : p_round
            win_reg <= b_win;
            dir_reg <= b_dir;
            valid_reg <= b_valid;
            if (rst) begin
                win_reg <= 256'h0;
                dir_reg <= 1'b0;
                valid_reg <= 1'b0;
            end
        end
        if (LAST) begin : g_out
            // the last round's output, for the FIFO
            reg [W-1:0] state_reg;
            always @(posedge clk) begin : p_out
                state_reg <= mix_out;
            end
            assign a_state = state_reg;
        end else begin : g_next
            // the next round's ROMs register it
            assign n_state[r*W +: W] = mix_out;
            assign n_dir[r] = b_dir;
        end
        assign a_win[r*256 +: 256] = win_reg;
        assign a_dir[r] = dir_reg;
        assign a_valid[r] = valid_reg;

        wire [127:0] step_rk_unused = step_rk;
    end
endgenerate

// the last round's window is not used
wire [255:0] last_win_unused = a_win[NR*256 +: 256];

// ---------------------------------------------------------------------------------------
// output FIFO
// ---------------------------------------------------------------------------------------
wire [W:0] fifo_out;

axis_credit_fifo #(
    .WIDTH(W + 1),
    .DEPTH_LOG2(FIFO_LOG2)
) u_fifo (
    .clk(clk),
    .rst(rst),
    .reserve(in_fire),
    .credit(credit),
    .wiping(fifo_wiping),
    .s_data({a_dir[NR], a_state}),
    .s_valid(a_valid[NR]),
    .m_data(fifo_out),
    .m_valid(m_axis_tvalid),
    .m_ready(m_axis_tready)
);

assign m_axis_tdata = fifo_out[W-1:0];
assign m_axis_tuser = fifo_out[W];

endmodule

`resetall
