"""The `ciphercores` command. Subcommands: `cores` (the registry), `demo`, and the measurement
flow's `synth`, `explore`, `results` (ciphercores.synth.commands)."""

from __future__ import annotations

import argparse
import sys

from . import registry
from .errors import CipherCoresError


def _cores(args: argparse.Namespace) -> int:
    rows = [("core", "ciphers (default params / test sets)", "latency", "interval", "key setup")]
    for core in registry.CORES.values():
        sets = [core.params(ps) for ps in (core.test_sets or (core.defaults,))]
        ciphers = sorted({c for p in sets for c in core.ciphers(p)})
        p = core.params()
        rows.append((core.name, ", ".join(ciphers), str(core.latency(p)),
                     str(core.interval(p)), str(core.key_setup(p))))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    print("\ncycle figures are for the default parameters; see src/ciphercores/registry.py")
    return 0


def _demo(args: argparse.Namespace) -> int:
    from . import demo

    return demo.main([])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="ciphercores",
                                 description="open, verified FPGA block-cipher cores")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("cores", help="list the registered cores").set_defaults(func=_cores)
    sub.add_parser("demo", help="push a message through speck_iter in the simulator") \
        .set_defaults(func=_demo)
    from .synth import commands as synth_commands  # synth, explore, results

    synth_commands.add(sub)
    args = ap.parse_args(argv)
    try:
        return args.func(args)
    except CipherCoresError as e:
        print(f"ciphercores: {e}", file=sys.stderr)
        return e.exit_code


if __name__ == "__main__":
    sys.exit(main())
