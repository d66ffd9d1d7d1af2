# SPDX-License-Identifier: Apache-2.0
"""A record of older RTL or tools (its inputs digest no longer today's) is kept and marked,
never shown as current: on docs/results.md, the datasheets and the README's core table every
figure of it carries the mark, one footnote says what it means, and a generated section lists
each such row with when and on which commit it was measured and the hours to measure it
again (`ciphercores results`, `ciphercores results --stale`)."""

from __future__ import annotations

import json
import re

import pytest

from ciphercores import cores, datasheets
from ciphercores.cores import ROOT
from ciphercores.synth import cache, flow, measurements, results, scope

MARK = results.STALE_MARK
HEADING = re.compile(r"^#+ (ecp5|xc7|ice40)(?: -(\w+))?: ")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _figures_ok(cells: list[str], figures: list[int], stale: bool) -> bool:
    """Every figure cell carries the mark if ``stale``, none does otherwise."""
    figs = [cells[i] for i in figures if cells[i] not in ("", "–") and
            not cells[i].startswith("– ")]
    if stale:
        return all(f.endswith(MARK) for f in figs)
    return not any(MARK in f for f in figs)


def unmarked(text: str, recs: list[dict]) -> list[str]:
    """The rows of a results page or datasheet (target tables) and of the README's core table
    whose figures are marked otherwise than their record's staleness says; a row whose record
    is not in ``recs`` is a problem too."""
    def find(core, label, target, grade):
        return next((r for r in recs if r["core"] == core and r["target"] == target
                     and r.get("grade") == grade
                     and results._params(r["params"], r["core"]) == label), None)

    bad, where = [], None
    for line in text.splitlines():
        if line.startswith("#"):
            m = HEADING.match(line)
            where = (m.group(1), m.group(2)) if m else None
            continue
        if line.startswith("| [`"):  # the README's core table: defaults at README_CONFIG
            cells = _cells(line)
            name = cells[0][cells[0].index("`") + 1:cells[0].index("`]")]
            core = cores.get(name)
            rec = find(name, results._params(core.params(), name), *results.README_CONFIG)
            key = re.search(r"\((.*)\)$", cells[5])  # the key set-up's time at Fmax
            cells = [*cells, key.group(1) if key else "–"]
            if rec is not None and not _figures_ok(cells, [6, 7, 8, 9, 10], rec.get("stale")):
                bad.append(line)
            continue
        if where is None or not line.startswith("| `"):
            continue
        cells = _cells(line)
        rec = find(cells[0].strip("`"), cells[1], *where)
        figures = results.TIMED_FIGURES if len(cells) == 15 else results.AREA_FIGURES
        if rec is None or not _figures_ok(cells, figures, rec.get("stale")):
            bad.append(line)
    return bad


def _archived(core, p, grade="8", digest=None, **fig):
    rec = {"schema": measurements.SCHEMA, "core": core.name, "params": core.params(p),
           "ciphers": list(core.ciphers(core.params(p))), "target": "ecp5", "grade": grade,
           "seeds": [1, 2, 3], "timing": True, "status": "ok", "error": None,
           "fmax_mhz": 100.0, "fmax_min_mhz": 99.0, "fmax_max_mhz": 101.0, "lanes": 1,
           "core_area": {"lut": 500, "ff": 300, "carry": 4, "bram": 0, "dsp": 0, "lutram": 0},
           "harness": {"area": {"lut": 1, "ff": 2}, "fmax_mhz": 300.0}, "tools": {"y": "1"},
           "wall_s": 7200.0, "date": "2026-11-20T10:00:00+00:00", "commit": "abc1234",
           "commands": [], **fig}
    rec["inputs"] = digest or measurements.inputs_digest(core, p, "ecp5", grade, (1, 2, 3))
    return rec


@pytest.fixture()
def stale_tree(tmp_path, monkeypatch):
    """An empty cache and an archive of hand-made records of speck_iter: its defaults at
    speeds 8 and 6 measured with older RTL (other digests), a test set at speed 6 likewise,
    and a current test set at speed 8."""
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty-cache"))
    monkeypatch.setattr(measurements, "ARCHIVE", tmp_path / "measurements.json")
    monkeypatch.setattr(results, "IMG", tmp_path / "no-sweeps")
    core = cores.get("speck_iter")
    small = {"WORD": 16, "KEY_WORDS": 4}
    recs = {
        "default8": _archived(core, None, "8", "a" * 64, fmax_mhz=192.5, fmax_max_mhz=195.0,
                              synth_s=600.0, pnr_s=6600.0),
        "default6": _archived(core, None, "6", "b" * 64),
        "small6": _archived(core, small, "6", "c" * 64),
        "small8": _archived(core, small, "8"),
    }
    measurements.write_archive(list(recs.values()))
    return core, recs


