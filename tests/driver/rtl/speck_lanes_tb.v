`resetall
`timescale 1ns / 1ps
`default_nettype none

// Test-only multi-lane core: LANES speck_iter instances in lockstep behind one stream, to check
// the driver's lane layout (docs/interface.md: lane 0 is the least significant block of tdata).
module speck_lanes_tb #(
    // word size n in bits (as speck_iter)
    parameter integer WORD = 64,
    // key words m (as speck_iter)
    parameter integer KEY_WORDS = 2,
    // blocks per transfer
    parameter integer LANES = 2
) (
    input  wire                      clk,
    input  wire                      rst,

    input  wire [WORD*KEY_WORDS-1:0] s_key_tdata,
    input  wire                      s_key_tvalid,
    output wire                      s_key_tready,

    input  wire [2*WORD*LANES-1:0]   s_axis_tdata,
    input  wire                      s_axis_tuser,
    input  wire                      s_axis_tvalid,
    output wire                      s_axis_tready,

    output wire [2*WORD*LANES-1:0]   m_axis_tdata,
    output wire                      m_axis_tuser,
    output wire                      m_axis_tvalid,
    input  wire                      m_axis_tready
);

wire [LANES-1:0] key_ready;
wire [LANES-1:0] in_ready;
wire [LANES-1:0] out_user;
wire [LANES-1:0] out_valid;

// every lane has the same constant timing, so all lanes move together
assign s_key_tready = &key_ready;
assign s_axis_tready = &in_ready;
assign m_axis_tuser = |out_user;
assign m_axis_tvalid = &out_valid;

genvar i;
generate
    for (i = 0; i < LANES; i = i + 1) begin : g_lane
        speck_iter #(
            .WORD(WORD),
            .KEY_WORDS(KEY_WORDS)
        ) u_lane (
            .clk(clk),
            .rst(rst),
            .s_key_tdata(s_key_tdata),
            .s_key_tvalid(s_key_tvalid && s_key_tready),
            .s_key_tready(key_ready[i]),
            .s_axis_tdata(s_axis_tdata[i*2*WORD +: 2*WORD]),
            .s_axis_tuser(s_axis_tuser),
            .s_axis_tvalid(s_axis_tvalid && s_axis_tready),
            .s_axis_tready(in_ready[i]),
            .m_axis_tdata(m_axis_tdata[i*2*WORD +: 2*WORD]),
            .m_axis_tuser(out_user[i]),
            .m_axis_tvalid(out_valid[i]),
            .m_axis_tready(m_axis_tready)
        );
    end
endgenerate

endmodule

`resetall
