# SPDX-License-Identifier: Apache-2.0
"""The documentation: generated datasheets and README table are current, the README is short,
RTL headers are short and point at the datasheets, and no word only an insider understands."""

from __future__ import annotations

import ast
import importlib.util
import re

import pytest

from ciphercores import cores, datasheets
from ciphercores.cores import ROOT
from ciphercores.synth import results


def _from_the_archive_alone(tmp_path_factory, collect):
    """What ``collect`` finds with an empty cache: the archive's records alone (no machine's
    cache), as the committed pages show them."""
    mp = pytest.MonkeyPatch()
    mp.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path_factory.mktemp("empty-cache")))
    try:
        return collect()
    finally:
        mp.undo()


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """The records the committed pages show."""
    return _from_the_archive_alone(tmp_path_factory, lambda: results.collect(stale=True))


@pytest.fixture(scope="module")
def by_part(tmp_path_factory):
    """The area-by-part records the committed GCM pages show."""
    return _from_the_archive_alone(tmp_path_factory, lambda: results.collect_parts(stale=True))


def test_datasheets_and_readme_table_are_current(records, by_part):
    """Fails when a datasheet, a timing diagram or the README's core table differs from what
    `ciphercores datasheets` writes now (registry, notes, archive): run it and commit."""
    pages = datasheets.pages(records, by_part)
    assert {p.name for p in pages if p.suffix == ".md"} == \
        {datasheets.sheet(c).name for c in cores.every(cores.LISTED_KINDS)} == \
        {f"{c}.md" for c in cores.CORES} | {"gcm_aes_iter.md", "gcm_aes_pipe.md"}
    stale = [str(rel) for rel, text in pages.items()
             if not (ROOT / rel).exists() or (ROOT / rel).read_text() != text]
    assert not stale, f"stale (run `ciphercores datasheets`): {stale}"
    readme = (ROOT / "README.md").read_text()
    assert datasheets.readme(records, readme) == readme, \
        "README core table stale: run `ciphercores datasheets`"
    iface = datasheets.INTERFACE.read_text()
    assert datasheets.interface(iface) == iface, \
        "docs/interface.md's GCM cycle table stale: run `ciphercores datasheets`"
    extra = sorted({p.name for p in datasheets.DIR.glob("*.md")}
                   - {p.name for p in pages if p.suffix == ".md"})
    assert not extra, f"datasheets of no registered core: {extra}"


def _cocotb_tests(module: str) -> tuple[str, ...]:
    """The cocotb tests (``@cocotb.test`` coroutines) of the test module ``module`` under
    tests/, in the module's order."""
    (path,) = (ROOT / "tests").rglob(f"{module}.py")
    return tuple(f.name for f in ast.parse(path.read_text()).body
                 if isinstance(f, ast.AsyncFunctionDef)
                 and any(ast.unparse(d).startswith("cocotb.test") for d in f.decorator_list))


def test_the_registry_names_the_tests_of_each_core():
    """The datasheets list a core's tests from the registry (``cores.CONTRACT_TESTS``,
    ``Core.test_module`` and ``Core.tests``), so they build without tests/: the names are the
    test modules' own, and a family with a test module of its own names it in every core."""
    assert cores.CONTRACT_TESTS == _cocotb_tests("cocotb_core")
    for core in [*cores.CORES.values(), cores.get("cbc(aes_iter)"), cores.get("gcm(aes_iter)")]:
        family = [p.stem for p in (ROOT / "tests").rglob(f"cocotb_{core.family}.py")]
        want = {"block": family[0] if family else "", "mode": "cocotb_mode",
                "gcm": "cocotb_gcm"}[core.kind]
        assert core.test_module == want, core.name
        assert core.tests == (_cocotb_tests(want) if want else ()), core.name


def test_every_datasheet_has_its_sections_in_order(records):
    order = ["## What it is", "## Ports and parameters", "## Cycle figures", "## Key loading",
             "## Measured area, Fmax and throughput", "## Verification", "## Design notes"]
    for core in cores.CORES.values():
        text = datasheets.page(core, records)
        at = [text.find(h + "\n") for h in order]
        assert -1 not in at and at == sorted(at), core.name
        assert f"img/{core.name}-timing.svg" in text and "- Formal verification" in text


