# SPDX-License-Identifier: Apache-2.0
"""`ciphercores demo`: the same as `make demo`."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    from .. import demo

    return demo.main([])


def add(sub) -> None:
    sub.add_parser("demo", help="encrypt a file through an RTL core in the simulator and back") \
        .set_defaults(func=run)
