# SPDX-License-Identifier: Apache-2.0
"""``ciphercores report OUT``: a report for a reader of the papers (HTML with PNG plots,
Markdown, JSON).

Per core: interface, parameters, cycle counts (registry), verification status (the records of
passed runs under build/verification/: every cocotb run of the test suite and every passing
``ciphercores verify``), area / Fmax / throughput per target (the measurement cache or the
archive; missing default-parameter measurements are run, ``--quick`` only the Yosys-only xc7
counts). Plots: area against throughput per core family (the SPECK paper's Figure 6 for every
cipher) with the open cores measured on the same flow and the papers' figures (``peers``),
throughput per 1000 LUTs, and the cores against software measured here (throughput in Gbit/s,
key set-up in µs). Tables in Gbit/s with the ratio to OpenSSL on one core, and the Blowfish
paper's percentage-decrease table; papers cited by authors and title."""

from __future__ import annotations

import datetime
import html
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path

from .. import cores
from ..kat import kat
from ..outfile import write_output
from ..sim import runner
from . import compare, hardware, papers, peers, software

PLOTS = ("area_vs_throughput", "throughput_per_klut", "hw_vs_sw_throughput", "key_setup")


def _progress(i: int, n: int, what: str) -> None:
    """A progress bar on stderr, only when stderr is a terminal."""
    if not sys.stderr.isatty():
        return
    width = 30
    done = int(width * i / max(n, 1))
    sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {i}/{n} {what[:50]:<50}")
    if i == n:
        sys.stderr.write("\n")
    sys.stderr.flush()


def measurements(quick: bool, progress: Callable[[int, int, str], None] | None = _progress
                 ) -> list[dict]:
    """Recorded measurements (cache or archive) of every core and test set, plus each core's
    default parameters on the report's targets, run now if missing (Yosys only with
    ``quick``)."""
    from ..errors import FlowError
    from ..synth import flow, results

    configs = [("xc7", None)] if quick else [("xc7", None), ("ecp5", "8")]
    todo = [(c, c.params(), t, g) for c in cores.CORES.values() for t, g in configs]
    recs = []
    for i, (core, p, t, g) in enumerate(todo):
        if progress:
            progress(i, len(todo), f"{core.name} {t} {g or ''}")
        try:
            try:  # the cache or the repository's archive, else run it now
                recs.append(flow.recorded(core, p, t, g))
            except flow.NotCached:
                recs.append(flow.measure(core, p, t, g))
        except FlowError as e:
            recs.append({"core": core.name, "params": p, "target": t, "grade": g,
                         "status": "error", "error": str(e)})
    if progress:
        progress(len(todo), len(todo), "done")
    seen = {(r["core"], json.dumps(r["params"], sort_keys=True), r["target"], r.get("grade"))
            for r in recs}
    for r in results.collect():
        key = (r["core"], json.dumps(r["params"], sort_keys=True), r["target"], r.get("grade"))
        if key not in seen:
            recs.append(r)
    return recs


def verification() -> dict[str, list[dict]]:
    """core name -> passed-run records (newest first)."""
    out: dict[str, list[dict]] = {}
    for f in sorted(runner.VERIFIED.glob("*.json")) if runner.VERIFIED.exists() else []:
        rec = json.loads(f.read_text())
        out.setdefault(rec["core"], []).append(rec)
    for recs in out.values():
        recs.sort(key=lambda r: r["date"], reverse=True)
    return out


# ---------------------------------------------------------------------------------------
# plots
# ---------------------------------------------------------------------------------------

def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig, path: Path | None):
    """``fig`` written to ``path`` as PNG (returns the path), or the figure itself when no path
    is given (for inspection)."""
    if path is None:
        return fig
    fig.savefig(path, dpi=110)
    _plt().close(fig)
    return path


def num(x: float | None, sig: int = 3) -> str:
    """``x`` to ``sig`` significant digits in plain decimal notation (no e-notation), with
    thousands separators: 0.000121, 2.18, 4,230."""
    if x is None:
        return "–"
    if x == 0:
        return "0"
    digits = max(0, sig - 1 - math.floor(math.log10(abs(x))))
    return f"{x:,.{digits}f}"


