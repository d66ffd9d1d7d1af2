// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The GCM engine's tag: GHASH's result XOR E_K(J0), into a register when the join takes
// GHASH's result; to decrypt, the expected tag XORed in as well, so the register holds the
// difference and the check is whether its bytes under the expected tag's tkeep are all zero,
// a register apart from the XOR. Part of gcm_engine; design notes:
// docs/cores/notes/gcm_tag_check.md.
module gcm_tag_check (
    input  wire         clk,
    input  wire         rst,

    // E_K(J0) from the core, kept for the message's tag
    input  wire         ekj0_load,
    input  wire [127:0] ekj0_tdata,

    // GHASH's result, and the expected tag with its tkeep (bytes from bits 127:120 down, the
    // bytes not kept zero); compare: XOR the expected tag in (decrypt)
    input  wire         take,
    input  wire         compare,
    input  wire [127:0] hash_tdata,
    input  wire [127:0] expect_tdata,
    input  wire [15:0]  expect_tkeep,
    // the tag has gone out: the register takes zeros (it is zero but from a take to this)
    input  wire         clear,

    // from the take on: the tag (to decrypt: the tag XOR the expected tag, which must not
    // leave the engine), and whether the expected tag has an allowed length and equals the
    // tag over its bytes
    output wire [127:0] tag,
    output wire         match
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

reg  [127:0] ekj0_reg;      // E_K(J0)
reg  [127:0] tag_reg;
reg  [15:0]  keep_reg;      // the expected tag's tkeep
reg          len_ok_reg;

// SP 800-38D's tag lengths: 16, 15, 14, 13, 12, 8 and 4 bytes
wire len_ok = (expect_tkeep == 16'hffff) || (expect_tkeep == 16'hfffe)
              || (expect_tkeep == 16'hfffc) || (expect_tkeep == 16'hfff8)
              || (expect_tkeep == 16'hfff0) || (expect_tkeep == 16'hff00)
              || (expect_tkeep == 16'hf000);

assign tag = tag_reg;
assign match = len_ok_reg && ((tag_reg & bytemask(keep_reg)) == 128'd0);

always @(posedge clk) begin : p_tag
    if (ekj0_load) begin
        ekj0_reg <= ekj0_tdata;
    end
    if (take) begin
        tag_reg <= hash_tdata ^ ekj0_reg ^ (expect_tdata & {128{compare}});
        keep_reg <= expect_tkeep;
        len_ok_reg <= len_ok;
    end
    if (clear) begin
        tag_reg <= 128'd0;
    end
    if (rst) begin
        ekj0_reg <= 128'd0;
        tag_reg <= 128'd0;
        keep_reg <= 16'd0;
        len_ok_reg <= 1'b0;
    end
end

endmodule

`resetall
