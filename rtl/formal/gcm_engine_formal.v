// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of gcm_engine (GHASH_P = 0: the LUT RAM side FIFO) around a small abstract AES
// core whose n-th result since a reset is the byte n in every byte, the GHASH unit cut
// (formal/ghash_ds_free.v), the user's streams AXI4-Stream sources with well-formed messages.
// Proven: the source rules on m_axis (every port zero while idle) and the core's streams; every
// input tready low in the reset window; keys between messages only, holding the next IV back;
// blocks to the core encryptions only; at most 2^DEPTH_LOG2 + 2 data beats inside; two chosen
// data beats out once, in order, with their own keystream; one tag or verdict beat after each
// data packet. Proofs and what they cover: docs/interface.md, "What is proven".
module gcm_engine_formal #(
    parameter integer DEPTH_LOG2 = 1,
    // blocks the abstract core holds
    parameter integer CORE_CAP = 2
) (
    input wire clk
);

// The abstract core takes a block when it says so (never while a key is offered, nor in the
// reset window), holds at most CORE_CAP, returns them in order as an AXI4-Stream source (free
// timing, cleared by a reset), and takes a key whenever it says so. Its "cipher" numbers its
// results, so a data beat leaves as its bytes XOR its own counter block's number, and a result
// paired with another beat shows; the engine's control reads no value of a result, so this
// stands for any cipher. Well-formed messages (docs/interface.md, "GCM cores"): an AAD packet
// (optional first), a data packet, the tag beat when decrypting; tuser[0] the message's on
// every beat. The GHASH unit's outputs are free in every cycle (every behaviour of ghash_ds).
localparam integer CW = DEPTH_LOG2 + 4;
localparam integer CAP = (1 << DEPTH_LOG2) + 2;   // side FIFO, head and output registers
// a chosen beat's {direction, tlast, tkeep, the byte in lane f_lane}: the lane is any, fixed
// for the run, so every byte of every beat is checked
localparam integer W = 1 + 1 + 16 + 8;

wire                      rst;
wire                      armed;
(* anyseq *) wire         s_key_tvalid;
wire                      s_key_tready;
wire                      c_key_tvalid;
(* anyseq *) wire         c_key_tready;
(* anyseq *) wire [127:0] s_iv_tdata;
(* anyseq *) wire [15:0]  s_iv_tkeep;
(* anyseq *) wire         s_iv_tlast;
(* anyseq *) wire         s_iv_tvalid;
wire                      s_iv_tready;
(* anyseq *) wire [127:0] s_axis_tdata;
(* anyseq *) wire [15:0]  s_axis_tkeep;
(* anyseq *) wire         s_axis_tlast;
(* anyseq *) wire [2:0]   s_axis_tuser;
(* anyseq *) wire         s_axis_tvalid;
wire                      s_axis_tready;
wire [127:0]              m_axis_tdata;
wire [15:0]               m_axis_tkeep;
wire                      m_axis_tlast;
wire [2:0]                m_axis_tuser;
wire                      m_axis_tvalid;
(* anyseq *) wire         m_axis_tready;
wire [127:0]              c_in_tdata;
wire                      c_in_tuser;
wire                      c_in_tvalid;
(* anyseq *) wire         c_in_tready;
wire [127:0]              c_out_tdata;
(* anyseq *) wire         c_out_tvalid;
wire                      c_out_tready;
(* anyseq *) wire         pick;
(* anyconst *) wire [3:0] f_lane;
wire [CW-1:0]             core_held;
wire [CW-1:0]             held;
wire [1:0]                inside;
wire [CW-1:0]             ahead0;
wire [CW-1:0]             ahead1;
wire [W-1:0]              value0;
wire [W-1:0]              value1;

wire s_fire = s_axis_tvalid && s_axis_tready;
wire iv_fire = s_iv_tvalid && s_iv_tready;
wire m_fire = m_axis_tvalid && m_axis_tready;
wire c_in_fire = c_in_tvalid && c_in_tready;
wire c_out_fire = c_out_tvalid && c_out_tready;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

