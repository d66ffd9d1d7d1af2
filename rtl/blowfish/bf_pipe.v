// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Pipelined Blowfish: 16 round stages of 5 cycles, one block a cycle, per-stage S-box copies.
// Datasheet: docs/cores/bf_pipe.md
// Design notes: docs/cores/notes/bf_pipe.md (in the datasheets).
module bf_pipe (
    input  wire         clk,
    input  wire         rst,

    // key: left-aligned in 448 bits, first key byte in s_key_tdata[447:440]; length in bytes
    input  wire [447:0] s_key_tdata,
    input  wire [5:0]   s_key_tlen,
    input  wire         s_key_tvalid,
    output wire         s_key_tready,

    // input blocks {L, R}; tuser: 0 encrypt, 1 decrypt
    input  wire [63:0]  s_axis_tdata,
    input  wire         s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    // output blocks
    output wire [63:0]  m_axis_tdata,
    output wire         m_axis_tuser,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);

// cycles per round (bf_pipe_round), and the rising edges from a block's input handshake to
// the output FIFO's taking it: the input stage and the 16 rounds (axis_out_fifo sizes its
// FIFO from it)
localparam integer ROUND_CYCLES = 5;
localparam integer LATENCY = 16 * ROUND_CYCLES + 1;

// ---------------------------------------------------------------------------------------
// the key-schedule engine, and the mirrored S-box writes
// ---------------------------------------------------------------------------------------
wire         credit;
wire         core_idle;        // no key schedule running
wire [3:0]   sbox_we;
wire [7:0]   sbox_wa;
wire [31:0]  sbox_wd;
wire [575:0] p_array;
reg  [575:0] p_reg;            // the rounds' copy of the engine's P-array, a cycle behind
reg          kin_rdy_reg;      // s_key_tready: the engine idle and no block in the rounds
reg          key_v_reg;        // a key taken, on its way to the engine
reg  [447:0] key_d_reg;
reg  [5:0]   key_len_reg;
reg  [6:0]   inflight_reg;     // blocks in the input stage and the rounds (0..81)
reg          empty_reg;        // inflight_reg == 0 (decoded with the count: the key
wire         empty = empty_reg;  // handshake starts from flip-flops)
// only the key-schedule port of the engine is used: its data stream stays idle
// verilator lint_off UNUSEDSIGNAL
wire         core_s_axis_tready;
wire [63:0]  core_m_axis_tdata;
wire         core_m_axis_tuser;
wire         core_m_axis_tvalid;
wire         fifo_key_ready;   // the FIFO's wipe after reset already holds the credit low, and
                               // the key schedule after it takes longer
// verilator lint_on UNUSEDSIGNAL

assign s_key_tready = kin_rdy_reg;
assign s_axis_tready = credit && core_idle && !key_v_reg && !s_key_tvalid;

