# SPDX-License-Identifier: Apache-2.0
"""ciphercores: open, verified FPGA block-cipher cores and the tools around them."""

__version__ = "0.1.0"


def open_core(name, **kwargs):
    """Open an RTL core as a block-cipher device: see :func:`ciphercores.driver.open_core`."""
    from .driver import open_core as _open

    return _open(name, **kwargs)
