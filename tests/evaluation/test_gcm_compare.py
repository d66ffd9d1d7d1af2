# SPDX-License-Identifier: Apache-2.0
"""AES-GCM in the hardware-against-software comparison: the three libraries really compute
GCM, `openssl speed -evp aes-128-gcm` is read as OpenSSL prints it, and a cipher no core runs
gets a hardware row "not yet measured" with no figure at all."""

from __future__ import annotations

import subprocess

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ciphercores import tools
from ciphercores.evaluation import compare, software
from ciphercores.evaluation.stats import Summary


@pytest.mark.parametrize("cipher", ["aes-128-gcm", "aes-256-gcm"])
def test_gcm_implementations_compute_gcm(cipher):
    assert software.implementations(cipher) == (*software.IMPLEMENTATIONS, "openssl speed")
    assert software.implementations("aes-128") == software.IMPLEMENTATIONS
    key = bytes(range(int(cipher[4:7]) // 8))
    for impl in software.IMPLEMENTATIONS:
        one, bulk = software.factory(cipher, impl)(key)
        for data in (bytes(16), bytes(range(100))):
            assert one(data) == bulk(data) == AESGCM(key).encrypt(software._GCM_IV, data, None)
    assert software.factory(cipher, "openssl speed") is None


def test_openssl_speed_is_read_as_openssl_prints_it(monkeypatch):
    out = "+DT:AES-128-GCM:1:16384\n+R:219055:AES-128-GCM:0.68\n+H:16384\n" \
          "+F:25:AES-128-GCM:5277936941.18\n"
    calls = []

    def fake(cmd, **kw):
        calls.append(cmd)
        return subprocess.CompletedProcess(cmd, 0, stdout=out, stderr="")

    monkeypatch.setattr(software.subprocess, "run", fake)
    monkeypatch.setattr(software.tools, "find", lambda tool, required=True: "/x/openssl")
    assert software.openssl_speed_MBps("aes-128-gcm") == pytest.approx(5277.93694118)
    assert calls[0] == ["/x/openssl", "speed", "-evp", "aes-128-gcm", "-seconds", "1",
                        "-bytes", "16384", "-mr"]
    r = software.measure("aes-128-gcm", "openssl speed", repeats=2)
    assert r.impl == "openssl speed" and r.key_setup_s is None and r.latency_s is None
    assert r.throughput_MBps.n == 2 and r.bulk_bytes == 16384
    monkeypatch.setattr(software.tools, "find", lambda tool, required=True: None)
    assert software.measure("aes-128-gcm", "openssl speed", repeats=1) is None


@pytest.mark.skipif(tools.find("openssl", required=False) is None, reason="no openssl command")
def test_openssl_speed_runs():
    rate = software.openssl_speed_MBps("aes-128-gcm")
    assert rate is not None and rate > 1  # MB/s: any machine does better than that


def test_a_cipher_without_hardware_gets_a_row_without_figures():
    """GCM (no core registered) and bf given no hardware result: one hardware row each, "not
    yet measured", no figure in any column, the reason in its source; nothing in the
    percentage-decrease table for them; the tables print dashes."""
    gcm = software.measure("aes-128-gcm", "openssl", repeats=1, bulk_bytes=4096,
                           sample_s=0.001)
    assert gcm.key_setup_s is None and gcm.latency_s.median > 0
    bf = software.measure("bf", "openssl", repeats=1, bulk_bytes=4096, sample_s=0.001)
    rows = compare.build_rows([gcm, bf], [], with_papers=False)
    hw = {r.cipher: r for r in rows if r.kind == "hardware"}
    assert set(hw) == {"aes-128-gcm", "bf"}
    for r in hw.values():
        assert r.name == compare.NOT_MEASURED
        assert (r.key_setup_s, r.latency_s, r.throughput_MBps) == (None, None, None)
    assert hw["aes-128-gcm"].source == "no registered core implements aes-128-gcm yet"
    assert "ciphercores synth" in hw["bf"].source
    assert compare.decrease_rows(rows) == []
    line = next(x for x in compare.table(rows).splitlines()
                if "aes-128-gcm" in x and "hardware" in x)
    assert "not yet measured" in line and "–" in line
    speed = software.SoftwareResult("aes-128-gcm", "openssl speed", None, None,
                                    Summary(5000.0, 4900.0, 5100.0, 3), 16384)
    rows = compare.build_rows([gcm, speed], [], with_papers=False)
    assert "openssl speed" in compare.table(rows)
    assert compare.to_json(rows) and compare.to_csv(rows).count("\n") == len(rows) + 1
