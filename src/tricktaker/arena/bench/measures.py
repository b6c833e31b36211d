"""What a benchmark yields: a timed workload's counts, a timed call, and the rates read
from them.

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
