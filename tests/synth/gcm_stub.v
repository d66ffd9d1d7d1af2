// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// A stand-in with the GCM cores' ports (docs/interface.md, "GCM cores") for the tests of the
// GCM measurement harness: one output register that mixes every input, a few cells only.
module gcm_stub #(
    // width of s_key_tdata
    parameter integer KEY_W = 128
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [KEY_W-1:0] s_key_tdata,
    input  wire             s_key_tvalid,
    output wire             s_key_tready,
    input  wire [127:0]     s_iv_tdata,
    input  wire [15:0]      s_iv_tkeep,
    input  wire             s_iv_tlast,
    input  wire             s_iv_tvalid,
    output wire             s_iv_tready,
    input  wire [127:0]     s_axis_tdata,
    input  wire [15:0]      s_axis_tkeep,
    input  wire             s_axis_tlast,
    input  wire [2:0]       s_axis_tuser,
    input  wire             s_axis_tvalid,
    output wire             s_axis_tready,
    output reg  [127:0]     m_axis_tdata,
    output reg  [15:0]      m_axis_tkeep,
    output reg              m_axis_tlast,
    output reg  [2:0]       m_axis_tuser,
    output reg              m_axis_tvalid,
    input  wire             m_axis_tready
);

assign s_key_tready = !m_axis_tvalid;
assign s_iv_tready = !m_axis_tvalid;
assign s_axis_tready = !m_axis_tvalid || m_axis_tready;

always @(posedge clk) begin
    if (s_axis_tvalid && s_axis_tready) begin
        m_axis_tdata <= s_axis_tdata ^ s_iv_tdata ^ s_key_tdata[127:0];
        m_axis_tkeep <= s_axis_tkeep & s_iv_tkeep;
        m_axis_tlast <= s_axis_tlast ^ s_iv_tlast ^ s_iv_tvalid ^ s_key_tvalid;
        m_axis_tuser <= s_axis_tuser;
    end
    if (s_axis_tready) begin
        m_axis_tvalid <= s_axis_tvalid;
    end
    if (rst) begin
        m_axis_tvalid <= 1'b0;
    end
end

endmodule

`resetall
