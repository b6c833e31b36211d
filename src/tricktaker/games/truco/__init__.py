"""Truco (docs/rules/truco.md): Brazil's Paulista and Mineiro, and Argentino and Gaúcho
with the envido and the flor, for two, four or six, with raises and bluff."""

from __future__ import annotations

import random

from tricktaker.core.game import BaseGame
from tricktaker.core.options import Options
from tricktaker.core.protocol import Direction, GameInfo
from tricktaker.core.start import Start
from tricktaker.games.truco.actions import BY_ID, TABLE, TrucoAction
from tricktaker.games.truco.cards import DECK
from tricktaker.games.truco.options import SCHEMA, game_points
from tricktaker.games.truco.sampling import sample_state
from tricktaker.games.truco.state import TrucoState
from tricktaker.games.truco.views import TrucoView
from tricktaker.games.truco.words import TrucoWords
from tricktaker.games.truco.workloads import WORKLOADS

INFO = GameInfo(
    id="truco",
    name="Truco",
    players=(2, 4, 6),
    num_distinct_actions=len(BY_ID),
    min_return=-1.0,
    max_return=1.0,
    # Six players: 18 cards; at most four raises, each answered or raised over
    # (8 words); the eleven's decision and a fold. Argentino: three raises (6 words),
    # an envido of four calls and its answer (5), six flores sung and three answers.
    max_deal_actions=40,
    deck_size=len(DECK),
    # Play, and the deal, pass to the right (counter-clockwise): each seat sits
    # on the right of the seat before it.
    play_direction=Direction.RIGHT,
)


class TrucoGame(BaseGame[TrucoAction, TrucoState, TrucoView, TrucoWords]):
    def __init__(self) -> None:
        super().__init__(
            INFO, SCHEMA, TrucoState, TABLE, TrucoView, sample_state, TrucoWords, WORKLOADS
        )

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """Scores near the end half the time, so hands of eleven and iron hands get played
        (in Argentino, a falta envido and an envido that wins the game)."""
        top = game_points(
            options.text("variant"), options.integer("points"), options.integer("players")
        )
        low = top - 4 if rng.random() < 0.5 else 0
        return Start({"score": (rng.randrange(low, top), rng.randrange(low, top))})


GAME = TrucoGame()

__all__ = ["GAME", "TrucoAction", "TrucoGame", "TrucoState", "TrucoView"]
