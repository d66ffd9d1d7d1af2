// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// GCM (SP 800-38D) around an AES core on the common interface, used in its encrypt direction:
// H = E_K(0) at every key load (and for the zero key after a reset), J0 from a 96-bit IV or
// through GHASH, counter blocks to the core, the keystream joined with the data in order, the
// AAD, ciphertext and lengths into a GHASH unit (GHASH_P = 0: ghash_ds, else ghash.v), then the
// tag (encrypt) or a pass/fail beat (decrypt): gcm_request, the side FIFO, gcm_join and
// gcm_tag_check wired here. Packets and bit positions: docs/interface.md ("GCM cores");
// design notes: docs/cores/notes/gcm_engine.md.
module gcm_engine #(
    // the side FIFO's RAM holds 2**DEPTH_LOG2 entries (more than the core's latency for a
    // pipelined core); GHASH_P != 0 needs DEPTH_LOG2 >= 2
    parameter integer DEPTH_LOG2 = 2,
    // GHASH unit: 0 the digit-serial ghash_ds; 1, 2, 4, 8 or 16 the P-stage ghash.v
    parameter integer GHASH_P = 0,
    // digit of ghash_ds's multiplier (GHASH_P = 0): 1, 2, 4, 8, 16, 32 or 64
    parameter integer DIGIT = 16
) (
    input  wire         clk,
    input  wire         rst,

    // key handshake (the key itself goes straight to the core)
    input  wire         s_key_tvalid,
    output wire         s_key_tready,
    output wire         c_key_tvalid,
    input  wire         c_key_tready,

    // IV packet: first byte in bits 127:120, tkeep[15] its keep bit
    input  wire [127:0] s_iv_tdata,
    input  wire [15:0]  s_iv_tkeep,
    input  wire         s_iv_tlast,
    input  wire         s_iv_tvalid,
    output wire         s_iv_tready,

    // message packets; tuser[0] direction (1 decrypt), tuser[2:1] 0 AAD, 1 data, 2 tag
    input  wire [127:0] s_axis_tdata,
    input  wire [15:0]  s_axis_tkeep,
    input  wire         s_axis_tlast,
    input  wire [2:0]   s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    // data, then the tag or the verdict; tuser[0] direction, tuser[2:1] 1 data, 2 tag, 3 verdict
    output wire [127:0] m_axis_tdata,
    output wire [15:0]  m_axis_tkeep,
    output wire         m_axis_tlast,
    output wire [2:0]   m_axis_tuser,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,

    // to the core's s_axis (always encrypt)
    output wire [127:0] c_in_tdata,
    output wire         c_in_tuser,
    output wire         c_in_tvalid,
    input  wire         c_in_tready,

    // from the core's m_axis
    input  wire [127:0] c_out_tdata,
    input  wire         c_out_tuser,
    input  wire         c_out_tvalid,
    output wire         c_out_tready
);

// the side entry, one per H, J0, IV, AAD, data and tag beat: its fields and their places,
// for the packing of gcm_request's entry and the unpacking of the head for gcm_join below
localparam integer F_BLOCK = 0;                  // [127:0] tdata, unkept bytes zero
localparam integer F_KEEP = F_BLOCK + 128;       // [15:0] tkeep
localparam integer F_BYTES = F_KEEP + 16;        // [4:0] bytes kept
localparam integer F_HAS = F_BYTES + 5;          // a byte kept
localparam integer F_LAST = F_HAS + 1;           // tlast
localparam integer F_DIR = F_LAST + 1;           // direction (1 decrypt)
localparam integer F_KIND = F_DIR + 1;           // [5:0] one flag per kind, in this order:
localparam integer K_H = 0, K_J0 = 1, K_IV = 2, K_AAD = 3, K_DATA = 4, K_TAG = 5;
localparam integer EW = F_KIND + 6;

