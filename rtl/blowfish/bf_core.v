// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish engine shared by bf_iter and bf_x2 (and bf_pipe's key schedule): one round per cycle.
// Datasheets: docs/cores/ (bf_iter, bf_x2, bf_pipe).
module bf_core #(
    // 64-bit lanes processed together (1: bf_iter, 2: bf_x2); lanes share the S-box RAMs
    parameter integer LANES = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // key: left-aligned, first key byte in s_key_tdata[447:440]; length in bytes (1..56)
    input  wire [447:0]          s_key_tdata,
    input  wire [5:0]            s_key_tlen,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    // input blocks, lane 0 in the low 64 bits, each block {L, R}; tuser: 0 encrypt, 1 decrypt
    input  wire [64*LANES-1:0]   s_axis_tdata,
    input  wire                  s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    // output blocks
    output wire [64*LANES-1:0]   m_axis_tdata,
    output wire                  m_axis_tuser,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    // the key schedule's writes, for a core that keeps copies of the S-boxes (bf_pipe): at a
    // rising edge with sbox_we[b] high, word sbox_wa of S-box b's working half takes sbox_wd
    output wire [3:0]            sbox_we,
    output wire [7:0]            sbox_wa,
    output wire [31:0]           sbox_wd,
    // the P-array, P[i] in bits 32*i +: 32 (stable while no key schedule runs)
    output wire [18*32-1:0]      p_array
);

// the chained encryptions of the key schedule start at the end of this key-mixing cycle: the
// latest cycle at which each P word is mixed before encryption 0 needs it (P[17] at round 14)
localparam [6:0] MIX_START = 7'd57;
localparam [6:0] MIX_LAST = 7'd71;      // 72 key bytes, one per cycle, XORed into P[0..17]
localparam [9:0] ENC_LAST = 10'd520;    // 521 chained encryptions: P (9), then S0..S3 (512)
localparam [9:0] ENC_P = 10'd9;         // encryptions 0..8 rewrite P, the rest the S-boxes

initial begin
    if (LANES < 1 || LANES > 2) begin
        $error("bf_core %m: LANES=%0d must be 1 or 2", LANES);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg  [447:0]         key_reg;         // captured key, cleared once mixed into P
reg  [5:0]           klast_reg;       // key length - 1
reg  [5:0]           kj_reg;          // key byte pointer (cycles over the key)
reg  [23:0]          acc_reg;         // key bytes of the P word being mixed
reg                  mix_reg;         // key mixing running
reg  [6:0]           mcnt_reg;        // key-mixing cycle 0..71
reg                  init_reg;        // key schedule running (mixing and encryptions)
reg  [9:0]           enc_reg;         // key-schedule encryption 0..520
reg  [10:0]          wcnt_reg;        // S-box words rewritten so far (0..1024)
reg  [18*32-1:0]     p_reg;           // P-array, P[i] in bits 32*i +: 32
reg  [31:0]          pn_reg;          // P word for the y update of this round (P'[r+2])
reg                  busy_reg;        // the round engine is running
reg  [3:0]           rnd_reg;         // round 0..15
reg                  dir_reg;         // direction of the blocks in the engine
reg  [32*LANES-1:0]  x_reg;           // x_r = L_r ^ P'[r] (its S-box words are being read)
reg  [32*LANES-1:0]  y_reg;           // R_r ^ P'[r+1]
reg  [3:0]           hit_reg;         // S-box read of lane 0 hits the word written last edge
reg  [31:0]          rby_reg;         // that word
reg  [64*LANES-1:0]  out_reg;
reg                  out_user_reg;
reg                  out_valid_reg;

// initial P-array (pi): a ROM from the generated init file
reg  [31:0]          pi_p [0:17];
initial begin
    $readmemh("bf_pi_p.hex", pi_p);
end

