# SPDX-License-Identifier: Apache-2.0
"""`ciphercores bench`: hardware against software (compare), or the co-simulation driver's
speed (cosim); figures printed, never asserted."""

from __future__ import annotations

import argparse
import sys

from .. import cores
from ..errors import UsageError
from ..outfile import check_output

#: what `bench` compares without --cipher (and every cipher with a cached measurement)
DEFAULT_CIPHERS = ("aes-128", "aes-128-gcm", "des-ede3", "bf", "speck64-128", "speck128-128")


def run(args: argparse.Namespace) -> int:
    if args.what == "compare":
        return _compare(args)
    from ..driver import benchmark

    specs = args.cores or list(cores.CORES)
    results = [benchmark.measure(spec, blocks=args.blocks) for spec in specs]
    print(benchmark.table(results))
    return 0


def _compare(args: argparse.Namespace) -> int:
    """Hardware against software: software measured here, hardware from the
    measurement cache; figures printed, never asserted."""
    from ..evaluation import compare, hardware, software

    if args.cores:
        raise UsageError("bench compare takes no core names (use --cipher)")
    csv_out = check_output(args.csv) if args.csv else None  # before the measurements
    grade = None if args.target == "xc7" else args.grade
    hw = hardware.collect(args.target, grade)
    ciphers = args.cipher or sorted({r.cipher for r in hw} | set(DEFAULT_CIPHERS))
    for c in ciphers:
        software.check_name(c)  # unknown names fail before anything runs
    repeats = 3 if args.quick else args.repeats
    bulk = (1 << 16) if args.quick else (1 << 20)
    sw = []
    for c in ciphers:
        for impl in software.implementations(c):
            r = software.measure(c, impl, repeats=repeats, bulk_bytes=bulk)
            if r is not None:
                sw.append(r)
            if not args.json:
                print(f"measured {c} {impl}", file=sys.stderr)
    rows = compare.build_rows(sw, [r for r in hw if r.cipher in ciphers],
                              with_papers=not args.no_papers)
    if csv_out is not None:
        csv_out.write(compare.to_csv(rows).encode())
    if args.json:
        print(compare.to_json(rows))
    else:
        print(compare.table(rows))
        print()
        print(compare.decrease_table(rows))
        missing = [c for c in ciphers if not any(r.cipher == c for r in hw)]
        unmeasured = [c for c in missing if cores.cores_for(c)]
        if unmeasured:
            print(f"\nno cached {args.target} measurement for: {', '.join(unmeasured)} "
                  f"(run `ciphercores synth CORE --target {args.target}` first)")
        if set(missing) - set(unmeasured):
            print(f"\nno registered core for: {', '.join(sorted(set(missing) - set(unmeasured)))}"
                  " (software rows only; hardware not yet measured)")
    return 0


def add(sub) -> None:
    p = sub.add_parser("bench", help="hardware against software (compare, the default), or "
                                     "the co-simulation driver's speed (cosim); not a test")
    p.add_argument("what", nargs="?", default="compare", choices=["compare", "cosim"],
                   help="compare: key setup, latency and throughput of the cores (measurement "
                        "cache) against the model, pycryptodome and OpenSSL measured here, "
                        "with the papers' figures; cosim: co-simulation speed")
    p.add_argument("cores", nargs="*", metavar="CORE[:P=V,...]",
                   help="cosim: cores to measure (default: every registered core)")
    p.add_argument("--blocks", type=int, default=None,
                   help="cosim: blocks per core (default: enough for ~2 million cycles)")
    p.add_argument("--cipher", action="append", metavar="NAME",
                   help="compare: cipher (repeatable; default: every measured cipher and "
                        f"{', '.join(DEFAULT_CIPHERS)}; aes-128-gcm adds `openssl speed -evp "
                        "aes-128-gcm`)")
    p.add_argument("--target", default="ecp5", choices=["ecp5", "xc7", "ice40"],
                   help="compare: the measurement target for the hardware rows")
    p.add_argument("--grade", default="8", help="compare: speed grade / device (ecp5: 6, 8)")
    p.add_argument("--repeats", type=int, default=7, help="compare: repetitions (median)")
    p.add_argument("--quick", action="store_true", help="compare: 3 repetitions, 64 KiB bulk")
    p.add_argument("--no-papers", action="store_true", help="compare: omit the papers' rows")
    p.add_argument("--json", action="store_true", help="compare: JSON on stdout")
    p.add_argument("--csv", metavar="FILE", help="compare: also write a CSV file")
    p.set_defaults(func=run)