def _formal_contradictions(name: str, text: str) -> list[str]:
    """Where a datasheet's formal line disagrees with the proof targets (ciphercores.formal),
    read from the page alone: a core with a target must name it with its depth or k for every
    parameter set of its sweep and never say it has none; a core without one must not claim
    a proof; every shared module the line names must be a target proven with the k it says."""
    from ciphercores import formal

    lines = [x for x in text.splitlines() if x.startswith("- Formal verification")]
    if len(lines) != 1:
        return [f"{name}: {len(lines)} formal lines"]
    line, bad = lines[0], []
    if "not yet" in line:
        bad.append(f"{name}: says 'not yet'")
    target = formal.TARGETS.get(name)
    core = cores.get(name)
    if core.kind == "gcm":
        # the engine's target (around an abstract core), then the AES core's own
        engine = formal.TARGETS["gcm_engine"]
        if "`ciphercores prove gcm_engine`" not in line:
            bad.append(f"{name}: the engine's target not named")
        for p in engine.sweep:
            if formal.method(engine, p) not in line:
                bad.append(f"{name}: the engine's '{formal.method(engine, p)}' missing")
        if f"{len(engine.mutations)} broken variants" not in line:
            bad.append(f"{name}: not the engine's {len(engine.mutations)} broken variants")
        base = formal.TARGETS.get(core.base)
        if base is not None and base.core:
            if f"`ciphercores prove {core.base}`" not in line or any(
                    formal.method(base, p) not in line for p in base.sweep):
                bad.append(f"{name}: its AES core's target `{core.base}` not named")
        elif f"`{core.base}` has no proof target" not in line:
            bad.append(f"{name}: claims a proof of {core.base}, which has no target")
    elif target is not None and target.core:
        if f"`ciphercores prove {name}`" not in line or "no proof target" in line:
            bad.append(f"{name}: its target `{name}` not named")
        for p in target.sweep:
            if formal.method(target, p) not in line:
                bad.append(f"{name}: '{formal.method(target, p)}' missing")
        n = len(target.mutations)
        if f"{n} broken variants" not in line:
            bad.append(f"{name}: not its {n} broken variants")
    else:
        if "no proof target" not in line or "`ciphercores prove" in line:
            bad.append(f"{name}: claims a proof it has no target for")
        own = line.split("Shared modules", 1)[0]
        if re.search(r"bounded|k-induction", own):
            bad.append(f"{name}: a depth or k with no target")
    for shared, k in re.findall(r"`(\w+)` \(unbounded, k-induction with k = (\d+)\)", line):
        t = formal.TARGETS.get(shared)
        if t is None or t.core or t.depth != int(k):
            bad.append(f"{name}: shared module {shared} with k = {k}")
    return bad


def test_datasheets_formal_lines_agree_with_the_proof_targets():
    """Every committed datasheet (cores and GCM cores) states what the proof targets prove: the
    pages are read as committed, not compared with the generator, so a generator that wrote a
    wrong line (once: "not yet" on cores with proofs) fails here."""
    pages = {c.name: datasheets.sheet(c) for c in cores.every(cores.LISTED_KINDS)}
    bad = [b for name, path in pages.items()
           for b in _formal_contradictions(name, path.read_text())]
    assert not bad, bad


def test_formal_line_check_catches_a_contradiction():
    """The check above fails on pages that contradict the targets."""
    from ciphercores import formal

    good = (datasheets.DIR / "des_iter.md").read_text()
    depth = formal.method(formal.TARGETS["des_iter"])
    assert _formal_contradictions("des_iter", good) == []
    line = next(x for x in good.splitlines() if x.startswith("- Formal verification"))
    for wrong in ("- Formal verification: not yet.",
                  line.replace(depth, depth.replace("cycles", "0 cycles") if "cycles" in depth
                               else depth.replace("k = ", "k = 1")),
                  line.replace("broken variants", "variants"),
                  line.replace("k = 4", "k = 9") if "k = 4" in line else line + " `axis_credit_"
                  "count` (unbounded, k-induction with k = 9)"):
        assert _formal_contradictions("des_iter", good.replace(line, wrong)), wrong
    gcm = (datasheets.DIR / "gcm_aes_iter.md").read_text()
    assert _formal_contradictions("gcm(aes_iter)", gcm) == []
    gline = next(x for x in gcm.splitlines() if x.startswith("- Formal verification"))
    engine = formal.method(formal.TARGETS["gcm_engine"])
    for wrong in (gline.replace(engine, engine.replace("cycles", "0 cycles")),
                  gline.replace("`ciphercores prove aes_iter`", "`aes_iter`"),
                  gline.replace("`ciphercores prove gcm_engine`", "the engine")):
        assert _formal_contradictions("gcm(aes_iter)", gcm.replace(gline, wrong)), wrong
    pipe = (datasheets.DIR / "gcm_aes_pipe.md").read_text()
    assert _formal_contradictions("gcm(aes_pipe)", pipe) == []
    pline = next(x for x in pipe.splitlines() if x.startswith("- Formal verification"))
    assert _formal_contradictions("gcm(aes_pipe)", pipe.replace(
        pline, pline.replace("`aes_pipe` has no proof target yet",
                             "`aes_pipe` (`ciphercores prove aes_pipe`)")))
    other = (datasheets.DIR / "aes_iter.md").read_text()
    oline = next(x for x in other.splitlines() if x.startswith("- Formal verification"))
    assert _formal_contradictions("aes_iter", other.replace(oline, line.replace(
        "des_iter", "aes_iter")))


