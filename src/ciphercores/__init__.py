"""ciphercores: open, verified FPGA block-cipher cores and the tools around them."""

__version__ = "0.1.0"