initial begin
    if (DEPTH_LOG2 < (GHASH_P != 0 ? 2 : 1) || DEPTH_LOG2 > 10) begin
        $error("gcm_engine %m: DEPTH_LOG2=%0d out of %0d..10", DEPTH_LOG2,
               (GHASH_P != 0) ? 2 : 1);
        $finish;
    end
    if (GHASH_P != 0 && GHASH_P != 1 && GHASH_P != 2 && GHASH_P != 4 && GHASH_P != 8
        && GHASH_P != 16) begin
        $error("gcm_engine %m: GHASH_P=%0d must be 0 (digit-serial), 1, 2, 4, 8 or 16",
               GHASH_P);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// request side (gcm_request): key and IV loads, counter blocks to the core, side entries
// ---------------------------------------------------------------------------------------
wire          side_credit;   // room for an entry (a register)
wire          side_wiping;
wire          push;
wire [EW-1:0] push_entry;
wire [127:0]  j0_tdata;
wire          j0_tvalid;
wire          j0_tready;

gcm_request u_request (
    .clk(clk),
    .rst(rst),
    .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .c_key_tvalid(c_key_tvalid),
    .c_key_tready(c_key_tready),
    .s_iv_tdata(s_iv_tdata),
    .s_iv_tkeep(s_iv_tkeep),
    .s_iv_tlast(s_iv_tlast),
    .s_iv_tvalid(s_iv_tvalid),
    .s_iv_tready(s_iv_tready),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tlast(s_axis_tlast),
    .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .c_in_tdata(c_in_tdata),
    .c_in_tuser(c_in_tuser),
    .c_in_tvalid(c_in_tvalid),
    .c_in_tready(c_in_tready),
    .j0_tdata(j0_tdata),
    .j0_tvalid(j0_tvalid),
    .j0_tready(j0_tready),
    .e_room(side_credit),
    .e_push(push),
    .e_is_h(push_entry[F_KIND + K_H]),
    .e_is_j0(push_entry[F_KIND + K_J0]),
    .e_is_iv(push_entry[F_KIND + K_IV]),
    .e_is_aad(push_entry[F_KIND + K_AAD]),
    .e_is_data(push_entry[F_KIND + K_DATA]),
    .e_is_tag(push_entry[F_KIND + K_TAG]),
    .e_dir(push_entry[F_DIR]),
    .e_last(push_entry[F_LAST]),
    .e_has(push_entry[F_HAS]),
    .e_bytes(push_entry[F_BYTES +: 5]),
    .e_keep(push_entry[F_KEEP +: 16]),
    .e_block(push_entry[F_BLOCK +: 128])
);

// ---------------------------------------------------------------------------------------
// The side FIFO: with ghash_ds (an iterative core) a few entries in LUT RAM, read without a
// register (axis_lut_fifo, whose room flag is a register: the full flag reaches c_in_tvalid
// and the core's enables from a flip-flop); with ghash.v (a pipeline) one of the cores'
// output FIFOs, its block RAM read through registers (four cycles; a credit is room for one
// entry). Either feeds the head's register slice.
// ---------------------------------------------------------------------------------------
wire [EW-1:0] fifo_data;
wire          fifo_valid;
wire          fifo_ready;
generate
    if (GHASH_P == 0) begin : g_side_lut
        axis_lut_fifo #(
            .WIDTH(EW),
            .DEPTH_LOG2(DEPTH_LOG2)
        ) u_side (
            .clk(clk),
            .rst(rst),
            .s_data(push_entry),
            .s_valid(push),
            .s_ready(side_credit),
            .m_data(fifo_data),
            .m_valid(fifo_valid),
            .m_ready(fifo_ready)
        );
        assign side_wiping = 1'b0;
    end else begin : g_side_bram
        // the entry reaches the block RAM a cycle after its push, from registers: the push
        // depends on the core's s_axis_tready (its key pre-pass, its credit), which then ends
        // here rather than at the RAM's write port; its credit is taken at the push (the FIFO
        // takes entries a fixed time after their reservation, as a pipeline's results)
        reg          push_q;
        reg [EW-1:0] entry_q;
        always @(posedge clk) begin : p_push_q
            push_q <= push;
            entry_q <= push_entry;
            if (rst) begin
                push_q <= 1'b0;
            end
        end
        axis_credit_fifo_piped #(
            .WIDTH(EW),
            .DEPTH_LOG2(DEPTH_LOG2)
        ) u_side (
            .clk(clk),
            .rst(rst),
            .reserve(push),
            .credit(side_credit),
            .wiping(side_wiping),
            .s_data(entry_q),
            .s_valid(push_q),
            .m_data(fifo_data),
            .m_valid(fifo_valid),
            .m_ready(fifo_ready)
        );
    end
