# SPDX-License-Identifier: Apache-2.0
"""Hardware modes of operation: the core ``MODE(CORE)``, e.g. ``ofb(speck_iter)``,
``ctr(aes_pipe)``: rtl/modes/mode_engine.v around a registered core, with a generated top
(:mod:`ciphercores.rtlgen.mode_wrapper`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import BadParameterError, UnknownCoreError
from ..paths import gen_dir
from ..rtlgen import mode_wrapper
from .lookup import Composition, get, register_composition
from .schema import CORES, KINDS, RTL, Core, Params

#: hardware modes and their MODE number in rtl/modes/mode_engine.v (ECB is the core itself)
HW_MODES = {"cbc": 1, "cfb": 2, "ofb": 3, "ctr": 4}
#: the files the mode engine adds to its core's, dependencies first (its side FIFO's module)
ENGINE_RTL = ("common/axis_lut_fifo.v", "modes/mode_engine.v")
#: modes whose encryption needs the previous block's result (one block per core latency + 1)
SERIAL_ENCRYPT = ("cbc", "cfb", "ofb")


def serial_interval(latency: int) -> int:
    """Cycles between blocks of a chained encryption (CBC, CFB, OFB) through the engine, for a
    base core of ``latency``: a block waits for its predecessor's result, and the engine
    feeds it back in the cycle after (rtl/modes/mode_engine.v)."""
    return latency + 1
#: parameters the wrapper adds (DEPTH_LOG2 settable; the port widths derived, not settable)
_MODE_EXTRA = ("DEPTH_LOG2", "BLOCK_W", "KEY_W", "TLEN_W")
#: DEPTH_LOG2's allowed values: blocks in flight in the engine, 2 to 1024
DEPTH_CHOICES = tuple(range(1, 11))


@dataclass(frozen=True)
class ModeCore(Core):
    """A registered core inside rtl/modes/mode_engine.v, with a generated top module.

    Same interface as its base core plus an IV port (docs/interface.md, "Modes"). Its
    parameters are the base core's plus ``DEPTH_LOG2`` (blocks in flight in the engine); the
    generated top also takes the port widths, which :meth:`params` derives."""

    mode: str = ""
    base: str = ""
    kind: str = "mode"

    def params(self, overrides: Params | None = None) -> dict[str, int]:
        o = dict(overrides or {})
        depth = int(o.pop("DEPTH_LOG2", 6))
        for k in ("BLOCK_W", "KEY_W", "TLEN_W"):
            o.pop(k, None)
        base = CORES[self.base]
        p = base.params(o)
        if base.lanes(p) != 1:
            raise BadParameterError(f"{self.name}: the mode engine chains single blocks; "
                                    f"{base.name} with these parameters carries "
                                    f"{base.lanes(p)} blocks a beat")
        if depth not in DEPTH_CHOICES:
            raise BadParameterError(f"{self.name}: DEPTH_LOG2={depth} not allowed (1..10)")
        kb = base.key_bits(p)
        out = {**p, "DEPTH_LOG2": depth, "BLOCK_W": base.block_bits(p), "KEY_W": kb}
        if base.key_len_port:  # s_key_tlen: key length in bytes
            out["TLEN_W"] = (kb // 8).bit_length()
        return out

    def block_ciphers(self, params: Params) -> tuple[str, ...]:
        return CORES[self.base].ciphers(params)

    def sources(self) -> list[Path]:
        return [*CORES[self.base].sources(),
                *(RTL / f for f in ENGINE_RTL if f not in CORES[self.base].rtl),
                mode_wrapper.write(gen_dir(), self.top, self.generated())]

    def generated(self) -> str:
        from ..models import spec

        base = CORES[self.base]
        little = spec(base.ciphers(base.params())[0]).byteorder == "little"
        return mode_wrapper.mode_top(self.name, self.top, self.mode, HW_MODES[self.mode],
                                     self.params(), base.name, base.top, base.defaults,
                                     base.key_len_port, little)


_MODE_CORES: dict[str, ModeCore] = {}


def mode_bases() -> list[str]:
    """The registered cores a hardware mode can wrap (one block a beat with their defaults)."""
    return [n for n, c in CORES.items() if c.lanes() == 1]


def mode_core(mode: str, base_name: str) -> ModeCore:
    """The core ``MODE(BASE)``: ``mode_core("ofb", "speck_iter")`` is ``ofb(speck_iter)``."""
    if mode not in HW_MODES:
        raise UnknownCoreError(f"unknown hardware mode {mode!r} (known: {', '.join(HW_MODES)};"
                               f" ECB is the core itself)")
    base = get(base_name, kinds=tuple(KINDS))
    if base.kind != "block":
        raise UnknownCoreError(f"{mode}({base_name}): a mode engine wraps a block core; "
                               f"{base.name} is a {KINDS[base.kind]} (modes do not nest)")
    name = f"{mode}({base.name})"
    if name not in _MODE_CORES:
        serial = mode in SERIAL_ENCRYPT

        def ciphers(p, base=base, mode=mode):
            return tuple(f"{c}-{mode}" for c in base.ciphers(p))

        _MODE_CORES[name] = ModeCore(
            name=name, family=base.family, top=f"{mode}_{base.top}",
            rtl=(*base.rtl, *(f for f in ENGINE_RTL if f not in base.rtl)),
            summary=f"{mode.upper()} mode engine around {base.name}",
            defaults={**base.defaults, "DEPTH_LOG2": 6},
            choices={**base.choices, "DEPTH_LOG2": DEPTH_CHOICES},
            ciphers=ciphers, block_bits=base.block_bits, key_bits=base.key_bits,
            key_len_port=base.key_len_port, latency=base.latency,
            # encryption interval (CBC/CFB decryption runs at the base core's interval)
            interval=(lambda p, b=base: serial_interval(b.latency(p))) if serial
            else base.interval,
            burst=(lambda p: 1) if serial else base.burst,
            # CBC decrypts with the inverse cipher; CFB, OFB and CTR run it forward both ways
            decrypts=base.decrypts if mode == "cbc" else (lambda p: True),
            key_setup=base.key_setup, key_change=base.key_change,
            # the engine adds no reset stage and no wipe: the core's reset figures
            reset_cycles=base.reset_cycles, ready_after_reset=base.ready_after_reset,
            test_module="cocotb_mode",
            tests=("sp800_38a", "messages_vs_host_modes", "timing", "reset_mid_message"),
            test_sets=(), iv_port=True, mode=mode, base=base.name)
    return _MODE_CORES[name]


register_composition(Composition(
    "mode", tuple(HW_MODES), mode_core,
    lambda: [mode_core(m, b) for b in mode_bases() for m in HW_MODES]))
