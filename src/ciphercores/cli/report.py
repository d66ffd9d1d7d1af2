# SPDX-License-Identifier: Apache-2.0
"""`ciphercores report`: the HTML + Markdown report with plots."""

from __future__ import annotations

import argparse
from pathlib import Path


def run(args: argparse.Namespace) -> int:
    from ..evaluation import report

    files = report.build(Path(args.out), quick=args.quick)
    print(f"report: {files['html']} and {files['md']} ({len(files) - 2} plots)")
    return 0


def add(sub) -> None:
    p = sub.add_parser("report", help="HTML + Markdown report with plots: every core's "
                                      "interface, cycles, verification, area/Fmax/throughput")
    p.add_argument("out", metavar="DIR", help="output folder")
    p.add_argument("--quick", action="store_true",
                   help="Yosys-only figures (xc7 cell counts) for what is not cached")
    p.set_defaults(func=run)
