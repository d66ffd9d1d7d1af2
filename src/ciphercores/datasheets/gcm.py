# SPDX-License-Identifier: Apache-2.0
"""The GCM cores' datasheets (docs/cores/gcm_<base>.md), and the table of their cycle
figures in docs/interface.md."""

from __future__ import annotations

from pathlib import Path

from .. import cores
from ..cores import Core
from .files import HEADER, NOTES
from .tables import allowed, comments_above_params, measured, param_comments, port_table

#: the GCM engine's formal target (ciphercores.formal), around an abstract AES core
GCM_TARGET = "gcm_engine"

#: the GCM engine's source: its parameters' comments
GCM_ENGINE = cores.RTL / "gcm" / "gcm_engine.v"
GCM_BEGIN = "<!-- gcm-cycles:begin (written by `ciphercores datasheets`; do not edit) -->"
GCM_END = "<!-- gcm-cycles:end -->"


def gcm_arch(core: Core) -> str:
    """A GCM core's architecture in a few words: its GHASH unit at the defaults."""
    p = core.params()
    unit = (f"digit-serial GHASH ({p['DIGIT']}-bit digits)" if not p["GHASH_P"]
            else f"{p['GHASH_P']}-stage GHASH, a block a cycle")
    return f"GCM engine around `{core.base}`, {unit}"


def _gcm_ports(core: Core, p: dict) -> list[str]:
    kb = core.key_bits(p)
    rows = [("clk", "in", "1", "the clock, rising edge"),
            ("rst", "in", "1", "synchronous reset, active high"),
            ("s_key_tdata", "in", str(kb), "the AES key, left-aligned")]
    if core.key_len_port:
        rows.append(("s_key_tlen", "in", str(p["TLEN_W"]), "key length in bytes"))
    rows += [("s_key_tvalid / s_key_tready", "in / out", "1", "key handshake"),
             ("s_iv_tdata, s_iv_tkeep, s_iv_tlast", "in", "128, 16, 1",
              "the IV packet (any length; 12 bytes in one beat: J0 directly)"),
             ("s_iv_tvalid / s_iv_tready", "in / out", "1", "IV handshake"),
             ("s_axis_tdata, s_axis_tkeep, s_axis_tlast", "in", "128, 16, 1",
              "AAD, data, then (to decrypt) the expected tag: a packet each"),
             ("s_axis_tuser", "in", "3", "[0] direction (1 decrypt), [2:1] packet: 0 AAD, "
              "1 data, 2 tag"),
             ("s_axis_tvalid / s_axis_tready", "in / out", "1", "input handshake"),
             ("m_axis_tdata, m_axis_tkeep, m_axis_tlast", "out", "128, 16, 1",
              "the data, then the tag (encrypt) or one verdict beat (decrypt)"),
             ("m_axis_tuser", "out", "3", "[0] direction, [2:1] 1 data, 2 tag, 3 verdict"),
             ("m_axis_tvalid / m_axis_tready", "out / in", "1", "output handshake")]
    return port_table(rows)


def _gcm_params_table(core: Core) -> list[str]:
    base = cores.CORES[core.base]
    notes = {**param_comments(base), **comments_above_params(GCM_ENGINE, "gcm_engine")}
    out = ["| parameter | default | allowed | meaning |", "|---|---:|---|---|"]
    for k, v in core.defaults.items():
        where = f"{core.base}'s" if k in base.defaults else "the engine's"
        out.append(f"| `{k}` | {v} | {allowed(core, k)} | {notes.get(k, '')} ({where}) |")
    return out


def _gcm_cycles(core: Core) -> list[str]:
    p = core.params()
    out = ["| cipher | latency | interval | key set-up | tag after data |",
           "|---|---:|---:|---:|---:|"]
    for cipher in core.ciphers(p):
        f = core.cycles(p, cipher)
        out.append(f"| {cipher} | {f['latency']} | {f['interval']} | {f['key_setup']} | "
                   f"{core.tag_after_data(p)} |")
    return out


