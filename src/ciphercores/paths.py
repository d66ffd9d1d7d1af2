# SPDX-License-Identifier: Apache-2.0
"""Where the package finds its files and where it writes them.

- The RTL and the official vectors: in a source checkout (the editable install), the
  repository's ``rtl/`` and ``vectors/``; in an installed wheel, the copies shipped inside the
  package (``ciphercores/data/``, see ``[tool.setuptools.package-data]`` in pyproject.toml).
- The cache root, the one directory every cache lives under (co-simulation builds, synthesis
  steps, generated mode wrappers outside a checkout): ``$CIPHERCORES_CACHE_DIR``, else the
  user cache directory (``$XDG_CACHE_HOME/ciphercores`` or ``~/.cache/ciphercores`` on Linux).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

#: the package directory (src/ciphercores in a checkout, site-packages/ciphercores installed)
PKG = Path(__file__).resolve().parent
#: the repository root when running from a source checkout (src/ciphercores -> the checkout)
ROOT = PKG.parents[1]
#: True in a source checkout, False in an installed wheel
CHECKOUT = (ROOT / "pyproject.toml").is_file() and (ROOT / "rtl").is_dir()
#: the environment variable that moves the cache root
CACHE_ENV = "CIPHERCORES_CACHE_DIR"


def _data(name: str) -> Path:
    return ROOT / name if CHECKOUT else PKG / "data" / name


#: the RTL (rtl/<family>/*.v, *.f, *.hex) and the official known-answer files
RTL = _data("rtl")
VECTORS = _data("vectors")


def cache_root() -> Path:
    """``$CIPHERCORES_CACHE_DIR``, else the user cache directory (created on demand by its
    users)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    if os.environ.get("CIPHERCORES_CACHE"):
        warnings.warn("CIPHERCORES_CACHE is no longer read: set CIPHERCORES_CACHE_DIR",
                      stacklevel=2)
    import platformdirs

    return Path(platformdirs.user_cache_dir("ciphercores", appauthor=False))


def gen_dir() -> Path:
    """Where generated RTL (the tops of the hardware mode cores) is written: build/gen in a
    checkout, the cache root's gen/ in an installed wheel."""
    return ROOT / "build" / "gen" if CHECKOUT else cache_root() / "gen"
