"""Tetka (RULES.md §4): four players each for himself, avoiding queens, the photograph and
the counting trick, played to 21 marks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core.actions import Action
from tricktaker.core.errors import SampleError
from tricktaker.core.events import Event
from tricktaker.core.options import Options, OptionSpec, build_options
from tricktaker.core.protocol import GameInfo, View
from tricktaker.core.start import Start
from tricktaker.core.workloads import Workload
from tricktaker.games.tetka.actions import BY_ID, TetkaAction, action_from_id, intern, parse_action
from tricktaker.games.tetka.options import MAX_TARGET, SCHEMA
from tricktaker.games.tetka.rules import MARKS_PER_DEAL, SEATS
from tricktaker.games.tetka.sampling import sample_state
from tricktaker.games.tetka.state import TetkaState
from tricktaker.games.tetka.views import TetkaView
from tricktaker.games.tetka.words import TetkaWords
from tricktaker.games.tetka.workloads import WORKLOADS

INFO = GameInfo(
    id="tetka",
    name="Tetka",
    players=(SEATS,),
    num_distinct_actions=len(BY_ID),
    # The settlement: seat i receives sum(marks) - 4 * marks[i]. Before the last deal
    # everyone is below the target; the last deal hands out 8 more marks.
    min_return=-float((SEATS - 1) * (MAX_TARGET - 1 + MARKS_PER_DEAL)),
    max_return=float((SEATS - 1) * (MAX_TARGET - 1) + MARKS_PER_DEAL),
    max_deal_actions=52,
    deck_size=52,
    chance="a seeded shuffle per deal (core.dealing); the seat draw and the photograph"
    " from a second deck (games.tetka.chance)",
    # Play, and the deal, pass to the left (clockwise).
    play_direction="left",
)


class TetkaGame:
    id = "tetka"
    info = INFO

    def option_schema(self) -> tuple[OptionSpec, ...]:
        return SCHEMA

    def options(self, values: Mapping[str, object] | Options) -> Options:
        return build_options(SCHEMA, values)

    def new_match(
        self,
        options: Options,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any]] | None = None,
        dealer: int = 0,
        start: Start | None = None,
    ) -> TetkaState:
        # Checked again even when already Options: they may be another game's.
        options = self.options(options.to_json() if isinstance(options, Options) else options)
        return TetkaState(options, seed=seed, deals=deals, dealer=dealer, start=start)

    def parse_action(self, text: str) -> TetkaAction:
        return parse_action(text)

    def action_id(self, action: Action) -> int:
        return intern(action).number

    def action_from_id(self, number: int) -> TetkaAction:
        return action_from_id(number)

    def sample_state(self, view: View, memory: Sequence[Event], rng: random.Random) -> TetkaState:
        if not isinstance(view, TetkaView):
            raise SampleError("sample_state needs a Tetka view")
        return sample_state(view, memory, rng)

    def view_from_json(self, data: Mapping[str, Any]) -> TetkaView:
        return TetkaView.from_json(data)

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """Marks already taken, half the time near the target, so robbers end in play."""
        target = options.integer("target")
        high = target if rng.random() < 0.5 else max(1, target // 2)
        return Start({"marks": tuple(rng.randrange(high) for _ in range(SEATS))})

    def words(self, lang: str) -> TetkaWords:
        return TetkaWords(lang)

    def bench_workloads(self) -> tuple[Workload, ...]:
        """What ``tricktaker bench`` times in this game (``core.workloads``)."""
        return WORKLOADS


GAME = TetkaGame()

__all__ = ["GAME", "TetkaAction", "TetkaGame", "TetkaState", "TetkaView"]
