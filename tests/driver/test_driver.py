# SPDX-License-Identifier: Apache-2.0
"""The co-simulation driver: every registered core through the generic harness vs the model.

Builds are cached in the user cache (``$CIPHERCORES_CACHE_DIR`` moves it), so only the first run
of a core compiles it.
"""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

import ciphercores
from ciphercores import cores, models, modes
from ciphercores.driver import PortLayout, key_port_value, run_mode
from ciphercores.driver.check import random_stream_check
from ciphercores.driver.verilator import build_key
from ciphercores.errors import (
    BlockSizeError,
    DriverError,
    IVSizeError,
    KeySizeError,
    TruncatedInputError,
    UnsupportedCipherError,
)
from ciphercores.kat import kat

DRIVER_BLOCKS = 3000


def _port_class(bits: int) -> str:
    """The C++ type Verilator gives a port: up to 32 bits, 33..64 bits, wider (VlWide)."""
    return "I" if bits <= 32 else "Q" if bits <= 64 else "W"


def _sets(core: cores.Core) -> list[dict[str, int]]:
    """The defaults, and each test set whose port types (block, key) are new: every port
    shape the generic harness meets, at the cost of few builds."""
    out: list[dict[str, int]] = []
    seen = set()
    for ps in (core.defaults, *core.test_sets):
        p = core.params(ps)
        lay = PortLayout.of(core, p)
        shape = (_port_class(lay.block_port_bits), _port_class(lay.key_bits))
        if shape not in seen:
            seen.add(shape)
            out.append(p)
    return out


CASES = [pytest.param(c.name, p, id=f"{c.name}-" + "-".join(f"{k}{v}" for k, v in p.items()))
         for c in cores.CORES.values() for p in _sets(c)]


def _key(rng: random.Random, dev) -> bytes:
    spec = models.spec(dev.ciphers[0])
    return rng.randbytes(max(s for s in spec.key_sizes if 8 * s <= dev.layout.key_bits))


@pytest.mark.parametrize("core_name,params", CASES)
def test_known_answers(core_name, params):
    """Official vectors through the RTL via the driver, both directions."""
    core = cores.get(core_name)
    with ciphercores.open_core(core, **params) as dev:
        checked = 0
        for cipher in dev.ciphers:
            vecs = kat(cipher)
            assert vecs, f"no known answers for {cipher}"
            for key, pt, ct in vecs:
                dev.set_key(key, cipher)
                assert dev.encrypt_block(pt) == ct
                assert dev.decrypt_block(ct) == pt
                checked += 1
    assert checked


@pytest.mark.parametrize("core_name,params", CASES)
def test_random_vs_model(core_name, params):
    """A few thousand random blocks, new keys per message, mixed directions, random idle and
    back-pressure in the harness, every block against the model."""
    core = cores.get(core_name)
    with ciphercores.open_core(core, **params) as dev:
        res = random_stream_check(dev, DRIVER_BLOCKS, seed=zlib.crc32(core_name.encode()))
    assert res["blocks"] == DRIVER_BLOCKS and res["messages"] > 1


@pytest.mark.parametrize("core_name", sorted(cores.CORES))
def test_full_throughput_and_cycles(core_name):
    """Without back-pressure the harness keeps the stream full: a batch of n transfers takes
    about n x interval cycles (plus one latency); with back-pressure and idle it takes longer
    and still gives the same result."""
    core = cores.get(core_name)
    rng = random.Random(3)
    with ciphercores.open_core(core) as dev:
        key = _key(rng, dev)
        p = core.cycle_params(core.params(), len(key))  # cycles may depend on the key length
        lat, ii = core.latency(p), core.interval(p)
        dev.set_key(key)
        model = dev.model(key)
        n = 64 * dev.layout.lanes
        blocks = [rng.randbytes(dev.block_size) for _ in range(n)]
        out = dev.process(blocks)
        full = dev.cycles.last
        transfers = n // dev.layout.lanes
        assert transfers * ii <= full <= transfers * ii + lat + 2, (full, transfers, ii, lat)
        assert out == [model.encrypt_block(b) for b in blocks]
        total_before = dev.cycles.total
        dev.idle, dev.backpressure = 0.3, 0.5
        assert dev.process(blocks) == out
        assert dev.cycles.last > full
        assert dev.cycles.total == total_before + dev.cycles.last
        assert dev.cycles.blocks == 2 * n


