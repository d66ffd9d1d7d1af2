# SPDX-License-Identifier: Apache-2.0
"""The report's structure (from given measurement records: the builder is under test here,
not the figures), and every plot rendering in headless Chromium where it is installed."""

from __future__ import annotations

import re
import shutil

import pytest

from ciphercores import cores
from ciphercores.evaluation import compare, papers, peers, report


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


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    recs = [_record("speck_iter", {}, "ecp5", "8", 1342, 123.0),
            _record("speck_iter", {"WORD": 16, "KEY_WORDS": 4}, "ecp5", "8", 574, 171.0),
            _record("speck_iter", {}, "xc7", None, 1100, None),
            _record("bf_iter", {}, "ecp5", "8", 2771, 69.3),
            {"core": "speck_iter", "params": cores.get("speck_iter").params(),
             "target": "ice40", "grade": "hx8k", "status": "error", "error": "does not fit"}]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(report, "measurements", lambda quick, progress=None: recs)
        return report.build(tmp_path_factory.mktemp("rep"), quick=True, software_repeats=1,
                            progress=None)


def test_report_structure(built):
    md = built["md"].read_text()
    for core in cores.CORES:
        assert f"## `{core}`" in md
    assert "### Verification" in md and "### Measurements" in md
    assert "| WORD=16,KEY_WORDS=4 | ecp5 -8 | 574 |" in md
    assert "does not fit" in md
    assert "## Hardware against software" in md and "speck_iter:WORD=64,KEY_WORDS=2" in md
    # AES-GCM: software measured here (openssl speed included), hardware without a figure
    assert "| aes-128-gcm | software | openssl speed |" in md
    assert ("| aes-128-gcm | hardware | not yet measured | – | – | – | – | no registered core "
            "implements aes-128-gcm yet |") in md
    for name in ("area_vs_throughput_speck", "throughput_per_klut", "hw_vs_sw_throughput",
                 "key_setup"):
        assert built[name].exists() and built[name].stat().st_size > 1000
        assert f"img/{built[name].name}" in md
    html = built["html"].read_text()
    assert html.count("<img ") == md.count("![")
    assert "<table>" in html


def test_report_tables_for_a_reader_of_the_papers(built):
    md = built["md"].read_text()
    head = next(line for line in md.splitlines() if line.startswith("| cipher | kind |"))
    assert "Gbit/s" in head and "× OpenSSL on one core" in head and "MB/s" not in head
    table = [line for line in md.splitlines() if line.startswith("| ")]
    assert not [line for line in table if re.search(r"\d[eE][+-]?\d", line)]  # no e-notation
    # the OpenSSL row is the reference of its cipher; the Blowfish paper's table follows
    assert any(line.startswith("| bf | software | openssl |") and "| 1.00× |" in line
               for line in table)
    assert "### Percentage decrease in execution time" in md
    assert "| bf | bf_iter:ROUND_CYCLES=3 (ecp5 speed 8) | ZedBoard (Zynq), 75 MHz |" in md
    # papers by authors and title, never by a path outside the repository
    assert "papers/" not in md
    for p in papers.PAPERS.values():
        assert p.title in md
    assert "Palka et al. [1], Table I, Table II" in md
    # the open cores measured on the same flow, with their source
    for c in peers.OPEN_CORES:
        assert f"{c.design} @ {c.commit}" in md


def test_numbers_in_plain_decimal():
    assert report.num(0.000121) == "0.000121"
    assert report.num(2.1834) == "2.18"
    assert report.num(4230.4) == "4,230"
    assert report.num(125_300.0) == "125,300"
    assert report.num(0.5) == "0.500" and report.num(None) == "–" and report.num(0) == "0"


def test_open_cores_reproduce_the_published_throughput():
    """Gbit/s from Fmax and cycles a block equals the Gbit/s column of the measurements the
    figures were copied from (speed 6, seed 1)."""
    want = {"secworks/aes aes_core": 0.113, "freecores/tiny_aes aes_128": 14.67,
            "freecores/tiny_aes aes_256": 17.70, "freecores/des des": 10.47,
            "freecores/des des3": 8.25}
    got = {c.design: c.gbps("6") for c in peers.OPEN_CORES}
    assert got == pytest.approx(want, abs=0.01)  # the source truncates: 10.4768 as 10.47
    assert [c.design for c in peers.open_cores("des", "8")] == ["freecores/des des"]
    assert {p.paper for f in ("aes", "blowfish", "des", "speck")
            for p in peers.paper_points(f)} == {"001", "002", "004"}


def _decades(ax, which: str) -> list[str]:
    """The labels of the major ticks inside the axis's limits."""
    axis = ax.yaxis if which == "y" else ax.xaxis
    lo, hi = sorted(axis.get_view_interval())
    return [t.get_text() for t in axis.get_majorticklabels()
            if lo * 0.999 <= t.get_position()[which == "y"] <= hi * 1.001]


