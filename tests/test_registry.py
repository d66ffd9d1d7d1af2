"""The core registry: consistent entries, checked parameters, parseable core specs."""

from __future__ import annotations

import pytest

from ciphercores import models, registry


@pytest.mark.parametrize("name", sorted(registry.CORES))
def test_entry_is_consistent(name):
    core = registry.get(name)
    texts = []
    for path in core.sources():
        assert path.exists(), path
        texts.append(path.read_text())
        assert "`default_nettype none" in texts[-1], path
    # the top module is in the last file (dependencies first)
    assert f"module {core.top} " in texts[-1] or f"module {core.top}\n" in texts[-1]
    for ps in (core.defaults, *core.test_sets):
        p = core.params(ps)
        for cipher in core.ciphers(p):
            spec = models.spec(cipher)
            assert spec.block_bits == core.block_bits(p)
            assert 8 * max(spec.key_sizes) <= core.key_bits(p)
        assert core.latency(p) >= 1 and core.interval(p) >= 1 and core.key_setup(p) >= 0


def test_parameters_are_checked():
    core = registry.get("speck_iter")
    with pytest.raises(registry.BadParameterError, match="WORD=20"):
        core.params({"WORD": 20})
    with pytest.raises(registry.BadParameterError, match="no parameter"):
        core.params({"ROUNDS": 3})
    with pytest.raises(registry.UnknownCoreError, match="known: "):
        registry.get("nope")


def test_parse_core_spec():
    core, p = registry.parse_core_spec("speck_iter:WORD=32,KEY_WORDS=4")
    assert core.name == "speck_iter" and p == {"WORD": 32, "KEY_WORDS": 4}
    assert core.ciphers(p) == ("speck64-128",)
    with pytest.raises(registry.BadParameterError):
        registry.parse_core_spec("speck_iter:WORD")


def test_cores_for_cipher():
    found = registry.cores_for("speck48-96")
    assert [(c.name, p) for c, p in found] == [("speck_iter", {"WORD": 24, "KEY_WORDS": 4})]
