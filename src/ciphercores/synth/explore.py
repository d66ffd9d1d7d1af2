# SPDX-License-Identifier: Apache-2.0
"""Design-space sweeps: every combination of parameter values, on several targets and grades,
measured in parallel on Dask, written as CSV, JSON and an area-versus-throughput plot.

By default the points run on a local Dask cluster of threads in this process (the work is in
the Yosys/nextpnr subprocesses, so threads are enough and a small sweep starts at once);
``scheduler`` names a running ``dask scheduler`` to spread a large sweep over many machines
(each worker needs ciphercores and the toolchain installed; each keeps its own cache).
Every point's outcome is one row: a point that fails (tool error, does not fit, parameter set
the core refuses) says so in its row and the sweep goes on.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from .. import cores
from ..errors import DoesNotFit
from ..outfile import write_output
from . import flow, measurements
from .targets import get as get_target

#: columns of the CSV, in order (nested record fields flattened)
CSV_COLUMNS = (
    "core", "params", "ciphers", "target", "grade", "status", "error",
    "lut", "ff", "carry", "bram", "dsp", "lutram",
    "core_lut", "core_ff", "harness_lut", "harness_ff", "harness_fmax_mhz",
    "fmax_mhz", "fmax_min_mhz", "fmax_max_mhz", "seeds", "latency", "interval",
    "block_bits", "lanes", "gbps", "gbps_per_klut", "wall_s", "cached", "date",
)


def points(sweeps: dict[str, list[int]], fixed: dict[str, int] | None = None,
           sets: list[dict[str, int]] | None = None) -> list[dict[str, int]]:
    """Every combination of the swept values (and of the given parameter sets), with the
    fixed parameters added."""
    names = list(sweeps)
    out = []
    for base in sets or [{}]:
        for combo in itertools.product(*(sweeps[n] for n in names)):
            p = {**(fixed or {}), **base, **dict(zip(names, combo, strict=True))}
            if p not in out:
                out.append(p)
    return out


def measure_point(core_name: str, params: dict[str, int], target: str, grade: str | None,
                  seeds: tuple[int, ...], force: bool = False) -> dict:
    """One sweep point -> its record; failures become a record with status and error."""
    try:
        core = cores.get(core_name)
        return flow.measure(core, params, target, grade, seeds, force)
    except Exception as e:  # the row says what went wrong; the sweep goes on
        status = "does not fit" if isinstance(e, DoesNotFit) else "error"
        return {"schema": measurements.SCHEMA, "core": core_name, "params": params,
                "target": target, "grade": grade, "seeds": list(seeds), "status": status,
                "error": f"{type(e).__name__}: {e}"}


def row(rec: dict) -> dict:
    """A record flattened to the CSV columns."""
    area, core_area = rec.get("area") or {}, rec.get("core_area") or {}
    harness = rec.get("harness") or {}
    out = {
        **{k: rec.get(k) for k in CSV_COLUMNS},
        "params": " ".join(f"{k}={v}" for k, v in rec.get("params", {}).items()),
        "ciphers": " ".join(rec.get("ciphers") or []),
        "seeds": ",".join(str(s) for s in rec.get("seeds") or []),
        "core_lut": core_area.get("lut"), "core_ff": core_area.get("ff"),
        "harness_lut": (harness.get("area") or {}).get("lut"),
        "harness_ff": (harness.get("area") or {}).get("ff"),
        "harness_fmax_mhz": harness.get("fmax_mhz"),
    }
    for r in ("lut", "ff", "carry", "bram", "dsp", "lutram"):
        out[r] = area.get(r)
    return out


def _client(scheduler: str | None, parallel: int):
    from dask.distributed import Client, LocalCluster

    if scheduler:
        return Client(scheduler), None
    # threads, not processes: each task waits on tool subprocesses, and a thread cluster
    # starts in well under a second (no worker processes to spawn, no dashboard)
    cluster = LocalCluster(processes=False, n_workers=1, threads_per_worker=max(1, parallel),
                           dashboard_address=None)
    return Client(cluster), cluster


def explore(core_name: str, sweeps: dict[str, list[int]], targets: Iterable[str],
            grades: dict[str, list[str]] | None = None, fixed: dict[str, int] | None = None,
            seeds: tuple[int, ...] = flow.DEFAULT_SEEDS, parallel: int = 2,
            scheduler: str | None = None, force: bool = False,
            progress: Callable[[dict], None] | None = None,
            sets: list[dict[str, int]] | None = None) -> list[dict]:
    """Measure every point of the sweep on every target (and grade); returns the records in
    sweep order."""
    from dask.distributed import as_completed

    core = cores.get(core_name)
    jobs = []
    # target- and grade-major: the first grade listed is complete first if a sweep is cut short
    for t in targets:
        tgt = get_target(t)
        for g in ((grades or {}).get(t) or [tgt.default_grade]) if tgt.pnr else [None]:
            for p in points(sweeps, fixed, sets):
                jobs.append((core.name, p, t, g, tuple(seeds), force))
    client, cluster = _client(scheduler, parallel)
    try:
        futures = [client.submit(measure_point, *job, pure=False) for job in jobs]
        index = {f.key: i for i, f in enumerate(futures)}
        results: list[dict | None] = [None] * len(futures)
        for fut in as_completed(futures):
            rec = fut.result()
            results[index[fut.key]] = rec
            if progress:
                progress(rec)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return [r for r in results if r is not None]


def write_outputs(records: list[dict], stem: Path, sweeps: dict[str, list[int]]) -> list[Path]:
    """``stem``.csv, ``stem``.json and ``stem``.png (when any point has a throughput)."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    out = []
    csv_path = stem.with_suffix(".csv")
    text = io.StringIO(newline="")
    w = csv.DictWriter(text, fieldnames=CSV_COLUMNS)
    w.writeheader()
    for rec in records:
        w.writerow(row(rec))
    write_output(csv_path, text.getvalue().encode())
    out.append(csv_path)
    json_path = stem.with_suffix(".json")
    write_output(json_path, json.dumps({"generated": time.strftime("%Y-%m-%d %H:%M:%S"),
                                        "sweeps": sweeps, "records": records},
                                       indent=1).encode())
    out.append(json_path)
    # the parameters that vary over the points (from -P, or from explicit parameter sets)
    first = (records[0].get("params") or {}) if records else {}
    varying = [k for k in first
               if len({json.dumps(r.get("params", {}).get(k)) for r in records}) > 1]
    png = plot(records, stem.with_suffix(".png"), varying or list(sweeps))
    if png:
        out.append(png)
    return out