def test_area_plot_compares_on_the_same_speed_grade():
    recs = [_record("des_pipe", {}, "ecp5", "6", 4546, 212.0),
            _record("des_pipe", {}, "ecp5", "8", 4546, 271.4)]
    fig = report.plot_area_vs_throughput(recs, "des", None)
    six, eight = fig.axes
    legend = {ax: ax.get_legend_handles_labels()[1] for ax in fig.axes}
    assert six.get_title().endswith("speed grade 6") and eight.get_title().endswith("grade 8")
    assert any("freecores des3" in t for t in legend[six])
    assert not any("freecores des3" in t for t in legend[eight])  # measured on speed 6 only
    assert any("freecores des (des)" in t for t in legend[eight])
    assert any("Del Rosal, Kumar" in t and "other device" in t for t in legend[eight])
    assert six.get_xscale() == six.get_yscale() == "log"
    # a labelled tick at every decade of the axis, in plain numbers
    assert _decades(six, "y") == ["1", "10", "100"], _decades(six, "y")
    report._plt().close(fig)


def test_hardware_against_software_bars(built):
    import json

    rows = [compare.Row(**{k: v["median"] if isinstance(v, dict) else v for k, v in r.items()})
            for r in json.loads(built["md"].with_name("report.json").read_text())["rows"]]
    fig = report.bars(rows, "throughput_MBps", 8e-3, None, "Gbit/s", "title")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["bf", "speck128-128"]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "iterative core" in labels and max(map(len, labels)) < 30
    assert ax.get_yscale() == "log" and ax.yaxis.label.get_text() == "Gbit/s"
    ticks = _decades(ax, "y")
    assert len(ticks) >= 3 and all(set(t) <= set("0123456789.,") for t in ticks), ticks
    # speck_iter at 123 MHz: 128 bits every 32 cycles, in Gbit/s
    assert any(b.get_height() == pytest.approx(128 * 123.0 / 32 / 1e3) for b in ax.patches)
    report._plt().close(fig)


def test_progress_only_on_a_terminal(capsys):
    report._progress(1, 2, "something")
    assert capsys.readouterr() == ("", "")  # stderr here is a pipe, not a terminal


def test_a_passing_verify_is_recorded_and_reported(tmp_path, monkeypatch, capsys):
    from ciphercores import cli
    from ciphercores import kat as katmod
    from ciphercores.sim import runner

    monkeypatch.setattr(runner, "VERIFIED", tmp_path / "verification")
    real = katmod.kat
    monkeypatch.setattr(katmod, "kat", lambda c: [(k, p, bytes(len(ct)))
                                                   for k, p, ct in real(c)])
    assert cli.main(["verify", "speck_iter"]) == 1
    assert report.verification() == {}  # a failed run leaves no record
    monkeypatch.setattr(katmod, "kat", real)
    assert cli.main(["verify", "speck_iter"]) == 0
    ver = report.verification()
    assert list(ver) == ["speck_iter"] and ver["speck_iter"][0]["sim"] == "verilator"
    section = "\n".join(report._core_section(cores.get("speck_iter"), [],
                                              ver["speck_iter"]))
    assert "no passed run" not in section
    assert "passed runs: 1 on verilator" in section
    assert "known answers speck128-128 (encrypt and decrypt)" in section
    capsys.readouterr()


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


def test_hardware_figures_are_the_cipher_s():
    """bench/report: aes_iter's throughput and cycles per cipher (10 cycles a block for
    aes-128, 14 for aes-256), and the report's core section names the cipher of each figure."""
    from ciphercores.evaluation import hardware

    rec = _record("aes_iter", {}, "ecp5", "8", 5263, 88.8)
    core = cores.get("aes_iter")
    for cipher in ("aes-128", "aes-256"):
        r = hardware.from_record(rec, cipher)
        f = core.cycles(None, cipher)
        assert (r.interval_cycles, r.latency_cycles, r.key_setup_cycles) == (
            f["interval"], f["latency"], f["key_setup"])
        assert r.throughput_MBps.median == pytest.approx(128 * 88.8 / f["interval"] / 8)
    row = next(x for x in compare.build_rows([], [hardware.from_record(rec, "aes-128")], False))
    assert row.cipher == "aes-128" and "cycles 11/11/10 (key/latency/interval)" in row.source
    section = "\n".join(report._core_section(core, [], []))
    for names, f in core.cycle_table():
        assert (f"cycles for {', '.join(names)}: latency {f['latency']}, interval "
                f"{f['interval']}, key setup {f['key_setup']}") in section


def test_the_aes_plot_places_aes_iter_at_its_aes_128_rate():
    """The area-against-throughput plot puts our points at the first cipher their core names
    (aes_iter: AES-128, 10 cycles a block, the open AES cores' cipher), not at the longest
    key's rate a record keeps (AES-256, 14 cycles)."""
    rec = {"core": "aes_iter", "params": cores.get("aes_iter").params(), "fmax_mhz": 89.4,
           "gbps": 0.8174}
    assert report._gbps(rec) == pytest.approx(1.14432)
    assert report._gbps({**rec, "core": "speck_iter",
                         "params": cores.get("speck_iter").params(), "fmax_mhz": 123.2}) == \
        pytest.approx(cores.get("speck_iter").gbps(None, 123.2))
