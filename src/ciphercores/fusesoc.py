# SPDX-License-Identifier: Apache-2.0
"""``python -m ciphercores.fusesoc [--check]``: the command that writes (or checks) the FuseSoC
core files under rtl/, which their header names; the generator is
:mod:`ciphercores.distribution.fusesoc`."""

from __future__ import annotations

import sys

if __name__ == "__main__":
    from .distribution.fusesoc import main

    sys.exit(main())