def test_modes_through_the_device():
    """The host modes take the device as their cipher: same bytes as with the model."""
    rng = random.Random(5)
    with ciphercores.open_core("speck_iter") as dev:
        key = _key(rng, dev)
        dev.set_key(key)
        model = dev.model(key)
        for mode in modes.MODES:
            iv = rng.randbytes(dev.block_size) if mode != "ecb" else None
            data = rng.randbytes(rng.randrange(1, 40 * dev.block_size))
            ct = modes.encrypt(dev, mode, data, iv)
            assert ct == modes.encrypt(model, mode, data, iv), mode
            assert modes.decrypt(dev, mode, ct, iv) == data, mode


@pytest.mark.parametrize("mode", sorted(cores.HW_MODES))
def test_hardware_modes_equal_host_modes(mode):
    """MODE(CORE) through the driver (run_mode: IV load, whole blocks, padding and partial
    blocks on the host) equals the host modes over the model, message after message with new
    keys and IVs, under random idle and back-pressure."""
    rng = random.Random(mode)
    with ciphercores.open_core(f"{mode}(speck_iter)") as dev:
        assert dev.mode == mode and dev.layout.iv_port
        bs = dev.block_size
        dev.set_key(bytes(16))
        with pytest.raises(DriverError, match="set_iv"):
            dev.process([bytes(bs)])
        for i, n in enumerate((0, 1, bs - 1, bs, bs + 1, 3 * bs, 700, 2000)):
            if i == 4:
                dev.idle, dev.backpressure = 0.3, 0.5
            key, iv = rng.randbytes(16), rng.randbytes(bs)
            data = rng.randbytes(n)
            dev.set_key(key)
            model = dev.model(key)
            ct = run_mode(dev, mode, data, iv)
            assert ct == modes.encrypt(model, mode, data, iv), n
            assert run_mode(dev, mode, ct, iv, decrypt=True) == data, n
        if mode == "cbc":
            with pytest.raises(TruncatedInputError):
                run_mode(dev, mode, bytes(bs + 1), iv, decrypt=True)
            assert run_mode(dev, mode, bytes(2 * bs), iv, pad=False) == modes.encrypt(
                model, mode, bytes(2 * bs), iv, pad=False)
        with pytest.raises(IVSizeError):
            dev.set_iv(bytes(bs - 1))
        with pytest.raises(IVSizeError):
            run_mode(dev, mode, b"x", None)
        with pytest.raises(UnsupportedCipherError):
            run_mode(dev, "ecb" if mode != "ecb" else "cbc", b"x", iv)
        with pytest.raises(DriverError, match="not a block cipher"):
            dev.encrypt_block(bytes(bs))
        with pytest.raises(DriverError, match="not a block cipher"):
            modes.encrypt(dev, "ecb", bytes(bs))


def test_key_change_clear_and_errors():
    rng = random.Random(9)
    with ciphercores.open_core("speck_iter:WORD=16,KEY_WORDS=4") as dev:
        assert dev.cipher == "speck32-64" and dev.block_size == 4
        with pytest.raises(DriverError, match="set_key"):
            dev.process([bytes(4)])
        with pytest.raises(KeySizeError, match="7 bytes") as e:
            dev.set_key(bytes(range(1, 8)))
        assert "01020304" not in str(e.value)
        with pytest.raises(UnsupportedCipherError):
            dev.set_key(bytes(16), "aes-128")
        blocks = [rng.randbytes(4) for _ in range(10)]
        for _ in range(3):  # key changes between calls
            key = rng.randbytes(8)
            dev.set_key(key)
            assert dev.cycles.key == dev.cycles.last > 0
            assert dev.process(blocks) == [dev.model(key).encrypt_block(b) for b in blocks]
        with pytest.raises(BlockSizeError, match="block #1"):
            dev.process([bytes(4), bytes(3)])
        assert dev.process([]) == []
        dev.clear_key()
        with pytest.raises(DriverError, match="set_key"):
            dev.encrypt_block(bytes(4))
        with pytest.raises(DriverError, match="no IV"):
            dev.set_iv(bytes(4))
    with pytest.raises(DriverError, match="closed"):
        dev.transport.stream(bytes(4))
    dev.close()  # idempotent
    with pytest.raises(cores.UnknownCoreError):
        ciphercores.open_core("nope")
    with pytest.raises(cores.BadParameterError):
        ciphercores.open_core("speck_iter", WORD=20)
    with pytest.raises(DriverError, match="transport"):
        ciphercores.open_core("speck_iter", transport="pcie")


