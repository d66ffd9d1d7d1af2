# SPDX-License-Identifier: Apache-2.0
"""`python -m ciphercores.formal` (`make formal`): every target, its sweep and its mutations."""

import sys

from . import run_all

sys.exit(run_all())
