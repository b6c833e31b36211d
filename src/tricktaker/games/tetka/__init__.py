"""Tetka (docs/rules/tetka.md): four players each for himself, avoiding queens, the
photograph and the counting trick, played to 21 marks."""

from __future__ import annotations

import random

from tricktaker.core.game import BaseGame
from tricktaker.core.options import Options
from tricktaker.core.protocol import Chance, Direction, GameInfo
from tricktaker.core.start import Start
from tricktaker.games.tetka.actions import BY_ID, TABLE, TetkaAction
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
    # The seat draw and the photograph come from a second deck (games.tetka.chance).
    chance=Chance.SHUFFLE_AND_SECOND_DECK,
    second_deck=("photo", "draw"),
    # Play, and the deal, pass to the left (clockwise).
    play_direction=Direction.LEFT,
)


class TetkaGame(BaseGame[TetkaAction, TetkaState, TetkaView, TetkaWords]):
    def __init__(self) -> None:
        super().__init__(
            INFO, SCHEMA, TetkaState, TABLE, TetkaView, sample_state, TetkaWords, WORKLOADS
        )

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """Marks already taken, half the time near the target, so robbers end in play."""
        target = options.integer("target")
        high = target if rng.random() < 0.5 else max(1, target // 2)
        return Start({"marks": tuple(rng.randrange(high) for _ in range(SEATS))})


GAME = TetkaGame()

__all__ = ["GAME", "TetkaAction", "TetkaGame", "TetkaState", "TetkaView"]
