// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// One Blowfish round of bf_pipe: five register stages behind the S-box read, never stalls.
// Datasheet: docs/cores/bf_pipe.md
// Design notes: docs/cores/notes/bf_pipe_round.md (in the datasheets).
module bf_pipe_round (
    input  wire        clk,
    input  wire        rst,

    // round r's state; in_x is also the S-box read address (bytes 3..0 index S0..S3)
    input  wire        in_valid,
    input  wire        in_dec,
    input  wire [31:0] in_x,
    input  wire [31:0] in_y,

    // P[r+2] (encrypt) and P[15-r] (decrypt): P'[r+2] in the block's direction
    input  wire [31:0] p_enc,
    input  wire [31:0] p_dec,

    // the S-box words of in_x, on the RAMs' output registers two cycles after in_x
    input  wire [31:0] s0,
    input  wire [31:0] s1,
    input  wire [31:0] s2,
    input  wire [31:0] s3,

    // round r + 1's state, five cycles after in_*
    output wire        out_valid,
    output wire        out_dec,
    output wire [31:0] out_x,
    output wire [31:0] out_y
);

// Data registers load only when a block moves into them (an enable, not a stall: the
// pipeline never stops) and are not reset: only the valid bits are (docs/interface.md)
reg        b_valid_reg;
reg        b_dec_reg;
reg [31:0] b_y_reg;      // y of round r
reg [31:0] b_yn_reg;     // y of round r + 1: x ^ P'[r+2]
reg        c_valid_reg;
reg        c_dec_reg;
reg [31:0] c_y_reg;
reg [31:0] c_yn_reg;
reg        d_valid_reg;
reg        d_dec_reg;
reg [31:0] d_y_reg;
reg [31:0] d_yn_reg;
reg [31:0] d_s0_reg;     // the S-box words in fabric registers
reg [31:0] d_s1_reg;
reg [31:0] d_s2_reg;
reg [31:0] d_s3_reg;
reg        e_valid_reg;
reg        e_dec_reg;
reg [31:0] e_y_reg;
reg [31:0] e_yn_reg;
reg [31:0] e_t_reg;      // (S0 + S1) ^ S2
reg [31:0] e_s3_reg;
reg        o_valid_reg;
reg        o_dec_reg;
reg [31:0] o_x_reg;
reg [31:0] o_y_reg;

// cycle 1: the S-box RAMs read; the next round's y is formed
always @(posedge clk) begin : p_cycle1
    if (in_valid) begin
        b_dec_reg <= in_dec;
        b_y_reg <= in_y;
        b_yn_reg <= in_x ^ (in_dec ? p_dec : p_enc);
    end
    b_valid_reg <= in_valid;
    if (rst) begin
        b_valid_reg <= 1'b0;
    end
end

// cycle 2: the S-box words move into the RAMs' output registers
always @(posedge clk) begin : p_cycle2
    if (b_valid_reg) begin
        c_dec_reg <= b_dec_reg;
        c_y_reg <= b_y_reg;
        c_yn_reg <= b_yn_reg;
    end
    c_valid_reg <= b_valid_reg;
    if (rst) begin
        c_valid_reg <= 1'b0;
    end
end

// cycle 3: the S-box words from the RAMs' output registers into fabric registers (a route
// only: from a block RAM's output to the adders, the route and an adder did not fit a cycle)
always @(posedge clk) begin : p_cycle3
    if (c_valid_reg) begin
        d_dec_reg <= c_dec_reg;
        d_y_reg <= c_y_reg;
        d_yn_reg <= c_yn_reg;
        d_s0_reg <= s0;
        d_s1_reg <= s1;
        d_s2_reg <= s2;
        d_s3_reg <= s3;
    end
    d_valid_reg <= c_valid_reg;
    if (rst) begin
        d_valid_reg <= 1'b0;
    end
end

// cycle 4: the first half of F
always @(posedge clk) begin : p_cycle4
    if (d_valid_reg) begin
        e_dec_reg <= d_dec_reg;
        e_y_reg <= d_y_reg;
        e_yn_reg <= d_yn_reg;
        e_t_reg <= (d_s0_reg + d_s1_reg) ^ d_s2_reg;
        e_s3_reg <= d_s3_reg;
    end
    e_valid_reg <= d_valid_reg;
    if (rst) begin
        e_valid_reg <= 1'b0;
    end
end

// cycle 5: the second half of F and the Feistel XOR
always @(posedge clk) begin : p_cycle5
    if (e_valid_reg) begin
        o_dec_reg <= e_dec_reg;
        o_x_reg <= (e_t_reg + e_s3_reg) ^ e_y_reg;
        o_y_reg <= e_yn_reg;
    end
    o_valid_reg <= e_valid_reg;
    if (rst) begin
        o_valid_reg <= 1'b0;
    end
end

assign out_valid = o_valid_reg;
assign out_dec = o_dec_reg;
assign out_x = o_x_reg;
assign out_y = o_y_reg;

endmodule

`resetall
