// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of the AXI4-Lite wrapper (bounded model check from reset): axil_regs_bridge in
// front of cc_regs, an abstract core behind it (free handshakes and results), a master that
// drives AW, W and AR as AXI sources (assumed) and BREADY, RREADY freely. Checked: AW and W
// are taken independently (each whenever no write is outstanding, whatever the other
// channel does), AR whenever no read is; one B per write (an AW and a W) and one R per read,
// never unasked; B and R held until taken; SLVERR where docs/bus.md says, for a write with
// partial strobes, a misaligned address, a write to ID and a read of a KEY word (whose data
// is zero), OKAY for an aligned full write of IRQ_EN and a read of ID (its value).
// Proofs and what they cover: docs/interface.md, "What is proven".
module axil_regs_formal (
    input wire clk
);

localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;

wire rst;
wire armed;
(* anyseq *) wire [7:0]  awaddr;
(* anyseq *) wire        awvalid;
wire                     awready;
(* anyseq *) wire [31:0] wdata;
(* anyseq *) wire [3:0]  wstrb;
(* anyseq *) wire        wvalid;
wire                     wready;
wire [1:0]               bresp;
wire                     bvalid;
(* anyseq *) wire        bready;
(* anyseq *) wire [7:0]  araddr;
(* anyseq *) wire        arvalid;
wire                     arready;
wire [31:0]              rdata;
wire [1:0]               rresp;
wire                     rvalid;
(* anyseq *) wire        rready;
wire        req_valid, req_write, req_bad, rsp_valid, rsp_err;
wire [7:0]  req_addr;
wire [31:0] req_wdata, rsp_rdata;
(* anyseq *) wire        m_key_tready;
(* anyseq *) wire        m_axis_tready;
(* anyseq *) wire [7:0]  s_axis_tdata;
(* anyseq *) wire        s_axis_tuser;
(* anyseq *) wire        s_axis_tvalid;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

axil_regs_bridge u_bridge (
    .clk(clk),
    .rst(rst),
    .s_axil_awaddr(awaddr),
    .s_axil_awvalid(awvalid),
    .s_axil_awready(awready),
    .s_axil_wdata(wdata),
    .s_axil_wstrb(wstrb),
    .s_axil_wvalid(wvalid),
    .s_axil_wready(wready),
    .s_axil_bresp(bresp),
    .s_axil_bvalid(bvalid),
    .s_axil_bready(bready),
    .s_axil_araddr(araddr),
    .s_axil_arvalid(arvalid),
    .s_axil_arready(arready),
    .s_axil_rdata(rdata),
    .s_axil_rresp(rresp),
    .s_axil_rvalid(rvalid),
    .s_axil_rready(rready),
    .req_valid(req_valid),
    .req_write(req_write),
    .req_addr(req_addr),
    .req_wdata(req_wdata),
    .req_bad(req_bad),
    .rsp_valid(rsp_valid),
    .rsp_err(rsp_err),
    .rsp_rdata(rsp_rdata)
);

cc_regs #(
    .BLOCK_BITS(8),
    .KEY_BITS(40),
    .TLEN_BITS(0),
    .IV_PORT(0),
    .OFIFO_LOG2(1),
    .RESET_CYCLES(1)
) u_regs (
    .clk(clk),
    .rst(rst),
    .req_valid(req_valid),
    .req_write(req_write),
    .req_addr(req_addr),
    .req_wdata(req_wdata),
    .req_bad(req_bad),
    .rsp_valid(rsp_valid),
    .rsp_err(rsp_err),
    .rsp_rdata(rsp_rdata),
    .irq(),
    .core_rst(),
    .m_key_tdata(),
    .m_key_tlen(),
    .m_key_tvalid(),
    .m_key_tready(m_key_tready),
    .m_iv_tdata(),
    .m_iv_tvalid(),
    .m_iv_tready(1'b0),
    .m_axis_tdata(),
    .m_axis_tuser(),
    .m_axis_tvalid(),
    .m_axis_tready(m_axis_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready()
);

// the master's address and data channels follow the source rules (assumed); B and R, the
// slave's, are held until taken (asserted: source_held)
axis_source_props #(.WIDTH(8), .ASSUME(1)) u_aw (
    .clk(clk), .rst(rst), .armed(armed), .tvalid(awvalid), .tready(awready), .tdata(awaddr));
axis_source_props #(.WIDTH(36), .ASSUME(1)) u_w (
    .clk(clk), .rst(rst), .armed(armed), .tvalid(wvalid), .tready(wready),
    .tdata({wstrb, wdata}));
