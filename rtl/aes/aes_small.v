// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Small AES-128/192/256, encrypt or decrypt per block (or encrypt only, DECRYPT = 0): a 32-bit
// data path, one column a cycle through four S-boxes (Nr + 1 passes of four cycles); the key
// schedule shares those S-boxes: a key load expands w[0] .. w[59] into a round-key RAM, one
// word a cycle (a second cycle for a SubWord word), and a block reads one word a cycle,
// ascending to encrypt, round key by round key descending to decrypt.
// Datasheet: docs/cores/aes_small.md
// Design notes: docs/cores/notes/aes_small.md (in the datasheets).
module aes_small #(
    // 1: S-boxes in block RAM (2 RAMs, two bytes each); 0: the same synchronous tables in LUT
    // logic; 2: in logic, computed in the composite field (aes_sbox_tower)
    parameter integer SBOX_BRAM = 1,
    // 1: each block encrypts or decrypts (s_axis_tuser); 0: encrypt only (s_axis_tuser
    // ignored, m_axis_tuser 0; no inverse tables and no InvMixColumns)
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
    // {holds a block, its tuser, the steps it has done: 4 passes + columns}; and the cycles
    // left of the key expansion (0: none runs), tied to the ready model's set-up
    output wire [7:0]   f_engine,
    output wire [7:0]   f_setup
