"""The `ciphercores` command.

    ciphercores cores                                   registered cores, ciphers, cycle figures
    ciphercores encrypt NAME --key HEX [--iv HEX] [-i IN] [-o OUT] [--core CORE] [--software]
    ciphercores decrypt NAME ...                        (stdin/stdout, binary, by default)
    ciphercores verify CORE [-P K=V ...]                official vectors through the RTL
    ciphercores bench cosim [CORE ...]                  co-simulation speed of the driver
    ciphercores demo                                    the same as `make demo`
    ciphercores synth | explore | results               the measurement flow (ciphercores.synth)
    ciphercores gui [--host H] [--port N]               the web GUI (docs/gui.md)
    ciphercores prove TARGET [-P K=V ...] [--json]      formal proof of a shared module

Cipher names as OpenSSL spells them (``aes-128-cbc``, ``des-ede3-cbc``, ``bf-ofb``;
``speck128-128-ctr`` for SPECK). Errors: one line on stderr, the error's exit status (see
README), no key bytes in any message, no partial output file.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from . import models, modes, registry
from .errors import (
    BadHexError,
    CipherCoresError,
    FileAccessError,
    UnsupportedCipherError,
)
from .frontend import check_iv, check_key, choose_core, parse_hex, redact

#: exit status on Ctrl-C
EXIT_INTERRUPTED = 130
#: exit status of an unexpected internal error
EXIT_INTERNAL = 70


_SECRETS: list[str] = []  # the --key text of this call, hidden from every message


def _redact(message: str) -> str:
    """Hide keys in a message: the --key text of this call and anything that looks like one
    (8 or more hex digits), wherever the user typed it."""
    return redact(message, _SECRETS)


class _Parser(argparse.ArgumentParser):
    """argparse, except that usage errors never echo a key (see :func:`_redact`)."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {_redact(message)}\n")


def _note(text: str) -> None:
    print(f"ciphercores: {text}", file=sys.stderr)


# ---------------------------------------------------------------------------------------
# cores
# ---------------------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------------------
# encrypt / decrypt
# ---------------------------------------------------------------------------------------

def _read_input(path: str | None) -> bytes:
    if path is None or path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise FileAccessError(f"cannot read {path}: {e.strerror or e}") from None


def _check_output(path: str | None, inp: str | None) -> Path | None:
    """Fail early (before any work) when the output cannot be written or is the input."""
    if path is None or path == "-":
        return None
    out = Path(path)
    if out.is_dir():
        raise FileAccessError(f"cannot write {path}: it is a directory")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise FileAccessError(f"cannot write {path}: directory {parent} is not writable")
    if inp not in (None, "-") and out.exists() and out.resolve() == Path(inp).resolve():
        raise FileAccessError(f"output {path} is the input file: choose another name")
    return out


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``: readers
    see the old file or the whole new one, and a failure leaves no partial file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise FileAccessError(f"cannot write {path}: {e.strerror or e}") from None
        raise


class _Progress:
    """A progress bar on stderr for long runs, only when stderr is a terminal."""

    def __init__(self, dev, total: int, enabled: bool):
        self.dev, self.total = dev, total
        self.enabled = enabled and total >= 4096 and sys.stderr.isatty()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, n: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.last < 0.2:
            return
        self.last = now
        frac = min(1.0, (self.dev.cycles.blocks + done) / self.total)
        bar = "#" * int(30 * frac)
        sys.stderr.write(f"\r[{bar:<30}] {100 * frac:5.1f}% ")
        sys.stderr.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()


