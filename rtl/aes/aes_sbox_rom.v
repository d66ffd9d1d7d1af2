// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES S-box and inverse S-box as a synchronous-read ROM with two read ports (FIPS-197 5.1.1,
// 5.3.2): address {inv, byte}, data on the cycle after the address edge, held while en is low;
// with OUTREG = 1 through an output register, one cycle later.
// MULT = 0: data {8'h00, S(b)}, {8'h00, S^-1(b)} with inv = 1. MULT = 1: products in GF(2^8)
// Datasheets: docs/cores/aes_iter.md, docs/cores/aes_pipe.md
// Design notes: docs/cores/notes/aes_sbox_rom.md (in the datasheets).
module aes_sbox_rom #(
    // 1: the table in one block RAM (image aes_sbox_rom.hex, MULT = 1: aes_mult_rom.hex;
    // python -m ciphercores.gen_aes); 0: address registers before an aes_sbox and an
    // aes_inv_sbox per port (LUT logic); 2: address registers before an aes_sbox_tower per
    // port (both directions computed in the composite field, in logic)
    parameter integer BRAM = 1,
    // 1: an output register (loads every cycle, not gated by en): data two cycles after the
    // address edge. In block RAM it is marked for the measurement flow, which moves it into
    // the ECP5 RAM's own output register (ciphercores.synth.netlist); 0: none
    parameter integer OUTREG = 0,
    // 0: the byte alone (top byte zero); 1: the byte and a product of it
    // (docs/cores/notes/aes_sbox_rom.md)
    parameter integer MULT = 0
) (
    input  wire        clk,

    // read enable of both ports
    input  wire        en,
    // addresses: bit 8 selects the inverse S-box, bits 7:0 are the byte
    input  wire [8:0]  a_addr,
    input  wire [8:0]  b_addr,
    output wire [15:0] a_data,
    output wire [15:0] b_data
);

initial begin
    if ((BRAM != 0 && BRAM != 1 && BRAM != 2) || (OUTREG != 0 && OUTREG != 1)
        || (MULT != 0 && MULT != 1)) begin
        $error("aes_sbox_rom %m: BRAM=%0d (0/1/2), OUTREG=%0d (0/1), MULT=%0d (0/1)", BRAM,
               OUTREG, MULT);
        $finish;
    end
end

function [7:0] xt(input [7:0] b);  // b * {02}
    begin
        xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    end
endfunction

// the ROM word of an S-box output (inv = 0) or an inverse S-box output (inv = 1)
function [15:0] word(input [7:0] v, input v_inv);
    begin
        if (MULT == 0) begin
            word = {8'h00, v};
        end else if (!v_inv) begin
            word = {xt(v), v};
        end else begin
            // 0b = 08 ^ 02 ^ 01, 09 = 08 ^ 01
            word = {xt(xt(xt(v))) ^ xt(v) ^ v, xt(xt(xt(v))) ^ v};
        end
    end
endfunction

// the read data of both ports (bits 31:16 port a), on the cycle after the address edge
wire [31:0] rd;

generate
    if (BRAM == 1 && MULT == 0) begin : g_bram
        // S-box at 0..255, inverse S-box at 256..511; never written
        reg [7:0] rom [0:511];
        reg [7:0] a_reg;
        reg [7:0] b_reg;

        initial begin
            $readmemh("aes_sbox_rom.hex", rom);
        end

        always @(posedge clk) begin : p_read
            if (en) begin
                a_reg <= rom[a_addr];
                b_reg <= rom[b_addr];
            end
        end

        assign rd = {8'h00, a_reg, 8'h00, b_reg};
    end else if (BRAM == 1) begin : g_bram_mult
        // the words of S at 0..255, of S^-1 at 256..511; never written
        reg [15:0] rom [0:511];
        reg [15:0] a_reg;
        reg [15:0] b_reg;

        initial begin
            $readmemh("aes_mult_rom.hex", rom);
        end

        always @(posedge clk) begin : p_read
            if (en) begin
                a_reg <= rom[a_addr];
                b_reg <= rom[b_addr];
            end
        end

        assign rd = {a_reg, b_reg};
    end else if (BRAM == 2) begin : g_tower
        reg [8:0] a_reg;
        reg [8:0] b_reg;

        always @(posedge clk) begin : p_addr
            if (en) begin
                a_reg <= a_addr;
                b_reg <= b_addr;
            end
        end

        // one inverter per port serves both directions (bit 8 of the address)
        wire [7:0] a_out;
        wire [7:0] b_out;

        aes_sbox_tower u_a_sbox (
            .a(a_reg[7:0]),
            .inv(a_reg[8]),
            .y(a_out)
        );
        aes_sbox_tower u_b_sbox (
            .a(b_reg[7:0]),
            .inv(b_reg[8]),
            .y(b_out)
        );

        assign rd = {word(a_out, a_reg[8]), word(b_out, b_reg[8])};
    end else begin : g_lut
        reg [8:0] a_reg;
        reg [8:0] b_reg;

        always @(posedge clk) begin : p_addr
            if (en) begin
                a_reg <= a_addr;
                b_reg <= b_addr;
            end
        end

        wire [7:0] a_fwd;
        wire [7:0] a_inv;
        wire [7:0] b_fwd;
        wire [7:0] b_inv;

        aes_sbox u_a_sbox (
            .a(a_reg[7:0]),
            .y(a_fwd)
        );
        aes_inv_sbox u_a_inv_sbox (
            .a(a_reg[7:0]),
            .y(a_inv)
        );
        aes_sbox u_b_sbox (
            .a(b_reg[7:0]),
            .y(b_fwd)
        );
        aes_inv_sbox u_b_inv_sbox (
            .a(b_reg[7:0]),
            .y(b_inv)
        );

        assign rd = {word(a_reg[8] ? a_inv : a_fwd, a_reg[8]),
                     word(b_reg[8] ? b_inv : b_fwd, b_reg[8])};
    end

    if (OUTREG != 0) begin : g_outreg
        // with BRAM = 1 the RAM's output register on ECP5 (docs/cores/notes/aes_sbox_rom.md;
        // with BRAM = 0, 2 the flow finds no RAM before it and leaves it). Kept as a net, so
        // that its name and mark survive flattening.
        (* ciphercores_bram_outreg, keep *) reg [31:0] out_reg;

        always @(posedge clk) begin : p_out
            out_reg <= rd;
        end

        assign a_data = out_reg[31:16];
        assign b_data = out_reg[15:0];
    end else begin : g_noreg
        assign a_data = rd[31:16];
        assign b_data = rd[15:0];
    end
endgenerate

endmodule

`resetall
