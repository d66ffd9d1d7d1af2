# SPDX-License-Identifier: Apache-2.0
"""Which registers the slow paths of a routed design run between: a static timing analysis of
the SDF that nextpnr writes (``--sdf``), grouped by register name.

nextpnr's own report names one critical path. When a design misses its clock by many paths
at once, the question is which ones: e.g. a reset net to every flip-flop, or one kind of
carry chain in every round. Here every path from a clocked output (a flip-flop's Q, a block
RAM's data out) to a clocked input (a flip-flop's D, clock enable or set/reset, a block RAM's
address) is timed with the SDF's cell and interconnect delays (the slowest corner), the
endpoints are grouped by the register names of the path's start and end cells (nextpnr's
suffixes such as ``_TRELLIS_FF_Q_12`` removed, generate indices such as ``g_unit[7]`` as
``g_unit[*]``) and the endpoint pin, and the groups of the
endpoints within a margin of the critical path are returned, slowest first.

The analysis is checked against nextpnr by the caller: its critical path must give the
report's Fmax (single clock domain, which is what the measurement harness has).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

# inputs of a cell whose IOPATH starts a path (clock to output)
_CLOCK_PINS = frozenset({"CLK", "CLKA", "CLKB", "WCK", "RCLK", "WCLK", "CLKI"})
_CELL = re.compile(r'\(CELLTYPE "([^"]*)"\)\s*\(INSTANCE ([^)]*)\)(.*)', re.S)
_IOPATH = re.compile(r"\(IOPATH (\S+) (\S+) \(([^)]*)\)")
_SETUP = re.compile(r"\(SETUPHOLD \((?:posedge|negedge) (\S+)\) \(posedge \S+\) \(([^)]*)\)")
_WIRE = re.compile(r"\(INTERCONNECT (\S+) (\S+) \(([^)]*)\)")
# nextpnr / Yosys suffixes of a cell named after the register (or net) it implements
_SUFFIX = re.compile(r"(_TRELLIS_FF_Q|_DFF_Q|_SB_DFF\w*_Q)(_\d+)?$|\$.*$|_(LUT4|CCU2C|PFUMX|"
                     r"L6MUX21)_Z.*$")

_INDEX = re.compile(r"\[\d+\]")


def _max(triple: str) -> float:
    """'min:typ:max' (ps) -> max."""
    return float(triple.split(":")[-1])


def _unescape(name: str) -> str:
    return name.replace("\\", "")


def group_name(node: str) -> str:
    """A cell pin ('cell/PIN') -> the register or signal name its cell was made for, with
    generate-loop indices as [*] (the same register in every round is one group)."""
    cell = node.rsplit("/", 1)[0]
    return _INDEX.sub("[*]", _SUFFIX.sub("", cell) or cell)


def analyse(sdf: str) -> tuple[dict[str, float], dict[str, float], dict[str, str]]:
    """SDF text -> (arrival time in ps at every reachable pin, setup time of every clocked
    input that a path reaches, predecessor of each pin on its slowest path)."""
    edges: dict[str, list[tuple[str, float]]] = defaultdict(list)
    start: dict[str, float] = {}
    setup: dict[str, float] = {}
    for chunk in re.split(r"\(CELL\s", sdf)[1:]:
        m = _CELL.search(chunk)
        if not m:
            continue
        inst, body = _unescape(m.group(2).strip()), m.group(3)
        for a, b, t in _IOPATH.findall(body):
            if a in _CLOCK_PINS:
                node = f"{inst}/{b}"
                start[node] = max(start.get(node, 0.0), _max(t))
            else:
                edges[f"{inst}/{a}"].append((f"{inst}/{b}", _max(t)))
        for pin, t in _SETUP.findall(body):
            node = f"{inst}/{pin}"
            setup[node] = max(setup.get(node, 0.0), _max(t))
        for a, b, t in _WIRE.findall(body):
            a, b = _unescape(a), _unescape(b)
            if a.rsplit("/", 1)[-1].startswith("CLKO"):  # the clock network
                continue
            edges[a].append((b, _max(t)))
    # longest paths in topological order (the graph is acyclic once clocks are cut)
    indeg: Counter[str] = Counter()
    for outs in edges.values():
        for b, _ in outs:
            indeg[b] += 1
    nodes = set(edges) | set(indeg) | set(start)
    arrival: dict[str, float] = dict(start)
    pred: dict[str, str] = {}
    ready = [v for v in nodes if indeg[v] == 0]
    while ready:
        v = ready.pop()
        t = arrival.get(v)
        for b, d in edges.get(v, ()):
            if t is not None and (b not in arrival or t + d > arrival[b]):
                arrival[b] = t + d
                pred[b] = v
            indeg[b] -= 1
            if indeg[b] == 0:
                ready.append(b)
    return arrival, {k: v for k, v in setup.items() if k in arrival}, pred


def slow_paths(sdf: str, margin: float = 0.10, top: int = 8) -> dict:
    """The critical path's delay and the groups of endpoints whose path is within ``margin``
    of it: {"fmax_mhz", "endpoints" (timed), "near" (endpoints within the margin), "starts"
    (the three start groups with the most near endpoints), "groups": [{"from", "to", "pin",
    "endpoints", "worst_ns"}, ...] slowest first, at most ``top``}."""
    arrival, setup, pred = analyse(sdf)
    if not setup:
        raise ValueError("the SDF has no timed path between clocked cells")
    need = {e: arrival[e] + s for e, s in setup.items()}
    worst = max(need.values())
    near = sorted(((t, e) for e, t in need.items() if t >= (1.0 - margin) * worst), reverse=True)
    groups: dict[tuple[str, str, str], list] = {}
    for t, e in near:
        v = e
        while v in pred:
            v = pred[v]
        k = (group_name(v), group_name(e), e.rsplit("/", 1)[-1])
        if k not in groups:
            groups[k] = [0, t]
        groups[k][0] += 1
    ranked = sorted(groups.items(), key=lambda kv: -kv[1][1])[:top]
    starts: Counter[str] = Counter()
    for (f, _, _), (n, _) in groups.items():
        starts[f] += n
    return {"fmax_mhz": round(1e6 / worst, 2), "endpoints": len(need), "near": len(near),
            "margin": margin,
            # where the near-critical paths start (e.g. one reset register: most of them)
            "starts": [{"from": f, "endpoints": n} for f, n in starts.most_common(3)],
            "groups": [{"from": f, "to": t, "pin": p, "endpoints": n, "worst_ns": round(w / 1e3, 3)}
                       for (f, t, p), (n, w) in ranked]}


def slow_paths_file(path: Path, **kw) -> dict:
    return slow_paths(Path(path).read_text(), **kw)
