"""Means with 95% confidence intervals, for the arena's paired (duplicate) samples.

A duplicate pair plays the same cards twice with the seats swapped, so the luck
of the cards cancels inside a pair; the pairs, not the single deals, are then
the independent samples, and the interval is computed over the pair means.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Interval:
    """A sample mean and its normal-approximation 95% confidence interval."""

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
