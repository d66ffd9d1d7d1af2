# SPDX-License-Identifier: Apache-2.0
"""GCM cores ``gcm(CORE)``: rtl/gcm/gcm_engine.v around a registered AES core (``gcm(aes_iter)``,
``gcm(aes_pipe)``), with a generated top (:mod:`ciphercores.rtlgen.gcm_wrapper`); named like
the hardware modes ``MODE(CORE)`` and, like them, built on demand by ``cores.get`` rather than
listed in ``CORES`` (the registry's kind ``gcm``; ``cores.every`` lists them after the block
cores, and the README's table, the datasheets, ``ciphercores cores``, ``export`` and the
FuseSoC files treat them as cores). Their packets (docs/interface.md, "GCM cores") do not fit
the block interface the generic tests assume: they have their own tests (tests/gcm/) and their
own measurement harness (rtl/common/synth_harness_gcm.v, which ``ciphercores.synth.design``
picks for them)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from ..errors import BadParameterError, UnknownCoreError
from ..paths import gen_dir
from ..rtlgen import gcm_wrapper, mode_wrapper
from .lookup import Composition, get, register_composition
from .schema import CORES, KINDS, RTL, Core, Params

#: the GHASH unit per base core: GHASH_P = 0 (ghash_ds: one product per 128/DIGIT + 1 cycles,
#: enough for an iterative AES), or the P-stage ghash.v (one block a cycle, for a pipeline)
_GHASH_DEFAULTS = {"aes_iter": {"GHASH_P": 0, "DIGIT": 16, "DEPTH_LOG2": 2},
                   "aes_pipe": {"GHASH_P": 8, "DIGIT": 16, "DEPTH_LOG2": 6}}
#: the base core's parameters GCM sets otherwise than the core: GCM runs the cipher forward
#: alone, so the encrypt-only build (DECRYPT=1 is allowed, and only adds the inverse's area)
_BASE_DEFAULTS = {"DECRYPT": 0}
#: the engine's parameters' allowed values (GHASH_P != 0 needs DEPTH_LOG2 >= 2)
_ENGINE_CHOICES = {"GHASH_P": (0, 1, 2, 4, 8, 16), "DIGIT": (1, 2, 4, 8, 16, 32, 64),
                   "DEPTH_LOG2": tuple(range(1, 11))}
#: base cores whose key load waits for the block inside to finish (aes_iter's round engine);
#: aes_pipe takes a key with blocks in flight
_KEY_WAITS_FOR_BLOCK = ("aes_iter",)
_GCM_RTL = ("common/axis_credit_count.v", "common/axis_credit_fifo_piped.v",
            "common/axis_reg_slice.v", "common/axis_lut_fifo.v", "gcm/gf128_mul_ds.v",
            "gcm/ghash_ds.v", "gcm/ghash.v", "gcm/gcm_request.v", "gcm/gcm_join.v",
            "gcm/gcm_tag_check.v", "gcm/gcm_engine.v")
#: the most bytes of AAD, of data and of IV in one message (the engine's 36-bit byte counters;
#: SP 800-38D allows 2^36 - 32 bytes of data)
MAX_BYTES = (1 << 36) - 1


@dataclass(frozen=True)
class GcmCore(Core):
    """A registered AES core inside rtl/gcm/gcm_engine.v, with a generated top module.

    Ports: docs/interface.md, "GCM cores". Its parameters are the base core's plus
    ``DEPTH_LOG2`` (side FIFO), ``GHASH_P`` (0: the digit-serial GHASH unit, else the P-stage
    one) and ``DIGIT`` (the serial unit's multiplier digit); the generated top also takes the
    key port's widths, which :meth:`params` derives."""

    base: str = ""
    #: the mode it runs in hardware, as a mode core's ``mode`` (front ends match it with the
    #: cipher name's mode: ``aes-128-gcm``)
    mode: str = "gcm"
    kind: str = "gcm"

    def params(self, overrides: Params | None = None) -> dict[str, int]:
        o = dict(overrides or {})
        extra = dict(_GHASH_DEFAULTS[self.base])
        for k in ("DEPTH_LOG2", "GHASH_P", "DIGIT"):
            if k in o:
                extra[k] = int(o.pop(k))
        for k in ("KEY_W", "TLEN_W"):
            o.pop(k, None)
        base = CORES[self.base]
        o = {**{k: v for k, v in _BASE_DEFAULTS.items() if k in base.defaults}, **o}
        p = base.params(o)
        if base.lanes(p) != 1:
            raise BadParameterError(f"{self.name}: the GCM engine takes one block a beat; "
                                    f"{base.name} with these parameters carries "
                                    f"{base.lanes(p)}")
        for k, allowed in _ENGINE_CHOICES.items():
            if extra[k] not in allowed:
                raise BadParameterError(f"{self.name}: {k}={extra[k]} not allowed "
                                        f"({', '.join(map(str, allowed))})")
        if extra["GHASH_P"] and extra["DEPTH_LOG2"] < 2:  # the block-RAM side FIFO
            raise BadParameterError(f"{self.name}: DEPTH_LOG2={extra['DEPTH_LOG2']} not "
                                    f"allowed with GHASH_P={extra['GHASH_P']} (2..10)")
        kb = base.key_bits(p)
        out = {**p, **extra, "KEY_W": kb}
        if base.key_len_port:
            out["TLEN_W"] = (kb // 8).bit_length()
        return out

    def block_ciphers(self, params: Params) -> tuple[str, ...]:
        return CORES[self.base].ciphers(params)

    def sources(self) -> list[Path]:
        return [*(RTL / f for f in self.rtl),
                mode_wrapper.write(gen_dir(), self.top, self.generated())]

    def generated(self) -> str:
        base = CORES[self.base]
        return gcm_wrapper.gcm_top(self.name, self.top, self.params(), base.name, base.top,
                                   base.defaults, base.key_len_port)

    def tag_after_data(self, params: Params | None = None) -> int:
        """Cycles from ``latency`` after the last data beat's handshake (its output offered) to
        the tag or verdict offered, the output always ready: the last block's and the length
        block's GHASH (128/DIGIT + 1 cycles each on ghash_ds; 2P + 3 on ghash.v from the
        length block, a cycle behind the last block), the tag's register (the comparison
        with the expected tag) and the output register."""
        p = self.params(params)
        if p["GHASH_P"]:
            return 2 * p["GHASH_P"] + 5
        return 2 * (128 // p["DIGIT"] + 1) + 2


def _gcm_parts(base: Core, p: Params) -> dict[str, str]:
    """A GCM core's parts: the AES core, the GHASH unit, and the rest of the engine (side
    FIFO, counter, J0, length block, tag) around them."""
    return {"AES core": base.top, "GHASH": "ghash" if p.get("GHASH_P", 0) else "ghash_ds",
            "rest of the GCM engine": "gcm_engine"}


_GCM_CORES: dict[str, GcmCore] = {}


def gcm_bases() -> list[str]:
    """The registered cores GCM can wrap: the AES cores (SP 800-38D: a 128-bit block cipher,
    AES the approved one)."""
    return [n for n in _GHASH_DEFAULTS if n in CORES]


def gcm_core(base_name: str) -> GcmCore:
    """The core ``gcm(BASE)``."""
    base = get(base_name, kinds=tuple(KINDS))
    if base.kind != "block":
        raise UnknownCoreError(f"gcm({base_name}): the GCM engine wraps a block core; "
                               f"{base.name} is a {KINDS[base.kind]} (modes do not nest)")
    if base.name not in gcm_bases():
        raise UnknownCoreError(f"gcm({base_name}): GCM wraps {', '.join(gcm_bases())} "
                               "(an AES core)")
    name = f"gcm({base.name})"
    if name not in _GCM_CORES:
        def ciphers(p, base=base):
            return tuple(f"{c}-gcm" for c in base.ciphers(p))

        def latency(p, base=base):
            # a data beat: the core, the register after it, then the output register
            return base.latency(p) + 2

        def interval(p, base=base):
            g = 1 if p.get("GHASH_P", 0) else 128 // p.get("DIGIT", 16) + 1
            return max(base.interval(p), g)

        def key_setup(p, base=base):
            # the H block enters the core when the key set-up ends, the IV a cycle later
            return base.key_setup(p) + 1

        def ready_after_reset(p, base=base):
            # the H block of the zero key enters once the core takes blocks and (with
            # ghash.v) the block-RAM side FIFO's wipe is over (its credit: three cycles after
            # the wipe's last entry); a key then waits for it where the core makes keys wait
            # for its block (AES-128's pass)
            wait = base.interval({**p, "KEY_LEN": 16}) if base.name in _KEY_WAITS_FOR_BLOCK \
                else 0
            side = (1 << p["DEPTH_LOG2"]) + 2 if p["GHASH_P"] else 0
            return max(base.ready_after_reset(p), side) + 1 + wait

        defaults = {**base.defaults,
                    **{k: v for k, v in _BASE_DEFAULTS.items() if k in base.defaults},
                    **_GHASH_DEFAULTS[base.name]}
        _GCM_CORES[name] = GcmCore(
            name=name, family=base.family, top=f"gcm_{base.top}",
            rtl=(*base.rtl, *(f for f in _GCM_RTL if f not in base.rtl)),
            summary=f"GCM engine around {base.name}",
            defaults=defaults, choices={**base.choices, **_ENGINE_CHOICES},
            ciphers=ciphers, block_bits=base.block_bits, key_bits=base.key_bits,
            key_len_port=base.key_len_port, latency=latency, interval=interval,
            key_setup=key_setup,
            key_change="taken between messages only: waits until the message's packets "
                       "are in, then for the core's own key change",
            reset_cycles=base.reset_cycles, ready_after_reset=ready_after_reset,
            parts=functools.partial(_gcm_parts, base),
            test_module="cocotb_gcm",
            tests=("nist_cavp", "wycheproof", "random_messages", "cycles", "reset_wipes"),
            test_sets=(), iv_port=True, base=base.name)
    return _GCM_CORES[name]


register_composition(Composition(
    "gcm", ("gcm",), lambda _gcm, base_name: gcm_core(base_name),
    lambda: [gcm_core(b) for b in gcm_bases()]))
