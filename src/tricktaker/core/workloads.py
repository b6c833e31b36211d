"""What a game asks ``tricktaker bench`` to time: its workloads (an optional hook).

The arena reaches games only through the registry, so it cannot know which
player counts, conventions or search steps are worth timing in each game, nor
which familiar engine a reader would set a game beside. The game says so
itself: a game that adds ``bench_workloads`` (:class:`BenchWorkloads`) lists
:class:`Workload` values, and the bench runs whatever the registered games
declare, naming none. A workload's ``key`` and ``label`` are the names its
rows carry in the report and in ``tricktaker bench --json``, which scripts
track over time, so a game keeps them stable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Protocol, runtime_checkable

from tricktaker.core.options import OptionValue
from tricktaker.core.protocol import Game


class WorkloadKind(StrEnum):
    """What a workload times, each through the public Game API only."""

    #: Whole matches from ``new_match`` to the end; the deals they held are counted too.
    MATCHES = "matches"
    #: ``new_match``, then play until its first deal is over (one unit: one deal).
    DEALS = "deals"
    #: A search step: ``clone`` a state one to three cards into a deal, play to the deal's end.
    PLAYOUTS = "playouts"
    #: The search step of ``PLAYOUTS`` by the game's compiled playouts (``core.playouts``):
    #: each state of the same pool played out many times a call, from where it stands.
    FAST_PLAYOUTS = "fast-playouts"
    #: ``new_match``, then its first deal played out ``n`` times at a go by the game's
    #: compiled playouts (``core.playouts``, ``deal=True``: each deal dealt afresh), in
    #: batches: complete deals from a deal's start, as ``DEALS`` counts them.
    FAST_DEALS = "fast-deals"
    #: ``clone``, ``apply`` of a card and ``sample_state``, each timed one call at a time.
    CALLS = "calls"


class PlayPolicy(StrEnum):
    """How the timed players choose among the legal actions."""

    #: Any legal action, all equally likely (folds and refusals included).
    UNIFORM = "uniform"
    #: A random card, else a pass; never folds, bids or talks (closest to a search playout).
    CARD_PLAY = "card-play"


#: What one unit of each kind is, as the report names it.
UNITS: Mapping[WorkloadKind, str] = MappingProxyType(
    {
        WorkloadKind.MATCHES: "match",
        WorkloadKind.DEALS: "deal",
        WorkloadKind.PLAYOUTS: "playout",
        WorkloadKind.FAST_PLAYOUTS: "playout",
        WorkloadKind.FAST_DEALS: "deal",
        WorkloadKind.CALLS: "call",
    }
)

#: The kinds that count deals, so that they may carry a yardstick or a target in deals/s.
DEAL_KINDS = (WorkloadKind.MATCHES, WorkloadKind.DEALS, WorkloadKind.FAST_DEALS)


@dataclass(frozen=True, slots=True)
class Yardstick:
    """An OpenSpiel game timed by the same kind of loop and set beside a workload.

    The report prints the ratio of the workload's deals per second to the
    yardstick's ``unit`` per second, under the key
    ``<workload key>_deals_vs_<name>_<units>``. Workloads that name an equal
    yardstick share one measurement of it.
    """

    #: The name ``pyspiel.load_game`` knows it by (``leduc_poker``, ``hearts``).
    game: str
    #: Its short name in the ratio's key and words (``leduc``).
    name: str
    #: Its row's key and label in the report.
    key: str
    label: str
    #: What one of its games is to a reader: a ``game`` or, where a game is one deal, a ``deal``.
    unit: str


@dataclass(frozen=True, slots=True)
class Workload:
    """One row (or, for ``CALLS``, three rows) a game asks the bench to time.

    ``options`` are the game's rule options for the matches (the defaults where
    not given). ``PLAYOUTS``, ``FAST_PLAYOUTS`` and ``CALLS`` start from states
    one to three cards into a deal, reached by playing cards (or passing): they suit games
    whose deal opens with card play. ``yardstick`` and ``target`` (deals per
    second one core should reach, checked by the report's target line) need a
    kind that counts deals.
    """

    key: str
    label: str
    kind: WorkloadKind
    options: Mapping[str, OptionValue] = field(default_factory=dict, hash=False)
    policy: PlayPolicy = PlayPolicy.UNIFORM
    yardstick: Yardstick | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        # A declaration that contradicts itself is a bug in the game, caught at import.
        if not self.key or not self.label:
            raise ValueError("a bench workload needs a key and a label")
        if self.kind not in DEAL_KINDS and (self.yardstick or self.target is not None):
            raise ValueError(
                f"bench workload {self.key}: a yardstick or target needs a kind that counts"
                f" deals ({', '.join(DEAL_KINDS)}), not {self.kind}"
            )
        if self.target is not None and self.target <= 0:
            raise ValueError(f"bench workload {self.key}: the target must be positive")
        # Read-only, so that a declared workload cannot be changed by whoever runs it.
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    @property
    def unit(self) -> str:
        """What one unit of this workload is (``match``, ``deal``, ``playout``, ``call``)."""
        return UNITS[self.kind]


@runtime_checkable
class BenchWorkloads(Protocol):
    """A game that declares what ``tricktaker bench`` should time in it (optional).

    Without the hook a game is simply not benchmarked; the bench never names a game.
    """

    def bench_workloads(self) -> tuple[Workload, ...]:
        """The game's workloads, in the order its rows should appear within each kind."""
        ...


def bench_workloads(game: Game) -> tuple[Workload, ...]:
    """The game's declared workloads (``BenchWorkloads``), or none."""
    return game.bench_workloads() if isinstance(game, BenchWorkloads) else ()