def _crypt(args: argparse.Namespace) -> int:
    decrypt = args.command == "decrypt"
    cm = modes.parse_name(args.name)
    spec = models.spec(cm.cipher)
    key = parse_hex("--key", args.key)
    iv = parse_hex("--iv", args.iv)
    if key is None:
        raise BadHexError("--key is required")
    if args.software and args.core:
        raise CipherCoresError("--software and --core exclude each other")
    pad = False if args.no_pad else None
    # every check that needs no data or core first, so a bad call costs nothing
    check_key(cm, key)  # KeySizeError names sizes only
    check_iv(cm, iv)  # IV presence and size
    target = _check_output(args.output, args.input)
    data = _read_input(args.input)

    run = modes.decrypt if decrypt else modes.encrypt
    stats: dict = {}
    if args.software:
        cipher = spec.model(key)
        where = "reference model (Python, software)"
        t0 = time.perf_counter()
        out = run(cipher, cm.mode, data, iv, pad)
    else:
        from .driver import open_core, run_mode

        core, params = choose_core(cm, args.core)
        t_open = time.perf_counter()
        with open_core(core, options={"quiet": not args.verbose}, **params) as dev:
            dev.set_key(key, cm.cipher)
            where = dev.describe()
            stats = {"open": time.perf_counter() - t_open, "key": dev.cycles.key,
                     "built": getattr(dev.transport, "built", False),
                     "block_size": dev.block_size, "hw_mode": dev.mode}
            total = -(-len(data) // spec.block_size) + 1
            progress = _Progress(dev, total, enabled=True)
            dev.progress = progress
            c0, t0 = dev.cycles.total, time.perf_counter()
            try:
                out = run_mode(dev, cm.mode, data, iv, pad, decrypt)
            finally:
                progress.finish()
            stats.update(cycles=dev.cycles.total - c0, blocks=dev.cycles.blocks)
    seconds = time.perf_counter() - t0

    if target is None:
        sys.stdout.buffer.write(out)
        sys.stdout.buffer.flush()
    else:
        write_atomic(target, out)
    if args.verbose:
        _report(cm, decrypt, len(data), len(out), where, stats, seconds)
    return 0


def _report(cm, decrypt: bool, n_in: int, n_out: int, where: str, stats: dict,
            seconds: float) -> None:
    pad = "PKCS#7 padding on the host" if cm.mode in modes.PADDED_MODES else "no padding"
    _note(f"{cm.name} {'decrypt' if decrypt else 'encrypt'}: {n_in} bytes in, {n_out} bytes out")
    if stats.get("hw_mode"):
        _note(f"{cm.mode.upper()} and block cipher in hardware: {where}; {pad}")
    elif cm.mode == "ecb":
        _note(f"block cipher: {where}; {pad}")
    else:
        _note(f"block cipher: {where}; {cm.mode.upper()} on the host; {pad}")
    mb = max(n_in, n_out) / 1e6
    rate = f"{mb / seconds:.3f} MB/s" if seconds else "-"
    if not stats:
        _note(f"time {seconds:.3f} s, {rate}")
        return
    cycles, blocks = stats["cycles"], stats["blocks"]
    per = f"{cycles / blocks:.1f} cycles per block" if blocks else "no blocks"
    bits = 8 * stats["block_size"] * blocks / cycles if cycles else 0.0
    _note(f"core: {cycles} cycles for {blocks} blocks ({per}; key load {stats['key']} cycles "
          f"before), {bits:.2f} bits/cycle")
    mcps = f"{cycles / seconds / 1e6:.2f} M cycles/s" if seconds else "-"
    _note(f"simulation: {seconds:.3f} s wall, {mcps}, {rate}; core opened in "
          f"{stats['open']:.2f} s ({'built now' if stats['built'] else 'cached build'})")


# ---------------------------------------------------------------------------------------
# verify
# ---------------------------------------------------------------------------------------

def verify_core(core: registry.Core, params: dict[str, int]) -> list[dict]:
    """Every known answer of sim/kat.py for the ciphers of ``core`` through the RTL via the
    driver, encrypt and decrypt. One row per cipher."""
    from .driver import open_core
    from .sim.kat import kat

    rows = []
    with open_core(core, **params) as dev:
        for cipher in core.ciphers(params):
            vecs = kat(cipher)
            enc = dec = 0
            for key, pt, ct in vecs:
                dev.set_key(key, cipher)
                enc += dev.encrypt_block(pt) == ct
                dec += dev.decrypt_block(ct) == pt
            rows.append({"cipher": cipher, "vectors": len(vecs), "encrypt": enc, "decrypt": dec,
                         "ok": bool(vecs) and enc == dec == len(vecs)})
    return rows


def _verify(args: argparse.Namespace) -> int:
    core, params = registry.parse_core_spec(args.core)
    if core.iv_port:
        raise UnsupportedCipherError(
            f"verify runs the block cipher's known answers on a block cipher core; "
            f"{core.name} runs a mode (tests/rtl/test_modes_hw.py checks it): verify "
            f"{getattr(core, 'base', core.name)}")
    overrides = dict(params)
    for item in args.param or []:
        k, eq, v = item.partition("=")
        if not eq:
            raise registry.BadParameterError(f"-P expects PARAM=VALUE, got {item!r}")
        try:
            overrides[k.strip()] = int(v, 0)
        except ValueError:
            raise registry.BadParameterError(f"{k.strip()} needs an integer") from None
    sets = ([core.params(ps) for ps in (core.test_sets or (core.defaults,))] if args.all_sets
            else [core.params(overrides)])
    failed = 0
    rows = [("core", "parameters", "cipher", "vectors", "encrypt", "decrypt", "result")]
    for p in sets:
        label = ",".join(f"{k}={v}" for k, v in p.items())
        for r in verify_core(core, p):
            status = "PASS" if r["ok"] else ("NO VECTORS" if not r["vectors"] else "FAIL")
            failed += not r["ok"]
            rows.append((core.name, label, r["cipher"], str(r["vectors"]),
                         f"{r['encrypt']}/{r['vectors']}", f"{r['decrypt']}/{r['vectors']}",
                         status))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    print(f"\n{len(rows) - 1 - failed} passed, {failed} failed "
          "(official vectors from vectors/ through the RTL, Verilator co-simulation)")
    return 1 if failed else 0


# ---------------------------------------------------------------------------------------
# bench
# ---------------------------------------------------------------------------------------

def _bench(args: argparse.Namespace) -> int:
    if args.what == "compare":
        return _bench_compare(args)
    from .driver import benchmark

    specs = args.cores or list(registry.CORES)
    results = [benchmark.measure(spec, blocks=args.blocks) for spec in specs]
    print(benchmark.table(results))
    return 0


def _bench_compare(args: argparse.Namespace) -> int:
    """Hardware against software (issue 9): software measured here, hardware from the
    measurement cache; figures printed, never asserted."""
    from .evaluation import compare, hardware, software

    if args.cores:
        raise CipherCoresError("bench compare takes no core names (use --cipher)")
    grade = None if args.target == "xc7" else args.grade
    hw = hardware.collect(args.target, grade)
    ciphers = args.cipher or sorted({r.cipher for r in hw} | {
        "aes-128", "des-ede3", "bf", "speck64-128", "speck128-128"})
    for c in ciphers:
        models.spec(c)  # unknown names fail before anything runs
    repeats = 3 if args.quick else args.repeats
    bulk = (1 << 16) if args.quick else (1 << 20)
    sw = []
    for c in ciphers:
        for impl in software.IMPLEMENTATIONS:
            r = software.measure(c, impl, repeats=repeats, bulk_bytes=bulk)
            if r is not None:
                sw.append(r)
            if not args.json:
                print(f"measured {c} {impl}", file=sys.stderr)
    rows = compare.build_rows(sw, [r for r in hw if r.cipher in ciphers],
                              with_papers=not args.no_papers)
    if args.csv:
        Path(args.csv).write_text(compare.to_csv(rows))
    if args.json:
        print(compare.to_json(rows))
    else:
        print(compare.table(rows))
        print()
        print(compare.decrease_table(rows))
        missing = [c for c in ciphers if not any(r.cipher == c for r in hw)]
        if missing:
            print(f"\nno cached {args.target} measurement for: {', '.join(missing)} "
                  f"(run `ciphercores synth CORE --target {args.target}` first)")
    return 0


def _report_cmd(args: argparse.Namespace) -> int:
    from .evaluation import report

    files = report.build(Path(args.out), quick=args.quick)
    print(f"report: {files['html']} and {files['md']} ({len(files) - 2} plots)")
    return 0


# ---------------------------------------------------------------------------------------

def _add_driver_commands(sub) -> None:
    """encrypt, decrypt, verify and bench: the commands over the driver (issue 8)."""
    for cmd in ("encrypt", "decrypt"):
        p = sub.add_parser(cmd, help=f"{cmd} a file or stdin through an RTL core (or the model)",
                           description=f"{cmd.capitalize()} with an OpenSSL-style cipher name; "
                           "byte-compatible with `openssl enc`.")
        p.add_argument("name", metavar="NAME",
                       help="cipher and mode: aes-128-cbc, des-ede3-cbc, bf-ofb, "
                            "speck128-128-ctr, ...")
        p.add_argument("--key", "-K", metavar="HEX", help="the key in hex")
        p.add_argument("--iv", metavar="HEX", help="the IV in hex (every mode but ECB)")
        p.add_argument("-i", "--input", metavar="FILE", help="input file (default: stdin)")
        p.add_argument("-o", "--output", metavar="FILE",
                       help="output file, written atomically (default: stdout)")
        p.add_argument("--core", metavar="CORE[:P=V,...]",
                       help="RTL core: a block cipher core (the mode then runs on the host) "
                            "or MODE(CORE) (the mode in hardware); default: the first "
                            "registered core for the cipher, in MODE(CORE) for CBC/CFB/OFB/CTR")
        p.add_argument("--software", action="store_true",
                       help="run the Python reference model instead of the RTL")
        p.add_argument("--no-pad", action="store_true",
                       help="no PKCS#7 padding in ECB/CBC (whole blocks only)")
        p.add_argument("-v", "--verbose", action="store_true",
                       help="print what ran where, cycles and throughput on stderr")
        p.set_defaults(func=_crypt)
    p = sub.add_parser("verify", help="run the official vectors through a core's RTL")
    p.add_argument("core", metavar="CORE[:P=V,...]")
    p.add_argument("-P", "--param", action="append", metavar="PARAM=VALUE",
                   help="core parameter (repeatable)")
    p.add_argument("--all-sets", action="store_true",
                   help="every parameter set the test suite covers")
    p.set_defaults(func=_verify)
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
                        "aes-128, des-ede3, bf, speck64-128, speck128-128)")
    p.add_argument("--target", default="ecp5", choices=["ecp5", "xc7", "ice40"],
                   help="compare: the measurement target for the hardware rows")
    p.add_argument("--grade", default="8", help="compare: speed grade / device (ecp5: 6, 8)")
    p.add_argument("--repeats", type=int, default=7, help="compare: repetitions (median)")
    p.add_argument("--quick", action="store_true", help="compare: 3 repetitions, 64 KiB bulk")
    p.add_argument("--no-papers", action="store_true", help="compare: omit the papers' rows")
    p.add_argument("--json", action="store_true", help="compare: JSON on stdout")
    p.add_argument("--csv", metavar="FILE", help="compare: also write a CSV file")
    p.set_defaults(func=_bench)
    p = sub.add_parser("report", help="HTML + Markdown report with plots: every core's "
                                      "interface, cycles, verification, area/Fmax/throughput")
    p.add_argument("out", metavar="DIR", help="output folder")
    p.add_argument("--quick", action="store_true",
                   help="Yosys-only figures (xc7 cell counts) for what is not cached")
    p.set_defaults(func=_report_cmd)


