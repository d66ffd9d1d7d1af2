// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish round ring of bf_core: rounds of ROUND_CYCLES cycles with as many blocks (of LANES
// lanes each) in flight, the S-box read addresses and F per lane, and the key schedule's
// entries into the ring (its chained encryptions, the copy's reads of the pi S-boxes).
// Datasheets: docs/cores/ (bf_iter, bf_x2, bf_pipe).
module bf_ring #(
    // 64-bit lanes processed together (1: bf_iter, 2: bf_x2)
    parameter integer LANES = 1,
    // cycles a round (2 or 3), and beats in flight
    parameter integer ROUND_CYCLES = 2
) (
    input  wire                  clk,
    input  wire                  rst,

    // a block entering from the input port (taken only while no key schedule runs), lane 0
    // in the low 64 bits, each {L, R}; tuser: 0 encrypt, 1 decrypt
    input  wire [64*LANES-1:0]   s_axis_tdata,
    input  wire                  s_axis_tuser,
    input  wire                  in_fire,
    // the ring can take a block from the port (its data stage is free or emits)
    output wire                  in_free,

    // the key schedule's state (bf_core): a key taken, the schedule running (init_reg), its
    // last write landing (fin), its encryptions starting (init_start, decided a cycle ahead:
    // go_d), encryption 0 (enc_first) or 520 (enc_last), encryptions 0..8 (p_phase), the S-box
    // words rewritten (wcnt)
    input  wire                  key_fire,
    input  wire                  init_reg,
    input  wire                  fin,
    input  wire                  init_start,
    input  wire                  go_d,
    input  wire                  enc_first,
    input  wire                  enc_last,
    input  wire                  p_phase,
    input  wire [9:0]            wcnt,
    // the key can be taken next cycle (no block in the ring, no key schedule)
    output wire                  key_ready,
    // the schedule's next encryption enters the ring (chain); an encryption writes L
    // (write_l) or R (write_r) of its result (wdata) at the next edge; its last one ends
    // (init_done)
    output wire                  chain,
    output wire                  write_l,
    output wire                  write_r,
    output wire [31:0]           wdata,
    output wire                  init_done,

    // the P-array (bf_parray), P[0] as it will be next cycle
    input  wire [18*32-1:0]      p_array,
    input  wire [31:0]           p0_next,

    // the S-box copy (bf_sbox_copy): a read of word ccnt_next[7:0] enters the RAMs at the next
    // edge (copy_rd)
    output wire                  copy_rd,
    input  wire [8:0]            ccnt_next,

    // the S-box RAMs' read ports ({pi half select, index} per lane; words two edges later)
    output wire [9*LANES-1:0]    s_ra0,
    output wire [9*LANES-1:0]    s_ra1,
    output wire [9*LANES-1:0]    s_ra2,
    output wire [9*LANES-1:0]    s_ra3,
    input  wire [32*LANES-1:0]   s_rd0,
    input  wire [32*LANES-1:0]   s_rd1,
    input  wire [32*LANES-1:0]   s_rd2,
    input  wire [32*LANES-1:0]   s_rd3,

    // the output register (axis_out_reg): it takes a block (out_free); the block leaving now
    // (emit), its words per lane and its direction
    input  wire                  out_free,
    output wire                  emit,
    output wire [64*LANES-1:0]   out_next,
    output wire                  out_dir
);

localparam integer K = ROUND_CYCLES;
localparam integer W = 32 * LANES;       // one half-block word per lane
localparam integer DS = ROUND_CYCLES - 1;  // the data stage

initial begin
    if (LANES < 1 || LANES > 2 || ROUND_CYCLES < 2 || ROUND_CYCLES > 3) begin
        $error("bf_ring %m: LANES=%0d must be 1 or 2, ROUND_CYCLES=%0d 2 or 3",
               LANES, ROUND_CYCLES);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------

