# SPDX-License-Identifier: Apache-2.0
"""The GCM cores' measurement harness (rtl/common/synth_harness_gcm.v): it elaborates and
synthesises around its pass-through and around a GCM core, the flow picks it for gcm(CORE) and
subtracts its cost from the core's area, and the block-interface cores keep their harness and
cache keys."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from ciphercores import cores
from ciphercores.cores.gcmcore import GcmCore
from ciphercores.errors import FlowError
from ciphercores.synth import design, flow, measurements, reports, steps, targets

STUB = Path(__file__).with_name("gcm_stub.v")


@dataclass(frozen=True)
class _StubGcm(GcmCore):
    """A GCM core made of tests/synth/gcm_stub.v alone: seconds of Yosys, not minutes."""

    src: Path = STUB

    def params(self, overrides=None):
        return {"KEY_W": 128} if self.top == "gcm_stub" else {}

    def sources(self):
        return [self.src]


def _stub(top: str = "gcm_stub", src: Path = STUB) -> GcmCore:
    one = lambda p: 1  # noqa: E731
    return _StubGcm(name="gcm(stub)", family="aes", top=top, summary="test stand-in", src=src,
                    defaults={}, choices={}, ciphers=lambda p: ("aes-128-gcm",),
                    block_bits=lambda p: 128, key_bits=lambda p: 128, key_len_port=False,
                    latency=one, interval=one, key_setup=one, key_change="", base="aes_iter")


#: the harness's fixed input bits besides key and tlen: 6 handshake/last bits, s_axis_tuser,
#: both tkeeps, IV and data
GCM_FIXED_IN = 6 + 3 + 16 + 16 + 128 + 128
#: captured outputs besides the chain ends: m_axis tdata, tkeep, tuser, tlast, tvalid, readys
GCM_CAPTURED = 128 + 16 + 3 + 1 + 1 + 3


def test_harness_is_chosen_by_core():
    assert design.harness_of(cores.get("aes_iter")) is design.BLOCK
    assert design.harness_of(cores.get("ctr(aes_iter)")) is design.BLOCK
    assert design.harness_of(cores.get("gcm(aes_iter)")) is design.GCM
    assert design.harness_of(cores.get("gcm(aes_pipe)")) is design.GCM
    w = design.Widths(128, 256, 6)
    assert design.BLOCK.params(w) == {"DATA_BITS": 128, "KEY_BITS": 256, "TLEN_BITS": 6}
    assert design.GCM.params(w) == {"KEY_BITS": 256, "TLEN_BITS": 6}
    # the block harness's files are the ones every archived record was measured with
    assert design.BLOCK.rtl == ("common/synth_harness.v",)
    assert design.BLOCK.passthrough == ("common/synth_passthrough.v",)


def test_digest_of_a_gcm_core_follows_its_harness():
    gcm = cores.get("gcm(aes_iter)")
    a = measurements.inputs_digest(gcm, gcm.params(), "ecp5", "8", flow.DEFAULT_SEEDS)
    b = measurements.inputs_digest(gcm, gcm.params({"DIGIT": 8}), "ecp5", "8", flow.DEFAULT_SEEDS)
    assert a != b


@pytest.mark.parametrize("widths", [design.Widths(128, 128, 0), design.Widths(128, 256, 6)])
def test_gcm_harness_alone_synthesises(widths):
    """The harness around synth_passthrough_gcm: every input bit a chain flip-flop, every
    output captured (only the two ready outputs the pass-through ties high may go)."""
    _, meta, _ = steps.synthesize(None, widths, targets.get("ecp5"), harness=design.GCM)
    assert "hierarchy -top synth_harness_gcm" in meta["script"]
    assert meta["key"]["harness_top"] == "synth_harness_gcm"
    ff = reports.classify(targets.get("ecp5"), meta["cells"])["ff"]
    chain = GCM_FIXED_IN + widths.key_bits + max(widths.tlen_bits, 1)
    assert ff >= chain + GCM_CAPTURED - 2


def test_flow_subtracts_the_gcm_harness():
    """A stand-in with the GCM ports through the flow: it is measured in the GCM harness and
    its area is the total less the harness alone (measured around synth_passthrough_gcm)."""
    core = _stub()
    assert design.harness_of(core) is design.GCM
    rec = flow.measure(core, None, "ecp5", seeds=())
    assert rec["status"] == "ok", rec["error"]
    assert (rec["data_bits"], rec["key_bits"], rec["tlen_bits"], rec["lanes"]) == (128, 128, 0, 1)
    assert "hierarchy -top synth_harness_gcm -chparam KEY_BITS 128 -chparam TLEN_BITS 0" \
        in rec["commands"][0]
    area, harness, core_area = rec["area"], rec["harness"]["area"], rec["core_area"]
    for res in flow.RESOURCES:
        assert core_area[res] == area[res] - harness[res], res
    assert harness["ff"] >= GCM_FIXED_IN + 128 + 1 + GCM_CAPTURED - 2
    # the stand-in's output register (data, keep, user, last, valid), its XORs and ANDs
    assert core_area["ff"] >= 128 + 16 + 3 + 1 + 1
    assert core_area["lut"] >= 128
    # the core's and the harness's runs are cached apart from each other
    again = flow.measure(core, None, "ecp5", seeds=())
    assert again["cached"] is True and again["core_area"] == core_area


def test_gcm_ports_are_checked():
    """A core without the GCM ports (here the block interface's pass-through) is refused
    before synthesis, naming what is missing."""
    bad = _stub(top="synth_passthrough", src=cores.RTL / "common" / "synth_passthrough.v")
    with pytest.raises(FlowError, match="missing from the RTL: s_iv_tdata"):
        flow.measure(bad, {}, "ecp5", seeds=())


@pytest.mark.slow
def test_gcm_core_in_harness_area_subtracts_harness():
    """gcm(aes_iter) (its smallest GHASH multiplier, the S-boxes in block RAM) through Yosys
    in the GCM harness: the record's core area is the total less the harness alone. About two
    minutes of Yosys on a loaded 2-core machine."""
    core = cores.get("gcm(aes_iter)")
    p = core.params({"DIGIT": 1, "DEPTH_LOG2": 1})
    rec = flow.measure(core, p, "ecp5", seeds=())
    assert rec["status"] == "ok", rec["error"]
    assert rec["timing"] is False and rec["fmax_mhz"] is None
    assert (rec["data_bits"], rec["key_bits"], rec["tlen_bits"]) == (128, 256, 6)
    assert "hierarchy -top synth_harness_gcm" in rec["commands"][0]
    area, harness, core_area = rec["area"], rec["harness"]["area"], rec["core_area"]
    for res in flow.RESOURCES:
        assert core_area[res] == area[res] - harness[res], res
    chain = GCM_FIXED_IN + 256 + 6
    assert harness["ff"] >= chain + GCM_CAPTURED - 2
    # the core is really there: AES's S-box RAMs, GHASH's and the engine's registers (H,
    # the sum, the output register, E_K(J0))
    assert core_area["bram"] > 0
    assert core_area["ff"] >= 4 * 128
    assert area["other"] == 0, f"unclassified cells: {rec['cells']}"
    assert rec["inputs"] == measurements.inputs_digest(core, p, "ecp5", None, ())
