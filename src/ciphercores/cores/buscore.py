# SPDX-License-Identifier: Apache-2.0
"""Bus wrappers: ``BUS(CORE)``, e.g. ``axil(aes_iter)``, ``wb(cbc(aes_iter))``: a registered
one-block-per-beat core (or a mode core around one) behind memory-mapped registers on AXI4-Lite
or Wishbone B4 classic (docs/bus.md), with a generated top
(:mod:`ciphercores.rtlgen.bus_wrapper`). The registry's kind ``bus``: ``cores.get`` finds one
by name for the commands that take every kind (``export``, the FuseSoC files, ``ciphercores
cores --all``), and it has what they read of a core (``name``, ``kind``, ``top``, ``summary``,
``defaults``, ``choices``, ``params()``, ``sources()``, ``generated()``); the simulation runner
and lint take one like a core. It has no stream interface, so no cycle figures."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import BadParameterError, UnknownCoreError
from ..paths import gen_dir
from ..rtlgen import bus_wrapper
from .lookup import Composition, every, get, register_composition
from .modecore import ModeCore, mode_bases
from .schema import KINDS, RTL, Core, Params

#: bus -> the bridge's RTL file (rtl/bus/)
BUSES = {"axil": "bus/axil_regs_bridge.v", "wb": "bus/wb_regs_bridge.v"}
#: bus -> what it is, for the summary
BUS_NAMES = {"axil": "AXI4-Lite", "wb": "Wishbone B4 classic"}
#: parameters the wrapper adds: the output FIFO's size (settable), the port widths (derived)
OFIFO_LOG2 = 2
#: OFIFO_LOG2's allowed values (checked in cc_regs.v at elaboration too)
OFIFO_CHOICES = tuple(range(1, 7))
#: the widest block and key the register map holds (DIN: 4 words, KEY: 16 words)
MAX_BLOCK_BITS, MAX_KEY_BITS = 128, 512


@dataclass(frozen=True)
class BusCore:
    """A core behind the bus wrapper of ``bus``."""

    bus: str
    core: Core
    kind = "bus"

    @property
    def name(self) -> str:
        return f"{self.bus}({self.core.name})"

    @property
    def top(self) -> str:
        return f"{self.bus}_{self.core.top}"

    @property
    def base(self) -> str:
        """The name of the core inside (a block or mode core)."""
        return self.core.name

    @property
    def family(self) -> str:
        return self.core.family

    @property
    def summary(self) -> str:
        return (f"{self.core.name} behind memory-mapped registers on {BUS_NAMES[self.bus]} "
                "(docs/bus.md)")

    @property
    def iv_port(self) -> bool:
        return self.core.iv_port

    @property
    def key_len_port(self) -> bool:
        return self.core.key_len_port

    @property
    def defaults(self) -> dict[str, int]:
        """The settable parameters and their defaults: the core's and OFIFO_LOG2 (the others
        of :meth:`params` are derived from these)."""
        return {**self.core.defaults, "OFIFO_LOG2": OFIFO_LOG2}

    @property
    def choices(self) -> dict[str, tuple[int, ...]]:
        return {**self.core.choices, "OFIFO_LOG2": OFIFO_CHOICES}

    @property
    def derived(self):
        """The core's parameters that follow its others (``Core.derived``)."""
        return self.core.derived

    def ciphers(self, params: Params) -> tuple[str, ...]:
        """The ciphers of the core inside with ``params``."""
        return self.core.ciphers(params)

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
        if fifo not in OFIFO_CHOICES:
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
        from ..rtlgen import mode_wrapper

        return [*self.core.sources(), RTL / "bus" / "cc_regs.v", RTL / BUSES[self.bus],
                mode_wrapper.write(gen_dir(), self.top, self.generated())]

    def generated(self) -> str:
        """The text of the generated top."""
        p = self.params()
        return bus_wrapper.bus_top(self.name, self.top, self.bus, p, self.core.name,
                                   self.core.top, self.core_params(p), self.core.key_len_port,
                                   self.core.iv_port)


def bus_core(bus: str, core_name: str) -> BusCore:
    """The wrapper ``BUS(CORE)``: ``bus_core("wb", "cbc(aes_iter)")``, around a block core or
    a mode core."""
    if bus not in BUSES:
        raise UnknownCoreError(f"unknown bus {bus!r} (known: {', '.join(BUSES)})")
    core = get(core_name, kinds=tuple(KINDS))
    if core.kind not in ("block", "mode"):
        raise UnknownCoreError(
            f"{bus}({core_name}): a bus wrapper takes a block or mode core; {core.name} is a "
            f"{KINDS[core.kind]}" + (" (bus wrappers do not nest)" if core.kind == "bus" else
                                     " (its packets do not fit the register map)"))
    return BusCore(bus, core)


register_composition(Composition(
    "bus", tuple(BUSES), bus_core,
    # around each one-block core and each mode core
    lambda: [bus_core(bus, c) for bus in BUSES
             for c in (*mode_bases(), *(m.name for m in every(("mode",))))]))
