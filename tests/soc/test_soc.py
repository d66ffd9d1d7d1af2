# SPDX-License-Identifier: Apache-2.0
"""The LiteX SoC of soc/ (`make soc`), built and simulated: its firmware must pass every
official vector through the peripherals and the software AES, and print the cycle figures,
and its table of cycles per block must be the one in docs/soc.md (and the README's figures).
Behind the `soc` marker (`pytest -m soc`): it needs the `soc` extra and Debian's RISC-V GCC,
libevent-dev and libjson-c-dev."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from types import SimpleNamespace

import pytest

from ciphercores import vectors
from ciphercores.paths import ROOT

pytestmark = pytest.mark.soc

SCRIPT = ROOT / "soc" / "ciphercores_soc.py"
NUM = r"(\d+(?:\.\d+)?)"


@pytest.fixture(scope="module")
def soc_run(tmp_path_factory) -> SimpleNamespace:
    """One build and run (without --write-docs: the docs stay as committed): its console
    output and its build folder."""
    check = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True,
                           text=True, check=False)
    if check.returncode:
        pytest.fail(check.stderr)
    out = tmp_path_factory.mktemp("soc")
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=3600, check=False)
    assert done.returncode == 0, (done.stdout[-4000:], done.stderr[-4000:])
    return SimpleNamespace(stdout=done.stdout, out=out)


@pytest.fixture(scope="module")
def soc_output(soc_run) -> str:
    return soc_run.stdout


@pytest.fixture(scope="module")
def script():
    """soc/ciphercores_soc.py as a module (its table and docs functions)."""
    spec = importlib.util.spec_from_file_location("ciphercores_soc", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _names(rel: str, fmt: str) -> list[str]:
    return [fmt.format(**row, bits=8 * len(bytes.fromhex(row["key"])))
            for row in vectors.load_table(rel)]


def test_every_vector_passes(soc_output):
    results = re.findall(r"^KAT (.+) (\S+) (PASS|FAIL)\b", soc_output, re.M)
    assert results, soc_output[-4000:]
    assert [r for r in results if r[2] != "PASS"] == []
    seen = {(name, what) for name, what, _ in results}
    expected = set()
    aes = _names("aes/fips197_appendix_c.txt", "FIPS-197 {section} aes-{bits}") + \
        _names("modes/sp800_38a_appendix_f.txt", "SP 800-38A {section} aes-{bits}-{mode}")
    for name in aes:
        expected |= {(name, "hw-encrypt"), (name, "hw-decrypt"), (name, "sw-encrypt")}
    expected |= {("SPECK128/128", "hw-encrypt"), ("SPECK128/128", "hw-decrypt"),
                 ("aes", "id"), ("speck", "id"), ("irq", "out-valid")}
    expected |= {(f"bench-aes-{bits}", "hw=sw") for bits in (128, 192, 256)}
    assert expected - seen == set()
    summary = re.search(r"^SUMMARY passed=(\d+) failed=(\d+)$", soc_output, re.M)
    assert summary and int(summary[1]) == len(results) and summary[2] == "0"


def test_cycles_per_block_are_printed(soc_output):
    # every vector line carries its cycle figure: hw= for the peripheral, sw= for the software
    for line in re.findall(r"^KAT .*(?:hw|sw)-(?:en|de)crypt PASS.*$", soc_output, re.M):
        assert re.search(rf" (?:hw|sw)={NUM}$", line), line
    bench = {m[0]: [float(x) for x in m[1:]] for m in re.findall(
        rf"^BENCH (aes-\d+) blocks=\d+ hw_single={NUM} hw_stream={NUM} sw={NUM} "
        rf"speedup={NUM}$", soc_output, re.M)}
    assert set(bench) == {"aes-128", "aes-192", "aes-256"}
    for single, stream, sw, speedup in bench.values():
        assert 0 < stream <= single < sw
        assert speedup == pytest.approx(sw / stream, abs=0.06)
    # the software's work grows with the rounds (10, 12, 14); the peripheral is bus-bound
    assert bench["aes-128"][2] < bench["aes-192"][2] < bench["aes-256"][2]


def test_the_run_writes_the_docs_table(soc_run, script):
    """OUT/measured.md is the table of the run's BENCH lines, with the columns, ciphers and
    tools docs/soc.md's generated block has."""
    run = (soc_run.out / "measured.md").read_text().splitlines()
    rows, versions, date = script.parse_measured(run)
    assert script.measured_table(rows, versions, date) == run
    assert rows == script.bench_rows(soc_run.stdout)
    committed = script.doc_block((ROOT / "docs" / "soc.md").read_text())
    c_rows, c_versions, _ = script.parse_measured(committed)
    heading = run.index("|---|" + "---:|" * len(script.FIGURES))
    assert run[:heading + 1] == committed[:heading + 1]  # caption, column headings
    assert [r["cipher"] for r in rows] == [r["cipher"] for r in c_rows]
    assert list(versions) == list(c_versions)


def test_the_run_reproduces_the_committed_figures(soc_run, script):
    """The simulation is cycle-exact (two runs print the same BENCH lines), so with the tools
    docs/soc.md names the run's table must be the committed one, and the README's figures
    those of the run: a change to the firmware, the wrapper or the core that moves a figure
    fails here until `make soc` rewrites the docs. With other tools (another GCC, LiteX,
    VexRiscv or Verilator) the figures may differ: skipped, naming the tools that differ."""
    rows, versions, _ = script.parse_measured(
        (soc_run.out / "measured.md").read_text().splitlines())
    c_rows, c_versions, _ = script.parse_measured(
        script.doc_block((ROOT / "docs" / "soc.md").read_text()))
    differ = {k: (c_versions.get(k), v) for k, v in versions.items() if c_versions.get(k) != v}
    if differ:
        pytest.skip(f"tools differ from those of docs/soc.md (committed, here): {differ}")
    assert rows == c_rows, "the figures differ from docs/soc.md's table: run `make soc`"
    assert script.readme_figures(rows) == \
        script.doc_block((ROOT / "README.md").read_text()), \
        "the README's SoC figures differ from the run's: run `make soc`"
