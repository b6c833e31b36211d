"""The bench's clocks: a deadline that also reads the CPU time, the warm-up, and call timing.

Rates are per wall-clock second, and the CPU time spent is kept beside them,
so a busy machine shows in the figures instead of passing for a slow engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from tricktaker.arena.bench.measures import Measurement
from tricktaker.core.workloads import Workload, Yardstick

DEFAULT_SEED = 20240601
WARMUP_MAX_SECONDS = 0.5
#: Added to the seed for the warm-up, so that it plays other matches than those timed.
WARMUP_SEED_OFFSET = 1_000_003


class Stopwatch:
    """Wall-clock deadline plus the CPU time spent, read together at the end."""

    def __init__(self, seconds: float) -> None:
        self.start = time.perf_counter()
        self.cpu_start = time.process_time()
        self.deadline = self.start + seconds

    def running(self) -> bool:
        return time.perf_counter() < self.deadline

    def elapsed(self) -> tuple[float, float]:
        """The wall-clock and CPU seconds since the start."""
        return time.perf_counter() - self.start, time.process_time() - self.cpu_start

    def measurement(
        self, of: Workload | Yardstick, units: int, actions: int, deals: int = 0, chance: int = 0
    ) -> Measurement:
        """Stop, and what the run of ``of`` counted, with the wall and CPU seconds it took."""
        wall, cpu = self.elapsed()
        return Measurement(of.key, of.label, of.unit, units, actions, wall, cpu, deals, chance)


def warmed(run: Callable[[float, int], Measurement], seconds: float, seed: int) -> Measurement:
    """Run once briefly on other seeds (caches, interning), then measure for real."""
    run(min(WARMUP_MAX_SECONDS, seconds / 5), seed + WARMUP_SEED_OFFSET)
    return run(seconds, seed)


def time_calls(limit: float, batch: Callable[[], int]) -> tuple[int, float]:
    """Run ``batch`` (which says how many calls it made) until ``limit`` seconds passed.

    Only the batches are timed, not what the caller prepares between them.
    """
    calls = 0
    spent = 0.0
    while spent < limit:
        t0 = time.perf_counter()
        calls += batch()
        spent += time.perf_counter() - t0
    return calls, spent
