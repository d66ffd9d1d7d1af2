// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish engine shared by bf_iter and bf_x2 (and bf_pipe's key schedule): rounds of
// ROUND_CYCLES cycles, as many blocks (of LANES lanes each) in flight. Its parts: the key
// mixing (bf_key_mix), the P-array (bf_parray), the S-box writes and the copy of the pi
// S-boxes (bf_sbox_copy), the S-box RAMs (bf_sbox), the round ring (bf_ring), the output
// register (axis_out_reg); here, the key schedule's sequence.
// Datasheets: docs/cores/ (bf_iter, bf_x2, bf_pipe).
module bf_core #(
    // 64-bit lanes processed together (1: bf_iter, 2: bf_x2); lanes share the S-box RAMs
    parameter integer LANES = 1,
    // cycles a round (2 or 3), and beats in flight
    parameter integer ROUND_CYCLES = 2
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

localparam integer W = 32 * LANES;       // one half-block word per lane

// the chained encryptions of the key schedule start at the end of this cycle after the key
// handshake: each P word is mixed before encryption 0 reads it (P[17] first at round 14), and
// the copy of the pi S-boxes into the working halves, which reads in the cycles that the
// schedule leaves to the RAMs, ends before encryption 8 starts (256 reads: from cycle 0, and
// from 128 x (ROUND_CYCLES - 1) cycles of encryptions 0..7)
`ifdef FORMAL
`ifdef BF_FORMAL_ENCRYPTIONS
// the formal targets' schedule (ciphercores.formal; docs/interface.md, "What is proven"): the
// encryptions start after `BF_FORMAL_MIX_START cycles and there are `BF_FORMAL_ENCRYPTIONS of
// them (2 or more). The two constants are only compared with the counters mcnt_reg and enc_reg;
// the sequence, the ring and the handshakes are the same as below
localparam [7:0] MIX_START = `BF_FORMAL_MIX_START;
localparam [9:0] ENC_LAST = `BF_FORMAL_ENCRYPTIONS - 1;
`else
localparam [7:0] MIX_START = (ROUND_CYCLES == 2) ? 8'd129 : 8'd57;
localparam [9:0] ENC_LAST = 10'd520;
`endif
`else
localparam [7:0] MIX_START = (ROUND_CYCLES == 2) ? 8'd129 : 8'd57;
localparam [9:0] ENC_LAST = 10'd520;    // 521 chained encryptions: P (9), then S0..S3 (512)
`endif
localparam [9:0] ENC_P = 10'd9;         // encryptions 0..8 rewrite P, the rest the S-boxes

initial begin
    if (LANES < 1 || LANES > 2 || ROUND_CYCLES < 2 || ROUND_CYCLES > 3) begin
        $error("bf_core %m: LANES=%0d must be 1 or 2, ROUND_CYCLES=%0d 2 or 3",
               LANES, ROUND_CYCLES);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// the key schedule's sequence: registers
// ---------------------------------------------------------------------------------------
reg  [7:0]           mcnt_reg;        // cycle of the key load
reg                  pre_reg;         // the chained encryptions have not started
reg                  fin_reg;         // the last encryption ended (its write lands now)
reg                  init_reg;        // key schedule running (mixing and encryptions)
reg  [9:0]           enc_reg;         // key-schedule encryption 0..520
reg  [10:0]          wcnt_reg;        // S-box words rewritten so far (0..1024)
reg                  enc_first_reg;   // enc_reg == 0
reg                  enc_last_reg;    // enc_reg == ENC_LAST
reg                  p_phase_reg;     // enc_reg < ENC_P
reg                  go_reg;          // mcnt_reg == MIX_START

