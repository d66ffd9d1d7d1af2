# SPDX-License-Identifier: Apache-2.0
"""``ciphercores bench``: hardware against software, per cipher, as the papers publish it.

Rows per cipher: each software implementation measured here, each measured core (from the
synthesis cache), and the papers' own figures (cited). Columns: key setup, per-block latency,
bulk throughput, and throughput relative to OpenSSL on this machine. A cipher without a
hardware figure (no core registered for it, as AES-GCM, or none measured here) gets one
hardware row "not yet measured" without figures: never an estimate. Then the Blowfish paper's
Table III for every cipher: the percentage decrease in execution time, hardware vs software.
"""

from __future__ import annotations

import csv
import io
import json
import platform
from collections.abc import Iterable
from dataclasses import dataclass

from .. import cores
from . import papers
from .hardware import HardwareResult
from .software import SoftwareResult
from .stats import Summary, percent_decrease

#: the name of the hardware row of a cipher that has no hardware figure
NOT_MEASURED = "not yet measured"


@dataclass(frozen=True)
class Row:
    cipher: str
    kind: str  # software | hardware | paper
    name: str
    key_setup_s: Summary | float | None
    latency_s: Summary | float | None
    throughput_MBps: Summary | float | None
    source: str = ""

    def median(self, field: str) -> float | None:
        v = getattr(self, field)
        return v.median if isinstance(v, Summary) else v


def _paper_rows(cipher: str) -> list[Row]:
    by_platform: dict[tuple[str, str], dict[str, float]] = {}
    where: dict[tuple[str, str], list[str]] = {}
    for f in papers.figures(cipher):
        key = (f.platform, f.paper)
        if f.what == "throughput_Gbps":
            by_platform.setdefault(key, {})["throughput_MBps"] = f.value * 1e3 / 8
        elif f.what in ("key_setup_s", "latency_s", "throughput_MBps"):
            by_platform.setdefault(key, {})[f.what] = f.value
        else:
            continue
        where.setdefault(key, [])
        if f.where not in where[key]:
            where[key].append(f.where)
    return [Row(cipher, "paper", plat, vals.get("key_setup_s"), vals.get("latency_s"),
                vals.get("throughput_MBps"),
                f"{papers.PAPERS[paper]}, {', '.join(where[plat, paper])}")
            for (plat, paper), vals in by_platform.items()]


def build_rows(software: Iterable[SoftwareResult], hardware: Iterable[HardwareResult],
               with_papers: bool = True) -> list[Row]:
    rows: list[Row] = []
    sw = list(software)
    hw = list(hardware)
    ciphers = []
    for c in [r.cipher for r in sw] + [r.cipher for r in hw]:
        if c not in ciphers:
            ciphers.append(c)
    here = f"measured here ({platform.processor() or platform.machine()}, 1 thread)"
    for c in ciphers:
        for r in sw:
            if r.cipher == c:
                rows.append(Row(c, "software", r.impl, r.key_setup_s, r.latency_s,
                                r.throughput_MBps, here))
        for r in hw:
            if r.cipher == c:
                rows.append(Row(c, "hardware", r.label, r.key_setup_s, r.latency_s,
                                r.throughput_MBps,
                                f"Fmax {r.fmax_mhz.fmt(4)} MHz; cycles {r.key_setup_cycles}/"
                                f"{r.latency_cycles}/{r.interval_cycles} (key/latency/interval)"))
        if not any(r.cipher == c for r in hw):
            rows.append(Row(c, "hardware", NOT_MEASURED, None, None, None, _why_missing(c)))
        if with_papers:
            rows += _paper_rows(c)
    return rows


def _why_missing(cipher: str) -> str:
    if not cores.cores_for(cipher):
        return f"no registered core implements {cipher} yet"
    return "no measurement of its cores cached here (`ciphercores synth CORE`)"


def _fmt_time(v) -> str:
    if v is None:
        return "–"
    m = v.median if isinstance(v, Summary) else v
    units = (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9))
    unit, scale = next(((u, s) for u, s in units if m >= s), units[-1])
    text = f"{m / scale:.3g} {unit}"
    if isinstance(v, Summary):
        text += f" ±{v.spread * 50:.0f}%"
    return text


