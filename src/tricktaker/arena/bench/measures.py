"""What a benchmark yields: a timed workload's counts, a timed call, a timed CFR run, and
the rates read from them.

Only counts and seconds are kept; every rate is derived, so the JSON that
scripts track and the table a person reads can never disagree.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, overload

#: The plural of each unit, as rows and progress lines name them.
PLURAL = {"match": "matches", "deal": "deals", "playout": "playouts", "game": "games"}


class BenchError(RuntimeError):
    """A workload could not go on (a policy found no action it may take), or the games'
    declared workloads contradict each other (two with one key)."""


class Rate:
    """A figure read from two counts of a measurement: ``scale * count / total``, or 0
    where nothing was counted (an empty run is not an error)."""

    def __init__(self, count: str, total: str, scale: float = 1.0) -> None:
        self.count = count
        self.total = total
        self.scale = scale

    @overload
    def __get__(self, obj: None, owner: type) -> Rate: ...

    @overload
    def __get__(self, obj: object, owner: type) -> float: ...

    def __get__(self, obj: object | None, owner: type) -> Rate | float:
        if obj is None:
            return self
        total = getattr(obj, self.total)
        return self.scale * getattr(obj, self.count) / total if total > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Measurement:
    """One timed workload: how many units (matches, playouts, games) and actions it ran."""

    key: str
    label: str
    unit: str
    units: int
    actions: int
    seconds: float
    cpu_seconds: float
    deals: int = 0
    chance: int = 0

    per_second = Rate("units", "seconds")
    actions_per_second = Rate("actions", "seconds")
    actions_per_unit = Rate("actions", "units")
    deals_per_second = Rate("deals", "seconds")
    deals_per_unit = Rate("deals", "units")
    actions_per_deal = Rate("actions", "deals")
    cpu_share = Rate("cpu_seconds", "seconds")

    @property
    def deal_rate(self) -> float:
        """Deals per second, whether the unit is a deal or the deals were counted in matches."""
        return self.per_second if self.unit == "deal" else self.deals_per_second

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = asdict(self)
        out.update(
            per_second=self.per_second,
            actions_per_second=self.actions_per_second,
            actions_per_unit=self.actions_per_unit,
        )
        if self.deals:
            out.update(
                deals_per_second=self.deals_per_second,
                deals_per_unit=self.deals_per_unit,
                actions_per_deal=self.actions_per_deal,
            )
        return out


@dataclass(frozen=True, slots=True)
class Latency:
    """One engine call timed alone: how many calls ran in how long."""

    key: str
    label: str
    calls: int
    seconds: float

    microseconds = Rate("seconds", "calls", scale=1e6)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = asdict(self)
        out["microseconds"] = self.microseconds
        return out


@dataclass(frozen=True, slots=True)
class CFRRun:
    """One CFR solver timed (``cfr``): how many iterations ran, and how many information
    sets each updates.

    An iteration (alternating updates: player 0's half, then player 1's) updates every
    information set once, so updates are ``infosets * iterations``. ``compared_infosets``
    is the same game's count as another solver's row counts it (OpenSpiel's 936 for our
    Leduc, which ignores suits and has 288), 0 where there is none; ``exploitability`` is
    that of the average strategy after every iteration run, the warm-up's included, to
    show the work is real; ``setup_seconds`` built the tree and are not timed.
    """

    key: str
    label: str
    infosets: int
    iterations: int
    seconds: float
    cpu_seconds: float
    exploitability: float
    total_iterations: int
    setup_seconds: float = 0.0
    compared_infosets: int = 0

    @property
    def updates(self) -> int:
        return self.infosets * self.iterations

    @property
    def compared_updates(self) -> int:
        return self.compared_infosets * self.iterations

    iterations_per_second = Rate("iterations", "seconds")
    updates_per_second = Rate("updates", "seconds")
    updates_per_cpu_second = Rate("updates", "cpu_seconds")
    compared_updates_per_cpu_second = Rate("compared_updates", "cpu_seconds")
    cpu_share = Rate("cpu_seconds", "seconds")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = asdict(self)
        out.update(
            iterations_per_second=self.iterations_per_second,
            updates_per_second=self.updates_per_second,
            updates_per_cpu_second=self.updates_per_cpu_second,
        )
        if self.compared_infosets:
            out["compared_updates_per_cpu_second"] = self.compared_updates_per_cpu_second
        return out
