// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish P-array of bf_core: 18 words written by the key mixing (bf_key_mix), then by the key
// schedule's encryptions 0..8 (L at round 14, R at round 15), through one registered word and
// its enables, so that each P bit is a flip-flop with an enable and F's result reaches one
// register, not 18. The writes land a cycle after their source; the only early reader is the
// next encryption's x, which takes P[0] from p0_next while it is in flight.
// Datasheets: docs/cores/ (bf_iter, bf_x2, bf_pipe).
module bf_parray (
    input  wire              clk,
    // clears every word
    input  wire              rst,

    // the key mixing's write: P[mix_idx] = mix_data (it has the word register to itself)
    input  wire              mix_we,
    input  wire [4:0]        mix_idx,
    input  wire [31:0]       mix_data,
    // the key schedule's write: P[enc_idx] = enc_data (never in a cycle with mix_we)
    input  wire              enc_we,
    input  wire [4:0]        enc_idx,
    input  wire [31:0]       enc_data,

    // P[i] in bits 32*i +: 32, each write landing two edges after its inputs
    output wire [18*32-1:0]  p,
    // P[0] as it will be in the next cycle (its write may be in the word register)
    output wire [31:0]       p0_next
);

reg  [18*32-1:0]     p_reg;           // P-array, P[i] in bits 32*i +: 32
reg  [31:0]          pw_reg;          // the P word written at the next edge ...
reg  [17:0]          pwe_reg;         // ... into P[i] for each bit i set (a cycle after its source)

assign p = p_reg;
assign p0_next = pwe_reg[0] ? pw_reg : p_reg[0 +: 32];

always @(posedge clk) begin : p_pwrite
    pw_reg <= mix_we ? mix_data : enc_data;
    pwe_reg <= 18'd0;
    if (mix_we) begin
        pwe_reg[mix_idx] <= 1'b1;
    end
    if (enc_we) begin
        pwe_reg[enc_idx] <= 1'b1;
    end
    if (rst) begin
        pwe_reg <= 18'd0;
    end
end

genvar i;
generate
    for (i = 0; i < 18; i = i + 1) begin : g_p
        always @(posedge clk) begin : p_pword
            if (pwe_reg[i]) begin
                p_reg[32*i +: 32] <= pw_reg;
            end
            if (rst) begin
                p_reg[32*i +: 32] <= 32'd0;
            end
        end
    end
endgenerate

endmodule

`resetall
