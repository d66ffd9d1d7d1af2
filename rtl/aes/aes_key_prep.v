`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key-expansion pre-pass at key load: the key-schedule windows (aes_key_step layout) at
// which encryption starts (round key 0 newest) and decryption starts (round key Nr newest).
//
// A load takes the key and its length; `busy` is high for Nr steps (Nr + 1 for AES-256), one
// step per cycle after the load edge (SPLIT = 1: two cycles, SubWord into a register, then
// the word XORs: aes_key_sub and aes_key_words; SPLIT = 2: three cycles, the S-box input word
// into a register first). Windows start at g = 1 (w[-4] .. w[3]); the words below
// w[0] are those of the backward recurrence: for Nk = 6 w[-2] = w[4] ^ w[3] and
// w[-1] = w[5] ^ w[4] (load-time XORs), for Nk = 8 one backward step from w[0] .. w[7].
// Reset zeroes every register and runs the pre-pass of the all-zero key of length RESET_NK.
module aes_key_prep #(
    // width of the key input: the key is left-aligned, shorter keys use its top bits
    parameter integer KEY_BITS = 256,
    // key length after reset (nk_code): the zero key of this length is then in use
    parameter integer RESET_NK = 0,
    // 1: two cycles a step (a register between SubWord and the word XORs); 2: three (and a
    // register before SubWord)
    parameter integer SPLIT = 0
) (
    input  wire                clk,
    input  wire                rst,

    // load a key (ignored while busy)
    input  wire                load,
    input  wire [KEY_BITS-1:0] key,
    // 0: AES-128, 1: AES-192, 2: AES-256 (a key shorter than KEY_BITS uses the top bits)
    input  wire [1:0]          nk_code,

    output wire                busy,
    // key length of the windows below (nk_code of the last load)
    output wire [1:0]          win_nk_code,
    // window at which encryption starts: w[-4] .. w[3], round key 0 newest
    output wire [255:0]        enc_win,
    // window at which decryption starts: w[4Nr-4] .. w[4Nr+3], round key Nr newest
    output wire [255:0]        dec_win
);

initial begin
    if ((KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) || RESET_NK < 0
        || RESET_NK > 2 || SPLIT < 0 || SPLIT > 2) begin
        $error("aes_key_prep %m: KEY_BITS=%0d (128/192/256), RESET_NK=%0d (0..2), SPLIT=%0d (0..2)",
               KEY_BITS, RESET_NK, SPLIT);
        $finish;
    end
end

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
    case (nk_code)
        2'd1: first = {64'h0, k[127:96] ^ k[159:128], k[95:64] ^ k[127:96], k[255:128]};
        2'd2: first = k;
        default: first = {128'h0, k[255:128]};
    endcase
end

reg [255:0] win_reg;
reg [255:0] enc_reg;
reg [255:0] dec_reg;
reg [1:0]   nk_reg;
reg [3:0]   g_reg;
reg         back_reg;   // the Nk = 8 backward step to g = 1 comes first
reg         busy_reg;

wire [31:0]  sin;
wire [31:0]  sin_pre;
wire [31:0]  sub;
wire [11:0]  pl;
wire [31:0]  step_sub;
wire [11:0]  step_pl;
wire [255:0] step_next;
wire [127:0] step_rk_unused;
wire         step;      // the window takes its step this cycle

aes_key_sub #(
    .PRESEL(SPLIT == 2 ? 1 : 0)
) u_sub (
    .win(win_reg),
    .nk_code(nk_reg),
    .bwd(back_reg),
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
        reg [1:0]  ph_reg;
        always @(posedge clk) begin : p_split
            sin_reg <= sin;
            sub_reg <= sub;
            pl_reg <= pl;
            ph_reg <= (busy_reg && ph_reg != SPLIT[1:0]) ? ph_reg + 2'd1 : 2'd0;
            if (rst) begin
                sin_reg <= 32'h0;
                sub_reg <= 32'h0;
                pl_reg <= 12'h0;
                ph_reg <= 2'd0;
            end
        end
        assign sin_pre = sin_reg;
        assign step_sub = sub_reg;
        assign step_pl = pl_reg;
        assign step = busy_reg && (ph_reg == SPLIT[1:0]);
    end else begin : g_whole
        wire [31:0] sin_unused = sin;
        assign sin_pre = 32'h0;
        assign step_sub = sub;
        assign step_pl = pl;
        assign step = busy_reg;
    end
endgenerate

aes_key_words u_words (
    .win(win_reg),
    .nk_code(nk_reg),
    .bwd(back_reg),
    .sub(step_sub),
    .pl(step_pl),
    .next(step_next),
    .rk(step_rk_unused)
);

wire [3:0] nr = (nk_reg == 2'd0) ? 4'd10 : (nk_reg == 2'd1) ? 4'd12 : 4'd14;

always @(posedge clk) begin : p_prep
    if (load && !busy_reg) begin
        win_reg <= first;
        enc_reg <= first;
        nk_reg <= (nk_code == 2'd3) ? 2'd0 : nk_code;
        g_reg <= (nk_code == 2'd2) ? 4'd2 : 4'd1;
        back_reg <= (nk_code == 2'd2);
        busy_reg <= 1'b1;
    end else if (step) begin
        win_reg <= step_next;
        if (back_reg) begin
            enc_reg <= step_next;
            g_reg <= 4'd1;
            back_reg <= 1'b0;
        end else begin
            g_reg <= g_reg + 4'd1;
            if (g_reg == nr) begin
                dec_reg <= step_next;
                busy_reg <= 1'b0;
            end
        end
    end

    if (rst) begin
        win_reg <= 256'h0;
        enc_reg <= 256'h0;
        dec_reg <= 256'h0;
        nk_reg <= RESET_NK[1:0];
        g_reg <= (RESET_NK == 2) ? 4'd2 : 4'd1;
        back_reg <= (RESET_NK == 2);
        busy_reg <= 1'b1;
    end
end

assign busy = busy_reg;
assign win_nk_code = nk_reg;
assign enc_win = enc_reg;
assign dec_win = dec_reg;

endmodule

`resetall