def _fmt_rate(v) -> str:
    if v is None:
        return "–"
    m = v.median if isinstance(v, Summary) else v
    text = f"{m:.4g}"
    if isinstance(v, Summary):
        text += f" ±{v.spread * 50:.0f}%"
    return text


def _ratio(row: Row, ref: Row | None) -> str:
    a, b = row.median("throughput_MBps"), ref.median("throughput_MBps") if ref else None
    return f"{a / b:.3g}×" if a and b else "–"


def table(rows: list[Row]) -> str:
    """The terminal table (``±`` is half the min..max spread of the repetitions/seeds)."""
    head = ("cipher", "kind", "implementation", "key setup", "latency/block", "MB/s",
            "vs OpenSSL", "source")
    body = []
    for c in dict.fromkeys(r.cipher for r in rows):
        mine = [r for r in rows if r.cipher == c]
        ref = next((r for r in mine if r.kind == "software" and r.name == "openssl"), None)
        for r in mine:
            body.append((c, r.kind, r.name, _fmt_time(r.key_setup_s), _fmt_time(r.latency_s),
                         _fmt_rate(r.throughput_MBps), _ratio(r, ref), r.source))
    widths = [max(len(str(x[i])) for x in (head, *body)) for i in range(len(head))]
    lines = ["  ".join(str(x).ljust(w) for x, w in zip(head, widths, strict=True)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(str(x).ljust(w) for x, w in zip(b, widths, strict=True)) for b in body]
    return "\n".join(line.rstrip() for line in lines)


def decrease_rows(rows: list[Row]) -> list[tuple[str, str, str, float | None, float]]:
    """The Blowfish paper's Table III for every cipher: (cipher, core, software or paper row,
    % decrease in key set-up time or None, % decrease in per-block latency)."""
    out = []
    for c in dict.fromkeys(r.cipher for r in rows):
        sw = [r for r in rows if r.cipher == c and r.kind in ("software", "paper")
              and r.median("latency_s")]
        for h in (r for r in rows if r.cipher == c and r.kind == "hardware"
                  and r.median("latency_s")):
            for s in sw:
                ks = s.median("key_setup_s")
                out.append((c, h.name, s.name,
                            percent_decrease(ks, h.median("key_setup_s")) if ks else None,
                            percent_decrease(s.median("latency_s"), h.median("latency_s"))))
    return out


def decrease_table(rows: list[Row]) -> str:
    """:func:`decrease_rows` as text."""
    out = ["hardware vs software: % decrease in execution time (Table III style of Palka et al.,"
           " Blowfish on FPGA)",
           "cipher  core  vs  key setup  encrypt/decrypt"]
    for c, h, s, ks, lat in decrease_rows(rows):
        out.append(f"{c}  {h}  vs {s}  {'–' if ks is None else f'{ks:.2f}%'}  {lat:.2f}%")
    return "\n".join(out)


def to_json(rows: list[Row]) -> str:
    def val(v):
        return v.as_dict() if isinstance(v, Summary) else v

    return json.dumps([{"cipher": r.cipher, "kind": r.kind, "name": r.name,
                        "key_setup_s": val(r.key_setup_s), "latency_s": val(r.latency_s),
                        "throughput_MBps": val(r.throughput_MBps), "source": r.source}
                       for r in rows], indent=1)


def to_csv(rows: list[Row]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["cipher", "kind", "name", "key_setup_s", "key_setup_s_min", "key_setup_s_max",
                "latency_s", "latency_s_min", "latency_s_max", "throughput_MBps",
                "throughput_MBps_min", "throughput_MBps_max", "source"])
    for r in rows:
        cells = [r.cipher, r.kind, r.name]
        for f in ("key_setup_s", "latency_s", "throughput_MBps"):
            v = getattr(r, f)
            if isinstance(v, Summary):
                cells += [v.median, v.low, v.high]
            else:
                cells += [v, v, v] if v is not None else ["", "", ""]
        w.writerow([*cells, r.source])
    return buf.getvalue()
