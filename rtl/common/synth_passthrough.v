// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Pass-through on the core interface: measures synth_harness alone (data and handshakes wired
// straight through, key ignored, always ready for a key).
// How it is used: docs/results.md.
module synth_passthrough #(
    // width of s_axis_tdata / m_axis_tdata
    parameter integer DATA_BITS = 128,
    // width of s_key_tdata
    parameter integer KEY_BITS = 128,
    // width of s_key_tlen (the harness always drives one, at least one bit wide)
    parameter integer TLEN_BITS = 1
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire                        clk,
    input  wire                        rst,
    input  wire [KEY_BITS-1:0]         s_key_tdata,
    input  wire [TLEN_BITS-1:0]        s_key_tlen,
    input  wire                        s_key_tvalid,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                        s_key_tready,
    input  wire [DATA_BITS-1:0]        s_axis_tdata,
    input  wire                        s_axis_tuser,
    input  wire                        s_axis_tvalid,
    output wire                        s_axis_tready,
    output wire [DATA_BITS-1:0]        m_axis_tdata,
    output wire                        m_axis_tuser,
    output wire                        m_axis_tvalid,
    input  wire                        m_axis_tready
);

assign s_key_tready = 1'b1;
assign s_axis_tready = m_axis_tready;
assign m_axis_tdata = s_axis_tdata;
assign m_axis_tuser = s_axis_tuser;
assign m_axis_tvalid = s_axis_tvalid;

// parameter check at elaboration
initial begin
    if (DATA_BITS < 1 || KEY_BITS < 1 || TLEN_BITS < 1) begin
        $error("synth_passthrough %m: bad widths DATA_BITS=%0d KEY_BITS=%0d TLEN_BITS=%0d",
               DATA_BITS, KEY_BITS, TLEN_BITS);
        $finish;
    end
end

endmodule

`resetall
