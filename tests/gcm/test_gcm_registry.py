# SPDX-License-Identifier: Apache-2.0
"""The GCM cores in the registry: built on demand by name, not in ``CORES``, their parameters
checked, only around an AES core."""

from __future__ import annotations

import pytest

from ciphercores import cores, lint


def test_gcm_cores_by_name():
    it = cores.get("GCM( aes_iter )")
    assert it.name == "gcm(aes_iter)" and it.name not in cores.CORES
    assert it.base == "aes_iter" and it.top == "gcm_aes_iter"
    p = it.params()
    assert (p["GHASH_P"], p["DIGIT"], p["KEY_W"], p["TLEN_W"]) == (0, 16, 256, 6)
    assert it.ciphers(p) == ("aes-128-gcm", "aes-192-gcm", "aes-256-gcm")
    assert it.block_ciphers(p) == ("aes-128", "aes-192", "aes-256")
    pipe = cores.get("gcm(aes_pipe)")
    q = pipe.params({"KEY_BITS": 256})
    assert pipe.ciphers(q) == ("aes-256-gcm",) and q["GHASH_P"] == 8 and "TLEN_W" not in q
    assert pipe.interval(q) == 1
    # GHASH's rate bounds the interval when it is slower than the core
    assert it.cycles(it.params({"DIGIT": 8}), "aes-128-gcm")["interval"] == 17
    assert it.cycles(p, "aes-128-gcm")["interval"] == 10
    top = it.sources()[-1].read_text()
    assert "module gcm_aes_iter" in top and "gcm_engine" in top


def test_gcm_rejects():
    with pytest.raises(cores.UnknownCoreError, match="AES"):
        cores.get("gcm(speck_iter)")
    with pytest.raises(cores.UnknownCoreError, match="nest"):
        cores.get("gcm(ctr(aes_iter))")
    with pytest.raises(cores.BadParameterError, match="GHASH_P"):
        cores.get("gcm(aes_iter)").params({"GHASH_P": 3})
    with pytest.raises(cores.BadParameterError, match="DIGIT"):
        cores.get("gcm(aes_iter)").params({"DIGIT": 3})
    with pytest.raises(cores.BadParameterError, match="one block a beat"):
        cores.get("gcm(aes_pipe)").params({"LANES": 2})


def test_lint_covers_gcm():
    names = {c.name for c, _ in lint._targets()}
    assert {"gcm(aes_iter)", "gcm(aes_pipe)"} <= names
