"""Preferans (docs/rules/preferans.md): the Russian game of contracts and whists, for three
players or four with the dealer sitting out, by the Sochi, Leningrad or Rostov convention,
or by seed 002's pot rules."""

from __future__ import annotations

import random

from tricktaker.core.game import BaseGame
from tricktaker.core.options import Options
from tricktaker.core.protocol import Direction, GameInfo
from tricktaker.core.start import Start
from tricktaker.games.preferans.actions import BY_ID, TABLE, PrefAction
from tricktaker.games.preferans.options import SCHEMA
from tricktaker.games.preferans.sampling import sample_state
from tricktaker.games.preferans.state import PreferansState
from tricktaker.games.preferans.views import PreferansView
from tricktaker.games.preferans.words import PreferansWords
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
    play_direction=Direction.LEFT,
)


class PreferansGame(BaseGame[PrefAction, PreferansState, PreferansView, PreferansWords]):
    def __init__(self) -> None:
        super().__init__(
            INFO,
            SCHEMA,
            PreferansState,
            TABLE,
            PreferansView,
            sample_state,
            PreferansWords,
            WORKLOADS,
        )

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """A sheet part-written, half the time near the end, so games end in self-play."""
        if options.text("rules") == "pot":
            return Start()
        n = options.integer("players")
        pool = options.integer("pool")
        high = pool if rng.random() < 0.5 else max(1, pool // 2)
        return Start(
            {
                "pulya": tuple(rng.randrange(high) for _ in range(n)),
                "gora": tuple(rng.randrange(20) for _ in range(n)),
            }
        )


GAME = PreferansGame()

__all__ = ["GAME", "PrefAction", "PreferansGame", "PreferansState", "PreferansView"]