// the ring: stage s of each field at index s (x, y: W bits a stage; P' word from stage 1)
reg  [K-1:0]         v_reg;           // the stage holds a block
reg  [K-1:0]         done_reg;        // ... whose result waits for the output register
reg  [K-1:0]         dir_reg;         // its direction
reg  [4*K-1:0]       rnd_reg;         // its round 0..15
reg  [K-1:0]         r15_reg;         // round 15
reg  [2*K-1:0]       tag_reg;         // its place in the input order (mod 4)
reg  [W*K-1:0]       x_reg;           // x_r = L_r ^ P'[r] (its S-box words are being read)
reg  [W*K-1:0]       y_reg;           // R_r ^ P'[r+1]
// stage 0's x and y are chosen as they move to stage 1, so that neither F's result nor the
// handshake reaches a 32-bit multiplexer: stage 0 registers every candidate, and flags say
// which one the block in stage 0 takes (x_reg and y_reg of stage 0: a block entering)
reg  [W-1:0]         fq_reg;          // per lane: F and y of the last data stage (their XOR,
reg  [W-1:0]         yq_reg;          // y ^ F, is formed on the way to stage 1)
reg  [W-1:0]         lq_reg;          // per lane: x ^ P' of the last data stage
reg  [W-1:0]         xd_reg;          // per lane: x and y of the last data stage (a result
reg  [W-1:0]         yd_reg;          // held once more)
reg                  s0_st_reg;       // stage 0 holds a block entering: (x_reg, y_reg)
reg                  s0_run_reg;      // ... the next round: (xq, lq)
reg                  s0_out_reg;      // ... a result held for the first time: (lq, xq)
reg                  s0_held_reg;     // ... a result held again: (xd, yd)
reg                  s0_yfix_reg;     // ... a key-schedule encryption: y = y_reg ^ xq
reg  [31:0]          ym_reg;          // lane 0: the data stage's y, ^ P[17] if it writes L
reg  [32*K-33:0]     pn_reg;          // P'[r+2], read in stage 0 for stages 1..K-1
// decoded a cycle ahead, so that the RAM address selects come straight from flip-flops
reg                  ds_run_reg;      // the data stage holds a round 0..14 ...
reg                  ds_last_reg;     // ... or round 15
reg                  krdy_reg;        // s_key_tready: no block in the ring, no key schedule
reg                  chain_reg;       // last && init_reg && !enc_last
reg                  copy_reg;        // init_reg && !ccnt_reg[8] && !ds_v && !init_start
reg  [17:0]          pr_reg;          // P' index (one-hot) of the next round of the block
                                      // before the DS
reg  [17:0]          pidx_reg;        // P' index (one-hot) of stage 0's round
reg                  ksel_reg;        // lane 0's x entering is kx_reg (copy, key schedule)
reg  [31:0]          kx_reg;          // the copy's address, 0 ^ P[0] (the schedule's first
                                      // encryption) or L out ^ P[0] (the next one)
reg  [3:0]           hit0_reg;        // S-box read of lane 0 hits the word written last edge
reg  [3:0]           hit1_reg;        // the same, one stage later (the words are on rd)
reg  [31:0]          rby_reg;         // that word
reg  [1:0]           in_tag_reg;      // tag of the next block to enter
reg  [1:0]           out_tag_reg;     // tag of the next block to leave