def test_open_core_configured_for_a_cipher():
    """open_core(NAME, cipher=...) configures the core as the CLI's --core does
    (aes_pipe for AES-192 runs FIPS-197's AES-192 answers; the FIPS key and block
    again through pycryptodome); a parameter against the cipher fails before any build."""
    from Crypto.Cipher import AES

    with ciphercores.open_core("aes_pipe", cipher="aes-192") as dev:
        assert dev.transport.params["KEY_BITS"] == 192 and dev.transport.params["LANES"] == 1
        for key, pt, ct in kat("aes-192"):
            dev.set_key(key)
            assert dev.encrypt_block(pt) == ct == AES.new(key, AES.MODE_ECB).encrypt(pt)
            assert dev.decrypt_block(ct) == pt
    with pytest.raises(cores.BadParameterError, match="contradicts aes-192"):
        ciphercores.open_core("aes_pipe", cipher="aes-192", KEY_BITS=256)


def test_encrypt_only_build():
    """aes_iter with DECRYPT=0 (the encrypt-only build GCM uses): encrypts FIPS-197's answers
    and random blocks (against pycryptodome), runs CTR and OFB both ways on the host, and
    refuses ECB and CBC decryption with a clear error; verify_core reports no decryption.
    ctr(aes_iter) around it decrypts in hardware (the forward cipher both ways)."""
    from Crypto.Cipher import AES

    from ciphercores.driver import verify_core

    rng = random.Random(23)
    with ciphercores.open_core("aes_iter", DECRYPT=0) as dev:
        for key, pt, ct in kat("aes-256"):
            dev.set_key(key)
            assert dev.encrypt_block(pt) == ct
            with pytest.raises(UnsupportedCipherError, match="encrypts only"):
                dev.decrypt_block(ct)
        key = rng.randbytes(16)
        dev.set_key(key)
        blocks = [rng.randbytes(16) for _ in range(40)]
        assert dev.encrypt_blocks(blocks) == [AES.new(key, AES.MODE_ECB).encrypt(b)
                                              for b in blocks]
        assert random_stream_check(dev, 300, seed=4)["blocks"] == 300
        dev.set_key(key)  # the check loaded keys of its own
        model = dev.model(key)
        iv, data = rng.randbytes(16), rng.randbytes(100)
        for mode in ("ctr", "ofb", "cfb"):
            ct = modes.encrypt(dev, mode, data, iv)
            assert ct == modes.encrypt(model, mode, data, iv), mode
            assert modes.decrypt(dev, mode, ct, iv) == data, mode
        ct = modes.encrypt(dev, "cbc", data, iv)
        with pytest.raises(UnsupportedCipherError, match="DECRYPT=0"):
            modes.decrypt(dev, "cbc", ct, iv)
    rows = verify_core(cores.get("aes_iter"), cores.get("aes_iter").params({"DECRYPT": 0}))
    assert [r["decrypt"] for r in rows] == [None] * 3 and all(r["ok"] for r in rows)
    with ciphercores.open_core("ctr(aes_iter)", DECRYPT=0) as dev:
        key, iv, data = rng.randbytes(24), rng.randbytes(16), rng.randbytes(200)
        dev.set_key(key)
        ct = run_mode(dev, "ctr", data, iv)
        assert ct == AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv).encrypt(data)
        assert run_mode(dev, "ctr", ct, iv, decrypt=True) == data


