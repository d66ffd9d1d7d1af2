// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output register of a folded core (aes_iter, tdes_iter and des_iter, speck_iter, and bf_core
// for bf_iter, bf_x2 and bf_pipe): one block on m_axis, as docs/interface.md's handshake rules
// 1 and 5 ask. A block loaded (load high at a rising edge) is offered from the next cycle on,
// held until m_axis_tready takes it. `free` is high when the register takes a block in this
// cycle: it is empty, or its block leaves now; the core loads only then (a load while `free`
// is low would overwrite a block not yet taken). The data and tuser stay after the transfer
// (rule 5's idle data: zero from a reset until the first transfer, then the last block
// transferred or the next one); a reset empties the register and zeroes data and tuser.
module axis_out_reg #(
    // width of a block (tdata)
    parameter integer WIDTH = 64,
    // width of tuser
    parameter integer USER_WIDTH = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // the block the core hands over: taken at a rising edge with load high (only with free)
    input  wire                  load,
    input  wire [WIDTH-1:0]      load_data,
    input  wire [USER_WIDTH-1:0] load_user,
    output wire                  free,

    output wire [WIDTH-1:0]      m_axis_tdata,
    output wire [USER_WIDTH-1:0] m_axis_tuser,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready
);

// the register widths, at least 1 so that a bad WIDTH reaches the check below
localparam integer DW = (WIDTH >= 1) ? WIDTH : 1;
localparam integer UW = (USER_WIDTH >= 1) ? USER_WIDTH : 1;

// parameter check at elaboration
initial begin
    if (WIDTH < 1 || USER_WIDTH < 1) begin
        $error("axis_out_reg %m: WIDTH=%0d (>= 1), USER_WIDTH=%0d (>= 1)", WIDTH, USER_WIDTH);
        $finish;
    end
end

reg [DW-1:0]         data_reg;
reg [UW-1:0]         user_reg;
reg                  valid_reg;

// empty, or its block leaves at this edge
assign free = !valid_reg || m_axis_tready;
assign m_axis_tdata = data_reg;
assign m_axis_tuser = user_reg;
assign m_axis_tvalid = valid_reg;

always @(posedge clk) begin : p_output
    if (load) begin
        data_reg <= load_data;
        user_reg <= load_user;
        valid_reg <= 1'b1;
    end else if (m_axis_tready) begin
        valid_reg <= 1'b0;
    end

    if (rst) begin
        data_reg <= {DW{1'b0}};
        user_reg <= {UW{1'b0}};
        valid_reg <= 1'b0;
    end
end

endmodule

`resetall
