// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The key handshake's timing of bf_core's key-schedule engine while its data stream is idle
// (as bf_pipe uses it): key_ready low in the SETUP - 1 cycles after rst falls (the zero key's
// schedule) and in the SETUP - 1 cycles after a key handshake (the schedule of the key taken),
// high otherwise, low while rst is high. The bf_key_engine target proves bf_core's s_key_tready
// equal to key_ready in every cycle of a reset's schedule and of the first cycles after a key
// handshake that follows it (the schedule after a key is the one after a reset): a stand-in
// for the engine in a proof of bf_pipe's block path may drive its s_key_tready from this
// module. Proofs and what they cover: docs/interface.md, "What is proven".
module bf_key_timing #(
    // cycles from a key handshake until the next key can be taken (bf_core's key set-up)
    parameter integer SETUP = 2
) (
    input  wire clk,
    input  wire rst,
    input  wire key_fire,
    output wire key_ready
);

localparam integer WW = $clog2(SETUP + 1) + 1;

initial begin
    if (SETUP < 2) begin
        $error("bf_key_timing %m: SETUP=%0d must be 2 or more", SETUP);
        $finish;
    end
end

reg [WW-1:0] wait_reg;    // cycles left of the schedule

assign key_ready = wait_reg == {WW{1'b0}};

always @(posedge clk) begin : p_wait
    if (key_fire) begin
        wait_reg <= SETUP[WW-1:0] - 1'b1;
    end else if (wait_reg != {WW{1'b0}}) begin
        wait_reg <= wait_reg - 1'b1;
    end
    if (rst) begin
        wait_reg <= SETUP[WW-1:0] - 1'b1;
    end
end

endmodule

`resetall
