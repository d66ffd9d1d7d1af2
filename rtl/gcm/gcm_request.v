// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The GCM engine's request side: key and IV loads, H's and J0's blocks and each data beat's
// counter block to the AES core, and one side entry per H, J0, IV, AAD, data and tag beat for
// the join (its fields as separate ports; gcm_engine packs them). Part of gcm_engine; design
// notes: docs/cores/notes/gcm_request.md.
module gcm_request (
    input  wire         clk,
    input  wire         rst,

    // key handshake (the key itself goes straight to the core)
    input  wire         s_key_tvalid,
    output wire         s_key_tready,
    output wire         c_key_tvalid,
    input  wire         c_key_tready,

    // IV packet (gcm_engine's s_iv)
    input  wire [127:0] s_iv_tdata,
    input  wire [15:0]  s_iv_tkeep,
    input  wire         s_iv_tlast,
    input  wire         s_iv_tvalid,
    output wire         s_iv_tready,

    // message packets (gcm_engine's s_axis)
    input  wire [127:0] s_axis_tdata,
    input  wire [15:0]  s_axis_tkeep,
    input  wire         s_axis_tlast,
    input  wire [2:0]   s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    // to the core's s_axis (always encrypt)
    output wire [127:0] c_in_tdata,
    output wire         c_in_tuser,
    output wire         c_in_tvalid,
    input  wire         c_in_tready,

    // J0 of an IV other than 96 bits, from the join (GHASH of the IV and its length)
    input  wire [127:0] j0_tdata,
    input  wire         j0_tvalid,
    output wire         j0_tready,

    // the side entry: pushed while e_push (only while e_room, a register); its contents
    // follow from the state alone, the handshakes only say whether it is pushed
    input  wire         e_room,
    output wire         e_push,
    output wire         e_is_h,      // its kind, one flag each: H's block
    output wire         e_is_j0,     // J0's block
    output wire         e_is_iv,     // an IV block (for GHASH)
    output wire         e_is_aad,    // an AAD beat
    output wire         e_is_data,   // a data beat (its counter block went to the core)
    output wire         e_is_tag,    // the expected tag (decrypt)
    output wire         e_dir,       // the message's direction (1 decrypt)
    output wire         e_last,      // tlast
    output wire         e_has,       // a byte kept
    output wire [4:0]   e_bytes,     // bytes kept
    output wire [15:0]  e_keep,      // tkeep
    output wire [127:0] e_block      // tdata, the bytes not kept zeroed
);

// request side states
localparam [3:0] R_HREQ = 4'd0, R_IDLE = 4'd1, R_IV = 4'd2, R_IVWAIT = 4'd3, R_J0 = 4'd4,
                 R_AAD = 4'd5, R_DATA = 4'd6, R_TAG = 4'd7;

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

wire full = !e_room;

reg  [3:0]   rq_reg;
reg          first_reg;    // the next beat is the message's first
reg          dir_reg;      // the message's direction (from its first beat)
reg  [127:0] ctr_reg;      // J0, then the counter block of the next data beat

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
// H's block is ctr_reg itself: zero from the reset and from a key load to the request
assign c_in_tdata = ctr_reg;
assign c_in_tuser = 1'b0;
wire c_in_fire = c_in_tvalid && c_in_tready;
wire [127:0] ctr_inc = {ctr_reg[127:32], ctr_reg[31:0] + 32'd1};

assign j0_tready = (rq_reg == R_IVWAIT);
wire j0_take = j0_tvalid && j0_tready;

// the entry of this cycle: H's or J0's block request, an IV beat, or a message beat
wire iv_entry = (rq_reg == R_IDLE) || (rq_reg == R_IV);
wire [15:0] keep = blk_req ? 16'd0 : (iv_entry ? s_iv_tkeep : s_axis_tkeep);
wire [127:0] bits = iv_entry ? s_iv_tdata : s_axis_tdata;

assign e_push = (blk_req && c_in_fire) || (iv_fire && !iv_direct) || in_fire;

assign e_is_h = (rq_reg == R_HREQ);
assign e_is_j0 = (rq_reg == R_J0);
assign e_is_iv = iv_entry;
assign e_is_aad = !blk_req && !iv_entry && (rq_reg != R_TAG) && !as_data;
assign e_is_data = !blk_req && !iv_entry && (rq_reg != R_TAG) && as_data;
assign e_is_tag = (rq_reg == R_TAG);
assign e_dir = !blk_req && !iv_entry && beat_dir;
assign e_last = blk_req ? 1'b0 : (iv_entry ? s_iv_tlast : s_axis_tlast);
assign e_has = (keep != 16'd0);
assign e_bytes = popcount(keep);
assign e_keep = keep;
assign e_block = bits & bytemask(keep);

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
                ctr_reg <= j0_tdata;
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
    if (key_fire) begin
        ctr_reg <= 128'd0;  // H's block (and no counter of the old key kept)
    end
    if (rst) begin
        rq_reg <= R_HREQ;  // H of the zero key the core starts with
        first_reg <= 1'b0;
        dir_reg <= 1'b0;
        ctr_reg <= 128'd0;
    end
end

endmodule

`resetall
