`resetall
`timescale 1ns / 1ps
`default_nettype none

// Iterative AES-128/192/256, encrypt or decrypt per block: one round per cycle, round keys
// on the fly (forward to encrypt, backward to decrypt from a pre-pass at key load).
//
// Cycles: a block takes Nr cycles in the round engine (10/12/14); the next block enters on the
// cycle the previous one leaves, so the interval is Nr and the latency Nr + 1. A key load
// waits for the engine to be idle and then runs the pre-pass (aes_key_prep: Nr cycles, Nr + 1
// for AES-256) that finds the decryption start window; s_axis_tready is low meanwhile.
module aes_iter (
    input  wire         clk,
    input  wire         rst,

    // key, left-aligned: the first key byte in bits 255:248
    input  wire [255:0] s_key_tdata,
    // key length in bytes: 24 selects AES-192, 32 AES-256, anything else AES-128
    input  wire [5:0]   s_key_tlen,
    input  wire         s_key_tvalid,
    output wire         s_key_tready,

    // input blocks, first byte in bits 127:120; tuser: 0 encrypt, 1 decrypt
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    // output blocks; tuser: the direction the block was processed in
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tuser,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);

// ---------------------------------------------------------------------------------------
// key pre-pass
// ---------------------------------------------------------------------------------------
wire         prep_busy;
wire [1:0]   nk_code;
wire [255:0] enc_win;
wire [255:0] dec_win;
wire         key_fire;

aes_key_prep #(
    .KEY_BITS(256)
) u_prep (
    .clk(clk),
    .rst(rst),
    .load(key_fire),
    .key(s_key_tdata),
    .nk_code((s_key_tlen == 6'd24) ? 2'd1 : (s_key_tlen == 6'd32) ? 2'd2 : 2'd0),
    .busy(prep_busy),
    .win_nk_code(nk_code),
    .enc_win(enc_win),
    .dec_win(dec_win)
);

wire [3:0] nr = (nk_code == 2'd0) ? 4'd10 : (nk_code == 2'd1) ? 4'd12 : 4'd14;

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg [127:0] state_reg;
reg [255:0] win_reg;        // key-schedule window of the block in the engine
reg [3:0]   g_reg;          // its index (aes_key_step)
reg [3:0]   rnd_reg;        // rounds done
reg         dir_reg;        // 1: decrypting
reg         busy_reg;       // a block is in the engine
reg [127:0] out_reg;
reg         out_user_reg;
reg         out_valid_reg;

// ---------------------------------------------------------------------------------------
// one round and one key step
// ---------------------------------------------------------------------------------------
wire [255:0] win_next;
wire [127:0] rk;

aes_key_step u_key_step (
    .win(win_reg),
    .nk_code(nk_code),
    .bwd(dir_reg),
    .g(g_reg),
    .next(win_next),
    .rk(rk)
);

wire         last_round = (rnd_reg == nr - 4'd1);
wire [127:0] sub_out;
wire [127:0] round_out;

aes_sub_layer u_sub (
    .s(state_reg),
    .inv(dir_reg),
    .y(sub_out)
);

aes_mix_layer u_mix (
    .s(sub_out),
    .rk(rk),
    .inv(dir_reg),
    .last(last_round),
    .y(round_out)
);

// ---------------------------------------------------------------------------------------
// control
// ---------------------------------------------------------------------------------------
wire out_free = !out_valid_reg || m_axis_tready;
wire finish = busy_reg && last_round && out_free;   // the block leaves the engine now
wire stall = busy_reg && last_round && !out_free;   // result waits for the output slot

assign s_key_tready = !busy_reg && !prep_busy;
assign s_axis_tready = !s_key_tvalid && !prep_busy && (!busy_reg || finish);
assign m_axis_tdata = out_reg;
assign m_axis_tuser = out_user_reg;
assign m_axis_tvalid = out_valid_reg;

assign key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;

// the first window of a block: round key 0 (encrypt) or Nr (decrypt) is its newest
wire [255:0] first_win = s_axis_tuser ? dec_win : enc_win;

always @(posedge clk) begin : p_engine
    if (in_fire) begin
        state_reg <= s_axis_tdata ^ first_win[127:0];
        win_reg <= first_win;
        g_reg <= s_axis_tuser ? nr + 4'd1 : 4'd1;
        rnd_reg <= 4'd0;
        dir_reg <= s_axis_tuser;
        busy_reg <= 1'b1;
    end else if (busy_reg && !stall) begin
        state_reg <= round_out;
        win_reg <= win_next;
        g_reg <= dir_reg ? g_reg - 4'd1 : g_reg + 4'd1;
        rnd_reg <= rnd_reg + 4'd1;
        if (last_round) begin
            busy_reg <= 1'b0;
        end
    end

    if (rst) begin
        state_reg <= 128'h0;
        win_reg <= 256'h0;
        g_reg <= 4'd1;
        rnd_reg <= 4'd0;
        dir_reg <= 1'b0;
        busy_reg <= 1'b0;
    end
end

always @(posedge clk) begin : p_output
    if (finish) begin
        out_reg <= round_out;
        out_user_reg <= dir_reg;
        out_valid_reg <= 1'b1;
    end else if (m_axis_tready) begin
        out_valid_reg <= 1'b0;
    end

    if (rst) begin
        out_reg <= 128'h0;
        out_user_reg <= 1'b0;
        out_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