def test_timing_diagram_follows_the_cycle_model():
    """The key handshake in period 0, the block's after the key set-up, the result after the
    latency (a wait of more than six cycles drawn as five periods with a gap)."""
    for name in ("des_iter", "bf_iter"):
        core = cores.get(name)
        p = core.params()
        wave = {s["name"]: s for s in datasheets.wavejson(core)["signal"]}
        h = 5 if core.key_setup(p) > 6 else core.key_setup(p)
        assert wave["s_axis_tready"]["wave"][h] == "1" and wave["s_axis_tvalid"]["node"][h] == "b"
        m = h + (5 if core.latency(p) > 6 else core.latency(p))
        assert wave["m_axis_tvalid"]["wave"][m:m + 2] == "10"
        assert datasheets.wavejson(core)["edge"] == [f"a~>b key set-up {core.key_setup(p)}",
                                                     f"b~>c latency {core.latency(p)}"]


def test_readme_is_short():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 120


def _rtl_files():
    return sorted((ROOT / "rtl").glob("*/*.v"))


@pytest.mark.parametrize("path", _rtl_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rtl_header_is_short_and_links_the_docs(path):
    lines = path.read_text().splitlines()
    assert lines[0] == "// SPDX-License-Identifier: Apache-2.0"
    top = next(i for i, line in enumerate(lines) if line.startswith("module "))
    header = [line for line in lines[:top] if line.startswith("//")]
    assert len(header) <= 10, f"{len(header)} comment lines before the module"
    assert "docs/" in "\n".join(header)


#: a comment that points at other text by its place ("see above", "see the header", "the
#: table above"): such text moves (the headers now keep ten lines and the design notes went to
#: docs/cores/notes/), and the pointer is left pointing at nothing. Name the place instead: a
#: notes page, a module, a section ("see "NAME" in the header" names a phrase the header holds)
PLACE_POINTER = re.compile(r"\bsee\s+(?:the\s+)?(?:header|above|below)\b|"
                           r"\b(?:table|text|comment|list)\s+(?:above|below)\b", re.I)
NAMED_IN_HEADER = re.compile(r'"([^"]+)"\s+in\s+the\s+header', re.I)


def test_rtl_comments_point_at_text_by_name():
    hits = []
    for path in _rtl_files():
        lines = path.read_text().splitlines()
        top = next(i for i, line in enumerate(lines) if line.startswith("module "))
        header = "\n".join(lines[:top])
        for n, line in enumerate(lines, 1):
            comment = line.partition("//")[2]
            named = NAMED_IN_HEADER.findall(comment)
            if PLACE_POINTER.search(NAMED_IN_HEADER.sub("", comment)) or any(
                    name not in header for name in named):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not hits, "say where the text is (a notes page, a module, a phrase the header " \
        "holds):\n" + "\n".join(hits)


#: words only an insider understands: a tracker or plan number, a paper by its file number
INSIDER = re.compile(r"\b(?:issue|stop)\s+#?\d+\b|\bits issue\b|\bpapers?\s+0\d\d\b", re.I)


def _text_files():
    for pattern in ("*.md", "Makefile", "pyproject.toml", "docs/*.md", "docs/cores/*.md",
                    "docs/cores/notes/*.md", "rtl/*/*.v", "src/**/*.py", "src/**/*.cpp",
                    "src/**/*.js", "src/**/*.html", "tests/**/*.py", "tests/**/*.v"):
        yield from ROOT.glob(pattern)


def test_no_insider_words():
    hits = []
    for path in _text_files():
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if INSIDER.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not hits, "name the paper by title and authors, say what instead of which issue:\n" \
        + "\n".join(hits)


def test_readme_table_names_the_cipher_of_each_cycle_figure():
    """A core whose figures differ per cipher (aes_iter) shows the range with the ciphers
    named, and the throughput of each, from the same Fmax."""
    rec = {"core": "aes_iter", "params": cores.get("aes_iter").params(), "target": "ecp5",
           "grade": "8", "status": "ok", "fmax_mhz": 100.0, "gbps": 0.914,
           "core_area": {"lut": 5000}}
    rec["target"], rec["grade"] = results.README_CONFIG
    row = next(x for x in datasheets.readme_table([rec]) if "[`aes_iter`]" in x)
    table = cores.get("aes_iter").cycle_table()
    (lo, f_lo), (hi, f_hi) = table[0], table[-1]
    assert (f"{f_lo['latency']} / {f_lo['interval']} ({lo[0]}) to {f_hi['latency']} / "
            f"{f_hi['interval']} ({hi[-1]})") in row
    assert f"{128 * 100.0 / f_lo['interval'] / 1e3:.3f} ({lo[0]})" in row
    one = next(x for x in datasheets.readme_table([]) if "[`tdes_iter`]" in x)
    f = cores.get("tdes_iter").cycles()
    assert f"| {f['latency']} / {f['interval']} |" in one and "(des" not in one
    # docs/results.md and the datasheets' measurement tables: the same, per cipher
    rec.update(block_bits=128, lanes=1, latency=15, interval=14)
    assert results._cycles_cell(rec).split("; ")[0] == (
        f"{f_lo['latency']} / {f_lo['interval']} ({lo[0]})")
    assert results._gbps_cell(rec).split("; ")[0] == (
        f"{128 * 100.0 / f_lo['interval'] / 1e3:.3f} ({lo[0]})")


def test_readme_table_gives_key_setup_in_time_at_the_measured_fmax():
    """Key set-up in cycles (the registry's) and in time at the record's Fmax: µs for a long
    one (Blowfish's schedule), ns for a short one; cycles alone without a measurement."""
    p = cores.get("bf_iter").params()
    ks = cores.get("bf_iter").cycles(p)["key_setup"]
    rec = {"core": "bf_iter", "params": p, "status": "ok", "fmax_mhz": 200.0, "gbps": 0.8,
           "core_area": {"lut": 2000}}
    rec["target"], rec["grade"] = results.README_CONFIG
    row = next(x for x in datasheets.readme_table([rec]) if "[`bf_iter`]" in x)
    assert f"| {ks:,} ({ks / 200.0:,.1f} µs) |" in row
    none = next(x for x in datasheets.readme_table([]) if "[`bf_iter`]" in x)
    assert f"| {ks:,} |" in none
    rec.update(core="des_iter", params=cores.get("des_iter").params())
    row = next(x for x in datasheets.readme_table([rec]) if "[`des_iter`]" in x)
    assert "| 1 (5 ns) |" in row


def _soc_script():
    """soc/ciphercores_soc.py as a module (it imports LiteX only to build: not here)."""
    spec = importlib.util.spec_from_file_location("ciphercores_soc",
                                                  ROOT / "soc" / "ciphercores_soc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_soc_figures_are_generated_and_agree():
    """docs/soc.md's measured table and the README's sentence of SoC figures are the blocks
    `make soc` writes from one run: well-formed (exactly as the script writes them, the tools
    and the date under the table), the README's figures those of the table, and the prose
    around both quotes none of them."""
    soc = _soc_script()
    doc = (ROOT / "docs" / "soc.md").read_text()
    readme = (ROOT / "README.md").read_text()
    table = soc.doc_block(doc)
    rows, versions, date = soc.parse_measured(table)
    assert soc.measured_table(rows, versions, date) == table
    assert [r["cipher"] for r in rows] == ["aes-128", "aes-192", "aes-256"]
    assert list(versions)[:5] == ["riscv64-unknown-elf-gcc", "litex", "migen",
                                  "pythondata-cpu-vexriscv", "verilator"]
    assert all(versions.values()) and re.fullmatch(r"\d{4}-\d\d-\d\d", date)
    for r in rows:
        assert 0 < r["hw_stream"] <= r["hw_single"] < r["sw"]
        assert r["speedup"] == pytest.approx(r["sw"] / r["hw_stream"], abs=0.06)
    assert soc.doc_block(readme) == soc.readme_figures(rows), \
        "the README's SoC figures differ from docs/soc.md's table: run `make soc`"
    # the hand-written text around the blocks repeats no figure
    section = readme[readme.index("## In a SoC"):]
    section = section[:section.index("\n## ", 1)]
    around = {"docs/soc.md": doc.replace("\n".join(table), ""),
              "README.md": section.replace("\n".join(soc.doc_block(readme)), "")}
    figures = {soc._fig(r[f]) for r in rows for f in soc.FIGURES}
    figures |= {soc._fig(r[f], 0) for r in rows for f in ("hw_stream", "sw")}
    for name, text in around.items():
        quoted = [f for f in figures if re.search(rf"(?<![\w.,-]){re.escape(f)}(?![\w,]|\.\d)",
                                                  text)]
        assert not quoted, f"{name} quotes figures of the generated table by hand: {quoted}"