def _gcm_verification(core: Core) -> list[str]:
    from ..sim import runner

    return ["- Tests (`tests/gcm/cocotb_gcm.py`, run by `tests/gcm/test_gcm_rtl.py` on "
            "Verilator and Icarus): " + ", ".join(f"`{t}`" for t in core.tests) + ".",
            "- Every case of the NIST CAVP files `gcmEncryptExtIV128.rsp` and "
            "`gcmDecrypt128.rsp` (with their FAIL cases) and of Wycheproof's "
            "`aes_gcm_test.json` through the RTL with `-m slow`; the default suite runs "
            "every Wycheproof case and the first case of every shape of the NIST files (IV, "
            "AAD, data and tag lengths, and the verdict) through gcm(aes_iter) on Verilator; "
            "elsewhere an even sample of the NIST files and every Wycheproof case (on Icarus "
            "the first of each test group, result and flags).",
            f"- Random messages (random IV, AAD and data lengths, zero and partial blocks "
            f"included, back to back) against the `cryptography` package: "
            f"{runner.RANDOM_BLOCKS:,} blocks on Verilator, {runner.icarus_blocks(core.name):,} on "
            f"Icarus, with and without random idle and back-pressure; "
            f"{runner.SLOW_BLOCKS:,} with `-m slow`.",
            "- Through the co-simulation driver and the CLI (`tests/driver/test_driver_gcm.py`,"
            " `tests/cli/test_cli_gcm.py`): the same files and random messages in pieces.",
            "- The GHASH units alone: `tests/gcm/cocotb_ghash.py`, `cocotb_gf128_mul.py`.",
            gcm_formal_line(core)]


def gcm_formal_line(core: Core) -> str:
    """A GCM core's formal line: the engine's target (around an abstract core: what it proves,
    its method, at which of the engine's parameters, and whether they are this core's), the
    AES core's own target, then the shared modules among its files with targets of their
    own."""
    from .. import formal

    what = "[what is proven](../interface.md#what-is-proven)"
    target = formal.TARGETS[GCM_TARGET]
    p = core.params()
    sets = "; ".join(", ".join(f"{k} {v}" for k, v in s.items()) + ": "
                     + formal.method(target, s) for s in target.sweep)
    depths = sorted({s["DEPTH_LOG2"] for s in target.sweep})
    ours = (("this core's GHASH unit and LUT RAM side FIFO"
             + ("" if p["DEPTH_LOG2"] in depths else
                f"; its default DEPTH_LOG2 is {p['DEPTH_LOG2']}"))
            if p["GHASH_P"] == 0 else
            f"not this core's GHASH unit (`ghash.v`, GHASH_P = {p['GHASH_P']}) nor its "
            "block RAM side FIFO (`axis_credit_fifo_piped`), which have no proof inside the "
            "engine yet; its request side, join, tag check and register slices are the same")
    line = (f"- Formal verification of the GCM engine (`ciphercores prove {GCM_TARGET}`, in "
            f"`make formal`; {what}): {sets}, GHASH_P = 0 ({ours}). Proven: "
            f"{target.what.removeprefix('bounded: ')}. {len(target.mutations)} broken "
            "variants of the RTL, each failing a named property.")
    base = formal.TARGETS.get(core.base)
    if base is not None and base.core:
        line += (f" Its AES core: `{core.base}` (`ciphercores prove {core.base}`: "
                 + "; ".join(formal.method(base, s) for s in base.sweep)
                 + f"; [its datasheet]({core.base}.md)).")
    else:
        line += f" Its AES core `{core.base}` has no proof target yet."
    shared = [t for t in formal.shared_targets(core.sources()) if t.name != GCM_TARGET]
    if shared:
        line += (" Shared modules it uses, proven on their own: "
                 + ", ".join(f"`{t.name}` ({formal.method(t)})" for t in shared) + ".")
    return line


