// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal top of the bus wrappers' register block (bounded model check from reset): two copies
// of cc_regs side by side get the same requests and the same core, except for the data of
// writes to KEY words (the secret: free in each copy). Every output towards the bus (the
// response, its data, irq) must be equal in both: no read, refused or not, and no status
// returns a key bit. cc_regs's own FORMAL assertion (regs_key_wiped) checks both copies: KEY
// and KEYLEN are zero after the core's key handshake. The core is abstract: its handshakes
// and results are free, the same for both copies (its ciphertext is what a read may return).
// Proofs and what they cover: docs/interface.md, "What is proven".
module cc_regs_formal #(
    parameter integer BLOCK_BITS = 8,
    parameter integer KEY_BITS = 40,
    parameter integer IV_PORT = 1,
    parameter integer OFIFO_LOG2 = 1
) (
    input wire clk
);

wire                  rst;
wire                  armed;
(* anyseq *) wire     req_valid;
(* anyseq *) wire     req_write;
(* anyseq *) wire [7:0]  req_addr;
(* anyseq *) wire [31:0] req_wdata_a;
(* anyseq *) wire [31:0] req_wdata_b;
(* anyseq *) wire     req_bad;
(* anyseq *) wire     m_key_tready;
(* anyseq *) wire     m_iv_tready;
(* anyseq *) wire     m_axis_tready;
(* anyseq *) wire [BLOCK_BITS-1:0] s_axis_tdata;
(* anyseq *) wire     s_axis_tuser;
(* anyseq *) wire     s_axis_tvalid;

wire        rsp_valid_a, rsp_err_a, irq_a, rsp_valid_b, rsp_err_b, irq_b;
wire [31:0] rsp_rdata_a, rsp_rdata_b;
wire        core_rst_a, key_valid_a, iv_valid_a, in_valid_a, out_ready_a;
wire        core_rst_b, key_valid_b, iv_valid_b, in_valid_b, out_ready_b;

formal_reset u_reset (
    .clk(clk),
    .rst(rst),
    .armed(armed)
);

// the bridges issue one access at a time, answered on the next cycle
reg f_prev_req = 1'b0;
always @(posedge clk) begin : p_prev
    f_prev_req <= req_valid && !rst;
end

wire key_word = req_addr >= 8'h80;
always @(*) begin
    assume(!(req_valid && f_prev_req));
    if (!(req_valid && req_write && key_word)) begin
        assume(req_wdata_a == req_wdata_b);
    end
end

cc_regs #(
    .BLOCK_BITS(BLOCK_BITS),
    .KEY_BITS(KEY_BITS),
    .TLEN_BITS(0),
    .IV_PORT(IV_PORT),
    .OFIFO_LOG2(OFIFO_LOG2),
    .RESET_CYCLES(1)
) u_a (
    .clk(clk),
    .rst(rst),
    .req_valid(req_valid),
    .req_write(req_write),
    .req_addr(req_addr),
    .req_wdata(req_wdata_a),
    .req_bad(req_bad),
    .rsp_valid(rsp_valid_a),
    .rsp_err(rsp_err_a),
    .rsp_rdata(rsp_rdata_a),
    .irq(irq_a),
    .core_rst(core_rst_a),
    .m_key_tdata(),
    .m_key_tlen(),
    .m_key_tvalid(key_valid_a),
    .m_key_tready(m_key_tready),
    .m_iv_tdata(),
    .m_iv_tvalid(iv_valid_a),
    .m_iv_tready(m_iv_tready),
    .m_axis_tdata(),
    .m_axis_tuser(),
    .m_axis_tvalid(in_valid_a),
    .m_axis_tready(m_axis_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(out_ready_a)
);

cc_regs #(
    .BLOCK_BITS(BLOCK_BITS),
    .KEY_BITS(KEY_BITS),
    .TLEN_BITS(0),
    .IV_PORT(IV_PORT),
    .OFIFO_LOG2(OFIFO_LOG2),
    .RESET_CYCLES(1)
) u_b (
    .clk(clk),
    .rst(rst),
    .req_valid(req_valid),
    .req_write(req_write),
    .req_addr(req_addr),
    .req_wdata(req_wdata_b),
    .req_bad(req_bad),
    .rsp_valid(rsp_valid_b),
    .rsp_err(rsp_err_b),
    .rsp_rdata(rsp_rdata_b),
    .irq(irq_b),
    .core_rst(core_rst_b),
    .m_key_tdata(),
    .m_key_tlen(),
    .m_key_tvalid(key_valid_b),
    .m_key_tready(m_key_tready),
    .m_iv_tdata(),
    .m_iv_tvalid(iv_valid_b),
    .m_iv_tready(m_iv_tready),
    .m_axis_tdata(),
    .m_axis_tuser(),
    .m_axis_tvalid(in_valid_b),
    .m_axis_tready(m_axis_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(out_ready_b)
);

always @(*) begin
    if (armed) begin
        // no key bit reaches the bus: every response, its data and irq are the same whatever
        // was written to KEY (and so is every handshake towards the core)
        regs_no_key_read: assert(rsp_valid_a == rsp_valid_b && rsp_err_a == rsp_err_b
                                 && rsp_rdata_a == rsp_rdata_b && irq_a == irq_b);
        regs_same_control: assert(core_rst_a == core_rst_b && key_valid_a == key_valid_b
                                  && iv_valid_a == iv_valid_b && in_valid_a == in_valid_b
                                  && out_ready_a == out_ready_b);
    end
end

// not vacuous: a key written (different in the copies) and taken by the core, and a read of a
// KEY word answered
reg f_key_differs = 1'b0;
reg f_key_read = 1'b0;
always @(posedge clk) begin : p_cover
    f_key_read <= req_valid && !req_write && key_word && !rst;
    if (rst) begin
        f_key_differs <= 1'b0;
    end else if (req_valid && req_write && key_word && req_wdata_a != req_wdata_b
                 && !rsp_err_a) begin
        f_key_differs <= 1'b1;
    end
end

always @(*) begin
    if (armed && !rst) begin
        regs_key_taken: cover(f_key_differs && key_valid_a && m_key_tready);
        regs_key_read: cover(f_key_differs && f_key_read && rsp_valid_a && rsp_err_a);
    end
end

endmodule

`resetall
