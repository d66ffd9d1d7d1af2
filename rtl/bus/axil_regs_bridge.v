// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AXI4-Lite slave in front of cc_regs: independent AW, W, B, AR and R channels, each with its
// own handshake and full back-pressure; one register access at a time, writes and reads taking
// turns. A misaligned address or a write strobe other than 4'b1111 is refused (SLVERR) with
// no effect, like every access cc_regs refuses. Rules and register map: docs/bus.md.
module axil_regs_bridge (
    input  wire        clk,
    input  wire        rst,

    // AXI4-Lite slave (byte addresses; 32-bit data)
    input  wire [7:0]  s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [7:0]  s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready,

    // to cc_regs
    output wire        req_valid,
    output wire        req_write,
    output wire [7:0]  req_addr,
    output wire [31:0] req_wdata,
    output wire        req_bad,
    input  wire        rsp_valid,
    input  wire        rsp_err,
    input  wire [31:0] rsp_rdata
);

localparam [1:0] RESP_OKAY = 2'b00, RESP_SLVERR = 2'b10;

reg        aw_full_reg, w_full_reg, ar_full_reg;
reg [7:0]  aw_addr_reg, ar_addr_reg;
reg [31:0] w_data_reg;
reg [3:0]  w_strb_reg;
reg        pend_reg, pend_write_reg, read_first_reg;
reg        bvalid_reg, rvalid_reg;
reg [1:0]  bresp_reg, rresp_reg;
reg [31:0] rdata_reg;

// an access goes to cc_regs when its channel(s) hold one and its response channel is free
wire wr_can = aw_full_reg && w_full_reg && !bvalid_reg && !pend_reg;
wire rd_can = ar_full_reg && !rvalid_reg && !pend_reg;
wire issue_wr = wr_can && !(rd_can && read_first_reg);
wire issue_rd = rd_can && !issue_wr;

assign s_axil_awready = !aw_full_reg;
assign s_axil_wready = !w_full_reg;
assign s_axil_arready = !ar_full_reg;
assign s_axil_bresp = bresp_reg;
assign s_axil_bvalid = bvalid_reg;
assign s_axil_rdata = rdata_reg;
assign s_axil_rresp = rresp_reg;
assign s_axil_rvalid = rvalid_reg;

assign req_valid = issue_wr || issue_rd;
assign req_write = issue_wr;
assign req_addr = issue_wr ? aw_addr_reg : ar_addr_reg;
assign req_wdata = w_data_reg;
assign req_bad = issue_wr && (w_strb_reg != 4'b1111);

always @(posedge clk) begin : p_channels
    if (s_axil_awvalid && s_axil_awready) begin
        aw_full_reg <= 1'b1;
        aw_addr_reg <= s_axil_awaddr;
    end
    if (s_axil_wvalid && s_axil_wready) begin
        w_full_reg <= 1'b1;
        w_data_reg <= s_axil_wdata;
        w_strb_reg <= s_axil_wstrb;
    end
    if (s_axil_arvalid && s_axil_arready) begin
        ar_full_reg <= 1'b1;
        ar_addr_reg <= s_axil_araddr;
    end
    if (issue_wr) begin
        aw_full_reg <= 1'b0;
        w_full_reg <= 1'b0;
        read_first_reg <= 1'b1;
    end
    if (issue_rd) begin
        ar_full_reg <= 1'b0;
        read_first_reg <= 1'b0;
    end
    if (req_valid) begin
        pend_reg <= 1'b1;
        pend_write_reg <= issue_wr;
    end
    if (s_axil_bvalid && s_axil_bready) bvalid_reg <= 1'b0;
    if (s_axil_rvalid && s_axil_rready) rvalid_reg <= 1'b0;
    if (rsp_valid && pend_reg) begin
        pend_reg <= 1'b0;
        if (pend_write_reg) begin
            bvalid_reg <= 1'b1;
            bresp_reg <= rsp_err ? RESP_SLVERR : RESP_OKAY;
        end else begin
            rvalid_reg <= 1'b1;
            rresp_reg <= rsp_err ? RESP_SLVERR : RESP_OKAY;
            rdata_reg <= rsp_rdata;
        end
    end
    if (rst) begin
        aw_full_reg <= 1'b0;
        w_full_reg <= 1'b0;
        ar_full_reg <= 1'b0;
        pend_reg <= 1'b0;
        read_first_reg <= 1'b0;
        bvalid_reg <= 1'b0;
        rvalid_reg <= 1'b0;
        bresp_reg <= RESP_OKAY;
        rresp_reg <= RESP_OKAY;
        rdata_reg <= 32'd0;
    end
end

endmodule

`resetall
