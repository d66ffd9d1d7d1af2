# SPDX-License-Identifier: Apache-2.0
"""The re-measure queue (`ciphercores synth --stale`, `make bench-stale`) without running a
tool: its order, its budget, its resumption from the cache and its page writes, through a
stand-in for the one function that measures (`queue.measure_step`) backed by a fake cache."""

from __future__ import annotations

import pytest

from ciphercores import cli, cores
from ciphercores.errors import FlowError, NotCached
from ciphercores.synth import queue, runner

STEP_S = 600.0  # each fake step's tool time


def _stale(core: str, params: dict | None, target: str = "ecp5", grade: str | None = "8",
           seeds=(1, 2, 3), wall_s: float = 3600.0, **extra) -> dict:
    c = cores.get(core)
    return {"core": core, "params": c.params(params), "target": target,
            "grade": grade if seeds else None, "seeds": list(seeds), "wall_s": wall_s,
            "stale": True, "inputs": f"{core}{params}{target}{grade}{seeds}", **extra}


#: stale records in a page's order (sweeps first), one of each phase
SWEEP = _stale("speck_pipe", {"WORD": 16, "KEY_WORDS": 4, "STAGES": 2})
XC7 = _stale("speck_iter", {"WORD": 16, "KEY_WORDS": 4}, "xc7", None, ())
TEST8 = _stale("speck_iter", {"WORD": 16, "KEY_WORDS": 4})
DEF6 = _stale("speck_iter", None, grade="6")
DEF8 = _stale("aes_pipe", None, synth_s=600.0, pnr_s=6000.0, wall_s=6600.0)
DEF8_B = _stale("speck_iter", None)
CURRENT = {**_stale("des_iter", None), "stale": False}


def test_the_plan_follows_the_queue_order():
    jobs = queue.plan([SWEEP, XC7, CURRENT, TEST8, DEF6, DEF8, DEF8_B])
    assert [(j.core, j.target, j.grade, j.phase) for j in jobs] == [
        ("aes_pipe", "ecp5", "8", 0), ("speck_iter", "ecp5", "8", 0),  # page order within
        ("speck_iter", "ecp5", "6", 1), ("speck_iter", "ecp5", "8", 2),
        ("speck_iter", "xc7", None, 3), ("speck_pipe", "ecp5", "8", 4)]
    assert jobs[1].params == cores.get("speck_iter").params()
    assert [j.seeds for j in jobs] == [(1, 2, 3)] * 4 + [(), (1,)]  # a sweep point: seed 1
    assert [j.steps() for j in jobs[-2:]] == [[()], [(1,)]]
    assert jobs[0].step_s() == pytest.approx(6600.0 / 3)  # 600 s synthesis + 2000 s a seed
    assert jobs[-1].step_s() == pytest.approx(3600.0 / 3)


class FakeTools:
    """``queue.measure_step`` over a fake cache: a step not cached runs (is recorded, takes
    STEP_S on the fake clock, is cached); with cache_only, a missing step raises NotCached."""

    def __init__(self, cached=()):
        self.cache = set(cached)
        self.calls: list[tuple[str, tuple[int, ...]]] = []
        self.t = 0.0

    def clock(self) -> float:
        return self.t

    def measure_step(self, job, seeds, cache_only=False):
        steps = [(job.label, (s,)) for s in seeds] or [(job.label, ())]
        if cache_only:
            if not all(s in self.cache for s in steps):
                raise NotCached(job.label)
            return {"core": job.core, "seeds": list(seeds), "fmax_mhz": 100.0}
        assert len(steps) == 1, "the queue measures one seed at a time"
        self.calls.append(steps[0])
        self.t += STEP_S
        self.cache.add(steps[0])
        return {}


@pytest.fixture()
def tools(monkeypatch):
    fake = FakeTools()
    monkeypatch.setattr(queue, "measure_step", fake.measure_step)
    return fake


def _run(tools, jobs, budget_s=None):
    written = []
    summary = queue.run(jobs, budget_s, lambda job, rec: written.append(
        (job.label, rec["seeds"])), clock=tools.clock, out=lambda s: None)
    return summary, written


