// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// GHASH (SP 800-38D) by Horner's rule on one digit-serial multiplier (gf128_mul_ds): Y = (Y ^ X)
// * H a block, one every 128/DIGIT + 1 cycles; the ports and packets of ghash.v. Cycles: an H
// load takes one cycle; a result leaves 128/DIGIT + 2 cycles after its tlast beat (1 for a
// tlast beat without a block); a reset zeroes H, the sum and the output at once.
// Design notes: docs/cores/notes/gcm_engine.md
module ghash_ds #(
    // bits of X consumed per cycle by the multiplier: 1, 2, 4, 8, 16, 32 or 64
    parameter integer DIGIT = 16
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

    // GHASH_H of each message, zero while m_axis_tvalid is low
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);

reg  [127:0] h_reg;          // H
reg  [127:0] y_reg;          // the running sum
reg          busy_reg;       // a product is in the multiplier
reg          last_reg;       // ... and it ends its message
reg          open_reg;       // a message has beats taken but not its tlast
reg  [127:0] out_reg;
reg          out_valid_reg;

wire [127:0] mul_z;
wire         mul_valid;
wire         mul_s_ready;

wire out_free = !out_valid_reg || m_axis_tready;
wire mul_ready = !last_reg || out_free;           // a message's last product needs the output
wire mul_fire = mul_valid && mul_ready;

assign s_h_tready = !busy_reg && !open_reg;
// a block enters when the multiplier is idle, or in the cycle its product (not a message's
// last) leaves, with that product as the sum; a beat without a block waits until the sum is
// settled, and with tlast puts it straight into the output register
assign s_axis_tready = mul_s_ready && !(s_h_tvalid && !open_reg)
                       && (s_axis_tuser ? !busy_reg && (!s_axis_tlast || out_free)
                                        : !busy_reg || (mul_valid && !last_reg));
wire h_fire = s_h_tvalid && s_h_tready;
wire in_fire = s_axis_tvalid && s_axis_tready;
wire in_blk = in_fire && !s_axis_tuser;
wire in_end = in_fire && s_axis_tuser && s_axis_tlast;  // tlast with no block: Y as it is

gf128_mul_ds #(
    .DIGIT(DIGIT)
) u_mul (
    .clk(clk),
    .rst(rst),
    .s_x((busy_reg ? mul_z : y_reg) ^ s_axis_tdata),
    .s_y(h_reg),
    .s_valid(in_blk),
    .s_ready(mul_s_ready),
    .m_z(mul_z),
    .m_valid(mul_valid),
    .m_ready(mul_ready)
);

wire to_out = (mul_fire && last_reg) || in_end;

assign m_axis_tdata = out_reg;
assign m_axis_tvalid = out_valid_reg;

always @(posedge clk) begin : p_data
    if (h_fire) begin
        h_reg <= s_h_tdata;
    end
    if (mul_fire) begin
        y_reg <= last_reg ? 128'd0 : mul_z;
    end else if (in_end) begin
        y_reg <= 128'd0;
    end
    if (to_out) begin
        out_reg <= in_end ? y_reg : mul_z;
    end else if (m_axis_tready) begin
        out_reg <= 128'd0;
    end
    if (rst) begin
        h_reg <= 128'd0;
        y_reg <= 128'd0;
        out_reg <= 128'd0;
    end
end

always @(posedge clk) begin : p_ctrl
    if (in_blk) begin
        busy_reg <= 1'b1;
        last_reg <= s_axis_tlast;
    end else if (mul_fire) begin
        busy_reg <= 1'b0;
        last_reg <= 1'b0;
    end
    if (in_fire) begin
        open_reg <= !s_axis_tlast;
    end
    if (to_out) begin
        out_valid_reg <= 1'b1;
    end else if (m_axis_tready) begin
        out_valid_reg <= 1'b0;
    end
    if (rst) begin
        busy_reg <= 1'b0;
        last_reg <= 1'b0;
        open_reg <= 1'b0;
        out_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