gcm_engine #(
    .DEPTH_LOG2(DEPTH_LOG2),
    .GHASH_P(0)
) u_dut (
    .clk(clk),
    .rst(rst),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .c_key_tvalid(c_key_tvalid),
    .c_key_tready(c_key_tready),
    .s_iv_tdata(s_iv_tdata),
    .s_iv_tkeep(s_iv_tkeep),
    .s_iv_tlast(s_iv_tlast),
    .s_iv_tvalid(s_iv_tvalid),
    .s_iv_tready(s_iv_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tlast(s_axis_tlast),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tlast(m_axis_tlast),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .c_in_tdata(c_in_tdata),
    .c_in_tuser(c_in_tuser),
    .c_in_tvalid(c_in_tvalid),
    .c_in_tready(c_in_tready),
    .c_out_tdata(c_out_tdata),
    .c_out_tuser(1'b0),
    .c_out_tvalid(c_out_tvalid),
    .c_out_tready(c_out_tready)
);

// keep bit i -> byte i of tdata (bits 8i+7:8i)
function [127:0] bytemask(input [15:0] keep);
    integer i;
    begin
        for (i = 0; i < 16; i = i + 1) begin
            bytemask[8 * i +: 8] = {8{keep[i]}};
        end
    end
endfunction

reg f_prev_rst = 1'b0;
always @(posedge clk) begin : p_prev_rst
    f_prev_rst <= rst;
end
// the reset window (reset_cycles 1): from the first edge with rst high, while it stays high
wire f_window = armed && rst && f_prev_rst;

// ---- the environment: the user's streams ----
axis_source_props #(
    .WIDTH(1),
    .ASSUME(1)
) u_s_key (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_key_tvalid),
    .tready(s_key_tready),
    .tdata(1'b0)
);

axis_source_props #(
    .WIDTH(128 + 16 + 1),
    .ASSUME(1)
) u_s_iv (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_iv_tvalid),
    .tready(s_iv_tready),
    .tdata({s_iv_tlast, s_iv_tkeep, s_iv_tdata})
);

axis_source_props #(
    .WIDTH(3 + 1 + 16 + 128),
    .ASSUME(1)
) u_s_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(s_axis_tvalid),
    .tready(s_axis_tready),
    .tdata({s_axis_tuser, s_axis_tlast, s_axis_tkeep, s_axis_tdata})
);

// well-formed messages on s_axis: the packet the next beat belongs to (P_FIRST: a message's
// first beat, AAD or data) and the message's direction
localparam [1:0] P_FIRST = 2'd0, P_AAD = 2'd1, P_DATA = 2'd2, P_TAG = 2'd3;
reg [1:0] f_pkt = P_FIRST;
reg       f_dir = 1'b0;
wire      f_beat_dir = (f_pkt == P_FIRST) ? s_axis_tuser[0] : f_dir;
wire      f_data_beat = s_axis_tuser[2:1] == 2'b01;
// the message's last beat: the data packet's when encrypting, else the tag
wire      f_msg_end = s_axis_tlast && ((f_data_beat && !f_beat_dir) || f_pkt == P_TAG);

