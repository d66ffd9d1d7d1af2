# SPDX-License-Identifier: Apache-2.0
"""The FuseSoC core files (rtl/**/*.core): current with the registry, one for every core of
every kind (block cores, the compositions MODE(CORE), gcm(CORE) and BUS(CORE) with their
generated tops under rtl/<folder>/gen/), each file in exactly one of them, every core's files
reached through its dependencies, and real FuseSoC parses them, lints one core of each family
and one composition of each kind with Verilator and elaborates two in Icarus with their memory
images."""

from __future__ import annotations

import runpy
import subprocess
import sys

import pytest
import yaml

from ciphercores import cores, tools
from ciphercores.cores import RTL
from ciphercores.distribution import fusesoc


def test_core_files_are_current():
    assert fusesoc.stale() == [], "run python -m ciphercores.fusesoc and commit"


def test_the_command_runs_the_generator(monkeypatch, capsys):
    """``python -m ciphercores.fusesoc``, which the files' header names, runs the generator of
    ciphercores.distribution.fusesoc (here with --check, and one file made stale)."""
    monkeypatch.setattr(fusesoc, "stale", lambda: ["aes/aes_iter.core"])
    monkeypatch.setattr(sys, "argv", ["ciphercores.fusesoc", "--check"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("ciphercores.fusesoc", run_name="__main__")
    assert done.value.code == 1
    assert capsys.readouterr().out == \
        "rtl/aes/aes_iter.core is out of date: run python -m ciphercores.fusesoc\n"


def _parsed() -> dict[str, tuple[str, dict]]:
    """VLNV -> (folder of the .core under rtl/, its YAML) of every generated file."""
    out = {}
    for path, text in fusesoc.files().items():
        if not path.endswith(".core"):  # a composition's generated top
            continue
        doc = yaml.safe_load(text)
        out[doc["name"]] = (path.rsplit("/", 1)[0], doc)
    return out


def _entries(doc: dict) -> list[tuple[str, dict]]:
    """(file, options) of a core's file set."""
    out = []
    for f in doc["filesets"]["rtl"]["files"]:
        out += list(f.items()) if isinstance(f, dict) else [(f, {})]
    return out


def test_each_file_once_and_every_core_complete():
    """A core's files through its dependencies are its file list, memory images included, and
    no file is in two .core files (so a design with several cores reads each once)."""
    docs = _parsed()
    seen: dict[str, str] = {}
    for name, (folder, doc) in docs.items():
        for f, _ in _entries(doc):
            full = (RTL / folder / f).resolve()
            assert full.is_file(), f"{name}: {f} does not exist"
            assert str(full) not in seen, f"{f} in {name} and {seen[str(full)]}"
            seen[str(full)] = name

    def reach(name: str) -> tuple[set, dict]:
        folder, doc = docs[name]
        srcs, imgs = set(), {}
        for f, opt in _entries(doc):
            path = (RTL / folder / f).resolve()
            if opt.get("file_type") == "user":
                imgs[opt["copyto"]] = path
            else:
                srcs.add(path)
        for dep in doc["filesets"]["rtl"].get("depend", []):
            assert dep.startswith("=") and dep[1:] in docs, dep
            s, i = reach(dep[1:])
            srcs |= s
            imgs.update(i)
        return srcs, imgs

    for core in cores.every():
        name = fusesoc.vlnv("cores", core.top)
        srcs, imgs = reach(name)
        want = set()
        for p in core.sources():  # a generated top (build/gen): its committed copy, same text
            if not p.resolve().is_relative_to(RTL.resolve()):
                (p_rtl,) = [s for s in srcs if s.name == p.name]
                assert p_rtl.read_text() == p.read_text(), core.name
                assert p_rtl.parent.name == "gen" and p_rtl.parent.parent.parent == RTL
                p = p_rtl
            want.add(p.resolve())
        assert srcs == want, core.name
        named = {i for p in core.sources() for i in fusesoc.images(p)}
        assert set(imgs) == named and all(imgs[i] == (p.parent / i).resolve() for p in
                                          core.sources() for i in fusesoc.images(p)), core.name
        doc = docs[name][1]
        assert {k: v["default"] for k, v in doc.get("parameters", {}).items()} == \
            core.params(), core.name
        for target in ("lint", "sim"):
            assert doc["targets"][target]["toplevel"] == core.top
    # the images the RTL reads are the ones beside it: none missed by the name search
    assert {p.name for p in RTL.glob("*/*.hex")} <= \
        {i for c in cores.CORES.values() for p in c.sources() for i in fusesoc.images(p)}
    # one .core file for each core of every kind, and nothing else but the shared parts
    assert {n for n in docs if ":cores:" in n} == \
        {fusesoc.vlnv("cores", c.top) for c in cores.every()}


def test_the_architecture_page_counts_the_cores_of_each_kind():
    """docs/architecture.md's FuseSoC row gives how many .core files of each kind there are:
    the registry's count (``cores.every``), so that a core added shows there."""
    import re

    text = (cores.ROOT / "docs" / "architecture.md").read_text()
    found = re.search(r"`cores\.every`: (\d+) block cores, (\d+) mode cores, (\d+) GCM cores, "
                      r"(\d+) bus wrappers", text)
    assert found, "the FuseSoC row no longer counts the cores of each kind"
    assert [int(n) for n in found.groups()] == \
        [len(cores.every((k,))) for k in ("block", "mode", "gcm", "bus")]


def test_derived_parameters_say_so():
    """A composition's port widths follow the core's parameters (the registry derives them):
    the .core file gives them at the defaults' values and says to set them with the others."""
    docs = _parsed()
    doc = docs[fusesoc.vlnv("cores", "gcm_aes_pipe")][1]
    assert doc["parameters"]["KEY_W"]["default"] == 128
    assert "derived" in doc["parameters"]["KEY_W"]["description"]
    assert "derived" not in doc["parameters"]["KEY_BITS"]["description"]
    assert doc["targets"]["lint"]["toplevel"] == "gcm_aes_pipe"


def _fusesoc(tmp_path, *args: str) -> subprocess.CompletedProcess:
    """Real FuseSoC on rtl/ as its only library, its configuration and caches under
    ``tmp_path``, with the Verilator of ciphercores.tools first on PATH (edalize calls
    ``verilator`` and ``iverilog`` from PATH)."""
    env = tools.sim_env()
    for var in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        env[var] = str(tmp_path / var.lower())
    return subprocess.run([tools.find("fusesoc"), "--cores-root", str(RTL), *args],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=False,
                          timeout=300)


def test_fusesoc_parses_every_core_file(tmp_path):
    res = _fusesoc(tmp_path, "list-cores")
    assert res.returncode == 0, res.stdout + res.stderr
    listed = {line.split()[0] for line in res.stdout.splitlines() if line.startswith("ciph")}
    assert listed == set(_parsed()), res.stdout + res.stderr
    assert "Failed to parse" not in res.stdout + res.stderr


@pytest.mark.parametrize("name, params", [
    ("aes_iter", ()),                               # memory images from ciphercores:shared:aes
    ("des_pipe", ()),                               # on tdes_pipe, on shared:des and :common
    ("bf_x2", ("--ROUND_CYCLES=2",)),
    ("speck_pipe", ("--WORD=32", "--KEY_WORDS=4", "--STAGES=27", "--SUBREG=1")),
])
def test_fusesoc_lints_a_core_of_each_family(tmp_path, name, params):
    res = _fusesoc(tmp_path, "run", "--build-root", str(tmp_path / "build"), "--target",
                   "lint", fusesoc.vlnv("cores", name), *params)
    assert res.returncode == 0, res.stdout + res.stderr
    (vc,) = (tmp_path / "build").glob("*/lint-verilator/*.vc")
    args = vc.read_text().split()
    assert "--top-module" in args and args[args.index("--top-module") + 1] == name
    want = {f"-G{p[2:]}" for p in params}
    assert want <= set(args), args


@pytest.mark.parametrize("name, params", [
    ("gcm_aes_iter", ()),                           # aes_iter, the GCM engine's files
    ("ofb_speck_iter", ("--WORD=32", "--KEY_WORDS=4", "--BLOCK_W=64", "--KEY_W=128")),
    ("wb_cbc_aes_iter", ()),                        # the bus around a mode core around aes_iter
])
def test_fusesoc_lints_a_composition_of_each_kind(tmp_path, name, params):
    res = _fusesoc(tmp_path, "run", "--build-root", str(tmp_path / "build"), "--target",
                   "lint", fusesoc.vlnv("cores", name), *params)
    assert res.returncode == 0, res.stdout + res.stderr
    (vc,) = (tmp_path / "build").glob("*/lint-verilator/*.vc")
    args = vc.read_text().split()
    assert "--top-module" in args and args[args.index("--top-module") + 1] == name
    assert {f"-G{p[2:]}" for p in params} <= set(args), args
    assert any(a.endswith(f"/{name}.v") for a in args), args  # the committed top


@pytest.mark.parametrize("name, images", [
    ("bf_iter", ["bf_pi_p.hex", "bf_pi_s0.hex", "bf_pi_s1.hex", "bf_pi_s2.hex", "bf_pi_s3.hex"]),
    ("gcm_aes_iter", ["aes_mult_rom.hex", "aes_sbox_rom.hex"]),  # through aes_iter's files
])
def test_fusesoc_sim_target_loads_the_memory_images(tmp_path, name, images):
    """Icarus elaborates the core alone and vvp loads its $readmemh images from the work
    directory, where copyto put them (a missing one prints 'Unable to open')."""
    res = _fusesoc(tmp_path, "run", "--build-root", str(tmp_path / "build"), "--target", "sim",
                   fusesoc.vlnv("cores", name))
    out = res.stdout + res.stderr
    assert res.returncode == 0, out
    (work,) = (tmp_path / "build").glob("*/sim-icarus")
    assert sorted(p.name for p in work.glob("*.hex")) == images
    log = out + (work / "icarus.log").read_text()
    assert "vvp" in out and "Unable to open" not in log and "ERROR" not in log, log
