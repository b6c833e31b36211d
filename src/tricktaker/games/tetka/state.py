"""A Tetka robber as the protocol's State: the rules, with their views and events
(``core.state`` wires them in)."""

from __future__ import annotations

from tricktaker.core.state import GameState, Seen
from tricktaker.games.tetka.actions import TetkaAction
from tricktaker.games.tetka.events import render, visible
from tricktaker.games.tetka.rules import TetkaRules
from tricktaker.games.tetka.views import TetkaView, build_view


class TetkaState(GameState[TetkaAction, TetkaView], TetkaRules):
    __slots__ = ()
    SEEN = Seen(render, visible, build_view)