// ---------------------------------------------------------------------------------------
// nets between the parts
// ---------------------------------------------------------------------------------------
wire                 key_ready;       // the ring: the key can be taken (s_key_tready)
wire                 in_free;         // the ring can take a block from the port
wire                 key_fire = s_key_tvalid && s_key_tready;
wire                 in_fire = s_axis_tvalid && s_axis_tready;
// the encryptions start at the end of the next cycle (decided a cycle ahead: go_reg)
wire                 go_d = (mcnt_reg == MIX_START - 8'd1) && !key_fire;
wire                 init_start = go_reg;  // (mcnt_reg counts only before the encryptions start)
wire                 p_phase = p_phase_reg;
// the key mixing's P writes (bf_key_mix)
wire                 mix_we;
wire [4:0]           mix_idx;
wire [31:0]          mix_data;
// the P-array (bf_parray), P[0] as it will be in the next cycle
wire [18*32-1:0]     p_reg;
wire [31:0]          p0_next;
// the schedule's next encryption enters the ring (chain); an encryption's L (write_l) or R
// (write_r) of its result (wdata) is known; its last one ends (init_done)
wire                 chain;
wire                 write_l;
wire                 write_r;
wire [31:0]          wdata;
wire                 init_done;
// S-box words rewritten by the schedule (the pi half is read until then)
wire                 s_we = (write_l || write_r) && !p_phase;
wire [3:0]           s_we_box;
// the copy of the pi S-boxes: a read enters the RAMs (copy_rd), the word it reads next
wire                 copy_rd;
wire [8:0]           ccnt_next;
// the S-box RAMs' write port (bf_sbox_copy) and read ports (bf_ring)
wire [3:0]           wr_we_reg;
wire                 wr_ks_reg;
wire [7:0]           wr_a_reg;
wire [127:0]         wr_d_reg;
wire [9*LANES-1:0]   s_ra0, s_ra1, s_ra2, s_ra3;
wire [W-1:0]         s_rd0, s_rd1, s_rd2, s_rd3;
// the output register: takes a block (out_free); the block leaving the ring (emit), per lane
wire                 out_free;
wire                 emit;
wire [64*LANES-1:0]  out_next;
wire                 out_dir;

assign s_key_tready = key_ready;
assign s_axis_tready = !s_key_tvalid && !init_reg && in_free;
assign sbox_we = wr_ks_reg ? wr_we_reg : 4'd0;
assign sbox_wa = wr_a_reg;
assign sbox_wd = wr_d_reg[31:0];
assign p_array = p_reg;

genvar b;
generate
    for (b = 0; b < 4; b = b + 1) begin : g_box
        assign s_we_box[b] = s_we && (wcnt_reg[9:8] == b);
    end
endgenerate

// ---------------------------------------------------------------------------------------
// key mixing: P[i] = pi_P[i] ^ (key bytes 4i..4i+3, the key cycled), one byte per cycle
// ---------------------------------------------------------------------------------------
bf_key_mix u_mix (
    .clk(clk),
    .rst(rst),
    .key_fire(key_fire),
    .key_tdata(s_key_tdata),
    .key_tlen(s_key_tlen),
    .mix_we(mix_we),
    .mix_idx(mix_idx),
    .mix_data(mix_data)
);

// ---------------------------------------------------------------------------------------
// P-array: written by the key mixer, then by encryptions 0..8 (L at round 14, R at round 15)
// ---------------------------------------------------------------------------------------
bf_parray u_parray (
    .clk(clk),
    .rst(rst),
    .mix_we(mix_we),
    .mix_idx(mix_idx),
    .mix_data(mix_data),
    .enc_we(p_phase && (write_l || write_r)),
    .enc_idx({enc_reg[3:0], write_r}),
    .enc_data(wdata),
    .p(p_reg),
    .p0_next(p0_next)
);

// ---------------------------------------------------------------------------------------
// S-boxes: the writes (the copy of pi into the working halves, or the key schedule's),
// registered before the RAMs (one RAM each, LANES read ports)
// ---------------------------------------------------------------------------------------
bf_sbox_copy u_copy (
    .clk(clk),
    .rst(rst),
    .key_fire(key_fire),
    .copy_rd(copy_rd),
    .ccnt_next(ccnt_next),
    .rd({s_rd3[31:0], s_rd2[31:0], s_rd1[31:0], s_rd0[31:0]}),
    .ks_we(s_we),
    .ks_we_box(s_we_box),
    .ks_wa(wcnt_reg[7:0]),
    .ks_wd(wdata),
    .wr_we(wr_we_reg),
    .wr_ks(wr_ks_reg),
    .wr_a(wr_a_reg),
    .wr_d(wr_d_reg)
);

bf_sbox #(.BOX(0), .PORTS(LANES)) u_sbox0 (
    .clk(clk), .we(wr_we_reg[0]), .wa(wr_a_reg), .wd(wr_d_reg[0 +: 32]), .ra(s_ra0), .rd(s_rd0)
);
bf_sbox #(.BOX(1), .PORTS(LANES)) u_sbox1 (
    .clk(clk), .we(wr_we_reg[1]), .wa(wr_a_reg), .wd(wr_d_reg[32 +: 32]), .ra(s_ra1), .rd(s_rd1)
);
bf_sbox #(.BOX(2), .PORTS(LANES)) u_sbox2 (
    .clk(clk), .we(wr_we_reg[2]), .wa(wr_a_reg), .wd(wr_d_reg[64 +: 32]), .ra(s_ra2), .rd(s_rd2)
);
bf_sbox #(.BOX(3), .PORTS(LANES)) u_sbox3 (
    .clk(clk), .we(wr_we_reg[3]), .wa(wr_a_reg), .wd(wr_d_reg[96 +: 32]), .ra(s_ra3), .rd(s_rd3)
);