def test_a_record_of_older_rtl_is_found_only_when_asked_for_and_flagged(stale_tree):
    core, recs = stale_tree
    with pytest.raises(flow.NotCached):
        flow.recorded(core, None, "ecp5", "8")
    got = flow.recorded(core, None, "ecp5", "8", stale=True)
    assert got["stale"] and got["fmax_mhz"] == 192.5 and got["inputs"] == "a" * 64
    assert got["commit"] == "abc1234"
    small = flow.recorded(core, {"WORD": 16, "KEY_WORDS": 4}, "ecp5", "8", stale=True)
    assert not small["stale"]  # a current record is never flagged
    with pytest.raises(flow.NotCached):  # same core and set, other seeds: not the same row
        flow.recorded(core, None, "ecp5", "8", seeds=(1,), stale=True)
    # the newest of two older records
    newer = {**recs["default8"], "inputs": "d" * 64, "date": "2026-11-25T00:00:00+00:00",
             "fmax_mhz": 150.0}
    measurements.write_archive([*recs.values(), newer])
    assert flow.recorded(core, None, "ecp5", "8", stale=True)["fmax_mhz"] == 150.0


def test_pages_keep_stale_rows_marked_and_list_them(stale_tree, tmp_path):
    core, recs = stale_tree
    page, readme = tmp_path / "results.md", tmp_path / "README.md"
    readme.write_text(f"x\n{datasheets.BEGIN}\n{datasheets.END}\n")
    _, shown = results.write(page, measurements.ARCHIVE)
    datasheets.write(shown, tmp_path)
    text = page.read_text()
    # kept under its own digest, with its commit; the other set at speed 6 is dropped
    assert set(measurements.read_archive()) == {"a" * 64, "b" * 64, recs["small8"]["inputs"]}
    assert measurements.read_archive()["a" * 64]["commit"] == "abc1234"
    assert "| `speck_iter` | WORD=64 KEY_WORDS=2 | speck128-128 | 500 † | 300 † | 4 † |" in text
    assert "192.5 (99.0..195.0) †" in text and "WORD=16 KEY_WORDS=4 | speck32-64 | 500 |" in text
    # one footnote, linking the section; the section lists each stale row
    assert text.count(f"{MARK} Measured with older RTL") == 1
    assert f"(#{results.STALE_ANCHOR})" in text and "## Stale rows" in text
    section = text.split("## Stale rows", 1)[1].split("\n## ", 1)[0]
    assert "2 records shown" in section and "About 4.0 h" in section
    assert "| `speck_iter` | WORD=64 KEY_WORDS=2 | ecp5 -8 | 1,2,3 | 2026-11-20 | `abc1234` | " \
           "2.00 |" in section
    assert "ecp5 -6" in section and "WORD=16" not in section
    sheet = (tmp_path / "docs" / "cores" / "speck_iter.md").read_text()
    readme_text = readme.read_text()
    assert sheet.count(f"{MARK} Measured with older RTL") == 1
    assert "(../results.md#stale-rows)" in sheet
    assert "(docs/results.md#stale-rows)" in readme_text
    assert "| 500 † | 192.5 † |" in readme_text
    recs_shown = [flow.recorded(core, p, "ecp5", g, stale=True)
                  for p, g in ((None, "8"), (None, "6"), ({"WORD": 16, "KEY_WORDS": 4}, "8"))]
    for t in (text, sheet, readme_text):
        assert unmarked(t, recs_shown) == []


def test_an_unmarked_stale_figure_is_caught(stale_tree, tmp_path, monkeypatch):
    """The check above is not empty: pages written without the mark fail it."""
    core, _ = stale_tree
    monkeypatch.setattr(results, "mark", lambda cell, r: cell)
    page, readme = tmp_path / "results.md", tmp_path / "README.md"
    readme.write_text(f"x\n{datasheets.BEGIN}\n{datasheets.END}\n")
    _, shown = results.write(page, measurements.ARCHIVE)
    datasheets.write(shown, tmp_path)
    recs = [flow.recorded(core, p, "ecp5", g, stale=True)
            for p, g in ((None, "8"), (None, "6"), ({"WORD": 16, "KEY_WORDS": 4}, "8"))]
    assert len(unmarked(page.read_text(), recs)) == 2  # the two stale rows, not the current
    assert len(unmarked(readme.read_text(), recs)) == 1
    sheet = (tmp_path / "docs" / "cores" / "speck_iter.md").read_text()
    assert len(unmarked(sheet, recs)) == 2