`endif
);

initial begin
    if (SBOX_BRAM < 0 || SBOX_BRAM > 2 || (DECRYPT != 0 && DECRYPT != 1)) begin
        $error("aes_small %m: SBOX_BRAM=%0d (0/1/2), DECRYPT=%0d (0/1)", SBOX_BRAM, DECRYPT);
        $finish;
    end
end

// the last word the expansion writes: w[59], AES-256's last
localparam [5:0] LAST_WORD = 6'd59;

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg [1:0]   nk_reg;         // key length of the loaded key: 0 Nk=4, 1 Nk=6, 2 Nk=8
// key expansion
reg         prep_reg;       // the expansion is running
reg [255:0] key_reg;        // the key loaded, until the expansion has written it to the RAM
reg [31:0]  last_reg;       // the word written last, w[i - 1]
reg [5:0]   pi_reg;         // index of the word it writes next
reg [2:0]   pm_reg;         // that index mod Nk
reg         in_key_reg;     // that word is one of the key's (index < Nk)
reg         in_sched_reg;   // that word is one of the schedule's (index < 4 (Nr + 1))
                            // (both flags registered: compares of the index there were
                            // the UP5K's critical path)
reg         sub_reg;        // the S-boxes hold SubWord of the word written last
reg [7:0]   rcon_reg;       // the round constant of the next word with index mod Nk = 0
// round-key RAM: w[0] .. w[59]
reg [31:0]  kram [0:63];
reg [31:0]  kw_reg;         // the word read: the round key column of this step, or w[i - Nk]
reg [5:0]   ka_reg;         // the RAM address of the step after this one
// round engine
reg         busy_reg;       // a block is in the engine
reg         dir_reg;        // its direction (1: decrypting)
reg [3:0]   r_reg;          // its pass, 0 .. Nr
reg [1:0]   c_reg;          // the column of this step
reg [127:0] s_reg;          // the state before the pass in progress (column 0 in 127:96)
reg [95:0]  n_reg;          // columns 0 .. 2 of the pass in progress
reg [127:0] out_reg;
reg         out_user_reg;
reg         out_valid_reg;

wire [3:0] nr = (nk_reg == 2'd0) ? 4'd10 : (nk_reg == 2'd1) ? 4'd12 : 4'd14;

// ---------------------------------------------------------------------------------------
// control
// ---------------------------------------------------------------------------------------
wire last_step = busy_reg && (r_reg == nr) && (c_reg == 2'd3);
wire out_free = !out_valid_reg || m_axis_tready;
wire finish = last_step && out_free;    // the block leaves the engine now
wire stall = last_step && !out_free;    // its result waits for the output register
wire adv = busy_reg && !stall;          // the engine takes a step

assign s_key_tready = !busy_reg && !prep_reg;
assign s_axis_tready = !s_key_tvalid && !prep_reg && (!busy_reg || finish);

wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;
// the direction of the block entering, and of the block in the engine: constant zero when
// encrypting only
wire in_dec = (DECRYPT != 0) && s_axis_tuser;
wire blk_dec = (DECRYPT != 0) && dir_reg;

// ---------------------------------------------------------------------------------------
// key expansion: w[i] = w[i - Nk] ^ t, t = SubWord(RotWord(w[i - 1])) ^ Rcon at i mod Nk = 0,
// SubWord(w[i - 1]) at i mod 8 = 4 for Nk = 8, w[i - 1] otherwise; the first Nk words are
// the key's. w[i - Nk] comes back from the RAM (its read port is free during the
// expansion), w[i - 1] from last_reg.
// ---------------------------------------------------------------------------------------
wire [1:0] load_nk = (s_key_tlen == 6'd24) ? 2'd1 : (s_key_tlen == 6'd32) ? 2'd2 : 2'd0;
wire [2:0] nk_m1 = (nk_reg == 2'd0) ? 3'd3 : (nk_reg == 2'd1) ? 3'd5 : 3'd7;
wire [5:0] nk_words = {3'b000, nk_m1} + 6'd1;
// the words of the schedule: 4 (Nr + 1)
wire [5:0] sched_words = {nr, 2'b00} + 6'd4;

wire [31:0] sbox_q;         // the four S-box outputs (row 0 in bits 31:24)
wire in_key = in_key_reg;
wire in_sched = in_sched_reg;
wire rot_word = !in_key && in_sched && (pm_reg == 3'd0);
wire sub_word = !in_key && in_sched && (nk_reg == 2'd2) && (pm_reg == 3'd4);
// this word waits one cycle for SubWord of the word before it
wire sub_wait = (rot_word || sub_word) && !sub_reg;
wire [31:0] key_word = key_reg[255 - 32 * pi_reg[2:0] -: 32];
wire [31:0] t_word = rot_word ? ({sbox_q[23:0], sbox_q[31:24]} ^ {rcon_reg, 24'h0})
                   : sub_word ? sbox_q
                   : last_reg;
wire [31:0] new_word = in_key ? key_word : in_sched ? (kw_reg ^ t_word) : 32'h0;
wire key_write = prep_reg && !sub_wait;
// the index of the word the next cycle writes
wire [5:0] pi_next = key_write ? pi_reg + 6'd1 : pi_reg;
// the key has been written: its register is cleared (below Nk, the index is its value mod
// Nk)
wire key_done = key_write && in_key && (pm_reg == nk_m1);

function [7:0] xt(input [7:0] b);  // b * {02}
    begin
        xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    end
endfunction

always @(posedge clk) begin : p_expand
    if (key_fire) begin
        nk_reg <= load_nk;
        in_key_reg <= 1'b1;
        in_sched_reg <= 1'b1;
        pi_reg <= 6'd0;
        pm_reg <= 3'd0;
        sub_reg <= 1'b0;
        rcon_reg <= 8'h01;
        prep_reg <= 1'b1;
    end else if (prep_reg) begin
        if (sub_wait) begin
            sub_reg <= 1'b1;
        end else begin
            last_reg <= new_word;
            pi_reg <= pi_reg + 6'd1;
            pm_reg <= (pm_reg == nk_m1) ? 3'd0 : pm_reg + 3'd1;
            if (key_done) begin
                in_key_reg <= 1'b0;
            end
            if (pi_reg == sched_words - 6'd1) begin
                in_sched_reg <= 1'b0;
            end
            sub_reg <= 1'b0;
            if (rot_word) begin
                rcon_reg <= xt(rcon_reg);
            end
            if (pi_reg == LAST_WORD) begin
                prep_reg <= 1'b0;
            end
        end
    end

    if (rst) begin
        // the expansion of the all-zero AES-128 key
        nk_reg <= 2'd0;
        in_key_reg <= 1'b1;
        in_sched_reg <= 1'b1;
        pi_reg <= 6'd0;
        pm_reg <= 3'd0;
        sub_reg <= 1'b0;
        rcon_reg <= 8'h01;
        prep_reg <= 1'b1;
    end
end

always @(posedge clk) begin : p_key
    if (rst || key_done) begin
        key_reg <= 256'h0;
    end else if (key_fire) begin
        key_reg <= s_key_tdata;
    end
end

// ---------------------------------------------------------------------------------------
// round-key RAM: written by the expansion, read one word a step. A block starts at w[0]
// (encrypt) or w[4 Nr] (decrypt) and reads the words of one round key in ascending order;
// between round keys it goes up (encrypt) or down by one round key (decrypt)
// ---------------------------------------------------------------------------------------
wire ram_rd = in_fire || adv || prep_reg;
wire [5:0] start_word = in_dec ? {nr, 2'b00} : 6'd0;
// in the expansion: w[i - Nk] of the word the next cycle writes
wire [5:0] ram_raddr = prep_reg ? pi_next - nk_words : in_fire ? start_word : ka_reg;

always @(posedge clk) begin : p_kram
    if (key_write && !rst) begin
        kram[pi_reg] <= new_word;
    end
    if (ram_rd) begin
        kw_reg <= kram[ram_raddr];
    end
end

// ---------------------------------------------------------------------------------------
// the round, one column a step: pass 0 adds the round key to column c of the block; later
// passes take the S-box outputs of the column's diagonal, then MixColumns and AddRoundKey
// (decrypt: AddRoundKey and InvMixColumns; none in the last pass)
// ---------------------------------------------------------------------------------------
reg  [31:0] s_col;          // column c of the state

always @* begin : p_s_col
    case (c_reg)
        2'd0: s_col = s_reg[127:96];
        2'd1: s_col = s_reg[95:64];
        2'd2: s_col = s_reg[63:32];
        default: s_col = s_reg[31:0];
    endcase
end

wire        last_pass = (r_reg == nr);
wire        mid_pass = (r_reg != 4'd0) && !last_pass;
// InvMixColumns is MixColumns after a cheap map (each byte plus 04 times the sum of it and
// the byte two rows away), so one MixColumns serves both directions
wire [31:0] mix_in;
wire [31:0] mix_out;
wire [95:0] mix_out_unused;

generate
    if (DECRYPT != 0) begin : g_dec
        wire [31:0] dec_add = sbox_q ^ kw_reg;
        wire [7:0] u = xt(xt(dec_add[31:24] ^ dec_add[15:8]));
        wire [7:0] v = xt(xt(dec_add[23:16] ^ dec_add[7:0]));
        assign mix_in = blk_dec ? (dec_add ^ {u, v, u, v}) : sbox_q;
    end else begin : g_enc_only
        assign mix_in = sbox_q;
    end
endgenerate

aes_mix_cols #(
    .INV(0)
) u_mix (
    .s({mix_in, 96'h0}),
    .y({mix_out, mix_out_unused})
);

// column c of the pass in progress: pass 0 adds the round key to the block's column; the
// last pass has no MixColumns; a decryption's middle passes added the key before it
wire [31:0] new_col = ((r_reg == 4'd0) ? s_col : last_pass ? sbox_q : mix_out)
                      ^ ((mid_pass && blk_dec) ? 32'h0 : kw_reg);

// the state after the pass, once its last column is made
wire [127:0] next_state = {n_reg, new_col};

// ---------------------------------------------------------------------------------------
// the S-boxes: the diagonal of the next step's column (row j from column c + j to encrypt,
// c - j to decrypt), from the state, or in the last step of a pass from the next state; in
// a key expansion, the word written last
// ---------------------------------------------------------------------------------------
wire [1:0]   next_c = c_reg + 2'd1;

function [7:0] pick(input [127:0] v, input [1:0] col, input [1:0] row);
    begin
        pick = v[127 - 32 * col - 8 * row -: 8];
    end
endfunction

// the first column of the next pass, in the last step: rows 0 and 2 from the new columns 0
// and 2, rows 1 and 3 from columns 1 and 3 (encrypt) or 3 and 1 (decrypt), column 3 the
// one made now
wire [31:0] fwd = {n_reg[95:88],
                   blk_dec ? new_col[23:16] : n_reg[55:48],
                   n_reg[15:8],
                   blk_dec ? n_reg[39:32] : new_col[7:0]};
reg  [31:0] diag;

always @* begin : p_diag
    integer j;
    reg [1:0] row;
    reg [1:0] col;
    diag = 32'h0;
    for (j = 0; j < 4; j = j + 1) begin
        row = j[1:0];
        col = blk_dec ? next_c - row : next_c + row;
        diag[31 - 8 * j -: 8] = pick(s_reg, col, row);
    end
    if (c_reg == 2'd3) begin
        diag = fwd;
    end
end

wire [31:0] rom_word = prep_reg ? last_reg : diag;
wire        rom_inv = !prep_reg && blk_dec;
wire        rom_en = prep_reg || adv;

genvar n;

generate
    for (n = 0; n < 2; n = n + 1) begin : g_rom
        // the bytes alone (MULT = 0: the top bytes are zero)
        wire [7:0] a_top_unused;
        wire [7:0] b_top_unused;
        aes_sbox_rom #(
            .BRAM(SBOX_BRAM)
        ) u_rom (
            .clk(clk),
            .en(rom_en),
            .a_addr({rom_inv, rom_word[31 - 16 * n -: 8]}),
            .b_addr({rom_inv, rom_word[23 - 16 * n -: 8]}),
            .a_data({a_top_unused, sbox_q[31 - 16 * n -: 8]}),
            .b_data({b_top_unused, sbox_q[23 - 16 * n -: 8]})
        );
    end
endgenerate

// ---------------------------------------------------------------------------------------
// sequencing
// ---------------------------------------------------------------------------------------
always @(posedge clk) begin : p_engine
    if (in_fire) begin
        busy_reg <= 1'b1;
        dir_reg <= in_dec;
        r_reg <= 4'd0;
        c_reg <= 2'd0;
        s_reg <= s_axis_tdata;
        ka_reg <= start_word + 6'd1;
    end else if (adv) begin
        c_reg <= next_c;
        // the step after the next starts the next round key: one up, or one round key down
        ka_reg <= (blk_dec && c_reg == 2'd2) ? ka_reg - 6'd7 : ka_reg + 6'd1;
        if (c_reg == 2'd3) begin
            r_reg <= r_reg + 4'd1;
            s_reg <= next_state;
        end
        if (last_step) begin
            busy_reg <= 1'b0;
        end
    end

    if (adv && c_reg != 2'd3) begin
        case (c_reg)
            2'd0: n_reg[95:64] <= new_col;
            2'd1: n_reg[63:32] <= new_col;
            default: n_reg[31:0] <= new_col;
        endcase
    end

    if (rst) begin
        busy_reg <= 1'b0;
        dir_reg <= 1'b0;
        r_reg <= 4'd0;
        c_reg <= 2'd0;
        ka_reg <= 6'd0;
    end
end

always @(posedge clk) begin : p_output
    if (finish) begin
        out_reg <= next_state;
        out_user_reg <= blk_dec;
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

`ifdef FORMAL
assign f_engine = {busy_reg, blk_dec, r_reg, c_reg};

