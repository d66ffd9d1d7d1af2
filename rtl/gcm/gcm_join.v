// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// The GCM engine's join: the side FIFO's head (its fields as separate ports) with the AES
// core's results, in order: H and the AAD, IV and ciphertext blocks into GHASH, the byte
// counts and the length block, J0 back to the request side, E_K(J0) and GHASH's result to the
// tag check, the data out as data XOR keystream, then the tag or the verdict. Part of
// gcm_engine; design notes: docs/cores/notes/gcm_join.md.
module gcm_join (
    input  wire         clk,
    input  wire         rst,

    // the side FIFO's head (gcm_request's entry, unpacked by gcm_engine); its fields count only
    // while h_valid (an old entry may stay while it is low)
    input  wire         h_valid,
    output wire         h_pop,
    input  wire         h_is_h,
    input  wire         h_is_j0,
    input  wire         h_is_iv,
    input  wire         h_is_aad,
    input  wire         h_is_data,
    input  wire         h_is_tag,
    input  wire         h_dir,
    input  wire         h_last,
    input  wire         h_has,
    input  wire [4:0]   h_bytes,
    input  wire [15:0]  h_keep,
    input  wire [127:0] h_block,

    // the core's results (keystream, H, E_K(J0)), from its register slice
    input  wire [127:0] k_tdata,
    input  wire         k_tvalid,
    output wire         k_tready,

    // the GHASH unit: H (its data is k_tdata), blocks, the result
    output wire         gh_h_tvalid,
    input  wire         gh_h_tready,
    output wire [127:0] gh_in_tdata,
    output wire         gh_in_tlast,
    output wire         gh_in_tvalid,
    input  wire         gh_in_tready,
    input  wire         gh_blk_ready,  // GHASH takes a block without tlast
    input  wire [127:0] gh_out_tdata,
    input  wire         gh_out_tvalid,
    output wire         gh_out_tready,

    // J0 of an IV other than 96 bits, to the request side
    output wire [127:0] j0_tdata,
    output wire         j0_tvalid,
    input  wire         j0_tready,

    // the tag check (gcm_tag_check): E_K(J0) is k_tdata while ekj0_load, GHASH's result is
    // taken while tag_take (the expected tag is the head's block, XORed in while
    // tag_compare), the results a cycle later; tag_clear zeroes the tag when it has gone out
    output wire         ekj0_load,
    output wire         tag_take,
    output wire         tag_compare,
    output wire         tag_clear,
    input  wire [127:0] tag_tdata,
    input  wire         tag_match,

    // the output beat, into gcm_engine's output stage (o_tready: it takes a beat); o_blank: the
    // beat is a verdict, the output stage zeroes every bit of its data but bit 120, the verdict
    output reg  [127:0] o_tdata,
    output reg          o_blank,
    output reg  [15:0]  o_tkeep,
    output reg          o_tlast,
    output reg  [2:0]   o_tuser,
    output reg          o_tvalid,
    input  wire         o_tready
);

localparam integer LW = 36;   // byte counters: 2^36 - 1 bytes of AAD, of data, of IV

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

reg  [2:0]    j_reg;
reg           j_iv_reg;      // the GHASH message under way is an IV's
reg           msg_dir_reg;   // direction of the message being finished
reg           bad_iv_reg;    // the message's IV was empty: no tag, the verdict fails
reg  [LW-1:0] alen_reg;      // AAD bytes so far
reg  [LW-1:0] clen_reg;      // data (or IV) bytes so far
reg  [127:0]  j0_reg;        // J0 from GHASH (an IV other than 96 bits), for the request side
reg           j0_valid_reg;

