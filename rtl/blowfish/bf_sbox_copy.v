// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish S-box writes of bf_core: the copy of the pi images into the working halves of the
// four S-box RAMs (all four boxes at once, from the words read two edges before, 256 words
// a key schedule), or the key schedule's own writes (one box), registered before the RAMs.
// Datasheets: docs/cores/ (bf_iter, bf_x2, bf_pipe).
module bf_sbox_copy (
    input  wire          clk,
    // restarts the copy (as after a key)
    input  wire          rst,

    // a key taken: the copy restarts from word 0
    input  wire          key_fire,
    // a copy read of word ccnt_next[7:0] enters the RAMs at the next edge (the pi halves of
    // lane 0's read ports); its words come back on rd two edges later
    input  wire          copy_rd,
    output wire [8:0]    ccnt_next,
    input  wire [127:0]  rd,           // S-box b's word on lane 0's read port, bits 32*b +: 32

    // the key schedule's write: word ks_wa of the boxes in ks_we takes ks_wd (not while a
    // copied word is written)
    input  wire          ks_we,
    input  wire [3:0]    ks_we_box,
    input  wire [7:0]    ks_wa,
    input  wire [31:0]   ks_wd,

    // to the RAMs' write ports: word wr_a of S-box b takes wr_d[32*b +: 32] where wr_we[b];
    // wr_ks: a key-schedule write (not a copy)
    output wire [3:0]    wr_we,
    output wire          wr_ks,
    output wire [7:0]    wr_a,
    output wire [127:0]  wr_d
);

reg  [8:0]           ccnt_reg;        // pi S-box words copied into the working halves
reg  [8:0]           cnext_reg;       // ccnt_reg + 1
reg                  cpa_reg;         // a copy read entered the RAMs last edge ...
reg                  cpb_reg;         // ... and its words are on the RAM outputs
reg  [7:0]           cpa_a_reg;       // its index
reg  [7:0]           cpb_a_reg;
reg  [3:0]           wr_we_reg;       // S-box writes, registered: they land one edge later
reg                  wr_ks_reg;       // ... a key-schedule write (not a copy)
reg  [7:0]           wr_a_reg;
reg  [127:0]         wr_d_reg;        // S-box b's word in bits 32*b +: 32

assign ccnt_next = key_fire ? 9'd0 : (copy_rd ? cnext_reg : ccnt_reg);
assign wr_we = wr_we_reg;
assign wr_ks = wr_ks_reg;
assign wr_a = wr_a_reg;
assign wr_d = wr_d_reg;

always @(posedge clk) begin : p_swrite
    cpa_reg <= copy_rd;
    cpb_reg <= cpa_reg;
    cpa_a_reg <= ccnt_reg[7:0];
    cpb_a_reg <= cpa_a_reg;
    if (key_fire) begin
        ccnt_reg <= 9'd0;
        cnext_reg <= 9'd1;
    end else if (copy_rd) begin
        ccnt_reg <= cnext_reg;
        cnext_reg <= cnext_reg + 9'd1;
    end
    wr_ks_reg <= ks_we;
    if (cpb_reg) begin
        wr_we_reg <= 4'b1111;
        wr_a_reg <= cpb_a_reg;
        wr_d_reg <= rd;
    end else begin
        wr_we_reg <= ks_we_box;
        wr_a_reg <= ks_wa;
        wr_d_reg <= {4{ks_wd}};
    end
    if (rst) begin
        ccnt_reg <= 9'd0;
        cnext_reg <= 9'd1;
        cpa_reg <= 1'b0;
        cpb_reg <= 1'b0;
        wr_we_reg <= 4'd0;
        wr_ks_reg <= 1'b0;
        wr_a_reg <= 8'd0;
        wr_d_reg <= 128'd0;
    end
end

endmodule

`resetall
