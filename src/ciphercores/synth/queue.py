# SPDX-License-Identifier: Apache-2.0
"""The re-measure queue (``ciphercores synth --stale``, ``make bench-stale``): every stale
record the pages show (``results.stale_records``) measured again, one placer seed at a time.

Order: the README's rows (each core's defaults at ECP5 speed 8), the defaults at speed 6, the
registered test sets at speed 8, the other targets (xc7, iCE40, synthesis only, area by part),
then sweep points (seed 1 only, ``scope.SWEEP_SEEDS``). Every step goes through the
measurement cache, so a run that stopped (budget, interrupt, a closed session) resumes where
it left off: a seed already cached is not run again. Progress shows the time left estimated
from the archived tool times (``scope``); with a budget the queue stops between seeds once it
is spent. When all seeds of a record are in the cache the record is assembled from it and the
pages are written again (the caller's ``ciphercores results``: docs/results.md, the archive,
the datasheets and the README's table), so the repository can be committed at any point.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import cores
from ..errors import FlowError, NotCached
from . import flow, results, runner, scope

#: the queue's phases, in the order it measures them
PHASES = ("defaults at ECP5 speed 8 (the README's rows)", "defaults at ECP5 speed 6",
          "test sets at ECP5 speed 8", "other targets and area by part",
          "sweep points at ECP5 speed 8, seed 1")
#: how much the tools' priority is lowered, so that other work goes on beside the queue
NICE = 10


@dataclass(frozen=True)
class Job:
    """One stale record to measure again: ``seeds`` (empty: synthesis only) one at a time."""

    phase: int
    core: str
    params: dict = field(hash=False)
    target: str
    grade: str | None
    seeds: tuple[int, ...]
    #: the stale record (its archived times give the estimates)
    old: dict = field(hash=False, compare=False, repr=False)
    parts: bool = False

    @property
    def label(self) -> str:
        where = self.target + (f" -{self.grade}" if self.grade else "")
        what = " (by part)" if self.parts else ""
        return f"{self.core} {results._params(self.params, self.core) or '(defaults)'} " \
               f"{where}{what}"

    def steps(self) -> list[tuple[int, ...]]:
        """The seed sets measured one after another: one seed each, or synthesis alone."""
        return [(s,) for s in self.seeds] or [()]

    def step_s(self) -> float:
        """Estimated tool seconds of one step."""
        return scope.tool_s(self.old, self.seeds) / len(self.steps())


def phase_of(core: cores.Core, rec: dict) -> int:
    """The index in PHASES of a stale record."""
    t, g = rec["target"], rec.get("grade")
    default = core.params(rec["params"]) == core.params()
    if rec.get("kind") == "parts" or t != "ecp5" or g is None:
        return 3
    if default:
        return 0 if g == "8" else 1
    if scope.is_sweep_point(core, rec["params"], t, g):
        return 4
    return 2 if g == "8" else 3


def plan(shown: list[dict], by_part: list[dict] = ()) -> list[Job]:
    """The jobs for the stale records among ``shown`` and ``by_part`` (what the pages show),
    in the queue's order (within a phase, the page's)."""
    jobs = []
    for rec in results.stale_records(shown, by_part):
        core = cores.get(rec["core"])
        parts = rec.get("kind") == "parts"
        seeds = () if parts else scope.remeasure_seeds(rec)
        jobs.append(Job(phase_of(core, rec), rec["core"], core.params(rec["params"]),
                        rec["target"], rec.get("grade") if seeds else None, seeds, rec,
                        parts))
    return sorted(jobs, key=lambda j: j.phase)


def measure_step(job: Job, seeds: tuple[int, ...], cache_only: bool = False) -> dict:
    """The record of ``job`` with ``seeds`` (one seed: a step of the queue; all of them, from
    the cache only: the assembled record); raises NotCached with ``cache_only`` when a step
    is missing."""
    from . import parts

    core = cores.get(job.core)
    if job.parts:
        return parts.measure(core, job.params, job.target, cache_only=cache_only)
    return flow.measure(core, job.params, job.target, job.grade, seeds=seeds,
                        cache_only=cache_only)


def _cached(job: Job, seeds: tuple[int, ...]) -> bool:
    try:
        measure_step(job, seeds, cache_only=True)
    except NotCached:
        return False
    return True


def _hours(s: float) -> str:
    return f"{s / 3600:.1f} h" if s >= 3600 else f"{s / 60:.0f} min"


def run(jobs: list[Job], budget_s: float | None,
        on_record: Callable[[Job, dict], None],
        clock: Callable[[], float] = time.monotonic, out: Callable[[str], None] = print
        ) -> dict:
    """Measure ``jobs`` in order, one step (seed) at a time through ``measure_step``,
    skipping steps already cached; after the last step of a job, its record assembled from
    the cache goes to ``on_record`` (``main``: the pages written again). With ``budget_s``,
    no step starts once that many seconds have passed. Returns a summary: records completed,
    steps run and skipped, jobs failed, whether the budget stopped it and the estimated
    seconds left."""
    start = clock()
    todo = [(job, seeds) for job in jobs for seeds in job.steps()]
    left = sum(job.step_s() for job, _ in todo)
    summary = {"completed": [], "run": 0, "skipped": 0, "failed": [], "stopped": False,
               "left_s": left}
    out(f"{len(jobs)} stale records, {len(todo)} steps, about {_hours(left)} of tool time")
    for n, job in enumerate(jobs, 1):
        try:
            for seeds in job.steps():
                what = f"[{n}/{len(jobs)}] {job.label}" + (f" seed {seeds[0]}" if seeds
                                                          else " synthesis")
                if _cached(job, seeds):
                    left -= job.step_s()
                    summary["skipped"] += 1
                    out(f"{what}: in the cache")
                    continue
                spent = clock() - start
                if budget_s is not None and spent >= budget_s:
                    summary.update(stopped=True, left_s=left)
                    out(f"budget of {_hours(budget_s)} spent ({_hours(spent)}): stopped before "
                        f"{what}; about {_hours(left)} left, run again to go on")
                    return summary
                out(f"{what}: running, about {_hours(job.step_s())} "
                    f"({PHASES[job.phase]}; about {_hours(left)} left)")
                measure_step(job, seeds)
                left -= job.step_s()
                summary["run"] += 1
            rec = measure_step(job, job.seeds, cache_only=True)
        except FlowError as e:  # a tool failed: say so, go on with the next record
            if isinstance(e, NotCached):
                raise
            summary["failed"].append(job)
            out(f"[{n}/{len(jobs)}] {job.label}: failed: {e}")
            continue
        summary["completed"].append(rec)
        fmax = f", {rec['fmax_mhz']:.1f} MHz" if rec.get("fmax_mhz") else ""
        out(f"[{n}/{len(jobs)}] {job.label}: record complete{fmax}; pages written")
        on_record(job, rec)
    summary["left_s"] = max(left, 0.0)
    out(f"done: {len(summary['completed'])} records measured again, "
        f"{len(summary['failed'])} failed")
    return summary


def main(budget_min: float | None, write_pages: Callable[[], None]) -> int:
    """``ciphercores synth --stale``: the queue of what the pages show stale now, under
    ``nice``, calling ``write_pages`` (``ciphercores results``: docs/results.md, the archive,
    the datasheets and the README's table) after each record; 0 when it finished or stopped
    at its budget, 1 when a record failed."""
    os.nice(NICE)
    runner.set_tool_nice(NICE)  # and each tool in a scheduling group of its own at NICE
    shown, by_part = results.shown_now()
    jobs = plan(shown, by_part)
    if not jobs:
        print("no stale rows: every record the pages show matches today's tree")
        return 0
    summary = run(jobs, None if budget_min is None else budget_min * 60,
                  lambda job, rec: write_pages(), out=lambda s: print(s, flush=True))
    left = plan(*results.shown_now())
    print(f"{len(left)} stale rows left, about "
          f"{sum(scope.tool_s(j.old, j.seeds) for j in left) / 3600:.1f} h")
    return 1 if summary["failed"] else 0