def plot_title(records: list[dict]) -> str:
    """The sweep plot's title: the core, and the cipher when every point is the same one (a
    sweep over one SPECK set, say)."""
    ciphers = {(r.get("ciphers") or [None])[0] for r in records}
    cipher = f" ({ciphers.pop()})" if len(ciphers) == 1 and None not in ciphers else ""
    return f"{records[0]['core']}{cipher}: area versus throughput"


def plot(records: list[dict], path: Path, swept: list[str]) -> Path | None:
    """Area (core LUTs) versus throughput, one series per value of the last swept parameter
    (per target and grade), each point labelled with the other swept parameters, like the
    SPECK paper's Figure 6."""
    ok = [r for r in records if r.get("status") == "ok" and r.get("gbps")]
    if not ok:
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # one series per value of the last varying parameter when two or more vary; with one, a
    # single series whose points are labelled with it
    series_param = swept[-1] if len(swept) > 1 else None
    label_params = swept[:-1] if len(swept) > 1 else swept
    groups: dict[tuple, list[dict]] = {}
    for r in ok:
        key = (r["target"], r.get("grade"),
               r["params"].get(series_param) if series_param else None)
        groups.setdefault(key, []).append(r)
    fig, ax = plt.subplots(figsize=(7.5, 5))
    markers = itertools.cycle("osD^v<>ph*")
    for (target, grade, value), rs in sorted(groups.items(), key=lambda kv: str(kv[0])):
        rs = sorted(rs, key=lambda r: r["core_area"]["lut"])
        xs = [r["core_area"]["lut"] for r in rs]
        ys = [r["gbps"] for r in rs]
        # clamped at 0: the rounded record can put the median a hair above the max
        lo = [max(0.0, r["gbps"] - r["gbps"] * r["fmax_min_mhz"] / r["fmax_mhz"]) for r in rs]
        hi = [max(0.0, r["gbps"] * r["fmax_max_mhz"] / r["fmax_mhz"] - r["gbps"]) for r in rs]
        name = f"{target}" + (f" -{grade}" if grade else "")
        if series_param:
            name += f", {series_param}={value}"
        ax.errorbar(xs, ys, yerr=[lo, hi], marker=next(markers), capsize=3, label=name)
        for r, x, y in zip(rs, xs, ys, strict=True):
            text = " ".join(f"{k}={r['params'][k]}" for k in label_params)
            if text:
                ax.annotate(text, (x, y), textcoords="offset points", xytext=(4, 4),
                            fontsize=7)
    ax.set_xlabel("area: LUTs of the core (harness subtracted)")
    ax.set_ylabel("Gbit/s at median routed Fmax (bars: seed min..max)")
    ax.set_title(plot_title(ok))
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
