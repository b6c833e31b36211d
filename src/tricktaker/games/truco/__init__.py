"""Truco (RULES.md §2): Paulista and Mineiro, for two, four or six, with raises and bluff."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core.actions import Action
from tricktaker.core.errors import IllegalAction
from tricktaker.core.events import Event
from tricktaker.core.options import Options, OptionSpec, build_options
from tricktaker.core.protocol import GameInfo, View
from tricktaker.core.start import Start
from tricktaker.games.truco.actions import BY_ID, TrucoAction, action_from_id, intern, parse_action
from tricktaker.games.truco.cards import DECK
from tricktaker.games.truco.options import SCHEMA
from tricktaker.games.truco.outcomes import GAME_POINTS
from tricktaker.games.truco.sampling import sample_state
from tricktaker.games.truco.state import TrucoState
from tricktaker.games.truco.views import TrucoView
from tricktaker.games.truco.words import TrucoWords

INFO = GameInfo(
    id="truco",
    name="Truco",
    players=(2, 4, 6),
    num_distinct_actions=len(BY_ID),
    min_return=-1.0,
    max_return=1.0,
    # Six players: 18 cards; at most four raises, each answered or raised over
    # (8 words); the eleven's decision and a fold.
    max_deal_actions=28,
    deck_size=len(DECK),
    # Play, and the deal, pass to the right (counter-clockwise): each seat sits
    # on the right of the seat before it.
    play_direction="right",
)


class TrucoGame:
    id = "truco"
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
    ) -> TrucoState:
        # Checked again even when already Options: they may be another game's.
        options = self.options(options.to_json() if isinstance(options, Options) else options)
        return TrucoState(options, seed=seed, deals=deals, dealer=dealer, start=start)

    def parse_action(self, text: str) -> TrucoAction:
        return parse_action(text)

    def action_id(self, action: Action) -> int:
        return intern(action).number

    def action_from_id(self, number: int) -> TrucoAction:
        return action_from_id(number)

    def sample_state(self, view: View, memory: Sequence[Event], rng: random.Random) -> TrucoState:
        if not isinstance(view, TrucoView):
            raise IllegalAction("sample_state needs a Truco view")
        return sample_state(view, memory, rng)

    def view_from_json(self, data: Mapping[str, Any]) -> TrucoView:
        return TrucoView.from_json(data)

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """Scores near the end half the time, so hands of eleven and iron hands get played."""
        if rng.random() < 0.5:
            return Start({"score": (rng.randrange(8, GAME_POINTS), rng.randrange(8, GAME_POINTS))})
        return Start({"score": (rng.randrange(GAME_POINTS), rng.randrange(GAME_POINTS))})

    def words(self, lang: str) -> TrucoWords:
        return TrucoWords(lang)


GAME = TrucoGame()

__all__ = ["GAME", "TrucoAction", "TrucoGame", "TrucoState", "TrucoView"]
