// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of axis_out_reg. The environment is a core that loads a block (free data and
// tuser) whenever it likes while `free` is high, and a sink on m_axis that stalls at will.
// Proven (bounded, from reset): m_axis is an AXI4-Stream source with rule 5's idle data (zero
// from a reset until the first transfer, then zero or a finished block) and is cleared by a
// reset; a block loaded is offered in the next cycle with its data and tuser; at most one
// block inside, none invented, every block out once and in order (two solver-chosen blocks
// followed); `free` is high exactly when the register is empty or its block leaves.
// Proofs and what they cover: docs/interface.md, "What is proven".
module axis_out_reg_formal #(
    parameter integer WIDTH = 4,
    parameter integer USER_WIDTH = 1
) (
    input wire clk
);

localparam integer CW = 2;   // counts up to 1 + 1
localparam integer BW = WIDTH + USER_WIDTH;   // {tuser, tdata}

wire                       rst;
wire                       armed;
(* anyseq *) wire          load;
(* anyseq *) wire [WIDTH-1:0] load_data;
(* anyseq *) wire [USER_WIDTH-1:0] load_user;
(* anyseq *) wire          m_ready;
(* anyseq *) wire          pick;
wire                       free;
wire [WIDTH-1:0]           m_data;
wire [USER_WIDTH-1:0]      m_user;
wire                       m_valid;
wire [CW-1:0]              held;
wire [1:0]                 inside;
wire [CW-1:0]              ahead0;
wire [CW-1:0]              ahead1;
wire [BW-1:0]              value0;
wire [BW-1:0]              value1;
wire                       out_fire = m_valid && m_ready;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

axis_out_reg #(
    .WIDTH(WIDTH),
    .USER_WIDTH(USER_WIDTH)
) u_dut (
    .clk(clk),
    .rst(rst),
    .load(load),
    .load_data(load_data),
    .load_user(load_user),
    .free(free),
    .m_axis_tdata(m_data),
    .m_axis_tuser(m_user),
    .m_axis_tvalid(m_valid),
    .m_axis_tready(m_ready)
);

// the environment: a core loads only while the register is free
always @(*) begin
    if (!free) begin
        assume(!load);
    end
end

// the design: an AXI4-Stream source on m_axis ({tuser, tdata}), rule 5's idle data, cleared by
// a reset
axis_source_props #(
    .WIDTH(BW),
    .USER_BITS(USER_WIDTH),
    .ZERO_IDLE(2),
    .RESET_CLEARS(1)
) u_m_axis (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .tvalid(m_valid),
    .tready(m_ready),
    .tdata({m_user, m_data})
);

axis_block_count_props #(
    .CAPACITY(1),
    .CW(CW)
) u_blocks (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .in_fire(load),
    .out_fire(out_fire),
    .held(held)
);

axis_chosen_block_props #(
    .WIDTH(BW),
    .CW(CW)
) u_chosen (
    .clk(clk),
    .rst(rst),
    .armed(armed),
    .pick(pick),
    .in_fire(load),
    .in_data({load_user, load_data}),
    .out_fire(out_fire),
    .out_data({m_user, m_data}),
    .held(held),
    .inside(inside),
    .ahead0(ahead0),
    .ahead1(ahead1),
    .value0(value0),
    .value1(value1)
);

// ---- the register's own rules ----
reg          f_loaded = 1'b0;       // a load at the last edge (and no reset)
reg [BW-1:0] f_block = {BW{1'b0}};  // its {tuser, tdata}
reg          f_fire = 1'b0;         // a transfer and a load at the last edge

always @(posedge clk) begin : p_history
    f_loaded <= load && !rst;
    f_block <= {load_user, load_data};
    f_fire <= out_fire && load && !rst;
end

always @(*) begin
    if (armed) begin
        // free: empty, or its block leaves now (the cores' ready conditions count on it)
        outreg_free: assert(free == (!m_valid || m_ready));
        // a block loaded is offered in the next cycle, with its data and tuser
        if (f_loaded) begin
            outreg_next: assert(m_valid && {m_user, m_data} == f_block);
        end
        outreg_held: assert(held == {{(CW - 1){1'b0}}, m_valid});
    end
end

// not vacuous: a block leaves and the next one is loaded at the same edge
always @(*) begin
    if (armed && !rst) begin
        outreg_back_to_back: cover(f_fire && m_valid);
    end
end

endmodule

`resetall
