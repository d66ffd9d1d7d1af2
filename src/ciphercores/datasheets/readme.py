# SPDX-License-Identifier: Apache-2.0
"""The README's core table: every listed core at its defaults, measured on the README's
target, with its cycle figures from the registry."""

from __future__ import annotations

from .. import cores
from ..cores import ROOT, Core
from ..models import spec
from .files import sheet
from .gcm import gcm_arch
from .notes import architecture
from .tables import every_cipher

BEGIN = "<!-- cores:begin (written by `ciphercores datasheets`; do not edit) -->"
END = "<!-- cores:end -->"


def time_at(cycles: int, fmax_mhz: float) -> str:
    """``cycles`` at ``fmax_mhz`` as a time: µs from one µs up, else ns."""
    us = cycles / fmax_mhz
    return f"{us:,.1f} µs" if us >= 1 else f"{us * 1e3:,.0f} ns"


def _key_setup_cell(table: list, rec: dict | None) -> str:
    """Key set-up cycles (the range over the core's ciphers) and, with a measured Fmax, the
    time they take at it (marked where the record is stale)."""
    from ..synth.results import mark

    lo, hi = table[0][1]["key_setup"], table[-1][1]["key_setup"]
    cyc = f"{lo:,}" if lo == hi else f"{lo:,} to {hi:,}"
    if rec is None or rec["status"] != "ok" or not rec.get("fmax_mhz"):
        return cyc
    f = rec["fmax_mhz"]
    t = time_at(lo, f) if lo == hi else f"{time_at(lo, f)} to {time_at(hi, f)}"
    return f"{cyc} ({mark(t, rec)})"


def _ciphers_short(core: Core) -> str:
    names = every_cipher(core)
    if len(names) <= 3:
        return ", ".join(names)
    return f"{len(names)} {spec(names[0]).family.upper()} sets"


def readme_table(recs: list[dict]) -> list[str]:
    """The README's core table: one line per core, its default parameters measured on the
    README's target (``results.README_CONFIG``)."""
    from ..synth import results
    from ..synth.targets import TARGETS

    target, grade = results.README_CONFIG
    out = [f"Measured on {TARGETS[target].device}, speed grade {grade}, default parameters, "
           "core alone; Fmax the median of three placer seeds. Every target and parameter set: "
           "each core's datasheet and [docs/results.md](docs/results.md). Cycles from the "
           "registry: \"reset / ready after\" is the cycles `rst` must stay high, then the "
           "most cycles after it before the core takes a key "
           "([rule 5](docs/interface.md#handshake-rules-all-cores)); key set-up in cycles and "
           "in time at the measured Fmax; Gbit/s for ECB and CTR (blocks interleave), "
           "chained for CBC encryption, CFB and OFB through the hardware mode engine (a block "
           "waits for the one before: latency + 1 cycles; – where the engine does not take "
           "the core). The GCM cores (AES-GCM, authenticated) are last: their Gbit/s is a "
           "message's data rate.", "",
           "| core | ciphers | architecture | latency / interval | reset / ready after | "
           "key set-up | LUT | Fmax MHz | Gbit/s | chained Gbit/s |",
           "|---|---|---|---|---|---|---:|---:|---:|---:|"]
    shown = []
    for core in cores.every(cores.LISTED_KINDS):
        gcm = core.kind == "gcm"
        p = core.params()
        rec = next((r for r in recs if r["core"] == core.name and r["params"] == p
                    and r["target"] == target and r.get("grade") == grade), None)
        lut = fmax = gbps = chained = "–"
        if rec is not None:
            lut = results.fmt(rec["core_area"]["lut"])
            fmax = (results.fmt(rec.get("fmax_mhz")) + results.cap_note(rec)
                    if rec["status"] == "ok" else rec["status"])
            gbps = results.fmt(rec.get("gbps"), 3)
        table = core.cycle_table(p)
        cycles = f"{table[0][1]['latency']} / {table[0][1]['interval']}"
        if len(table) > 1:  # figures per cipher (aes_iter: per key length): the range, named
            (lo, f_lo), (hi, f_hi) = table[0], table[-1]
            cycles = (f"{f_lo['latency']} / {f_lo['interval']} ({lo[0]}) to "
                      f"{f_hi['latency']} / {f_hi['interval']} ({hi[-1]})")
            if rec is not None and rec["status"] == "ok" and rec.get("fmax_mhz"):
                rate = [results.fmt(core.gbps(p, rec["fmax_mhz"], c), 3)
                        for c in (lo[0], hi[-1])]
                gbps = f"{rate[0]} ({lo[0]}) to {rate[1]} ({hi[-1]})"
        if rec is not None and rec["status"] == "ok" and not gcm:
            per = results.chained_gbps(core, p, rec.get("fmax_mhz"))
            if per:
                chained = results.fmt(per[0][1], 3) if len(per) == 1 else (
                    f"{results.fmt(per[0][1], 3)} ({table[0][0][0]}) to "
                    f"{results.fmt(per[-1][1], 3)} ({table[-1][0][-1]})")
        reset = core.reset_figures(p)
        key = _key_setup_cell(table, rec)
        lut, fmax, gbps, chained = (results.mark(c, rec) for c in (lut, fmax, gbps, chained))
        shown += [rec] if rec is not None else []
        ciphers, arch = ((", ".join(core.ciphers(p)), gcm_arch(core)) if gcm
                         else (_ciphers_short(core), architecture(core)[0]))
        out.append(f"| [`{core.name}`]({sheet(core).relative_to(ROOT).as_posix()}) | "
                   f"{ciphers} | "
                   f"{arch} | {cycles} | {reset['reset_cycles']} / "
                   f"{reset['ready_after_reset']:,} | {key} | {lut} | {fmax} | {gbps} | "
                   f"{chained} |")
    note = results.stale_footnote(shown, f"docs/results.md#{results.STALE_ANCHOR}")
    return out + ([""] + note[:-1] if note else [])


def readme(recs: list[dict], text: str) -> str:
    """The README ``text`` with its core table rewritten."""
    from ..synth.results import replace_block

    return replace_block(text, readme_table(recs), BEGIN, END)
