# SPDX-License-Identifier: Apache-2.0
"""The datasheet of a block core, in its fixed order: what the core is; ports and
parameters; cycle figures with the timing diagram; key loading; measured area, Fmax and
throughput; what verifies it; design notes."""

from __future__ import annotations

from ..cores import Core
from .files import HEADER
from .notes import architecture, module_notes, section
from .tables import cycles_table, every_cipher, measured, params_table, ports, reset_text
from .verification import verification


def page(core: Core, recs: list[dict]) -> str:
    """The datasheet of the block core ``core``; ``recs``: the measurement records."""
    arch, intro = architecture(core)
    p = core.params()
    out = [f"# `{core.name}`: {arch}", "", HEADER, "",
           "## What it is", "",
           f"{core.summary[0].upper()}{core.summary[1:]}. Ciphers: "
           + ", ".join(f"`{c}`" for c in every_cipher(core))
           + f". Top module `{core.top}` (`rtl/{core.rtl[-1]}`); files, dependencies first: "
           + ", ".join(f"`{f}`" for f in core.rtl) + ".", ""]
    if intro:
        out += [intro, ""]
    out += ["## Ports and parameters", "",
            "The common interface of every core ([interface.md](../interface.md)); widths at "
            "the default parameters:", ""]
    out += ports(core, p) + [""] + params_table(core) + [""]
    out += ["## Cycle figures", "",
            "The registry's cycle model (`ciphercores cores`), which the `timing` test checks "
            "in simulation: latency from the input handshake to `m_axis_tvalid`, interval "
            "between accepted blocks, burst (blocks taken back to back), key set-up (cycles "
            "after the key handshake before `s_axis_tready` can rise).", ""]
    out += cycles_table(core) + [""]
    out += [f"![timing: a key load, then one block](img/{core.name}-timing.svg)", "",
            reset_text(core), ""]
    out += ["## Key loading", "",
            f"While a key is offered, `s_axis_tready` is low. Blocks in flight and the key "
            f"handshake: {core.key_change}.", ""]
    out += section(core, "Key loading")
    out += ["## Measured area, Fmax and throughput", ""] + measured(core, recs)
    out += ["## Verification", ""] + verification(core) + [""]
    out += section(core, "Verification")
    notes = section(core, "Design notes") + module_notes(core)
    out += ["## Design notes", ""] + (notes or ["None yet.", ""])
    return "\n".join(out).rstrip() + "\n"
