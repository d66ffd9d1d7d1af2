# SPDX-License-Identifier: Apache-2.0
"""`ciphercores export`: a core and its parameters as a self-contained folder (RTL, file list,
one-file view, instance template, clock constraints, datasheet)."""

from __future__ import annotations

import argparse

from .. import cores
from ..cores import parse_params
from ..distribution.export import EXPORT_TARGETS
from ..errors import UsageError
from .output import note


def run(args: argparse.Namespace) -> int:
    from ..distribution.export import export, record, stale_note

    core, given = cores.split_core_spec(args.core, tuple(cores.KINDS))  # every kind
    overrides = {**given, **parse_params(args.param or [], where="-P")}
    mhz = args.clock_mhz
    if args.clock_ns is not None:
        if args.clock_ns <= 0:
            raise UsageError(f"--clock-ns {args.clock_ns}: give a period above 0")
        mhz = 1000.0 / args.clock_ns
    if args.speed is not None and args.target != "ecp5":
        raise UsageError(f"--speed is ECP5's grade: with --target {args.target} give --grade")
    if args.speed is not None and args.grade not in (None, args.speed):
        raise UsageError(f"--speed {args.speed} and --grade {args.grade}: give one")
    rec = record(core, overrides, args.target, args.grade or args.speed)
    files = export(core, overrides, args.output, clock_mhz=mhz, grade=args.grade or args.speed,
                   target=args.target, force=args.force, rec=rec)
    ext = "lpf" if args.target == "ecp5" else "sdc"
    text = files[f"{core.top}.{ext}"].decode()
    if not any(line.startswith(("FREQUENCY", "create_clock")) for line in text.splitlines()):
        what = ("a bus wrapper (only of the core inside)" if core.kind == "bus" else
                f"{core.name} with these parameters")
        note(f"no {args.target} measurement of {what}: the .{ext} sets no frequency (give "
             "--clock-mhz)")
    if mhz is None and rec and rec.get("stale"):
        note(f"the {args.target} record of {core.name} with these parameters is "
             f"{stale_note(rec)}: the .{ext} sets its Fmax, {rec['fmax_mhz']:g} MHz, and says so")
    print(f"wrote {args.output}/: {len(files)} files (README.txt lists them)")
    return 0


def add(sub) -> None:
    p = sub.add_parser("export", help="write a core with its parameters as a self-contained "
                                      "folder for another design",
                       description="A core of any kind (a block core, MODE(CORE), gcm(CORE), "
                                   "BUS(CORE)) with its parameters: RTL, file list, one-file "
                                   "view, instance template, clock constraints, datasheet.")
    p.add_argument("core", metavar="CORE[:P=V,...]")
    p.add_argument("-P", "--param", action="append", metavar="NAME=VALUE",
                   help="core parameter (repeatable)")
    p.add_argument("-o", "--output", required=True, metavar="DIR",
                   help="the folder to write: new, or empty (its parent must exist)")
    clock = p.add_mutually_exclusive_group()
    clock.add_argument("--clock-mhz", type=float, metavar="MHZ",
                       help="the clock of the constraint files (.lpf, and .sdc/.xdc, which are "
                            "written only with a clock given)")
    clock.add_argument("--clock-ns", type=float, metavar="NS", help="the same as a period")
    p.add_argument("--target", default="ecp5", metavar="FAMILY",
                   help="the FPGA family whose clock constraint is written at the Fmax "
                        "measured on its part: ecp5 (.lpf, the default) or another family "
                        f"nextpnr places (.sdc): {', '.join(EXPORT_TARGETS)}")
    p.add_argument("--grade", metavar="G",
                   help="the part or speed grade of --target (its default: the one the "
                        "archive measures; ECP5: 8)")
    p.add_argument("--speed", choices=["6", "8"],
                   help="ECP5's speed grade (the same as --grade with --target ecp5)")
    p.add_argument("--force", action="store_true",
                   help="replace a folder that an earlier export wrote (nothing else)")
    p.set_defaults(func=run)
