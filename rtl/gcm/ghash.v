// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// GHASH (SP 800-38D) at one 128-bit block a cycle: a P-stage multiplier in a free-running loop
// of P slots; a slot's turn multiplies it by H^c, c the blocks of its message in the next P
// beats (seen through a (P+2)-beat input delay, so that c is counted from registers two
// cycles ahead), so the slots sum the message's blocks with the right powers and the fold is
// one XOR of the P slots on their next turns. Cycles: an H load blocks s_axis for
// 2 + P(P-1) cycles (H^2..H^P on the loop); a result leaves 2P + 3 cycles after its tlast
// beat; tlasts at least P cycles apart; a reset flushes the loop in P cycles.
// Design notes: docs/cores/notes/ghash.md
module ghash #(
    // loop stages = slots = powers of H kept; 128/P bits of the operand per stage
    parameter integer P = 8
) (
    input  wire         clk,
    input  wire         rst,

    // the hash key H (GCM bit order); taken between messages
    input  wire [127:0] s_h_tdata,
    input  wire         s_h_tvalid,
    output wire         s_h_tready,

    // GHASH input blocks; tuser 1: the beat holds no block (with tlast: an empty message)
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tuser,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    // s_axis_tready for a beat without tlast while s_h_tvalid is low, from a register: a
    // user that offers no H beside such a beat can take its handshake from here
    output wire         s_axis_tready_blk,

    // GHASH_H of each message, zero while m_axis_tvalid is low
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);

localparam integer D = 128 / P;        // operand bits per stage
localparam integer L = P + 2;          // input delay: the head, one beat, then the P-beat window
localparam integer SW = 8;             // set-up counter width: 2 + P(P-1) < 256
localparam [127:0] ONE = {1'b1, 127'd0};  // the field's 1: H^0

initial begin
    if (P != 1 && P != 2 && P != 4 && P != 8 && P != 16) begin
        $error("ghash %m: P=%0d must be 1, 2, 4, 8 or 16", P);
        $finish;
    end
end

// a 128-bit value with its bits in reverse order: bit i the coefficient of x^i
function [127:0] rev128(input [127:0] v);
    integer i;
    begin
        for (i = 0; i < 128; i = i + 1) begin
            rev128[i] = v[127 - i];
        end
    end
endfunction

// c mod (x^128 + x^7 + x^2 + x + 1), coefficients of x^i in bit i, from the top down
function [127:0] reduce(input [254:0] c);
    reg [254:0] t;
    integer m;
    begin
        t = c;
        for (m = 254; m >= 128; m = m - 1) begin
            t = t ^ ({247'd0, 8'h87} << (m - 128)) & {255{t[m]}};
        end
        reduce = t[127:0];
    end
endfunction

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg [128*L-1:0] d_data_reg;  // input delay, beat k in slice k, the head (this turn's) in 0
reg [L-1:0]     d_blk_reg;   // the beat holds a block
reg [L-1:0]     d_last_reg;  // the beat ends its message
reg [128*P-1:0] pw_reg;      // H^k in slice k-1, k = 1..P
reg [P:0]       sel_reg;     // one-hot: next cycle's power is H^k (bit k; none: zero)
reg [127:0]     pwc_reg;     // the power of this cycle's turn
reg [4:0]       fold_reg;    // fold turns left (P..1), the head's tlast starts them
reg [127:0]     y_reg;       // the fold's sum; a result waiting for the output when pending
reg             pending_reg;
reg [127:0]     out_reg;
reg             out_valid_reg;
reg [1:0]       owed_reg;    // tlasts taken whose result is not yet in out_reg
reg [4:0]       gap_reg;     // cycles until another tlast may be taken
reg             open_reg;    // a message has beats taken but not its tlast
reg             setup_reg;   // H^2..H^P are being computed
reg [SW-1:0]    scnt_reg;    // set-up cycle
reg [4:0]       flush_reg;   // cycles of the flush after a reset still to run
reg             rdy_reg;     // neither set-up nor flush: s_axis_tready_blk

// ---------------------------------------------------------------------------------------
// handshakes
// ---------------------------------------------------------------------------------------
// a tlast is taken when the result before it cannot be left waiting in y_reg when this
// message's fold starts: none owed, or one owed that will find out_reg empty
wire tlast_ok = (gap_reg == 5'd0)
                && (owed_reg == 2'd0 || (owed_reg == 2'd1 && !pending_reg && !out_valid_reg));
