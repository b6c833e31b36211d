"""Preferans (RULES.md §3): the Russian game of contracts and whists, for three players or
four with the dealer sitting out, by the Sochi, Leningrad or Rostov convention, or by
seed 002's pot rules."""

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
from tricktaker.games.preferans.actions import (
    BY_ID,
    PrefAction,
    action_from_id,
    intern,
    parse_action,
)
from tricktaker.games.preferans.options import MAX_POOL, SCHEMA
from tricktaker.games.preferans.sampling import sample_state
from tricktaker.games.preferans.state import PreferansState
from tricktaker.games.preferans.views import PreferansView
from tricktaker.games.preferans.workloads import WORKLOADS

#: Returns are whists (or stakes) and have no natural bound; these are far beyond any
#: game the conformance suite or a person plays, and the suite checks them.
RETURN_BOUND = 1e7

INFO = GameInfo(
    id="preferans",
    name="Preferans",
    players=(3, 4),
    num_distinct_actions=len(BY_ID),
    min_return=-RETURN_BOUND,
    max_return=RETURN_BOUND,
    # Bidding (at most 3 + 2 x 26 words), discard, contract, 3 answers, choice, 30 cards.
    max_deal_actions=100,
    deck_size=32,
    play_direction="left",
)


class PreferansGame:
    id = "preferans"
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
    ) -> PreferansState:
        options = self.options(options.to_json() if isinstance(options, Options) else options)
        return PreferansState(options, seed=seed, deals=deals, dealer=dealer, start=start)

    def parse_action(self, text: str) -> PrefAction:
        return parse_action(text)

    def action_id(self, action: Action) -> int:
        return intern(action).number

    def action_from_id(self, number: int) -> PrefAction:
        return action_from_id(number)

    def sample_state(
        self, view: View, memory: Sequence[Event], rng: random.Random
    ) -> PreferansState:
        if not isinstance(view, PreferansView):
            raise SampleError("sample_state needs a Preferans view")
        return sample_state(view, memory, rng)

    def view_from_json(self, data: Mapping[str, Any]) -> PreferansView:
        return PreferansView.from_json(data)

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """A sheet part-written, half the time near the end, so games end in self-play."""
        n = int(options["players"])
        if options.text("rules") == "pot":
            return Start()
        pool = options.integer("pool")
        high = pool if rng.random() < 0.5 else max(1, pool // 2)
        return Start(
            {
                "pulya": tuple(rng.randrange(high) for _ in range(n)),
                "gora": tuple(rng.randrange(20) for _ in range(n)),
            }
        )

    def words(self, lang: str) -> Any:
        from tricktaker.games.preferans.words import PreferansWords

        return PreferansWords(lang)

    def bench_workloads(self) -> tuple[Workload, ...]:
        """What ``tricktaker bench`` times in this game (``core.workloads``)."""
        return WORKLOADS


GAME = PreferansGame()
del MAX_POOL

__all__ = ["GAME", "PrefAction", "PreferansGame", "PreferansState", "PreferansView"]
