"""speck_pipe across STAGES. The generic tests (test_cores.py) run the whole interface contract
on the registry's three test sets; here:

- the cycle model in the registry (latency T+2, STAGES blocks back to back, then ceil(T/STAGES)
  cycles per block on average, key setup T) against simulation, over folded, divisor,
  non-divisor and fully pipelined loops of SPECK48/96 (T = 23, prime: every STAGES but 1 and 23
  leaves a short first pass);
- registers inside the rounds, SUBREG 1, 2 and 3 (the last with 12-bit halves) on smaller sets
  than the registry's test set (128/128, SUBREG=3): the whole contract on Icarus;
- ``-m slow``: the same over more sets and STAGES, and the whole contract (cocotb_core) on all
  ten SPECK sets, each with another kind of loop.
"""

from __future__ import annotations

import pytest

from ciphercores import registry
from ciphercores.models.speck import rounds
from ciphercores.sim import runner

TIMING_CASES = [(24, 4, s) for s in (2, 4, 6, 22)]
SLOW_TIMING_CASES = ([(24, 4, s) for s in (3, 12)] + [(16, 4, s) for s in (1, 7, 11, 21, 22)]
                     + [(64, 2, s) for s in (3, 16, 31)] + [(64, 4, s) for s in (9, 33, 34)])
# all ten sets (in _SPECK_SETS order): full pipeline (T), folded (1), divisors, non-divisors
ALL_SETS_STAGES = (22, 1, 5, 13, 4, 20, 2, 32, 11, 8)


# (WORD, KEY_WORDS, SUBREG, simulator): full pipelines (STAGES = T) with registers in the rounds
SUBREG_CASES = [(16, 4, 1, "icarus"), (48, 2, 2, "icarus"), (24, 3, 3, "icarus")]


def _sim() -> str:
    # Icarus builds in a second; the timing test is short
    return "icarus" if runner.available("icarus") else "verilator"


def _timing(word, key_words, stages):
    core = registry.get("speck_pipe")
    p = core.params({"WORD": word, "KEY_WORDS": key_words, "STAGES": stages})
    runner.run(core, p, _sim(), "cocotb_core", testcase="timing", quiet=True)


def _ids(cases):
    return [f"W{w}K{k}S{s}" for w, k, s in cases]


@pytest.mark.parametrize("word,key_words,stages", TIMING_CASES, ids=_ids(TIMING_CASES))
def test_timing_matches_registry(word, key_words, stages):
    _timing(word, key_words, stages)


@pytest.mark.slow
@pytest.mark.parametrize("word,key_words,stages", SLOW_TIMING_CASES,
                         ids=_ids(SLOW_TIMING_CASES))
def test_timing_matches_registry_more(word, key_words, stages):
    _timing(word, key_words, stages)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(ALL_SETS_STAGES)))
def test_all_sets(index):
    """The interface contract on every SPECK set, 10^4 random blocks each, on Verilator."""
    if not runner.available("verilator"):
        pytest.skip("verilator is not installed")
    core = registry.get("speck_pipe")
    p = core.params({**registry._SPECK_SETS[index], "STAGES": ALL_SETS_STAGES[index]})
    runner.run(core, p, "verilator", "cocotb_core",
               config={"random_blocks": 10_000, "seed": 2000 + index}, quiet=True)


@pytest.mark.parametrize("word,key_words,subreg,sim", SUBREG_CASES,
                         ids=[f"W{w}K{k}R{r}-{sim}" for w, k, r, sim in SUBREG_CASES])
def test_registers_inside_rounds(word, key_words, subreg, sim):
    """The interface contract (vectors of the set, random blocks under random idle and
    back-pressure, key change in flight, constant latency against the registry) with SUBREG
    registers in every round unit."""
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    core = registry.get("speck_pipe")
    p = core.params({"WORD": word, "KEY_WORDS": key_words, "SUBREG": subreg,
                     "STAGES": rounds(word, key_words)})
    runner.run(core, p, sim, "cocotb_core", config={"random_blocks": 2_000, "seed": 3000 + subreg},
               quiet=True)
