// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Pipelined Triple-DES (EDE, keying options 1-3) or DES: one round a stage, one block a cycle.
// Datasheet: docs/cores/tdes_pipe.md
module tdes_pipe #(
    // 1: single DES (16 stages, key K1 only; used by des_pipe), 0: Triple-DES (48 stages)
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
    // every key and round-key register, for the proof of the key wipe (rtl/formal/): {the
    // pass keys, the key part of x after the input stage and stages 1..ROUNDS-1, key_bus}
    output wire [f_keys_bits(DES_ONLY)-1:0] f_keys
`endif
);

// DES passes per block and round stages
localparam integer PASSES = (DES_ONLY != 0) ? 1 : 3;
localparam integer ROUNDS = 16 * PASSES;
// rising edges from a block's input handshake to the output FIFO's taking it: the input stage
// and the round stages (axis_out_fifo sizes its FIFO from it)
localparam integer LATENCY = ROUNDS + 1;

// parameter check at elaboration
initial begin
    if (DES_ONLY != 0 && DES_ONLY != 1) begin
        $error("tdes_pipe %m: DES_ONLY must be 0 or 1, not %0d", DES_ONLY);
        $finish;
    end
end

// Key material that a block carries after stage i: the keys of the DES passes still ahead of
// the round after next (stage i+1 computes round i+2's S-box input), as C0 D0, the next
// pass's key in the low 56 bits, and where it sits in the key bus
function integer key_width(input integer i);
    begin
        key_width = (i >= ROUNDS - 1) ? 0 : 56 * (PASSES - (i + 1) / 16);
    end
endfunction

function integer key_offset(input integer i);
    integer j;
    begin
        key_offset = 0;
        for (j = 1; j < i; j = j + 1) begin
            key_offset = key_offset + key_width(j);
        end
    end
endfunction

localparam integer KEY_BUS = key_offset(ROUNDS);

`ifdef FORMAL
// the width of f_keys: 56 P pass keys, 48 x bits after each of 16 P stages (the input stage's
// and all but the last round's), and KEY_BUS = 56 (8 P^2 + 6 P) carried key bits
function integer f_keys_bits(input integer des_only);
    integer np;
    begin
        np = (des_only != 0) ? 1 : 3;
        f_keys_bits = 56 * np + 48 * 16 * np + 56 * (8 * np * np + 6 * np);
    end
endfunction

// the key registers, and the key part of each x (x xor E(R) while a block is in its stage)
wire [56*PASSES-1:0] f_kregs;
wire [48*ROUNDS-1:0] f_x_bus;
`endif

// ---------------------------------------------------------------------------------------
// keys and the input stage. Keys are stored as C0 D0 (PC-1: parity bits dropped) and chosen
// by length: 8 bytes K1 = K2 = K3, 16 bytes K3 = K1. The input stage applies IP. The key
// registers cannot change while a block is in it (a key handshake and a block handshake never
// share a cycle, and keys are taken at once), so round 1 reads them directly.
// ---------------------------------------------------------------------------------------
wire        credit;
wire        key_ready;
wire [63:0] ip_out;
wire [55:0] key1_cd;
reg  [63:0] in_lr_reg;
reg  [47:0] in_x_reg;
reg         in_dec_reg;
reg         in_valid_reg;
reg         in_idle_reg;     // !in_valid_reg
// the pass keys in the order the passes use them: encrypt K1, K2, K3; decrypt K3, K2, K1
wire [56*PASSES-1:0] in_keys;
// the first pass's key: encrypt K1, decrypt K3 (K1 for DES)
wire [55:0] pass1_cd_enc;
wire [55:0] pass1_cd_dec;

// keys travel with the blocks: a new key is taken at once, blocks inside keep theirs. After
// reset, keys wait for the output FIFO's wipe (as blocks do), so a key costs one cycle. The
// FIFO's key_ready is a register of its credit side, which sits beside the input stage.

assign s_key_tready = key_ready;
assign s_axis_tready = credit && !s_key_tvalid;

des_pc1 u_pc1_k1 (.key(s_key_tdata[191:128]), .cd(key1_cd));
des_ip u_ip (.d(s_axis_tdata), .q(ip_out));

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

        assign in_keys = k1_reg;
        assign pass1_cd_enc = k1_reg;
        assign pass1_cd_dec = k1_reg;
`ifdef FORMAL
        assign f_kregs = k1_reg;
