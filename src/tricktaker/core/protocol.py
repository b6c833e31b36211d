"""The Game protocol every game implements (see DESIGN.md).

The split follows OpenSpiel: a ``Game`` knows the rules and options and makes
states; a ``State`` is one match in progress. Information leaves a state only
through ``view(seat)`` and ``public_view()``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self

from tricktaker.core.actions import Action


@dataclass(frozen=True, slots=True)
class Result:
    """Scores per side for the game in progress, games won, and the outcome."""

    score: tuple[int, ...]
    games: tuple[int, ...]
    finished: bool
    winner: int | None


class View(Protocol):
    """What one seat (or a spectator, ``seat is None``) may know."""

    @property
    def seat(self) -> int | None: ...

    def to_json(self) -> dict[str, Any]: ...


class State(Protocol):
    @property
    def to_act(self) -> int | None: ...

    @property
    def players(self) -> int: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def apply(self, action: Action | str) -> None: ...

    def view(self, seat: int) -> View: ...

    def public_view(self) -> View: ...

    def result(self) -> Result: ...

    def clone(self) -> Self: ...

    def finished_deals(self) -> list[dict[str, Any]]: ...

    def to_record(self) -> dict[str, Any]: ...

    def public_record(self) -> dict[str, Any]: ...


class Game(Protocol):
    """A registered game: its id, options, and the factory of its states."""

    @property
    def id(self) -> str: ...

    def options(self, values: Mapping[str, object]) -> Any: ...

    def new_match(
        self,
        options: Any,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any]] | None = None,
        dealer: int = 0,
    ) -> State: ...

    def parse_action(self, text: str) -> Action: ...

    def sample_state(self, view: View, rng: random.Random) -> State: ...
