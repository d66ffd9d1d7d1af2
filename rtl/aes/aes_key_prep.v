// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key-expansion pre-pass at key load: the key-schedule windows (aes_key_step layout) at
// which encryption starts (round key 0 newest) and decryption starts (round key Nr newest).
// Datasheet: docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_key_prep.md (in the datasheets).
module aes_key_prep #(
    // width of the key input: the key is left-aligned, shorter keys use its top bits
    parameter integer KEY_BITS = 256,
    // key length: 0: AES-128, 1: AES-192, 2: AES-256 (a key shorter than KEY_BITS uses the
    // top bits)
    parameter integer NK = 0,
    // 1: two cycles a step (a register between SubWord and the word XORs); 2: three (and a
    // register before SubWord)
    parameter integer SPLIT = 0,
    // the S-boxes: 0 tables in logic, 1 composite field (aes_key_sub)
    parameter integer TOWER = 0
) (
    input  wire                clk,
    input  wire                rst,

    // load a key (ignored while busy)
    input  wire                load,
    input  wire [KEY_BITS-1:0] key,

    output wire                busy,
    // window at which encryption starts: w[-4] .. w[3], round key 0 newest
    output wire [255:0]        enc_win,
    // window at which decryption starts: w[4Nr-4] .. w[4Nr+3], round key Nr newest
    output wire [255:0]        dec_win
);

initial begin
    if ((KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) || NK < 0 || NK > 2
        || KEY_BITS < 128 + 64 * NK || SPLIT < 0 || SPLIT > 2 || (TOWER != 0 && TOWER != 1)) begin
        $error("aes_key_prep %m: KEY_BITS=%0d (128/192/256), NK=%0d (0..2, a key of 128 + 64 * NK bits within KEY_BITS), SPLIT=%0d (0..2), TOWER=%0d (0/1)",
               KEY_BITS, NK, SPLIT, TOWER);
        $finish;
    end
end

localparam [1:0] NK_CODE = NK[1:0];
localparam integer NR = 10 + 2 * NK;
// the first window: g = 2 (the key itself) for Nk = 8, else g = 1
localparam [3:0] G_FIRST = (NK == 2) ? 4'd2 : 4'd1;

