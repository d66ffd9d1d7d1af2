# SPDX-License-Identifier: Apache-2.0
"""The RTL file lists rtl/<family>/<top>.f: every file they name exists, the registry reads its
cores' files from them, and lint hands them to Verilator as they are (``-F``)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from ciphercores import cores, lint, tools

FILELISTS = sorted(cores.RTL.glob("*/*.f"))


def _entries(path):
    return [s.strip() for s in path.read_text().splitlines()
            if s.strip() and not s.strip().startswith(("//", "#"))]


@pytest.mark.parametrize("path", FILELISTS, ids=lambda p: p.relative_to(cores.RTL).as_posix())
def test_filelist_names_existing_files(path):
    entries = _entries(path)
    assert entries, f"{path} is empty"
    for e in entries:
        assert (path.parent / e).is_file(), f"{path.name}: {e} does not exist"
    assert entries[-1] == f"{path.stem}.v", "the top's own file comes last (dependencies first)"


def test_every_core_has_its_filelist_and_no_list_is_orphaned():
    assert {c.filelist() for c in cores.CORES.values()} == set(FILELISTS)
    for core in cores.CORES.values():
        f = core.filelist()
        assert [(f.parent / e).resolve() for e in _entries(f)] == \
            [p.resolve() for p in core.sources()], core.name


def test_lint_reads_the_filelist():
    core = cores.get("speck_pipe")
    assert lint.file_args(core) == ["-F", str(core.filelist())]
    mode = cores.get("ofb(speck_pipe)")
    args = lint.file_args(mode)
    assert args[:2] == ["-F", str(core.filelist())]
    assert [a.rsplit("/", 1)[-1] for a in args[2:]] == ["axis_lut_fifo.v", "mode_engine.v",
                                                        "ofb_speck_pipe.v"]
    # the .f alone is enough for Verilator, run from another directory
    res = subprocess.run([tools.find("verilator"), "--lint-only", "-Wall", "--top-module",
                          core.top, "-F", str(core.filelist())], capture_output=True, text=True,
                         env=tools.sim_env(), cwd="/", check=False)
    assert res.returncode == 0 and not res.stderr.strip(), res.stderr


#: hand-written RTL modules (rtl/<family>/*.v) with no test of their own, each with what runs
#: it instead. A module's own test is one of: a registered core's tests (its top module), a
#: block test launched on its ports (``ciphercores.sim.runner.Block("name", ...)`` in tests/),
#: a formal target proving it (ciphercores.formal.TARGETS, the module its harness wraps). The
#: value is the registered core whose file list names the module and whose tests run it
#: (checked below), or None where no simulation does.
NO_TEST_OF_THEIR_OWN: dict[str, str | None] = {
    # AES: the pipeline's SubBytes layer and products (aes_pipe_round's block test runs
    # both), the composite-field S-box's two halves (aes_sbox_tower's block test runs them:
    # all bytes, both directions), the key step's halves (aes_key_step's block test drives
    # them on every step of the schedule)
    "aes_tower_norm_inv": "aes_iter",
    "aes_tower_scale": "aes_iter",
    "aes_mix_mult": "aes_pipe",
    "aes_key_sub": "aes_pipe",
    "aes_key_words": "aes_pipe",
    "aes_sub_rom_layer": "aes_pipe",
    # Blowfish: the parts of the iterative engine of bf_iter and bf_x2 (S-box writes and copy,
    # round ring: the key-schedule tests of bf_iter's suite run both, key_setup_cycles their
    # timing; the key mixing and the P-array have block tests; the engine itself has the
    # formal target bf_key_engine), the S-box RAMs
    "bf_sbox_copy": "bf_iter",
    "bf_ring": "bf_iter",
    "bf_sbox": "bf_iter",
    "bf_sbox_dp": "bf_pipe",
    # GCM: the engine's request, join and tag-check parts, run by tests/gcm/cocotb_gcm.py in
    # gcm(aes_iter) and gcm(aes_pipe) (the engine has the formal target gcm_engine)
    "gcm_request": "gcm(aes_iter)",
    "gcm_join": "gcm(aes_iter)",
    "gcm_tag_check": "gcm(aes_iter)",
    # synthesis harnesses (ciphercores.synth) around a core: synthesised, not simulated
    # (tests/synth/test_gcm_harness.py elaborates the GCM pair)
    "synth_harness": None,
    "synth_passthrough": None,
    "synth_harness_gcm": None,
    "synth_passthrough_gcm": None,
}


def _hand_written_modules() -> dict[str, Path]:
    """rtl/<family>/*.v by module name: not the generated wrappers (rtl/*/gen/, written by
    ciphercores.rtlgen from one template per kind and checked current by its tests), not the
    formal harnesses (rtl/formal/, proofs themselves)."""
    return {p.stem: p for p in cores.RTL.glob("*/*.v") if p.parent.name != "formal"}


def _modules_with_a_test() -> dict[str, str]:
    """module -> its own test: registered cores' tops, block tests' tops, formal targets."""
    from ciphercores import formal

    tests = Path(__file__).parent
    own: dict[str, str] = {}
    for t in formal.TARGETS.values():
        if not t.core:
            own[Path(t.sources[-1]).stem] = f"formal target {t.name}"
    for f in sorted(tests.rglob("*.py")):
        for name in re.findall(r"\bBlock\(\s*\"(\w+)\"", f.read_text()):
            own[name] = f"block test in {f.relative_to(tests.parent).as_posix()}"
    for c in cores.every():
        own[c.top] = f"core {c.name}"
    return own


def untested(modules: set[str], own: set[str], exempt: set[str]) -> list[str]:
    return sorted(modules - own - exempt)


def test_untested_is_what_no_test_and_no_exemption_names():
    assert untested({"a", "b", "c"}, {"a"}, {"b"}) == ["c"]
    assert untested({"a"}, {"a"}, set()) == []


def test_every_rtl_module_has_a_test_of_its_own():
    modules = _hand_written_modules()
    own = _modules_with_a_test()
    missing = untested(set(modules), set(own), set(NO_TEST_OF_THEIR_OWN))
    assert not missing, (
        f"RTL modules in no test of their own: {missing}. Give each a block test (a "
        "ciphercores.sim.runner.Block launched from tests/, see tests/rtl/aes/), or name it "
        "in NO_TEST_OF_THEIR_OWN with the core whose tests run it")
    stale = sorted(m for m in NO_TEST_OF_THEIR_OWN if m in own or m not in modules)
    assert not stale, f"NO_TEST_OF_THEIR_OWN names modules that have a test or are gone: {stale}"
    for module, core in NO_TEST_OF_THEIR_OWN.items():
        if core is not None:
            files = {s.resolve() for s in cores.get(core).sources()}
            assert modules[module].resolve() in files, f"{core}'s files do not hold {module}"
