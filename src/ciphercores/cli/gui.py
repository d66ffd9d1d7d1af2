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
            note("warning: no authentication; anyone who reaches this address can use it")

    try:
        gui.serve(args.host, args.port, announce)
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
    p.set_defaults(func=run)