wire          out_free = o_tready;
wire [LW-1:0] bytes = {{(LW - 5){1'b0}}, h_bytes};

wire run = (j_reg == J_RUN) && h_valid;
// the data beat's output, zero outside J_RUN (where the tag is the output), so the output's
// data is text OR the tag check's register, one LUT a bit: no flag chooses between them
wire [127:0] text = (h_block ^ k_tdata) & bytemask(h_keep & {16{j_reg == J_RUN}});
// GHASH takes the ciphertext: the output (text) when encrypting, else the head's block; the
// head's unkept bytes are zero, so text is the block XOR the keystream's kept bytes, and the
// choice is a mask on the keystream made once a byte
wire cipher_out = (j_reg == J_RUN) && h_is_data && !h_dir;

// what the head needs, and its handshake (a tag entry is taken in J_FIN)
wire fire = run && ((h_is_h && k_tvalid && gh_h_tready)
                    || (h_is_j0 && k_tvalid)
                    || ((h_is_aad || h_is_iv) && (!h_has || gh_blk_ready))
                    || (h_is_data && out_free && (!h_has || (k_tvalid && gh_blk_ready))));

// J_FIN takes GHASH's result (and, to decrypt, the expected tag) into the tag check; J_OUT
// sends the tag or the verdict a cycle later
wire fin_take = (j_reg == J_FIN) && gh_out_tvalid && (!msg_dir_reg || (h_valid && h_is_tag));
wire fin_fire = (j_reg == J_OUT) && out_free;
wire ivfin_fire = (j_reg == J_IVFIN) && gh_out_tvalid && !j0_valid_reg;
assign h_pop = fire || (fin_take && msg_dir_reg);

assign k_tready = run && k_tvalid
                      && ((h_is_h && gh_h_tready) || h_is_j0
                          || (h_is_data && h_has && out_free && gh_blk_ready));
assign gh_h_tvalid = run && h_is_h && k_tvalid;
assign gh_in_tvalid = (j_reg == J_LEN)
                      || (run && h_has && (h_is_aad || h_is_iv
                                           || (h_is_data && k_tvalid && out_free)));
assign gh_in_tlast = (j_reg == J_LEN);
assign gh_in_tdata = (j_reg == J_LEN) ? {{(64 - LW - 3){1'b0}}, alen_reg, 3'd0,
                                         {(64 - LW - 3){1'b0}}, clen_reg, 3'd0}
                   : h_block ^ (k_tdata & bytemask(h_keep & {16{cipher_out}}));
assign gh_out_tready = fin_take || ivfin_fire;

assign j0_tdata = j0_reg;
assign j0_tvalid = j0_valid_reg;

assign ekj0_load = fire && h_is_j0;
assign tag_take = fin_take;
assign tag_clear = fin_fire;
// a verdict instead of the tag: to decrypt, the tag check's register holds the difference
// from the expected tag, so the output stage zeroes the verdict beat's data (o_blank) but
// bit 120, the verdict itself; no flag chooses among the other 127 bits here
wire verdict = msg_dir_reg || bad_iv_reg;
assign tag_compare = msg_dir_reg;
wire verdict_now = (j_reg == J_OUT) && verdict;
wire tag_ok = msg_dir_reg && tag_match && !bad_iv_reg;
wire [127:0] text_tag = text | tag_tdata;

// the output beat of this cycle; its data only matters while o_tvalid (the output stage
// takes no other): text is zero outside J_RUN, and the tag check's register zero outside
// J_OUT, and a data beat with no byte kept has zero text
always @* begin : p_out
    o_tvalid = 1'b0;
    o_blank = 1'b0;
    o_tdata = {text_tag[127:121], verdict_now ? tag_ok : text_tag[120], text_tag[119:0]};
    o_tkeep = 16'd0;
    o_tlast = 1'b0;
    o_tuser = 3'd0;
    if (fire && h_is_data) begin
        o_tvalid = 1'b1;
        o_tkeep = h_keep;
        o_tlast = h_last;
        o_tuser = {2'b01, h_dir};
    end else if (fin_fire) begin
        o_tvalid = 1'b1;
        o_tlast = 1'b1;
        // the tag, or the verdict: one byte, 1 if authentic (the rest zeroed: o_blank)
        if (verdict) begin
            o_blank = 1'b1;
            o_tkeep = 16'h8000;
            o_tuser = {2'b11, msg_dir_reg};
        end else begin
            o_tkeep = 16'hffff;
            o_tuser = {2'b10, 1'b0};
        end
    end
end

always @(posedge clk) begin : p_join
    case (j_reg)
        J_RUN: begin
            if (fire) begin
                if (h_is_aad) begin
                    alen_reg <= alen_reg + bytes;
                end
                if (h_is_iv || h_is_data) begin
                    clen_reg <= clen_reg + bytes;
                end
                if ((h_is_iv || h_is_data) && h_last) begin
                    j_reg <= J_LEN;
                    j_iv_reg <= h_is_iv;
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
    end else if (j0_tvalid && j0_tready) begin
        j0_valid_reg <= 1'b0;
    end
    if (rst) begin
        j_reg <= J_RUN;
        j_iv_reg <= 1'b0;
        msg_dir_reg <= 1'b0;
        bad_iv_reg <= 1'b0;
        j0_reg <= 128'd0;
        j0_valid_reg <= 1'b0;
        alen_reg <= {LW{1'b0}};
        clen_reg <= {LW{1'b0}};
    end
end

endmodule

`resetall
