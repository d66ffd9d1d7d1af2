// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Folded Triple-DES (EDE, keying options 1-3) or DES: one round per cycle on one round engine.
// Datasheet: docs/cores/tdes_iter.md
module tdes_iter #(
    // 1: single DES (16 rounds a block, key K1 only; used by des_iter), 0: Triple-DES
    parameter integer DES_ONLY = 0
) (
    input  wire         clk,
    input  wire         rst,

    // key K1 K2 K3, left-aligned (K1 in the top 64 bits); parity bits are ignored
    input  wire [191:0] s_key_tdata,
    // key length in bytes: 8 (K1 = K2 = K3), 16 (K3 = K1), 24 (three keys); others read as 24
    input  wire [4:0]   s_key_tlen,
    input  wire         s_key_tvalid,
    output wire         s_key_tready,

    // input blocks; tuser: 0 encrypt, 1 decrypt
    input  wire [63:0]  s_axis_tdata,
    input  wire         s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,

    // output blocks
    output wire [63:0]  m_axis_tdata,
    output wire         m_axis_tuser,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
`ifdef FORMAL
    ,
    // every key register, for the proof of the key wipe (rtl/formal/): {K1, K2, K3, C D}
    // (with DES_ONLY, K1 three times)
    output wire [4*56-1:0] f_keys,
    // the round engine, for the ties of the proof's monitors: {holds a block, its tuser,
    // the rounds it has done}
    output wire [7:0]      f_engine
`endif
);

// DES passes per block: 1 (DES) or 3 (EDE)
localparam integer PASSES = (DES_ONLY != 0) ? 1 : 3;

// parameter check at elaboration
initial begin
    if (DES_ONLY != 0 && DES_ONLY != 1) begin
        $error("tdes_iter %m: DES_ONLY must be 0 or 1, not %0d", DES_ONLY);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg [31:0] l_reg;
reg [31:0] r_reg;
reg [55:0] cd_reg;          // C_n D_n of the round being computed
reg        dir_reg;         // direction of the block: 0 encrypt, 1 decrypt
reg        pdec_reg;        // the current DES pass deciphers
reg [1:0]  pass_reg;        // DES pass 0..PASSES-1
reg [3:0]  rnd_reg;         // round 0..15 within the pass
reg        busy_reg;        // a block is in the round engine

// ---------------------------------------------------------------------------------------
// keys: keying option by length, parity bits dropped by PC-1; the key of each DES pass
// (EDE: encrypt with K1, decrypt with K2, encrypt with K3; the reverse to decrypt)
// ---------------------------------------------------------------------------------------
wire [55:0] key1_cd;
wire [55:0] pass0_key;      // for the block entering now
wire [55:0] pass1_key;      // for the block in the engine
wire [55:0] pass2_key;

des_pc1 u_pc1_k1 (.key(s_key_tdata[191:128]), .cd(key1_cd));

generate
    if (DES_ONLY != 0) begin : g_des
        reg [55:0] k1_reg;

        // DES: K1 only; the other key bits and the length are not used
        wire unused_key = ^{s_key_tdata[127:0], s_key_tlen};

        always @(posedge clk) begin : p_keys
            if (s_key_tvalid && s_key_tready) begin
                k1_reg <= key1_cd;
            end
            if (rst) begin
                k1_reg <= 56'd0;
            end
        end

        assign pass0_key = k1_reg;
        assign pass1_key = k1_reg;
        assign pass2_key = k1_reg;
