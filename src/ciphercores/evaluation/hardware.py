# SPDX-License-Identifier: Apache-2.0
"""Hardware figures per core from the measurement flow's cache and the registry's cycle model.

key setup = key_setup cycles / Fmax, latency = latency cycles / Fmax, throughput = block bits x
lanes x Fmax / interval. Fmax is the routed median of placer seeds 1, 2, 3 (``ciphercores
synth``); the cycle counts are the registry's for the cipher of each result
(``Core.cycles``: aes_iter takes 10 cycles a block for AES-128, 14 for AES-256), which every
core's ``timing`` test checks against simulation, per key length. Nothing is run here: a core
never measured is reported as missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cores
from .stats import Summary


@dataclass(frozen=True)
class HardwareResult:
    core: str
    params: dict
    cipher: str
    target: str
    grade: str | None
    fmax_mhz: Summary  # median (min..max) over the seeds
    key_setup_cycles: int
    latency_cycles: int
    interval_cycles: int
    block_bits: int
    lanes: int
    luts: int | None
    ffs: int | None

    def _per_cycle(self, cycles: int) -> Summary:
        # time = cycles / f: the slowest seed gives the longest time
        return self.fmax_mhz.inverse(cycles / 1e6)

    @property
    def key_setup_s(self) -> Summary:
        return self._per_cycle(self.key_setup_cycles)

    @property
    def latency_s(self) -> Summary:
        return self._per_cycle(self.latency_cycles)

    @property
    def throughput_MBps(self) -> Summary:
        return self.fmax_mhz.scaled(self.block_bits * self.lanes / self.interval_cycles / 8)

    @property
    def label(self) -> str:
        ps = ",".join(f"{k}={v}" for k, v in self.params.items())
        grade = f" speed {self.grade}" if self.grade else ""
        return f"{self.core}{':' + ps if ps else ''} ({self.target}{grade})"

    def as_dict(self) -> dict:
        return {"core": self.core, "params": self.params, "cipher": self.cipher,
                "target": self.target, "grade": self.grade,
                "fmax_mhz": self.fmax_mhz.as_dict(), "key_setup_cycles": self.key_setup_cycles,
                "latency_cycles": self.latency_cycles, "interval_cycles": self.interval_cycles,
                "block_bits": self.block_bits, "lanes": self.lanes, "luts": self.luts,
                "ffs": self.ffs, "key_setup_s": self.key_setup_s.as_dict(),
                "latency_s": self.latency_s.as_dict(),
                "throughput_MBps": self.throughput_MBps.as_dict()}


def from_record(rec: dict, cipher: str) -> HardwareResult | None:
    """One cached measurement record (``ciphercores.synth.flow.measure``) for ``cipher``."""
    if rec.get("status") != "ok" or not rec.get("fmax_mhz"):
        return None
    core = cores.get(rec["core"])
    p = core.params(rec["params"])
    area = rec.get("core_area") or rec.get("area") or {}
    fmax = Summary(rec["fmax_mhz"], rec.get("fmax_min_mhz", rec["fmax_mhz"]),
                   rec.get("fmax_max_mhz", rec["fmax_mhz"]), len(rec.get("seeds", [1])))
    figs = core.cycles(p, cipher)  # this cipher's: aes_iter's rounds follow the key length
    return HardwareResult(
        core=core.name, params=dict(rec["params"]), cipher=cipher, target=rec["target"],
        grade=rec.get("grade"), fmax_mhz=fmax,
        key_setup_cycles=figs["key_setup"], latency_cycles=figs["latency"],
        interval_cycles=figs["interval"], block_bits=rec.get("block_bits", core.block_bits(p)),
        lanes=int(rec.get("lanes", 1) or 1), luts=area.get("lut"), ffs=area.get("ff"))


def collect(target: str = "ecp5", grade: str | None = "8") -> list[HardwareResult]:
    """Every cached, timed measurement of every registered core for ``target``/``grade``."""
    from ..synth import results

    out = []
    for rec in results.collect():
        if rec.get("target") != target or (grade is not None and rec.get("grade") != grade):
            continue
        for cipher in rec.get("ciphers", []):
            r = from_record(rec, cipher)
            if r is not None:
                out.append(r)
    return out
