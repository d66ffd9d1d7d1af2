// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// GCM (SP 800-38D) around an AES core on the common interface, used in its encrypt direction:
// H = E_K(0) at every key load (and for the zero key after a reset), J0 from a 96-bit IV or
// through GHASH, counter blocks to the core, the keystream joined with the data in order, the
// AAD, ciphertext and lengths into a GHASH unit (GHASH_P = 0: ghash_ds, else ghash.v), then the
// tag (encrypt) or a pass/fail beat (decrypt). Packets and bit positions: docs/interface.md
// ("GCM cores"); design notes: docs/cores/notes/gcm_engine.md.
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

// side entry: {kind[2:0], dir, last, has (keep nonzero), bytes[4:0] (kept), keep[15:0],
// data[127:0]}: what the join needs of keep is worked out as the entry is written
localparam integer EW = 155;
localparam integer LW = 36;   // byte counters: 2^36 - 1 bytes of AAD, of data, of IV

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

// side entry kinds
localparam [2:0] K_H = 3'd0, K_J0 = 3'd1, K_AAD = 3'd2, K_DATA = 3'd3, K_TAG = 3'd4,
                 K_IV = 3'd5;
// request side states
localparam [3:0] R_HREQ = 4'd0, R_IDLE = 4'd1, R_IV = 4'd2, R_IVWAIT = 4'd3, R_J0 = 4'd4,
                 R_AAD = 4'd5, R_DATA = 4'd6, R_TAG = 4'd7;
// join side states
localparam [2:0] J_RUN = 3'd0, J_LEN = 3'd1, J_FIN = 3'd2, J_IVFIN = 3'd3, J_OUT = 3'd4;

// keep bit i -> byte i of tdata (bits 8i+7:8i)
function [127:0] bytemask(input [15:0] keep);
    integer i;
    begin
        for (i = 0; i < 16; i = i + 1) begin
            bytemask[8 * i +: 8] = {8{keep[i]}};
        end
    end
endfunction

// bits set in a nibble, then in 16 bits (two levels of short adders, not a chain of 16)
function [2:0] count4(input [3:0] k);
    case (k)
        4'h0: count4 = 3'd0;
        4'h1, 4'h2, 4'h4, 4'h8: count4 = 3'd1;
        4'h7, 4'hb, 4'hd, 4'he: count4 = 3'd3;
        4'hf: count4 = 3'd4;
        default: count4 = 3'd2;
    endcase
endfunction

function [4:0] popcount(input [15:0] keep);
    begin
        popcount = ({2'd0, count4(keep[3:0])} + {2'd0, count4(keep[7:4])})
                   + ({2'd0, count4(keep[11:8])} + {2'd0, count4(keep[15:12])});
    end
endfunction

// ---------------------------------------------------------------------------------------
// side FIFO: one entry per H, J0, IV, AAD, data and tag beat, in order
// ---------------------------------------------------------------------------------------
wire                  side_credit;
wire                  side_wiping;
wire                  full = !side_credit;
reg                   push;        // an entry enters this cycle
reg  [EW-1:0]         push_entry;
wire [EW-1:0]         head;        // the oldest entry, zero while the FIFO is empty
wire                  head_valid;
wire                  empty = !head_valid;
wire                  pop;         // the head leaves this cycle

// ---------------------------------------------------------------------------------------
// request side: key and IV loads, counter blocks to the core, entries into the FIFO
// ---------------------------------------------------------------------------------------
reg  [3:0]   rq_reg;
reg          first_reg;    // the next beat is the message's first
reg          dir_reg;      // the message's direction (from its first beat)
reg  [127:0] ctr_reg;      // J0, then the counter block of the next data beat
reg  [127:0] j0_reg;       // J0 from GHASH (an IV other than 96 bits), for the request side
reg          j0_valid_reg;

