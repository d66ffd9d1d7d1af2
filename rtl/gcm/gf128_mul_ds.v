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

// (z * x^DIGIT + d * y) mod (x^128 + x^7 + x^2 + x + 1) in GCM's bit order (bit 127 the
// coefficient of x^0; times x is a shift right). d[i] is the coefficient of x^(DIGIT-1-i)
// in the digit. t holds coefficient c in bit 127 + DIGIT - c; its low DIGIT bits (x^128 and
// up) fold back once (DIGIT <= 64): x^(128+m) = x^m (1 + x + x^2 + x^7).
function [127:0] step(input [127:0] z, input [DIGIT-1:0] d, input [127:0] y);
    reg [127+DIGIT:0] t;
    integer j;
    begin
        t = {{DIGIT{1'b0}}, z};
        for (j = 0; j < DIGIT; j = j + 1) begin
            t = t ^ ({{DIGIT{1'b0}}, y} << (j + 1)) & {(128 + DIGIT){d[j]}};
        end
        for (j = 0; j < DIGIT; j = j + 1) begin
            t = t ^ ({{(127 + DIGIT){1'b0}}, t[DIGIT-1-j]} << (127 + DIGIT - j))
                  ^ ({{(127 + DIGIT){1'b0}}, t[DIGIT-1-j]} << (126 + DIGIT - j))
                  ^ ({{(127 + DIGIT){1'b0}}, t[DIGIT-1-j]} << (125 + DIGIT - j))
                  ^ ({{(127 + DIGIT){1'b0}}, t[DIGIT-1-j]} << (120 + DIGIT - j));
        end
        step = t[127+DIGIT:DIGIT];
    end
endfunction

reg  [127:0]  x_reg;       // X's remaining digits, the next one in the low bits
reg  [127:0]  y_reg;
reg  [127:0]  z_reg;       // the Horner sum; the product after the last step
reg  [CW-1:0] cnt_reg;     // steps still to do (0: idle)
reg           first_reg;   // the next step is a product's first: Z counts as zero
reg           valid_reg;   // z_reg holds a product not yet taken

wire step_en = (cnt_reg != {CW{1'b0}}) && (!valid_reg || m_ready);
wire last = step_en && (cnt_reg == {{(CW - 1){1'b0}}, 1'b1});
assign s_ready = (cnt_reg == {CW{1'b0}}) || last;
wire in_fire = s_valid && s_ready;

assign m_z = z_reg;
assign m_valid = valid_reg;

wire [127:0] z_next = step(first_reg ? 128'd0 : z_reg, x_reg[DIGIT-1:0], y_reg);
wire [127:0] x_next = in_fire ? s_x : (x_reg >> DIGIT);

always @(posedge clk) begin : p_data
    if (step_en || in_fire) begin
        x_reg <= x_next;
    end
    if (in_fire) begin
        y_reg <= s_y;
    end
    if (step_en) begin
        z_reg <= z_next;
    end
    if (rst) begin
        x_reg <= 128'd0;
        y_reg <= 128'd0;
        z_reg <= 128'd0;
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
