# SPDX-License-Identifier: Apache-2.0
"""The hand-written prose of the datasheets, docs/cores/notes/, merged by section heading:

- ``<core>.md`` (one per registered core): a first line ``architecture: <a few words>`` (the
  README's table), then the core's own text, and optional sections ``## Key loading``,
  ``## Verification``, ``## Design notes``;
- ``<family>.md`` (aes, des, blowfish, speck): the same sections, shared by the family's cores;
- ``<module>.md`` for an RTL module a core is built from: design notes of that module, shown
  under the design notes of every core whose file list holds it.
"""

from __future__ import annotations

import re
from pathlib import Path

from .. import cores
from ..cores import Core
from .files import NOTES

#: the hand-written sections, in page order, that a notes file may add to
SECTIONS = ("Key loading", "Verification", "Design notes")


def _read_notes(name: str) -> tuple[str, dict[str, str]]:
    """(text before the first section, {section: text}) of docs/cores/notes/<name>.md; empty
    when there is no such file."""
    path = NOTES / f"{name}.md"
    if not path.exists():
        return "", {}
    parts = re.split(r"^## (.+)$", path.read_text(), flags=re.M)
    head, sections = parts[0], {}
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        if title not in SECTIONS:
            raise ValueError(f"{path}: unknown section {title!r} (known: {', '.join(SECTIONS)})")
        sections[title] = body.strip()
    return head.strip(), sections


def architecture(core: Core) -> tuple[str, str]:
    """(the core's architecture in a few words, the rest of its notes' opening text)."""
    head, _ = _read_notes(core.name)
    first, _, rest = head.partition("\n")
    if not first.startswith("architecture:"):
        raise ValueError(f"{NOTES / (core.name + '.md')}: the first line must be "
                         "'architecture: <a few words>'")
    return first.removeprefix("architecture:").strip(), rest.strip()


def module_notes(core: Core) -> list[str]:
    """Design notes of the modules in the core's file list (the top's are the core's own)."""
    out = []
    for f in core.rtl:
        stem = Path(f).stem
        if stem == core.top or stem == core.name:
            continue
        if stem in cores.CORES:  # a core built on another core's top: its design notes
            text = _read_notes(stem)[1].get("Design notes", "")
        else:
            path = NOTES / f"{stem}.md"
            text = path.read_text().strip() if path.exists() else ""
        if text:
            out += [f"### `{stem}` (`rtl/{f}`)", "", text, ""]
    return out


def section(core: Core, title: str) -> list[str]:
    """The hand-written text of a section: the family's, then the core's."""
    out = []
    for name in (core.family, core.name):
        text = _read_notes(name)[1].get(title, "")
        if text:
            out += [text, ""]
    return out
