# SPDX-License-Identifier: Apache-2.0
"""The order the suite runs in, and the record of how long each test took.

Most of the suite's time is a few dozen simulator builds and long simulations. Under
pytest-xdist (``make test``: two workers, one test handed out at a time, ``--maxschedchunk 1``
in pyproject.toml), running the longest tests first lets the two workers finish together
rather than one waiting on the last long build. The order comes from ``TIMES``, the
durations of the last ``make suite-time`` run (written by ``--suite-times``): tests it does
not know yet first (a new test may be a long one), then the tests that took ``LONG_S`` or
more, longest first, then the rest in pytest's order (which keeps a module's tests, and its
module-scoped fixtures, together). Without the file, pytest's own order stands.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

#: test id -> seconds (setup, call and teardown) of the last ``make suite-time`` run
TIMES = Path(__file__).with_name("suite-times.json")
#: a test this long (seconds) is scheduled by its time
LONG_S = 10.0
_TOP = 10


def pytest_addoption(parser):
    parser.addoption("--suite-times", metavar="PATH", default=None,
                     help="write every test's duration (seconds) to PATH as JSON and print "
                          "the ten longest and the total (make suite-time)")


def _known_times(path: Path = TIMES) -> dict[str, float]:
    try:
        return {str(k): float(v) for k, v in json.loads(path.read_text())["tests"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def longest_first(ids: list[str], times: dict[str, float], long_s: float = 0.0) -> list[str]:
    """``ids`` without a record in ``times``, then those recorded at ``long_s`` seconds or
    more, longest first, then the others; each group keeps the order of ``ids``."""
    new = [i for i in ids if i not in times]
    long = sorted((i for i in ids if i in times and times[i] >= long_s),
                  key=lambda i: -times[i])
    return [*new, *long, *(i for i in ids if i in times and times[i] < long_s)]


def pytest_collection_modifyitems(config, items):
    times = _known_times()
    if not times:
        return
    order = {nid: n for n, nid in
             enumerate(longest_first([i.nodeid for i in items], times, LONG_S))}
    items.sort(key=lambda i: order[i.nodeid])


class _Recorder:
    """Adds up each test's phases as the reports arrive (on the controller under xdist)."""

    def __init__(self, path: Path):
        self.path = path
        self.start = time.monotonic()
        self.tests: dict[str, float] = {}

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report):
        self.tests[report.nodeid] = self.tests.get(report.nodeid, 0.0) + report.duration

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter):
        wall = time.monotonic() - self.start
        self.path.write_text(json.dumps(
            {"wall_s": round(wall, 1), "tests": {k: round(v, 2) for k, v in
                                                 sorted(self.tests.items())}},
            indent=1, sort_keys=True) + "\n")
        tr = terminalreporter
        tr.section("suite time")
        for nid in longest_first(list(self.tests), self.tests)[:_TOP]:
            tr.write_line(f"{self.tests[nid]:8.1f} s  {nid}")
        tr.write_line(f"{len(self.tests)} tests, {sum(self.tests.values()):.0f} s of test time "
                      f"in {wall:.0f} s ({wall / 60:.1f} min) of wall time; written to "
                      f"{self.path}")


def pytest_configure(config):
    path = config.getoption("--suite-times")
    # under xdist only the controller (no workerinput) sees every report
    if path and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Recorder(Path(path)), "ciphercores-suite-times")
