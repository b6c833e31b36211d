"""A Truco match as the protocol's State: the rules, with their views and events
(``core.state`` wires them in)."""

from __future__ import annotations

from tricktaker.core.state import GameState, Seen
from tricktaker.games.truco.actions import TrucoAction
from tricktaker.games.truco.events import render, visible
from tricktaker.games.truco.rules import TrucoRules
from tricktaker.games.truco.views import TrucoView, build_view


class TrucoState(GameState[TrucoAction, TrucoView], TrucoRules):
    __slots__ = ()
    SEEN = Seen(render, visible, build_view)
