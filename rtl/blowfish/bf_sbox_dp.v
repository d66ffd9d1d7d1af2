// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish S-box copy shared by two pipeline stages: 256 x 32 dual-port block RAM, port A read
// or written (key schedule), port B read; a word read appears two edges after its address
// (the RAM's read register, then its output register).
// Datasheet: docs/cores/bf_pipe.md
module bf_sbox_dp (
    input  wire        clk,

    // port A: a write (the key schedule's, mirrored) or a synchronous read of stage 2k
    input  wire        a_we,
    input  wire        a_re,
    input  wire [7:0]  a_addr,
    input  wire [31:0] a_wd,
    output wire [31:0] a_rd,

    // port B: synchronous read of stage 2k + 1
    input  wire        b_re,
    input  wire [7:0]  b_addr,
    output wire [31:0] b_rd
);

// the copy is written only while no block is in the pipeline (a key load waits for it to
// drain, blocks wait for the key schedule), so no read ever meets a write: no read-during-write
// logic is needed on either port. No initial contents: the schedule after reset writes all 256.
(* no_rw_check *)
reg [31:0] mem [0:255];
reg [31:0] a_rd_reg;
reg [31:0] b_rd_reg;
// on ECP5 the DP16KD's output registers (REGMODE OUTREG, synth/netlist.py): always enabled and
// never reset, as that step requires. Kept as nets, so that their names and marks survive
// flattening.
(* ciphercores_bram_outreg, keep *) reg [31:0] a_out_reg;
(* ciphercores_bram_outreg, keep *) reg [31:0] b_out_reg;

always @(posedge clk) begin : p_port_a
    if (a_we) begin
        mem[a_addr] <= a_wd;
    end
    if (a_re) begin
        a_rd_reg <= mem[a_addr];
    end
end

always @(posedge clk) begin : p_port_b
    if (b_re) begin
        b_rd_reg <= mem[b_addr];
    end
end

always @(posedge clk) begin : p_out
    a_out_reg <= a_rd_reg;
    b_out_reg <= b_rd_reg;
end

assign a_rd = a_out_reg;
assign b_rd = b_out_reg;

endmodule

`resetall
