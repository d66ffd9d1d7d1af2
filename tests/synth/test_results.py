# SPDX-License-Identifier: Apache-2.0
"""docs/results.md, the datasheets and the README's core table come from the same records
(`ciphercores results`): the table builder and the marked block it replaces, the archive."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ciphercores import cores, datasheets
from ciphercores.synth import design, flow, measurements, results
from ciphercores.synth.targets import TARGETS


def test_readme_table_comes_from_the_records_and_replaces_only_its_block():
    core = cores.get("speck_iter")
    rec = {"core": "speck_iter", "params": core.params(), "target": "ecp5",
           "grade": "8", "status": "ok", "fmax_mhz": 171.8, "fmax_min_mhz": 161.7,
           "fmax_max_mhz": 174.4, "latency": 33, "interval": 32, "gbps": 0.25,
           "core_area": {"lut": 574, "ff": 270, "bram": 0}}
    other = {**rec, "grade": "6", "fmax_mhz": 1.0}  # another grade: not in the README table
    lines = datasheets.readme_table([rec, other])
    rows = [line for line in lines if line.startswith("| [`")]
    assert len(rows) == len(cores.every(cores.LISTED_KINDS))  # the GCM cores last
    # the reset figures from the registry: rst held 1 cycle, the key taken T - 1 = 31 after;
    # the key set-up, 32 cycles, at 171.8 MHz
    assert rows[0] == ("| [`speck_iter`](docs/cores/speck_iter.md) | 10 SPECK sets | "
                       f"{datasheets.architecture(core)[0]} | 33 / 32 | 1 / 31 | 32 (186 ns) | "
                       f"574 | 171.8 | 0.250 | {128 * 171.8 / 34 / 1e3:.3f} |")
    assert all(r.endswith("| – | – | – | – |") for r in rows[1:])  # no record: no figure
    begin, end = datasheets.BEGIN, datasheets.END
    text = f"before\n{begin}\nstale\n{end}\nafter\n"
    new = results.replace_block(text, lines, begin, end)
    assert new.startswith("before\n") and new.endswith(f"{end}\nafter\n")
    assert "stale" not in new and rows[0] in new
    assert results.replace_block(new, lines, begin, end) == new
    with pytest.raises(ValueError):
        results.replace_block("no markers", lines, begin, end)


def test_slow_path_groups_are_shown_for_the_readme_grade():
    slow = {"fmax_mhz": 100.0, "seed": 2, "endpoints": 900, "near": 40, "margin": 0.1,
            "starts": [{"from": "rst_reg", "endpoints": 30}],
            "groups": [{"from": "rst_reg", "to": "u_core.g_unit[*].x_reg", "pin": "LSR",
                        "endpoints": 30, "worst_ns": 10.0},
                       {"from": "u_core.a", "to": "u_core.b", "pin": "DI", "endpoints": 10,
                        "worst_ns": 9.5}]}
    rec = {"core": "speck_iter", "params": {"WORD": 16, "KEY_WORDS": 4}, "target": "ecp5",
           "grade": "8", "slow_paths": slow}
    lines = results._slow_paths([rec, {**rec, "slow_paths": None}])
    rows = [line for line in lines if line.startswith("| `")]
    assert rows == ["| `speck_iter` | WORD=16 KEY_WORDS=4 | 2: 100.0 | 40 of 900 | 10.00, 30: "
                    "`rst_reg` -> "
                    "`u_core.g_unit[*].x_reg` [LSR]<br>9.50, 10: `u_core.a` -> `u_core.b` [DI] |"]
    assert results._slow_paths([{**rec, "slow_paths": None}]) == []


def _archived(core, p, grade="8", **fig):
    rec = {"schema": measurements.SCHEMA, "core": core.name, "params": p, "target": "ecp5",
           "grade": grade, "seeds": [1, 2, 3], "status": "ok", "error": None,
           "fmax_mhz": 100.0, "fmax_min_mhz": 99.0, "fmax_max_mhz": 101.0, "lanes": 1,
           "core_area": {"lut": 500, "ff": 300, "carry": 0, "bram": 0, "dsp": 0, "lutram": 0},
           "harness": {"area": {"lut": 1, "ff": 2}}, "tools": {}, "wall_s": 1.0,
           "date": "2026-11-24T00:00:00+00:00", "commands": [], **fig}
    rec["inputs"] = measurements.inputs_digest(core, p, "ecp5", grade, (1, 2, 3))
    return rec


def test_archive_serves_a_record_only_for_the_inputs_it_was_measured_with(tmp_path,
                                                                           monkeypatch):
    """On a machine without the cache (CI, a new session) the page's figures come from the
    archive, but only for the RTL, parameters, grade and seeds they were measured with; the
    cycle model and throughput are the registry's as it is now."""
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty-cache"))
    core = cores.get("speck_iter")
    p = core.params({"WORD": 16, "KEY_WORDS": 4})
    arch = tmp_path / "measurements.json"
    measurements.write_archive([_archived(core, p, latency=1, interval=1, cached=False)], arch)
    assert "cached" not in json.loads(arch.read_text())["records"].popitem()[1]
    got = flow.recorded(core, p, "ecp5", "8", archive=arch)
    assert got["fmax_mhz"] == 100.0 and got["archived"]
    assert (got["latency"], got["interval"]) == (core.latency(p), core.interval(p)) == (23, 22)
    assert got["gbps"] == round(32 * 100.0 / 22 / 1000, 4)
    with pytest.raises(flow.NotCached):  # another grade
        flow.recorded(core, p, "ecp5", "6", archive=arch)
    with pytest.raises(flow.NotCached):  # other seeds
        flow.recorded(core, p, "ecp5", "8", seeds=(1,), archive=arch)
    with pytest.raises(flow.NotCached):  # another parameter set
        flow.recorded(core, {"WORD": 24, "KEY_WORDS": 4}, "ecp5", "8", archive=arch)
    real = design.Design.files

    def edited(change):
        def files(self):
            out = {}
            for name, path in real(self).items():
                copy = tmp_path / "edited" / name
                copy.parent.mkdir(parents=True, exist_ok=True)
                text = Path(path).read_text()
                copy.write_text(text if name.startswith("mem/") else change(text))
                out[name] = str(copy)
            return out
        monkeypatch.setattr(design.Design, "files", files)

    edited(lambda text: "// a comment edited\n" + text)  # synthesis sees the same RTL
    assert flow.recorded(core, p, "ecp5", "8", archive=arch)["fmax_mhz"] == 100.0
    edited(lambda text: text.replace("endmodule", "wire edited_w;\nendmodule"))
    with pytest.raises(flow.NotCached):  # the RTL changed since
        flow.recorded(core, p, "ecp5", "8", archive=arch)


