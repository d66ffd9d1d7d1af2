# SPDX-License-Identifier: Apache-2.0
"""`ciphercores cores`: the registered cores, their ciphers and cycle figures."""

from __future__ import annotations

import argparse

from .. import cores
from .output import print_table


def run(args: argparse.Namespace) -> int:
    rows = [("core", "ciphers (default params / test sets)", "latency", "interval", "key setup",
             "default for")]
    for core in cores.CORES.values():
        sets = [core.params(ps) for ps in (core.test_sets or (core.defaults,))]
        ciphers = sorted({c for p in sets for c in core.ciphers(p)})
        p = core.params()
        rows.append((core.name, ", ".join(ciphers), str(core.latency(p)),
                     str(core.interval(p)), str(core.key_setup(p)), ", ".join(core.default_for)))
    print_table(rows)
    print("\ncycle figures are for the default parameters; see src/ciphercores/cores/")
    return 0


def add(sub) -> None:
    sub.add_parser("cores", help="list the registered cores").set_defaults(func=run)