def _log_axis(ax, which: str, lo: float, hi: float) -> None:
    """A log axis from the decade below ``lo`` to the decade above ``hi``, a tick and a plain
    label at every decade, minor ticks between (labelled at 2 and 5 over two decades or
    fewer)."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    if a == b:
        b += 1
    ax.set(**{f"{which}scale": "log", f"{which}lim": (10.0 ** a, 10.0 ** b)})
    axis = ax.xaxis if which == "x" else ax.yaxis
    axis.set_major_locator(LogLocator(base=10, numticks=b - a + 2))
    axis.set_major_formatter(FuncFormatter(lambda v, _: num(v, 1)))
    axis.set_minor_locator(LogLocator(base=10, subs=tuple(range(2, 10)), numticks=100))
    if b - a > 2:
        axis.set_minor_formatter(NullFormatter())
    else:  # one or two decades: 2 and 5 labelled too
        axis.set_minor_formatter(FuncFormatter(
            lambda v, _: num(v, 1) if f"{v:.0e}"[0] in "25" else ""))


def _short_params(core: cores.Core, params: dict) -> str:
    """How a measured point differs from the core's defaults: its cipher when that differs,
    then the other parameters that differ (``speck32-64``, ``STAGES=5``)."""
    d = core.params()
    text = []
    if core.ciphers(params) != core.ciphers(d):
        text.append(core.ciphers(params)[0])
    text += [f"{k}={v}" for k, v in params.items() if d.get(k) != v
             and k not in ("WORD", "KEY_WORDS", "KEY_BITS")]
    return " ".join(text)


def _free(ax, placed: list[tuple[float, float]], x: float, y: float) -> bool:
    """Whether a label at (x, y) keeps clear of the labels ``placed`` (positions as fractions
    of the log axes); if so it is added to them. Points left unlabelled are in the tables."""
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    fx = math.log10(x / x0) / math.log10(x1 / x0)
    fy = math.log10(y / y0) / math.log10(y1 / y0)
    if any(abs(fx - a) < 0.12 and abs(fy - b) < 0.035 for a, b in placed):
        return False
    placed.append((fx, fy))
    return True


def _gbps(r: dict) -> float | None:
    """A record's Gbit/s for the first cipher its core names with its parameters: aes_iter's
    for AES-128, as the open AES cores' points (a record keeps the longest key's)."""
    c = cores.get(r["core"])
    return c.gbps(r["params"], r.get("fmax_mhz"), c.ciphers(r["params"])[0])


def plot_area_vs_throughput(recs: list[dict], family: str, path: Path | None):
    """One panel per ECP5 speed grade measured: every parameter set of the family's cores,
    the open cores measured on the same flow and grade, and the papers' figures (other
    devices, other tools: hollow markers). Log-log; a point's label says how its parameters
    differ from the defaults, where it does not cover another label."""
    ok = [{**r, "gbps": _gbps(r)} for r in recs
          if r.get("status") == "ok" and r.get("gbps") and r["target"] == "ecp5"
          and r.get("grade") and cores.get(r["core"]).family == family]
    if not ok:
        return None
    grades = sorted({r["grade"] for r in ok})
    papers_here = peers.paper_points(family)
    plt = _plt()
    fig, axes = plt.subplots(1, len(grades), figsize=(5.4 * len(grades), 6.2), squeeze=False,
                             sharey=True)
    names = sorted({r["core"] for r in ok})
    colors = {c: f"C{i}" for i, c in enumerate(names)}
    xs = [r["core_area"]["lut"] for r in ok] + [c.lut for c in peers.OPEN_CORES
                                                if c.family == family]
    xs += [p.area for p in papers_here]
    ys = [r["gbps"] for r in ok] + [g for c in peers.OPEN_CORES if c.family == family
                                    for g in map(c.gbps, grades) if g]
    ys += [p.gbps for p in papers_here]
    marks = iter("sD^vP*X")
    peer_mark = {c.design: next(marks) for c in peers.OPEN_CORES if c.family == family}
    for ax, grade in zip(axes[0], grades, strict=True):
        _log_axis(ax, "x", min(xs) / 1.5, max(xs) * 1.5)  # no point on a frame
        _log_axis(ax, "y", min(ys) / 1.5, max(ys) * 1.5)
        placed: list[tuple[float, float]] = []
        for core in names:
            rs = [r for r in ok if r["core"] == core and r["grade"] == grade]
            if not rs:
                continue
            c = cores.get(core)
            ax.plot([r["core_area"]["lut"] for r in rs], [r["gbps"] for r in rs], "o",
                    color=colors[core], label=f"{core} (ciphercores)")
            for r in sorted(rs, key=lambda r: -r["gbps"]):
                tag = _short_params(c, r["params"])
                if tag and _free(ax, placed, r["core_area"]["lut"], r["gbps"]):
                    ax.annotate(tag, (r["core_area"]["lut"], r["gbps"]), fontsize=6.5,
                                xytext=(5, -3), textcoords="offset points", color=colors[core])
        for pc in peers.open_cores(family, grade):
            ax.plot([pc.lut], [pc.gbps(grade)], peer_mark[pc.design], color="black",
                    markersize=7, label=f"{pc.label} ({pc.cipher}), open core")
        for pp in papers_here:
            ax.plot([pp.area], [pp.gbps], "o", markerfacecolor="none", color="gray",
                    markersize=9, label=f"{pp.label}: other device")
        ax.set_xlabel("core LUTs (ECP5 LUT4, harness subtracted)")
        ax.set_title(f"ECP5 LFE5UM-85F, speed grade {grade}", fontsize=10)
        ax.grid(True, which="major", alpha=0.35)
        ax.grid(True, which="minor", alpha=0.1)
    axes[0][0].set_ylabel("throughput, Gbit/s")
    fig.suptitle(f"{family}: area against throughput", fontsize=12)
    # one legend for the panels, below them
    key: dict[str, object] = {}
    for ax in axes[0]:
        for h, label in zip(*ax.get_legend_handles_labels(), strict=True):
            key.setdefault(label, h)
    rows = math.ceil(len(key) / 2)
    fig.legend(list(key.values()), list(key), loc="lower center", ncol=2, fontsize=8,
               frameon=False)
    fig.tight_layout(rect=(0, 0.03 + 0.04 * rows, 1, 1))
    return _save(fig, path)


def plot_per_klut(recs: list[dict], path: Path | None):
    ok = [{**r, "gbps_per_klut": _gbps(r) / r["core_area"]["lut"] * 1000} for r in recs
          if r.get("status") == "ok" and r.get("gbps_per_klut")
          and r["target"] == "ecp5" and r.get("grade") == "8"
          and r["params"] == cores.get(r["core"]).params()]
    if not ok:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(ok) + 1.5))
    ok.sort(key=lambda r: r["gbps_per_klut"])
    ax.barh([r["core"] for r in ok], [r["gbps_per_klut"] for r in ok])
    for i, r in enumerate(ok):
        ax.annotate(num(r["gbps_per_klut"]), (r["gbps_per_klut"], i), fontsize=8,
                    xytext=(3, 0), textcoords="offset points", va="center")
    ax.set_xlabel("Gbit/s per 1000 LUT4 (ECP5 speed 8, default parameters)")
    ax.set_title("throughput per area")
    ax.margins(x=0.12)
    fig.tight_layout()
    return _save(fig, path)


#: the bars of the hardware-against-software plots, in order: legend label, colour
SERIES = {"model": ("Python reference model", "#bbbbbb"),
          "pycryptodome": ("pycryptodome", "#888888"),
          "openssl": ("OpenSSL, one CPU core", "#444444"),
          "openssl speed": ("openssl speed, one CPU core", "#222222"),
          "iterative": ("iterative core", "tab:blue"),
          "two-lane": ("two-lane core", "tab:cyan"),
          "pipelined": ("pipelined core", "tab:orange")}


#: the series of the cores (a cipher without one of them has no group in the bar plots)
HARDWARE_SERIES = ("iterative", "two-lane", "pipelined")


def _series(row: compare.Row) -> str:
    if row.kind == "software":
        return row.name
    core = row.name.split(":")[0].split(" ")[0]
    return "pipelined" if core.endswith("_pipe") else "two-lane" if core.endswith("_x2") \
        else "iterative"


def grouped(rows: list[compare.Row], field: str, scale: float
            ) -> dict[str, dict[str, tuple[float, str]]]:
    """cipher -> series -> (value x ``scale``, core name): per cipher the software rows and
    the fastest (or quickest to key) core of each architecture."""
    better = max if field == "throughput_MBps" else min
    out: dict[str, dict[str, tuple[float, str]]] = {}
    for r in rows:
        v = r.median(field)
        if r.kind == "paper" or not v:
            continue
        s = _series(r)
        cur = out.setdefault(r.cipher, {}).get(s)
        cand = (v * scale, r.name.split(" ")[0].split(":")[0] if r.kind == "hardware" else "")
        out[r.cipher][s] = cand if cur is None else better(cur, cand, key=lambda x: x[0])
    return {c: g for c, g in out.items() if any(s in HARDWARE_SERIES for s in g)}


def bars(rows: list[compare.Row], field: str, scale: float, path: Path | None,
         ylabel: str, title: str):
    """Grouped bars per cipher on a log axis (``grouped``): ``field`` × ``scale`` of each
    software implementation and the best core of each architecture, the core's name above its
    bar. The PNG's path, or the figure when ``path`` is None."""
    groups = grouped(rows, field, scale)
    if not groups:
        return None
    plt = _plt()
    series = [s for s in SERIES if any(s in g for g in groups.values())]
    width = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(max(7.0, 1.3 * len(groups) + 2), 5.2))
    vals = [v for g in groups.values() for v, _ in g.values()]
    for j, s in enumerate(series):
        xs = [i + (j - (len(series) - 1) / 2) * width for i, g in enumerate(groups.values())
              if s in g]
        hs = [g[s][0] for g in groups.values() if s in g]
        label, color = SERIES[s]
        ax.bar(xs, hs, width * 0.92, color=color, label=label)
        for x, g in zip(xs, (g for g in groups.values() if s in g), strict=True):
            if g[s][1]:
                ax.annotate(g[s][1], (x, g[s][0]), rotation=90, fontsize=6.5, ha="center",
                            va="bottom", xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(range(len(groups)), list(groups))
    _log_axis(ax, "y", min(vals), max(vals) * 8)  # room for the core names above the bars
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=11)
    ax.grid(True, axis="y", which="major", alpha=0.35)
    ax.legend(fontsize=8, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.08))
    fig.tight_layout()
    return _save(fig, path)


