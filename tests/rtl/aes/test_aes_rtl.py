# SPDX-License-Identifier: Apache-2.0
"""The generated S-box ROM image, and the AES-specific RTL tests (cocotb_aes.py) for every
registered AES core and test parameter set on Verilator, and each core's first test set on
Icarus (where installed; the other sets are large pipelines that Icarus runs slowly, and
test_cores.py runs them there): CAVP MMT files, the first outer iteration of each CAVP MCT
section (Verilator only), a differential test against pycryptodome. ``-m slow``: the whole MCT
files (100 outer iterations x 1000 blocks per section) on Verilator."""

from __future__ import annotations

import pytest

from ciphercores import cores
from ciphercores.rtlgen import aes as gen_aes
from ciphercores.sim import runner


def test_sbox_rom_image_is_generated():
    """rtl/aes/aes_sbox_rom.hex and aes_mult_rom.hex are exactly what the generator makes from
    the model's S-boxes."""
    assert gen_aes.stale() == []
    lines = gen_aes.files()["aes_sbox_rom.hex"].splitlines()
    assert len(lines) == 1 + 512
    assert lines[1] == "63" and lines[1 + 0x53] == "ed"  # S(00), S(53) (FIPS-197 5.1.1)
    assert lines[1 + 256] == "52" and lines[1 + 256 + 0xed] == "53"  # inverse S-box
    # aes_pipe's words {02*S, S}, {0b*S^-1, 09*S^-1} (FIPS-197 4.2), worked by hand:
    # 02*63 = c6; S^-1(00) = 52, 02*52 = a4, 04*52 = 53, 08*52 = a6: 09*52 = f4, 0b*52 = 50
    mult = gen_aes.files()["aes_mult_rom.hex"].splitlines()
    assert len(mult) == 1 + 512
    assert mult[1] == "c663" and mult[1 + 256] == "50f4"


def _cases(sims=("verilator",)):
    for core in cores.CORES.values():
        if core.family != "aes":
            continue
        for i, ps in enumerate(core.test_sets or (core.defaults,)):
            params = core.params(ps)
            label = "-".join(f"{k}{v}" for k, v in params.items())
            for sim in sims if i == 0 else ("verilator",):
                yield pytest.param(core.name, params, i, sim, id=f"{core.name}-{label}-{sim}")


@pytest.mark.parametrize("core_name,params,index,sim", list(_cases(runner.SIMULATORS)))
def test_aes_vectors(core_name, params, index, sim):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    # the MCT's 12,000 chained single blocks run on Verilator; Icarus runs the MMT files and
    # the differential test
    fast = sim == "verilator"
    runner.run(cores.get(core_name), params, sim, "cocotb_aes",
               config={"mct_records": 1 if fast else 0, "diff_blocks": 2000 if fast else 300,
                       "seed": 500 + index}, quiet=True)


@pytest.mark.slow
@pytest.mark.parametrize("core_name,params,index,sim", list(_cases()))
def test_aes_mct_full(core_name, params, index, sim):
    runner.run(cores.get(core_name), params, sim, "cocotb_aes",
               config={"mct_records": 100, "diff_blocks": 0}, testcase="cavp_mct", quiet=True)
