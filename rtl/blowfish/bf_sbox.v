// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish S-box block RAM: working half (written by the key schedule) and a read-only pi half,
// read in two cycles: the RAM's read register, then its output register.
// Datasheets: docs/cores/ (bf_iter, bf_x2, bf_pipe).
module bf_sbox #(
    // which S-box (0..3): selects the init file bf_pi_s<BOX>.hex
    parameter integer BOX = 0,
    // read ports (one per lane), all with the same enable
    parameter integer PORTS = 1
) (
    input  wire                 clk,

    // write port: working half only (address 0..255)
    input  wire                 we,
    input  wire [7:0]           wa,
    input  wire [31:0]          wd,

    // read ports: {pi half select, index} per port, port 0 in the low bits; the word read
    // appears on rd two edges after ra (every cycle: the reads never stall)
    input  wire [PORTS*9-1:0]   ra,
    output wire [PORTS*32-1:0]  rd
);

localparam [8*12-1:0] INIT_FILE = (BOX == 0) ? "bf_pi_s0.hex" :
                                  (BOX == 1) ? "bf_pi_s1.hex" :
                                  (BOX == 2) ? "bf_pi_s2.hex" : "bf_pi_s3.hex";

initial begin
    if (BOX < 0 || BOX > 3 || PORTS < 1 || PORTS > 2) begin
        $error("bf_sbox %m: BOX=%0d must be 0..3 and PORTS=%0d 1 or 2", BOX, PORTS);
        $finish;
    end
end

// reads and writes never meet on one address in one cycle (the key schedule reads the pi half
// of an entry until the edge after its write), so no read-during-write logic is needed
(* no_rw_check *)
reg [31:0] mem [0:511];

initial begin
    $readmemh(INIT_FILE, mem);
end

always @(posedge clk) begin : p_write
    if (we) begin
        mem[{1'b0, wa}] <= wd;
    end
end

genvar g;
generate
    for (g = 0; g < PORTS; g = g + 1) begin : g_port
        reg [31:0] rd_reg;
        // on ECP5 the DP16KD's output register (REGMODE OUTREG, synth/netlist.py): always
        // enabled and never reset, as that step requires. Kept as a net, so that its name and
        // mark survive flattening.
        (* ciphercores_bram_outreg, keep *) reg [31:0] out_reg;
        always @(posedge clk) begin : p_read
            rd_reg <= mem[ra[g*9 +: 9]];
            out_reg <= rd_reg;
        end
        assign rd[g*32 +: 32] = out_reg;
    end
endgenerate

endmodule

`resetall
