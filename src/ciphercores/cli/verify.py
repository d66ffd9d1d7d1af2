# SPDX-License-Identifier: Apache-2.0
"""`ciphercores verify`: the official vectors through a core's RTL."""

from __future__ import annotations

import argparse

from .. import cores
from ..cores import parse_params
from ..driver import verify_core
from ..errors import EXIT_CHECK_FAILED, UnsupportedCipherError
from .output import print_table


def run(args: argparse.Namespace) -> int:
    from ..sim.runner import record_verify

    core, params = cores.parse_core_spec(args.core)
    if core.iv_port:
        raise UnsupportedCipherError(
            f"verify runs the block cipher's known answers on a block cipher core; "
            f"{core.name} runs a mode (tests/rtl/test_modes_hw.py checks it): verify "
            f"{getattr(core, 'base', core.name)}")
    overrides = {**params, **parse_params(args.param or [], where="-P")}
    sets = ([core.params(ps) for ps in (core.test_sets or (core.defaults,))] if args.all_sets
            else [core.params(overrides)])
    failed = 0
    rows = [("core", "parameters", "cipher", "vectors", "encrypt", "decrypt", "result")]
    for p in sets:
        label = ",".join(f"{k}={v}" for k, v in p.items())
        results = verify_core(core, p)
        record_verify(core, p, results)  # for `ciphercores report`
        for r in results:
            status = "PASS" if r["ok"] else ("NO VECTORS" if not r["vectors"] else "FAIL")
            failed += not r["ok"]
            rows.append((core.name, label, r["cipher"], str(r["vectors"]),
                         f"{r['encrypt']}/{r['vectors']}",
                         "encrypt-only build" if r["decrypt"] is None
                         else f"{r['decrypt']}/{r['vectors']}",
                         status))
    print_table(rows)
    print(f"\n{len(rows) - 1 - failed} passed, {failed} failed "
          "(official vectors from vectors/ through the RTL, Verilator co-simulation)")
    return EXIT_CHECK_FAILED if failed else 0


def add(sub) -> None:
    p = sub.add_parser("verify", help="run the official vectors through a core's RTL")
    p.add_argument("core", metavar="CORE[:P=V,...]")
    p.add_argument("-P", "--param", action="append", metavar="PARAM=VALUE",
                   help="core parameter (repeatable)")
    p.add_argument("--all-sets", action="store_true",
                   help="every parameter set the test suite covers")
    p.set_defaults(func=run)