// ---------------------------------------------------------------------------------------
// control: the block in the data stage
// ---------------------------------------------------------------------------------------
wire [3:0]  ds_rnd = rnd_reg[4*DS +: 4];
wire        ds_v = v_reg[DS];
wire        ds_done = done_reg[DS];
wire        ds_dir = dir_reg[DS];
wire [1:0]  ds_tag = tag_reg[2*DS +: 2];
wire [31:0] ds_pn = pn_reg[32*(DS-1) +: 32];
wire        last = ds_last_reg;
wire        run = ds_run_reg;                                  // rounds 0..14 go on
wire        result = (last && !init_reg) || (ds_v && ds_done); // a result for the output
assign emit = result && (ds_tag == out_tag_reg) && out_free;  // leaves now, in order
wire        hold = result && !emit;                     // goes round the ring once more
assign chain = chain_reg;                      // next key-schedule encryption
assign write_l = init_reg && ds_v && (ds_rnd == 4'd14);  // L of this encryption is known
assign write_r = init_reg && last;                        // R of this encryption is known
wire        start = in_fire || init_start || chain;
// the copy reads pi words while the key schedule leaves the RAMs' read ports idle
assign copy_rd = copy_reg;
assign init_done = last && init_reg && enc_last;
assign in_free = !ds_v || emit;
assign key_ready = krdy_reg;
assign out_dir = ds_dir;

// ---------------------------------------------------------------------------------------
// P words: fixed ones for a block entering, P'[r+2] read in stage 0 for the rest
// ---------------------------------------------------------------------------------------
wire [31:0] p0 = p_array[0 +: 32];
wire [31:0] p1 = p_array[32 +: 32];
wire [31:0] p16 = p_array[16*32 +: 32];
wire [31:0] p17 = p_array[17*32 +: 32];
wire        dir_start = s_axis_tuser && !init_reg;           // the key schedule encrypts
// stage 0 reads P'[r+2] for its round r (decryption: P reversed), the index decoded a cycle
// ahead: pr_reg for a round that goes on (from the stage before the data stage), pidx_reg.
// The indices are one-hot and the word an AND-OR of the 18: each index bit drives one word's
// 32 gates, where a binary index would steer a 576-bit shifter through a chain of LUTs
// (the engine's slowest path inside bf_pipe)
function [17:0] onehot18(input [4:0] idx);
    integer j;
    begin
        for (j = 0; j < 18; j = j + 1) begin
            onehot18[j] = (idx == j[4:0]);
        end
    end
endfunction

function [31:0] pword(input [18*32-1:0] pa, input [17:0] oh);
    integer j;
    begin
        pword = 32'd0;
        for (j = 0; j < 18; j = j + 1) begin
            pword = pword | (pa[32*j +: 32] & {32{oh[j]}});
        end
    end
endfunction

wire [31:0] pn_next = pword(p_array, pidx_reg);

// ---------------------------------------------------------------------------------------
// S-boxes (one RAM each, LANES read ports) and the lanes' round functions
// ---------------------------------------------------------------------------------------
wire [W-1:0]        xn;         // per lane: y ^ F(x) = x of the next round (R out in round 15)
wire [W-1:0]        addr;       // per lane: the x whose S-box words are read next
wire [31:0]         pn_pre;     // P' word of the stage before the data stage
// the key schedule's word (L of round 14 is y ^ F ^ P[17], R of round 15 y ^ F): one XOR
// after F, the P[17] folded into ym_reg a cycle before

// lane 0 reads the pi halves while the key schedule rewrites P (and for the copy); then the
// working halves, where each word not yet rewritten holds its copy of pi
wire                rpi = init_reg && p_phase;

genvar l;
generate
    for (l = 0; l < LANES; l = l + 1) begin : g_lane
        wire [31:0] x = x_reg[W*DS + 32*l +: 32];
        wire [31:0] y = y_reg[W*DS + 32*l +: 32];
        // stage 1: the S-box words on the RAM outputs (or the word written at the edge the
        // block entered stage 0, for the key schedule's lane 0)
        wire [31:0] d0 = (l == 0 && hit1_reg[0]) ? rby_reg : s_rd0[32*l +: 32];
        wire [31:0] d1 = (l == 0 && hit1_reg[1]) ? rby_reg : s_rd1[32*l +: 32];
        wire [31:0] d2 = (l == 0 && hit1_reg[2]) ? rby_reg : s_rd2[32*l +: 32];
        wire [31:0] d3 = (l == 0 && hit1_reg[3]) ? rby_reg : s_rd3[32*l +: 32];
        wire [31:0] f;
        if (K == 2) begin : g_f1
            assign f = ((d0 + d1) ^ d2) + d3;
        end else begin : g_f2
            // F in two cycles: (S0 + S1) ^ S2 and S3 registered in stage 1
            reg [31:0] t_reg;
            reg [31:0] s3_reg;
            always @(posedge clk) begin : p_fhalf
                t_reg <= (d0 + d1) ^ d2;
                s3_reg <= d3;
            end
            assign f = t_reg + s3_reg;
        end
        wire [31:0] lout = x ^ ds_pn;                   // L out of round 15 (P'[17])
        // block entering: from the input port, zero (key schedule) or the last output
        wire [31:0] in_l = s_axis_tdata[64*l + 32 +: 32];
        wire [31:0] in_r = s_axis_tdata[64*l +: 32];
        // from the port: (L ^ P'[0], R ^ P'[1]); a block is taken from the port only while
        // no key schedule runs, so the port's tuser is its direction
        wire [31:0] in_x = in_l ^ (s_axis_tuser ? p17 : p0);
        wire [31:0] st_r = init_start ? 32'd0 : in_r;
        wire [31:0] pp1 = dir_start ? p16 : p1;
        // lane 0's other x, registered a cycle ahead (kx_reg): the copy's address, the first
        // key-schedule encryption's (0 ^ P[0]) or the next one's (L out ^ P[0]). The key
        // schedule and the copy use lane 0 only. (x_st kept as a net: the RAM address is then
        // one LUT after F, run ? y ^ F : x_st)
        wire        ksel = (l == 0) && ksel_reg;
        (* keep *) wire [31:0] x_st = ksel ? kx_reg : in_x;
        // the key-schedule encryption's y, R out ^ P[1], is completed in stage 1 (encryption
        // 1 of the schedule: R out is the P[1] written by encryption 0, so y = 0)
        wire [31:0] y_st = chain ? (enc_first ? 32'd0 : p1) : (st_r ^ pp1);
        assign xn[32*l +: 32] = y ^ f;
        if (l == 0) begin : g_x0
            assign wdata = ym_reg ^ f;
        end
        // the selects are control: no data-dependent logic after F on the way to the RAMs
        wire        half = (l == 0) && rpi;
        assign addr[32*l +: 32] = run ? xn[32*l +: 32] : x_st;
        assign s_ra0[9*l +: 9] = {half, addr[32*l + 24 +: 8]};
        assign s_ra1[9*l +: 9] = {half, addr[32*l + 16 +: 8]};
        assign s_ra2[9*l +: 9] = {half, addr[32*l + 8 +: 8]};
        assign s_ra3[9*l +: 9] = {half, addr[32*l +: 8]};

        // the candidates for the block re-entering stage 0: a new one, the next round, or a
        // result held (chosen by the s0_* flags on the way to stage 1)
        always @(posedge clk) begin : p_lane
            x_reg[32*l +: 32] <= x_st;
            y_reg[32*l +: 32] <= y_st;
            fq_reg[32*l +: 32] <= f;
            yq_reg[32*l +: 32] <= y;
            lq_reg[32*l +: 32] <= lout;
            xd_reg[32*l +: 32] <= x;
            yd_reg[32*l +: 32] <= y;
        end

        // the lane's result: {x, y} of a held result, or {L, R} = {lout, y ^ F}
        assign out_next[64*l + 32 +: 32] = ds_done ? x : lout;
        assign out_next[64*l +: 32] = y ^ (f & {32{!ds_done}});
    end
endgenerate

// the key schedule's own entries decided a cycle ahead (chain_reg, copy_reg, and bf_core's
// go_reg from go_d; exact: one slot runs the schedule, and init_reg and enc_last do not change
// before its round 15)
wire        chain_d = v_reg[DS-1] && !done_reg[DS-1] && r15_reg[DS-1] && init_reg &&
                      !enc_last;
wire        copy_d = (key_fire || (init_reg && !fin)) && !v_reg[DS-1] && !ccnt_next[8] &&
                     !go_d;

// the ring: stage s takes stage s - 1's block (the P' word is read in stage 0); stage 0's x
// and y completed with the last data stage's y ^ F
// (an empty slot is zeroed: nothing of a key schedule goes round the ring)
wire [W-1:0] xq = fq_reg ^ yq_reg;          // y ^ F of the last data stage
wire [W-1:0] x_s0 = ({W{s0_st_reg}} & x_reg[0 +: W]) | ({W{s0_run_reg}} & xq) |
                    ({W{s0_out_reg}} & lq_reg) | ({W{s0_held_reg}} & xd_reg);
wire [W-1:0] y_s0 = (({W{s0_st_reg}} & y_reg[0 +: W]) | ({W{s0_run_reg}} & lq_reg) |
                     ({W{s0_held_reg}} & yd_reg)) ^
                    ({W{s0_out_reg || s0_yfix_reg}} & xq);
wire [31:0]  x_pre;     // lane 0's x in the stage before the data stage
wire [31:0]  y_pre;     // and its y
genvar st;
generate
    if (DS == 1) begin : g_pn1
        assign pn_pre = pn_next;
        assign x_pre = x_s0[31:0];
        assign y_pre = y_s0[31:0];
    end else begin : g_pn2
        assign pn_pre = pn_reg[32*(DS-2) +: 32];
        assign x_pre = x_reg[W*(DS-1) +: 32];
        assign y_pre = y_reg[W*(DS-1) +: 32];
    end
    for (st = 1; st < K; st = st + 1) begin : g_stage
        always @(posedge clk) begin : p_stage
            v_reg[st] <= v_reg[st-1];
            done_reg[st] <= done_reg[st-1];
            dir_reg[st] <= dir_reg[st-1];
            rnd_reg[4*st +: 4] <= rnd_reg[4*(st-1) +: 4];
            r15_reg[st] <= r15_reg[st-1];
            tag_reg[2*st +: 2] <= tag_reg[2*(st-1) +: 2];
            x_reg[W*st +: W] <= (st == 1) ? x_s0 : x_reg[W*(st-1) +: W];
            y_reg[W*st +: W] <= (st == 1) ? y_s0 : y_reg[W*(st-1) +: W];
            if (st > 1) begin
                pn_reg[32*(st-1) +: 32] <= pn_reg[32*(st-2) +: 32];
            end
            if (rst) begin
                v_reg[st] <= 1'b0;
                done_reg[st] <= 1'b0;
            end
        end
    end
endgenerate

// the ring's control and P' words: stage 0 takes the data stage's block (or a new one), every
// other stage the one before it
always @(posedge clk) begin : p_engine
    v_reg[0] <= start || run || hold;
    done_reg[0] <= hold;
    dir_reg[0] <= start ? dir_start : ds_dir;
    rnd_reg[3:0] <= start ? 4'd0 : ds_rnd + 4'd1;
    r15_reg[0] <= !start && (ds_rnd == 4'd14);
    tag_reg[1:0] <= in_fire ? in_tag_reg : ds_tag;
    pn_reg[31:0] <= pn_next;
    // lane 0's x if the key schedule's side enters next: decoded a cycle ahead
    ksel_reg <= chain_d || copy_d || go_d;
    kx_reg <= copy_d ? {4{ccnt_next[7:0]}} : (chain_d ? (x_pre ^ pn_pre ^ p0_next) : p0_next);
    chain_reg <= chain_d;
    copy_reg <= copy_d;
    // the key is taken once the ring is empty and no schedule runs, decided a cycle ahead
    // (the ring's next state), so that the key handshake starts from a flip-flop
    krdy_reg <= !key_fire && (fin || !init_reg) && !(start || run || hold) &&
                !(|v_reg[K-2:0]);
    s0_st_reg <= start;
    s0_run_reg <= run;
    s0_out_reg <= hold && !ds_done;
    s0_held_reg <= hold && ds_done;
    s0_yfix_reg <= chain && !enc_first;
    pr_reg <= onehot18(dir_reg[DS-1] ? 5'd14 - {1'b0, rnd_reg[4*(DS-1) +: 4]} :
                                       {1'b0, rnd_reg[4*(DS-1) +: 4]} + 5'd3);
    pidx_reg <= start ? (dir_start ? onehot18(5'd15) : onehot18(5'd2)) : pr_reg;
    // the y of the next data stage, with P[17] where that stage writes L (round 14)
    ym_reg <= y_pre ^ ((init_reg && v_reg[DS-1] && rnd_reg[4*(DS-1) +: 4] == 4'd14) ?
                       p17 : 32'd0);
    ds_run_reg <= v_reg[DS-1] && !done_reg[DS-1] && !r15_reg[DS-1];
    ds_last_reg <= v_reg[DS-1] && !done_reg[DS-1] && r15_reg[DS-1];
    if (in_fire) begin
        in_tag_reg <= in_tag_reg + 2'd1;
    end
    if (emit) begin
        out_tag_reg <= out_tag_reg + 2'd1;
    end

    // the R word written at this edge is read through a bypass when its S-box words are
    // on the RAM outputs (stage 1)
    hit0_reg <= 4'd0;
    hit1_reg <= hit0_reg;
    if (chain && !p_phase) begin
        hit0_reg[0] <= (wcnt[9:8] == 2'd0) && (kx_reg[31:24] == wcnt[7:0]);
        hit0_reg[1] <= (wcnt[9:8] == 2'd1) && (kx_reg[23:16] == wcnt[7:0]);
        hit0_reg[2] <= (wcnt[9:8] == 2'd2) && (kx_reg[15:8] == wcnt[7:0]);
        hit0_reg[3] <= (wcnt[9:8] == 2'd3) && (kx_reg[7:0] == wcnt[7:0]);
        rby_reg <= wdata;      // (R: y ^ F)
    end

    if (rst) begin
        v_reg[0] <= 1'b0;
        done_reg[0] <= 1'b0;
        ds_run_reg <= 1'b0;
        ds_last_reg <= 1'b0;
        in_tag_reg <= 2'd0;
        out_tag_reg <= 2'd0;
        hit0_reg <= 4'd0;
        hit1_reg <= 4'd0;
        rby_reg <= 32'd0;
        s0_st_reg <= 1'b0;
        s0_run_reg <= 1'b0;
        s0_out_reg <= 1'b0;
        s0_held_reg <= 1'b0;
        s0_yfix_reg <= 1'b0;
        krdy_reg <= 1'b0;
        chain_reg <= 1'b0;
        copy_reg <= 1'b1;      // the schedule after reset: the copy reads from its first cycle
        ksel_reg <= 1'b1;
        kx_reg <= 32'd0;
    end
end

endmodule

`resetall
