// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The GCM engine's tag: GHASH's result XOR E_K(J0), and its check against an expected tag
// whose length is its tkeep (decrypt), both into registers when the join takes GHASH's
// result, so the 128-bit comparison and the output's choice are a register apart. Part of
// gcm_engine; design notes: docs/cores/notes/gcm_tag_check.md.
module gcm_tag_check (
    input  wire         clk,
    input  wire         rst,

    // E_K(J0) from the core, kept for the message's tag
    input  wire         ekj0_load,
    input  wire [127:0] ekj0_tdata,

    // GHASH's result, and the expected tag with its tkeep (bytes from bits 127:120 down);
    // blank: the message ends with a verdict, not a tag, so the tag register takes zeros
    input  wire         take,
    input  wire         blank,
    input  wire [127:0] hash_tdata,
    input  wire [127:0] expect_tdata,
    input  wire [15:0]  expect_tkeep,
    // the tag has gone out: the tag register takes zeros (it is zero but from a take to this)
    input  wire         clear,

    // from the take on: the tag (zero if blank), and whether the expected tag has an allowed length and
    // equals the tag over its bytes
    output wire [127:0] tag,
    output wire         match
);

reg  [127:0] ekj0_reg;      // E_K(J0)
reg  [127:0] tag_reg;
reg  [15:0]  miss_reg;      // byte i of the expected tag differs from the tag's
reg          len_ok_reg;

wire [127:0] tag_now = hash_tdata ^ ekj0_reg;
// SP 800-38D's tag lengths: 16, 15, 14, 13, 12, 8 and 4 bytes
wire len_ok = (expect_tkeep == 16'hffff) || (expect_tkeep == 16'hfffe)
              || (expect_tkeep == 16'hfffc) || (expect_tkeep == 16'hfff8)
              || (expect_tkeep == 16'hfff0) || (expect_tkeep == 16'hff00)
              || (expect_tkeep == 16'hf000);
reg [15:0] miss;
integer b;
always @* begin : p_miss
    for (b = 0; b < 16; b = b + 1) begin
        miss[b] = expect_tkeep[b] && (tag_now[8 * b +: 8] != expect_tdata[8 * b +: 8]);
    end
end

assign tag = tag_reg;
assign match = len_ok_reg && (miss_reg == 16'd0);

always @(posedge clk) begin : p_tag
    if (ekj0_load) begin
        ekj0_reg <= ekj0_tdata;
    end
    if (take) begin
        tag_reg <= tag_now & {128{!blank}};
        miss_reg <= miss;
        len_ok_reg <= len_ok;
    end
    if (clear) begin
        tag_reg <= 128'd0;
    end
    if (rst) begin
        ekj0_reg <= 128'd0;
        tag_reg <= 128'd0;
        miss_reg <= 16'd0;
        len_ok_reg <= 1'b0;
    end
end

endmodule

`resetall
