"""The registry of RTL cores: the one list that tests, the CLI, the driver and the synthesis
flow read. Nothing else in the project lists cores.

Every core speaks the interface in docs/interface.md. An entry says where its RTL is, its top
module and parameters, which cipher(s) a parameter set implements, the widths of its ports, and
its cycle model (latency, initiation interval, key-setup cycles), which tests check against
simulation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CipherCoresError

#: repository root (the package is installed in editable mode; RTL stays in rtl/)
ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"

Params = Mapping[str, int]


class UnknownCoreError(CipherCoresError):
    exit_code = 2


class BadParameterError(CipherCoresError):
    exit_code = 2


@dataclass(frozen=True)
class Core:
    name: str
    family: str  # cipher family: aes, des, blowfish, speck
    top: str  # top-level Verilog module
    rtl: tuple[str, ...]  # files under rtl/, dependencies first
    summary: str
    #: parameter -> default value
    defaults: Mapping[str, int]
    #: parameter -> allowed values (checked here and again in the RTL at elaboration)
    choices: Mapping[str, tuple[int, ...]]
    #: parameter set -> OpenSSL-style cipher names this core then implements
    ciphers: Callable[[Params], tuple[str, ...]]
    #: parameter set -> block width (bits) of s_axis_tdata / m_axis_tdata
    block_bits: Callable[[Params], int]
    #: parameter set -> width (bits) of s_key_tdata
    key_bits: Callable[[Params], int]
    #: does the core have an s_key_tlen port (key length in bytes, per key load)?
    key_len_port: bool
    #: cycles from s_axis handshake to m_axis_tvalid (constant: no data-dependent timing)
    latency: Callable[[Params], int]
    #: cycles between accepted blocks with no back-pressure (initiation interval)
    interval: Callable[[Params], int]
    #: cycles after the key handshake before s_axis_tready can rise again
    key_setup: Callable[[Params], int]
    #: what a key load does to blocks in flight (see docs/interface.md)
    key_change: str
    #: cocotb test module under tests/rtl/
    test_module: str = ""
    #: parameter sets the default test suite covers
    test_sets: tuple[Mapping[str, int], ...] = field(default_factory=tuple)

    def params(self, overrides: Params | None = None) -> dict[str, int]:
        """Default parameters with ``overrides`` applied and checked."""
        p = dict(self.defaults)
        for k, v in (overrides or {}).items():
            if k not in self.defaults:
                raise BadParameterError(
                    f"{self.name}: no parameter {k!r} (parameters: {', '.join(self.defaults)})")
            if k in self.choices and int(v) not in self.choices[k]:
                allowed = ", ".join(str(c) for c in self.choices[k])
                raise BadParameterError(f"{self.name}: {k}={v} not allowed (allowed: {allowed})")
            p[k] = int(v)
        return p

    def sources(self) -> list[Path]:
        return [RTL / f for f in self.rtl]

    def block_bytes(self, params: Params | None = None) -> int:
        return self.block_bits(self.params(params)) // 8


# ---------------------------------------------------------------------------------------
# the cores
# ---------------------------------------------------------------------------------------

def _speck_rounds(p: Params) -> int:
    from .models.speck import rounds

    return rounds(p["WORD"], p["KEY_WORDS"])


_SPECK_SETS = tuple({"WORD": b // 2, "KEY_WORDS": k // (b // 2)}
                    for b, k in [(32, 64), (48, 72), (48, 96), (64, 96), (64, 128), (96, 96),
                                 (96, 144), (128, 128), (128, 192), (128, 256)])

CORES: dict[str, Core] = {}


def register(core: Core) -> Core:
    if core.name in CORES:
        raise ValueError(f"core {core.name} registered twice")
    CORES[core.name] = core
    return core


register(Core(
    name="speck_iter",
    family="speck",
    top="speck_iter",
    rtl=("speck/speck_iter.v",),
    summary="folded SPECK, one round per cycle, key schedule on the fly beside the rounds",
    defaults={"WORD": 64, "KEY_WORDS": 2},
    choices={"WORD": (16, 24, 32, 48, 64), "KEY_WORDS": (2, 3, 4)},
    ciphers=lambda p: (f"speck{2 * p['WORD']}-{p['WORD'] * p['KEY_WORDS']}",),
    block_bits=lambda p: 2 * p["WORD"],
    key_bits=lambda p: p["WORD"] * p["KEY_WORDS"],
    key_len_port=False,
    latency=lambda p: _speck_rounds(p) + 1,
    interval=_speck_rounds,
    key_setup=lambda p: _speck_rounds(p),
    key_change="waits for the round engine to finish its block; no drain of the output",
    test_module="speck_iter",
    test_sets=_SPECK_SETS,
))


# -- DES and Triple-DES (rtl/des/) --------------------------------------------------------------
# The TDES cores implement des-ede3, des-ede and des (keying options 1, 2, 3), chosen per key
# load by s_key_tlen = 24, 16 or 8; the DES cores are the same RTL with DES_ONLY = 1.
_DES_RTL = ("des/des_ip.v", "des/des_fp.v", "des/des_pc1.v", "des/des_pc2.v", "des/des_round.v")
_TDES_CIPHERS = ("des-ede3", "des-ede", "des")

register(Core(
    name="des_iter",
    family="des",
    top="des_iter",
    rtl=(*_DES_RTL, "des/tdes_iter.v", "des/des_iter.v"),
    summary="folded DES, one round per cycle, key schedule on the fly (right rotations to "
            "decrypt)",
    defaults={},
    choices={},
    ciphers=lambda p: ("des",),
    block_bits=lambda p: 64,
    key_bits=lambda p: 64,
    key_len_port=False,
    latency=lambda p: 17,
    interval=lambda p: 16,
    key_setup=lambda p: 1,
    key_change="none: a key is read only when a block enters, so it is taken at once, even "
               "with a block in the engine",
    test_module="cocotb_des",
))

register(Core(
    name="tdes_iter",
    family="des",
    top="tdes_iter",
    rtl=(*_DES_RTL, "des/tdes_iter.v"),
    summary="folded Triple-DES (EDE), one round engine for the three passes, one round per "
            "cycle, key schedule on the fly",
    defaults={},
    choices={},
    ciphers=lambda p: _TDES_CIPHERS,
    block_bits=lambda p: 64,
    key_bits=lambda p: 192,
    key_len_port=True,
    latency=lambda p: 49,
    interval=lambda p: 48,
    key_setup=lambda p: 1,
    key_change="waits until the block in the engine starts its last DES pass (at most 32 "
               "cycles); no drain of the output",
    test_module="cocotb_des",
))

register(Core(
    name="des_pipe",
    family="des",
    top="des_pipe",
    rtl=(*_DES_RTL, "des/des_subkey.v", "common/credit_fifo.v", "des/tdes_pipe.v",
         "des/des_pipe.v"),
    summary="pipelined DES: input stage, 16 round stages, credit-counted output FIFO; each "
            "block carries its key",
    defaults={},
    choices={},
    ciphers=lambda p: ("des",),
    block_bits=lambda p: 64,
    key_bits=lambda p: 64,
    key_len_port=False,
    latency=lambda p: 19,
    interval=lambda p: 1,
    key_setup=lambda p: 1,
    key_change="none: each block carries its key through the stages, so a key is taken at "
               "once and costs only the cycle of its handshake",
    test_module="cocotb_des",
))

register(Core(
    name="tdes_pipe",
    family="des",
    top="tdes_pipe",
    rtl=(*_DES_RTL, "des/des_subkey.v", "common/credit_fifo.v", "des/tdes_pipe.v"),
    summary="pipelined Triple-DES (EDE): input stage, 48 round stages, credit-counted output "
            "FIFO; each block carries the keys of its passes ahead",
    defaults={},
    choices={},
    ciphers=lambda p: _TDES_CIPHERS,
    block_bits=lambda p: 64,
    key_bits=lambda p: 192,
    key_len_port=True,
    latency=lambda p: 51,
    interval=lambda p: 1,
    key_setup=lambda p: 1,
    key_change="none: each block carries the keys of its DES passes through the stages, so a "
               "key is taken at once and costs only the cycle of its handshake",
    test_module="cocotb_des",
))

def get(name: str) -> Core:
    try:
        return CORES[name]
    except KeyError:
        raise UnknownCoreError(
            f"unknown core {name!r} (known: {', '.join(sorted(CORES))})") from None


def parse_core_spec(text: str) -> tuple[Core, dict[str, int]]:
    """``NAME[:PARAM=VALUE,...]`` -> (core, checked parameters)."""
    name, _, rest = text.partition(":")
    core = get(name.strip())
    overrides: dict[str, int] = {}
    for item in filter(None, (s.strip() for s in rest.split(","))):
        k, eq, v = item.partition("=")
        if not eq:
            raise BadParameterError(f"{core.name}: expected PARAM=VALUE, got {item!r}")
        try:
            overrides[k.strip()] = int(v, 0)
        except ValueError:
            raise BadParameterError(f"{core.name}: {k.strip()} needs an integer") from None
    return core, core.params(overrides)


def cores_for(cipher: str) -> list[tuple[Core, dict[str, int]]]:
    """Every (core, parameter set) that implements ``cipher``, among the test sets and defaults."""
    out = []
    for core in CORES.values():
        for ps in (core.defaults, *core.test_sets):
            p = core.params(ps)
            if cipher in core.ciphers(p) and (core, p) not in out:
                out.append((core, p))
    return out