bf_core #(
    .LANES(1),
    .ROUND_CYCLES(3)
) u_core (
    .clk(clk),
    .rst(rst),
    .s_key_tdata(key_d_reg),
    .s_key_tlen(key_len_reg),
    .s_key_tvalid(key_v_reg),
    .s_key_tready(core_idle),
    .s_axis_tdata(64'd0),
    .s_axis_tuser(1'b0),
    .s_axis_tvalid(1'b0),
    .s_axis_tready(core_s_axis_tready),
    .m_axis_tdata(core_m_axis_tdata),
    .m_axis_tuser(core_m_axis_tuser),
    .m_axis_tvalid(core_m_axis_tvalid),
    .m_axis_tready(1'b1),
    .sbox_we(sbox_we),
    .sbox_wa(sbox_wa),
    .sbox_wd(sbox_wd),
    .p_array(p_array)
);

// The engine's S-box writes (registered in bf_core), registered once more before they fan out
// to the 32 copies. The last one lands at the first edge at which a block can enter after the
// schedule, before that block reads (a block reads the copies the cycle after it enters). The
// registers hold key material: reset clears.
reg  [3:0]   wr_we_reg;
reg  [7:0]   wr_a_reg;
reg  [31:0]  wr_d_reg;

always @(posedge clk) begin : p_mirror
    wr_we_reg <= sbox_we;
    if (|sbox_we) begin
        wr_a_reg <= sbox_wa;
        wr_d_reg <= sbox_wd;
    end
    if (rst) begin
        wr_we_reg <= 4'd0;
        wr_a_reg <= 8'd0;
        wr_d_reg <= 32'd0;
    end
end

wire in_fire = s_axis_tvalid && s_axis_tready;

// The key handshake from flip-flops, and the key into a register on its way to the engine
// (one cycle of key set-up): the port's valid then reaches one enable, not the engine's
// control, and the key registers load while s_key_tready is high (an enable straight from a
// flip-flop: they hold the handshake's key from its edge on). The key is taken only when the
// engine takes it at the next edge: the engine idle and no block in the rounds, and none
// entering (a key offered holds the input back). Reset clears the key registers.
wire kin_fire = s_key_tvalid && kin_rdy_reg;

always @(posedge clk) begin : p_key_in
    if (kin_rdy_reg) begin
        key_d_reg <= s_key_tdata;
        key_len_reg <= s_key_tlen;
    end
    key_v_reg <= kin_fire;
    kin_rdy_reg <= core_idle && empty && !in_fire && !kin_fire && !key_v_reg;
    if (rst) begin
        key_v_reg <= 1'b0;
        kin_rdy_reg <= 1'b0;
        key_d_reg <= 448'd0;
        key_len_reg <= 6'd0;
    end
end

// The rounds read a copy of the P-array, so that the engine's P registers (read by its own
// rounds each cycle) have one load each. A cycle late, it is complete long before the key
// schedule ends (P is final after its first 9 encryptions). Key material: reset clears.
always @(posedge clk) begin : p_pcopy
    p_reg <= p_array;
    if (rst) begin
        p_reg <= 576'd0;
    end
end

// ---------------------------------------------------------------------------------------
// input stage: (x, y) of round 0 = (L ^ P'[0], R ^ P'[1]), P' = P or, to decrypt, P reversed
// ---------------------------------------------------------------------------------------
wire [17*32-1:0]  x_bus;       // x of round r (r = 16: R out) in bits 32*r +: 32
wire [17*32-1:0]  y_bus;       // y of round r (r = 16: L out)
wire [16:0]       dec_bus;
wire [16:0]       valid_bus;
wire [32*64-1:0]  s_bus;       // S-box words of round r: S<b> in bits 32*(4*r+b) +: 32
reg  [31:0]       in_x_reg;
reg  [31:0]       in_y_reg;
reg               in_dec_reg;
reg               in_valid_reg;
wire [31:0]       pp0 = s_axis_tuser ? p_reg[17*32 +: 32] : p_reg[0 +: 32];
wire [31:0]       pp1 = s_axis_tuser ? p_reg[16*32 +: 32] : p_reg[32 +: 32];

always @(posedge clk) begin : p_input
    if (in_fire) begin
        in_x_reg <= s_axis_tdata[63:32] ^ pp0;
        in_y_reg <= s_axis_tdata[31:0] ^ pp1;
        in_dec_reg <= s_axis_tuser;
    end
    in_valid_reg <= in_fire;
    if (rst) begin
        in_valid_reg <= 1'b0;
    end
end

// blocks in the input stage and the rounds: a key load waits until there are none
wire [6:0] inflight_next = inflight_reg + {6'd0, in_fire} - {6'd0, valid_bus[16]};

always @(posedge clk) begin : p_inflight
    inflight_reg <= inflight_next;
    empty_reg <= (inflight_next == 7'd0);
    if (rst) begin
        inflight_reg <= 7'd0;
        empty_reg <= 1'b1;
    end
end

assign x_bus[31:0] = in_x_reg;
assign y_bus[31:0] = in_y_reg;
assign dec_bus[0] = in_dec_reg;
assign valid_bus[0] = in_valid_reg;

// ---------------------------------------------------------------------------------------
// 16 rounds; round r uses P'[r+2]: P[r+2] to encrypt, P[15-r] to decrypt
// ---------------------------------------------------------------------------------------
genvar r;
generate
    for (r = 0; r < 16; r = r + 1) begin : g_round
        bf_pipe_round u_round (
            .clk(clk),
            .rst(rst),
            .in_valid(valid_bus[r]),
            .in_dec(dec_bus[r]),
            .in_x(x_bus[32*r +: 32]),
            .in_y(y_bus[32*r +: 32]),
            .p_enc(p_reg[32*(r+2) +: 32]),
            .p_dec(p_reg[32*(15-r) +: 32]),
            .s0(s_bus[32*(4*r+0) +: 32]),
            .s1(s_bus[32*(4*r+1) +: 32]),
            .s2(s_bus[32*(4*r+2) +: 32]),
            .s3(s_bus[32*(4*r+3) +: 32]),
            .out_valid(valid_bus[r+1]),
            .out_dec(dec_bus[r+1]),
            .out_x(x_bus[32*(r+1) +: 32]),
            .out_y(y_bus[32*(r+1) +: 32])
        );
    end
endgenerate

// ---------------------------------------------------------------------------------------
// S-box copies: copy k serves round 2k on port A (which also takes the mirrored writes: no
// block is in the rounds while the key schedule runs) and round 2k + 1 on port B
// ---------------------------------------------------------------------------------------
genvar k;
generate
    for (k = 0; k < 8; k = k + 1) begin : g_copy
        wire [31:0] xa = x_bus[32*(2*k) +: 32];
        wire [31:0] xb = x_bus[32*(2*k+1) +: 32];
        wire        rea = valid_bus[2*k];
        wire        reb = valid_bus[2*k+1];

        bf_sbox_dp u_sbox0 (
            .clk(clk),
            .a_we(wr_we_reg[0]), .a_re(rea),
            .a_addr(wr_we_reg[0] ? wr_a_reg : xa[31:24]), .a_wd(wr_d_reg),
            .a_rd(s_bus[32*(8*k+0) +: 32]),
            .b_re(reb), .b_addr(xb[31:24]), .b_rd(s_bus[32*(8*k+4) +: 32])
        );
        bf_sbox_dp u_sbox1 (
            .clk(clk),
            .a_we(wr_we_reg[1]), .a_re(rea),
            .a_addr(wr_we_reg[1] ? wr_a_reg : xa[23:16]), .a_wd(wr_d_reg),
            .a_rd(s_bus[32*(8*k+1) +: 32]),
            .b_re(reb), .b_addr(xb[23:16]), .b_rd(s_bus[32*(8*k+5) +: 32])
        );
        bf_sbox_dp u_sbox2 (
            .clk(clk),
            .a_we(wr_we_reg[2]), .a_re(rea),
            .a_addr(wr_we_reg[2] ? wr_a_reg : xa[15:8]), .a_wd(wr_d_reg),
            .a_rd(s_bus[32*(8*k+2) +: 32]),
            .b_re(reb), .b_addr(xb[15:8]), .b_rd(s_bus[32*(8*k+6) +: 32])
        );
        bf_sbox_dp u_sbox3 (
            .clk(clk),
            .a_we(wr_we_reg[3]), .a_re(rea),
            .a_addr(wr_we_reg[3] ? wr_a_reg : xa[7:0]), .a_wd(wr_d_reg),
            .a_rd(s_bus[32*(8*k+3) +: 32]),
            .b_re(reb), .b_addr(xb[7:0]), .b_rd(s_bus[32*(8*k+7) +: 32])
        );
    end
endgenerate

// ---------------------------------------------------------------------------------------
// output: {L, R} = {y, x} after round 15 into the credit-counted FIFO
// ---------------------------------------------------------------------------------------
// the head chosen among the FIFO's read registers (HEAD_REG = 0): a head register of its
// own puts m_axis_tready on the enable of every head flip-flop, which cost des_pipe,
// tdes_pipe and speck_pipe their Fmax (docs/cores/notes/axis_out_fifo.md)
axis_out_fifo #(
    .WIDTH(64),
    .USER_WIDTH(1),
    .LATENCY(LATENCY),
    .PIPED(1),
    .HEAD_REG(0)
) u_fifo (
    .clk(clk),
    .rst(rst),
    .reserve(in_fire),
    .credit(credit),
    .key_ready(fifo_key_ready),
    .s_axis_tdata({y_bus[16*32 +: 32], x_bus[16*32 +: 32]}),
    .s_axis_tuser(dec_bus[16]),
    .s_axis_tvalid(valid_bus[16]),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
