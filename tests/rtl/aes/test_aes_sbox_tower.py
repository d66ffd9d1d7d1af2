# SPDX-License-Identifier: Apache-2.0
"""The composite-field AES S-box (rtl/aes/aes_sbox_tower.v) on its own, on Verilator and
Icarus: all 256 bytes in both directions against FIPS-197's tables (cocotb_aes_sbox_tower.py).
Broken copies of it, each with one constant changed, must fail the same test: the test can
fail, and it sees each direction apart. Inside aes_iter (SBOX_BRAM=2) the cores' tests run
it too (the registry's test sets)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from ciphercores import cores, lint, tools
from ciphercores.errors import SimulationFailed
from ciphercores.sim import runner

HERE = Path(__file__).parent
RTL = "aes/aes_sbox_tower.v"
#: its files, dependencies first: the two halves of the inverse it keeps apart, then the top
FILES = ("aes/aes_tower_norm_inv.v", "aes/aes_tower_scale.v", RTL)
TOWER = runner.Block("aes_sbox_tower", FILES)


@dataclass(frozen=True)
class _Broken(runner.Block):
    """A changed copy of the module: a build of its own (its name), the module's top."""

    @property
    def top(self) -> str:
        return "aes_sbox_tower"


@pytest.mark.parametrize("sim", runner.SIMULATORS)
def test_all_bytes_both_directions(sim):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    runner.run(TOWER, {}, sim, "cocotb_aes_sbox_tower", test_dir=HERE, quiet=True)


#: one constant changed each: the forward affine map's c (FIPS-197 5.1.1: {63}), the inverse
#: affine map's d ({05}), the tower field's LAMBDA (another z^2 + z + LAMBDA irreducible over
#: GF(2^4), with the basis change left as it was), one column of the basis change back
BROKEN = {
    "affine-c": ("affine = affine ^ 8'h63;", "affine = affine ^ 8'h62;"),
    "inv-affine-d": ("inv_affine = inv_affine ^ 8'h05;", "inv_affine = inv_affine ^ 8'h04;"),
    "lambda": ("localparam [3:0] LAMBDA = 4'b1000;", "localparam [3:0] LAMBDA = 4'b1001;"),
    "from-tower": ("64'h92c02542edb15101", "64'h92c02542edb15100"),
}


@pytest.mark.parametrize("change", sorted(BROKEN))
def test_a_broken_copy_fails(tmp_path, change):
    if not runner.available("icarus"):
        pytest.skip("icarus is not installed")
    old, new = BROKEN[change]
    text = (cores.RTL / RTL).read_text()
    assert text.count(old) == 1, f"{old!r} is no longer in {RTL}: update BROKEN"
    copy = tmp_path / "aes_sbox_tower.v"
    copy.write_text(text.replace(old, new))
    broken = _Broken(f"aes_sbox_tower-broken-{change}", (*FILES[:-1], str(copy)))
    with pytest.raises(SimulationFailed, match="all_bytes_both_directions"):
        runner.run(broken, {}, "icarus", "cocotb_aes_sbox_tower", test_dir=HERE, quiet=True)


def test_is_linted_alone_and_in_aes_iter():
    """Verilator -Wall on the module alone, and the lint (python -m ciphercores.lint) covers it
    through a registered core's test set that instantiates it (aes_iter, SBOX_BRAM=2)."""
    res = subprocess.run([tools.find("verilator"), "--lint-only", "-Wall", "--top-module",
                          "aes_sbox_tower", *(str(cores.RTL / f) for f in FILES)],
                         capture_output=True, text=True, env=tools.sim_env(), check=False)
    assert res.returncode == 0 and not res.stderr.strip(), res.stderr
    linted = [(c.name, p) for c, p in lint._targets()
              if p.get("SBOX_BRAM") == 2
              and {(cores.RTL / f).resolve() for f in FILES} <= {s.resolve() for s in c.sources()}]
    assert ("aes_iter", cores.get("aes_iter").params({"SBOX_BRAM": 2})) in linted