# ---------------------------------------------------------------------------------------
# the report
# ---------------------------------------------------------------------------------------

def _core_section(core: cores.Core, recs: list[dict], ver: list[dict]) -> list[str]:
    p = core.params()
    lines = [f"## `{core.name}`", "", core.summary, "",
             f"- top module `{core.top}`, RTL {', '.join(f'`rtl/{f}`' for f in core.rtl)}",
             f"- parameters (defaults): {', '.join(f'{k}={v}' for k, v in p.items()) or '–'}",
             f"- ciphers: {', '.join(core.ciphers(p))}; block port {core.block_bits(p)} bits, "
             f"key port {core.key_bits(p)} bits" + (", `s_key_tlen`" if core.key_len_port else ""),
             *(f"- cycles for {', '.join(names)}: latency {f['latency']}, interval "
               f"{f['interval']}, key setup {f['key_setup']}"
               for names, f in core.cycle_table(p)),
             f"- key change: {core.key_change}", ""]
    lines += ["### Verification", ""]
    if ver:
        sims = sorted({v["sim"] for v in ver})
        blocks = sum(int(v["config"].get("random_blocks", 0)) for v in ver)
        sets = len({json.dumps(v["params"], sort_keys=True) for v in ver})
        nkat = sum(len(kat(c)) for c in dict.fromkeys(
            c for ps in (core.test_sets or (core.defaults,)) for c in
            core.block_ciphers(core.params(ps))))
        tests = sorted({t for v in ver for t in v["passed"]})
        lines += [f"- passed runs: {len(ver)} on {', '.join(sims)}, {sets} parameter "
                  f"set{'' if sets == 1 else 's'}, "
                  f"latest {ver[0]['date']}",
                  f"- tests passed: {', '.join(tests)}",
                  f"- known answers per run (kat.py, from vectors/): {nkat}; random blocks "
                  f"against the reference model under idle/back-pressure: {blocks} in total", ""]
    else:
        lines += [f"- no passed run recorded on this machine (`ciphercores verify {core.name}` "
                  "or `make test` records one)", ""]
    lines += ["### Measurements", "",
              "| parameters | target | LUT | FF | BRAM | Fmax MHz median (min..max) | Gbit/s |",
              "|---|---|---|---|---|---|---|"]
    mine = [r for r in recs if r["core"] == core.name]
    for r in sorted(mine, key=lambda r: (r["target"], str(r.get("grade")), str(r["params"]))):
        ps = ",".join(f"{k}={v}" for k, v in r["params"].items())
        tgt = r["target"] + (f" -{r['grade']}" if r.get("grade") else "")
        if r.get("status") != "ok":
            lines.append(f"| {ps} | {tgt} | {html.escape(str(r.get('error')))[:80]} | | | | |")
            continue
        a = r.get("core_area") or r.get("area") or {}
        fmax = (f"{r['fmax_mhz']:.1f} ({r['fmax_min_mhz']:.1f}..{r['fmax_max_mhz']:.1f})"
                if r.get("fmax_mhz") else "no timing")
        gbps = f"{r['gbps']:.3f}" if r.get("gbps") else "–"
        lines.append(f"| {ps} | {tgt} | {a.get('lut')} | {a.get('ff')} | {a.get('bram')} | "
                     f"{fmax} | {gbps} |")
    if not mine:
        lines.append("| – | – | not measured | | | | |")
    return [*lines, ""]


