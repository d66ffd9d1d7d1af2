// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Pass-through on the GCM core interface: measures synth_harness_gcm alone (the s_axis packet
// wired straight to m_axis, key and IV ignored, always ready for them).
// How it is used: docs/results.md.
module synth_passthrough_gcm #(
    // width of s_key_tdata
    parameter integer KEY_W = 128,
    // width of s_key_tlen (the harness always drives one, at least one bit wide)
    parameter integer TLEN_W = 1
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire              clk,
    input  wire              rst,
    input  wire [KEY_W-1:0]  s_key_tdata,
    input  wire [TLEN_W-1:0] s_key_tlen,
    input  wire              s_key_tvalid,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire              s_key_tready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [127:0]      s_iv_tdata,
    input  wire [15:0]       s_iv_tkeep,
    input  wire              s_iv_tlast,
    input  wire              s_iv_tvalid,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire              s_iv_tready,
    input  wire [127:0]      s_axis_tdata,
    input  wire [15:0]       s_axis_tkeep,
    input  wire              s_axis_tlast,
    input  wire [2:0]        s_axis_tuser,
    input  wire              s_axis_tvalid,
    output wire              s_axis_tready,
    output wire [127:0]      m_axis_tdata,
    output wire [15:0]       m_axis_tkeep,
    output wire              m_axis_tlast,
    output wire [2:0]        m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready
);

assign s_key_tready = 1'b1;
assign s_iv_tready = 1'b1;
assign s_axis_tready = m_axis_tready;
assign m_axis_tdata = s_axis_tdata;
assign m_axis_tkeep = s_axis_tkeep;
assign m_axis_tlast = s_axis_tlast;
assign m_axis_tuser = s_axis_tuser;
assign m_axis_tvalid = s_axis_tvalid;

// parameter check at elaboration
initial begin
    if (KEY_W < 1 || TLEN_W < 1) begin
        $error("synth_passthrough_gcm %m: bad widths KEY_W=%0d TLEN_W=%0d", KEY_W, TLEN_W);
        $finish;
    end
end

endmodule

`resetall