def test_estimates_follow_the_archived_times_and_the_scope():
    core = cores.get("speck_pipe")
    rec = {"core": "speck_pipe", "params": core.params(), "target": "ecp5", "grade": "8",
           "seeds": [1, 2, 3], "wall_s": 3000.0}
    assert scope.tool_s(rec) == 3000.0 and scope.tool_s(rec, (1,)) == 1000.0
    rec.update(synth_s=600.0, pnr_s=2400.0)
    assert scope.tool_s(rec, (1,)) == 1400.0 and scope.seed_s(rec) == (600.0, 800.0)
    point = {**rec, "params": core.params({"WORD": 16, "KEY_WORDS": 4, "STAGES": 2})}
    assert point["params"] not in scope.sets(core)
    assert scope.remeasure_seeds(point) == (1,) and scope.remeasure_seeds(rec) == (1, 2, 3)
    other6 = {**point, "grade": "6"}
    assert not scope.keeps_stale(core, other6["params"], "ecp5", "6")
    assert scope.keeps_stale(core, core.params(), "ecp5", "6")
    before, after = scope.rebuild_hours([rec, point, other6, dict(rec)])
    assert before == pytest.approx(3 * 3000.0 / 3600)   # each measurement once, three seeds
    assert after == pytest.approx((3000.0 + 1400.0) / 3600)  # the point at seed 1, no speed 6


def test_committed_pages_show_no_stale_figure_unmarked(tmp_path_factory):
    """docs/results.md, every datasheet and the README: every row of a stale record is
    marked on each figure, no current one is; a footnote exactly where a stale row is."""
    mp = pytest.MonkeyPatch()
    mp.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path_factory.mktemp("empty-cache")))
    try:
        recs = results.collect(stale=True)
        sweeps = {js.stem: [results.sweep_point(old) if _has(old) else None
                            for old in json.loads(js.read_text())["records"]]
                  for js in sorted(results.IMG.glob("*-sweep.json"))}
    finally:
        mp.undo()
    page = (ROOT / "docs" / "results.md").read_text()
    assert unmarked(page, recs) == []
    points = [r for rs in sweeps.values() for r in rs if r]
    assert ("## Stale rows" in page) == any(r.get("stale") for r in [*recs, *points])
    for name, rs in sweeps.items():  # a sweep's rows, one per point in order
        rows = [ln for ln in page.split(f"### {name}\n", 1)[1].split("\n#", 1)[0].splitlines()
                if ln.startswith("| ") and not ln.startswith(("| parameters", "|---"))]
        assert len(rows) == len(rs), name
        for row, r in zip(rows, rs, strict=True):
            if r is not None:
                assert _figures_ok(_cells(row), results.SWEEP_FIGURES, r.get("stale")), row
                assert ("(1 seed)" in row) == (len(r.get("seeds") or ()) == 1), row
    for path in [ROOT / "README.md", *sorted((ROOT / "docs" / "cores").glob("*.md"))]:
        text = path.read_text()
        assert unmarked(text, recs) == [], path.name
        assert (MARK in text) == (f"{MARK} Measured with older RTL" in text), path.name


def _has(old: dict) -> bool:
    try:
        results.sweep_point(old)
    except flow.NotCached:
        return False
    except Exception:  # a point the core refuses: its row says so
        return False
    return True


def test_results_stale_prints_the_rows_and_their_hours(stale_tree, capsys):
    from ciphercores.cli import synth as cli

    assert cli.print_stale(*results.shown_now()) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["core", "parameters", "target", "seeds", "measured", "commit",
                              "hours"]
    assert out[1].split() == ["speck_iter", "WORD=64", "KEY_WORDS=2", "ecp5", "-8", "1,2,3",
                              "2026-11-20", "abc1234", "2.00"]
    assert out[-1].startswith("2 stale rows, about 4.0 h")
    cli.print_stale([], [])
    assert capsys.readouterr().out.startswith("no stale rows")