// the expansion's cycles left from the word pi on (Nk of code nk): one a word up to
// LAST_WORD, and one more for each SubWord word of the schedule among them, less the wait
// already taken for word pi (waited: sub_reg)
function [7:0] f_left(input [5:0] pi, input [1:0] nk, input waited);
    integer i;
    reg sub;
    begin
        f_left = 8'd0;
        for (i = 0; i <= LAST_WORD; i = i + 1) begin
            sub = (nk == 2'd0) ? (i >= 4 && i < 44 && i % 4 == 0)
                : (nk == 2'd1) ? (i >= 6 && i < 52 && i % 6 == 0)
                : (i >= 8 && i % 4 == 0);
            if (i >= pi) begin
                f_left = f_left + (sub ? 8'd2 : 8'd1);
            end
        end
        if (waited) begin
            f_left = f_left - 8'd1;
        end
    end
endfunction

assign f_setup = prep_reg ? f_left(pi_reg, nk_reg, sub_reg) : 8'd0;

// the index of the word written next, mod Nk
wire [2:0] f_pi_mod = (nk_reg == 2'd0) ? {1'b0, pi_reg[1:0]}
                    : (nk_reg == 2'd1) ? pi_reg % 6'd6
                    : pi_reg[2:0];

// invariants of the engine and the expansion (k-induction): never both at once; a block
// within its passes; the expansion's word index within the RAM, its flags and its index mod
// Nk those of the index, a SubWord wait taken only for a word that needs it; with one key
// length offered in every cycle (the proof's FORMAL_CORE_TLEN_FIXED: s_key_tlen assumed
// constant), the length stored is that one (from the first edge on: the formal tops reset the
// core in the first cycle, where the registers start undefined)
always @(*) begin
    if (!$initstate) begin
        aes_small_prep_or_block: assert(!(busy_reg && prep_reg));
        if (busy_reg) begin
            aes_small_block_passes: assert(r_reg <= nr);
        end
        if (prep_reg) begin
            aes_small_expand_index: assert(pi_reg <= LAST_WORD && pm_reg == f_pi_mod
                                           && in_key_reg == (pi_reg < nk_words)
                                           && in_sched_reg == (pi_reg < sched_words)
                                           && (!sub_reg || rot_word || sub_word));
        end
`ifdef FORMAL_CORE_TLEN_FIXED
        aes_small_key_len: assert(nk_reg == load_nk);
`endif
    end
end
`endif

assign m_axis_tdata = out_reg;
assign m_axis_tuser = out_user_reg;
assign m_axis_tvalid = out_valid_reg;

endmodule

`resetall
