# SPDX-License-Identifier: Apache-2.0
"""A block core's timing diagram: WaveJSON from the registry's cycle model, rendered to SVG
(WaveDrom) under docs/cores/img/."""

from __future__ import annotations

import json

from ..cores import Core
from ..models import spec


def _drawn_cipher(core: Core, p: dict) -> str:
    """The cipher the timing diagram is drawn for: the longest key's (the last cipher)."""
    return max(core.block_ciphers(p), key=lambda c: spec(c).key_sizes[-1])


def wavejson(core: Core, p: dict | None = None) -> dict:
    """WaveJSON of a key load, then one block offered at once, on an idle core with the
    registry's key set-up and latency (a wait longer than six cycles drawn with a gap)."""
    p = core.params(p)
    cipher = _drawn_cipher(core, p)
    figs = core.cycles(p, cipher)
    ks, lat = figs["key_setup"], figs["latency"]

    def span(n: int) -> int:  # periods drawn for n cycles
        return n if n <= 6 else 5

    h = span(ks)  # the block's handshake period (the key's is period 0)
    m = h + span(lat)  # m_axis_tvalid's first period
    n = m + 2
    gaps = ({2} if ks > 6 else set()) | ({h + 2} if lat > 6 else set())

    def wave(vals: dict[int, str], start: str) -> str:
        out, last = [], None
        for i in range(n):
            v = vals.get(i, last if last is not None else start)
            out.append("|" if i in gaps else "." if v == last else v)
            last = v
        return "".join(out)

    rows = [
        {"name": "clk", "wave": wave({0: "p"}, "p")},
        {"name": "s_key_tvalid", "wave": wave({0: "1", 1: "0"}, "0"), "node": "a"},
        {"name": "s_key_tdata", "wave": wave({0: "=", 1: "x"}, "x"), "data": ["key"]},
        {"name": "s_key_tready", "wave": wave({0: "1", 1: "x"}, "x")},
        {"name": "s_axis_tvalid", "wave": wave({0: "1", h + 1: "0"}, "0"),
         "node": "." * h + "b"},
        {"name": "s_axis_tdata", "wave": wave({0: "=", h + 1: "x"}, "x"), "data": ["block"]},
        {"name": "s_axis_tready", "wave": wave({0: "0", h: "1", h + 1: "x"}, "0")},
        {"name": "m_axis_tvalid", "wave": wave({0: "0", m: "1", m + 1: "0"}, "0"),
         "node": "." * m + "c"},
        {"name": "m_axis_tdata", "wave": wave({0: "0", m: "=", m + 1: "0"}, "0"),
         "data": ["result"]},
        {"name": "m_axis_tready", "wave": wave({0: "1"}, "1")},
    ]
    return {"signal": rows,
            "edge": [f"a~>b key set-up {ks}", f"b~>c latency {lat}"],
            "head": {"text": f"{core.name} (default parameters, {cipher}): a key load, "
                             "then one block"}}


def svg(wave: dict) -> str:
    import wavedrom

    return wavedrom.render(json.dumps(wave)).tostring() + "\n"