// ---------------------------------------------------------------------------------------
// key mixing: P[i] = pi_P[i] ^ (key bytes 4i..4i+3, the key cycled), one byte per cycle
// ---------------------------------------------------------------------------------------
wire [8:0]  kpos = 9'd447 - {kj_reg, 3'b000};
wire [7:0]  kbyte = key_reg[kpos -: 8];
wire [4:0]  mix_idx = mcnt_reg[6:2];
wire        mix_we = mix_reg && (mcnt_reg[1:0] == 2'd3);
wire [31:0] mix_data = pi_p[mix_idx] ^ {acc_reg, kbyte};

// ---------------------------------------------------------------------------------------
// control
// ---------------------------------------------------------------------------------------
wire last = busy_reg && (rnd_reg == 4'd15);
wire out_free = !out_valid_reg || m_axis_tready;
wire stall = last && !init_reg && !out_free;          // the result waits for the output slot
wire finish = last && !init_reg && out_free;          // blocks leave the engine now
wire chain = last && init_reg && (enc_reg != ENC_LAST);  // next key-schedule encryption
wire init_done = last && init_reg && (enc_reg == ENC_LAST);
wire init_start = mix_reg && (mcnt_reg == MIX_START);
wire p_phase = enc_reg < ENC_P;
wire write_l = init_reg && busy_reg && (rnd_reg == 4'd14);  // L of this encryption is known
wire write_r = init_reg && last;                             // R of this encryption is known

assign s_key_tready = !busy_reg && !init_reg;
assign s_axis_tready = !s_key_tvalid && !init_reg && (!busy_reg || finish);
assign m_axis_tdata = out_reg;
assign m_axis_tuser = out_user_reg;
assign m_axis_tvalid = out_valid_reg;
assign sbox_we = s_we_box;
assign sbox_wa = wcnt_reg[7:0];
assign sbox_wd = wdata;
assign p_array = p_reg;

wire key_fire = s_key_tvalid && s_key_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;
wire start = in_fire || init_start || chain;
wire run = busy_reg && !last;                         // rounds 0..14 advance

// ---------------------------------------------------------------------------------------
// P words: fixed ones for the first round, a prefetched one (pn) for the rest
// ---------------------------------------------------------------------------------------
wire [31:0] p0 = p_reg[0 +: 32];
wire [31:0] p1 = p_reg[32 +: 32];
wire [31:0] p16 = p_reg[16*32 +: 32];
wire [31:0] p17 = p_reg[17*32 +: 32];
wire        dir_next = in_fire ? s_axis_tuser : (init_start ? 1'b0 : dir_reg);
wire [4:0]  pn_n = start ? 5'd2 : {1'b0, rnd_reg} + 5'd3;     // P' index for the next round
wire [4:0]  pn_idx = dir_next ? 5'd17 - pn_n : pn_n;          // decryption: P reversed
wire [31:0] pn_next = p_reg[{pn_idx, 5'b00000} +: 32];

// ---------------------------------------------------------------------------------------
// S-boxes (one RAM each, LANES read ports) and the lanes' round functions
// ---------------------------------------------------------------------------------------
wire [32*LANES-1:0] xn;         // per lane: y ^ F(x) = x of the next round (R out in round 15)
wire [32*LANES-1:0] addr;       // per lane: the x whose S-box words are read next
wire [31:0]         x0_start;   // lane 0's x of round 0 when an encryption starts
wire [9*LANES-1:0]  s_ra0, s_ra1, s_ra2, s_ra3;
wire [32*LANES-1:0] s_rd0, s_rd1, s_rd2, s_rd3;
wire [31:0]         wdata = write_l ? (xn[31:0] ^ p17) : xn[31:0];
wire                s_we = (write_l || write_r) && !p_phase;
wire [3:0]          s_we_box;

// lane 0 reads the pi half of an S-box word until the key schedule has rewritten it: all of
// box b once wcnt passed it, the words below wcnt[7:0] of the box being rewritten
wire [3:0]          box_done;
wire [3:0]          box_cur;

genvar l, b;
generate
    for (l = 0; l < LANES; l = l + 1) begin : g_lane
        wire [31:0] x = x_reg[32*l +: 32];
        wire [31:0] y = y_reg[32*l +: 32];
        wire [31:0] d0 = (l == 0 && hit_reg[0]) ? rby_reg : s_rd0[32*l +: 32];
        wire [31:0] d1 = (l == 0 && hit_reg[1]) ? rby_reg : s_rd1[32*l +: 32];
        wire [31:0] d2 = (l == 0 && hit_reg[2]) ? rby_reg : s_rd2[32*l +: 32];
        wire [31:0] d3 = (l == 0 && hit_reg[3]) ? rby_reg : s_rd3[32*l +: 32];
        wire [31:0] f = ((d0 + d1) ^ d2) + d3;
        // block entering: from the input port, zero (key schedule), or the last output
        wire [31:0] in_l = s_axis_tdata[64*l + 32 +: 32];
        wire [31:0] in_r = s_axis_tdata[64*l +: 32];
        wire [31:0] lout = x ^ pn_reg;                 // L out of round 15 (P'[17])
        wire [31:0] st_l = chain ? lout : (init_start ? 32'd0 : in_l);
        wire [31:0] st_r = chain ? xn[32*l +: 32] : (init_start ? 32'd0 : in_r);
        // P'[0], P'[1]; encryption 1 of the key schedule uses the P[1] written this edge
        wire [31:0] pp0 = dir_next ? p17 : p0;
        wire [31:0] pp1 = dir_next ? p16 : ((chain && enc_reg == 10'd0) ? xn[32*l +: 32] : p1);
        wire [31:0] x_st = st_l ^ pp0;
        wire [31:0] y_st = st_r ^ pp1;
        wire        rpi0 = (l == 0) && !box_done[0]
                             && !(box_cur[0] && addr[32*l + 24 +: 8] < wcnt_reg[7:0]);
        wire        rpi1 = (l == 0) && !box_done[1]
                             && !(box_cur[1] && addr[32*l + 16 +: 8] < wcnt_reg[7:0]);
        wire        rpi2 = (l == 0) && !box_done[2]
                             && !(box_cur[2] && addr[32*l + 8 +: 8] < wcnt_reg[7:0]);
        wire        rpi3 = (l == 0) && !box_done[3]
                             && !(box_cur[3] && addr[32*l +: 8] < wcnt_reg[7:0]);

        assign xn[32*l +: 32] = y ^ f;
        if (l == 0) begin : g_x0
            assign x0_start = x_st;
        end
        assign addr[32*l +: 32] = start ? x_st : xn[32*l +: 32];
        assign s_ra0[9*l +: 9] = {rpi0, addr[32*l + 24 +: 8]};
        assign s_ra1[9*l +: 9] = {rpi1, addr[32*l + 16 +: 8]};
        assign s_ra2[9*l +: 9] = {rpi2, addr[32*l + 8 +: 8]};
        assign s_ra3[9*l +: 9] = {rpi3, addr[32*l +: 8]};

        always @(posedge clk) begin : p_lane
            if (start) begin
                x_reg[32*l +: 32] <= x_st;
                y_reg[32*l +: 32] <= y_st;
            end else if (run) begin
                x_reg[32*l +: 32] <= xn[32*l +: 32];
                y_reg[32*l +: 32] <= x ^ pn_reg;
            end
            if (finish) begin
                out_reg[64*l +: 64] <= {lout, xn[32*l +: 32]};
            end
            if (rst) begin
                x_reg[32*l +: 32] <= 32'd0;
                y_reg[32*l +: 32] <= 32'd0;
                out_reg[64*l +: 64] <= 64'd0;
            end
        end
    end

    for (b = 0; b < 4; b = b + 1) begin : g_box
        assign s_we_box[b] = s_we && (wcnt_reg[9:8] == b);
        assign box_done[b] = !init_reg || (wcnt_reg[10:8] > b);
        assign box_cur[b] = (wcnt_reg[9:8] == b);
    end
endgenerate

bf_sbox #(.BOX(0), .PORTS(LANES)) u_sbox0 (
    .clk(clk), .we(s_we_box[0]), .wa(wcnt_reg[7:0]), .wd(wdata),
    .re(!stall), .ra(s_ra0), .rd(s_rd0)
);
bf_sbox #(.BOX(1), .PORTS(LANES)) u_sbox1 (
    .clk(clk), .we(s_we_box[1]), .wa(wcnt_reg[7:0]), .wd(wdata),
    .re(!stall), .ra(s_ra1), .rd(s_rd1)
);
bf_sbox #(.BOX(2), .PORTS(LANES)) u_sbox2 (
    .clk(clk), .we(s_we_box[2]), .wa(wcnt_reg[7:0]), .wd(wdata),
    .re(!stall), .ra(s_ra2), .rd(s_rd2)
);
bf_sbox #(.BOX(3), .PORTS(LANES)) u_sbox3 (
    .clk(clk), .we(s_we_box[3]), .wa(wcnt_reg[7:0]), .wd(wdata),
    .re(!stall), .ra(s_ra3), .rd(s_rd3)
);

// ---------------------------------------------------------------------------------------
// key schedule and round engine state
// ---------------------------------------------------------------------------------------
always @(posedge clk) begin : p_key
    // key mixing
    if (key_fire) begin
        key_reg <= s_key_tdata;
        klast_reg <= (s_key_tlen == 6'd0 || s_key_tlen > 6'd56) ? 6'd55 : s_key_tlen - 6'd1;
        kj_reg <= 6'd0;
        mcnt_reg <= 7'd0;
        mix_reg <= 1'b1;
        init_reg <= 1'b1;
    end else if (mix_reg) begin
        acc_reg <= {acc_reg[15:0], kbyte};
        kj_reg <= (kj_reg == klast_reg) ? 6'd0 : kj_reg + 6'd1;
        mcnt_reg <= mcnt_reg + 7'd1;
        if (mcnt_reg == MIX_LAST) begin
            mix_reg <= 1'b0;
            key_reg <= 448'd0;           // the key now lives only in P and the S-boxes
            acc_reg <= 24'd0;
        end
    end
    if (init_done) begin
        init_reg <= 1'b0;
    end

    // S-box words rewritten (the pi half is read until then), encryption count
    if (key_fire) begin
        wcnt_reg <= 11'd0;
        enc_reg <= 10'd0;
    end else begin
        if (s_we) begin
            wcnt_reg <= wcnt_reg + 11'd1;
        end
        if (chain) begin
            enc_reg <= enc_reg + 10'd1;
        end
    end

    if (rst) begin
        // wipe the key and start the schedule for the all-zero key
        key_reg <= 448'd0;
        klast_reg <= 6'd0;
        kj_reg <= 6'd0;
        acc_reg <= 24'd0;
        mcnt_reg <= 7'd0;
        mix_reg <= 1'b1;
        init_reg <= 1'b1;
        wcnt_reg <= 11'd0;
        enc_reg <= 10'd0;
    end
end

// P-array: written by the key mixer, then by encryptions 0..8 (L at round 14, R at round 15)
genvar i;
generate
    for (i = 0; i < 18; i = i + 1) begin : g_p
        always @(posedge clk) begin : p_pword
            if (mix_we && mix_idx == i) begin
                p_reg[32*i +: 32] <= mix_data;
            end else if (p_phase && write_l && enc_reg == i / 2 && i % 2 == 0) begin
                p_reg[32*i +: 32] <= xn[31:0] ^ p17;
            end else if (p_phase && write_r && enc_reg == i / 2 && i % 2 == 1) begin
                p_reg[32*i +: 32] <= xn[31:0];
            end
            if (rst) begin
                p_reg[32*i +: 32] <= 32'd0;
            end
        end
    end
endgenerate

always @(posedge clk) begin : p_engine
    if (start) begin
        busy_reg <= 1'b1;
        rnd_reg <= 4'd0;
        dir_reg <= dir_next;
        pn_reg <= pn_next;
    end else if (run) begin
        rnd_reg <= rnd_reg + 4'd1;
        pn_reg <= pn_next;
    end else if (finish || init_done) begin
        busy_reg <= 1'b0;
    end

    // the R word written at this edge is read through a bypass in the next cycle
    hit_reg <= 4'd0;
    if (chain && !p_phase) begin
        hit_reg[0] <= (wcnt_reg[9:8] == 2'd0) && (x0_start[31:24] == wcnt_reg[7:0]);
        hit_reg[1] <= (wcnt_reg[9:8] == 2'd1) && (x0_start[23:16] == wcnt_reg[7:0]);
        hit_reg[2] <= (wcnt_reg[9:8] == 2'd2) && (x0_start[15:8] == wcnt_reg[7:0]);
        hit_reg[3] <= (wcnt_reg[9:8] == 2'd3) && (x0_start[7:0] == wcnt_reg[7:0]);
        rby_reg <= xn[31:0];
    end

    if (rst) begin
        busy_reg <= 1'b0;
        rnd_reg <= 4'd0;
        dir_reg <= 1'b0;
        pn_reg <= 32'd0;
        hit_reg <= 4'd0;
        rby_reg <= 32'd0;
    end
end

// output register
always @(posedge clk) begin : p_output
    if (finish) begin
        out_user_reg <= dir_reg;
        out_valid_reg <= 1'b1;
    end else if (m_axis_tready) begin
        out_valid_reg <= 1'b0;
    end
    if (rst) begin
        out_user_reg <= 1'b0;
        out_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
