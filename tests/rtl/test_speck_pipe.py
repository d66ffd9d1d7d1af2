"""speck_pipe across STAGES: the cycle model in the registry (latency T+2, STAGES blocks back to
back, then ceil(T/STAGES) cycles per block on average, key setup T) against simulation, for
folded, divisor, non-divisor and fully pipelined loops. The generic tests (test_cores.py) run
the full interface contract on the registry's test sets."""

from __future__ import annotations

import pytest

from ciphercores import registry
from ciphercores.sim import runner

# SPECK48/96 (T = 23, prime: every STAGES but 1 and 23 leaves a short first pass) and
# SPECK128/128 (T = 32: divisors)
CASES = [(24, 4, s) for s in (1, 2, 3, 4, 6, 12, 22, 23)] + [(64, 2, s) for s in (3, 16, 31)]


def _sim() -> str:
    # Icarus builds in a second; the timing test is short
    return "icarus" if runner.available("icarus") else "verilator"


@pytest.mark.parametrize("word,key_words,stages", CASES,
                         ids=[f"W{w}K{k}S{s}" for w, k, s in CASES])
def test_timing_matches_registry(word, key_words, stages):
    core = registry.get("speck_pipe")
    p = core.params({"WORD": word, "KEY_WORDS": key_words, "STAGES": stages})
    runner.run(core, p, _sim(), "cocotb_core", testcase="timing", quiet=True)
