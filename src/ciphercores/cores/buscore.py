# SPDX-License-Identifier: Apache-2.0
"""Bus wrappers: ``BUS(CORE)``, e.g. ``axil(aes_iter)``, ``wb(cbc(aes_iter))``: a registered
one-block-per-beat core (or a mode core around one) behind memory-mapped registers on AXI4-Lite
or Wishbone B4 classic (docs/bus.md), with a generated top
(:mod:`ciphercores.rtlgen.bus_wrapper`). The simulation runner and lint take one like a core:
it has a ``name``, a ``top`` and ``sources()``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import BadParameterError, UnknownCoreError
from ..paths import gen_dir
from ..rtlgen import bus_wrapper
from .modecore import ModeCore
from .schema import RTL, Core, Params

#: bus -> the bridge's RTL file (rtl/bus/)
BUSES = {"axil": "bus/axil_regs_bridge.v", "wb": "bus/wb_regs_bridge.v"}
#: parameters the wrapper adds: the output FIFO's size (settable), the port widths (derived)
OFIFO_LOG2 = 2
#: the widest block and key the register map holds (DIN: 4 words, KEY: 16 words)
MAX_BLOCK_BITS, MAX_KEY_BITS = 128, 512


@dataclass(frozen=True)
class BusCore:
    """A core behind the bus wrapper of ``bus``."""

    bus: str
    core: Core

    @property
    def name(self) -> str:
        return f"{self.bus}({self.core.name})"

    @property
    def top(self) -> str:
        return f"{self.bus}_{self.core.top}"

    @property
    def iv_port(self) -> bool:
        return self.core.iv_port

    def params(self, overrides: Params | None = None) -> dict[str, int]:
        """The core's parameters (``overrides`` applied) and the wrapper's: OFIFO_LOG2, the
        port widths BLOCK_W, KEY_W, TLEN_W (0: no key length port) and the core's
        RESET_CYCLES (derived)."""
        o = dict(overrides or {})
        fifo = int(o.pop("OFIFO_LOG2", OFIFO_LOG2))
        o.pop("RESET_CYCLES", None)
        for k in ("BLOCK_W", "KEY_W", "TLEN_W"):  # derived below (a mode core derives them)
            o.pop(k, None)
        p = self.core.params(o)
        if self.core.lanes(p) != 1:
            raise BadParameterError(f"{self.name}: the bus wrapper moves one block a beat; "
                                    f"{self.core.name} carries {self.core.lanes(p)}")
        bb, kb = self.core.block_bits(p), self.core.key_bits(p)
        if bb > MAX_BLOCK_BITS or kb > MAX_KEY_BITS:
            raise BadParameterError(f"{self.name}: blocks up to {MAX_BLOCK_BITS} bits and keys "
                                    f"up to {MAX_KEY_BITS} bits fit the register map")
        if not 1 <= fifo <= 6:
            raise BadParameterError(f"{self.name}: OFIFO_LOG2={fifo} not allowed (1..6)")
        tlen = (kb // 8).bit_length() if self.core.key_len_port else 0
        # edges the core's reset must stay high (interface rule 5; 1 where the registry has
        # no such figure)
        resets = int(getattr(self.core, "reset_cycles", lambda p: 1)(p))
        return {**p, "BLOCK_W": bb, "KEY_W": kb, "TLEN_W": tlen, "OFIFO_LOG2": fifo,
                "RESET_CYCLES": resets}

    def core_params(self, params: Params) -> dict[str, int]:
        """The core's own parameters out of the wrapper's ``params``."""
        names = set(self.core.params()) if isinstance(self.core, ModeCore) else \
            set(self.core.defaults)
        return {k: v for k, v in params.items() if k in names}

    def sources(self) -> list[Path]:
        return [*self.core.sources(), RTL / "bus" / "cc_regs.v", RTL / BUSES[self.bus],
                _bus_top(self)]


def _bus_top(bc: BusCore) -> Path:
    """Write (if changed) and return the generated top of ``bc``."""
    from ..rtlgen import mode_wrapper

    p = bc.params()
    text = bus_wrapper.bus_top(bc.name, bc.top, bc.bus, p, bc.core.name, bc.core.top,
                               bc.core_params(p), bc.core.key_len_port, bc.core.iv_port)
    return mode_wrapper.write(gen_dir(), bc.top, text)


def bus_core(bus: str, core_name: str) -> BusCore:
    """The wrapper ``BUS(CORE)``: ``bus_core("wb", "cbc(aes_iter)")``."""
    if bus not in BUSES:
        raise UnknownCoreError(f"unknown bus {bus!r} (known: {', '.join(BUSES)})")
    from .lookup import get

    return BusCore(bus, get(core_name))
