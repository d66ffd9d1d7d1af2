`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO with credits for a fixed-latency pipeline that never stalls: the pipeline takes
// a block only while `credit` is high, so every block that comes out finds room.
module credit_fifo #(
    // payload width in bits
    parameter integer WIDTH = 65,
    // memory entries (a power of two); with the output register it holds DEPTH + 1 blocks,
    // so a pipeline of latency L keeps one block a cycle with DEPTH >= L
    parameter integer DEPTH = 64
) (
    input  wire             clk,
    input  wire             rst,

    // a block enters the pipeline this cycle (it must only when credit is high)
    input  wire             take,
    // room for one more block in the pipeline and this FIFO
    output wire             credit,

    // the pipeline's output: written without handshake
    input  wire [WIDTH-1:0] wr_data,
    input  wire             wr_valid,

    // stream out
    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
);

function integer clog2(input integer v);
    integer x;
    begin
        clog2 = 0;
        for (x = v - 1; x > 0; x = x >> 1) begin
            clog2 = clog2 + 1;
        end
    end
endfunction

localparam integer AW = clog2(DEPTH);
localparam integer CW = clog2(DEPTH + 2);
localparam [CW-1:0] CAPACITY = DEPTH[CW-1:0] + 1'b1;

// parameter check at elaboration
initial begin
    if (DEPTH < 2 || (1 << AW) != DEPTH || WIDTH < 1) begin
        $error("credit_fifo %m: DEPTH must be a power of two >= 2 (is %0d), WIDTH >= 1 (is %0d)",
               DEPTH, WIDTH);
        $finish;
    end
end

// distributed (LUT) RAM: an ECP5 block RAM read without its output register takes over 4 ns
// clock-to-out, which would set the core's Fmax
(* ram_style = "distributed" *)
reg [WIDTH-1:0] mem [0:DEPTH-1];
reg [AW:0]      wr_ptr_reg;     // one extra bit tells full from empty
reg [AW:0]      rd_ptr_reg;
reg [CW-1:0]    occ_reg;        // blocks taken and not yet delivered (pipeline + FIFO + out)
reg [WIDTH-1:0] out_reg;
reg             out_valid_reg;

wire empty = (wr_ptr_reg == rd_ptr_reg);
wire out_fire = out_valid_reg && m_ready;
wire load = !empty && (!out_valid_reg || m_ready);

assign credit = (occ_reg != CAPACITY);
assign m_data = out_reg;
assign m_valid = out_valid_reg;

// memory write port
always @(posedge clk) begin : p_write
    if (wr_valid) begin
        mem[wr_ptr_reg[AW-1:0]] <= wr_data;
    end
end

// memory read port with the output register
always @(posedge clk) begin : p_read
    if (load) begin
        out_reg <= mem[rd_ptr_reg[AW-1:0]];
    end
    if (rst) begin
        out_reg <= {WIDTH{1'b0}};
    end
end

// pointers, credits, output valid
always @(posedge clk) begin : p_control
    if (wr_valid) begin
        wr_ptr_reg <= wr_ptr_reg + 1'b1;
    end
    if (load) begin
        rd_ptr_reg <= rd_ptr_reg + 1'b1;
        out_valid_reg <= 1'b1;
    end else if (out_fire) begin
        out_valid_reg <= 1'b0;
    end
    if (take && !out_fire) begin
        occ_reg <= occ_reg + 1'b1;
    end else if (!take && out_fire) begin
        occ_reg <= occ_reg - 1'b1;
    end

    if (rst) begin
        wr_ptr_reg <= {(AW + 1){1'b0}};
        rd_ptr_reg <= {(AW + 1){1'b0}};
        occ_reg <= {CW{1'b0}};
        out_valid_reg <= 1'b0;
    end
end

endmodule

`resetall
