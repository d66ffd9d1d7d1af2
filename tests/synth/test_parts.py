# SPDX-License-Identifier: Apache-2.0
"""Area by part (`ciphercores synth CORE --parts`, ciphercores.synth.parts): one real Yosys
run with the parts kept as modules, each part's cells counted once per instance, the parts and
the rest adding up to the whole; the records kept in the archive and shown on the page."""

from __future__ import annotations

import dataclasses
import json

import pytest

from ciphercores import cores
from ciphercores.errors import FlowError
from ciphercores.synth import flow, measurements, parts, results

#: aes_iter's modules with several instances (two MixColumns layers, four S-box ROM pairs)
#: and one instance (the key step), some derived for a parameter set
AES_PARTS = {"key step": "aes_key_step", "MixColumns": "aes_mix_layer",
             "S-box ROMs": "aes_sbox_rom"}


def _aes_iter_with_parts(named=AES_PARTS):
    return dataclasses.replace(cores.get("aes_iter"), parts=lambda p: dict(named))


def test_parts_of_a_real_synthesis_add_up_to_the_whole_design():
    core = _aes_iter_with_parts()
    rec = parts.measure(core, None, "ecp5")
    assert list(rec["parts"]) == list(AES_PARTS)
    assert rec["area"]["key step"]["lut"] > 0 and rec["area"]["MixColumns"]["lut"] > 0
    assert rec["area"]["S-box ROMs"]["bram"] == 8  # the core's eight DP16KD, all in the ROMs
    assert rec["area"]["key step"]["bram"] == rec["area"]["MixColumns"]["bram"] == 0
    for res in ("lut", "ff", "carry", "bram"):
        assert rec["total"][res] == sum(a[res] for a in rec["area"].values())
    # two MixColumns layers: the instance count is applied (one layer is far below the sum)
    assert rec["area"]["MixColumns"]["lut"] > 2 * 128
    # the rest holds the harness's shift chains and the core's state
    assert rec["area"][parts.REST]["ff"] > rec["area"]["key step"]["ff"]
    # kept modules block optimisation across their ports: the sum is near the flat design's
    flat = flow.measure(core, None, "ecp5", seeds=())
    assert flat["area"]["bram"] == rec["total"]["bram"]
    assert 0.9 * flat["area"]["lut"] <= rec["total"]["lut"] <= 1.3 * flat["area"]["lut"]
    assert abs(rec["total"]["ff"] - flat["area"]["ff"]) <= 0.1 * flat["area"]["ff"]
    assert parts.share(rec, "key step") == 1.0  # the first part is the one compared with
    assert parts.share(rec, "MixColumns") == pytest.approx(
        rec["area"]["MixColumns"]["lut"] / rec["area"]["key step"]["lut"])
    again = parts.measure(core, None, "ecp5")
    assert again["cached"] is True and again["area"] == rec["area"]


def test_a_part_the_design_does_not_hold_is_an_error():
    stat = {"modules": {"\\top": {"num_cells_by_type": {"LUT4": 1, "b": 1}},
                        "\\b": {"num_cells_by_type": {"LUT4": 5}},
                        "\\unused": {"num_cells_by_type": {"LUT4": 2}}}}
    with pytest.raises(FlowError, match=r"no instance of none \(no_such_module\)"):
        parts.split_stat(stat, "top", {"B": "b", "none": "no_such_module"})
    with pytest.raises(FlowError, match=r"no instance of U \(unused\)"):  # not under the top
        parts.split_stat(stat, "top", {"U": "unused"})


def test_a_core_without_parts_is_refused():
    with pytest.raises(FlowError, match="names no parts"):
        parts.measure(cores.get("speck_iter"), None, "ecp5", cache_only=True)


def test_gcm_cores_name_their_aes_core_ghash_and_engine():
    it, pipe = cores.get("gcm(aes_iter)"), cores.get("gcm(aes_pipe)")
    assert it.parts(it.params()) == {"AES core": "aes_iter", "GHASH": "ghash_ds",
                                     "rest of the GCM engine": "gcm_engine"}
    assert pipe.parts(pipe.params())["GHASH"] == "ghash"
    assert pipe.parts(pipe.params({"GHASH_P": 0}))["GHASH"] == "ghash_ds"


