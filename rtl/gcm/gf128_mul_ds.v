// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Digit-serial multiplier in GF(2^128) with GCM's bit order (SP 800-38D, Algorithm 1: bit 127
// of a port is the coefficient of x^0): DIGIT bits of X a cycle, Horner from X's last bit.
// m_valid rises 128/DIGIT cycles after the input handshake (latency 128/DIGIT + 1 to the
// output handshake), one product every 128/DIGIT cycles with m_ready high (the next operands
// are taken on the edge of the last step). rst also zeroes the operand and result registers.
// Design notes: docs/cores/notes/gf128_mul_ds.md, docs/cores/notes/ghash.md
module gf128_mul_ds #(
    // bits of X consumed per cycle: 1, 2, 4, 8, 16, 32 or 64
    parameter integer DIGIT = 16
) (
    input  wire         clk,
    input  wire         rst,

    // operands X, Y (GCM bit order)
    input  wire [127:0] s_x,
    input  wire [127:0] s_y,
    input  wire         s_valid,
    output wire         s_ready,

    // the product X * Y, held until taken
    output wire [127:0] m_z,
    output wire         m_valid,
    input  wire         m_ready
);

localparam integer STEPS = 128 / DIGIT;
localparam integer CW = 8;  // step counter width (STEPS <= 128)

initial begin
    if (DIGIT != 1 && DIGIT != 2 && DIGIT != 4 && DIGIT != 8 && DIGIT != 16 && DIGIT != 32
        && DIGIT != 64) begin
        $error("gf128_mul_ds %m: DIGIT=%0d must be 1, 2, 4, 8, 16, 32 or 64", DIGIT);
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

// (z * x^DIGIT + d * y) mod (x^128 + x^7 + x^2 + x + 1), coefficients of x^i in bit i
function [127:0] step(input [127:0] z, input [DIGIT-1:0] d, input [127:0] y);
    reg [127+DIGIT:0] t;
    integer j;
    begin
        t = {z, {DIGIT{1'b0}}};
        for (j = 0; j < DIGIT; j = j + 1) begin
            t = t ^ ({{DIGIT{1'b0}}, y} << j) & {(128 + DIGIT){d[j]}};
        end
        // fold the top DIGIT bits once: x^128 = x^7 + x^2 + x + 1 (DIGIT <= 64: one fold)
        step = t[127:0];
        for (j = 128; j < 128 + DIGIT; j = j + 1) begin
            step = step ^ (({127'd0, t[j]} << (j - 128)) ^ ({127'd0, t[j]} << (j - 127))
                   ^ ({127'd0, t[j]} << (j - 126)) ^ ({127'd0, t[j]} << (j - 121)));
        end
    end
endfunction

reg  [127:0]  xr_reg;      // X's remaining digits, reversed, next digit in the top bits
reg  [127:0]  yr_reg;      // Y, reversed
reg  [127:0]  zr_reg;      // the Horner sum, reversed; the product after the last step
reg  [CW-1:0] cnt_reg;     // steps still to do (0: idle)
reg           first_reg;   // the next step is a product's first: Z counts as zero
reg           valid_reg;   // zr_reg holds a product not yet taken

wire step_en = (cnt_reg != {CW{1'b0}}) && (!valid_reg || m_ready);
wire last = step_en && (cnt_reg == {{(CW - 1){1'b0}}, 1'b1});
assign s_ready = (cnt_reg == {CW{1'b0}}) || last;
wire in_fire = s_valid && s_ready;

assign m_z = rev128(zr_reg);
assign m_valid = valid_reg;

wire [127:0] z_next = step(first_reg ? 128'd0 : zr_reg, xr_reg[127 -: DIGIT], yr_reg);
wire [127:0] x_next = in_fire ? rev128(s_x) : (xr_reg << DIGIT);

always @(posedge clk) begin : p_data
    if (step_en || in_fire) begin
        xr_reg <= x_next;
    end
    if (in_fire) begin
        yr_reg <= rev128(s_y);
    end
    if (step_en) begin
        zr_reg <= z_next;
    end
    if (rst) begin
        xr_reg <= 128'd0;
        yr_reg <= 128'd0;
        zr_reg <= 128'd0;
    end
end

always @(posedge clk) begin : p_ctrl
    if (step_en) begin
        cnt_reg <= cnt_reg - 1'b1;
        first_reg <= 1'b0;
    end
    if (last) begin
        valid_reg <= 1'b1;
    end else if (m_ready) begin
        valid_reg <= 1'b0;
    end
    if (in_fire) begin
        cnt_reg <= STEPS[CW-1:0];
        first_reg <= 1'b1;
    end
    if (rst) begin
        cnt_reg <= {CW{1'b0}};
        first_reg <= 1'b0;
        valid_reg <= 1'b0;
    end
end

endmodule

`resetall
