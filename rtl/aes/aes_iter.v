// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Iterative AES-128/192/256, encrypt or decrypt per block (or encrypt only, DECRYPT = 0): one
// round per cycle, round keys on the fly (forward to encrypt, backward to decrypt from a
// pre-pass at key load).
// Datasheet: docs/cores/aes_iter.md
// Design notes: docs/cores/notes/aes_iter.md (in the datasheets).
module aes_iter #(
    // 1: S-boxes in block RAM (8 RAMs); 0: the same synchronous tables in LUT logic; 2: in
    // logic, computed in the composite field (aes_sbox_tower: one inverter serves both
    // directions), the key schedule's four S-boxes too
    parameter integer SBOX_BRAM = 1,
    // 1: each block encrypts or decrypts (s_axis_tuser); 0: encrypt only, for the modes that
    // use the forward cipher alone (CTR, OFB, CFB, GCM): s_axis_tuser is ignored, m_axis_tuser
    // is 0, and the inverse S-box tables, InvMixColumns and the decryption windows are left
    // out (the key pre-pass and its cycles stay: AES-256's first window is a backward step)
    parameter integer DECRYPT = 1
) (
    input  wire         clk,
    input  wire         rst,

    // key, left-aligned: the first key byte in bits 255:248
    input  wire [255:0] s_key_tdata,
    // key length in bytes: 24 selects AES-192, 32 AES-256, anything else AES-128
    input  wire [5:0]   s_key_tlen,
    input  wire         s_key_tvalid,
    output wire         s_key_tready,

    // input blocks, first byte in bits 127:120; tuser: 0 encrypt, 1 decrypt (ignored with
    // DECRYPT = 0)
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    // output blocks; tuser: the direction the block was processed in
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tuser,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
`ifdef FORMAL
    ,
    // the round engine, for the ties of the proof's monitors (rtl/formal/core_formal.v):
    // {holds a block, its tuser, the rounds it has done}; and the cycles left of the key
    // pre-pass (0: none runs), tied to the ready model's set-up
    output wire [7:0]   f_engine,
    output wire [7:0]   f_setup
`endif
);

initial begin
    if (SBOX_BRAM < 0 || SBOX_BRAM > 2 || (DECRYPT != 0 && DECRYPT != 1)) begin
        $error("aes_iter %m: SBOX_BRAM=%0d (0/1/2), DECRYPT=%0d (0/1)", SBOX_BRAM, DECRYPT);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg [1:0]   nk_reg;         // key length of the loaded key: 0 Nk=4, 1 Nk=6, 2 Nk=8
reg         prep_reg;       // the pre-pass is running
reg [255:0] enc_reg;        // window 2: round keys 0 (older half) and 1 (newest)
reg [255:0] dec_reg;        // window Nr: round keys Nr-2 and Nr-1 (newest)
reg [127:0] rkn_reg;        // round key Nr
reg [255:0] win_reg;        // key-schedule window (aes_key_step): newest, the round's key
reg [3:0]   g_reg;          // its index
reg         dir_reg;        // direction of the key step: the block's (1: decrypting), or the
                            // pre-pass's (its first step is backward for AES-256)
reg [3:0]   rnd_reg;        // rounds done
reg         busy_reg;       // a block is in the engine