def test_the_page_rewrites_the_archive_with_exactly_what_it_shows(tmp_path, monkeypatch):
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty-cache"))
    core = cores.get("speck_iter")
    p = core.params({"WORD": 16, "KEY_WORDS": 4})
    shown = _archived(core, p)
    stale = {**_archived(core, p, grade="6"), "inputs": "0" * 64}
    monkeypatch.setattr(measurements, "ARCHIVE", tmp_path / "measurements.json")
    measurements.write_archive([shown, stale])
    monkeypatch.setattr(results, "IMG", tmp_path / "no-sweeps")
    page, readme = tmp_path / "results.md", tmp_path / "README.md"
    readme.write_text(f"x\n{datasheets.BEGIN}\n{datasheets.END}\n")
    _, recs = results.write(page, measurements.ARCHIVE)
    datasheets.write(recs, tmp_path)
    assert list(measurements.read_archive()) == [shown["inputs"]]
    sheet = (tmp_path / "docs" / "cores" / "speck_iter.md").read_text()
    assert "| `speck_iter` | WORD=16 KEY_WORDS=4 | speck32-64 | 500 | 300 |" in sheet
    assert "[`speck_iter`](docs/cores/speck_iter.md)" in readme.read_text()
    assert "100.0 (99.0..101.0)" in page.read_text()


