# SPDX-License-Identifier: Apache-2.0
"""The shared check/write of generated memory-init files (ciphercores.rtlgen.memfiles)."""

from ciphercores.rtlgen import memfiles

FILES = {"a.hex": "00\n01\n", "b.hex": "ff\n"}


def test_stale_and_check(tmp_path, capsys):
    assert memfiles.stale(tmp_path, FILES) == ["a.hex", "b.hex"]
    (tmp_path / "a.hex").write_text("00\n02\n")
    (tmp_path / "b.hex").write_text("ff\n")
    assert memfiles.stale(tmp_path, FILES) == ["a.hex"]
    assert memfiles.main(["--check"], tmp_path, lambda: FILES, "ciphercores.rtlgen.x") == 1
    out = capsys.readouterr().out
    assert "a.hex is out of date: run python -m ciphercores.rtlgen.x" in out
    assert "b.hex" not in out


def test_write_then_check(tmp_path):
    folder = tmp_path / "x"
    assert memfiles.main([], folder, lambda: FILES, "ciphercores.rtlgen.x") == 0
    assert {p.name: p.read_text() for p in folder.iterdir()} == FILES
    assert memfiles.main(["--check"], folder, lambda: FILES, "ciphercores.rtlgen.x") == 0
