# SPDX-License-Identifier: Apache-2.0
"""docs/cores/<core>.md, one datasheet per registered core, and the README's core table:
generated (``ciphercores datasheets``, and ``ciphercores results`` with the measured pages).

A datasheet has a fixed order: what the core is; ports and parameters; cycle figures with a
timing diagram (WaveDrom, rendered to SVG under docs/cores/img/); key loading; measured area,
Fmax and throughput on every target; what verifies it; design notes. The figures come from the
registry, the top module's parameter comments and the measurement records (the cache, else the
archive docs/measurements.json, through ``ciphercores.synth.results``). The prose comes from
hand-written files in docs/cores/notes/, merged by section heading (:mod:`.notes`).

- :mod:`.files`: where the pages go and which is a core's (:func:`sheet`);
- :mod:`.notes`: the hand-written prose;
- :mod:`.tables`: ports, parameters, cycle figures, reset and the measured section;
- :mod:`.timing`: the timing diagram;
- :mod:`.verification`: the verification section and its formal line;
- :mod:`.page`: a block core's page; :mod:`.gcm`: a GCM core's, and docs/interface.md's table
  of their cycle figures;
- :mod:`.readme`: the README's core table.

Never edit a generated page: a test fails when one differs from what this package writes.
"""

from __future__ import annotations

from pathlib import Path

from .. import cores
from ..cores import ROOT
from .files import DIR, HEADER, IMG, INTERFACE, NOTES, sheet
from .gcm import GCM_BEGIN, GCM_END, gcm_cycle_table, gcm_page, interface
from .notes import architecture
from .page import page
from .readme import BEGIN, END, readme, readme_table, time_at
from .timing import svg, wavejson
from .verification import formal_line

__all__ = ["BEGIN", "DIR", "END", "GCM_BEGIN", "GCM_END", "HEADER", "IMG", "INTERFACE", "NOTES",
           "ROOT", "architecture", "formal_line", "gcm_cycle_table", "gcm_page", "interface",
           "page", "pages", "readme", "readme_table", "sheet", "time_at", "wavejson", "write"]


def pages(recs: list[dict], by_part: list[dict] = ()) -> dict[Path, str]:
    """Every generated file, path relative to the repository -> text: one page and one timing
    diagram per block core, one page per GCM core (docs/cores/gcm_<base>.md, with its area
    by part from ``by_part``): the cores ``cores.LISTED_KINDS`` lists."""
    out = {}
    for core in cores.every(cores.LISTED_KINDS):
        if core.kind == "gcm":
            out[sheet(core).relative_to(ROOT)] = gcm_page(core, recs, by_part)
            continue
        out[sheet(core).relative_to(ROOT)] = page(core, recs)
        out[(IMG / f"{core.name}-timing.svg").relative_to(ROOT)] = svg(wavejson(core))
    return out


def write(recs: list[dict] | None = None, root: Path = ROOT,
          by_part: list[dict] | None = None) -> list[Path]:
    """Write every datasheet and diagram and the README's core table under ``root`` (the
    repository); returns the files written. ``recs``: the measurement records (default:
    ``results.collect(stale=True)``, the cache, else the archive, stale records marked as
    the pages show them); ``by_part``: the area-by-part records (default: the same of
    ``results.collect_parts``)."""
    from ..synth import results

    recs = results.collect(stale=True) if recs is None else recs
    by_part = results.collect_parts(stale=True) if by_part is None else by_part
    written = []
    for rel, text in pages(recs, by_part).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        written.append(path)
    path = root / "README.md"
    path.write_text(readme(recs, path.read_text()))
    written.append(path)
    doc = root / INTERFACE.relative_to(ROOT)
    if doc.exists():  # (a tree of generated pages only, as some tests write, has none)
        doc.write_text(interface(doc.read_text()))
        written.append(doc)
    return written
