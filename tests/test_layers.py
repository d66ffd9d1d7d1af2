# SPDX-License-Identifier: Apache-2.0
"""The import layers of docs/architecture.md, checked on the source: a module of the package
imports its own unit (module or subpackage) and units of lower layers only."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ciphercores.paths import PKG, ROOT

DOC = ROOT / "docs" / "architecture.md"


def _layers() -> list[set[str]]:
    """The table under "## Import layers" in docs/architecture.md, bottom layer first: one row a
    layer, its units in backticks in the second column."""
    text = DOC.read_text().split("## Import layers", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in text.splitlines() if re.match(r"\|\s*\d+\s*\|", line)]
    return [set(re.findall(r"`([\w.]+)`", row.split("|")[2])) for row in rows]


def _unit(module: str) -> str:
    """ciphercores.cores.schema -> cores; ciphercores (the package itself) -> ciphercores."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "ciphercores"


def _imports(path: Path) -> set[str]:
    rel = path.relative_to(PKG.parent).with_suffix("")
    module = ".".join(rel.parts)
    package = module[:-len(".__init__")] if module.endswith(".__init__") else \
        module.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "ciphercores":  # from ciphercores import cores, __version__
                out |= {f"ciphercores.{a.name}" for a in node.names}
            elif target.startswith("ciphercores."):
                out.add(target)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("ciphercores.")}
    return out


def test_units_import_only_lower_layers():
    layers = _layers()
    assert len(layers) >= 5, "the layer table in docs/architecture.md was not found"
    layer_of = {u: i for i, units in enumerate(layers) for u in units}
    units = {p.stem if p.suffix == ".py" else p.name for p in PKG.iterdir()
             if (p.suffix == ".py" or (p / "__init__.py").exists()) and p.stem != "__init__"}
    assert units - set(layer_of) == set(), "units missing from the layer table"
    problems = []
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG)
        src = "ciphercores" if rel.as_posix() == "__init__.py" else rel.parts[0].removesuffix(".py")
        for target in _imports(path):
            dst = _unit(target)
            if dst not in layer_of and src != dst:  # ciphercores.__version__: the package
                dst = "ciphercores"
            if dst != src and layer_of[dst] >= layer_of[src]:
                problems.append(f"{rel} ({src}, layer {layer_of[src]}) imports {target} "
                                f"({dst}, layer {layer_of[dst]})")
    assert not problems, "\n".join(problems)


def _module(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    name = ".".join(rel.parts)
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def test_no_import_circles_inside_a_unit():
    """Within a unit, modules import one another one way only (a function-level import
    counts too): a circle means neither module can be read, or tested, without the other.
    Importing a package's names from its __init__ is not a module of its own."""
    modules = {_module(p): p for p in PKG.rglob("*.py")}
    graph = {m: {t for t in _imports(p) if t in modules and t != m
                 and not m.startswith(t + ".") and _unit(t) == _unit(m)}
             for m, p in modules.items()}
    circles, done = [], set()

    def visit(m: str, path: list[str]) -> None:
        if m in path:
            circles.append(path[path.index(m):] + [m])
            return
        if m in done:
            return
        for t in sorted(graph[m]):
            visit(t, path + [m])
        done.add(m)

    for m in sorted(graph):
        visit(m, [])
    assert circles == [], "\n".join(" -> ".join(c) for c in circles)