def _md_to_html(md: str, title: str) -> str:
    """The small Markdown subset the report uses (headings, lists, tables, images, code)."""
    import re

    def inline(t: str) -> str:
        t = html.escape(t)
        t = re.sub(r"!\[([^\]]*)\]\(([^)]+)\)", r'<img alt="\1" src="\2">', t)
        return re.sub(r"`([^`]+)`", r"<code>\1</code>", t)

    out, in_list, table = [], False, []

    def flush_table():
        if table:
            rows = [r for r in table if not set(r.replace("|", "").strip()) <= {"-"}]
            cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows]
            out.append("<table><tr>" + "".join(f"<th>{inline(c)}</th>" for c in cells[0])
                       + "</tr>" + "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r)
                                           + "</tr>" for r in cells[1:]) + "</table>")
            table.clear()

    for line in md.splitlines():
        if line.startswith("|"):
            table.append(line)
            continue
        flush_table()
        if line.startswith("- "):
            if not in_list:
                out.append("<ul>")
                in_list = True
            out.append(f"<li>{inline(line[2:])}</li>")
            continue
        if in_list:
            out.append("</ul>")
            in_list = False
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            out.append(f"<h{level}>{inline(line[level:].strip())}</h{level}>")
        elif line.strip():
            out.append(f"<p>{inline(line)}</p>")
    flush_table()
    if in_list:
        out.append("</ul>")
    style = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
             "padding:2px 6px;font-size:90%}img{max-width:100%}code{background:#f3f3f3}")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title><style>{style}</style></head><body>\n" + "\n".join(out)
            + "\n</body></html>\n")


