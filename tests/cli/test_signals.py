# SPDX-License-Identifier: Apache-2.0
"""SIGTERM, SIGINT and SIGHUP in the middle of a streaming run: the `.part` file beside the
output (which holds plaintext not yet authenticated in a GCM decryption) is removed, the old
output stays, and the exit status is 128 + the signal. Real processes, the model
(--software) and, for one signal, the RTL (gcm(aes_iter), the build tests/cli/test_cli_gcm.py
makes)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

KEY, IV = "00" * 16, "00" * 12


def _stopped(tmp_path, sig: int, extra: list[str], size: int) -> None:
    src, out = tmp_path / "in.bin", tmp_path / "out.bin"
    src.write_bytes(os.urandom(size))  # not GCM output: decrypted, then refused at the tag
    out.write_bytes(b"old")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    p = subprocess.Popen(
        [sys.executable, "-m", "ciphercores", "decrypt", "aes-128-gcm", "-K", KEY, "-iv", IV,
         "-in", str(src), "-out", str(out), *extra],
        env=env, stderr=subprocess.PIPE,
        # Python installs its Ctrl-C handler only where SIGINT is not ignored (a background
        # job's is): give the child the default
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 300
    parts: list = []
    while time.monotonic() < deadline and p.poll() is None:
        parts = [f for f in os.listdir(tmp_path) if f.endswith(".part")]
        if parts:
            break
        time.sleep(0.05)
    time.sleep(0.5)  # into the first chunk
    assert p.poll() is None and parts, "the run ended before its .part file appeared"
    p.send_signal(sig)
    _, err = p.communicate(timeout=120)
    assert p.returncode == 128 + sig, err
    assert sorted(os.listdir(tmp_path)) == ["in.bin", "out.bin"]
    assert out.read_bytes() == b"old"
    assert b"Traceback" not in err and KEY.encode() not in err


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_signal_removes_the_part_file(sig, tmp_path, monkeypatch):
    """On the model: 2 MiB go through in 1 MiB chunks (seconds each); the signal comes once
    the .part file is there."""
    _stopped(tmp_path, sig, ["--software"], 2 << 20)


def test_sigterm_through_the_rtl(tmp_path):
    """The same through gcm(aes_iter) in the simulated hardware."""
    _stopped(tmp_path, signal.SIGTERM, [], 2 << 20)
