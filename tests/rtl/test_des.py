"""DES / Triple-DES cores: the known answers they are tested with, and DES-specific RTL tests
(every CAVP file through the RTL, pycryptodome differential, keys with wrong parity).

The generic interface tests (tests/rtl/cocotb_core.py via test_cores.py) run every DES core
too; the cocotb module here is tests/rtl/cocotb_des.py.
"""

from __future__ import annotations

import pytest
from Crypto.Cipher import DES as PyDES
from Crypto.Cipher import DES3 as PyDES3

from ciphercores import registry
from ciphercores.sim import runner
from ciphercores.sim.kat import kat


def _pycryptodome(key: bytes):
    if len(key) == 8:
        return PyDES.new(key, PyDES.MODE_ECB)
    try:
        return PyDES3.new(key, PyDES3.MODE_ECB)
    except ValueError:  # pycryptodome refuses keys that degenerate to single DES
        assert key[:8] == key[8:16] == key[-8:]
        return PyDES.new(key[:8], PyDES.MODE_ECB)


# counts: classic example + CAVP KAT 64+32+19+56+64 (the [DECRYPT] sections repeat the
# [ENCRYPT] records); MMT2 ECB+CBC blocks; App. B + MMT3 blocks + the KAT records
@pytest.mark.parametrize("cipher,count,key_len", [("des", 236, 8), ("des-ede", 220, 16),
                                                  ("des-ede3", 458, 24)])
def test_known_answers_for_the_rtl(cipher, count, key_len):
    """kat() gives every vector of the files, each a true single-block ECB answer (checked
    against pycryptodome, independent of our model)."""
    vecs = kat(cipher)
    assert len(vecs) == count
    assert len(set(vecs)) == count
    for key, pt, ct in vecs:
        assert len(key) == key_len and len(pt) == len(ct) == 8
        assert _pycryptodome(key).encrypt(pt) == ct, (cipher, key.hex(), pt.hex())


DES_CORES = [name for name, core in registry.CORES.items() if core.family == "des"]


@pytest.mark.parametrize("core_name", DES_CORES)
def test_des_core_against_pycryptodome(core_name):
    """cocotb_des.py on Verilator: pycryptodome differential, wrong parity, key per block."""
    if not runner.available("verilator"):
        pytest.skip("verilator is not installed")
    core = registry.get(core_name)
    runner.run(core, core.params(), "verilator", "cocotb_des", config={"blocks": 2000},
               quiet=True)
