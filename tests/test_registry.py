# SPDX-License-Identifier: Apache-2.0
"""The core registry: consistent entries, checked parameters, parseable core specs."""

from __future__ import annotations

import re

import pytest

from ciphercores import cores, models, vectors
from ciphercores.errors import BadParameterError, CipherCoresError

# -- the cycle figures each block core must state, worked out here from the cipher's rounds and
# -- the core's architecture (docs/cores/notes/<core>.md), not from the registry's functions

#: SPECK's rounds T per (block bits, key bits): the designers' table (Beaulieu et al.), the file
#: that also holds their test vectors
SPECK_ROUNDS = {(int(r["block"]), int(r["key_bits"])): int(r["rounds"])
                for r in vectors.load_table("speck/speck_kat.txt")}
#: bf_core.v's MIX_START per ROUND_CYCLES: the cycles of the key mixing and of the copy of the
#: pi S-boxes before the key schedule's first encryption
BF_MIX_START = {2: 129, 3: 57}


def _aes_rounds(key_bits: int) -> int:
    """FIPS-197: Nr = Nk + 6 (10, 12, 14)."""
    return key_bits // 32 + 6


def _aes_subwords(key_bits: int) -> int:
    """The words w[i] of the FIPS-197 key expansion (5.2) that go through SubWord: i >= Nk
    with i mod Nk = 0, or Nk > 6 and i mod Nk = 4."""
    nk, words = key_bits // 32, 4 * (_aes_rounds(key_bits) + 1)
    return sum(1 for i in range(nk, words) if i % nk == 0 or (nk > 6 and i % nk == 4))


def _bf_schedule(k: int) -> int:
    """bf_core's key schedule with rounds of k cycles: MIX_START + 1 cycles before the first
    encryption, the (18 + 4 x 256) / 2 = 521 chained encryptions of 16 rounds, and 2 cycles
    for the last S-box write to land (docs/cores/notes/bf_iter.md: 25,068 with k = 3)."""
    return BF_MIX_START[k] + 1 + (18 + 4 * 256) // 2 * 16 * k + 2


def _out_fifo(latency: int, piped: bool) -> tuple[int, int]:
    """(cycles from its input edge to m_axis, cycles after rst falls until key_ready) of
    rtl/common/axis_out_fifo.v for LATENCY, PIPED (docs/cores/notes/axis_out_fifo.md): read
    through registers, 2^clog2(LATENCY + 8) entries, four cycles, key_ready two registers
    after the wipe; else 2^clog2(LATENCY + 1) entries, one cycle, key_ready with the wipe's
    end. The wipe clears an entry a cycle."""
    depth = 1
    while depth < latency + (8 if piped else 1):
        depth *= 2
    return (4, depth + 2) if piped else (1, depth)