`endif
    end else begin : g_tdes
        reg  [55:0] k1_reg;
        reg  [55:0] k2_reg;
        reg  [55:0] k3_reg;
        wire        tlen_8 = (s_key_tlen == 5'd8);
        wire        tlen_16 = (s_key_tlen == 5'd16);
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

        assign in_keys = in_dec_reg ? {k1_reg, k2_reg, k3_reg} : {k3_reg, k2_reg, k1_reg};
        assign pass1_cd_enc = k1_reg;
        assign pass1_cd_dec = k3_reg;
`ifdef FORMAL
        assign f_kregs = {k1_reg, k2_reg, k3_reg};
`endif
    end
endgenerate

// input stage (L0 R0 are not reset: they never hold key material). It loads every
// cycle, so the handshake only drives the valid bit and the FIFO's credit: a 65-bit load
// enable on it put the fan-out of that net into the credit loop (credit -> tready -> reserve
// -> credit), the critical path. Besides L0 R0 it holds round 1's S-box input
// x0 = E(R0) xor K1 (see the round stages).
wire [47:0] in_e;
wire [47:0] in_k;

des_e u_e_in (.r(ip_out[31:0]), .e(in_e));
des_subkey #(
    .ROUND(1)
) u_subkey_in (
    .cd_enc(pass1_cd_enc),
    .cd_dec(pass1_cd_dec),
    .dec(s_axis_tuser),
    .k(in_k)
);

// x0 is loaded every cycle from the key registers, so a key load or clear reaches it at once
always @(posedge clk) begin : p_input
    in_lr_reg <= ip_out;
    in_x_reg <= in_e ^ in_k;
    in_dec_reg <= s_axis_tuser;
    in_valid_reg <= s_axis_tvalid && s_axis_tready;
    in_idle_reg <= !(s_axis_tvalid && s_axis_tready);
    if (rst) begin
        in_x_reg <= 48'd0;
        in_valid_reg <= 1'b0;
        in_idle_reg <= 1'b1;
    end
end

// ---------------------------------------------------------------------------------------
// round stages 1..ROUNDS. Stage i holds the state after round i (L_i R_i of its pass), the
// block's direction, valid, the keys of the passes still ahead, and the S-box input of the
// next round, x_i = E(R) xor K of round i+1. Carrying x retimes the round: a stage runs
// x -> S, P -> xor -> register, and the next round's key (its direction mux) is xored with
// E(L) from registers beside the S-boxes, using E(L xor P) = E(L) xor E(P). That takes the
// subkey mux and the key xor off the critical path, for 48 flip-flops a stage.
// ---------------------------------------------------------------------------------------
wire [64*(ROUNDS+1)-1:0] lr_bus;
wire [48*ROUNDS-1:0]     x_bus;   // x after the input stage and stages 1..ROUNDS-1
wire [ROUNDS:0]          dec_bus;
wire [ROUNDS:0]          valid_bus;
wire [ROUNDS:0]          idle_bus;   // !valid_bus, as flip-flops
wire [KEY_BUS-1:0]       key_bus;

assign lr_bus[63:0] = in_lr_reg;
assign x_bus[47:0] = in_x_reg;
assign dec_bus[0] = in_dec_reg;
assign valid_bus[0] = in_valid_reg;
assign idle_bus[0] = in_idle_reg;
// the last stage has no x register after it
/* verilator lint_off UNUSEDSIGNAL */
wire unused_idle = idle_bus[ROUNDS];
/* verilator lint_on UNUSEDSIGNAL */

// The round stages have no reset: a reset clears them by flushing. It clears the input stage
// (valid bit, x0) and the key bank at once, and every cycle each stage takes the valid bit,
// idle flag and keys of the stage before it, so after ROUNDS + 1 cycles every stage is empty
// and holds zero keys and a zero x. The output FIFO meanwhile wipes its RAM for more than
// ROUNDS + 1 cycles with its credit low, key ready low and every block from the last stage
// dropped, so nothing enters or leaves before the flush is complete. A reset routed from one
// flip-flop to every stage of a long pipeline (even as registered copies beside groups of
// stages) was the critical path.
genvar i;
generate
    for (i = 1; i <= ROUNDS; i = i + 1) begin : g_stage
        localparam integer PASS = (i - 1) / 16;                 // DES pass of round i
        localparam integer KIN = 56 * (PASSES - i / 16);        // key bits into stage i
        localparam integer KOUT = key_width(i);                 // key bits kept after it
        // round i ends a pass, and another pass follows
        localparam integer PASS_END = (i % 16 == 0 && i < ROUNDS) ? 1 : 0;

        reg  [63:0]    lr_reg;
        reg            dec_reg;
        reg            valid_reg;
        reg            idle_reg;     // !valid_reg
        wire [63:0]    lr_prev = lr_bus[64*(i-1) +: 64];
        wire [47:0]    x_prev = x_bus[48*(i-1) +: 48];
        wire [31:0]    l_in;
        wire [31:0]    r_in;
        // kept as nets: otherwise synthesis folds x_next back into E(L xor P) xor K, which
        // puts the xor with L and the xor with K in series after the S-boxes again
        (* keep *) wire [31:0] p;
        wire [31:0]    l_next;
        wire [31:0]    r_next;

        // a new pass starts from the previous pass's output: IP(IP^-1(R16 L16)) = R16 L16
        if (i > 1 && (i - 1) % 16 == 0) begin : g_swap
            assign l_in = lr_prev[31:0];
            assign r_in = lr_prev[63:32];
        end else begin : g_noswap
            assign l_in = lr_prev[63:32];
            assign r_in = lr_prev[31:0];
        end

        // round i: x_prev = E(R_(i-1)) xor K_i, computed one stage earlier
        des_sp u_sp (.x(x_prev), .p(p));
        assign l_next = r_in;
        assign r_next = l_in ^ p;

        if (i < ROUNDS) begin : g_next
            // round i+1: its key (the first key of the bundle), and its S-box input
            wire [KIN-1:0] keys;
            wire [47:0]    k_next;
            wire [47:0]    x_next;

            if (i == 1) begin : g_keys_in
                assign keys = in_keys;
            end else begin : g_keys_bus
                assign keys = key_bus[key_offset(i-1) +: KIN];
            end

            if (PASS_END != 0) begin : g_pass_end
                // the next pass starts with R = L_16 = r_in (registers only), its own key
                // (the pass just ended dropped its key a stage ago) and direction (EDE:
                // pass 2 the other way)
                wire [47:0] e_r;

                des_subkey #(
                    .ROUND(1)
                ) u_subkey (
                    .cd_enc(keys[55:0]),
                    .cd_dec(keys[55:0]),
                    .dec(dec_bus[i-1] ^ (PASS + 1 == 1)),
                    .k(k_next)
                );
                des_e u_e (.r(r_in), .e(e_r));
                assign x_next = e_r ^ k_next;
            end else begin : g_in_pass
                // R_i = L_(i-1) xor P: E(L_(i-1)) xor K_(i+1) from registers, then one xor
                // after the S-boxes
                wire [47:0] e_l;
                wire [47:0] e_p;
                (* keep *) wire [47:0] pre = e_l ^ k_next;

                des_subkey #(
                    .ROUND(i % 16 + 1)
                ) u_subkey (
                    .cd_enc(keys[55:0]),
                    .cd_dec(keys[55:0]),
                    .dec(dec_bus[i-1] ^ (PASS == 1)),
                    .k(k_next)
                );
                des_e u_e_l (.r(l_in), .e(e_l));
                des_e u_e_p (.r(p), .e(e_p));
                assign x_next = e_p ^ pre;
            end

            reg [47:0] x_reg;

            // x holds a round key (xored with E(R), R beside it), so it is a round-key
            // register: it holds a block's x only while the block is in the stage, and is
            // zero when the stage is empty, so also once a reset has flushed the stages
            // (interface rule 5). Cleared by the previous stage's idle flag, a
            // flip-flop (no reset of its own and no logic before the clear: the reset's
            // route and that logic level made the critical path)
            always @(posedge clk) begin : p_x
                x_reg <= x_next;
                if (idle_bus[i-1]) begin
                    x_reg <= 48'd0;
                end
            end

            assign x_bus[48*i +: 48] = x_reg;
`ifdef FORMAL
            // x = E(R) xor K while a block is in the stage (R: the next pass's at a pass end)
            wire [47:0] f_e;

            des_e u_f_e (.r((PASS_END != 0) ? lr_reg[63:32] : lr_reg[31:0]), .e(f_e));
            assign f_x_bus[48*i +: 48] = x_reg ^ (valid_reg ? f_e : 48'd0);
`endif

            if (KOUT > 0) begin : g_carry
                reg [KOUT-1:0] key_reg;

                // after the last round of a pass its key is dropped. Not gated by valid: keys
                // flow through every cycle, so a key clear (a load of zero) and a reset (which
                // clears the key bank) wipe every stage
                always @(posedge clk) begin : p_key
                    key_reg <= keys[KIN-1 -: KOUT];
                end

                assign key_bus[key_offset(i) +: KOUT] = key_reg;
            end
        end

        always @(posedge clk) begin : p_stage
            if (valid_bus[i-1]) begin
                lr_reg <= {l_next, r_next};
                dec_reg <= dec_bus[i-1];
            end
            valid_reg <= valid_bus[i-1];
            idle_reg <= idle_bus[i-1];
        end

        assign lr_bus[64*i +: 64] = lr_reg;
        assign dec_bus[i] = dec_reg;
        assign valid_bus[i] = valid_reg;
        assign idle_bus[i] = idle_reg;

    end
endgenerate

`ifdef FORMAL
// the input stage's x = E(R0) xor K, loaded every cycle with L0 R0
wire [47:0] f_in_e;

des_e u_f_in_e (.r(in_lr_reg[31:0]), .e(f_in_e));
assign f_x_bus[47:0] = in_x_reg ^ f_in_e;
assign f_keys = {f_kregs, f_x_bus, key_bus};
`endif

// ---------------------------------------------------------------------------------------
// output: IP^-1(R16 L16) of the last pass into the credit-counted FIFO
// ---------------------------------------------------------------------------------------
wire [63:0] lr_last = lr_bus[64*ROUNDS +: 64];
wire [63:0] fp_out;

des_fp u_fp (.d({lr_last[31:0], lr_last[63:32]}), .q(fp_out));

// the head chosen among the FIFO's read registers (HEAD_REG = 0): with the head in a register
// of its own, m_axis_tready's enable net to its 65 flip-flops was des_pipe's critical path at
// speed 8 (4.1 ns; nextpnr's median 244.0 MHz against 282.6 with the chosen head)
axis_out_fifo #(
    .WIDTH(64),
    .USER_WIDTH(1),
    .LATENCY(LATENCY),
    .PIPED(1),
    .HEAD_REG(0)
) u_fifo (
    .clk(clk),
    .rst(rst),
    .reserve(s_axis_tvalid && s_axis_tready),
    .credit(credit),
    .key_ready(key_ready),
    .s_axis_tdata(fp_out),
    .s_axis_tuser(dec_bus[ROUNDS]),
    .s_axis_tvalid(valid_bus[ROUNDS]),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready)
);

endmodule

`resetall
