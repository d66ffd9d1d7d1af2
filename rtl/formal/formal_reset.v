// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The reset of a formal top: free in every cycle (a reset may come at any time) but high in
// the first, and `armed`, high from the first rising edge with rst high on, which turns the
// property modules' checks on (and lets the induction step start from any armed state).
// Proofs and what they cover: docs/interface.md, "What is proven".
module formal_reset (
    input  wire clk,
    output wire rst,
    output wire armed
);

`ifdef FORMAL
(* anyseq *) wire f_rst;
reg f_init = 1'b1;
reg f_armed = 1'b0;

assign rst = f_rst;
assign armed = f_armed;

always @(posedge clk) begin : p_armed
    f_init <= 1'b0;
    f_armed <= f_armed || f_rst;
end

always @(*) begin
    if (f_init) begin
        assume(f_rst);
    end
end
`else
assign rst = 1'b1;
assign armed = 1'b0;
`endif

endmodule

`resetall