def _figures(name: str, p: dict, key_bits: int) -> tuple[dict, dict]:
    """The cycle figures of the block core ``name`` with the parameters ``p`` for a key of
    ``key_bits`` (``Core.cycles``), and its reset figures (``Core.reset_figures``)."""
    burst, reset = 1, 1
    if name == "speck_iter":
        # one round a cycle, then the output register; a key load: its register and the
        # pre-pass of T - 1 key steps to the last round key, which also follows a reset
        t = SPECK_ROUNDS[(2 * p["WORD"], p["WORD"] * p["KEY_WORDS"])]
        lat, ii, key, ready = t + 1, t, t, t - 1
    elif name == "speck_pipe":
        # the input register, T rounds of 1 + SUBREG cycles and the output FIFO; a pass of
        # the loop of STAGES units holds STAGES x (1 + SUBREG) blocks, a block makes
        # ceil(T / STAGES) passes; the key pre-pass as speck_iter's, its steps 2 + SUBREG
        # cycles with SUBREG; after a reset, the FIFO's wipe through its own reset register
        # (rst held two edges) and s_key_tready's register
        t = SPECK_ROUNDS[(2 * p["WORD"], p["WORD"] * p["KEY_WORDS"])]
        s, r = p["STAGES"], p["SUBREG"]
        through, fifo_ready = _out_fifo(1 + s * (1 + r), piped=r > 0)
        lat, ii, burst = 1 + t * (1 + r) + through, -(-t // s), s * (1 + r)
        key = 2 + (t - 1) * (2 + r if r else 1)
        ready, reset = fifo_ready + 2, 2
    elif name in ("bf_iter", "bf_x2"):
        # 16 rounds of ROUND_CYCLES with as many beats in flight, then the output register;
        # after a reset the zero key's schedule, without the key handshake's cycle
        k = p["ROUND_CYCLES"]
        lat, ii, burst, key = 16 * k + 1, 16, k, _bf_schedule(k)
        ready = key - 1
    elif name == "bf_pipe":
        # the input stage, 16 round stages of 5 cycles, the output FIFO read through
        # registers; the key's register, then bf_core's schedule with 3-cycle rounds
        lat, ii, key, ready = 1 + 16 * 5 + 4, 1, _bf_schedule(3) + 1, _bf_schedule(3)
    elif name == "aes_iter":
        # one round a cycle, then the output register; a key load: the pre-pass of Nr key
        # steps (one more, backward, for AES-256) and the cycle that hands the key over;
        # after a reset, the AES-128 zero key's pre-pass
        nr = _aes_rounds(key_bits)
        lat, ii, key = nr + 1, nr, nr + 1 + (key_bits == 256)
        ready = _aes_rounds(128)
    elif name == "aes_small":
        # Nr + 1 passes of four column steps, then the output register; a key load writes
        # AES-256's 60 schedule words, one a cycle, a second cycle for each SubWord word,
        # then one to end; after a reset, the AES-128 zero key's expansion
        lat, ii = 4 * (_aes_rounds(key_bits) + 1) + 1, 4 * (_aes_rounds(key_bits) + 1)
        key = 60 + _aes_subwords(key_bits) + 1
        ready = 60 + _aes_subwords(128)
    elif name == "aes_pipe":
        # the input register, stage 0, Nr rounds of 1 + SUBREG + MIXREG stages (the last
        # without MIXREG), into the output FIFO read through registers; the key pre-pass
        # as aes_iter's, three cycles a step with SUBREG = 2, between two cycles
        nr, sub, mix = _aes_rounds(p["KEY_BITS"]), p["SUBREG"], p["MIXREG"]
        through, ready = _out_fifo(2 + nr * (1 + sub + mix) - mix, piped=True)
        lat, ii = 2 + nr * (1 + sub + mix) - mix + through, 1
        key = (nr + (p["KEY_BITS"] == 256)) * (3 if sub == 2 else 1) + 2
    elif name in ("des_iter", "tdes_iter"):
        # one round a cycle (16, or three DES passes), then the output register; the key
        # taken in a cycle; both tready a cycle after a reset
        rounds = 16 if name == "des_iter" else 3 * 16
        lat, ii, key, ready = rounds + 1, rounds, 1, 1
    elif name in ("des_pipe", "tdes_pipe"):
        # the input stage and a stage per round into the output FIFO read through registers
        stages = 1 + (16 if name == "des_pipe" else 3 * 16)
        through, ready = _out_fifo(stages, piped=True)
        lat, ii, key = stages + through, 1, 1
    else:
        raise AssertionError(f"{name}: a new core: state its cycle figures in this test")
    return ({"latency": lat, "interval": ii, "burst": burst, "key_setup": key},
            {"reset_cycles": reset, "ready_after_reset": ready})


@pytest.mark.parametrize("name", sorted(cores.CORES))
def test_entry_is_consistent(name):
    core = cores.get(name)
    for path in core.sources():
        assert path.exists(), path
        text = path.read_text()
        # one module per file, named as the file; the top comes last (dependencies first)
        assert "`default_nettype none" in text and f"module {path.stem} " in text
    assert core.sources()[-1].stem == core.top
    assert core.slow_runs <= {"icarus", "modes", "synth"}, core.slow_runs
    if core.icarus_sets is not None:  # some of its test sets, each once, in order
        assert list(core.icarus_sets) == sorted(set(core.icarus_sets)), core.icarus_sets
        assert core.icarus_sets and set(core.icarus_sets) <= set(range(len(core.test_sets)))
    for ps in (core.defaults, *core.test_sets):
        p = core.params(ps)
        for cipher in core.ciphers(p):
            spec = models.spec(cipher)
            # LANES blocks side by side on cores with several lanes
            assert core.block_bits(p) % spec.block_bits == 0
            assert 8 * max(spec.key_sizes) <= core.key_bits(p)
            # the figures for this cipher's longest key
            want = _figures(name, p, 8 * spec.key_sizes[-1])[0]
            assert core.cycles(p, cipher) == want, (ps, cipher)
        # no cipher named: the longest key's figures, as the cycle functions give them
        longest = max(8 * models.spec(c).key_sizes[-1] for c in core.ciphers(p))
        want, want_reset = _figures(name, p, longest)
        assert {"latency": core.latency(p), "interval": core.interval(p),
                "burst": core.burst(p), "key_setup": core.key_setup(p)} == want, ps
        # rule 5: a reset of 1 to 8 cycles
        r = core.reset_figures(p)
        assert 1 <= r["reset_cycles"] <= cores.MAX_RESET_CYCLES, r
        assert r == want_reset, ps


def test_parameters_are_checked():
    core = cores.get("speck_iter")
    with pytest.raises(cores.BadParameterError, match="WORD=20"):
        core.params({"WORD": 20})
    with pytest.raises(cores.BadParameterError, match="no parameter"):
        core.params({"ROUNDS": 3})
    with pytest.raises(cores.UnknownCoreError, match="known: "):
        cores.get("nope")


def test_parse_core_spec():
    core, p = cores.parse_core_spec("speck_iter:WORD=32,KEY_WORDS=4")
    assert core.name == "speck_iter" and p == {"WORD": 32, "KEY_WORDS": 4}
    assert core.ciphers(p) == ("speck64-128",)
    with pytest.raises(cores.BadParameterError):
        cores.parse_core_spec("speck_iter:WORD")


@pytest.mark.parametrize("spec,cipher,want", [
    ("aes_pipe", "aes-192", {"KEY_BITS": 192, "LANES": 1}),
    ("aes_pipe:LANES=2,SUBREG=0", "aes-256", {"KEY_BITS": 256, "LANES": 2, "SUBREG": 0}),
    ("ctr(aes_pipe)", "aes-256", {"KEY_BITS": 256, "LANES": 1, "DEPTH_LOG2": 6}),
    ("aes_iter:SBOX_BRAM=0", "aes-192", {"SBOX_BRAM": 0}),
    ("speck_pipe", "speck128-256", {"WORD": 64, "KEY_WORDS": 4, "STAGES": 34, "SUBREG": 0}),
    ("speck_pipe:STAGES=5,SUBREG=1", "speck48-72", {"WORD": 24, "KEY_WORDS": 3, "STAGES": 5}),
    ("cbc(speck_pipe)", "speck32-64", {"WORD": 16, "KEY_WORDS": 4, "STAGES": 22}),
    ("speck_iter:WORD=32", "speck64-128", {"WORD": 32, "KEY_WORDS": 4}),
    ("tdes_pipe", "des-ede", {}),
])
def test_core_configured_for_the_cipher(spec, cipher, want):
    """what the cipher fixes comes from it (the rounds T of the SPECK set
    give speck_pipe's STAGES, the full pipeline), P=V sets what it leaves open."""
    core, p = cores.parse_core_spec(spec, cipher)
    assert {k: p[k] for k in want} == want
    assert cipher in core.block_ciphers(p)


@pytest.mark.parametrize("spec,cipher,error", [
    ("aes_pipe:KEY_BITS=128", "aes-256", "KEY_BITS=128 contradicts aes-256, which needs "
                                         "KEY_BITS=256"),
    ("speck_iter:WORD=32,KEY_WORDS=4", "speck128-128", "WORD=32 contradicts speck128-128"),
    ("speck_pipe:STAGES=23", "speck32-64", "STAGES=23 must be 1..22"),
    ("ctr(aes_pipe):LANES=2", "aes-128", "the mode engine chains single blocks"),
    ("aes_pipe:KEY_BITS=100", "aes-128", "KEY_BITS=100 not allowed"),
    ("des_pipe", "des-ede3", "core des_pipe implements des, not des-ede3"),
    ("speck_iter", "aes-128", "speck64-96, speck96-144, speck96-96, not aes-128"),
])
def test_core_configuration_errors(spec, cipher, error):
    with pytest.raises(CipherCoresError, match=re.escape(error)):
        cores.parse_core_spec(spec, cipher)


def test_cores_for_cipher():
    found = cores.cores_for("speck48-96")
    assert [(c.name, p) for c, p in found if c.name == "speck_iter"] == [
        ("speck_iter", {"WORD": 24, "KEY_WORDS": 4})]
    assert all("speck48-96" in c.ciphers(p) for c, p in found)


def test_speck_pipe_parameters():
    core = cores.get("speck_pipe")
    assert core.params({"WORD": 16, "KEY_WORDS": 4, "STAGES": 22})["STAGES"] == 22
    with pytest.raises(cores.BadParameterError, match="STAGES=23 must be 1..22"):
        core.params({"WORD": 16, "KEY_WORDS": 4, "STAGES": 23})
    with pytest.raises(cores.BadParameterError, match="not a SPECK parameter set"):
        core.params({"WORD": 16, "KEY_WORDS": 2, "STAGES": 1})
    # the hardware modes check the same, and keep the bursts where the core is fed freely
    with pytest.raises(cores.BadParameterError, match="STAGES=23 must be 1..22"):
        cores.get("ctr(speck_pipe)").params({"WORD": 16, "KEY_WORDS": 4, "STAGES": 23})
    p = core.params({"WORD": 24, "KEY_WORDS": 4, "STAGES": 5})
    assert cores.get("ctr(speck_pipe)").burst(p) == 5
    assert cores.get("cbc(speck_pipe)").burst(p) == 1  # encryption: one block per latency


@pytest.mark.parametrize("stages,subreg,latency,interval,burst,key_setup", [
    (1, 0, 25, 23, 1, 24), (5, 0, 25, 5, 5, 24), (23, 0, 25, 1, 23, 24),
    (1, 2, 23 * 3 + 5, 23, 3, 22 * 4 + 2), (23, 3, 23 * 4 + 5, 1, 23 * 4, 22 * 5 + 2)])
def test_speck_pipe_cycle_model(stages, subreg, latency, interval, burst, key_setup):
    """SPECK48/96 (T = 23): ceil(T/STAGES) passes; (1 + SUBREG) * STAGES blocks taken back to
    back; key setup: the key's input register and T - 1 pre-pass steps of 1 or 2 + SUBREG
    cycles."""
    core = cores.get("speck_pipe")
    p = core.params({"WORD": 24, "KEY_WORDS": 4, "STAGES": stages, "SUBREG": subreg})
    assert (core.latency(p), core.interval(p), core.burst(p), core.key_setup(p)) == (
        latency, interval, burst, key_setup)
    gaps = core.accept_gaps(p, 2 * burst + 1)
    # over whole bursts, STAGES blocks every STAGES * interval cycles
    assert sum(gaps[:burst]) == burst * interval


def test_mode_cores():
    core = cores.get("ofb(speck_iter)")
    assert core.iv_port and core.mode == "ofb" and core.base == "speck_iter"
    p = core.params({"WORD": 32, "KEY_WORDS": 4})
    assert (p["BLOCK_W"], p["KEY_W"], p["DEPTH_LOG2"]) == (64, 128, 6)
    assert core.ciphers(p) == ("speck64-128-ofb",)
    assert core.block_ciphers(p) == ("speck64-128",)
    base = cores.get("speck_iter")
    assert core.latency(p) == base.latency(p)
    assert core.interval(p) == base.latency(p) + 1  # OFB is serial
    assert cores.get("ctr(speck_iter)").interval(p) == base.interval(p)
    assert cores.get("CTR( speck_iter )").name == "ctr(speck_iter)"
    assert core.sources()[-1].read_text().count("module ofb_speck_iter") == 1
    with pytest.raises(cores.UnknownCoreError, match="unknown hardware mode"):
        cores.get("xts(speck_iter)")
    with pytest.raises(cores.UnknownCoreError, match="nest"):
        cores.get("ofb(ctr(speck_iter))")
    with pytest.raises(cores.UnknownCoreError):
        cores.get("ofb(nope)")
    with pytest.raises(cores.BadParameterError, match="DEPTH_LOG2"):
        core.params({"DEPTH_LOG2": 0})
    spec_core, spec_p = cores.parse_core_spec("cbc(speck_iter):WORD=16,KEY_WORDS=4")
    assert spec_core.name == "cbc(speck_iter)" and spec_p["BLOCK_W"] == 32


def test_every_cipher_has_one_default_core():
    """The default core of a cipher is stated (Core.default_for), not the registration order:
    exactly one core claims each cipher a core implements, the core implements it, and
    cores_for (what the CLI and GUI choose from) puts it first."""
    implemented = {c for core in cores.CORES.values()
                   for ps in (core.defaults, *core.test_sets)
                   for c in core.ciphers(core.params(ps))}
    for cipher in sorted(implemented):
        claim = [core.name for core in cores.CORES.values() if core.is_default_for(cipher)]
        assert len(claim) == 1, (cipher, claim)
        assert cores.cores_for(cipher)[0][0].name == claim[0], cipher
    # a default that names a cipher its core does not implement is an error too
    for core in cores.CORES.values():
        for pattern in core.default_for:
            assert any(core.is_default_for(c) and core.name in
                       [k.name for k, _ in cores.cores_for(c)] for c in implemented), \
                (core.name, pattern)


def test_parse_params_one_reader():
    assert cores.parse_params(["WORD=32", " KEY_WORDS = 0x4 "]) == {"WORD": 32, "KEY_WORDS": 4}
    assert cores.parse_assignments(["STAGES=1,2,3"], multi=True) == {"STAGES": [1, 2, 3]}
    for bad, match in (("WORD", "expected PARAM=VALUE"), ("=3", "expected PARAM=VALUE"),
                       ("WORD=x", "integer"), ("WORD=1,2", "one integer"), ("WORD=", "one")):
        with pytest.raises(BadParameterError, match=match):
            cores.parse_params([bad])
    with pytest.raises(BadParameterError, match="speck_iter: WORD needs"):
        cores.parse_core_spec("speck_iter:WORD=x")


def test_cycle_figures_per_cipher():
    """aes_iter runs the rounds of the key loaded (Nr = 10, 12, 14): each cipher its own
    figures, named; a mode core by either name; a core with one set of figures one row."""
    core = cores.get("aes_iter")
    got = {c: core.cycles(None, c) for c in ("aes-128", "aes-192", "aes-256")}
    assert {c: (f["latency"], f["interval"]) for c, f in got.items()} == {
        "aes-128": (11, 10), "aes-192": (13, 12), "aes-256": (15, 14)}
    # no cipher named: the longest key's, as the cycle functions give without KEY_LEN
    assert core.cycles() == got["aes-256"] == {
        "latency": core.latency(core.params()), "interval": core.interval(core.params()),
        "burst": 1, "key_setup": core.key_setup(core.params())}
    assert core.cycle_table() == [((c,), f) for c, f in got.items()]
    ctr = cores.get("ctr(aes_iter)")
    assert ctr.cycles(None, "aes-128-ctr") == ctr.cycles(None, "aes-128") == got["aes-128"]
    cbc = cores.get("cbc(aes_iter)")  # serial encryption: one block per latency + 1
    assert cbc.cycles(None, "aes-128")["interval"] == got["aes-128"]["latency"] + 1
    tdes = cores.get("tdes_iter")
    assert tdes.cycle_table() == [(("des-ede3", "des-ede", "des"), tdes.cycles())]
    with pytest.raises(CipherCoresError, match="not aes-128"):
        cores.get("speck_iter").cycles(None, "aes-128")


def test_every_kind_in_one_registry():
    """One registry with a kind per entry: the block cores (``CORES``), the hardware mode
    cores MODE(CORE) around every one-block core, the GCM cores around the AES cores, and the
    bus wrappers BUS(CORE) around the block and mode cores; each found again by its name."""
    from ciphercores.cores.buscore import BUSES

    assert set(cores.KINDS) == {"block", "mode", "gcm", "bus"}
    every = cores.every()
    by_kind = {k: [c.name for c in every if c.kind == k] for k in cores.KINDS}
    assert by_kind["block"] == list(cores.CORES)
    modes = [f"{m}({b})" for b in cores.mode_bases() for m in cores.HW_MODES]
    assert by_kind["mode"] == modes
    assert by_kind["gcm"] == [f"gcm({b})" for b in cores.gcm_bases()]
    assert by_kind["bus"] == [f"{bus}({c})" for bus in BUSES
                              for c in (*cores.mode_bases(), *modes)]
    assert [c.kind for c in every] == sorted((c.kind for c in every), key=list(cores.KINDS).index)
    names = [c.name for c in every]
    assert len(set(names)) == len(names) and len({c.top for c in every}) == len(names)
    for c in every:
        assert cores.get(c.name, kinds=tuple(cores.KINDS)).name == c.name
    assert [c.name for c in cores.every(("block", "gcm"))] == \
        [*cores.CORES, "gcm(aes_iter)", "gcm(aes_pipe)"]
    assert cores.LISTED_KINDS == ("block", "gcm")


def test_bus_wrappers_by_name():
    """``BUS(CORE)`` is a name like the others, for the commands that take every kind; the
    commands that need a stream core (the default of ``get``) say what it is instead."""
    wb = cores.get("WB( cbc(aes_iter) )", kinds=tuple(cores.KINDS))
    assert (wb.kind, wb.name, wb.top, wb.base) == ("bus", "wb(cbc(aes_iter))",
                                                   "wb_cbc_aes_iter", "cbc(aes_iter)")
    assert wb.defaults["OFIFO_LOG2"] == 2 and wb.choices["OFIFO_LOG2"] == tuple(range(1, 7))
    assert set(wb.defaults) < set(wb.params()) and wb.summary
    core, p = cores.parse_core_spec("axil(aes_iter):SBOX_BRAM=0", kinds=tuple(cores.KINDS))
    assert core.kind == "bus" and p["SBOX_BRAM"] == 0 and p["TLEN_W"] == 6
    with pytest.raises(cores.UnknownCoreError, match="bus wrapper"):
        cores.get("axil(aes_iter)")
    with pytest.raises(cores.UnknownCoreError, match="bus"):
        cores.get("wb(gcm(aes_iter))", kinds=tuple(cores.KINDS))
    with pytest.raises(cores.UnknownCoreError, match="nest"):
        cores.get("wb(axil(aes_iter))", kinds=tuple(cores.KINDS))
    with pytest.raises(cores.UnknownCoreError, match="axil, wb"):
        cores.get("nope(aes_iter)", kinds=tuple(cores.KINDS))


def test_throughput_is_one_formula_called_with_the_cipher():
    """Every rate comes from cores.gbps (bits a beat x Fmax / interval); a core's own
    (Core.gbps) takes its block bits, lanes and the interval for the cipher named: aes_iter's
    interval follows the key length (10 cycles for AES-128, 14 for AES-256), a two-lane
    aes_pipe moves 256 bits a cycle."""
    assert cores.gbps(128, 100.0, 10) == pytest.approx(1.28)
    assert cores.gbps(128, None, 10) is None
    aes = cores.get("aes_iter")
    assert aes.gbps(None, 89.4, "aes-128") == pytest.approx(128 * 89.4 / 10 / 1e3)
    assert aes.gbps(None, 89.4, "aes-256") == pytest.approx(128 * 89.4 / 14 / 1e3)
    assert aes.gbps(None, 89.4) == aes.gbps(None, 89.4, "aes-256")  # the longest key's
    two = cores.get("aes_pipe").gbps({"LANES": 2}, 150.0, "aes-128")
    assert two == pytest.approx(256 * 150.0 / 1e3)