def test_the_committed_archive_holds_records_the_page_can_show():
    """docs/measurements.json: every record names a registered core and a parameter set it
    accepts, is keyed by its own inputs digest, and carries the fields the tables read."""
    archive = measurements.read_archive()
    assert archive, "docs/measurements.json is missing or empty"
    for digest, rec in archive.items():
        assert rec["inputs"] == digest and len(digest) == 64
        core = cores.get(rec["core"])
        core.params(rec["params"])  # raises for a set the core refuses
        assert rec["target"] in TARGETS and rec["status"]
        assert {"lut", "ff", "carry", "bram", "dsp"} <= set(rec["core_area"])
        assert "area" in rec["harness"] and rec["tools"] and "date" in rec
        if rec["target"] == "ecp5" and not rec["timing"]:  # synthesis only (`--seeds ''`)
            assert not rec["seeds"] and rec.get("fmax_mhz") is None and rec["grade"] is None
        elif rec["target"] == "ecp5" and rec["status"] == "ok":
            assert rec["fmax_min_mhz"] <= rec["fmax_mhz"] <= rec["fmax_max_mhz"]
            assert rec["seeds"] == list(flow.DEFAULT_SEEDS)
        elif rec["target"] != "xc7":  # the board parts: the defaults, three seeds
            assert (rec["target"], rec["grade"]) in results.BOARD_CONFIGS
            assert rec["seeds"] == list(flow.DEFAULT_SEEDS)
            assert rec["params"] == core.params()
            if rec["status"] == "ok":
                assert rec["fmax_min_mhz"] <= rec["fmax_mhz"] <= rec["fmax_max_mhz"]
            else:  # what does not fit says what it needs against what the part has
                assert rec["status"] == "does not fit" and "/" in rec["error"]


def test_a_design_that_does_not_fit_says_so_once():
    """A row of a design that does not fit gives the status and what it needs against what
    the part has, without the status twice (the error already starts with it)."""
    rec = {"status": "does not fit", "error": "does not fit: ICESTORM_LC 6308/5280 (119%)",
           "core": "aes_iter", "params": cores.get("aes_iter").params(),
           "core_area": {r: 0 for r in ("lut", "ff", "carry", "bram", "dsp")},
           "harness": {"area": {"lut": 1, "ff": 1}, "fmax_mhz": None}, "ciphers": ["aes-128"],
           "wall_s": 1.0}
    row = results._table_timed([rec])[2]
    assert "does not fit: ICESTORM_LC 6308/5280 (119%)" in row
    assert "does not fit: does not fit" not in row


def test_chained_throughput_waits_a_latency_and_a_cycle_per_block():
    """CBC encryption, CFB, OFB through the mode engine: one block per latency + 1 cycles (the
    interval the mode cores register and their timing test checks), per cipher where the
    latency differs; no figure where the engine does not take the core."""
    for name in ("speck_pipe", "bf_iter", "aes_iter"):
        core = cores.get(name)
        p = core.params()
        per = results.chained_gbps(core, p, 200.0)
        table = core.cycle_table(p)
        assert len(per) == len(table)
        for (names, f), (c, g) in zip(table, per, strict=True):
            assert c == ", ".join(names)
            assert g == pytest.approx(core.block_bits(p) * 200.0 / (f["latency"] + 1) / 1e3)
            assert cores.mode_core("cbc", name).interval(p) == table[-1][1]["latency"] + 1 \
                or len(table) > 1
    bf_x2 = cores.get("bf_x2")
    assert results.chained_gbps(bf_x2, bf_x2.params(), 200.0) is None   # two lanes a beat
    assert results.chained_gbps(cores.get("aes_iter"), cores.get("aes_iter").params(),
                                None) is None
    aes = cores.get("aes_pipe")
    rec = {"core": "aes_pipe", "params": aes.params(), "status": "ok", "fmax_mhz": 180.0}
    lat = aes.cycles(aes.params())["latency"]
    assert results._chained_cell(rec) == f"{128 * 180.0 / (lat + 1) / 1e3:.3f}"
    assert results._chained_cell({**rec, "status": "timeout"}) == "–"
