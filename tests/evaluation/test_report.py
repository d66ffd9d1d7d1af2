# SPDX-License-Identifier: Apache-2.0
"""The report's structure (from given measurement records: the builder is under test here,
not the figures), and every plot rendering in headless Chromium where it is installed."""

from __future__ import annotations

import shutil

import pytest

from ciphercores import cores
from ciphercores.evaluation import report


def _record(core, params, target, grade, lut, fmax):
    c = cores.get(core)
    p = c.params(params)
    rec = {"core": core, "params": p, "ciphers": list(c.ciphers(p)), "target": target,
           "grade": grade, "status": "ok", "seeds": [1, 2, 3], "block_bits": c.block_bits(p),
           "lanes": 1, "core_area": {"lut": lut, "ff": lut // 2, "bram": 0}}
    if fmax:
        gbps = c.block_bits(p) * fmax / c.interval(p) / 1e3
        rec.update(fmax_mhz=fmax, fmax_min_mhz=fmax * 0.95, fmax_max_mhz=fmax * 1.05,
                   gbps=gbps, gbps_per_klut=gbps / lut * 1000)
    return rec


@pytest.fixture
def built(tmp_path, monkeypatch):
    recs = [_record("speck_iter", {}, "ecp5", "8", 1342, 123.0),
            _record("speck_iter", {"WORD": 16, "KEY_WORDS": 4}, "ecp5", "8", 574, 171.0),
            _record("speck_iter", {}, "xc7", None, 1100, None),
            {"core": "speck_iter", "params": cores.get("speck_iter").params(),
             "target": "ice40", "grade": "hx8k", "status": "error", "error": "does not fit"}]
    monkeypatch.setattr(report, "measurements", lambda quick, progress=None: recs)
    return report.build(tmp_path / "rep", quick=True, software_repeats=1, progress=None)


def test_report_structure(built):
    md = built["md"].read_text()
    for core in cores.CORES:
        assert f"## `{core}`" in md
    assert "### Verification" in md and "### Measurements" in md
    assert "| WORD=16,KEY_WORDS=4 | ecp5 -8 | 574 |" in md
    assert "does not fit" in md
    assert "## Hardware vs software" in md and "speck_iter:WORD=64,KEY_WORDS=2" in md
    for name in ("area_vs_throughput_speck", "throughput_per_klut", "hw_vs_sw_throughput",
                 "key_setup"):
        assert built[name].exists() and built[name].stat().st_size > 1000
        assert f"img/{built[name].name}" in md
    html = built["html"].read_text()
    assert html.count("<img ") == md.count("![")
    assert "<table>" in html


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
def test_report_plots_render_in_chromium(built):
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(built["html"].as_uri())
        sizes = page.eval_on_selector_all(
            "img", "imgs => imgs.map(i => [i.complete, i.naturalWidth, i.naturalHeight])")
        browser.close()
    assert sizes and all(ok and w > 100 and h > 100 for ok, w, h in sizes), sizes
