// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Folded SPECK: one round per cycle, key schedule on the fly beside the rounds (all ten sets).
// Datasheet: docs/cores/speck_iter.md
module speck_iter #(
    // word size n in bits: 16, 24, 32, 48 or 64
    parameter integer WORD = 64,
    // key words m: with WORD, one of the ten (2n, mn) sets of the SPECK paper
    parameter integer KEY_WORDS = 2
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
`ifdef FORMAL
    ,
    // every key register, for the proof of the key wipe (rtl/formal/): {key0, keyl, kw}
    output wire [3*WORD*KEY_WORDS-1:0] f_keys,
    // the round engine, for the ties of the proof's monitors: {holds a block, its tuser,
    // the rounds it has done}
    output wire [7:0] f_engine
`endif
);

// round count T of the set, 0 for a set that does not exist
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

localparam integer ROUNDS = speck_rounds(WORD, KEY_WORDS);
localparam integer ALPHA = (WORD == 16) ? 7 : 8;
localparam integer BETA = (WORD == 16) ? 2 : 3;
localparam integer KW = WORD * KEY_WORDS;
localparam integer LW = WORD * (KEY_WORDS - 1);
localparam integer CW = 6;

// parameter check at elaboration
initial begin
    if (ROUNDS == 0) begin
        $error("speck_iter %m: (WORD=%0d, KEY_WORDS=%0d) is not a SPECK parameter set",
               WORD, KEY_WORDS);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg [KW-1:0]     key0_reg;       // key state at round 0 (as loaded)
reg [KW-1:0]     keyl_reg;       // key state at round T-1 (for decryption)
reg [KW-1:0]     kw_reg;         // working key state {l window, k}
reg [WORD-1:0]   x_reg;
reg [WORD-1:0]   y_reg;
reg              dir_reg;        // direction of the block in the engine
reg              busy_reg;       // a block is in the round engine
reg              prep_reg;       // key pre-pass running
reg [CW-1:0]     rnd_reg;        // round / key-step counter

// ---------------------------------------------------------------------------------------
// key schedule step, forward (encryption, pre-pass) and backward (decryption)
// ---------------------------------------------------------------------------------------
wire [WORD-1:0] k_cur = kw_reg[WORD-1:0];
wire [LW-1:0]   l_win = kw_reg[KW-1:WORD];          // l_i in the low word, l_(i+m-2) on top
wire [WORD-1:0] l_low = l_win[WORD-1:0];
wire [WORD-1:0] l_top = l_win[LW-1:LW-WORD];

wire [CW-1:0]   step_fwd = rnd_reg;
wire [CW-1:0]   step_bwd = ROUNDS[CW-1:0] - 6'd2 - rnd_reg;