def _git(repo, *args):
    import subprocess

    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c",
                           "user.email=t@t", *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def test_a_record_names_its_commit_and_older_ones_are_found_in_history(tmp_path):
    """The checkout's HEAD, -dirty where tracked files outside the generated pages differ,
    None outside a checkout; an archive's digests from the commit that first added them."""
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "rtl.v").write_text("module m; endmodule\n")
    arch = repo / "docs" / "measurements.json"
    measurements.write_archive([{"inputs": "1" * 64, "core": "x"}], arch)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "one")
    first = _git(repo, "rev-parse", "--short", "HEAD")
    assert cache.checkout_commit(repo) == first
    measurements.write_archive([{"inputs": "1" * 64, "core": "x"},
                                {"inputs": "2" * 64, "core": "y"}], arch)
    assert cache.checkout_commit(repo) == first  # only a generated page differs
    _git(repo, "commit", "-qam", "two")
    second = _git(repo, "rev-parse", "--short", "HEAD")
    (repo / "rtl.v").write_text("module m; wire w; endmodule\n")
    assert cache.checkout_commit(repo) == f"{second}-dirty"
    assert cache.checkout_commit(tmp_path / "elsewhere") is None
    assert measurements.first_commits(arch) == {"1" * 64: first, "2" * 64: second}
    assert measurements.backfill_commits(arch) == 2 and measurements.backfill_commits(arch) == 0
    assert {r["commit"] for r in measurements.read_archive(arch).values()} == {first, second}


def test_a_sweep_point_shows_its_seeds_and_its_staleness(tmp_path, monkeypatch):
    """A point of a sweep run with three seeds: today's record with seed 1 alone is shown
    as such ("1 seed"); without it the stale three-seed record, marked; at speed 6 (not the
    defaults) a stale point leaves the table."""
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty-cache"))
    monkeypatch.setattr(measurements, "ARCHIVE", tmp_path / "measurements.json")
    core = cores.get("speck_pipe")
    p = core.params({"WORD": 16, "KEY_WORDS": 4, "STAGES": 2})
    assert p not in scope.sets(core)
    img = tmp_path / "img"
    img.mkdir()
    js = img / "speck_pipe-x-sweep.json"
    js.write_text(json.dumps({"generated": "2026-11-20", "records": [
        {"core": "speck_pipe", "params": p, "target": "ecp5", "grade": g, "seeds": [1, 2, 3]}
        for g in ("8", "6")]}))
    monkeypatch.setattr(results, "DOC", tmp_path / "results.md")
    old8 = _archived(core, p, "8", "a" * 64, fmax_mhz=150.0)
    old6 = _archived(core, p, "6", "b" * 64)
    one = {**_archived(core, p, "8", fmax_mhz=160.0, fmax_min_mhz=160.0, fmax_max_mhz=160.0),
           "seeds": [1]}
    one["inputs"] = measurements.inputs_digest(core, p, "ecp5", "8", (1,))

    def rows():
        shown: list[dict] = []
        lines = results._sweep(js, shown)
        return [ln for ln in lines if ln.startswith("| WORD")], shown

    measurements.write_archive([old8, old6, one])
    (r8, r6), shown = rows()
    assert "160.0 (160.0..160.0) (1 seed) |" in r8 and MARK not in r8
    assert "not measured" in r6 and shown == [flow.recorded(core, p, "ecp5", "8", (1,))]
    measurements.write_archive([old8, old6])
    (r8, r6), shown = rows()
    assert "| 500 † | 300 † |" in r8 and "150.0 (99.0..101.0) † |" in r8 and "1 seed" not in r8
    assert shown[0]["stale"] and "not measured" in r6


def test_slow_path_figures_of_a_stale_record_are_marked():
    slow = {"fmax_mhz": 100.0, "seed": 2, "endpoints": 900, "near": 40,
            "groups": [{"from": "a", "to": "b", "pin": "DI", "endpoints": 30, "worst_ns": 10.0}]}
    rec = {"core": "speck_iter", "params": {"WORD": 16, "KEY_WORDS": 4}, "slow_paths": slow}
    current = results._slow_paths([rec])[-2]
    stale = results._slow_paths([{**rec, "stale": True}])[-2]
    assert MARK not in current
    assert _cells(stale)[2:] == [f"{c} {MARK}" for c in _cells(current)[2:]]
