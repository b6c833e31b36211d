"""Means with 95% confidence intervals, for the arena's paired (duplicate) samples.

A duplicate pair plays the same cards once per seating, so the luck of the
cards cancels inside a pair; the pairs, not the single deals, are then the
independent samples, and intervals are computed over the pair means.

A share (a win rate) gets the Wilson score interval, which never leaves
0..100% and stays honest for few samples or shares near 0 or 1; a pair's mean
share varies at most as much as a coin flip, so Wilson over the pairs is, if
anything, conservative. Points get the normal interval of the mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Interval:
    """A sample mean and its 95% confidence interval."""

    mean: float
    low: float
    high: float
    samples: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def above(self, x: float) -> bool:
        return self.low > x

    def below(self, x: float) -> bool:
        return self.high < x

    def to_json(self) -> dict[str, float | None]:
        def num(x: float) -> float | None:
            return x if math.isfinite(x) else None

        return {"mean": num(self.mean), "low": num(self.low), "high": num(self.high)}


def mean_ci(values: Sequence[float], z: float = Z95) -> Interval:
    """Mean with ``mean +- z * s / sqrt(n)`` (s: sample standard deviation).

    With fewer than two samples nothing is known about the spread, so the
    interval is unbounded.
    """
    n = len(values)
    if n == 0:
        return Interval(math.nan, -math.inf, math.inf, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf, n)
    var = math.fsum((x - mean) ** 2 for x in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)


def wilson_ci(shares: Sequence[float], z: float = Z95) -> Interval:
    """The mean of shares in 0..1 with its Wilson score interval (always within 0..1)."""
    n = len(shares)
    if n == 0:
        return Interval(math.nan, 0.0, 1.0, 0)
    p = math.fsum(shares) / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Rounding must not put the mean outside its own interval.
    return Interval(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)), n)
