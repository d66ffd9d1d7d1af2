`resetall
`timescale 1ns / 1ps
`default_nettype none

// Test-only faulty core: speck_iter with an injected interface fault, to check that the
// driver's harness reports broken cores instead of hanging or returning wrong data.
module speck_fault_tb #(
    // word size n in bits (as speck_iter)
    parameter integer WORD = 64,
    // key words m (as speck_iter)
    parameter integer KEY_WORDS = 2,
    // 0: none, 1: output never valid (hung core), 2: m_axis_tuser inverted
    parameter integer FAULT = 0
) (
    input  wire                      clk,
    input  wire                      rst,

    input  wire [WORD*KEY_WORDS-1:0] s_key_tdata,
    input  wire                      s_key_tvalid,
    output wire                      s_key_tready,

    input  wire [2*WORD-1:0]         s_axis_tdata,
    input  wire                      s_axis_tuser,
    input  wire                      s_axis_tvalid,
    output wire                      s_axis_tready,

    output wire [2*WORD-1:0]         m_axis_tdata,
    output wire                      m_axis_tuser,
    output wire                      m_axis_tvalid,
    input  wire                      m_axis_tready
);

wire user;
wire valid;

assign m_axis_tuser = (FAULT == 2) ? !user : user;
assign m_axis_tvalid = (FAULT == 1) ? 1'b0 : valid;

speck_iter #(
    .WORD(WORD),
    .KEY_WORDS(KEY_WORDS)
) u_core (
    .clk(clk),
    .rst(rst),
    .s_key_tdata(s_key_tdata),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(user),
    .m_axis_tvalid(valid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
