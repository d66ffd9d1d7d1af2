# SPDX-License-Identifier: Apache-2.0
"""The parts of a block core's datasheet computed from the registry and the measurement
records: ports, parameters (with the comments above them in the top module), cycle figures,
reset, the ciphers, and the measured section."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from .. import cores
from ..cores import BadParameterError, Core
from ..models import CIPHERS, spec


def param_comments(core: Core) -> dict[str, str]:
    """Parameter -> the comment above its declaration in the top module."""
    return comments_above_params(
        cores.RTL / next(f for f in core.rtl if Path(f).stem == core.top), core.top)


def comments_above_params(path: Path, module: str) -> dict[str, str]:
    """Parameter -> the comment above its declaration in ``module`` of the file ``path``."""
    text = path.read_text()
    out, comment = {}, []
    for line in text[text.index(f"module {module}"):].splitlines():
        s = line.strip()
        if s.startswith("//"):
            comment.append(s[2:].strip())
            continue
        m = re.match(r"parameter\s+integer\s+(\w+)", s)
        if m:
            out[m.group(1)] = " ".join(comment)
        comment = []
        if s.startswith(") ("):
            break
    return out


def ports(core: Core, p: dict) -> list[str]:
    """The table of the core's ports, widths at the parameter set ``p``."""
    kb, bb, lanes = core.key_bits(p), core.block_bits(p), core.lanes(p)
    data = f"{bb * lanes}" + (f" ({lanes} blocks of {bb})" if lanes > 1 else "")
    rows = [("clk", "in", "1", "the clock, rising edge"),
            ("rst", "in", "1", "synchronous reset, active high"),
            ("s_key_tdata", "in", str(kb), "the key, left-aligned"
             if spec(core.ciphers(p)[0]).byteorder == "big" else "the key")]
    if core.key_len_port:
        rows.append(("s_key_tlen", "in", str((kb // 8).bit_length()), "key length in bytes"))
    rows += [("s_key_tvalid / s_key_tready", "in / out", "1", "key handshake"),
             ("s_axis_tdata", "in", data, "input block(s)"),
             ("s_axis_tuser", "in", "1", "0 encrypt, 1 decrypt (this block)"),
             ("s_axis_tvalid / s_axis_tready", "in / out", "1", "input handshake"),
             ("m_axis_tdata", "out", data, "output block(s)"),
             ("m_axis_tuser", "out", "1", "the direction the block was processed in"),
             ("m_axis_tvalid / m_axis_tready", "out / in", "1", "output handshake")]
    return port_table(rows)


def port_table(rows: list[tuple[str, str, str, str]]) -> list[str]:
    """The ports table of a page from (ports, direction, width, meaning) rows."""
    return ["| port | dir | width | meaning |", "|---|---|---:|---|",
            *(f"| `{n}` | {d} | {w} | {m} |" for n, d, w, m in rows)]


def params_table(core: Core) -> list[str]:
    """The table of the core's parameters: default, allowed values, the comment in the RTL."""
    if not core.defaults:
        return ["No parameters."]
    notes = param_comments(core)
    out = ["| parameter | default | allowed | meaning |", "|---|---:|---|---|"]
    for k, v in core.defaults.items():
        out.append(f"| `{k}` | {v} | {allowed(core, k)} | {notes.get(k, '')} |")
    return out


def allowed(core: Core, k: str) -> str:
    """The allowed values of parameter ``k``, a long run of integers as a range."""
    values = core.choices.get(k, ())
    if len(values) > 6 and values == tuple(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return ", ".join(str(a) for a in values)


def sets(core: Core) -> list[dict]:
    """The default parameter set, then every test set, without repeats."""
    out: list[dict] = []
    for ps in (core.defaults, *core.test_sets):
        p = core.params(ps)
        if p not in out:
            out.append(p)
    return out


def label(core: Core, p: dict) -> str:
    """The parameter set ``p`` in words (``K=V ...``, "(default)" for the defaults)."""
    s = " ".join(f"{k}={v}" for k, v in p.items()) or "–"
    return s + (" (default)" if p == core.params() else "")


def cycles_table(core: Core) -> list[str]:
    """The cycle figures of every parameter set (``sets``) from the registry's model."""
    out = ["| parameters | cipher | latency | interval | burst | key set-up |",
           "|---|---|---:|---:|---:|---:|"]
    for p in sets(core):
        # one row per cipher whose figures differ (aes_iter: per key length), else one row
        for names, f in core.cycle_table(p):
            out.append(f"| {label(core, p)} | {', '.join(names)} | {f['latency']} | "
                       f"{f['interval']} | {f['burst']} | {f['key_setup']} |")
    return out


def reset_text(core: Core) -> str:
    """The paragraph on reset: how long ``rst`` must stay high, and how long the core then
    waits before it takes a key, over the parameter sets."""
    fifo = [f for f in core.rtl if "axis_credit_fifo" in f]
    figs = [core.reset_figures(p) for p in sets(core)]
    held = sorted({f["reset_cycles"] for f in figs})
    ready = sorted({f["ready_after_reset"] for f in figs})

    def span(values: list[int]) -> str:
        return f"{values[0]:,}" if len(values) == 1 else f"{values[0]:,} to {values[-1]:,}"

    text = (f"Reset: `rst` held high for at least {span(held)} cycle"
            f"{'s' if held[-1] > 1 else ''} (`reset_cycles`) empties the core and zeroes every "
            "key, round-key and output-data register ([rule 5](../interface.md#handshake-"
            "rules-all-cores)); until the first key load the core uses the zero key")
    if ready[-1] > 0:
        what = ("the output FIFO overwrites its RAM with zeros, one entry a cycle" if fifo
                else "the core sets up the all-zero key")
        text += (f". After `rst` falls, {what}, and `s_key_tready` stays low for "
                 f"{span(ready)} cycles (`ready_after_reset`, over the parameter sets above); "
                 "so the first key load after a reset takes that much longer than the key "
                 "set-up, once ([cycle figures](../interface.md#cycle-figures))")
    else:
        text += ". The core takes a key in the first cycle after `rst` falls " \
                "(`ready_after_reset` 0)"
    return text + "."


def every_cipher(core: Core) -> list[str]:
    """Every cipher the core implements with some allowed parameter set."""
    keys = [k for k in core.defaults if k in core.choices]
    out: list[str] = []
    for values in itertools.product(*(core.choices[k] for k in keys)):
        try:
            p = core.params(dict(zip(keys, values, strict=True)))
        except BadParameterError:
            continue
        out += [c for c in core.ciphers(p) if c in CIPHERS and c not in out]
    return out


def measured(core: Core, recs: list[dict], by_part: list[dict] = ()) -> list[str]:
    """The measured section's text and tables, ``by_part`` (a GCM core's area-by-part
    records) after them, and the one footnote of stale figures where any is shown."""
    from ..synth import results

    mine = [r for r in recs if r["core"] == core.name]
    parts = [r for r in by_part if r["core"] == core.name]
    note = results.stale_footnote([*mine, *parts], f"../results.md#{results.STALE_ANCHOR}")
    return _measured_tables(core, mine) + results.by_part_table(parts, "###") + note


def _measured_tables(core: Core, mine: list[dict]) -> list[str]:
    from ..synth import results

    if not mine:
        how = (f"`ciphercores synth '{core.name}' --target ecp5 --speed 8` measures it"
               if core.name not in cores.CORES else "`make bench-synth` measures every core")
        return [f"Not measured with the current RTL and tools ({how}).", ""]
    out = ["Core alone (the measurement harness subtracted); Fmax is the median of placer "
           "seeds 1, 2, 3 with the spread; throughput = block bits × lanes × Fmax / interval. "
           "How the figures are made and the commands: [results.md](../results.md).", ""]
    return out + results.target_tables(mine, "###")