def _gui(args: argparse.Namespace) -> int:
    from . import gui

    def announce(url: str) -> None:
        print(f"ciphercores gui: serving on {url} (Ctrl-C stops it)", flush=True)
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            _note("warning: no authentication; anyone who reaches this address can use it")

    try:
        gui.serve(args.host, args.port, announce)
    except KeyboardInterrupt:  # Ctrl-C is how a server stops: not an error
        pass
    _note("gui stopped")
    return 0


def _add_gui_command(sub) -> None:
    """gui: the web GUI (issue 10, docs/gui.md)."""
    p = sub.add_parser("gui", help="web GUI: encrypt/decrypt through the RTL in a browser",
                       description="Serve the web GUI and its JSON API (docs/gui.md) on a "
                                   "local address; opens nothing else.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: "
                                                       "127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=None,
                   help="port (default: 8470 if free, else any free port; 0: any free port)")
    p.set_defaults(func=_gui)


def _find_secrets(argv: list[str]) -> list[str]:
    out = []
    for i, a in enumerate(argv):
        if a in ("--key", "-K") and i + 1 < len(argv):
            out.append(argv[i + 1].strip())
        elif a.startswith("--key="):
            out.append(a[6:].strip())
        elif a.startswith("-K") and len(a) > 2:
            out.append(a[2:].strip())
    return [s for s in out if s]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _SECRETS[:] = _find_secrets(argv)
    ap = _Parser(prog="ciphercores",
                 description="open, verified FPGA block-cipher cores")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("cores", help="list the registered cores").set_defaults(func=_cores)
    sub.add_parser("demo", help="encrypt a file through an RTL core in the simulator and back") \
        .set_defaults(func=_demo)
    from .synth import commands as synth_commands  # synth, explore, results

    synth_commands.add(sub)
    _add_driver_commands(sub)
    _add_gui_command(sub)
    from . import formal  # prove

    formal.add_command(sub)
    args = ap.parse_args(argv)
    try:
        return args.func(args)
    except CipherCoresError as e:
        print(f"ciphercores: {_redact(str(e))}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        _note("interrupted")
        return EXIT_INTERRUPTED
    except Exception as e:  # a bug: say what kind, never dump data that may hold a key
        if os.environ.get("CIPHERCORES_DEBUG"):
            raise
        _note(f"internal error ({type(e).__name__}); set CIPHERCORES_DEBUG=1 for a traceback")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
