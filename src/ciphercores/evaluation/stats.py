# SPDX-License-Identifier: Apache-2.0
"""Summary statistics used by every measurement the project reports: median and spread."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    """Median of a sample with its spread (min..max) and the sample size."""

    median: float
    low: float
    high: float
    n: int

    @property
    def spread(self) -> float:
        """(max - min) / median, as a fraction (0.05 = 5 %)."""
        return (self.high - self.low) / self.median if self.median else 0.0

    def scaled(self, factor: float) -> Summary:
        """The same summary in other units (a positive factor keeps low <= median <= high)."""
        lo, hi = sorted((self.low * factor, self.high * factor))
        return Summary(self.median * factor, lo, hi, self.n)

    def inverse(self, numerator: float = 1.0) -> Summary:
        """``numerator / x`` for every value (e.g. time per byte -> bytes per second)."""
        return Summary(numerator / self.median, numerator / self.high, numerator / self.low,
                       self.n)

    def fmt(self, digits: int = 3, unit: str = "") -> str:
        u = f" {unit}" if unit else ""
        return f"{self.median:.{digits}g}{u} ({self.low:.{digits}g}..{self.high:.{digits}g})"

    def as_dict(self) -> dict[str, float | int]:
        return {"median": self.median, "min": self.low, "max": self.high, "n": self.n}


def summarize(values: Iterable[float]) -> Summary:
    vals = [float(v) for v in values]
    if not vals:
        raise ValueError("no values to summarize")
    return Summary(statistics.median(vals), min(vals), max(vals), len(vals))


def percent_decrease(before: float, after: float) -> float:
    """The Blowfish paper's Table III: how much shorter ``after`` is than ``before``, in %."""
    if before <= 0:
        raise ValueError("the reference time must be positive")
    return 100.0 * (before - after) / before
