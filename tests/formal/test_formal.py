# SPDX-License-Identifier: Apache-2.0
"""Formal proofs of the shared stream modules (ciphercores.formal): every parameter set of each
target's sweep is proven by k-induction and its covers are reached, and every mutation (a
deliberately broken variant) fails a named property with a counterexample trace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ciphercores import cores, formal

# the cores' bounded checks take minutes each: behind the `formal` marker (make formal runs
# them too), as do the other targets marked slow (bf_key_engine); the shared modules' and the
# bus wrappers' proofs and mutations run in the default suite, once a registered core (or its
# bus wrapper) uses the module: a shared module no core uses (yet, or any more:
# axis_out_fifo_piped, while every pipeline chooses its FIFO's head among the read registers)
# runs its first parameter set there, the rest with `-m formal`
_CORE = pytest.mark.formal
_INSTANCE = re.compile(r"^\s*(\w+)\s*#\((.*?)\)\s*\w+\s*\(", re.M | re.S)
_OUT_PIPED = "common/axis_out_fifo_piped.v"


def _head_in_a_register(path: str) -> bool:
    """Whether a core's own file under rtl/ instantiates axis_out_fifo_piped: directly, or
    through axis_out_fifo with its head in a register of its own (HEAD_REG = 1, the default,
    where PIPED = 1). axis_out_fifo lists that file whichever variant it builds."""
    for module, params in _INSTANCE.findall((cores.RTL / path).read_text()):
        if module == "axis_out_fifo_piped" or (module == "axis_out_fifo" and ".PIPED(0)"
                                                not in params and ".HEAD_REG(0)" not in params):
            return True
    return False


_FILES = {f for c in cores.every() for f in getattr(c, "rtl", ())}
#: the files under rtl/ of the modules a registered core instantiates
_USED = _FILES - (set() if any(_head_in_a_register(f) for f in _FILES
                               if not f.startswith("common/")) else {_OUT_PIPED})


def _marks(t: formal.Target, first: bool = True) -> list:
    if t.core or t.slow:
        return [_CORE]
    unused = not t.core and t.sources and t.sources[-1].startswith("common/") \
        and t.sources[-1] not in _USED
    return [_CORE] if unused and not first else []


CASES = [pytest.param((t.name, p), marks=_marks(t, i == 0))
         for t in formal.TARGETS.values() for i, p in enumerate(t.sweep)]
MUTATIONS = [pytest.param((t.name, m), marks=_marks(t, False))
             for t in formal.TARGETS.values() for m in t.mutations]


def _id(case) -> str:
    name, p = case
    return name + "-" + "-".join(f"{k}{v}" for k, v in p.items())


@pytest.mark.parametrize("case", CASES, ids=[_id(c.values[0]) for c in CASES])
def test_proof(case):
    name, params = case
    target = formal.TARGETS[name]
    prove, cover = formal.prove(name, params)
    assert prove.status == "PASS", prove.line()
    assert prove.mode == target.proof_mode() and not prove.failed
    assert prove.depth == target.proof_depth(target.params(params))
    # not vacuous: every cover of the formal top is reached (sby fails on one it cannot reach)
    assert cover.status == "PASS", cover.line()
    assert set(formal.TARGETS[name].covers) <= set(cover.covered), cover.line()
    # the runs happen in the build directory, never in the source tree
    assert Path(prove.workdir).is_relative_to(formal.BUILD)


@pytest.mark.parametrize("case", MUTATIONS,
                         ids=[f"{c.values[0][0]}-{c.values[0][1].name}" for c in MUTATIONS])
def test_mutation_fails(case):
    """A broken variant must fail from reset, on the property that describes its defect, with
    the counterexample trace written where the result says."""
    name, mutation = case
    res = formal.check_mutation(formal.TARGETS[name], mutation)
    assert formal.mutation_caught(res, mutation), res.line()
    assert res.vcd is not None and Path(res.vcd).is_file(), res.line()
    # the mutated copy lives in the build directory; the source file is untouched
    assert mutation.old in (cores.RTL / mutation.file).read_text()


@pytest.mark.formal
@pytest.mark.parametrize("name", ["speck_iter", "des_iter", "tdes_iter"])
def test_round_state_while_idle_breaks_rule_5(name):
    """Rule 5 (docs/interface.md): after a transfer, while m_axis_tvalid is low, m_axis_tdata
    holds zero or a finished block (the last one transferred, or the next one), never round
    state. speck_iter, des_iter and tdes_iter keep the last block, which their targets prove
    allowed (zero_idle=2); the same core made to show its round registers while idle once a
    block has left fails that property, and only that one, with a trace from reset."""
    target = formal.TARGETS[name]
    assert target.zero_idle == 2
    mutation = next(m for m in target.mutations if m.name == "round state shown while idle")
    res = formal.check_mutation(target, mutation)
    assert res.status == "FAIL" and res.failed == ["source_idle_finished"], res.line()
    assert res.vcd is not None and Path(res.vcd).is_file(), res.line()


ALL_MUTATIONS = [(t.name, m) for t in formal.TARGETS.values() for m in t.mutations]


@pytest.mark.parametrize("case", ALL_MUTATIONS, ids=[f"{n}-{m.name}" for n, m in ALL_MUTATIONS])
def test_mutation_text_occurs_once(case):
    """No solver: each broken variant's exact RTL text occurs exactly once in its file, and that
    file is one the target's proof reads, so a reformatted RTL line cannot silently leave a
    property without the variant that must fail it (the runner raises on it, but only under
    `-m formal` for the cores)."""
    name, mutation = case
    target = formal.TARGETS[name]
    path = cores.RTL / mutation.file
    assert path.read_text().count(mutation.old) == 1, f"{mutation.name}: rtl/{mutation.file}"
    assert mutation.new != mutation.old and mutation.fails
    assert path in target.files(), f"{mutation.name}: rtl/{mutation.file} not in {name}'s proof"
    # mutation names are unique within a target (they name the build directories)
    assert [m.name for m in target.mutations].count(mutation.name) == 1


def test_mutation_text_must_match_once():
    target = formal.TARGETS["axis_credit_count"]
    bad = formal.Mutation("absent", target.sources[0], "no such text", "x", ("credit_safe",))
    with pytest.raises(formal.ProofError, match="occurs 0 times"):
        formal.check_mutation(target, bad)


def test_unknown_target_and_parameter():
    with pytest.raises(cores.BadParameterError, match="no formal target"):
        formal.prove("no_such_module")
    with pytest.raises(cores.BadParameterError, match="no parameter DEPTH"):
        formal.prove("axis_credit_count", {"DEPTH": 3})


def test_cli_prove_json(capsys):
    """`ciphercores prove TARGET -P ... --json`: the properties, then per run (proof, cover)
    its result, depth and time; exit status 0 when both pass."""
    import json

    from ciphercores import cli

    assert cli.main(["prove", "axis_credit_count", "-P", "CAPACITY=3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["target"] == "axis_credit_count" and out["properties"]
    modes = {r["mode"]: r for r in out["results"]}
    assert set(modes) == {"prove", "cover"}
    assert all(r["status"] == "PASS" and r["params"]["CAPACITY"] == 3 for r in modes.values())
    assert modes["prove"]["depth"] == formal.TARGETS["axis_credit_count"].depth
    assert modes["cover"]["covered"]["u_blocks.count_full"] > 0


def test_cli_prove_bad_parameter(capsys):
    from ciphercores import cli

    assert cli.main(["prove", "axis_credit_count", "-P", "DEPTH=3"]) != 0
    assert "has no parameter DEPTH" in capsys.readouterr().err


@pytest.mark.parametrize("name", [t.name for t in formal.TARGETS.values()])
def test_target_figures_compute(name):
    """What a run derives from a target before any solver starts (its parameters, the formal
    top's, the depths, a core's zero-key registers from the reference model), for every
    parameter set of its sweep, in the default suite: the proofs of the cores run only with
    -m formal, and a broken derivation (an import, a formula) would otherwise stay unseen."""
    target = formal.TARGETS[name]
    for p in target.sweep:
        params = target.params(p)
        assert isinstance(target.top_params(params), dict)
        assert target.cover_depth(params) >= 1
        assert target.proof_depth(params) >= 0
        if target.zero_keys is not None:
            bits, value = target.zero_keys(params)
            assert bits >= 1 and 0 <= value < 1 << bits


def test_run_all_two_at_a_time_in_order(monkeypatch, capsys, tmp_path):
    """`make formal` (run_all) runs its proofs two at a time and prints them in the order of
    the targets: a target's proof, its cover, then its mutations, each mutation caught; with one
    mutation that is not caught it fails."""
    import dataclasses

    base = formal.TARGETS["axis_credit_count"]
    target = dataclasses.replace(base, sweep=({"CAPACITY": 2, "TAKE_REG": 0},),
                                 mutations=base.mutations[:2])
    monkeypatch.setattr(formal, "TARGETS", {target.name: target})
    monkeypatch.setenv("CIPHERCORES_FORMAL_JOBS", "2")
    assert formal.run_all(tmp_path) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[2].rstrip(":") for line in lines] == ["prove", "cover", "bmc",
                                                               "bmc"]
    assert [m.name in lines[i + 2] for i, m in enumerate(target.mutations)] == [True, True]
    assert all(line.endswith("(caught)") for line in lines[2:])
    harmless = formal.Mutation("harmless", base.sources[0], "room_next = up ? room_up :",
                               "room_next = up ? room_up  :", ("credit_safe",))
    monkeypatch.setattr(formal, "TARGETS",
                        {target.name: dataclasses.replace(target, mutations=(harmless,))})
    assert formal.run_all(tmp_path) == 1
    assert capsys.readouterr().out.splitlines()[-1].endswith("(NOT CAUGHT)")


@pytest.mark.parametrize("value", ["0", "two", "-1"])
def test_formal_jobs_refuses_a_bad_count(monkeypatch, value):
    monkeypatch.setenv("CIPHERCORES_FORMAL_JOBS", value)
    with pytest.raises(cores.BadParameterError, match="CIPHERCORES_FORMAL_JOBS"):
        formal.jobs()