def _standing(plots: dict[str, Path]) -> list[str]:
    """Where ciphercores stands: the area-against-throughput plots and their key."""
    fams = [k for k in plots if k.startswith("area_vs_throughput_")]
    if not fams:
        return []
    lines = ["## Where ciphercores stands: area against throughput", "",
             "Every measured parameter set of each core (filled circles, one colour per core; "
             "a label names what differs from the defaults), one panel per ECP5 speed grade. "
             f"Black markers: {peers.FLOW}; each appears only on the speed grade it was "
             "measured on. Hollow grey circles: the papers' published figures, on other "
             "devices with vendor tools and their own LUT kind: where they sit shows scale, "
             "not a like-for-like comparison.", ""]
    lines += [f"![{k}](img/{plots[k].name})" for k in fams]
    lines += ["", "| open core (repository, module @ commit) | cipher | architecture | LUT4 | FF "
              "| Fmax MHz speed 6, seed 1 (seeds 1–3) | speed 8 | cycles / block | "
              "Gbit/s speed 6 |", "|---|---|---|---:|---:|---|---:|---:|---:|"]
    for c in peers.OPEN_CORES:
        lo, hi = c.fmax_range
        lines.append(f"| {c.design} @ {c.commit} | {c.cipher} | {c.architecture} | "
                     f"{c.lut:,} | {c.ff:,} | {c.fmax_mhz['6']} ({lo}–{hi}) | "
                     f"{c.fmax_mhz.get('8', '–')} | {c.cycles_per_block} | "
                     f"{num(c.gbps('6'))} |")
    if "throughput_per_klut" in plots:
        lines += ["", "### Throughput per area", "",
                  f"![throughput_per_klut](img/{plots['throughput_per_klut'].name})"]
    return [*lines, ""]


