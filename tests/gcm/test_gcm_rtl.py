# SPDX-License-Identifier: Apache-2.0
"""The GHASH hardware blocks of rtl/gcm/ on Verilator and Icarus: the digit-serial multiplier
(cocotb_gf128_mul.py) across DIGIT, and the one-block-a-cycle GHASH unit (cocotb_ghash.py)
across P. They are building blocks of the GCM cores, not cores themselves (not in the
registry): a small stand-in gives the simulation runner their files and top module.
``-m slow``: more random operands and messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from ciphercores.sim import runner

HERE = Path(__file__).parent

MUL = runner.Block("gf128_mul_ds", ("gcm/gf128_mul_ds.v",))
GHASH = runner.Block("ghash", ("gcm/ghash.v",))
GHASH_DS = runner.Block("ghash_ds", ("gcm/gf128_mul_ds.v", "gcm/ghash_ds.v"))

def _cases(values, on_icarus):
    """Every value on Verilator; on Icarus (the slower second simulator) ``on_icarus``."""
    return [(v, sim) for sim in runner.SIMULATORS for v in values
            if sim == "verilator" or v in on_icarus]


def _run(block: runner.Block, params: dict[str, int], sim: str, module: str, config: dict) -> None:
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    runner.run(block, params, sim, module, config=config, test_dir=HERE, quiet=True)

@pytest.mark.parametrize("digit,sim", _cases([1, 4, 16, 32], on_icarus=(4, 16)))
def test_gf128_mul_ds(digit, sim):
    """Products against the model (edge operands in every pairing, random ones), latency and
    interval 128/DIGIT, random idle and back-pressure, reset."""
    n = 300 if sim == "verilator" else 60
    _run(MUL, {"DIGIT": digit}, sim, "cocotb_gf128_mul", {"random": n, "seed": 10 + digit})

@pytest.mark.slow
@pytest.mark.parametrize("digit", [2, 8, 64])
def test_gf128_mul_ds_more(digit):
    """About 2 x 10^5 cycles of products a pass."""
    _run(MUL, {"DIGIT": digit}, "verilator", "cocotb_gf128_mul",
         {"random": min(20_000, 200_000 * digit // 128), "seed": 20 + digit})


@pytest.mark.parametrize("p,sim", _cases([1, 2, 4, 8], on_icarus=(1, 8)))
def test_ghash(p, sim):
    """GHASH of messages of 0, 1, P-1, P, P+1 and random block counts against the model, H
    reloaded between messages, random idle and back-pressure; cycle figures; a pycryptodome
    AES-GCM tag rebuilt from the unit's GHASH; reset."""
    n = 40 if sim == "verilator" else 8
    _run(GHASH, {"P": p}, sim, "cocotb_ghash", {"random": n, "seed": 30 + p})


@pytest.mark.slow
@pytest.mark.parametrize("p", [8, 16])
def test_ghash_more(p):
    _run(GHASH, {"P": p}, "verilator", "cocotb_ghash", {"random": 3000, "seed": 40 + p})


# ----------------------------------------------------------------------------------------
# the GCM cores gcm(CORE)
# ----------------------------------------------------------------------------------------

def _run_gcm(name: str, params: dict[str, int], sim: str, config: dict,
             testcase: str | None = None) -> None:
    from ciphercores import cores

    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    core = cores.get(name)
    # the key-wipe test reads the engine's parts' and GHASH's registers (top, u_gcm, u_ghash
    # and u_request, u_join, u_tag)
    runner.run(core, core.params(params), sim, "cocotb_gcm", config=config, test_dir=HERE,
               testcase=testcase, quiet=True, public_depth=3)


#: the GCM cores and the parameter sets the default suite runs (aes_pipe: its fully registered
#: default at AES-128, and AES-256 without the optional registers, a shorter pipeline)
GCM_SETS = [("gcm(aes_iter)", {}), ("gcm(aes_iter)", {"SBOX_BRAM": 0, "DIGIT": 8}),
            ("gcm(aes_pipe)", {}),
            ("gcm(aes_pipe)", {"KEY_BITS": 256, "SUBREG": 0, "MIXREG": 0, "GHASH_P": 4})]


def _gcm_id(case) -> str:
    name, params = case
    return name + "".join(f"-{k}={v}" for k, v in params.items())


#: what the default suite runs of each set on each simulator: the sample of the vector files
#: (``nist_sample``: so many NIST cases a file, ``"shapes"`` the first case of every shape
#: (IV, data, AAD and tag lengths, and the verdict: 1,574 of the 15,750); ``wycheproof_sample``
#: ``"shapes"``: the first case of each group, result and flags, 61 of 316; absent: every
#: case); a set and simulator not named here run with ``-m slow`` only, on every case. The
#: default suite keeps to its time budget: every shape of both files and every Wycheproof
#: case through gcm(aes_iter) on Verilator, an even sample of the NIST files elsewhere;
#: Icarus on gcm(aes_iter) only. ``test_gcm_files_every_case`` runs every case of both
#: files through gcm(aes_iter) on Verilator with ``-m slow`` (the build the default run made).
_DEFAULT_RUNS = {(0, "verilator"): {"nist_sample": "shapes"},
                 (0, "icarus"): {"nist_sample": 150, "wycheproof_sample": "shapes"},
                 (1, "verilator"): {"nist_sample": 300},
                 (2, "verilator"): {"nist_sample": 500}}


def _gcm_cases():
    for i, case in enumerate(GCM_SETS):
        for sim in runner.SIMULATORS:
            run = _DEFAULT_RUNS.get((i, sim))
            marks = [] if run is not None else [pytest.mark.slow]
            yield pytest.param(case, sim, run or {}, marks=marks,
                               id=f"{_gcm_id(case)}-{sim}")


@pytest.mark.parametrize("case,sim,samples", list(_gcm_cases()))
def test_gcm_core(case, sim, samples):
    """Every test of cocotb_gcm.py: the NIST CAVP files and Wycheproof's file through the RTL
    (every case, or the sample ``_DEFAULT_RUNS`` names for the default suite), 10^4 random
    blocks against `cryptography` (fewer on Icarus: runner.icarus_blocks) with and without
    random idle and back-pressure, the cycle figures and constant time, the reset."""
    name, params = case
    ver = sim == "verilator"
    _run_gcm(name, params, sim, {"blocks": runner.RANDOM_BLOCKS if ver
                                 else runner.icarus_blocks(name),
                                 **samples, "seed": 50 + len(params)})


@pytest.mark.slow
def test_gcm_files_every_case():
    """Every case of the NIST CAVP files through gcm(aes_iter) on Verilator (the default suite
    runs every shape of them there, and every Wycheproof case)."""
    name, params = GCM_SETS[0]
    _run_gcm(name, params, "verilator", {"seed": 50}, testcase="nist_cavp")


@pytest.mark.slow
@pytest.mark.parametrize("case", [GCM_SETS[0], GCM_SETS[2]], ids=_gcm_id)
def test_gcm_core_million(case):
    """10^6 random blocks against `cryptography` on Verilator."""
    name, params = case
    _run_gcm(name, params, "verilator", {"blocks": runner.SLOW_BLOCKS, "seed": 60},
             testcase="random_messages")


@pytest.mark.parametrize("digit", [4, 16, 64])
def test_ghash_ds(digit):
    """GHASH of messages against the model and a multiply of the test's own, the cycle figures,
    random idle and back-pressure, CAVP AES-GCM tags rebuilt from the unit's GHASH."""
    _run(GHASH_DS, {"DIGIT": digit}, "verilator", "cocotb_ghash_ds",
         {"random": 20, "seed": 50 + digit})