axis_source_props #(.WIDTH(8), .ASSUME(1)) u_ar (
    .clk(clk), .rst(rst), .armed(armed), .tvalid(arvalid), .tready(arready), .tdata(araddr));
axis_source_props #(.WIDTH(2), .ASSUME(0)) u_b (
    .clk(clk), .rst(rst), .armed(armed), .tvalid(bvalid), .tready(bready), .tdata(bresp));
axis_source_props #(.WIDTH(34), .ASSUME(0)) u_r (
    .clk(clk), .rst(rst), .armed(armed), .tvalid(rvalid), .tready(rready),
    .tdata({rresp, rdata}));

// handshakes counted since the last reset, and the last AW address, W strobe, AR address
reg [3:0] f_aw = 4'd0, f_w = 4'd0, f_b = 4'd0, f_ar = 4'd0, f_r = 4'd0;
reg [7:0] f_awaddr = 8'd0, f_araddr = 8'd0;
reg [3:0] f_wstrb = 4'd0;
always @(posedge clk) begin : p_count
    if (rst) begin
        f_aw <= 4'd0;
        f_w <= 4'd0;
        f_b <= 4'd0;
        f_ar <= 4'd0;
        f_r <= 4'd0;
    end else begin
        if (awvalid && awready) begin
            f_aw <= f_aw + 4'd1;
            f_awaddr <= awaddr;
        end
        if (wvalid && wready) begin
            f_w <= f_w + 4'd1;
            f_wstrb <= wstrb;
        end
        if (arvalid && arready) begin
            f_ar <= f_ar + 4'd1;
            f_araddr <= araddr;
        end
        if (bvalid && bready) f_b <= f_b + 4'd1;
        if (rvalid && rready) f_r <= f_r + 4'd1;
    end
end

// the counters stay small within the bounded depth
always @(*) begin
    assume(f_aw != 4'hf && f_w != 4'hf && f_ar != 4'hf);
end

wire [3:0] f_writes = (f_aw < f_w) ? f_aw : f_w;   // AW and W paired
// exactly one write (one read) outstanding: the last AW, W (AR) are its
wire f_one_write = (f_aw == f_b + 4'd1) && (f_w == f_b + 4'd1);
wire f_one_read = (f_ar == f_r + 4'd1);
wire f_key_word = f_araddr >= 8'h80 && f_araddr < 8'hc0;

always @(*) begin
    if (armed && !rst) begin
        // AW and W independent: each taken whenever no write is outstanding; AR likewise
        if (f_aw == f_b) begin
            axil_aw_free: assert(awready);
        end
        if (f_w == f_b) begin
            axil_w_free: assert(wready);
        end
        if (f_ar == f_r) begin
            axil_ar_free: assert(arready);
        end
        // one B per write and one R per read, never unasked
        if (bvalid) begin
            axil_b_asked: assert(f_b < f_writes);
        end
        if (rvalid) begin
            axil_r_asked: assert(f_r < f_ar);
        end
        // SLVERR exactly where docs/bus.md says (the cases below)
        if (bvalid && f_one_write) begin
            if (f_wstrb != 4'hf || f_awaddr[1:0] != 2'b00 || f_awaddr == 8'h00) begin
                axil_write_slverr: assert(bresp == SLVERR);
            end
            if (f_wstrb == 4'hf && f_awaddr == 8'h10) begin
                axil_write_okay: assert(bresp == OKAY);
            end
        end
        if (rvalid && f_one_read) begin
            if (f_araddr[1:0] != 2'b00 || f_key_word) begin
                axil_read_slverr: assert(rresp == SLVERR && rdata == 32'd0);
            end
            if (f_araddr == 8'h00) begin
                axil_read_okay: assert(rresp == OKAY && rdata == 32'h63630001);
            end
        end
    end
end

// not vacuous: a write with AW after W, one with W after AW, a refused partial write, a
// read of ID
reg f_w_first = 1'b0, f_aw_first = 1'b0;
always @(posedge clk) begin : p_order
    f_w_first <= !rst && (f_w_first || (wvalid && wready && !awvalid && f_aw == f_b));
    f_aw_first <= !rst && (f_aw_first || (awvalid && awready && !wvalid && f_w == f_b));
end

always @(*) begin
    if (armed && !rst) begin
        axil_cover_w_first: cover(f_w_first && bvalid);
        axil_cover_aw_first: cover(f_aw_first && bvalid);
        axil_cover_partial: cover(bvalid && f_one_write && f_wstrb != 4'hf);
        axil_cover_id: cover(rvalid && f_one_read && f_araddr == 8'h00);
    end
end

endmodule

`resetall
