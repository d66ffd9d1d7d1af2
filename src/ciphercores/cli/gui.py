# SPDX-License-Identifier: Apache-2.0
"""`ciphercores gui`: the web GUI (docs/gui.md)."""

from __future__ import annotations

import argparse

from .output import note


def run(args: argparse.Namespace) -> int:
    from .. import gui

    def announce(url: str) -> None:
        print(f"ciphercores gui: serving on {url} (Ctrl-C stops it)", flush=True)
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            note("warning: no login; anyone who reaches this address can load the page and "
                 "use it")
            if args.host in ("0.0.0.0", "::") and not args.allow_host:
                note("note: only requests naming 127.0.0.1, localhost or [::1] are answered; "
                     "give the names other machines use with --allow-host NAME")

    try:
        gui.serve(args.host, args.port, announce, allow_hosts=args.allow_host,
                  verbose=args.verbose)
    except KeyboardInterrupt:  # Ctrl-C is how a server stops: not an error
        pass
    note("gui stopped")
    return 0


def add(sub) -> None:
    """gui: the web GUI (docs/gui.md)."""
    p = sub.add_parser("gui", help="web GUI: encrypt/decrypt through the RTL in a browser",
                       description="Serve the web GUI and its JSON API (docs/gui.md) on a "
                                   "local address; opens nothing else.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: "
                                                       "127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=None,
                   help="port (default: 8470 if free, else any free port; 0: any free port)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a name clients use for this server (its Host header), besides "
                        "127.0.0.1, localhost, [::1] and --host; repeatable (needed with "
                        "--host 0.0.0.0)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="a failed core build's details (its log) on standard error")
    p.set_defaults(func=run)
