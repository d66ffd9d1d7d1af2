# SPDX-License-Identifier: Apache-2.0
"""The LiteX SoC of soc/ (`make soc`), built and simulated: its firmware must pass every
official vector through the peripherals and the software AES, and print the cycle figures.
Behind the `soc` marker (`pytest -m soc`): it needs the `soc` extra and Debian's RISC-V GCC,
libevent-dev and libjson-c-dev."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from ciphercores import vectors
from ciphercores.paths import ROOT

pytestmark = pytest.mark.soc

SCRIPT = ROOT / "soc" / "ciphercores_soc.py"
NUM = r"(\d+(?:\.\d+)?)"


@pytest.fixture(scope="module")
def soc_output(tmp_path_factory) -> str:
    check = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True,
                           text=True, check=False)
    if check.returncode:
        pytest.fail(check.stderr)
    out = tmp_path_factory.mktemp("soc")
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=3600, check=False)
    assert done.returncode == 0, (done.stdout[-4000:], done.stderr[-4000:])
    return done.stdout


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
