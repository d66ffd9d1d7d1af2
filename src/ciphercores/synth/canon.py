# SPDX-License-Identifier: Apache-2.0
"""What synthesis sees of a source file: the text that keys measurements.

A measurement (synthesis, place-and-route, the archived record) depends on what Yosys reads,
not on how the file is written. ``verilog`` reduces a Verilog file to that: comments out
(except the pragmas Yosys reads: ``synthesis``/``synopsys``/``pragma`` comments such as
``translate_off``), runs of blanks to one space, empty lines out, `` `ifdef FORMAL`` blocks out
(the measurement flow never defines FORMAL; their `` `else`` branches stay), and every
`` `include``d file inlined in its own reduced form. ``(* attributes *)``, strings and every
other directive are kept as written. ``memory`` does the same for a ``$readmemh`` image
(its words, comments and layout dropped).

So a comment edit, a reformatted header, a proof added under `` `ifdef FORMAL`` or a file
moved to another folder leaves every measurement key as it was; any change Yosys could see
gives a new key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

#: comments Yosys acts on (kept in the reduced text)
_PRAGMA = re.compile(r"\s*(synthesis|synopsys|pragma)\b", re.IGNORECASE)
#: the conditional-compilation and include directives
_DIRECTIVE = re.compile(r"`(ifdef|ifndef|elsif|else|endif|include)\b")
_NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_$]*)")
_INCLUDE = re.compile(r'\s*"([^"]+)"')
#: the macro the measurement flow leaves undefined whatever the text says
FORMAL = "FORMAL"

Resolver = Callable[[str, Path | None], Path]


class CanonError(ValueError):
    """A source the reduction cannot follow (an include not found, unbalanced `endif)."""


def _strip_comments(text: str) -> str:
    """The text without comments (pragmas kept), strings untouched, blanks collapsed."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            if _PRAGMA.match(text, i + 2):
                out.append(text[i:j])
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            body = text[i:j]
            if _PRAGMA.match(body, 2):
                out.append(body)
            else:
                out.append(" " if "\n" not in body else "\n")
            i = j
        elif c in " \t\r\f\v":
            j = i
            while j < n and text[j] in " \t\r\f\v":
                j += 1
            out.append(" ")
            i = j
        else:
            j = i
            while j < n and text[j] not in ' \t\r\f\v"/':
                j += 1
            if j == i:  # a lone '/' (division)
                j = i + 1
            out.append(text[i:j])
            i = j
    return "".join(out)


def _lines(text: str) -> str:
    return "\n".join(ln.strip() for ln in text.split("\n") if ln.strip())


def _resolve_default(name: str, including: Path | None) -> Path:
    if including is not None and (including.parent / name).is_file():
        return including.parent / name
    raise CanonError(f"`include \"{name}\": not found beside "
                     f"{including if including is not None else 'the source'}")


def verilog(text: str, path: Path | None = None, resolve: Resolver | None = None,
            _depth: int = 0) -> str:
    """The reduced form of Verilog source ``text`` (read from ``path``, if given, for the
    includes: ``resolve(name, path)`` finds an included file, by default beside ``path``)."""
    if _depth > 16:
        raise CanonError(f"{path}: includes nested more than 16 deep")
    resolve = resolve or _resolve_default
    src = _strip_comments(text)
    out: list[str] = []
    # each frame: [formal, taking, parent_visible]; formal frames leave no trace in the text
    stack: list[list[bool]] = []

    def visible() -> bool:
        return all(f[1] for f in stack)

    pos = 0
    for m in _DIRECTIVE.finditer(src):
        if visible():
            out.append(src[pos:m.start()])
        word, end = m.group(1), m.end()
        name_m = _NAME.match(src, end) if word in ("ifdef", "ifndef", "elsif") else None
        name = name_m.group(1) if name_m else None
        if name_m:
            end = name_m.end()
        if word == "include":
            inc = _INCLUDE.match(src, end)
            if not inc:
                raise CanonError(f"{path}: `include without a quoted file name")
            end = inc.end()
            if visible():
                target = resolve(inc.group(1), path)
                out.append("\n" + verilog(target.read_text(), target, resolve, _depth + 1)
                           + "\n")
        elif word in ("ifdef", "ifndef"):
            was = visible()
            if name == FORMAL:
                stack.append([True, word == "ifndef", was])
            else:
                stack.append([False, True, was])
                if was:
                    out.append(src[m.start():end])
        elif not stack:
            raise CanonError(f"{path}: `{word} without `ifdef")
        elif word == "endif":
            formal, _, was = stack.pop()
            if not formal and was:
                out.append(src[m.start():end])
        elif word == "else":
            frame = stack[-1]
            if frame[0]:
                frame[1] = not frame[1]
            elif frame[2]:
                out.append(src[m.start():end])
        else:  # elsif
            if stack[-1][0] or name == FORMAL:
                raise CanonError(f"{path}: `elsif beside `ifdef FORMAL is not supported; "
                                 "write a nested `ifdef")
            if stack[-1][2]:
                out.append(src[m.start():end])
        pos = end
    if stack:
        raise CanonError(f"{path}: `ifdef without `endif")
    out.append(src[pos:])
    return _lines("".join(out))


def includes(text: str) -> list[str]:
    """The file names Verilog ``text`` `` `include``s (commented-out directives ignored)."""
    src = _strip_comments(text)
    return [m.group(1) for d in _DIRECTIVE.finditer(src)
            if d.group(1) == "include" and (m := _INCLUDE.match(src, d.end()))]


def memory(text: str) -> str:
    """The reduced form of a $readmemh/$readmemb image: its words (and @addresses) only."""
    return " ".join(_strip_comments(text).split())


def source(name: str, text: str, path: Path | None = None,
           resolve: Resolver | None = None) -> str:
    """The reduced form of one file of a design by its kind: memory images by extension."""
    if Path(name).suffix.lower() in (".hex", ".mem", ".bin", ".memh"):
        return memory(text)
    return verilog(text, path, resolve)


def included_files(src: Path) -> list[Path]:
    """The files ``src`` includes (found beside it), recursively."""
    found = []
    for name in includes(src.read_text()):
        inc = src.parent / name
        if inc.is_file():
            found += [inc, *included_files(inc)]
    return found


def canonical_files(files: dict[str, str]) -> list[str]:
    """The reduced texts (``source``) of ``files`` (name -> path), sorted: the part of
    a measurement key that stands for its sources. Included files count through the files
    that include them, memory images by their name and words."""
    out = []
    for name, path in files.items():
        if name.startswith("inc/"):
            continue
        text = source(name, Path(path).read_text(), Path(path))
        out.append(f"{Path(name).name}: {text}" if name.startswith("mem/") else text)
    return sorted(out)
