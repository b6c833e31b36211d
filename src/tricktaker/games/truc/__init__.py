"""Le Truc (docs/rules/truc.md): two or four players, bluff, doubles and "my rest"."""

from __future__ import annotations

import random

from tricktaker.core.game import BaseGame
from tricktaker.core.options import Options
from tricktaker.core.protocol import GameInfo
from tricktaker.core.start import Start
from tricktaker.games.truc.actions import BY_ID, TABLE, TrucAction
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


class TrucGame(BaseGame[TrucAction, TrucState, TrucView, TrucWords]):
    def __init__(self) -> None:
        super().__init__(
            INFO, SCHEMA, TrucState, TABLE, TrucView, sample_state, TrucWords, WORKLOADS
        )

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """Each side's score uniform in 0..11, so that rests and counter-rests get played."""
        return Start({"score": (rng.randrange(GAME_POINTS), rng.randrange(GAME_POINTS))})


GAME = TrucGame()

__all__ = ["GAME", "TrucAction", "TrucGame", "TrucState", "TrucView"]
