# SPDX-License-Identifier: Apache-2.0
"""The measurement keys follow what synthesis sees, not how the source is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores import cores
from ciphercores.synth import canon, flow, measurements
from ciphercores.synth.design import Design

RTL = cores.RTL
COUNTER = (RTL / "common" / "axis_credit_count.v").read_text()


def _body_line(text: str, needle: str) -> str:
    return next(ln for ln in text.splitlines() if needle in ln)


def test_comments_layout_and_formal_blocks_do_not_count():
    edited = ("// SPDX-License-Identifier: Apache-2.0\n/* a new header,\n   two lines */\n"
              + COUNTER.replace("\n", "   // trailing remark\n", 3)
                       .replace("endmodule", "`ifdef FORMAL\n  always @* assert (1'b1);\n"
                                "`endif\n\n\nendmodule")
                       .replace("    ", "\t"))
    assert edited != COUNTER
    assert canon.verilog(edited) == canon.verilog(COUNTER)


@pytest.mark.parametrize("change", [
    ("endmodule", "wire extra_w;\nendmodule"),          # a new net
    ("1'b1", "1'b0"),                                    # a constant
])
def test_a_change_synthesis_sees_changes_the_text(change):
    old, new = change
    assert old in COUNTER
    assert canon.verilog(COUNTER.replace(old, new, 1)) != canon.verilog(COUNTER)


def test_attributes_pragmas_strings_and_other_macros_are_kept():
    src = ('module m (input wire a, output wire y);\n'
           '  (* ciphercores_bram_outreg, keep *) reg q; // a remark\n'
           '  // synthesis translate_off\n'
           '  initial $display("a // not a comment /* nor this */");\n'
           '  // synthesis translate_on\n'
           '`ifdef SYNTH_CORE_TLEN\n  assign y = a;\n`else\n  assign y = ~a;\n`endif\n'
           'endmodule\n')
    out = canon.verilog(src)
    assert "(* ciphercores_bram_outreg, keep *)" in out
    assert "// synthesis translate_off" in out and "// synthesis translate_on" in out
    assert '"a // not a comment /* nor this */"' in out
    assert "`ifdef SYNTH_CORE_TLEN" in out and "assign y = ~a;" in out
    assert "a remark" not in out


def test_formal_else_branch_and_ifndef_stay():
    src = ("`ifdef FORMAL\nwire f;\n`else\nwire s;\n`endif\n"
           "`ifndef FORMAL\nwire t;\n`endif\n"
           "`ifdef FORMAL\n`ifdef X\nwire g;\n`endif\n`endif\n")
    assert canon.verilog(src) == "wire s;\nwire t;"


@pytest.mark.parametrize("src", ["`ifdef FORMAL\nwire a;\n", "`endif\n",
                                 "`ifdef FORMAL\n`elsif X\n`endif\n"])
def test_sources_it_cannot_follow_are_refused(src):
    with pytest.raises(canon.CanonError):
        canon.verilog(src)


def test_an_included_file_counts_through_its_includer(tmp_path):
    (tmp_path / "gf.vh").write_text("function [7:0] xt(input [7:0] b); xt = b; endfunction\n")
    top = tmp_path / "top.v"
    top.write_text('module top;\n`include "gf.vh"\nendmodule\n')
    before = canon.verilog(top.read_text(), top)
    assert canon.includes(top.read_text() + '// `include "old.vh"\n') == ["gf.vh"]
    assert "function [7:0] xt" in before and "include" not in before
    (tmp_path / "gf.vh").write_text("// same function\nfunction [7:0] xt(input [7:0] b); "
                                    "xt = b;\nendfunction\n")
    assert canon.verilog(top.read_text(), top) == before.replace(
        "xt = b; endfunction", "xt = b;\nendfunction")
    (tmp_path / "gf.vh").write_text("function [7:0] xt(input [7:0] b); xt = ~b; endfunction\n")
    assert canon.verilog(top.read_text(), top) != before
    (tmp_path / "gf.vh").unlink()
    with pytest.raises(canon.CanonError, match="gf.vh"):
        canon.verilog(top.read_text(), top)


def test_memory_images_count_by_their_words():
    image = (RTL / "aes" / "aes_sbox_rom.hex").read_text()
    relaid = "// the S-box\n" + "\n".join("  ".join(ln.split()) + " // row"
                                         for ln in image.splitlines())
    assert canon.memory(relaid) == canon.memory(image)
    words = image.split()
    words[5] = "00" if words[5] != "00" else "01"
    assert canon.memory(" ".join(words)) != canon.memory(image)


def test_moving_or_commenting_a_design_keeps_its_key(tmp_path):
    """A design's files copied to another folder with comments changed give the same key
    part; a code change in one file gives another."""
    core = cores.CORES["speck_iter"]
    design = Design.of(core, core.params())
    moved = {}
    for name, path in design.files().items():
        dst = tmp_path / "elsewhere" / name.replace("/", "_")
        dst.parent.mkdir(parents=True, exist_ok=True)
        text = Path(path).read_text()
        dst.write_text(text if name.startswith("mem/") else "// moved\n" + text)
        moved[name] = str(dst)
    assert canon.canonical_files(moved) == design.canonical()
    first = next(n for n in moved if n.endswith(".v"))
    p = tmp_path / "elsewhere" / first.replace("/", "_")
    p.write_text(p.read_text().replace("endmodule", "wire unused_w;\nendmodule"))
    assert canon.canonical_files(moved) != design.canonical()


def test_every_archived_record_is_current_or_shown_stale(tmp_path, monkeypatch):
    """Every committed record is either found under the digest of today's tree (the archive
    was re-keyed when the digest changed, no record lost), or it is a record of older RTL or
    tools that the pages show as stale: the newest of its core, parameters, target, grade and
    seeds, listed in docs/results.md's stale rows (each of its figures marked: the checks of
    tests/synth/test_stale.py)."""
    from ciphercores.synth import results

    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty-cache"))
    archive = measurements.read_archive()
    assert archive
    page = (cores.ROOT / "docs" / "results.md").read_text()
    listed = page.split("## Stale rows\n", 1)[1].split("\n## ", 1)[0] if "## Stale rows\n" \
        in page else ""
    for digest, rec in archive.items():
        core = cores.get(rec["core"])  # a registered core or gcm(CORE)
        seeds = tuple(rec.get("seeds") or ())
        if measurements.inputs_digest(core, rec["params"], rec["target"], rec.get("grade"),
                                      seeds) == digest:
            continue
        shown = flow.recorded(core, rec["params"], rec["target"], rec.get("grade"), seeds,
                              stale=True)
        assert shown["stale"] and shown["inputs"] == digest, (rec["core"], rec["params"])
        where = rec["target"] + (f" -{rec['grade']}" if rec.get("grade") else "")
        # the page names the parameters in the registry's order (the archive sorts them)
        assert (f"| `{rec['core']}` | {results._params(core.params(rec['params']), rec['core'])} | "
                f"{where} | {','.join(map(str, seeds)) or '–'} |") in listed