// ---------------------------------------------------------------------------------------
// the round ring: the blocks in flight, and the key schedule's encryptions and copy reads
// ---------------------------------------------------------------------------------------
bf_ring #(
    .LANES(LANES),
    .ROUND_CYCLES(ROUND_CYCLES)
) u_ring (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .in_fire(in_fire),
    .in_free(in_free),
    .key_fire(key_fire),
    .init_reg(init_reg),
    .fin(fin_reg),
    .init_start(init_start),
    .go_d(go_d),
    .enc_first(enc_first_reg),
    .enc_last(enc_last_reg),
    .p_phase(p_phase),
    .wcnt(wcnt_reg[9:0]),
    .key_ready(key_ready),
    .chain(chain),
    .write_l(write_l),
    .write_r(write_r),
    .wdata(wdata),
    .init_done(init_done),
    .p_array(p_reg),
    .p0_next(p0_next),
    .copy_rd(copy_rd),
    .ccnt_next(ccnt_next),
    .s_ra0(s_ra0),
    .s_ra1(s_ra1),
    .s_ra2(s_ra2),
    .s_ra3(s_ra3),
    .s_rd0(s_rd0),
    .s_rd1(s_rd1),
    .s_rd2(s_rd2),
    .s_rd3(s_rd3),
    .out_free(out_free),
    .emit(emit),
    .out_next(out_next),
    .out_dir(out_dir)
);

// ---------------------------------------------------------------------------------------
// the key schedule's sequence: mixing, then 521 chained encryptions
// ---------------------------------------------------------------------------------------
always @(posedge clk) begin : p_key
    if (key_fire) begin
        mcnt_reg <= 8'd0;
        pre_reg <= 1'b1;
        init_reg <= 1'b1;
    end else begin
        if (pre_reg) begin
            mcnt_reg <= mcnt_reg + 8'd1;
        end
        if (init_start) begin
            pre_reg <= 1'b0;
        end
    end
    // the schedule ends once its last S-box write has landed
    fin_reg <= init_done;
    if (fin_reg) begin
        init_reg <= 1'b0;
    end

    // S-box words rewritten (the pi half is read until then), encryption count
    go_reg <= go_d;
    if (key_fire) begin
        wcnt_reg <= 11'd0;
        enc_reg <= 10'd0;
        enc_first_reg <= 1'b1;
        enc_last_reg <= 1'b0;
        p_phase_reg <= 1'b1;
    end else begin
        if (s_we) begin
            wcnt_reg <= wcnt_reg + 11'd1;
        end
        if (chain) begin
            enc_reg <= enc_reg + 10'd1;
            enc_first_reg <= 1'b0;
            enc_last_reg <= (enc_reg == ENC_LAST - 10'd1);
            if (enc_reg == ENC_P - 10'd1) begin
                p_phase_reg <= 1'b0;
            end
        end
    end

    if (rst) begin
        // start the schedule for the all-zero key
        mcnt_reg <= 8'd0;
        pre_reg <= 1'b1;
        fin_reg <= 1'b0;
        init_reg <= 1'b1;
        wcnt_reg <= 11'd0;
        enc_reg <= 10'd0;
        enc_first_reg <= 1'b1;
        enc_last_reg <= 1'b0;
        p_phase_reg <= 1'b1;
        go_reg <= 1'b0;
    end
end

// output register (rtl/common/axis_out_reg.v): a finished block, held until m_axis_tready
// takes it and kept after the transfer (rule 5's idle data)
axis_out_reg #(
    .WIDTH(64 * LANES),
    .USER_WIDTH(1)
) u_out (
    .clk(clk),
    .rst(rst),
    .load(emit),
    .load_data(out_next),
    .load_user(out_dir),
    .free(out_free),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
