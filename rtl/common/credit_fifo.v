`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO of a free-running pipeline: a block claims its place on entry, so writes never wait.
module credit_fifo #(
    // data width in bits
    parameter integer WIDTH = 8,
    // blocks the FIFO holds, output register included (= credits), at least 2
    parameter integer DEPTH = 4
) (
    input  wire             clk,
    input  wire             rst,

    // claim: a block entered the pipeline and will be written later; claim only when claim_ok
    input  wire             claim,
    output wire             claim_ok,

    // write port: data of a claimed block, never refused
    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,

    // output stream
    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
);

localparam integer MEM = DEPTH - 1;                  // entries behind the output register
localparam integer AW = (MEM > 1) ? $clog2(MEM) : 1;
localparam integer CNTW = $clog2(DEPTH + 1);

// parameter check at elaboration
initial begin
    if (DEPTH < 2) begin
        $error("credit_fifo %m: DEPTH=%0d, needs at least 2", DEPTH);
        $finish;
    end
end

// ---------------------------------------------------------------------------------------
// registers
// ---------------------------------------------------------------------------------------
reg [WIDTH-1:0] mem [0:MEM-1];
reg [AW-1:0]    wr_ptr_reg;
reg [AW-1:0]    rd_ptr_reg;
reg [CNTW-1:0]  mem_cnt_reg;      // entries in mem
reg [CNTW-1:0]  claims_reg;       // blocks claimed and not yet read out
reg             claim_ok_reg;     // claims_reg < DEPTH (registered)
reg [WIDTH-1:0] out_reg;
reg             out_valid_reg;

wire pop = out_valid_reg && m_ready;
wire out_load = !out_valid_reg || m_ready;           // the output register is free next cycle
wire mem_empty = (mem_cnt_reg == {CNTW{1'b0}});
wire mem_rd = out_load && !mem_empty;
wire mem_wr = s_valid && !(out_load && mem_empty);  // otherwise the write bypasses mem

wire [CNTW-1:0] claims_next = claims_reg + {{(CNTW-1){1'b0}}, claim}
                              - {{(CNTW-1){1'b0}}, pop};
// claims_next < DEPTH without the adder on the claim path: claim is the late signal
wire claims_low = (claims_reg < DEPTH[CNTW-1:0] - 1'b1);    // at most DEPTH-2
wire claims_one = (claims_reg == DEPTH[CNTW-1:0] - 1'b1);   // DEPTH-1
wire claim_ok_next = claims_low || (claims_one && (pop || !claim)) || (pop && !claim);

assign claim_ok = claim_ok_reg;
assign m_data = out_reg;
assign m_valid = out_valid_reg;

// credits: one per block between its claim and its read-out
always @(posedge clk) begin : p_credit
    claims_reg <= claims_next;
    claim_ok_reg <= claim_ok_next;
    if (rst) begin
        claims_reg <= {CNTW{1'b0}};
        claim_ok_reg <= 1'b1;
    end
end

// storage behind the output register (no reset: unreachable once the pointers are reset)
always @(posedge clk) begin : p_mem
    if (mem_wr) begin
        mem[wr_ptr_reg] <= s_data;
    end
end

always @(posedge clk) begin : p_ptr
    if (mem_wr) begin
        wr_ptr_reg <= (wr_ptr_reg == MEM[AW-1:0] - 1'b1) ? {AW{1'b0}} : wr_ptr_reg + 1'b1;
    end
    if (mem_rd) begin
        rd_ptr_reg <= (rd_ptr_reg == MEM[AW-1:0] - 1'b1) ? {AW{1'b0}} : rd_ptr_reg + 1'b1;
    end
    mem_cnt_reg <= mem_cnt_reg + {{(CNTW-1){1'b0}}, mem_wr} - {{(CNTW-1){1'b0}}, mem_rd};
    if (rst) begin
        wr_ptr_reg <= {AW{1'b0}};
        rd_ptr_reg <= {AW{1'b0}};
        mem_cnt_reg <= {CNTW{1'b0}};
    end
end

// output register: oldest stored entry first, else the block being written
always @(posedge clk) begin : p_out
    if (out_load) begin
        out_valid_reg <= !mem_empty || s_valid;
        if (!mem_empty) begin
            out_reg <= mem[rd_ptr_reg];
        end else if (s_valid) begin
            out_reg <= s_data;
        end
    end
    if (rst) begin
        out_reg <= {WIDTH{1'b0}};
        out_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