def gcm_page(core: Core, recs: list[dict], by_part: list[dict] = ()) -> str:
    """The datasheet of the GCM core ``core``; ``by_part``: the area-by-part records
    (``results.collect_parts``)."""

    p = core.params()
    own = [f for f in core.rtl if f not in cores.CORES[core.base].rtl]
    notes = []
    for f in own:
        path = NOTES / f"{Path(f).stem}.md"
        if path.exists():
            notes += [f"### `{Path(f).stem}` (`rtl/{f}`)", "", path.read_text().strip(), ""]
    reset = core.reset_figures(p)
    out = [f"# `{core.name}`: {gcm_arch(core)}", "", HEADER, "",
           "## What it is", "",
           f"AES-GCM (NIST SP 800-38D) in hardware: the GCM engine (`rtl/gcm/gcm_engine.v`) "
           f"around [`{core.base}`]({core.base}.md), which it uses in its encrypt direction "
           f"only. Ciphers: " + ", ".join(f"`{c}`" for c in core.ciphers(p))
           + f". Top module `{core.top}`, generated (`build/gen/{core.top}.v`, written by "
           "`ciphercores.cores.get`); files, dependencies first: "
           + ", ".join(f"`{f}`" for f in core.rtl) + ".", "",
           "## Ports and parameters", "",
           "Packets, `tkeep`, the `tuser` bits, the verdict and how a message runs: "
           "[interface.md, GCM cores](../interface.md#gcm-cores-gcmcore). Widths at the "
           "default parameters:", ""]
    out += _gcm_ports(core, p) + [""] + _gcm_params_table(core) + [""]
    out += ["## Cycle figures", "",
            "The registry's cycle model at the defaults, which the `cycles` test checks in "
            "simulation: a data beat's latency (handshake to output offered), the interval "
            "between data beats, key set-up (key handshake to the IV port ready), and the tag "
            "or verdict after the last data beat's output (the output always ready).", ""]
    out += _gcm_cycles(core) + [""]
    out += [f"Reset: `rst` held high for at least {reset['reset_cycles']} cycle"
            f"{'s' if reset['reset_cycles'] > 1 else ''} zeroes the keys, H and its powers, "
            "the GHASH sums, E_K(J0), J0 and the counter; the side FIFO is emptied"
            + (" and its block RAM overwritten with zeros, one entry a cycle" if p["GHASH_P"]
               else "") +
            f"; `s_key_tready` stays low for {reset['ready_after_reset']:,} "
            "cycles after `rst` falls (`ready_after_reset`); then the engine computes H of "
            "the all-zero key, so messages before the first key load are GCM with that key.",
            ""]
    out += ["## Key loading", "", f"{core.key_change[0].upper()}{core.key_change[1:]}.", ""]
    out += ["## Measured area, Fmax and throughput", ""] + measured(core, recs, by_part)
    out += ["## Verification", ""] + _gcm_verification(core) + [""]
    out += ["## Design notes", ""] + (notes or ["None yet.", ""])
    return "\n".join(out).rstrip() + "\n"


def gcm_cycle_table() -> list[str]:
    """docs/interface.md's table of the GCM cores' cycle figures (their defaults, one row per
    cipher), from the registry: what tests/gcm/cocotb_gcm.py checks in simulation."""
    from ..cores.gcmcore import gcm_bases

    out = ["| core | cipher | latency | interval | key_setup | tag_after_data | "
           "reset / ready after |", "|---|---|---:|---:|---:|---:|---|"]
    for base in gcm_bases():
        core = cores.get(f"gcm({base})")
        p = core.params()
        reset = core.reset_figures(p)
        ciphers = core.ciphers(p)
        for cipher in ciphers:
            f = core.cycles(p, cipher)
            label = cipher if len(ciphers) > 1 else f"{cipher} (defaults)"
            out.append(f"| `{core.name}` | {label} | {f['latency']} | {f['interval']} | "
                       f"{f['key_setup']} | {core.tag_after_data(p)} | "
                       f"{reset['reset_cycles']} / {reset['ready_after_reset']} |")
    return out


def interface(text: str) -> str:
    """docs/interface.md's ``text`` with its GCM cycle table rewritten."""
    from ..synth.results import replace_block

    return replace_block(text, gcm_cycle_table(), GCM_BEGIN, GCM_END)
