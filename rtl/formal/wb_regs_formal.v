// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of the Wishbone B4 classic wrapper (bounded model check from reset):
// wb_regs_bridge in front of cc_regs, an abstract core behind it (free handshakes and
// results), a master free in every cycle (it may drop cyc or stb before the answer).
// Checked: ack or err only inside a cycle with cyc and stb, never both; exactly one per
// strobe: an access still strobed in the cycle after it was taken is answered then, and no
// answer comes in a cycle that does not follow a strobed, unanswered one (so none twice); err
// for a write with partial selects and for a read of a KEY word (data zero), ack and the ID
// value for a read of ID.
// Proofs and what they cover: docs/interface.md, "What is proven".
module wb_regs_formal (
    input wire clk
);

wire rst;
wire armed;
(* anyseq *) wire [5:0]  wb_adr;
(* anyseq *) wire [31:0] wb_dat_w;
wire [31:0]              wb_dat_r;
(* anyseq *) wire [3:0]  wb_sel;
(* anyseq *) wire        wb_we;
(* anyseq *) wire        wb_cyc;
(* anyseq *) wire        wb_stb;
wire                     wb_ack;
wire                     wb_err;
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

wb_regs_bridge u_bridge (
    .clk(clk),
    .rst(rst),
    .wb_adr_i(wb_adr),
    .wb_dat_i(wb_dat_w),
    .wb_dat_o(wb_dat_r),
    .wb_sel_i(wb_sel),
    .wb_we_i(wb_we),
    .wb_cyc_i(wb_cyc),
    .wb_stb_i(wb_stb),
    .wb_ack_o(wb_ack),
    .wb_err_o(wb_err),
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

// the previous cycle: strobed and unanswered (outside a reset), and what it asked
wire       strobe = wb_cyc && wb_stb;
wire       answer = wb_ack || wb_err;
reg        f_wait = 1'b0;
reg        f_same = 1'b0;
reg [5:0]  f_adr = 6'd0;
reg        f_we = 1'b0;
reg [3:0]  f_sel = 4'd0;
always @(posedge clk) begin : p_prev
    f_wait <= strobe && !answer && !rst;
    f_adr <= wb_adr;
    f_we <= wb_we;
    f_sel <= wb_sel;
end

// the same access as in the previous cycle (a master holds it until the answer)
always @(*) begin
    f_same = f_wait && strobe && wb_adr == f_adr && wb_we == f_we && wb_sel == f_sel;
end

always @(*) begin
    if (armed && !rst) begin
        wb_ack_in_cycle: assert(!answer || strobe);
        wb_ack_or_err: assert(!(wb_ack && wb_err));
        // exactly one answer per strobe: in the cycle after it was taken, and only then
        wb_ack_once: assert(!answer || f_wait);
        if (f_wait && strobe) begin
            wb_ack_next: assert(answer);
        end
        // err where docs/bus.md says (these cases), ack and the value for a read of ID
        if (f_same && answer) begin
            if (f_we && f_sel != 4'hf) begin
                wb_err_partial: assert(wb_err);
            end
            if (!f_we && f_adr >= 6'h20 && f_adr < 6'h30) begin
                wb_err_key_read: assert(wb_err && wb_dat_r == 32'd0);
            end
            if (!f_we && f_adr == 6'h00) begin
                wb_ack_id: assert(wb_ack && wb_dat_r == 32'h63630001);
            end
        end
    end
end

// not vacuous: back-to-back accesses answered, a refused one, a read of ID
reg f_answered = 1'b0;
reg f_b2b = 1'b0;
always @(posedge clk) begin : p_cover
    f_answered <= answer && !rst;
    f_b2b <= f_answered && strobe && !answer && !rst;
end

always @(*) begin
    if (armed && !rst) begin
        wb_cover_back_to_back: cover(f_b2b && wb_ack);
        wb_cover_err: cover(f_same && wb_err && f_we);
        wb_cover_id: cover(f_same && wb_ack && !f_we && f_adr == 6'h00);
    end
end

endmodule

`resetall
