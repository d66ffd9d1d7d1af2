# SPDX-License-Identifier: Apache-2.0
"""`ciphercores prove`: one formal target's proofs (SymbiYosys; ciphercores.formal)."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from ..cores import parse_params
from ..errors import EXIT_CHECK_FAILED


def run(args: argparse.Namespace) -> int:
    from .. import formal

    results = formal.prove(args.target, parse_params(args.param or [], where="-P"))
    if args.json:
        target = formal.TARGETS[args.target]
        print(json.dumps({"target": target.name, "properties": target.what,
                          "results": [asdict(r) for r in results]}, indent=2))
    else:
        for r in results:
            print(r.line())
    return 0 if all(r.status == "PASS" for r in results) else EXIT_CHECK_FAILED


def add(sub) -> None:
    from ..formal import TARGETS

    p = sub.add_parser("prove", help="formal proof (SymbiYosys) of a shared module's stream "
                       "contract: k-induction and a cover")
    p.add_argument("target", choices=sorted(TARGETS), metavar="TARGET",
                   help="one of: " + ", ".join(TARGETS))
    p.add_argument("-P", "--param", action="append", metavar="PARAM=VALUE",
                   help="parameter of the target (repeatable)")
    p.add_argument("--json", action="store_true",
                   help="JSON: properties, then per run result, depth, time, trace")
    p.set_defaults(func=run)
