"""The README's measured table and docs/results.md come from the same records
(`ciphercores results`): the table builder and the marked block it replaces."""

from __future__ import annotations

import pytest

from ciphercores.synth import results


def test_readme_table_comes_from_the_records_and_replaces_only_its_block():
    rec = {"core": "speck_iter", "params": {"WORD": 16, "KEY_WORDS": 4}, "target": "ecp5",
           "grade": "8", "status": "ok", "fmax_mhz": 171.8, "fmax_min_mhz": 161.7,
           "fmax_max_mhz": 174.4, "latency": 23, "interval": 22, "gbps": 0.25,
           "core_area": {"lut": 574, "ff": 270, "bram": 0}}
    other = {**rec, "grade": "6", "fmax_mhz": 1.0}  # another grade: not in the README table
    lines = results.readme_table([rec, other])
    rows = [line for line in lines if line.startswith("| `")]
    assert rows == ["| `speck_iter` | WORD=16 KEY_WORDS=4 | 574 | 270 | 0 | "
                    "171.8 (161.7..174.4) | 23 / 22 | 0.250 |"]
    text = f"before\n{results.BEGIN}\nstale\n{results.END}\nafter\n"
    new = results.replace_block(text, lines)
    assert new.startswith("before\n") and new.endswith(f"{results.END}\nafter\n")
    assert "stale" not in new and rows[0] in new
    assert results.replace_block(new, lines) == new
    # the README carries the block that `ciphercores results` fills
    assert results.BEGIN in results.README.read_text()
    with pytest.raises(ValueError):
        results.replace_block("no markers", lines)
