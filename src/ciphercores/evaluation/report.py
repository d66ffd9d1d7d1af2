# SPDX-License-Identifier: Apache-2.0
"""``ciphercores report OUT``: a self-contained report (HTML + PNG plots, and Markdown).

Per core: interface, parameters, cycle counts (registry), verification status (the records the
simulation runner writes for every passed run under build/verification/), area / Fmax /
throughput per target (the measurement cache; missing default-parameter measurements are run,
``--quick`` only the Yosys-only xc7 counts), and plots: area vs throughput per core family (the
SPECK paper's Figure 6 for every cipher), throughput per 1000 LUTs, hardware vs software
throughput and key-setup latency.
"""

from __future__ import annotations

import datetime
import html
import json
import sys
from collections.abc import Callable
from pathlib import Path

from .. import cores
from ..kat import kat
from ..sim.runner import VERIFIED
from . import compare, hardware, software

PLOTS = ("area_vs_throughput", "throughput_per_klut", "hw_vs_sw_throughput", "key_setup")


def _progress(i: int, n: int, what: str) -> None:
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
        except flow.FlowError as e:
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
    for f in sorted(VERIFIED.glob("*.json")) if VERIFIED.exists() else []:
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


def plot_area_vs_throughput(recs: list[dict], family: str, path: Path) -> Path | None:
    ok = [r for r in recs if r.get("status") == "ok" and r.get("gbps") and r["target"] == "ecp5"
          and cores.get(r["core"]).family == family]
    if not ok:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for core in sorted({r["core"] for r in ok}):
        for grade in sorted({r.get("grade") for r in ok if r["core"] == core}):
            rs = sorted((r for r in ok if r["core"] == core and r.get("grade") == grade),
                        key=lambda r: r["core_area"]["lut"])
            ax.plot([r["core_area"]["lut"] for r in rs], [r["gbps"] for r in rs], "o-",
                    label=f"{core} (ECP5 -{grade})")
            for r in rs:
                ax.annotate(",".join(str(v) for v in r["params"].values()),
                            (r["core_area"]["lut"], r["gbps"]), fontsize=7,
                            xytext=(3, 3), textcoords="offset points")
    ax.set_xlabel("core LUT4 (harness subtracted)")
    ax.set_ylabel("throughput, Gbit/s (median Fmax of 3 seeds)")
    ax.set_title(f"{family}: area vs throughput (LFE5UM-85F)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_per_klut(recs: list[dict], path: Path) -> Path | None:
    ok = [r for r in recs if r.get("status") == "ok" and r.get("gbps_per_klut")
          and r["target"] == "ecp5" and r.get("grade") == "8"
          and r["params"] == cores.get(r["core"]).params()]
    if not ok:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(ok) + 1.5))
    ok.sort(key=lambda r: r["gbps_per_klut"])
    ax.barh([r["core"] for r in ok], [r["gbps_per_klut"] for r in ok])
    ax.set_xlabel("Gbit/s per 1000 LUT4 (ECP5 speed 8, default parameters)")
    ax.set_title("throughput per area")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _bars(rows: list[compare.Row], field: str, path: Path, xlabel: str, title: str
          ) -> Path | None:
    pts = [(f"{r.cipher}: {r.name}", r.median(field), r.kind) for r in rows
           if r.kind != "paper" and r.median(field)]
    if not pts:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(pts) + 1.5))
    colors = {"software": "tab:gray", "hardware": "tab:blue"}
    ax.barh([p[0] for p in pts], [p[1] for p in pts], color=[colors[p[2]] for p in pts])
    ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.invert_yaxis()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


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
             f"- cycles: latency {core.latency(p)}, interval {core.interval(p)}, key setup "
             f"{core.key_setup(p)}; key change: {core.key_change}", ""]
    lines += ["### Verification", ""]
    if ver:
        sims = sorted({v["sim"] for v in ver})
        blocks = sum(int(v["config"].get("random_blocks", 0)) for v in ver)
        sets = len({json.dumps(v["params"], sort_keys=True) for v in ver})
        nkat = sum(len(kat(c)) for c in dict.fromkeys(
            c for ps in (core.test_sets or (core.defaults,)) for c in
            core.block_ciphers(core.params(ps))))
        tests = sorted({t for v in ver for t in v["passed"]})
        lines += [f"- passed runs: {len(ver)} on {', '.join(sims)}, {sets} parameter sets, "
                  f"latest {ver[0]['date']}",
                  f"- tests passed: {', '.join(tests)}",
                  f"- known answers per run (kat.py, from vectors/): {nkat}; random blocks "
                  f"against the reference model under idle/back-pressure: {blocks} in total", ""]
    else:
        lines += ["- no passed run recorded on this machine (run `make test`)", ""]
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
    sw = [s for c in ciphers for i in software.IMPLEMENTATIONS
          if (s := software.measure(c, i, repeats=software_repeats, bulk_bytes=1 << 16))]
    rows = compare.build_rows(sw, hw)
    plots: dict[str, Path] = {}
    for fam in sorted({c.family for c in cores.CORES.values()}):
        p = plot_area_vs_throughput(recs, fam, img / f"area_vs_throughput_{fam}.png")
        if p:
            plots[f"area_vs_throughput_{fam}"] = p
    for name, p in (
        ("throughput_per_klut", plot_per_klut(recs, img / "throughput_per_klut.png")),
        ("hw_vs_sw_throughput", _bars(rows, "throughput_MBps", img / "hw_vs_sw_throughput.png",
                                      "MB/s (log)", "hardware (ECP5 -8) vs software (here)")),
        ("key_setup", _bars(rows, "key_setup_s", img / "key_setup.png", "seconds (log)",
                            "key-setup latency")),
    ):
        if p:
            plots[name] = p
    today = datetime.date.today().isoformat()
    md = ["# ciphercores report", "",
          f"Generated by `ciphercores report{' --quick' if quick else ''}` on {today}. "
          f"Measurements: {'Yosys-only xc7 counts' if quick else 'ECP5 LFE5UM-85F speed 8 and xc7'}"
          " plus every cached run; software measured on this machine.", "",
          "## Plots", ""]
    md += [f"![{k}](img/{v.name})" for k, v in plots.items()]
    md += ["", "## Hardware vs software", "", "| " + " | ".join(
        ("cipher", "kind", "implementation", "key setup s", "latency s", "MB/s", "source"))
        + " |", "|---|---|---|---|---|---|---|"]
    def fmt(row: compare.Row, field: str) -> str:
        m = row.median(field)
        return f"{m:.3g}" if m else "–"

    for r in rows:
        md.append(f"| {r.cipher} | {r.kind} | {r.name} | {fmt(r, 'key_setup_s')} | "
                  f"{fmt(r, 'latency_s')} | {fmt(r, 'throughput_MBps')} | {r.source} |")
    md.append("")
    for core in cores.CORES.values():
        md += _core_section(core, recs, ver.get(core.name, []))
    text = "\n".join(md) + "\n"
    (out / "report.md").write_text(text)
    (out / "report.html").write_text(_md_to_html(text, "ciphercores report"))
    (out / "report.json").write_text(json.dumps({"measurements": recs,
                                                 "rows": json.loads(compare.to_json(rows)),
                                                 "plots": [p.name for p in plots.values()]},
                                                indent=1, default=str))
    return {"html": out / "report.html", "md": out / "report.md", **plots}