// forward: l_(i+m-1) = (k_i + (l_i >>> a)) ^ i ; k_(i+1) = (k_i <<< b) ^ l_(i+m-1)
wire [WORD-1:0] fwd_l = (k_cur + {l_low[ALPHA-1:0], l_low[WORD-1:ALPHA]})
                        ^ {{(WORD-CW){1'b0}}, step_fwd};
wire [WORD-1:0] fwd_k = {k_cur[WORD-1-BETA:0], k_cur[WORD-1:WORD-BETA]} ^ fwd_l;
wire [KW-1:0]   fwd_state;

// backward: k_i = (k_(i+1) ^ l_(i+m-1)) >>> b ; l_i = ((l_(i+m-1) ^ i) - k_i) <<< a
wire [WORD-1:0] bwd_kx = k_cur ^ l_top;
wire [WORD-1:0] bwd_k = {bwd_kx[BETA-1:0], bwd_kx[WORD-1:BETA]};
wire [WORD-1:0] bwd_ld = (l_top ^ {{(WORD-CW){1'b0}}, step_bwd}) - bwd_k;
wire [WORD-1:0] bwd_l = {bwd_ld[WORD-1-ALPHA:0], bwd_ld[WORD-1:WORD-ALPHA]};
wire [KW-1:0]   bwd_state;

generate
    if (KEY_WORDS == 2) begin : g_win1
        assign fwd_state = {fwd_l, fwd_k};
        assign bwd_state = {bwd_l, bwd_k};
    end else begin : g_winn
        assign fwd_state = {fwd_l, l_win[LW-1:WORD], fwd_k};
        assign bwd_state = {l_win[LW-WORD-1:0], bwd_l, bwd_k};
    end
endgenerate

// ---------------------------------------------------------------------------------------
// round function: x = ((x >>> a) + y) ^ k ; y = (y <<< b) ^ x, and its inverse
// ---------------------------------------------------------------------------------------
wire [WORD-1:0] enc_x = ({x_reg[ALPHA-1:0], x_reg[WORD-1:ALPHA]} + y_reg) ^ k_cur;
wire [WORD-1:0] enc_y = {y_reg[WORD-1-BETA:0], y_reg[WORD-1:WORD-BETA]} ^ enc_x;
wire [WORD-1:0] dec_yx = x_reg ^ y_reg;
wire [WORD-1:0] dec_y = {dec_yx[BETA-1:0], dec_yx[WORD-1:BETA]};
wire [WORD-1:0] dec_xd = (x_reg ^ k_cur) - dec_y;
wire [WORD-1:0] dec_x = {dec_xd[WORD-1-ALPHA:0], dec_xd[WORD-1:WORD-ALPHA]};
wire [WORD-1:0] rnd_x = dir_reg ? dec_x : enc_x;
wire [WORD-1:0] rnd_y = dir_reg ? dec_y : enc_y;

// ---------------------------------------------------------------------------------------
// control
// ---------------------------------------------------------------------------------------
wire last_round = busy_reg && (rnd_reg == ROUNDS[CW-1:0] - 6'd1);
wire out_free;                                      // the output register takes it
wire finish = last_round && out_free;               // the block leaves the engine now
wire stall = busy_reg && last_round && !out_free;   // result waits for the output slot

assign s_key_tready = !busy_reg && !prep_reg;
assign s_axis_tready = !s_key_tvalid && !prep_reg && (!busy_reg || finish);

wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;

// state registers
always @(posedge clk) begin : p_engine
    if (key_fire) begin
        // new key: keep it and start the pre-pass to the last round's key state
        key0_reg <= s_key_tdata;
        kw_reg <= s_key_tdata;
        prep_reg <= (ROUNDS > 1);
        rnd_reg <= {CW{1'b0}};
    end else if (prep_reg) begin
        kw_reg <= fwd_state;
        rnd_reg <= rnd_reg + 6'd1;
        if (rnd_reg == ROUNDS[CW-1:0] - 6'd2) begin
            keyl_reg <= fwd_state;
            prep_reg <= 1'b0;
        end
    end else if (in_fire) begin
        x_reg <= s_axis_tdata[2*WORD-1:WORD];
        y_reg <= s_axis_tdata[WORD-1:0];
        dir_reg <= s_axis_tuser;
        kw_reg <= s_axis_tuser ? keyl_reg : key0_reg;
        rnd_reg <= {CW{1'b0}};
        busy_reg <= 1'b1;
    end else if (busy_reg && !stall) begin
        x_reg <= rnd_x;
        y_reg <= rnd_y;
        kw_reg <= dir_reg ? bwd_state : fwd_state;
        rnd_reg <= rnd_reg + 6'd1;
        if (last_round) begin
            busy_reg <= 1'b0;
        end
    end

    if (rst) begin
        // empty the core, wipe every register that held key material, and run the
        // pre-pass for the all-zero key so that both directions work with it
        key0_reg <= {KW{1'b0}};
        keyl_reg <= {KW{1'b0}};
        kw_reg <= {KW{1'b0}};
        x_reg <= {WORD{1'b0}};
        y_reg <= {WORD{1'b0}};
        busy_reg <= 1'b0;
        prep_reg <= (ROUNDS > 1);
        rnd_reg <= {CW{1'b0}};
    end
end

// output register (rtl/common/axis_out_reg.v): a finished block, held until m_axis_tready
// takes it and kept after the transfer (rule 5's idle data)
axis_out_reg #(
    .WIDTH(2 * WORD),
    .USER_WIDTH(1)
) u_out (
    .clk(clk),
    .rst(rst),
    .load(finish),
    .load_data({rnd_x, rnd_y}),
    .load_user(dir_reg),
    .free(out_free),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

`ifdef FORMAL
assign f_keys = {key0_reg, keyl_reg, kw_reg};
assign f_engine = {busy_reg, dir_reg, rnd_reg};

// invariants of the engine (k-induction): the pre-pass and a block never at once, each within
// its steps (from the first edge on: the formal tops reset the core in the first cycle, where
// the registers start undefined)
always @(*) begin
    if (!$initstate) begin
        speck_prep_or_block: assert(!(busy_reg && prep_reg));
        if (busy_reg) begin
            speck_block_rounds: assert(rnd_reg < ROUNDS[CW-1:0]);
        end
        if (prep_reg) begin
            speck_prep_steps: assert(rnd_reg < ROUNDS[CW-1:0] - 6'd1);
        end
    end
end
`endif

endmodule

`resetall
