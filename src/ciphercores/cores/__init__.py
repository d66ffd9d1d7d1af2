# SPDX-License-Identifier: Apache-2.0
"""The registry of RTL cores: the one list that tests, the CLI, the driver and the synthesis
flow read. Nothing else in the project lists cores; every caller imports this package.

- :mod:`.schema`: what a core entry says (:class:`Core`), the registry (``CORES``) and the
  output FIFO the pipelined cores share (:class:`OutFifo`: its sizing and cycle figures);
- :mod:`.speck`, :mod:`.blowfish`, :mod:`.aes`, :mod:`.des`: the cores of each cipher family;
- :mod:`.modecore`: the hardware mode cores ``MODE(CORE)`` built around a registered core;
- :mod:`.gcmcore`: the GCM cores ``gcm(CORE)`` around an AES core;
- :mod:`.buscore`: the bus wrappers ``BUS(CORE)`` around a block or mode core;
- :mod:`.lookup`: finding a core by name, by ``NAME:PARAM=VALUE,...`` or by cipher, and every
  core of some kinds.

Each entry has a kind (``KINDS``): ``block`` for the cores of ``CORES``, ``mode``, ``gcm`` and
``bus`` for the compositions built by name around them, which have a generated top
(``Core.generated``). Every command that lists, exports or packages cores reads them through
:func:`every` and :func:`get`.
"""

from __future__ import annotations

# the family modules register their cores on import, in this order (the order of ``CORES``)
from . import speck  # noqa: F401  isort: skip
from . import blowfish  # noqa: F401  isort: skip
from . import aes  # noqa: F401  isort: skip
from . import des  # noqa: F401  isort: skip
# the compositions register their kinds with the lookup on import (lookup.Composition)
from . import buscore  # noqa: F401  isort: skip
# the errors of this API (defined in ciphercores.errors with the other error classes)
from ..errors import BadParameterError, UnknownCoreError
from .gcmcore import GcmCore, gcm_bases, gcm_core
from .lookup import (
    configure,
    cores_for,
    every,
    get,
    listed_core,
    parse_core_spec,
    split_core_spec,
)
from .modecore import HW_MODES, SERIAL_ENCRYPT, ModeCore, mode_bases, mode_core
from .params import parse_assignments, parse_params
from .schema import (
    CONTRACT_TESTS,
    CORES,
    KINDS,
    LISTED_KINDS,
    MAX_RESET_CYCLES,
    ROOT,
    RTL,
    STREAM_KINDS,
    Core,
    OutFifo,
    Params,
    gbps,
    register,
)

__all__ = ["CONTRACT_TESTS", "CORES", "HW_MODES", "KINDS", "LISTED_KINDS", "MAX_RESET_CYCLES",
           "ROOT", "RTL", "SERIAL_ENCRYPT", "STREAM_KINDS", "BadParameterError", "Core",
           "GcmCore", "ModeCore", "OutFifo", "Params", "UnknownCoreError", "configure",
           "cores_for", "every", "gbps", "gcm_bases", "gcm_core", "get", "listed_core",
           "mode_bases", "mode_core", "parse_assignments", "parse_core_spec", "parse_params",
           "register", "split_core_spec"]