wire [255:0] k;
generate
    if (KEY_BITS == 256) begin : g_k256
        assign k = key;
    end else begin : g_kpad
        assign k = {key, {(256 - KEY_BITS){1'b0}}};
    end
endgenerate

// the g = 1 window for Nk = 4 and 6, the g = 2 window (the key itself) for Nk = 8
reg [255:0] first;
always @* begin : p_first
    case (NK_CODE)
        2'd1: first = {64'h0, k[127:96] ^ k[159:128], k[95:64] ^ k[127:96], k[255:128]};
        2'd2: first = k;
        default: first = {128'h0, k[255:128]};
    endcase
end

reg [255:0] win_reg;
reg [255:0] enc_reg;
reg [255:0] dec_reg;
reg [3:0]   g_reg;
reg         back_reg;   // the Nk = 8 backward step to g = 1 comes first (used with NK = 2)
wire        back = (NK == 2) && back_reg;
reg         busy_reg;
// the load: the key's first window and length, registered every cycle (used after a load)
reg [255:0] first_reg;
reg         ld_reg;     // a key was taken at the last edge: the windows load it now
// control a cycle ahead (docs/cores/notes/aes_key_prep.md)
reg         step_reg;   // the window takes its step this cycle
reg         fin_reg;    // ... and it is the last one (dec_reg takes it, busy ends)
reg         win_ce_reg; // win_reg loads this cycle: ld_reg || step_reg
reg         enc_ce_reg; // enc_reg loads this cycle: ld_reg || (step_reg && back_reg)
reg [1:0]   ph_reg;     // cycles into the current step (SPLIT != 0)

wire [31:0]  sin;
wire [31:0]  sin_pre;
wire [31:0]  sub;
wire [11:0]  pl;
wire [31:0]  step_sub;
wire [11:0]  step_pl;
wire [255:0] step_next;
wire [127:0] step_rk_unused;

aes_key_sub #(
    .PRESEL(SPLIT == 2 ? 1 : 0),
    .TOWER(TOWER)
) u_sub (
    .win(win_reg),
    .nk_code(NK_CODE),
    .bwd(back),
    .g(g_reg),
    .sin(sin),
    .sin_pre(sin_pre),
    .sub(sub),
    .pl(pl)
);

generate
    if (SPLIT != 0) begin : g_split
        // a step's cycles (ph_reg 0 .. SPLIT): with SPLIT = 2 the S-box input word into a
        // register first; SubWord and the plan into registers; the words in the last cycle
        reg [31:0] sin_reg;
        reg [31:0] sub_reg;
        reg [11:0] pl_reg;
        always @(posedge clk) begin : p_split
            sin_reg <= sin;
            sub_reg <= sub;
            pl_reg <= pl;
            if (rst) begin
                sin_reg <= 32'h0;
                sub_reg <= 32'h0;
                pl_reg <= 12'h0;
            end
        end
        assign sin_pre = sin_reg;
        assign step_sub = sub_reg;
        assign step_pl = pl_reg;
    end else begin : g_whole
        wire [31:0] sin_unused = sin;
        assign sin_pre = 32'h0;
        assign step_sub = sub;
        assign step_pl = pl;
    end
endgenerate

aes_key_words u_words (
    .win(win_reg),
    .nk_code(NK_CODE),
    .bwd(back),
    .sub(step_sub),
    .pl(step_pl),
    .next(step_next),
    .rk(step_rk_unused)
);

// next values of the control (the registers hold them a cycle later)
wire       take = load && !busy_reg;
wire [3:0] g_next = ld_reg ? G_FIRST
                  : !step_reg ? g_reg
                  : back ? 4'd1 : g_reg + 4'd1;
wire       back_next = ld_reg ? (NK == 2) : (back && !step_reg);
wire       busy_next = take || (busy_reg && !fin_reg);
// SPLIT = 0: a step every busy cycle but the load's; else every SPLIT + 1 cycles after it
wire [1:0] ph_next = (busy_reg && !ld_reg && ph_reg != SPLIT[1:0]) ? ph_reg + 2'd1 : 2'd0;
wire       step_n = busy_next && !take && ((SPLIT == 0) || (ph_next == SPLIT[1:0]));
wire       fin_n = step_n && !back_next && (g_next == NR[3:0]);

always @(posedge clk) begin : p_ctrl
    first_reg <= first;
    ld_reg <= take;
    busy_reg <= busy_next;
    g_reg <= g_next;
    back_reg <= back_next;
    ph_reg <= ph_next;
    step_reg <= step_n;
    fin_reg <= fin_n;
    win_ce_reg <= take || step_n;
    enc_ce_reg <= take || (step_n && back_next);

    // (first_reg loads every cycle and is used only after a load: no reset)
    if (rst) begin
        // the state after the load of the all-zero key (the windows below are zero)
        ld_reg <= 1'b0;
        busy_reg <= 1'b1;
        g_reg <= G_FIRST;
        back_reg <= (NK == 2);
        ph_reg <= 2'd0;
        step_reg <= (SPLIT == 0);
        fin_reg <= 1'b0;
        win_ce_reg <= (SPLIT == 0);
        enc_ce_reg <= (SPLIT == 0) && (NK == 2);
    end
end

// the windows: enables and the load select from registers only
always @(posedge clk) begin : p_win
    if (win_ce_reg) begin
        win_reg <= ld_reg ? first_reg : step_next;
    end
    if (enc_ce_reg) begin
        enc_reg <= ld_reg ? first_reg : step_next;
    end
    if (fin_reg) begin
        dec_reg <= step_next;
    end
    if (rst) begin
        win_reg <= 256'h0;
        enc_reg <= 256'h0;
        dec_reg <= 256'h0;
    end
end

assign busy = busy_reg;
assign enc_win = enc_reg;
assign dec_win = dec_reg;

endmodule

`resetall