endgenerate

// the head and the core's results each from a register, so the join's decisions start at
// flip-flops. With an iterative core (GHASH_P = 0) plain registers: the head's loads whenever
// it is empty or its entry leaves (the FIFO's read needs no register of its own), and the
// core's result register takes a block only while it is empty (its ready a register: no path
// from the engine's state into the core's enables; a block a cycle is not needed at the
// core's interval). Their data registers have an enable and no multiplexer, and hold their
// last entry while empty (the join looks at them only while valid). With a pipelined core,
// register slices (axis_reg_slice): one beat a cycle with every ready from a register.
wire [EW-1:0] head;        // the oldest entry (valid while head_valid)
wire          head_valid;
wire          pop;         // the head leaves this cycle
wire [127:0]  k_tdata;     // the core's result (keystream, H, E_K(J0)), a cycle later
wire          k_tvalid;
wire          k_tready;

generate
    if (GHASH_P == 0) begin : g_regs_iter
        reg [EW-1:0] head_reg;
        reg          head_valid_reg;
        reg [127:0]  k_reg;
        reg          k_valid_reg;
        wire         head_load = !head_valid_reg || pop;
        wire         k_load = c_out_tvalid && !k_valid_reg;
        assign fifo_ready = head_load;
        assign head = head_reg;
        assign head_valid = head_valid_reg;
        assign c_out_tready = !k_valid_reg;
        assign k_tdata = k_reg;
        assign k_tvalid = k_valid_reg;
        always @(posedge clk) begin : p_regs
            if (head_load) begin
                head_reg <= fifo_data;
                head_valid_reg <= fifo_valid;
            end
            if (k_load) begin
                k_reg <= c_out_tdata;
            end
            k_valid_reg <= k_valid_reg ? !k_tready : c_out_tvalid;
            if (rst) begin
                head_reg <= {EW{1'b0}};
                head_valid_reg <= 1'b0;
                k_reg <= 128'd0;
                k_valid_reg <= 1'b0;
            end
        end
    end else begin : g_regs_pipe
        axis_reg_slice #(
            .WIDTH(EW)
        ) u_head (
            .clk(clk),
            .rst(rst),
            .s_axis_tdata(fifo_data),
            .s_axis_tvalid(fifo_valid),
            .s_axis_tready(fifo_ready),
            .m_axis_tdata(head),
            .m_axis_tvalid(head_valid),
            .m_axis_tready(pop)
        );
        // the slice adds one cycle to a beat's latency
        axis_reg_slice #(
            .WIDTH(128)
        ) u_out_slice (
            .clk(clk),
            .rst(rst),
            .s_axis_tdata(c_out_tdata),
            .s_axis_tvalid(c_out_tvalid),
            .s_axis_tready(c_out_tready),
            .m_axis_tdata(k_tdata),
            .m_axis_tvalid(k_tvalid),
            .m_axis_tready(k_tready)
        );
    end
endgenerate

// ---------------------------------------------------------------------------------------
// GHASH unit
// ---------------------------------------------------------------------------------------
wire [127:0] gh_h_tdata = k_tdata;
wire         gh_h_tvalid;
wire         gh_h_tready;
wire [127:0] gh_in_tdata;
wire         gh_in_tlast;
wire         gh_in_tvalid;
wire         gh_in_tready;
// GHASH takes a block without tlast (the head's, never offered beside H): on ghash.v a
// register, so the join's handshakes start at flip-flops
wire         gh_blk_ready;
wire [127:0] gh_out_tdata;
wire         gh_out_tvalid;
wire         gh_out_tready;