wire beat_state = (rq_reg == R_AAD) || (rq_reg == R_DATA) || (rq_reg == R_TAG);
wire as_data = (rq_reg == R_DATA) || (rq_reg == R_AAD && first_reg
                                      && s_axis_tuser[2:1] == 2'b01);
wire beat_dir = first_reg ? s_axis_tuser[0] : dir_reg;

// a data beat waits for the core (even an empty one: tready does not depend on tkeep); on a
// message's first beat tready depends on tuser[2:1], the packet it opens
assign s_axis_tready = beat_state && !full && (!as_data || c_in_tready);
wire in_fire = s_axis_tvalid && s_axis_tready;

assign s_key_tready = c_key_tready && (rq_reg == R_IDLE);
assign c_key_tvalid = s_key_tvalid && (rq_reg == R_IDLE);
wire key_fire = s_key_tvalid && s_key_tready;

assign s_iv_tready = !full && ((rq_reg == R_IDLE && !s_key_tvalid) || rq_reg == R_IV);
wire iv_fire = s_iv_tvalid && s_iv_tready;
wire iv_direct = (rq_reg == R_IDLE) && s_iv_tlast && (s_iv_tkeep == 16'hfff0);

wire blk_req = (rq_reg == R_HREQ) || (rq_reg == R_J0);
assign c_in_tvalid = blk_req ? !full
                             : (s_axis_tvalid && beat_state && as_data && !full
                                && (s_axis_tkeep != 16'd0));
assign c_in_tdata = (rq_reg == R_HREQ) ? 128'd0 : ctr_reg;
assign c_in_tuser = 1'b0;
wire c_in_fire = c_in_tvalid && c_in_tready;
wire [127:0] ctr_inc = {ctr_reg[127:32], ctr_reg[31:0] + 32'd1};

// a side entry (the bytes masked by keep)
function [EW-1:0] entry(input [2:0] kind, input dir, input last, input [15:0] keep,
                        input [127:0] data);
    begin
        entry = {kind, dir, last, keep != 16'd0, popcount(keep), keep, data & bytemask(keep)};
    end
endfunction

// the entry pushed this cycle: its contents follow from the state alone (no handshake
// chooses them), the handshakes only say whether it is pushed
always @* begin : p_push
    push = (blk_req && c_in_fire) || (iv_fire && !iv_direct) || in_fire;
    if (blk_req) begin
        push_entry = entry((rq_reg == R_HREQ) ? K_H : K_J0, 1'b0, 1'b0, 16'd0, 128'd0);
    end else if (rq_reg == R_IDLE || rq_reg == R_IV) begin
        push_entry = entry(K_IV, 1'b0, s_iv_tlast, s_iv_tkeep, s_iv_tdata);
    end else begin
        push_entry = entry((rq_reg == R_TAG) ? K_TAG : (as_data ? K_DATA : K_AAD), beat_dir,
                           s_axis_tlast, s_axis_tkeep, s_axis_tdata);
    end
end

// The side FIFO: with ghash_ds (an iterative core) a few entries in LUT RAM, read without a
// register (axis_lut_fifo, whose room flag is a register); with ghash.v (a pipeline) one of the cores' output FIFOs, its block RAM read
// through registers (four cycles; a credit is room for one entry). Either feeds the head's
// register slice.
wire [EW-1:0] fifo_data;
wire          fifo_valid;
wire          fifo_ready;
generate
    if (GHASH_P == 0) begin : g_side_lut
        // s_ready is a register (axis_lut_fifo): the full flag reaches c_in_tvalid and the
        // core's enables from a flip-flop
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

// the head from a register slice: the join's decisions start at flip-flops, and its pop
// reaches only the slice's output enable
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

wire j0_take = (rq_reg == R_IVWAIT) && j0_valid_reg;

always @(posedge clk) begin : p_request
    if (key_fire) begin
        rq_reg <= R_HREQ;
    end
    case (rq_reg)
        R_HREQ: begin
            if (c_in_fire) begin
                rq_reg <= R_IDLE;
            end
        end
        R_IDLE, R_IV: begin
            if (iv_fire) begin
                if (iv_direct) begin
                    ctr_reg <= {s_iv_tdata[127:32], 32'd1};
                    rq_reg <= R_J0;
                end else begin
                    rq_reg <= s_iv_tlast ? R_IVWAIT : R_IV;
                end
            end
        end
        R_IVWAIT: begin
            if (j0_take) begin
                ctr_reg <= j0_reg;
                rq_reg <= R_J0;
            end
        end
        R_J0: begin
            if (c_in_fire) begin
                ctr_reg <= ctr_inc;
                first_reg <= 1'b1;
                rq_reg <= R_AAD;
            end
        end
        R_AAD, R_DATA: begin
            if (in_fire) begin
                first_reg <= 1'b0;
                if (first_reg) begin
                    dir_reg <= s_axis_tuser[0];
                end
                if (c_in_fire) begin
                    ctr_reg <= ctr_inc;
                end
                if (s_axis_tlast) begin
                    rq_reg <= !as_data ? R_DATA : (beat_dir ? R_TAG : R_IDLE);
                end else if (as_data) begin
                    rq_reg <= R_DATA;
                end
            end
        end
        R_TAG: begin
            if (in_fire) begin
                rq_reg <= R_IDLE;
            end
        end
        default: rq_reg <= R_IDLE;
    endcase
    if (rst) begin
        rq_reg <= R_HREQ;  // H of the zero key the core starts with
        first_reg <= 1'b0;
        dir_reg <= 1'b0;
        ctr_reg <= 128'd0;
    end
end

// ---------------------------------------------------------------------------------------
// the core's output through a register slice: the core's m_axis_tready is a register, so no
// path runs from the engine's state (side FIFO, GHASH, output) into the core's handshake and
// its enables; the slice adds one cycle to a beat's latency
// ---------------------------------------------------------------------------------------
wire [127:0] k_tdata;    // the core's result (keystream, H, E_K(J0)), a cycle later
wire         k_tvalid;
wire         k_tready;

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
// join side: the FIFO's head with the core's results, GHASH, the output register
// ---------------------------------------------------------------------------------------
reg  [2:0]    j_reg;
reg           j_iv_reg;      // the GHASH message under way is an IV's
reg           msg_dir_reg;   // direction of the message being finished
reg           bad_iv_reg;    // the message's IV was empty: no tag, the verdict fails
reg  [127:0]  ekj0_reg;      // E_K(J0)
reg  [LW-1:0] alen_reg;      // AAD bytes so far
reg  [LW-1:0] clen_reg;      // data (or IV) bytes so far
wire          out_free;      // the output slice takes a beat (a register: its skid is free)

wire [2:0]    h_kind = head[154:152];
wire          h_dir = head[151];
wire          h_last = head[150];
wire          h_has = head[149];
wire [LW-1:0] h_bytes = {{(LW - 5){1'b0}}, head[148:144]};
wire [15:0]   h_keep = head[143:128];
wire [127:0]  h_data = head[127:0];

wire run = (j_reg == J_RUN) && !empty;
wire [127:0] text = (h_data ^ k_tdata) & bytemask(h_keep);  // the data beat's output

// what the head needs, and its handshake
reg fire;
always @* begin : p_fire
    fire = 1'b0;
    if (run) begin
        case (h_kind)
            K_H:    fire = k_tvalid && gh_h_tready;
            K_J0:   fire = k_tvalid;
            K_AAD,
            K_IV:   fire = !h_has || gh_blk_ready;
            K_DATA: fire = out_free && (!h_has || (k_tvalid && gh_blk_ready));
            default: fire = 1'b0;  // a tag entry is taken in J_FIN
        endcase
    end
end

// J_FIN takes GHASH's result (and, to decrypt, the expected tag) into registers; J_OUT
// sends the tag or the verdict a cycle later, so the 128-bit comparison and the output
// choice are a register apart
wire fin_take = (j_reg == J_FIN) && gh_out_tvalid
                && (!msg_dir_reg || (!empty && h_kind == K_TAG));
wire fin_fire = (j_reg == J_OUT) && out_free;
wire ivfin_fire = (j_reg == J_IVFIN) && gh_out_tvalid && !j0_valid_reg;
assign pop = fire || (fin_take && msg_dir_reg);

assign k_tready = run && k_tvalid
                      && ((h_kind == K_H && gh_h_tready) || h_kind == K_J0
                          || (h_kind == K_DATA && h_has && out_free && gh_blk_ready));
assign gh_h_tvalid = run && h_kind == K_H && k_tvalid;
assign gh_in_tvalid = (j_reg == J_LEN)
                      || (run && h_has && (h_kind == K_AAD || h_kind == K_IV
                                           || (h_kind == K_DATA && k_tvalid && out_free)));
assign gh_in_tlast = (j_reg == J_LEN);
assign gh_in_tdata = (j_reg == J_LEN) ? {{(64 - LW - 3){1'b0}}, alen_reg, 3'd0,
                                         {(64 - LW - 3){1'b0}}, clen_reg, 3'd0}
                   : (h_kind == K_DATA && !h_dir) ? text : h_data;
assign gh_out_tready = fin_take || ivfin_fire;

// the tag and its check against the expected tag (its length from its tkeep): the bytes
// that differ and whether the length is allowed, into registers in J_FIN
reg  [127:0] tag_reg;
reg  [15:0]  miss_reg;      // byte i of the expected tag differs from the tag's
reg          len_ok_reg;
wire [127:0] tag = gh_out_tdata ^ ekj0_reg;
wire tag_len_ok = (h_keep == 16'hffff) || (h_keep == 16'hfffe) || (h_keep == 16'hfffc)
                  || (h_keep == 16'hfff8) || (h_keep == 16'hfff0) || (h_keep == 16'hff00)
                  || (h_keep == 16'hf000);
reg [15:0] miss;
integer b;
always @* begin : p_miss
    for (b = 0; b < 16; b = b + 1) begin
        miss[b] = h_keep[b] && (tag[8 * b +: 8] != h_data[8 * b +: 8]);
    end
end
wire tag_ok = len_ok_reg && !bad_iv_reg && (miss_reg == 16'd0);

// the output beat of this cycle
reg          to_out;
reg  [127:0] o_data;
reg  [15:0]  o_keep;
reg          o_last;
reg  [2:0]   o_user;
always @* begin : p_out
    to_out = 1'b0;
    o_data = 128'd0;
    o_keep = 16'd0;
    o_last = 1'b0;
    o_user = 3'd0;
    if (fire && h_kind == K_DATA) begin
        to_out = 1'b1;
        o_data = h_has ? text : 128'd0;
        o_keep = h_keep;
        o_last = h_last;
        o_user = {2'b01, h_dir};
    end else if (fin_fire) begin
        to_out = 1'b1;
        o_last = 1'b1;
        if (msg_dir_reg || bad_iv_reg) begin  // the verdict: one byte, 1 if authentic
            o_data = {7'd0, msg_dir_reg && tag_ok, 120'd0};
            o_keep = 16'h8000;
            o_user = {2'b11, msg_dir_reg};
        end else begin
            o_data = tag_reg;
            o_keep = 16'hffff;
            o_user = {2'b10, 1'b0};
        end
    end
end

// the output through a register slice: its output register is the engine's, and the join
// sees only its skid register's state, so m_axis_tready reaches nothing but the slice
axis_reg_slice #(
    .WIDTH(128 + 16 + 1 + 3)
) u_m_slice (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata({o_data, o_keep, o_last, o_user}),
    .s_axis_tvalid(to_out),
    .s_axis_tready(out_free),
    .m_axis_tdata({m_axis_tdata, m_axis_tkeep, m_axis_tlast, m_axis_tuser}),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

always @(posedge clk) begin : p_join
    case (j_reg)
        J_RUN: begin
            if (fire) begin
                case (h_kind)
                    K_J0: ekj0_reg <= k_tdata;
                    K_AAD: alen_reg <= alen_reg + h_bytes;
                    K_IV, K_DATA: clen_reg <= clen_reg + h_bytes;
                    default: ;
                endcase
                if ((h_kind == K_IV || h_kind == K_DATA) && h_last) begin
                    j_reg <= J_LEN;
                    j_iv_reg <= (h_kind == K_IV);
                    msg_dir_reg <= h_dir;
                end
            end
        end
        J_LEN: begin
            if (gh_in_tready) begin
                alen_reg <= {LW{1'b0}};
                clen_reg <= {LW{1'b0}};
                j_reg <= j_iv_reg ? J_IVFIN : J_FIN;
                if (j_iv_reg) begin
                    bad_iv_reg <= (clen_reg == {LW{1'b0}});
                end
            end
        end
        J_IVFIN: begin
            if (ivfin_fire) begin
                j_reg <= J_RUN;
            end
        end
        J_FIN: begin
            if (fin_take) begin
                tag_reg <= tag;
                miss_reg <= miss;
                len_ok_reg <= tag_len_ok;
                j_reg <= J_OUT;
            end
        end
        J_OUT: begin
            if (fin_fire) begin
                bad_iv_reg <= 1'b0;
                j_reg <= J_RUN;
            end
        end
        default: j_reg <= J_RUN;
    endcase

    if (ivfin_fire) begin
        j0_reg <= gh_out_tdata;
        j0_valid_reg <= 1'b1;
    end else if (j0_take) begin
        j0_valid_reg <= 1'b0;
    end
    if (rst) begin
        j_reg <= J_RUN;
        tag_reg <= 128'd0;
        miss_reg <= 16'd0;
        len_ok_reg <= 1'b0;
        j_iv_reg <= 1'b0;
        msg_dir_reg <= 1'b0;
        bad_iv_reg <= 1'b0;
        ekj0_reg <= 128'd0;
        j0_reg <= 128'd0;
        j0_valid_reg <= 1'b0;
        alen_reg <= {LW{1'b0}};
        clen_reg <= {LW{1'b0}};
    end
end

// the core's direction bit comes back with each block (always encrypt here); the side
// FIFO's wipe shows in its credit
wire unused_ok = &{1'b0, c_out_tuser, side_wiping};

endmodule

`resetall
