# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for the output-FIFO family, rtl/common/axis_out_fifo.v, launched by
tests/common/test_shared_rtl.py with the figures the registry derives from its parameters
(``ciphercores.cores.schema.OutFifo``: credits, cycles through, ready_after_reset). In front
of it, a model of a pipeline that never stalls and has no reset of its own: a block enters it
only while ``credit`` is high (``reserve``) and reaches ``s_axis`` a fixed number of rising
edges later, also across a reset (so the FIFO must drop what arrives during its wipe).
Checked: blocks (tdata and tuser) out in order, none lost or doubled, under random idle and
back-pressure; the output held until taken; never more blocks reserved and not out than the
credits; with PIPED = 1 the output zero whenever m_axis_tvalid is low, with PIPED = 0 zero until
the first transfer after a reset and then zero or the last block; one block a cycle at exactly
LATENCY + the cycles through, the credit never falling; exactly the credits taken by a stalled
stream; rule 5 of docs/interface.md: from the first edge with rst high, m_axis_tvalid low,
m_axis_tdata zero, credit and key_ready low, and after rst falls, key_ready and credit low for
exactly ready_after_reset cycles, rising together."""

from __future__ import annotations

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly
from stream_tb import Random, config, start

INPUTS = ["reserve", "s_axis_tvalid", "s_axis_tdata", "s_axis_tuser", "m_axis_tready"]


class Bench:
    """The FIFO, the pipeline model in front of it and the sink behind it, one falling edge at
    a time: inputs are driven at the falling edge from the outputs as they are then, and the
    handshakes of the rising edge between two falling edges are accounted at the second."""

    def __init__(self, dut, cfg: dict):
        self.dut = dut
        self.cfg = cfg
        p = cfg["params"]
        self.width, self.user = p["WIDTH"], p["USER_WIDTH"]
        self.latency, self.piped = p["LATENCY"], p["PIPED"]
        self.credits = cfg["credits"]
        self.delay = self.latency        # the pipeline model's edges, reservation to s_axis
        self.rnd = Random(cfg["seed"])
        self.edge = 0                    # rising edges so far
        self.due: dict[int, int] = {}    # rising edge -> the block the pipeline delivers at it
        self.want: list[int] = []        # blocks reserved since the last reset, in order
        self.got: list[int] = []         # ... and out of m_axis
        self.out_edges: list[int] = []   # the edge of each transfer out
        self.in_edges: list[int] = []    # the edge of each reservation
        self.drive: dict[str, int] = dict.fromkeys(INPUTS, 0)
        self.last_out: tuple | None = None   # (valid, data) before the last edge, not taken
        self.last_taken: int | None = None   # the last block out since the reset (None: none)

    def block(self) -> int:
        return self.rnd.rng.getrandbits(self.width + self.user)

    async def cycle(self, reserve: bool = False, ready: bool = False, rst: bool = False) -> None:
        """Drive one cycle (at a falling edge), then account for the rising edge after it."""
        dut = self.dut
        d = self.drive
        dut.rst.value = int(rst)
        go = reserve and not rst and int(dut.credit.value)
        d["reserve"] = int(go)
        if go:
            value = self.block()
            self.want.append(value)
            self.in_edges.append(self.edge + 1)
            self.due[self.edge + 1 + self.delay] = value
        # the pipeline delivers at the coming edge what was reserved `delay` edges before it
        arriving = self.due.pop(self.edge + 1, None)
        d["s_axis_tvalid"] = int(arriving is not None)
        data = arriving if arriving is not None else self.block()
        d["s_axis_tdata"] = data & ((1 << self.width) - 1)
        d["s_axis_tuser"] = data >> self.width
        d["m_axis_tready"] = int(ready)
        for name, value in d.items():
            getattr(dut, name).value = value
        await ReadOnly()
        valid = int(dut.m_axis_tvalid.value)
        out = int(dut.m_axis_tdata.value) | (int(dut.m_axis_tuser.value) << self.width)
        credit = int(dut.credit.value)
        assert credit or not go, "credit fell between the falling and the rising edge"
        if not rst:
            self._check_idle(valid, out)
            if self.last_out is not None and self.last_out[0]:
                assert valid and out == self.last_out[1], \
                    "m_axis changed before the block was taken"
        self.last_out = (valid, out) if (valid and not ready and not rst) else None
        await FallingEdge(dut.clk)
        self.edge += 1
        if valid and ready and not rst:
            n = len(self.got)
            assert n < len(self.want), f"a block out that was not reserved: {out:x}"
            assert out == self.want[n], (f"block {n}: {out:x}, want {self.want[n]:x} (lost, "
                                         "doubled or reordered)")
            self.got.append(out)
            self.out_edges.append(self.edge)
            self.last_taken = out
        assert len(self.want) - len(self.got) <= self.credits, \
            f"{len(self.want) - len(self.got)} blocks reserved and not out, credits {self.credits}"

    def _check_idle(self, valid: int, out: int) -> None:
        """m_axis_tdata and tuser while m_axis_tvalid is low (rule 5's idle data)."""
        if valid:
            return
        if self.piped or self.last_taken is None:
            assert out == 0, f"m_axis data {out:x} while m_axis_tvalid is low"
        else:
            assert out in (0, self.last_taken), \
                f"m_axis data {out:x} while idle: neither zero nor the last block out"

    async def reset(self, cycles: int) -> int:
        """``rst`` high for ``cycles`` rising edges (the pipeline model keeps delivering what it
        holds), then low until ``key_ready``: checks the reset window and the wipe, and
        returns the cycles after rst fell with key_ready low."""
        dut = self.dut
        for n in range(cycles):
            await self.cycle(rst=True)
            # after a rising edge with rst high: everything cleared (rule 5)
            for name in ("m_axis_tvalid", "m_axis_tdata", "m_axis_tuser", "credit",
                         "key_ready"):
                assert int(getattr(dut, name).value) == 0, \
                    f"{name} not zero after {n + 1} edge(s) with rst high"
        self.want, self.got, self.in_edges, self.out_edges = [], [], [], []
        self.last_out = self.last_taken = None
        waited = 0
        while not int(dut.key_ready.value):
            assert not int(dut.credit.value), "a credit before key_ready"
            assert waited < 2 * self.cfg["ready_after_reset"] + 8, "key_ready never rose"
            await self.cycle(reserve=True, ready=self.rnd.rng.random() < 0.5)
            waited += 1
        assert int(dut.credit.value), "key_ready rose without a credit"
        assert not self.want and not self.got, "a block in or out during the wipe"
        return waited

    async def stream(self, n: int, idle: float, bp: float, delay: int) -> None:
        """``n`` random blocks in, through a pipeline of ``delay`` edges, and all out."""
        self.delay = delay
        start = len(self.want)
        while len(self.got) < start + n:
            reserve = len(self.want) < start + n and not self.rnd.busy("idle", idle)
            # a sink that waits for valid (AXI4-Stream allows it) with a negative ``bp``
            ready = not self.rnd.busy("bp", abs(bp)) and (
                bp >= 0 or int(self.dut.m_axis_tvalid.value))
            await self.cycle(reserve, ready)
            assert self.edge < 10**7 and len(self.got) <= start + n
        assert int(self.dut.key_ready.value), "key_ready fell without a reset"


async def _bench(dut) -> Bench:
    cfg = config()
    await start(dut, INPUTS)
    bench = Bench(dut, cfg)
    waited = await bench.reset(1)
    assert waited == cfg["ready_after_reset"], \
        f"key_ready {waited} cycles after reset, the registry says {cfg['ready_after_reset']}"
    return bench


@cocotb.test()
async def random_stream(dut):
    """Random blocks under random idle and back-pressure: the pipeline's own latency, one edge,
    and longer than the credits (the credit rule holds whatever the pipeline's delay)."""
    bench = await _bench(dut)
    lat = bench.latency
    for delay in (lat, 1, lat + bench.credits + 3):
        for idle, bp in ((0.0, 0.5), (0.4, 0.2), (0.1, 0.9), (0.2, -0.3)):
            await bench.stream(bench.cfg["blocks"], idle, bp, delay)


@cocotb.test()
async def full_rate(dut):
    """No idle, no back-pressure, the pipeline's LATENCY: a block a cycle, the credit never
    low, every block out exactly LATENCY + the cycles through after its reservation."""
    bench = await _bench(dut)
    cfg = bench.cfg
    n = 4 * bench.credits + 50
    start = len(bench.want)
    while len(bench.got) < start + n:
        if len(bench.want) < start + n:
            assert int(dut.credit.value), \
                f"credit low after {len(bench.want) - start} blocks at full rate"
        await bench.cycle(reserve=len(bench.want) < start + n, ready=True)
    pairs = zip(bench.in_edges[start:], bench.out_edges[start:], strict=True)
    spans = {o - i for i, o in pairs}
    assert spans == {bench.latency + cfg["through"]}, (
        f"edges from reservation to transfer {sorted(spans)}, want LATENCY + "
        f"{cfg['through']}")
    assert bench.in_edges[-1] - bench.in_edges[start] == n - 1, "not a block a cycle"


@cocotb.test()
async def credits_when_stalled(dut):
    """With m_axis_tready low, exactly the credits are taken, whatever the wait; then every
    block comes out in order."""
    bench = await _bench(dut)
    for _ in range(2):
        start = len(bench.want)
        for _ in range(bench.credits + 3 * bench.latency + 20):
            await bench.cycle(reserve=True, ready=False)
        assert len(bench.want) - start == bench.credits, \
            f"{len(bench.want) - start} blocks taken while stalled, want {bench.credits}"
        while len(bench.got) < len(bench.want):
            await bench.cycle(reserve=False, ready=bench.rnd.rng.random() < 0.7)


@cocotb.test()
async def reset_in_flight(dut):
    """Resets of 1 to 3 edges with blocks in the pipeline (which delivers them during the
    wipe) and in the FIFO: none of them comes out, the wipe takes ready_after_reset cycles
    again, and a stream after it is whole."""
    bench = await _bench(dut)
    cfg = bench.cfg
    for k in range(6):
        bench.delay = bench.latency
        stop = bench.rnd.rng.randint(0, bench.credits)
        start = len(bench.got)
        # until `stop` blocks are out, two or more are reserved and not out, one of them in
        # the pipeline
        while (len(bench.got) < start + stop or len(bench.want) - len(bench.got) < 2
               or not bench.due):
            await bench.cycle(reserve=True, ready=bench.rnd.rng.random() < 0.3)
        waited = await bench.reset(1 + k % 3)
        assert waited == cfg["ready_after_reset"], \
            f"key_ready {waited} cycles after a reset mid-stream, want {cfg['ready_after_reset']}"
        await bench.stream(bench.credits + 5, 0.2, 0.3, bench.latency)