def test_the_queue_measures_one_seed_at_a_time_in_order_and_writes_each_record(tools):
    jobs = queue.plan([SWEEP, XC7, TEST8, DEF6, DEF8])
    summary, written = _run(tools, jobs)
    labels = [j.label for j in jobs]
    assert tools.calls == [(labels[0], (1,)), (labels[0], (2,)), (labels[0], (3,)),
                           (labels[1], (1,)), (labels[1], (2,)), (labels[1], (3,)),
                           (labels[2], (1,)), (labels[2], (2,)), (labels[2], (3,)),
                           (labels[3], ()), (labels[4], (1,))]
    assert written == [(labels[0], [1, 2, 3]), (labels[1], [1, 2, 3]),
                       (labels[2], [1, 2, 3]), (labels[3], []), (labels[4], [1])]
    assert not summary["stopped"] and summary["run"] == 11 and summary["skipped"] == 0


def test_the_budget_stops_between_seeds_and_a_second_run_resumes(tools):
    jobs = queue.plan([DEF8, TEST8])
    summary, written = _run(tools, jobs, budget_s=2 * STEP_S + 1)  # a third step may start
    assert summary["stopped"] and len(tools.calls) == 3
    assert written == [(jobs[0].label, [1, 2, 3])]  # the first record completed, written
    assert summary["left_s"] == pytest.approx(3 * jobs[1].step_s())
    summary, written = _run(tools, jobs, budget_s=STEP_S / 2)  # resumes at the 4th seed
    assert summary["stopped"] and summary["skipped"] == 3 and len(tools.calls) == 4
    assert tools.calls[3] == (jobs[1].label, (1,))
    assert written == [(jobs[0].label, [1, 2, 3])]  # complete in the cache: pages again
    summary, written = _run(tools, jobs)
    assert tools.calls[4:] == [(jobs[1].label, (2,)), (jobs[1].label, (3,))]
    assert summary["skipped"] == 4 and not summary["stopped"]
    assert written == [(jobs[0].label, [1, 2, 3]), (jobs[1].label, [1, 2, 3])]
    assert len(tools.calls) == 6


def test_a_failing_record_is_reported_and_the_queue_goes_on(tools, monkeypatch):
    jobs = queue.plan([DEF8, TEST8])

    def fails_on_aes(job, seeds, cache_only=False):
        if job.core == "aes_pipe" and not cache_only:
            raise FlowError("nextpnr-ecp5: ERROR: boom")
        return FakeTools.measure_step(tools, job, seeds, cache_only)

    monkeypatch.setattr(queue, "measure_step", fails_on_aes)
    summary, written = _run(tools, jobs)
    assert summary["failed"] == [jobs[0]] and written == [(jobs[1].label, [1, 2, 3])]


def test_synth_stale_takes_no_core_and_budget_goes_with_it(capsys):
    assert cli.main(["synth", "--stale", "speck_iter"]) != 0
    assert "no core name" in capsys.readouterr().err
    assert cli.main(["synth", "speck_iter", "--budget", "5"]) != 0
    assert cli.main(["synth"]) != 0
    assert "name a core" in capsys.readouterr().err


def test_the_queue_tools_run_in_a_scheduling_group_of_their_own_at_its_nice(tmp_path):
    """Under ``runner.set_tool_nice`` (the queue's), a tool runs in a session of its own, at
    the nice asked for, and where the kernel groups processes by session (autogroup) its group
    has that nice too: otherwise the scheduler would share the CPU between the queue's session
    and the user's first, whatever each process's nice. Without it, a tool runs as this
    process does."""
    import os
    import sys

    probe = [sys.executable, "-c",
             "import os\n"
             "try:\n    g = (open('/proc/self/autogroup').read().split() or ['-'])[-1]\n"
             "except OSError:\n    g = '-'\n"
             "print('probe:', os.getsid(0), os.getpriority(os.PRIO_PROCESS, 0), g)"]

    def probed(out: str) -> list[str]:  # the probe's line; the tool's output holds stderr too
        lines = [ln for ln in out.splitlines() if ln.startswith("probe: ")]
        assert len(lines) == 1, out
        return lines[0].split()[1:]

    mine = os.getpriority(os.PRIO_PROCESS, 0)
    try:
        runner.set_tool_nice(mine + 5)
        rc, out, _ = runner.run_tool(probe, tmp_path, "none.log")
    finally:
        runner.set_tool_nice(None)
    sid, nice, group = probed(out)
    assert rc == 0
    assert int(sid) != os.getsid(0)
    assert int(nice) == mine + 5
    if group != "-":  # the file can be missing, or empty for a task outside any autogroup
        assert group == str(mine + 5)
    rc, out, _ = runner.run_tool(probe, tmp_path, "none.log")
    sid, nice, _ = probed(out)
    assert (int(sid), int(nice)) == (os.getsid(0), mine)
