# SPDX-License-Identifier: Apache-2.0
"""The measurement flow: every registered core inside one generic harness
(rtl/common/synth_harness.v) through Yosys and nextpnr, cached, swept and written up.

- ``flow``: one measurement (``measure``) and its record read back (``recorded``)
- ``design``: what is measured (sources, harness, parameters, port widths)
- ``steps``: synthesis and place-and-route, each step cached (``cache``), run by ``runner``
- ``measurements``: the archive (docs/measurements.json) and the inputs digests
- ``targets``: ecp5, xc7, ice40
- ``reports``: readers of the tools' outputs
- ``explore``: parameter sweeps on Dask, CSV/JSON/plot
- ``results``: docs/results.md from the cache
"""

from ..errors import FlowError
from ..paths import cache_root
from .flow import DEFAULT_SEEDS, measure
from .targets import TARGETS

__all__ = ["DEFAULT_SEEDS", "TARGETS", "FlowError", "cache_root", "measure"]
