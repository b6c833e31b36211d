"""A bench run's results: the measurements, the ratio lines, the target, the CFR section,
and their JSON.

``tricktaker bench --json`` is read by scripts that track the figures over
time, so its keys stay as they are; the rows and ratios come from what the
games declared (``plan``), and this page only reads them.
"""

from __future__ import annotations

import platform
from dataclasses import dataclass
from typing import Any

from tricktaker.arena.bench.measures import CFRRun, Latency, Measurement


@dataclass(frozen=True, slots=True)
class Comparison:
    """One ratio line: our workload's deals per second over its yardstick's rate."""

    key: str
    ours: str
    theirs: str
    #: What is divided by what, for the printed line ("deals/s over leduc games/s").
    words: str


@dataclass(frozen=True, slots=True)
class Target:
    """A speed goal a workload declares: at least ``deals_per_second`` on one core."""

    key: str
    deals_per_second: int
    #: What is counted ("random Le Truc deals/s") and the policy that plays them.
    what: str
    policy: str


@dataclass(frozen=True, slots=True)
class CFRSection:
    """The CFR rows (``cfr``): ours set beside OpenSpiel's on the same game, and the check
    that both ran the same algorithm.

    ``ours`` and ``theirs`` name the two rows of the ratio (ours counted as OpenSpiel
    counts the game's information sets); ``ours_at_their_iterations`` is our
    exploitability after as many iterations as OpenSpiel's row ran in all (None where
    OpenSpiel did not run): the same CFR+ gives the same strategy, so it equals
    OpenSpiel's to rounding. ``situation`` says which Le Truc game the sparse row solved.
    """

    runs: tuple[CFRRun, ...]
    ours: str
    theirs: str
    situation: str = ""
    ours_at_their_iterations: float | None = None

    def get(self, key: str) -> CFRRun | None:
        for r in self.runs:
            if r.key == key:
                return r
        return None

    def ratio(self) -> float | None:
        """Our information-set updates per CPU second over OpenSpiel's, each counted as
        OpenSpiel counts (None unless both rows ran). CPU seconds, as the two rows run one
        after the other on a machine that may be busy in between."""
        mine, other = self.get(self.ours), self.get(self.theirs)
        if mine is None or other is None or other.updates_per_cpu_second <= 0:
            return None
        return mine.compared_updates_per_cpu_second / other.updates_per_cpu_second

    def to_json(self) -> dict[str, Any]:
        theirs = self.get(self.theirs)
        return {
            "runs": [r.to_json() for r in self.runs],
            "ratio_key": f"{self.ours}_vs_{self.theirs}_updates_per_cpu_second",
            "ratio": self.ratio(),
            "situation": self.situation,
            "same_iterations_check": None
            if theirs is None or self.ours_at_their_iterations is None
            else {
                "iterations": theirs.total_iterations,
                "openspiel_exploitability": theirs.exploitability,
                "ours_exploitability": self.ours_at_their_iterations,
            },
        }


@dataclass(frozen=True, slots=True)
class BenchReport:
    seconds: float
    seed: int
    measurements: tuple[Measurement, ...]
    openspiel: str  # "used", "skipped" or why it is missing
    latencies: tuple[Latency, ...] = ()
    comparisons: tuple[Comparison, ...] = ()
    target: Target | None = None
    cfr: CFRSection | None = None

    def get(self, key: str) -> Measurement | None:
        for m in self.measurements:
            if m.key == key:
                return m
        return None

    def compared(self) -> list[tuple[Comparison, Measurement, Measurement]]:
        """Each comparison whose two sides were both measured, with them."""
        out = []
        for c in self.comparisons:
            mine, other = self.get(c.ours), self.get(c.theirs)
            if mine is not None and other is not None and other.per_second > 0:
                out.append((c, mine, other))
        return out

    def ratios(self) -> dict[str, float]:
        """Ours (deals/s) over OpenSpiel's (games or deals per second), where both were
        measured: Le Truc over leduc_poker, Tetka over hearts, as the games declare."""
        return {c.key: mine.deal_rate / other.per_second for c, mine, other in self.compared()}

    def target_met(self) -> bool | None:
        """Whether the declared target was reached (None: no target, or not measured)."""
        if self.target is None:
            return None
        m = self.get(self.target.key)
        return None if m is None else m.deal_rate >= self.target.deals_per_second

    def to_json(self) -> dict[str, Any]:
        return {
            "seconds": self.seconds,
            "seed": self.seed,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "openspiel": self.openspiel,
            "measurements": [m.to_json() for m in self.measurements],
            "latencies": [x.to_json() for x in self.latencies],
            "ratios": self.ratios(),
            "target_deals_per_second": None
            if self.target is None
            else self.target.deals_per_second,
            "target_met": self.target_met(),
            "cfr": None if self.cfr is None else self.cfr.to_json(),
        }