always @(*) begin
    if (armed && s_axis_tvalid) begin
        case (f_pkt)
            P_FIRST: assume(!s_axis_tuser[2]);
            P_AAD: assume(s_axis_tuser == {2'b00, f_dir});
            P_DATA: assume(s_axis_tuser == {2'b01, f_dir});
            default: assume(s_axis_tuser == {2'b10, f_dir} && s_axis_tlast);
        endcase
    end
end

// a message is open from its first IV beat to its last s_axis beat; an IV packet from its
// first beat to its tlast
reg f_msg_open = 1'b0;
reg f_iv_open = 1'b0;

always @(posedge clk) begin : p_messages
    if (s_fire) begin
        if (f_pkt == P_FIRST) begin
            f_dir <= s_axis_tuser[0];
        end
        if (f_msg_end) begin
            f_pkt <= P_FIRST;
        end else if (s_axis_tlast) begin
            f_pkt <= f_data_beat ? P_TAG : P_DATA;
        end else begin
            f_pkt <= f_data_beat ? P_DATA : P_AAD;
        end
    end
    if (iv_fire) begin
        f_iv_open <= !s_iv_tlast;
        f_msg_open <= 1'b1;
    end
    if (s_fire && f_msg_end) begin
        f_msg_open <= 1'b0;
    end
    if (rst) begin
        f_pkt <= P_FIRST;
        f_dir <= 1'b0;
        f_msg_open <= 1'b0;
        f_iv_open <= 1'b0;
    end
end

// ---- the abstract core ----
// blocks taken and results given since the reset: the n-th result is the byte n in every byte
reg [7:0] f_in_no = 8'd0;
reg [7:0] f_out_no = 8'd0;
always @(posedge clk) begin : p_numbers
    if (c_in_fire) begin
        f_in_no <= f_in_no + 8'd1;
    end
    if (c_out_fire) begin
        f_out_no <= f_out_no + 8'd1;
    end
    if (rst) begin
        f_in_no <= 8'd0;
        f_out_no <= 8'd0;
    end
end
assign c_out_tdata = {16{f_out_no & {8{c_out_tvalid}}}};

// its output: a source, zero while idle, cleared by a reset
axis_source_props #(
    .WIDTH(128),
    .ASSUME(1),
    .ZERO_IDLE(1),
    .RESET_CLEARS(1)
) u_c_out (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(c_out_tvalid),
    .tready(c_out_tready),
    .tdata(c_out_tdata)
);

// its blocks: it returns only blocks it took, and holds at most CORE_CAP
axis_block_count_props #(
    .CAPACITY(CORE_CAP),
    .CW(CW),
    .COVER(0)
) u_core (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(c_in_fire),
    .out_fire(c_out_fire),
    .held(core_held)
);

always @(*) begin
    assume(!c_out_tvalid || core_held != {CW{1'b0}});
    assume(!c_in_tready || core_held < CORE_CAP);
    // rule 3: no block while a key is offered; rule 5: neither tready in the reset window
    assume(!(c_in_tready && c_key_tvalid));
    if (f_window) begin
        assume(!c_in_tready && !c_key_tready);
    end
end

// ---- the properties: the streams the engine drives ----
// m_axis: every port zero while tvalid is low (docs/interface.md, GCM cores), cleared by a reset
axis_source_props #(
    .WIDTH(128 + 16 + 1 + 3),
    .ASSUME(0),
    .ZERO_IDLE(1),
    .RESET_CLEARS(1)
) u_m_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(m_axis_tvalid),
    .tready(m_axis_tready),
    .tdata({m_axis_tuser, m_axis_tlast, m_axis_tkeep, m_axis_tdata})
);

// the core's block and key streams
axis_source_props #(
    .WIDTH(129),
    .ASSUME(0)
) u_c_in (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(c_in_tvalid),
    .tready(c_in_tready),
    .tdata({c_in_tuser, c_in_tdata})
);

axis_source_props #(
    .WIDTH(1),
    .ASSUME(0)
) u_c_key (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(c_key_tvalid),
    .tready(c_key_tready),
    .tdata(1'b0)
);

always @(*) begin
    if (armed) begin
        // every block the core is handed is an encryption
        gcm_core_encrypt: assert(!c_in_tvalid || !c_in_tuser);
        // GCM rule 1: a key is taken between messages only, and holds the next IV back
        gcm_key_between_messages: assert(!s_key_tready || !f_msg_open);
        gcm_key_holds_iv: assert(!(s_iv_tready && s_key_tvalid && !f_iv_open));
        // rule 5: every input tready low from the first edge with rst high
        if (f_window) begin
            gcm_reset_tready_low: assert(!s_key_tready && !s_iv_tready && !s_axis_tready);
        end
    end
end

// ---- data beats: none invented, at most CAP inside, two chosen ones out once, in order ----
wire f_d_in = s_fire && f_data_beat;
wire f_d_out = m_fire && m_axis_tuser[2:1] == 2'b01;
// a data beat leaves as its kept bytes XOR its counter block's result: a beat with a byte kept
// hands the core its counter block in the cycle it is taken, the f_in_no-th block
wire [127:0] f_mask = bytemask(s_axis_tkeep);
wire [127:0] f_in_text = (s_axis_tdata ^ {16{f_in_no}}) & f_mask;
wire [W-1:0] f_in_value = {f_beat_dir, s_axis_tlast, s_axis_tkeep, f_in_text[8 * f_lane +: 8]};

axis_block_count_props #(
    .CAPACITY(CAP),
    .CW(CW)
) u_blocks (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(f_d_in),
    .out_fire(f_d_out),
    .held(held)
);

axis_chosen_block_props #(
    .WIDTH(W),
    .CW(CW)
) u_chosen (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .pick(pick),
    .in_fire(f_d_in),
    .in_data(f_in_value),
    .out_fire(f_d_out),
    .out_data({m_axis_tuser[0], m_axis_tlast, m_axis_tkeep, m_axis_tdata[8 * f_lane +: 8]}),
    .held(held),
    .inside(inside),
    .ahead0(ahead0),
    .ahead1(ahead1),
    .value0(value0),
    .value1(value1)
);

// ---- the output's packets: each data packet, then one tag or verdict beat ----
reg f_want_final = 1'b0;   // the last data beat out had tlast
reg f_out_dir = 1'b0;      // its direction
always @(posedge clk) begin : p_output
    if (f_d_out) begin
        f_want_final <= m_axis_tlast;
        f_out_dir <= m_axis_tuser[0];
    end else if (m_fire) begin
        f_want_final <= 1'b0;
    end
    if (rst) begin
        f_want_final <= 1'b0;
        f_out_dir <= 1'b0;
    end
end

// the tag: 16 bytes, encrypting; the verdict: one byte, 8'h01 or 8'h00, its direction the
// message's (a decryption's always a verdict)
wire f_tag_ok = m_axis_tuser == 3'b100 && m_axis_tkeep == 16'hffff && !f_out_dir;
wire f_verdict_ok = m_axis_tuser == {2'b11, f_out_dir} && m_axis_tkeep == 16'h8000
                    && m_axis_tdata[127:121] == 7'd0 && m_axis_tdata[119:0] == 120'd0;

always @(*) begin
    if (armed && m_axis_tvalid) begin
        if (f_want_final) begin
            gcm_final_beat: assert(m_axis_tlast && (f_tag_ok || f_verdict_ok));
        end else begin
            gcm_data_first: assert(m_axis_tuser[2:1] == 2'b01);
        end
    end
end

// not vacuous: a message's tag out, and a decryption's verdict
always @(*) begin
    if (armed && !rst) begin
        gcm_tag_out: cover(m_fire && m_axis_tuser == 3'b100);
        gcm_verdict_out: cover(m_fire && m_axis_tuser == 3'b111);
    end
end

endmodule

`resetall