wire [3:0] nr = (nk_reg == 2'd0) ? 4'd10 : (nk_reg == 2'd1) ? 4'd12 : 4'd14;

// ---------------------------------------------------------------------------------------
// control
// ---------------------------------------------------------------------------------------
wire last_round = (rnd_reg == nr - 4'd1);
wire out_free;                                      // the output register takes it
wire finish = busy_reg && last_round && out_free;   // the block leaves the engine now
wire stall = busy_reg && last_round && !out_free;   // result waits for the output slot

assign s_key_tready = !busy_reg && !prep_reg;
assign s_axis_tready = !s_key_tvalid && !prep_reg && (!busy_reg || finish);

wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;
// the direction of the block entering, and of the block in the engine (dir_reg is also the
// pre-pass's step direction): constant zero when encrypting only
wire in_dec = (DECRYPT != 0) && s_axis_tuser;
wire blk_dec = (DECRYPT != 0) && dir_reg;

// ---------------------------------------------------------------------------------------
// key schedule: one step a cycle, forward or backward
// ---------------------------------------------------------------------------------------
wire [255:0] win_next;
wire [127:0] step_rk_unused;

aes_key_step #(
    // SBOX_BRAM = 2: the key schedule's S-boxes in the composite field too
    .TOWER(SBOX_BRAM == 2 ? 1 : 0)
) u_key_step (
    .win(win_reg),
    .nk_code(nk_reg),
    .bwd(dir_reg),
    .g(g_reg),
    .next(win_next),
    .rk(step_rk_unused)
);

// the first window of a key load (as aes_key_prep): g = 1 (w[-4] .. w[3]) for Nk = 4 and 6,
// where the words below w[0] are those of the backward recurrence; g = 2 (the key itself)
// for Nk = 8, which the pre-pass steps back to g = 1 first
wire [1:0] load_nk = (s_key_tlen == 6'd24) ? 2'd1 : (s_key_tlen == 6'd32) ? 2'd2 : 2'd0;
wire [255:0] k = s_key_tdata;
reg  [255:0] first;
always @* begin : p_first
    case (load_nk)
        2'd1: first = {64'h0, k[127:96] ^ k[159:128], k[95:64] ^ k[127:96], k[255:128]};
        2'd2: first = k;
        default: first = {128'h0, k[255:128]};
    endcase
end

// ---------------------------------------------------------------------------------------
// the round: ROM outputs -> ShiftRows, MixColumns, AddRoundKey (or the inverses) -> next ROM
// addresses, in aes_mix_layer (shared with aes_pipe): both directions are computed apart and
// chosen at the end, so that the row shift is wiring and each address bit is one XOR tree
// ahead of a multiplexer. The last round (no MixColumns) only feeds the output register:
// after it the ROMs look up the next block, if one enters, or nothing.
// ---------------------------------------------------------------------------------------
wire [127:0] sbox_q;        // byte n: S-box (or inverse) of state byte n
wire [127:0] rk = win_reg[127:0];
wire [127:0] lin_out;       // the next round's state: (Inv)MixColumns with AddRoundKey
wire [127:0] last_out;      // the last round's output: no (Inv)MixColumns
wire [127:0] rom_state;     // the state whose bytes the ROMs look up next
wire         rom_inv;
wire         rom_en = in_fire || (busy_reg && !stall);

genvar n;

// encryption: ShiftRows, MixColumns, then AddRoundKey; decryption: InvShiftRows,
// AddRoundKey, then InvMixColumns (the ROMs did the byte substitution)
aes_mix_layer #(
    .LAST(0)
) u_lin (
    .q(sbox_q),
    .rk(rk),
    .dec(blk_dec),
    .y(lin_out)
);

aes_mix_layer #(
    .LAST(1)
) u_lin_last (
    .q(sbox_q),
    .rk(rk),
    .dec(blk_dec),
    .y(last_out)
);

// a block enters with AddRoundKey of round key 0 (encrypt) or Nr (decrypt)
assign rom_state = in_fire ? (s_axis_tdata ^ (in_dec ? rkn_reg : enc_reg[255:128]))
                           : lin_out;
assign rom_inv = in_fire ? in_dec : blk_dec;

generate
    for (n = 0; n < 8; n = n + 1) begin : g_rom
        // the bytes alone (MULT = 0: the top bytes are zero)
        wire [7:0] a_top_unused;
        wire [7:0] b_top_unused;
        aes_sbox_rom #(
            .BRAM(SBOX_BRAM)
        ) u_rom (
            .clk(clk),
            .en(rom_en),
            .a_addr({rom_inv, rom_state[127 - 16 * n -: 8]}),
            .b_addr({rom_inv, rom_state[119 - 16 * n -: 8]}),
            .a_data({a_top_unused, sbox_q[127 - 16 * n -: 8]}),
            .b_data({b_top_unused, sbox_q[119 - 16 * n -: 8]})
        );
    end
endgenerate

// ---------------------------------------------------------------------------------------
// sequencing
// ---------------------------------------------------------------------------------------
always @(posedge clk) begin : p_keys
    if (key_fire) begin
        // the pre-pass: Nr forward steps from g = 1 (after one backward step for Nk = 8),
        // keeping the windows at which blocks start
        nk_reg <= load_nk;
        win_reg <= first;
        g_reg <= (load_nk == 2'd2) ? 4'd2 : 4'd1;
        dir_reg <= (load_nk == 2'd2);
        prep_reg <= 1'b1;
    end else if (prep_reg) begin
        win_reg <= win_next;
        if (dir_reg) begin
            g_reg <= 4'd1;
            dir_reg <= 1'b0;
        end else begin
            g_reg <= g_reg + 4'd1;
            if (g_reg == 4'd1) begin
                enc_reg <= win_next;
            end
            if (g_reg == nr - 4'd1) begin
                dec_reg <= win_next;
            end
            if (g_reg == nr) begin
                rkn_reg <= win_next[127:0];
                prep_reg <= 1'b0;
            end
        end
    end else if (in_fire) begin
        win_reg <= in_dec ? dec_reg : enc_reg;
        g_reg <= in_dec ? nr : 4'd2;
        dir_reg <= in_dec;
    end else if (busy_reg && !stall) begin
        win_reg <= win_next;
        g_reg <= dir_reg ? g_reg - 4'd1 : g_reg + 4'd1;
    end

    if (rst) begin
        // the pre-pass of the all-zero AES-128 key (its first window is zero)
        nk_reg <= 2'd0;
        win_reg <= 256'h0;
        enc_reg <= 256'h0;
        dec_reg <= 256'h0;
        rkn_reg <= 128'h0;
        g_reg <= 4'd1;
        dir_reg <= 1'b0;
        prep_reg <= 1'b1;
    end
end

always @(posedge clk) begin : p_engine
    if (in_fire) begin
        rnd_reg <= 4'd0;
        busy_reg <= 1'b1;
    end else if (busy_reg && !stall) begin
        rnd_reg <= rnd_reg + 4'd1;
        if (last_round) begin
            busy_reg <= 1'b0;
        end
    end

    if (rst) begin
        rnd_reg <= 4'd0;
        busy_reg <= 1'b0;
    end
end

`ifdef FORMAL
assign f_engine = {busy_reg, blk_dec, 2'b00, rnd_reg};
// the pre-pass: the backward step (AES-256), then the forward steps g = 1 .. Nr, the last at
// g = Nr
assign f_setup = !prep_reg ? 8'd0
               : dir_reg ? {4'd0, nr} + 8'd1
               : {4'd0, nr} - {4'd0, g_reg} + 8'd1;

// invariants of the engine and the pre-pass (k-induction): never both at once, each within
// its steps; with one key length offered in every cycle (the proof's FORMAL_CORE_TLEN_FIXED:
// s_key_tlen assumed constant), the length stored is that one (from the first edge on: the
// formal tops reset the core in the first cycle, where the registers start undefined)
always @(*) begin
    if (!$initstate) begin
        aes_prep_or_block: assert(!(busy_reg && prep_reg));
        if (busy_reg) begin
            aes_block_rounds: assert(rnd_reg < nr);
        end
        if (prep_reg) begin
            aes_prep_steps: assert(dir_reg ? (nk_reg == 2'd2 && g_reg == 4'd2)
                                           : (g_reg != 4'd0 && g_reg <= nr));
        end
`ifdef FORMAL_CORE_TLEN_FIXED
        aes_key_len: assert(nk_reg == load_nk);
`endif
    end
end
`endif

// output register (rtl/common/axis_out_reg.v): a finished block, held until m_axis_tready
// takes it and kept after the transfer (rule 5's idle data)
axis_out_reg #(
    .WIDTH(128),
    .USER_WIDTH(1)
) u_out (
    .clk(clk),
    .rst(rst),
    .load(finish),
    .load_data(last_out),
    .load_user(blk_dec),
    .free(out_free),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