wire flush = (flush_reg != 5'd0);
assign s_h_tready = !setup_reg && !flush && !open_reg && (owed_reg == 2'd0);
assign s_axis_tready = rdy_reg && !(s_h_tvalid && !open_reg) && (!s_axis_tlast || tlast_ok);
assign s_axis_tready_blk = rdy_reg;
wire h_fire = s_h_tvalid && s_h_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;
wire in_blk = in_fire && !s_axis_tuser;
wire in_last = in_fire && s_axis_tlast;

// ---------------------------------------------------------------------------------------
// the loop: E = (R or 0) ^ X enters with the power pwc_reg; R comes out P cycles later
// ---------------------------------------------------------------------------------------
// verilator lint_off UNUSEDSIGNAL
wire [255*P-1:0] acc_q;      // stage registers: unreduced partial products (the last stage's
                             // reduced, in its low 128 bits)
wire [128*P-1:0] er_q;       // the operand E (reversed) beside them (the last stage's unread)
wire [128*P-1:0] pr_q;       // the power (reversed) beside them (the last stage's unread)
// verilator lint_on UNUSEDSIGNAL
wire [127:0]     r = rev128(acc_q[255*(P-1) +: 128]);  // reduced in the last stage

wire fold = (fold_reg != 5'd0);
wire fold_end = (fold_reg == 5'd1);
localparam integer LAST_CAPTURE = 1 + P * (P - 1);  // set-up cycle of the last capture
wire [SW-1:0] last_capture = LAST_CAPTURE[SW-1:0];
// H^(k+1) = H^k * H comes out of the loop at set-up cycle 1 + kP (k = 1..P-1)
reg [P:0] cap;               // cap[k+1]: H^(k+1) comes out now
integer s;
always @* begin : p_capture
    cap = {(P + 1){1'b0}};
    for (s = 1; s < P; s = s + 1) begin
        cap[s + 1] = setup_reg && ({24'd0, scnt_reg} == 1 + s * P);
    end
end
// the turn's block (or H at the set-up's injection) and whether it drops its slot, both
// chosen a cycle ahead (x_reg, keep_reg), so that the first stage starts from flip-flops
// and r: at set-up cycle 1 H enters; a fold, a flush or the set-up's last capture drops
reg [127:0] x_reg;
reg         keep_reg;
wire inject_next = setup_reg && (scnt_reg == {SW{1'b0}});
wire [127:0] x_next = inject_next ? pw_reg[127:0]
                    : (d_blk_reg[1] ? d_data_reg[255:128] : 128'd0);
wire drop_next = d_last_reg[0] || (fold_reg > 5'd1) || (flush_reg > 5'd1)
                 || (setup_reg && scnt_reg == last_capture - 1'b1);
wire [127:0] e = (r & {128{keep_reg}}) ^ x_reg;

genvar k;
generate
    for (k = 0; k < P; k = k + 1) begin : g_stage
        wire [254:0] a_in;
        wire [127:0] e_in;
        wire [127:0] p_in;
        if (k == 0) begin : g_first
            assign a_in = 255'd0;
            assign e_in = rev128(e);
            assign p_in = rev128(pwc_reg);
        end else begin : g_next
            assign a_in = acc_q[255*(k-1) +: 255];
            assign e_in = er_q[128*(k-1) +: 128];
            assign p_in = pr_q[128*(k-1) +: 128];
        end

        // two partial-product bits XORed: one LUT4 each, kept apart so that the mapper
        // builds plain XOR trees of them (it packs the flat sum half as well)
        (* keep *) reg [255*(D/2)-1:0] pp;
        reg [254:0] a_next;
        reg [254:0] a_reg;
        reg [127:0] e_reg;
        reg [127:0] p_reg;
        integer j;
        // digit k of E: its bits k*D .. k*D+D-1 times the power, shifted into place
        always @* begin : p_digit
            for (j = 0; j < D / 2; j = j + 1) begin
                pp[255*j +: 255] =
                    (({127'd0, p_in} << (k * D + 2 * j)) & {255{e_in[k * D + 2 * j]}})
                    ^ (({127'd0, p_in} << (k * D + 2 * j + 1)) & {255{e_in[k * D + 2 * j + 1]}});
            end
            a_next = a_in;
            for (j = 0; j < D / 2; j = j + 1) begin
                a_next = a_next ^ pp[255*j +: 255];
            end
        end
        // no reset: the flush after a reset clears them
        always @(posedge clk) begin : p_stage
            // the last stage reduces its sum: the first stage then starts from flip-flops
            a_reg <= (k == P - 1) ? {127'd0, reduce(a_next)} : a_next;
            e_reg <= e_in;
            p_reg <= p_in;
        end
        assign acc_q[255*k +: 255] = a_reg;
        assign er_q[128*k +: 128] = e_reg;
        assign pr_q[128*k +: 128] = p_reg;
    end
endgenerate

// ---------------------------------------------------------------------------------------
// the power of the turn two cycles ahead: its message's blocks among the P beats from its
// head (to the first tlast), all in the delay's registers; then a one-hot choice a cycle
// ahead, so neither the input's handshake nor a count reaches the multiplier's first stage
// ---------------------------------------------------------------------------------------
wire [P-1:0] w_blk = d_blk_reg[L-1:2];
wire [P-1:0] w_last = d_last_reg[L-1:2];
// the count as a one-hot that moves up one place per block (logic only: no adder chain)
reg         cut;
reg [P:0]   sel_next;
integer i;
always @* begin : p_count
    sel_next = {{P{1'b0}}, 1'b1};
    cut = 1'b0;
    for (i = 0; i < P; i = i + 1) begin
        if (!cut && w_blk[i]) begin
            sel_next = sel_next << 1;
        end
        cut = cut || w_last[i];
    end
    // the set-up's turns multiply by H (its slots other than the injected one are zero)
    if (setup_reg || h_fire) begin
        sel_next = {(P + 1){1'b0}};
        sel_next[1] = 1'b1;
    end
end
reg [127:0] pwc_next;
always @* begin : p_power
    pwc_next = ONE & {128{sel_reg[0]}};
    for (i = 1; i <= P; i = i + 1) begin
        pwc_next = pwc_next | (pw_reg[128*(i-1) +: 128] & {128{sel_reg[i]}});
    end
end

// ---------------------------------------------------------------------------------------
// state
// ---------------------------------------------------------------------------------------
wire out_free = !out_valid_reg || m_axis_tready;
wire [127:0] y_sum = (fold_reg == P[4:0]) ? r : (y_reg ^ r);
wire to_out = (fold_end || pending_reg) && out_free;
wire [127:0] out_next = to_out ? (pending_reg ? y_reg : y_sum) : 128'd0;
reg [128*L-1:0] d_data_next;
always @* begin : p_delay
    d_data_next = d_data_reg >> 128;
    d_data_next[128*(L-1) +: 128] = s_axis_tdata;
end

assign m_axis_tdata = out_reg;
assign m_axis_tvalid = out_valid_reg;

// the input delay: shifts every cycle
always @(posedge clk) begin : p_input
    d_data_reg <= d_data_next;
    d_blk_reg <= {in_blk, d_blk_reg[L-1:1]};
    d_last_reg <= {in_last, d_last_reg[L-1:1]};
    x_reg <= x_next;
    keep_reg <= !drop_next;
    if (rst) begin
        d_blk_reg <= {L{1'b0}};
        d_last_reg <= {L{1'b0}};
        x_reg <= 128'd0;
        keep_reg <= 1'b0;
    end
end

// H and its powers: H at the load, H^2..H^P as they come out of the loop in the set-up
integer n;
always @(posedge clk) begin : p_powers
    sel_reg <= sel_next;
    pwc_reg <= pwc_next;
    if (h_fire) begin
        pw_reg[127:0] <= s_h_tdata;
    end
    for (n = 2; n <= P; n = n + 1) begin
        if (cap[n]) begin
            pw_reg[128*(n-1) +: 128] <= r;
        end
    end
    if (rst) begin
        pw_reg <= {(128 * P){1'b0}};
        sel_reg <= {(P + 1){1'b0}};
        pwc_reg <= 128'd0;
    end
end

// the fold's sum and the result
always @(posedge clk) begin : p_result
    if (fold) begin
        y_reg <= y_sum;
    end
    if (to_out || m_axis_tready) begin
        out_reg <= out_next;
    end
    if (rst) begin
        y_reg <= 128'd0;
        out_reg <= 128'd0;
    end
end

// rdy_reg is !setup_reg && !flush of the next cycle
wire setup_next = h_fire ? (P > 1) : (setup_reg && (scnt_reg != last_capture));
wire flush_next = (flush_reg > 5'd1);

always @(posedge clk) begin : p_ctrl
    rdy_reg <= !setup_next && !flush_next;
    if (h_fire) begin
        setup_reg <= (P > 1);
        scnt_reg <= {SW{1'b0}};
    end else if (setup_reg) begin
        scnt_reg <= scnt_reg + 1'b1;
        setup_reg <= (scnt_reg != last_capture);
    end

    if (d_last_reg[0]) begin
        fold_reg <= P[4:0];
    end else if (fold) begin
        fold_reg <= fold_reg - 1'b1;
    end
    if (fold_end && !out_free) begin
        pending_reg <= 1'b1;
    end else if (to_out) begin
        pending_reg <= 1'b0;
    end
    if (to_out) begin
        out_valid_reg <= 1'b1;
    end else if (m_axis_tready) begin
        out_valid_reg <= 1'b0;
    end
    owed_reg <= owed_reg + {1'b0, in_last} - {1'b0, to_out};

    if (in_last) begin
        gap_reg <= P[4:0] - 1'b1;
    end else if (gap_reg != 5'd0) begin
        gap_reg <= gap_reg - 1'b1;
    end
    if (in_fire) begin
        open_reg <= !s_axis_tlast;
    end
    if (flush) begin
        flush_reg <= flush_reg - 1'b1;
    end

    if (rst) begin
        fold_reg <= 5'd0;
        pending_reg <= 1'b0;
        out_valid_reg <= 1'b0;
        owed_reg <= 2'd0;
        gap_reg <= 5'd0;
        open_reg <= 1'b0;
        setup_reg <= 1'b0;
        scnt_reg <= {SW{1'b0}};
        flush_reg <= P[4:0];
        rdy_reg <= 1'b0;
    end
end

// the head's block bit: its block went into x_reg a cycle ahead
wire unused_ok = &{1'b0, d_blk_reg[0]};

endmodule

`resetall