`ifdef FORMAL
        assign f_keys = {k1_reg, k1_reg, k1_reg, cd_reg};
`endif
    end else begin : g_tdes
        reg [55:0] k1_reg;
        reg [55:0] k2_reg;
        reg [55:0] k3_reg;
        wire       tlen_8 = (s_key_tlen == 5'd8);
        wire       tlen_16 = (s_key_tlen == 5'd16);
        wire [55:0] key2_cd;
        wire [55:0] key3_cd;

        des_pc1 u_pc1_k2 (.key(tlen_8 ? s_key_tdata[191:128] : s_key_tdata[127:64]),
                          .cd(key2_cd));
        des_pc1 u_pc1_k3 (.key((tlen_8 || tlen_16) ? s_key_tdata[191:128] : s_key_tdata[63:0]),
                          .cd(key3_cd));

        always @(posedge clk) begin : p_keys
            if (s_key_tvalid && s_key_tready) begin
                k1_reg <= key1_cd;
                k2_reg <= key2_cd;
                k3_reg <= key3_cd;
            end
            if (rst) begin
                k1_reg <= 56'd0;
                k2_reg <= 56'd0;
                k3_reg <= 56'd0;
            end
        end

        assign pass0_key = s_axis_tuser ? k3_reg : k1_reg;
`ifdef FORMAL
        assign f_keys = {k1_reg, k2_reg, k3_reg, cd_reg};
`endif
        assign pass1_key = k2_reg;
        assign pass2_key = dir_reg ? k1_reg : k3_reg;
    end
endgenerate

// ---------------------------------------------------------------------------------------
// round engine: the round, and the key schedule on the fly (left rotations to encipher,
// right rotations to decipher, so the subkeys come in the order the rounds use them)
// ---------------------------------------------------------------------------------------
wire [47:0] subkey;
wire [31:0] l_next;
wire [31:0] r_next;
wire [63:0] ip_out;
wire [63:0] fp_out;

des_pc2 u_pc2 (.cd(cd_reg), .k(subkey));
des_round u_round (.l(l_reg), .r(r_reg), .k(subkey), .l_next(l_next), .r_next(r_next));
des_ip u_ip (.d(s_axis_tdata), .q(ip_out));
des_fp u_fp (.d({r_next, l_next}), .q(fp_out));   // IP^-1(R16 L16)

// C and D rotate by 1 after rounds 1, 8 and 15 (both directions), by 2 after the others
wire        shift1 = (rnd_reg == 4'd0) || (rnd_reg == 4'd7) || (rnd_reg == 4'd14);
wire [27:0] c_cur = cd_reg[55:28];
wire [27:0] d_cur = cd_reg[27:0];
wire [55:0] cd_rotl = shift1 ? {c_cur[26:0], c_cur[27], d_cur[26:0], d_cur[27]}
                             : {c_cur[25:0], c_cur[27:26], d_cur[25:0], d_cur[27:26]};
wire [55:0] cd_rotr = shift1 ? {c_cur[0], c_cur[27:1], d_cur[0], d_cur[27:1]}
                             : {c_cur[1:0], c_cur[27:2], d_cur[1:0], d_cur[27:2]};

// C_n D_n for round 1 of a pass with key cd: C1 D1 = C0 D0 <<< 1 to encipher, C16 D16 =
// C0 D0 to decipher
function [55:0] first_cd(input [55:0] cd, input dec);
    begin
        first_cd = dec ? cd : {cd[54:28], cd[55], cd[26:0], cd[27]};
    end
endfunction

// ---------------------------------------------------------------------------------------
// control
// ---------------------------------------------------------------------------------------
wire pass_end = (rnd_reg == 4'd15);
// the engine is in the last round of the block's last pass: registered (last_reg) so that
// the block handshake, and with it every engine register's enable, is a few inputs deep
reg  last_reg;
wire last_round = last_reg;
wire out_free;                                      // the output register takes it
wire finish = last_round && out_free;               // the block leaves the engine now
wire stall = last_round && !out_free;               // result waits for the output slot

// out of reset: low from the first reset edge until the cycle after rst falls, so that
// both tready are low while rst is high (docs/interface.md rule 5)
reg run_reg;
always @(posedge clk) begin : p_run
    run_reg <= 1'b1;
    if (rst) begin
        run_reg <= 1'b0;
    end
end

// DES: keys are read only when a block enters; TDES: until the block's last pass starts
assign s_key_tready = run_reg && ((DES_ONLY != 0) || !busy_reg
                                  || (pass_reg == PASSES[1:0] - 2'd1));
assign s_axis_tready = run_reg && !s_key_tvalid && (!busy_reg || finish);

wire in_fire = s_axis_tvalid && s_axis_tready;

// round engine
always @(posedge clk) begin : p_engine
    if (in_fire) begin
        {l_reg, r_reg} <= ip_out;
        cd_reg <= first_cd(pass0_key, s_axis_tuser);
        dir_reg <= s_axis_tuser;
        pdec_reg <= s_axis_tuser;
        pass_reg <= 2'd0;
        rnd_reg <= 4'd0;
        busy_reg <= 1'b1;
        last_reg <= 1'b0;
    end else if (busy_reg && !stall) begin
        rnd_reg <= rnd_reg + 4'd1;
        if (pass_end) begin
            // next DES pass (EDE): its input is the previous pass's output, IP(IP^-1(R16 L16))
            // = R16 L16, and it runs in the other direction with the next key
            l_reg <= r_next;
            r_reg <= l_next;
            pdec_reg <= !pdec_reg;
            pass_reg <= pass_reg + 2'd1;
            cd_reg <= first_cd((pass_reg == 2'd0) ? pass1_key : pass2_key, !pdec_reg);
            if (last_round) begin
                busy_reg <= 1'b0;
                last_reg <= 1'b0;
            end
        end else begin
            l_reg <= l_next;
            r_reg <= r_next;
            cd_reg <= pdec_reg ? cd_rotr : cd_rotl;
            last_reg <= (rnd_reg == 4'd14) && (pass_reg == PASSES[1:0] - 2'd1);
        end
    end

    if (rst) begin
        // empty the core and wipe every register that held key material
        l_reg <= 32'd0;
        r_reg <= 32'd0;
        cd_reg <= 56'd0;
        busy_reg <= 1'b0;
        last_reg <= 1'b0;
        pass_reg <= 2'd0;
        rnd_reg <= 4'd0;
    end
end

`ifdef FORMAL
assign f_engine = {busy_reg, dir_reg, pass_reg, rnd_reg};

// invariants of the round engine (k-induction): a block's pass and round, its last-round flag
// and the direction of its current pass follow from where it is; an empty engine has no last
// round (from the first edge on: the formal tops reset the core in the first cycle, where the
// registers start undefined)
always @(*) begin
    if ($initstate) begin
        // nothing is required before the first reset
    end else if (busy_reg) begin
        tdes_pass_range: assert(pass_reg < PASSES[1:0]);
        tdes_last_round: assert(last_reg == (pass_reg == PASSES[1:0] - 2'd1
                                             && rnd_reg == 4'd15));
        tdes_pass_dir: assert(pdec_reg == (dir_reg ^ pass_reg[0]));
    end else begin
        tdes_idle_not_last: assert(!last_reg);
    end
end
`endif

// output register (rtl/common/axis_out_reg.v): a finished block, held until m_axis_tready
// takes it and kept after the transfer (rule 5's idle data)
axis_out_reg #(
    .WIDTH(64),
    .USER_WIDTH(1)
) u_out (
    .clk(clk),
    .rst(rst),
    .load(finish),
    .load_data(fp_out),
    .load_user(dir_reg),
    .free(out_free),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