def test_split_counts_each_module_once_per_instance():
    stat = {"modules": {
        "\\top": {"num_cells_by_type": {"LUT4": 1, "$paramod\\a\\W=1": 2, "b": 1}},
        "$paramod\\a\\W=1": {"num_cells_by_type": {"LUT4": 3, "TRELLIS_FF": 1, "b": 1}},
        "\\b": {"num_cells_by_type": {"LUT4": 5}}}}
    out = parts.split_stat(stat, "top", {"A": "a", "B": "b"})
    # b: once under the top and once under each of the two a's
    assert out == {"A": {"LUT4": 6, "TRELLIS_FF": 2}, "B": {"LUT4": 15},
                   parts.REST: {"LUT4": 1}}
    out = parts.split_stat(stat, "top", {"A": "a"})  # b not kept: counted in the rest
    assert out == {"A": {"LUT4": 6, "TRELLIS_FF": 2}, parts.REST: {"LUT4": 16}}


def _parts_record(core, p, lut=(100, 40, 10, 5)):
    labels = [*core.parts(p), parts.REST]
    area = {label: {"lut": n, "ff": 1, "carry": 0, "bram": 0, "lutram": 0}
            for label, n in zip(labels, lut, strict=True)}
    return {"schema": measurements.SCHEMA, "kind": "parts", "core": core.name, "params": p,
            "target": "ecp5", "parts": dict(core.parts(p)), "area": area,
            "total": {r: sum(a[r] for a in area.values()) for r in area[labels[0]]},
            "tools": {"yosys": "Yosys 0.70"}, "date": "2026-11-26T00:00:00Z",
            "inputs": parts.inputs_digest(core, p, "ecp5")}


def test_the_page_shows_and_archives_the_parts_records(tmp_path, monkeypatch):
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty-cache"))
    core = cores.get("gcm(aes_iter)")
    p = core.params()
    rec = _parts_record(core, p)
    archive = tmp_path / "measurements.json"
    measurements.write_archive([], archive, [rec, {**rec, "inputs": "0" * 64}])
    monkeypatch.setattr(measurements, "ARCHIVE", archive)
    found = results.collect_parts()
    assert [r["inputs"] for r in found] == [rec["inputs"]]  # the stale digest is not served
    lines = results.by_part_table(found)
    rows = [line for line in lines if line.startswith("| ")][1:]  # after the header
    assert rows[0].startswith("| `gcm(aes_iter)` | SBOX_BRAM=1") and "| AES core | `aes_iter` | "\
        "100 | 1 | 0 | 0 | 0 | 100% |" in rows[0]
    assert rows[1] == "| | | | GHASH | `ghash_ds` | 40 | 1 | 0 | 0 | 0 | 40% |"
    assert rows[3] == f"| | | | {parts.REST} |  | 5 | 1 | 0 | 0 | 0 | – |"
    assert rows[4] == "| | | | sum |  | 155 | 4 | 0 | 0 | 0 | – |"
    measurements.write_archive([], archive, found)
    assert list(json.loads(archive.read_text())["parts"]) == [rec["inputs"]]
    assert measurements.read_archive(archive) == {}
    assert results.by_part_table([]) == []


def test_the_committed_parts_records_are_current_or_shown_stale():
    """Every parts record in docs/measurements.json is found under the digest of today's RTL
    and registry, or it is of older RTL and docs/results.md lists it among the stale rows
    ("(by part)"), as the other records (tests/synth/test_canon.py)."""
    from ciphercores.synth import results

    page = (cores.ROOT / "docs" / "results.md").read_text()
    listed = page.split("## Stale rows\n", 1)[1].split("\n## ", 1)[0] if "## Stale rows\n" \
        in page else ""
    for digest, rec in measurements.read_archive(section="parts").items():
        core = cores.get(rec["core"])
        assert set(rec["area"]) == {*rec["parts"], parts.REST}
        if parts.inputs_digest(core, rec["params"], rec["target"]) == digest:
            continue
        assert (f"| `{rec['core']}` | {results._params(core.params(rec['params']), rec['core'])} "
                f"| {rec['target']} (by part) |") in listed, (rec["core"], rec["target"])


def test_the_command_prints_each_part_with_its_share():
    from ciphercores.cli.synth import format_parts

    core = cores.get("gcm(aes_pipe)")
    text = format_parts({**_parts_record(core, core.params()), "wall_s": 1.0})
    lines = text.splitlines()
    assert lines[0].startswith("gcm(aes_pipe) KEY_BITS=128") and "by part" in lines[0]
    assert lines[2].split() == ["AES", "core", "aes_pipe", "100", "1", "0", "0", "0", "100%"]
    assert lines[3].split() == ["GHASH", "ghash", "40", "1", "0", "0", "0", "40%"]
    assert lines[6].split() == ["sum", "155", "4", "0", "0", "0"]