def _cite_short(source: str) -> str:
    """A paper cited by its short name and reference number (the full citation is under
    References)."""
    for i, (_, p) in enumerate(sorted(papers.PAPERS.items()), 1):
        source = source.replace(str(p), f"{p.short} [{i}]")
    return source


def _comparison_table(rows: list[compare.Row]) -> list[str]:
    lines = ["| cipher | kind | implementation | key set-up µs | latency per block µs | "
             "Gbit/s | × OpenSSL on one core | source |",
             "|---|---|---|---:|---:|---:|---:|---|"]
    for c in dict.fromkeys(r.cipher for r in rows):
        mine = [r for r in rows if r.cipher == c]
        ref = next((r for r in mine if r.kind == "software" and r.name == "openssl"), None)
        base = ref.median("throughput_MBps") if ref else None
        for r in mine:
            ks, lat, mbps = (r.median(f) for f in ("key_setup_s", "latency_s",
                                                   "throughput_MBps"))
            ratio = f"{num(mbps / base)}×" if mbps and base else "–"
            lines.append(
                f"| {c} | {r.kind} | {r.name} | {num(ks * 1e6) if ks else '–'} | "
                f"{num(lat * 1e6) if lat else '–'} | {num(mbps * 8e-3) if mbps else '–'} | "
                f"{ratio} | {_cite_short(r.source)} |")
    return lines


def _decrease_table(rows: list[compare.Row]) -> list[str]:
    lines = ["### Percentage decrease in execution time", "",
             "As Table III of Palka et al. [1] gives it for Blowfish (ZedBoard against Python "
             "on three PCs: 96.28 % key set-up, 96.16 % encrypt/decrypt against the AMD 3600), "
             "here for every core against every software row with a per-block latency: "
             "100 × (software time − core time) / software time. Negative: the core is "
             "slower.", "",
             "| cipher | core | against | key set-up | encrypt/decrypt (one block) |",
             "|---|---|---|---:|---:|"]
    for c, h, s, ks, lat in compare.decrease_rows(rows):
        lines.append(f"| {c} | {h} | {s} | {'–' if ks is None else f'{ks:.2f} %'} | "
                     f"{lat:.2f} % |")
    return lines


def _references() -> list[str]:
    lines = ["## References", ""]
    lines += [f"- [{i}] {p.authors}: {p.title}. {p.about}."
              for i, (_, p) in enumerate(sorted(papers.PAPERS.items()), 1)]
    lines += [f"- {c.design} @ {c.commit}: {c.architecture}" + (f"; {c.note}" if c.note else "")
              for c in peers.OPEN_CORES]
    return [*lines, ""]


