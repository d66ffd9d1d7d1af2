# SPDX-License-Identifier: Apache-2.0
"""`ciphercores report`: the HTML + Markdown report with plots."""

from __future__ import annotations

import argparse

from ..outfile import output_folder


def run(args: argparse.Namespace) -> int:
    from ..evaluation import report

    files = report.build(output_folder(args.out), quick=args.quick)
    print(f"report: {files['html']} and {files['md']} ({len(files) - 2} plots)")
    return 0


def add(sub) -> None:
    p = sub.add_parser("report", help="HTML + Markdown report with plots: every core's "
                                      "interface, cycles, verification, area/Fmax/throughput",
                       description=(
        "Writes DIR/report.html (plots in DIR/img/), report.md and report.json. Per core: "
        "interface, parameters, cycles, the passed verification runs recorded here (by `make "
        "test` and `ciphercores verify`), area, Fmax and throughput per target. Area against "
        "throughput per family beside other open cores measured on the same flow and the "
        "papers' figures; the cores against the Python model, pycryptodome and OpenSSL "
        "measured here (a minute or two); the papers' percentage-decrease table. Measurements "
        "come from the cache or docs/measurements.json; missing ones are run now (place and "
        "route: long; --quick: Yosys xc7 counts only). Progress on stderr if a terminal."))
    p.add_argument("out", metavar="DIR", help="output folder")
    p.add_argument("--quick", action="store_true",
                   help="Yosys-only figures (xc7 cell counts) for what is not cached")
    p.set_defaults(func=run)
