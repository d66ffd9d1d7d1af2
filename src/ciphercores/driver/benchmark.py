# SPDX-License-Identifier: Apache-2.0
"""`ciphercores bench cosim`: how fast the driver pushes blocks through a simulated core.

A measurement, not a test: random key and blocks, full stream throughput (no idle, no
back-pressure), one ``process`` call (on a GCM core, one message), timed with the wall clock.
Reports simulated clock cycles per second and blocks and megabytes per second end to end
(Python join/split included).
"""

from __future__ import annotations

import os
import time

from .. import cores, models


def measure(spec: str, blocks: int | None = None, cycles_target: int = 2_000_000) -> dict:
    """Open ``spec`` (``NAME[:P=V,...]``), stream ``blocks`` random blocks (default: about
    ``cycles_target`` core cycles' worth) and return the figures."""
    from . import open_core

    core, params = cores.parse_core_spec(spec)
    t0 = time.perf_counter()
    with open_core(core, **params) as dev:
        opened = time.perf_counter() - t0
        gcm = dev.mode == "gcm"
        cipher = models.spec(dev.cipher.removesuffix("-gcm") if gcm else dev.cipher)
        dev.set_key(os.urandom(max(s for s in cipher.key_sizes if 8 * s <= dev.layout.key_bits)))
        if dev.mode and not gcm:  # a hardware mode core: one message from a random IV
            dev.set_iv(os.urandom(dev.block_size))
        per_block = core.cycles(params, dev.cipher)["interval"] / dev.layout.lanes
        n = blocks or max(1024, int(cycles_target / per_block))
        data = [os.urandom(dev.block_size) for _ in range(n)]
        before = dev.cycles.total
        t1 = time.perf_counter()
        if gcm:  # a GCM core: one message of the data (no AAD) from a random 96-bit IV
            from .gcm import gcm_encrypt

            gcm_encrypt(dev, os.urandom(12), b"".join(data))
        else:
            dev.process(data)
        seconds = time.perf_counter() - t1
        cycles = dev.cycles.total - before
    shown = {k: v for k, v in params.items() if k in core.defaults}  # not the derived ones
    return {"core": core.name, "params": shown,
            "cipher": f"{dev.cipher}-gcm" if gcm else dev.cipher, "blocks": n,
            "cycles": cycles, "seconds": seconds, "open_seconds": opened,
            "built": dev.transport.built if hasattr(dev.transport, "built") else False,
            "cycles_per_s": cycles / seconds, "blocks_per_s": n / seconds,
            "mb_per_s": n * dev.block_size / seconds / 1e6}


def table(results: list[dict]) -> str:
    rows = [("core", "parameters", "cipher", "blocks", "cycles", "wall s", "Mcycles/s",
             "blocks/s", "MB/s", "open s")]
    for r in results:
        rows.append((r["core"], ",".join(f"{k}={v}" for k, v in r["params"].items()),
                     r["cipher"], str(r["blocks"]), str(r["cycles"]), f"{r['seconds']:.3f}",
                     f"{r['cycles_per_s'] / 1e6:.2f}", f"{r['blocks_per_s']:.0f}",
                     f"{r['mb_per_s']:.2f}",
                     f"{r['open_seconds']:.2f}" + (" (built)" if r["built"] else "")))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    lines.append("\nVerilator co-simulation through ciphercores.driver, one process() call, "
                 "no idle or back-pressure; MB/s is data through the simulated core per "
                 "wall-clock second")
    return "\n".join(lines)
