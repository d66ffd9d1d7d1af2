# SPDX-License-Identifier: Apache-2.0
"""``python -m ciphercores``: the same as the ``ciphercores`` command."""

import sys

from .cli import main

sys.exit(main())
