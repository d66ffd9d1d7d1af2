# SPDX-License-Identifier: Apache-2.0
"""speck_pipe across STAGES. The generic tests (test_cores.py) run the whole interface contract
on the registry's three test sets; here:

- the cycle model in the registry (latency T+2, STAGES blocks back to back, then ceil(T/STAGES)
  cycles per block on average, key setup T+1) against simulation, over folded, divisor,
  non-divisor and fully pipelined loops of SPECK48/96 (T = 23, prime: every STAGES but 1 and 23
  leaves a short first pass);
- registers inside the rounds (SUBREG 1..3; the loop then has (1 + SUBREG) * STAGES slots): the
  cycle model over loops and the full pipeline, and the whole contract on Icarus on a full
  pipeline, a loop whose STAGES does not divide T and a single unit (the registry's test set
  adds 128/128's full pipeline with SUBREG=3);
- ``-m slow``: the same over more sets and STAGES, and the whole contract (cocotb_core) on all
  ten SPECK sets, each with another kind of loop.
"""

from __future__ import annotations

import pytest

from ciphercores import cores
from ciphercores.sim import runner

# (WORD, KEY_WORDS, STAGES, SUBREG)
TIMING_CASES = ([(24, 4, s, 0) for s in (2, 4, 6, 22)]
                + [(24, 4, 1, 2), (24, 4, 4, 1), (24, 4, 6, 3), (24, 4, 23, 3)])
SLOW_TIMING_CASES = ([(24, 4, s, 0) for s in (3, 12)]
                     + [(16, 4, s, 0) for s in (1, 7, 11, 21, 22)]
                     + [(64, 2, s, 0) for s in (3, 16, 31)] + [(64, 4, s, 0) for s in (9, 33, 34)]
                     + [(16, 4, 1, 3), (32, 3, 5, 2), (64, 2, 3, 1), (64, 4, 34, 2)])
# all ten sets (in _SPECK_SETS order): full pipeline (T), folded (1), divisors, non-divisors
ALL_SETS_STAGES = (22, 1, 5, 13, 4, 20, 2, 32, 11, 8)


# (WORD, KEY_WORDS, STAGES, SUBREG): registers in the rounds of a full pipeline (T = 22), a loop
# whose STAGES does not divide T (T = 28) and a single unit
SUBREG_CASES = [(16, 4, 22, 1), (48, 2, 5, 2), (24, 3, 1, 3)]


def _sim() -> str:
    # Icarus builds in a second; the timing test is short
    return "icarus" if runner.available("icarus") else "verilator"


def _timing(word, key_words, stages, subreg):
    core = cores.get("speck_pipe")
    p = core.params({"WORD": word, "KEY_WORDS": key_words, "STAGES": stages, "SUBREG": subreg})
    runner.run(core, p, _sim(), "cocotb_core", testcase="timing", quiet=True)


def _ids(cases):
    return [f"W{w}K{k}S{s}R{r}" for w, k, s, r in cases]


@pytest.mark.parametrize("word,key_words,stages,subreg", TIMING_CASES, ids=_ids(TIMING_CASES))
def test_timing_matches_registry(word, key_words, stages, subreg):
    _timing(word, key_words, stages, subreg)


@pytest.mark.slow
@pytest.mark.parametrize("word,key_words,stages,subreg", SLOW_TIMING_CASES,
                         ids=_ids(SLOW_TIMING_CASES))
def test_timing_matches_registry_more(word, key_words, stages, subreg):
    _timing(word, key_words, stages, subreg)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(ALL_SETS_STAGES)))
def test_all_sets(index):
    """The interface contract on every SPECK set, 10^4 random blocks each, on Verilator."""
    if not runner.available("verilator"):
        pytest.skip("verilator is not installed")
    core = cores.get("speck_pipe")
    p = core.params({**cores.speck._SPECK_SETS[index], "STAGES": ALL_SETS_STAGES[index]})
    runner.run(core, p, "verilator", "cocotb_core",
               config={"random_blocks": 10_000, "seed": 2000 + index}, quiet=True)


@pytest.mark.parametrize("word,key_words,stages,subreg", SUBREG_CASES, ids=_ids(SUBREG_CASES))
def test_registers_inside_rounds(word, key_words, stages, subreg):
    """The interface contract (vectors of the set, random blocks under random idle and
    back-pressure, key change in flight, constant latency against the registry) with SUBREG
    registers in every round unit, on Icarus (Verilator runs the registry's test sets)."""
    core = cores.get("speck_pipe")
    p = core.params({"WORD": word, "KEY_WORDS": key_words, "STAGES": stages, "SUBREG": subreg})
    runner.run(core, p, _sim(), "cocotb_core",
               config={"random_blocks": 2_000, "seed": 3000 + subreg}, quiet=True)
