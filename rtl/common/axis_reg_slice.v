// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AXI4-Stream register slice: every output, s_axis_tready included, comes from a register, so
// no combinational path runs through it in either direction. Two entries (the output register
// and a skid register that takes the beat arriving while the output stalls); one beat a cycle
// streams through, one cycle from s_axis to m_axis. m_axis_tdata is zero while m_axis_tvalid
// is low; a reset empties it and zeroes both registers. Used by gcm_engine
// (docs/cores/notes/gcm_engine.md).
module axis_reg_slice #(
    // width of one beat
    parameter integer WIDTH = 128
) (
    input  wire             clk,
    input  wire             rst,

    input  wire [WIDTH-1:0] s_axis_tdata,
    input  wire             s_axis_tvalid,
    output wire             s_axis_tready,

    output wire [WIDTH-1:0] m_axis_tdata,
    output wire             m_axis_tvalid,
    input  wire             m_axis_tready
`ifdef FORMAL
    ,
    // internal state for the proof's invariants (rtl/formal/axis_reg_slice_formal.v)
    output wire [WIDTH-1:0] f_skid_data,
    output wire             f_skid_valid
`endif
);

initial begin
    if (WIDTH < 1) begin
        $error("axis_reg_slice %m: WIDTH=%0d (>= 1)", WIDTH);
        $finish;
    end
end

reg [WIDTH-1:0] out_reg;
reg             out_valid_reg;
reg [WIDTH-1:0] skid_reg;
reg             skid_valid_reg;

assign m_axis_tdata = out_reg;
assign m_axis_tvalid = out_valid_reg;
// ready while the skid register is free
assign s_axis_tready = !skid_valid_reg;

`ifdef FORMAL
assign f_skid_data = skid_reg;
assign f_skid_valid = skid_valid_reg;
`endif

wire in_fire = s_axis_tvalid && !skid_valid_reg;
// the output register takes a beat when it is empty or its beat leaves
wire out_load = !out_valid_reg || m_axis_tready;

always @(posedge clk) begin : p_slice
    if (out_load) begin
        // the skid register's beat first (it arrived earlier), else the input's
        out_reg <= skid_valid_reg ? skid_reg : (s_axis_tdata & {WIDTH{in_fire}});
        out_valid_reg <= skid_valid_reg || in_fire;
        skid_valid_reg <= 1'b0;
    end else if (in_fire) begin
        skid_reg <= s_axis_tdata;
        skid_valid_reg <= 1'b1;
    end
    if (rst) begin
        out_reg <= {WIDTH{1'b0}};
        out_valid_reg <= 1'b0;
        skid_reg <= {WIDTH{1'b0}};
        skid_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