def test_build_cache_reused(capsys):
    """A second open, in a fresh process, reuses the cached build: measured and printed, not
    asserted (the time depends on the machine)."""
    probe = ("import time; t = time.perf_counter(); import ciphercores\n"
             "with ciphercores.open_core('speck_iter') as dev:\n"
             "    print(dev.transport.built, time.perf_counter() - t)")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    runs = []
    for _ in range(2):
        res = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                             env=env, check=True)
        built, seconds = res.stdout.split()
        runs.append((built == "True", float(seconds)))
    assert runs[1][0] is False, "the second open rebuilt the core"
    with capsys.disabled():
        print(f"\nspeck_iter open in a new process: first {runs[0][1]:.2f} s "
              f"({'built' if runs[0][0] else 'cached'}), second {runs[1][1]:.3f} s (cached)")


def test_build_key_follows_sources_and_params(tmp_path):
    """The cache key is content-addressed: same sources and parameters, same key; any change
    of an RTL file or a parameter, another key."""
    core = cores.get("speck_iter")
    copies = []
    for src in core.sources():  # every file, the shared ones too (axis_out_reg)
        copies.append(tmp_path / src.name)
        copies[-1].write_bytes(src.read_bytes())
    moved = dataclasses.replace(core, rtl=tuple(map(str, copies)))
    p = core.params()
    assert build_key(moved, p) == build_key(core, p)
    assert build_key(core, core.params({"WORD": 32, "KEY_WORDS": 4})) != build_key(core, p)
    src = core.sources()[-1]  # the core's own file
    (tmp_path / src.name).write_bytes(src.read_bytes() + b"// changed\n")
    assert build_key(moved, p) != build_key(core, p)


def test_port_layout_matches_interface_doc():
    """docs/interface.md: big-endian ciphers left-align the key, SPECK reads little-endian;
    lane 0 in the low bits."""
    assert key_port_value("big", 256, bytes.fromhex("0102")) == 0x0102 << 240
    assert key_port_value("little", 128, bytes.fromhex("0102")) == 0x0201
    with pytest.raises(ValueError):
        key_port_value("big", 64, bytes(9))
    lay = PortLayout(ciphers=("aes-128",), block_bytes=2, lanes=2, byteorder="big",
                     key_bits=128, key_len_port=True)
    assert lay.group_port_value(bytes.fromhex("aabbccdd")) == 0xccddaabb
    lay = PortLayout.of(cores.get("speck_iter"), {"WORD": 16, "KEY_WORDS": 4})
    assert (lay.block_bytes, lay.lanes, lay.byteorder, lay.key_bits) == (4, 1, "little", 64)
    assert lay.cipher_for_key(bytes(8)) == "speck32-64"
    with pytest.raises(KeySizeError):
        lay.cipher_for_key(bytes(16))


def test_harness_layout_matches_interface_doc():
    """The C++ block layout equals PortLayout.group_port_value (docs/interface.md) for both
    byte orders, several lane counts and block sizes, including sizes no core has yet."""
    rng = random.Random(8)
    with ciphercores.open_core("speck_iter") as dev:
        for order in ("big", "little"):
            for bb in (4, 6, 8, 12, 16):
                for lanes in (1, 2, 3, 4):
                    lay = PortLayout(("x",), bb, lanes, order, 8, False)
                    data = rng.randbytes(5 * bb * lanes)
                    got = dev.transport.layout_pack(data, bb, lanes, order)
                    want = [lay.group_port_value(data[i:i + bb * lanes])
                            for i in range(0, len(data), bb * lanes)]
                    assert got == want, (order, bb, lanes)


@pytest.mark.slow
@pytest.mark.parametrize("core_name", sorted(cores.CORES))
def test_every_test_set(core_name):
    """Known answers and 10^4 random blocks on every parameter set the suite covers."""
    core = cores.get(core_name)
    for i, ps in enumerate(core.test_sets or (core.defaults,)):
        with ciphercores.open_core(core, **core.params(ps)) as dev:
            for cipher in dev.ciphers:
                for key, pt, ct in kat(cipher):
                    dev.set_key(key, cipher)
                    assert dev.encrypt_block(pt) == ct and dev.decrypt_block(ct) == pt
            random_stream_check(dev, 10_000, seed=i)


