"""Le Truc (RULES.md §1): two or four players, bluff, doubles and "my rest"."""

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
from tricktaker.core.workloads import Workload
from tricktaker.games.truc.actions import BY_ID, TrucAction, action_from_id, intern, parse_action
from tricktaker.games.truc.cards import DECK
from tricktaker.games.truc.options import SCHEMA
from tricktaker.games.truc.rules import GAME_POINTS
from tricktaker.games.truc.sampling import sample_state
from tricktaker.games.truc.state import TrucState
from tricktaker.games.truc.views import TrucView
from tricktaker.games.truc.words import TrucWords
from tricktaker.games.truc.workloads import WORKLOADS

INFO = GameInfo(
    id="truc",
    name="Le Truc",
    players=(2, 4),
    num_distinct_actions=len(BY_ID),
    min_return=-1.0,
    max_return=1.0,
    # Two players: at most 4 accepted calls (8 actions), 6 cards, and per turn one
    # proposal and its answer, plus a last rest; four: calls, 12 cards, one
    # proposal per side per trick, a window pass each, and the private words.
    max_deal_actions=96,
    deck_size=len(DECK),
)


class TrucGame:
    id = "truc"
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
    ) -> TrucState:
        # Checked again even when already Options: they may be another game's, or built
        # by hand without the schema's checks.
        options = self.options(options.to_json() if isinstance(options, Options) else options)
        return TrucState(options, seed=seed, deals=deals, dealer=dealer, start=start)

    def parse_action(self, text: str) -> TrucAction:
        return parse_action(text)

    def action_id(self, action: Action) -> int:
        return intern(action).number

    def action_from_id(self, number: int) -> TrucAction:
        return action_from_id(number)

    def sample_state(self, view: View, memory: Sequence[Event], rng: random.Random) -> TrucState:
        if not isinstance(view, TrucView):
            raise IllegalAction("sample_state needs a Le Truc view")
        return sample_state(view, memory, rng)

    def view_from_json(self, data: Mapping[str, Any]) -> TrucView:
        return TrucView.from_json(data)

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """Each side's score uniform in 0..11, so that rests and counter-rests get played."""
        return Start({"score": (rng.randrange(GAME_POINTS), rng.randrange(GAME_POINTS))})

    def words(self, lang: str) -> TrucWords:
        return TrucWords(lang)

    def bench_workloads(self) -> tuple[Workload, ...]:
        """What ``tricktaker bench`` times in this game (``core.workloads``)."""
        return WORKLOADS


GAME = TrucGame()

__all__ = ["GAME", "TrucAction", "TrucGame", "TrucState", "TrucView"]