#: authenticated ciphers the report compares: their hardware rows are the GCM cores' records
#: (``results.collect`` holds gcm(CORE)'s defaults), "not yet measured" where none has one
AEAD_CIPHERS = ("aes-128-gcm",)


def build(out: Path, quick: bool = False, software_repeats: int = 3,
          progress: Callable[[int, int, str], None] | None = _progress) -> dict[str, Path]:
    out = Path(out)
    img = out / "img"
    img.mkdir(parents=True, exist_ok=True)
    recs = measurements(quick, progress)
    ver = verification()
    hw = [hardware.from_record(r, c) for r in recs if r.get("target") == "ecp5"
          and r.get("grade") == "8" and r["params"] == cores.get(r["core"]).params()
          for c in r.get("ciphers", [])]
    hw = [h for h in hw if h is not None]
    ciphers = sorted({h.cipher for h in hw}) or ["speck64-128"]
    ciphers += [c for c in AEAD_CIPHERS if c not in ciphers]
    todo = [(c, i) for c in ciphers for i in software.implementations(c)]
    sw = []
    for k, (c, i) in enumerate(todo):
        if progress:
            progress(k, len(todo), f"software: {c} {i}")
        if s := software.measure(c, i, repeats=software_repeats, bulk_bytes=1 << 16):
            sw.append(s)
    if progress:
        progress(len(todo), len(todo), "done")
    rows = compare.build_rows(sw, hw)
    plots: dict[str, Path] = {}
    for fam in sorted({c.family for c in cores.CORES.values()}):
        p = plot_area_vs_throughput(recs, fam, img / f"area_vs_throughput_{fam}.png")
        if p:
            plots[f"area_vs_throughput_{fam}"] = p
    for name, p in (
        ("throughput_per_klut", plot_per_klut(recs, img / "throughput_per_klut.png")),
        ("hw_vs_sw_throughput", bars(
            rows, "throughput_MBps", 8e-3, img / "hw_vs_sw_throughput.png", "Gbit/s",
            "bulk throughput: cores on ECP5 speed 8 against software on this machine")),
        ("key_setup", bars(rows, "key_setup_s", 1e6, img / "key_setup.png", "µs",
                            "key set-up time: cores on ECP5 speed 8 against software here")),
    ):
        if p:
            plots[name] = p
    today = datetime.date.today().isoformat()
    md = ["# ciphercores report", "",
          f"Generated by `ciphercores report{' --quick' if quick else ''}` on {today}. "
          f"Measurements: {'Yosys-only xc7 counts' if quick else 'ECP5 LFE5UM-85F speed 8 and xc7'}"
          " plus every cached or archived run (docs/measurements.json); software measured on "
          "this machine, one thread.", ""]
    md += _standing(plots)
    md += ["## Hardware against software", "",
           "Cores: default parameters, ECP5 speed 8, Fmax the median of three placer seeds; "
           "throughput = block bits × lanes × Fmax / interval, key set-up = key cycles / Fmax "
           "(the registry's cycle model). Software: median of the repetitions on this "
           "machine. The plots show, per cipher, each software implementation and the fastest "
           "core of each architecture (its name above the bar); the table has every row.", ""]
    md += [f"![{k}](img/{plots[k].name})" for k in ("hw_vs_sw_throughput", "key_setup")
           if k in plots]
    md += ["", *_comparison_table(rows), "", *_decrease_table(rows), "", *_references()]
    md.append("")
    for core in cores.CORES.values():
        md += _core_section(core, recs, ver.get(core.name, []))
    text = "\n".join(md) + "\n"
    write_output(out / "report.md", text.encode())
    write_output(out / "report.html", _md_to_html(text, "ciphercores report").encode())
    write_output(out / "report.json", json.dumps({"measurements": recs,
                                                  "rows": json.loads(compare.to_json(rows)),
                                                  "plots": [p.name for p in plots.values()]},
                                                 indent=1, default=str).encode())
    return {"html": out / "report.html", "md": out / "report.md", **plots}
