"""The typed summary of a finished deal (``replay``'s ``deals[]``, the score sheet)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

TrickResult = int | str


@dataclass(frozen=True, slots=True)
class DealSummary:
    """How one deal ended.

    ``tricks``: per trick, the side that took it, or ``"spoiled"`` / ``"tie"``;
    ``winner``: the side that won the deal, None for a drawn or void deal;
    ``points``: what the deal scored (to the winner, in the game's units);
    ``gains``: per side, what the deal was worth to it in the game's units,
    higher being better (the arena's measure); ``end``: how it ended, in the
    game's words (``"tricks"``, ``"folded"``...); ``details``: the game's own
    (cards played, stake, score after the deal, marks per player...).
    """

    number: int
    dealer: int
    tricks: tuple[TrickResult, ...]
    winner: int | None
    points: int
    gains: tuple[float, ...]
    end: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.number,
            "dealer": self.dealer,
            "tricks": list(self.tricks),
            "winner": self.winner,
            "points": self.points,
            "end": self.end,
        }
        out.update(self.details)
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
