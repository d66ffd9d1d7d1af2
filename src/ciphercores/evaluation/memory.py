# SPDX-License-Identifier: Apache-2.0
"""Peak memory and speed of ``ciphercores encrypt`` against the input's size.

    python -m ciphercores.evaluation.memory [--sizes 1,64,512] [--name aes-128-ctr]
                                            [--core 'ctr(aes_pipe)'] [--software]

For each size (MiB) a file of random bytes is encrypted from file to file by the command in a
child process; the table gives the child's peak resident memory (ru_maxrss) and the input's
MB/s over the child's whole run (the core's opening included: a cached build). Figures are
printed, never asserted. The files live in a temporary directory, removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MIB = 1 << 20


def _random_file(path: Path, size: int) -> None:
    with open(path, "wb") as f:
        for off in range(0, size, 4 * MIB):
            f.write(os.urandom(min(4 * MIB, size - off)))


def measure(size: int, argv: list[str], folder: Path) -> dict:
    """One run: ``argv`` (the command's arguments after ``ciphercores``) with ``-i``/``-o``
    files of ``size`` bytes; returns bytes, seconds, peak RSS (bytes) and the exit status."""
    src, dst = folder / "in.bin", folder / "out.bin"
    _random_file(src, size)
    cmd = [sys.executable, "-m", "ciphercores", *argv, "-i", str(src), "-o", str(dst)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    src.unlink()
    dst.unlink(missing_ok=True)
    return {"bytes": size, "seconds": seconds, "rss": usage.ru_maxrss * 1024,
            "status": proc.returncode, "error": err.strip()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ciphercores.evaluation.memory",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1,64,512", help="input sizes in MiB (default 1,64,512)")
    ap.add_argument("--name", default="aes-128-ctr", help="cipher name (default aes-128-ctr)")
    ap.add_argument("--core", default="ctr(aes_pipe)", help="core (default ctr(aes_pipe))")
    ap.add_argument("--software", action="store_true", help="the reference model instead")
    args = ap.parse_args(argv)
    from .. import models, modes

    cm = modes.parse_name(args.name)
    spec = models.spec(cm.cipher)
    key = bytes(range(max(spec.key_sizes)))
    run = ["encrypt", cm.name, "--key", key.hex()]
    if cm.mode != "ecb":
        run += ["--iv", bytes(spec.block_size).hex()]
    run += ["--software"] if args.software else ["--core", args.core]
    print(f"ciphercores {' '.join(run[:2])} {'--software' if args.software else args.core}")
    print(f"{'MiB':>6}  {'seconds':>9}  {'MB/s':>8}  {'peak RSS MB':>11}")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="ciphercores-memory-") as tmp:
        for mib in (int(s) for s in args.sizes.split(",")):
            r = measure(mib * MIB, run, Path(tmp))
            if r["status"]:
                failed += 1
                print(f"{mib:>6}  failed (exit {r['status']}): {r['error']}")
                continue
            print(f"{mib:>6}  {r['seconds']:>9.2f}  {r['bytes'] / 1e6 / r['seconds']:>8.3f}  "
                  f"{r['rss'] / 1e6:>11.1f}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