generate
    if (GHASH_P == 0) begin : g_ghash_ds
        ghash_ds #(
            .DIGIT(DIGIT)
        ) u_ghash (
            .clk(clk),
            .rst(rst),
            .s_h_tdata(gh_h_tdata),
            .s_h_tvalid(gh_h_tvalid),
            .s_h_tready(gh_h_tready),
            .s_axis_tdata(gh_in_tdata),
            .s_axis_tuser(1'b0),
            .s_axis_tlast(gh_in_tlast),
            .s_axis_tvalid(gh_in_tvalid),
            .s_axis_tready(gh_in_tready),
            .m_axis_tdata(gh_out_tdata),
            .m_axis_tvalid(gh_out_tvalid),
            .m_axis_tready(gh_out_tready)
        );
        assign gh_blk_ready = gh_in_tready;
    end else begin : g_ghash_agg
        ghash #(
            .P(GHASH_P)
        ) u_ghash (
            .clk(clk),
            .rst(rst),
            .s_h_tdata(gh_h_tdata),
            .s_h_tvalid(gh_h_tvalid),
            .s_h_tready(gh_h_tready),
            .s_axis_tdata(gh_in_tdata),
            .s_axis_tuser(1'b0),
            .s_axis_tlast(gh_in_tlast),
            .s_axis_tvalid(gh_in_tvalid),
            .s_axis_tready(gh_in_tready),
            .s_axis_tready_blk(gh_blk_ready),
            .m_axis_tdata(gh_out_tdata),
            .m_axis_tvalid(gh_out_tvalid),
            .m_axis_tready(gh_out_tready)
        );
    end
endgenerate

// ---------------------------------------------------------------------------------------
// join (gcm_join) and tag check (gcm_tag_check)
// ---------------------------------------------------------------------------------------
wire         ekj0_load;
wire         tag_take;
wire         tag_compare;
wire         tag_clear;
wire [127:0] tag_tdata;
wire         tag_match;
wire [127:0] o_tdata;
wire         o_blank;    // a verdict: the data's bits but 120 zeroed
wire [15:0]  o_tkeep;
wire         o_tlast;
wire [2:0]   o_tuser;
wire         o_tvalid;
wire         o_tready;   // the output slice takes a beat (a register: its skid is free)

gcm_join u_join (
    .clk(clk),
    .rst(rst),
    .h_valid(head_valid),
    .h_pop(pop),
    .h_is_h(head[F_KIND + K_H]),
    .h_is_j0(head[F_KIND + K_J0]),
    .h_is_iv(head[F_KIND + K_IV]),
    .h_is_aad(head[F_KIND + K_AAD]),
    .h_is_data(head[F_KIND + K_DATA]),
    .h_is_tag(head[F_KIND + K_TAG]),
    .h_dir(head[F_DIR]),
    .h_last(head[F_LAST]),
    .h_has(head[F_HAS]),
    .h_bytes(head[F_BYTES +: 5]),
    .h_keep(head[F_KEEP +: 16]),
    .h_block(head[F_BLOCK +: 128]),
    .k_tdata(k_tdata),
    .k_tvalid(k_tvalid),
    .k_tready(k_tready),
    .gh_h_tvalid(gh_h_tvalid),
    .gh_h_tready(gh_h_tready),
    .gh_in_tdata(gh_in_tdata),
    .gh_in_tlast(gh_in_tlast),
    .gh_in_tvalid(gh_in_tvalid),
    .gh_in_tready(gh_in_tready),
    .gh_blk_ready(gh_blk_ready),
    .gh_out_tdata(gh_out_tdata),
    .gh_out_tvalid(gh_out_tvalid),
    .gh_out_tready(gh_out_tready),
    .j0_tdata(j0_tdata),
    .j0_tvalid(j0_tvalid),
    .j0_tready(j0_tready),
    .ekj0_load(ekj0_load),
    .tag_take(tag_take),
    .tag_compare(tag_compare),
    .tag_clear(tag_clear),
    .tag_tdata(tag_tdata),
    .tag_match(tag_match),
    .o_tdata(o_tdata),
    .o_blank(o_blank),
    .o_tkeep(o_tkeep),
    .o_tlast(o_tlast),
    .o_tuser(o_tuser),
    .o_tvalid(o_tvalid),
    .o_tready(o_tready)
);

// the expected tag is the head's block, its length the head's tkeep
gcm_tag_check u_tag (
    .clk(clk),
    .rst(rst),
    .ekj0_load(ekj0_load),
    .ekj0_tdata(k_tdata),
    .take(tag_take),
    .compare(tag_compare),
    .hash_tdata(gh_out_tdata),
    .expect_tdata(head[F_BLOCK +: 128]),
    .expect_tkeep(head[F_KEEP +: 16]),
    .clear(tag_clear),
    .tag(tag_tdata),
    .match(tag_match)
);

// the output from a register: m_axis_tready reaches nothing but the output stage. A verdict
// beat (o_blank) has its data zeroed there but bit 120, the verdict (the join's data then
// holds the tag check's difference, which must not leave). With an iterative core
// (GHASH_P = 0) one register, free for the join only while it is empty (a register: a beat
// every other cycle at most, far above the core's rate); its data loads with an enable and no
// multiplexer, and a beat taken with no new one behind it zeroes it (every m_axis port zero
// while m_axis_tvalid is low), as does a verdict the data's other bits, all through the
// flip-flops' synchronous reset. With a pipelined core a register slice.
localparam [127:0] VERDICT_BIT = 128'd1 << 120;
generate
    if (GHASH_P == 0) begin : g_out_iter
        reg [127:0] m_data_reg;
        reg [19:0]  m_side_reg;    // tkeep, tlast, tuser
        reg         m_valid_reg;
        // zero the output (a reset, or the beat leaves and no other comes), and the data but
        // the verdict's bit for a verdict
        wire        m_zero = rst || (m_axis_tready && !o_tvalid);
        wire        m_blank = m_zero || o_blank;
        integer     i;
        assign o_tready = !m_valid_reg;
        assign m_axis_tdata = m_data_reg;
        assign {m_axis_tkeep, m_axis_tlast, m_axis_tuser} = m_side_reg;
        assign m_axis_tvalid = m_valid_reg;
        always @(posedge clk) begin : p_out
            for (i = 0; i < 128; i = i + 1) begin
                if (VERDICT_BIT[i] ? m_zero : m_blank) begin
                    m_data_reg[i] <= 1'b0;
                end else if (o_tvalid) begin
                    m_data_reg[i] <= o_tdata[i];
                end
            end
            if (m_zero) begin
                m_side_reg <= 20'd0;
            end else if (o_tvalid) begin
                m_side_reg <= {o_tkeep, o_tlast, o_tuser};
            end
            m_valid_reg <= o_tvalid || (m_valid_reg && !m_axis_tready);
            if (rst) begin
                m_valid_reg <= 1'b0;
            end
        end
    end else begin : g_out_pipe
        axis_reg_slice #(
            .WIDTH(128 + 16 + 1 + 3)
        ) u_m_slice (
            .clk(clk),
            .rst(rst),
            .s_axis_tdata({o_tdata & ~({128{o_blank}} & ~VERDICT_BIT), o_tkeep, o_tlast,
                           o_tuser}),
            .s_axis_tvalid(o_tvalid),
            .s_axis_tready(o_tready),
            .m_axis_tdata({m_axis_tdata, m_axis_tkeep, m_axis_tlast, m_axis_tuser}),
            .m_axis_tvalid(m_axis_tvalid),
            .m_axis_tready(m_axis_tready)
        );
    end
endgenerate

// the core's direction bit comes back with each block (always encrypt here); the side
// FIFO's wipe shows in its credit
wire unused_ok = &{1'b0, c_out_tuser, side_wiping};

endmodule

`resetall