def test_demo_runs(capsys):
    """`make demo` through the driver: its own checks (model, openssl where it applies,
    round trip) must pass."""
    from ciphercores import demo

    assert demo.main([]) == 0
    out = capsys.readouterr().out
    assert "round trip OK" in out and "reference model OK" in out



def test_build_failure_is_a_driver_error(tmp_path, monkeypatch):
    """A toolchain failure is a DriverError naming the log, and leaves no
    half-built entry in the cache."""
    from ciphercores import tools
    from ciphercores.driver import verilator

    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("CIPHERCORES_VERILATOR", "/bin/false")
    tools.version.cache_clear()
    try:
        with pytest.raises(DriverError, match="build failed") as e:
            ciphercores.open_core("speck_iter")
        assert e.value.exit_code == DriverError.exit_code
        assert not list((tmp_path / "cosim").glob("speck_iter-*"))
    finally:
        monkeypatch.undo()
        tools.version.cache_clear()
    assert verilator.cache_root() != tmp_path


def _test_core(name: str, extra: dict[str, tuple[int, ...]]) -> cores.Core:
    """A test-only core from tests/driver/rtl/ around speck_iter, with extra parameters."""
    base = cores.get("speck_iter")
    rtl = Path(__file__).parent / "rtl" / f"{name}.v"
    return dataclasses.replace(
        base, name=name, top=name, rtl=(*(str(p) for p in base.sources()), str(rtl)),
        defaults={**base.defaults, **{k: v[0] for k, v in extra.items()}},
        choices={**base.choices, **extra}, test_sets=())


@pytest.mark.parametrize("fault,message", [(1, "no handshake"), (2, "m_axis_tuser")])
def test_broken_core_is_reported(fault, message):
    """A core that never delivers, or delivers with the wrong direction, makes the harness give
    up with a DriverError; the core is reset, so the device wants a new key."""
    core = _test_core("speck_fault_tb", {"FAULT": (0, 1, 2)})
    with ciphercores.open_core(core, FAULT=fault) as dev:
        dev.set_key(bytes(16))
        t0 = time.perf_counter()
        with pytest.raises(DriverError, match=message):
            dev.process([bytes(16)] * 5)
        assert time.perf_counter() - t0 < 30
        with pytest.raises(DriverError, match="set_key"):
            dev.process([bytes(16)])


def test_lanes_layout_with_a_test_core():
    """A LANES parameter is handled generically: a test-only core of two speck_iter lanes in
    lockstep (tests/driver/rtl/) carries two blocks per transfer, lane 0 in the low bits; odd
    batches are filled up and the extra output dropped."""
    core = _test_core("speck_lanes_tb", {"LANES": (2, 1, 3)})
    assert PortLayout.of(core, core.params()).block_port_bits == 256
    with ciphercores.open_core(core, LANES=3) as dev:
        assert dev.layout.lanes == 3
        rng = random.Random(12)
        key = rng.randbytes(16)
        dev.set_key(key)
        model = dev.model(key)
        for n in (1, 2, 3, 4, 7, 30):
            blocks = [rng.randbytes(16) for _ in range(n)]
            out = dev.process(blocks)
            assert out == [model.encrypt_block(b) for b in blocks], n
            assert dev.process(out, decrypt=True) == blocks
        lat, ii = core.latency(dev.params), core.interval(dev.params)
        dev.process([bytes(16)] * 30)
        assert 10 * ii <= dev.cycles.last <= 10 * ii + lat + 2  # 30 blocks = 10 transfers
        random_stream_check(dev, 600, seed=4)


def test_key_loads_per_cipher_and_after_reset():
    """Through the driver, aes_iter's key loads take the registry's key set-up of each key
    length; the first after a reset (opening resets) takes longer: the zero key's set-up."""
    core = cores.get("aes_iter")
    rng = random.Random(9)
    with ciphercores.open_core(core) as dev:
        for cipher in core.ciphers(core.params()):
            want = core.cycles(None, cipher)["key_setup"]
            n = models.spec(cipher).key_sizes[-1]
            dev.clear_key()
            dev.set_key(rng.randbytes(n), cipher)
            first = dev.cycles.key
            dev.set_key(rng.randbytes(n), cipher)
            assert (dev.cycles.key, first > want) == (want, True), (cipher, first)
