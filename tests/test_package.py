# SPDX-License-Identifier: Apache-2.0
"""What an open-source IP library ships: the license text the package declares, an SPDX line
at the top of every source file of the package and its tests, a changelog and a security
policy."""

from __future__ import annotations

import re
import tomllib

from ciphercores.paths import ROOT

SPDX = "SPDX-License-Identifier: Apache-2.0"
SUFFIXES = {".py", ".cpp", ".js", ".css", ".html"}


def test_license_is_the_declared_one():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"]
    assert declared == "Apache-2.0"  # an SPDX expression (PEP 639)
    text = (ROOT / "LICENSE").read_text()
    assert text.split()[:4] == ["Apache", "License", "Version", "2.0,"]
    assert "END OF TERMS AND CONDITIONS" in text


def test_every_source_file_has_an_spdx_line():
    files = [p for d in ("src", "tests") for p in (ROOT / d).rglob("*")
             if p.suffix in SUFFIXES and "__pycache__" not in p.parts and "data" not in
             p.relative_to(ROOT).parts[:3]]
    files.append(ROOT / "Makefile")
    assert len(files) > 100
    missing = [str(p.relative_to(ROOT)) for p in files
               if SPDX not in "".join(p.read_text().splitlines(keepends=True)[:2])]
    assert not missing, missing


def test_changelog_and_security_policy():
    log = (ROOT / "CHANGELOG.md").read_text()
    assert re.search(r"^## \[Unreleased\]", log, re.M)
    assert "CIPHERCORES_CACHE_DIR" in log and "exit-codes.md" in log
    sec = (ROOT / "SECURITY.md").read_text()
    assert "side channel" in sec.lower() and "report" in sec.lower()
