# SPDX-License-Identifier: Apache-2.0
"""DES / Triple-DES cores: the known answers they are tested with, and the DES-specific RTL
tests (tests/rtl/cocotb_des.py: CAVP TDES CBC MMT files, pycryptodome differential, keys with
wrong parity, a key before every block) for every registered DES core, on Verilator (on Icarus
with ``-m slow``).

The generic interface tests (tests/rtl/cocotb_core.py via test_cores.py) run every DES core
too, with the single-block known answers of kat().
"""

from __future__ import annotations

import pytest
from Crypto.Cipher import DES as PyDES
from Crypto.Cipher import DES3 as PyDES3

from ciphercores import cores
from ciphercores.kat import kat, messages
from ciphercores.sim import runner


def _pycryptodome(key: bytes):
    if len(key) == 8:
        return PyDES.new(key, PyDES.MODE_ECB)
    try:
        return PyDES3.new(key, PyDES3.MODE_ECB)
    except ValueError:  # pycryptodome refuses keys that degenerate to single DES
        assert key[:8] == key[8:16] == key[-8:]
        return PyDES.new(key[:8], PyDES.MODE_ECB)


# counts: des: the FIPS 46-3 example + CAVP KAT 64+32+19+56+64 (the [DECRYPT] sections repeat
# the [ENCRYPT] records); des-ede: the blocks of the ECB MMT file (10 messages of 1..10 blocks
# per section); des-ede3: SP 800-67 App. B + the blocks of the ECB MMT file
@pytest.mark.parametrize("cipher,count,key_len", [("des", 236, 8), ("des-ede", 110, 16),
                                                  ("des-ede3", 113, 24)])
def test_known_answers_for_the_rtl(cipher, count, key_len):
    """kat() gives every single-block vector of the files, each a true ECB answer (checked
    against pycryptodome, independent of our model)."""
    vecs = kat(cipher)
    assert len(vecs) == count
    assert len(set(vecs)) == count
    for key, pt, ct in vecs:
        assert len(key) == key_len and len(pt) == len(ct) == 8
        assert _pycryptodome(key).encrypt(pt) == ct, (cipher, key.hex(), pt.hex())


# the CAVP CBC MMT files: 10 messages of 1..10 blocks per section, two sections
@pytest.mark.parametrize("cipher,key_len", [("des-ede", 16), ("des-ede3", 24)])
def test_messages_for_the_rtl(cipher, key_len):
    """messages() gives every CBC MMT message as ECB pairs, each a true ECB answer."""
    msgs = messages(cipher)
    assert len(msgs) == 20
    assert sorted(len(p) for _, p in msgs) == sorted(list(range(1, 11)) * 2)
    for key, pairs in msgs:
        assert len(key) == key_len
        ref = _pycryptodome(key)
        for pt, ct in pairs:
            assert ref.encrypt(pt) == ct, (cipher, key.hex(), pt.hex())
    assert messages("des") == []


def _cases():
    for core in cores.CORES.values():
        if core.family != "des":
            continue
        for i, ps in enumerate(core.test_sets or (core.defaults,)):
            params = core.params(ps)
            label = "-".join(f"{k}{v}" for k, v in params.items()) or "default"
            yield pytest.param(core.name, params, i, id=f"{core.name}-{label}")


def _run(core_name, params, index, sim, diff_blocks):
    if not runner.available(sim):
        pytest.skip(f"{sim} is not installed")
    runner.run(cores.get(core_name), params, sim, "cocotb_des",
               config={"diff_blocks": diff_blocks, "seed": 600 + index}, quiet=True)


@pytest.mark.parametrize("core_name,params,index", list(_cases()))
def test_des_vectors(core_name, params, index):
    """Verilator in the default suite (Icarus runs the generic tests of every DES core but
    those with "icarus" in the registry's slow_runs)."""
    _run(core_name, params, index, "verilator", 500)


@pytest.mark.slow
@pytest.mark.parametrize("core_name,params,index", list(_cases()))
def test_des_vectors_icarus(core_name, params, index):
    _run(core_name, params, index, "icarus", 300)
