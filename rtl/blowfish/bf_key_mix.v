// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Blowfish key mixing, bf_core's first step of a key schedule: P[i] = pi_P[i] ^ (key bytes
// 4i..4i+3, the key cycled), one key byte a cycle, a P word written every fourth cycle. The
// key is held until it is mixed, then cleared (it then lives only in P and the S-boxes).
// Datasheets: docs/cores/ (bf_iter, bf_x2, bf_pipe).
module bf_key_mix (
    input  wire          clk,
    // restarts the mixing for the all-zero key (length 1)
    input  wire          rst,

    // a key taken (bf_core's key handshake): left-aligned, first byte in key_tdata[447:440];
    // length in bytes (1..56; 0 or more than 56 read as 56)
    input  wire          key_fire,
    input  wire [447:0]  key_tdata,
    input  wire [5:0]    key_tlen,

    // at the next rising edge with mix_we high, P[mix_idx] takes mix_data (18 writes, in
    // order: the first 6 cycles after the cycle of key_fire or rst, then one every 4 cycles)
    output wire          mix_we,
    output wire [4:0]    mix_idx,
    output wire [31:0]   mix_data
);

localparam [7:0] MIX_LAST = 8'd71;      // 72 key bytes, one per cycle, XORed into P[0..17]

reg  [447:0]         key_reg;         // captured key, cleared once mixed into P
reg  [5:0]           klast_reg;       // key length - 1
reg  [5:0]           kj_reg;          // key byte pointer (cycles over the key), two ahead
reg  [55:0]          kg_reg;          // byte kj[2:0] of each 8-byte group of the key ...
reg  [2:0]           kjh_reg;         // ... and the group of that byte
reg  [7:0]           kbyte_reg;       // the key byte mixed in this cycle
reg  [23:0]          acc_reg;         // key bytes of the P word being mixed
reg                  mix_reg;         // key mixing running
reg  [7:0]           mc_reg;          // key byte mixed (-2, -1 while the bytes are fetched)
reg                  kwipe_reg;       // the key is cleared (a cycle after key_wipe: the wide
                                      // clears start from a flip-flop)

// initial P-array (pi): a ROM from the generated init file
reg  [31:0]          pi_p [0:17];
initial begin
    $readmemh("bf_pi_p.hex", pi_p);
end

wire [7:0]  kbyte = kbyte_reg;
wire [5:0]  klast_in = (key_tlen == 6'd0 || key_tlen > 6'd56) ? 6'd55 : key_tlen - 6'd1;
wire        mixing = mix_reg && !mc_reg[7];
// the key, cleared at reset and once mixed into P: a reset over the load enable, so each bit
// is a flip-flop and no LUT
wire        key_wipe = mix_reg && (mc_reg == MIX_LAST);

assign mix_idx = mc_reg[6:2];
assign mix_we = mixing && (mc_reg[1:0] == 2'd3);
assign mix_data = pi_p[mix_idx] ^ {acc_reg, kbyte};

always @(posedge clk) begin : p_kwipe
    kwipe_reg <= rst || key_wipe;
end

always @(posedge clk) begin : p_keyreg
    if (rst || kwipe_reg) begin
        key_reg <= 448'd0;
    end else if (key_fire) begin
        key_reg <= key_tdata;
    end
end

// the key byte in two steps: byte kj[2:0] of each 8-byte group, then the group kj[5:3]
// (kj_reg runs two cycles ahead of the byte being mixed)
genvar g;
generate
    for (g = 0; g < 7; g = g + 1) begin : g_kgroup
        wire [63:0] grp = key_reg[447 - 64*g -: 64];
        always @(posedge clk) begin : p_kgroup
            kg_reg[55 - 8*g -: 8] <= grp[63 - {kj_reg[2:0], 3'b000} -: 8];
            if (rst || kwipe_reg) begin
                kg_reg[55 - 8*g -: 8] <= 8'd0;
            end
        end
    end
endgenerate

always @(posedge clk) begin : p_kbyte
    kjh_reg <= kj_reg[5:3];
    kbyte_reg <= kg_reg[55 - {kjh_reg, 3'b000} -: 8];
    if (rst || kwipe_reg) begin
        kbyte_reg <= 8'd0;
    end
end

always @(posedge clk) begin : p_mix
    if (key_fire) begin
        klast_reg <= klast_in;
        kj_reg <= 6'd0;
        mc_reg <= 8'hfe;
        mix_reg <= 1'b1;
    end else begin
        if (mix_reg) begin
            mc_reg <= mc_reg + 8'd1;
            kj_reg <= (kj_reg == klast_reg) ? 6'd0 : kj_reg + 6'd1;
        end
        if (mixing) begin
            acc_reg <= {acc_reg[15:0], kbyte};
        end
        if (key_wipe) begin
            mix_reg <= 1'b0;
            acc_reg <= 24'd0;
        end
    end
    if (rst) begin
        // start the mixing for the all-zero key
        klast_reg <= 6'd0;
        kj_reg <= 6'd0;
        acc_reg <= 24'd0;
        mc_reg <= 8'hfe;
        mix_reg <= 1'b1;
    end
end

endmodule

`resetall
