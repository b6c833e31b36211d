"""The typed summary of a finished deal (``replay``'s ``deals[]``, the score sheet)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, overload

TrickResult = int | str


class DealSummary(NamedTuple):
    """How one deal ended.

    ``tricks``: per trick, the side that took it, or ``"spoiled"`` / ``"tie"``;
    ``winner``: the side that won the deal, None for a drawn or void deal;
    ``points``: what the deal scored (to the winner, in the game's units);
    ``gains``: per side, what the deal was worth to it in the game's units,
    higher being better (the arena's measure); ``end``: how it ended, in the
    game's words (``"tricks"``, ``"folded"``...); ``details``: the game's own
    (cards played, stake, score after the deal, marks per player...).

    A named tuple rather than a frozen dataclass: engines make one per deal,
    and a tuple is made several times faster.
    """

    number: int
    dealer: int
    tricks: tuple[TrickResult, ...]
    winner: int | None
    points: int
    gains: tuple[float, ...]
    end: str
    details: Mapping[str, Any] = {}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.number,
            "dealer": self.dealer,
            "tricks": list(self.tricks),
            "winner": self.winner,
            "points": self.points,
            "end": self.end,
        }
        for key, value in self.details.items():
            out[key] = _plain(value)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealSummary:
        """The summary ``to_json`` wrote (a ``deal_end`` event's data, a replay's ``deals[]``).

        ``gains`` are not in the JSON: they come back empty. Every key beyond
        the fixed ones returns to ``details``.
        """
        fixed = ("deal", "dealer", "tricks", "winner", "points", "end")
        winner = data["winner"]
        return cls(
            number=int(data["deal"]),
            dealer=int(data["dealer"]),
            tricks=tuple(t if isinstance(t, str) else int(t) for t in data["tricks"]),
            winner=None if winner is None else int(winner),
            points=int(data["points"]),
            gains=(),
            end=str(data["end"]),
            details={k: v for k, v in data.items() if k not in fixed},
        )


def game_winner(score: Sequence[int], target: int) -> int | None:
    """The side whose points have reached ``target`` (it has just won the game), or None."""
    for side, points in enumerate(score):
        if points >= target:
            return side
    return None


def score_cells(summary: DealSummary, target: int, mark: str) -> list[str]:
    """The score sheet's cells for a deal: each side's score after it (``details["score"]``),
    with ``mark`` ("(game)") beside the side whose win in this deal took it to ``target``."""
    score = summary.details.get("score", [0, 0])
    cells = [str(x) for x in score]
    won = game_winner(score, target)
    if won is not None and summary.winner == won:
        cells[won] += " " + mark
    return cells


def _plain(value: Any) -> Any:
    """A fresh JSON value: lists and tuples become new lists, all the way down, so
    what a caller does with the JSON never reaches the summary behind it."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


class DealList(Sequence[DealSummary]):
    """The finished deals of a match, summarised only when read.

    Engines keep each finished deal in a compact raw form and hand out this
    read-only sequence: counting deals (``len``) costs nothing, and a summary is
    built once, the first time it is read (``cache`` is the engine's own, kept
    across calls). The sequence is a snapshot: deals finished later are not in it.
    """

    __slots__ = ("_build", "_cache", "_n", "_raw")

    def __init__(
        self,
        raw: Sequence[Any],
        cache: list[DealSummary],
        build: Callable[[Any], DealSummary],
    ) -> None:
        self._raw = raw
        self._cache = cache
        self._build = build
        self._n = len(raw)

    def __len__(self) -> int:
        return self._n

    def _at(self, i: int) -> DealSummary:
        cache = self._cache
        while len(cache) <= i:
            cache.append(self._build(self._raw[len(cache)]))
        return cache[i]

    @overload
    def __getitem__(self, index: int) -> DealSummary: ...

    @overload
    def __getitem__(self, index: slice) -> list[DealSummary]: ...

    def __getitem__(self, index: int | slice) -> DealSummary | list[DealSummary]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(self._n))]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("deal index out of range")
        return self._at(index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"DealList({list(self)!r})"
