"""A Le Truc match as the protocol's State: the rules, with their views and events
(``core.state`` wires them in)."""

from __future__ import annotations

from tricktaker.core.state import GameState, Seen
from tricktaker.games.truc.actions import TrucAction
from tricktaker.games.truc.events import render, visible
from tricktaker.games.truc.rules import TrucRules
from tricktaker.games.truc.views import TrucView, build_view


class TrucState(GameState[TrucAction, TrucView], TrucRules):
    __slots__ = ()
    SEEN = Seen(render, visible, build_view)
    KEEP_EVENTS = False  # deals of a few actions: rendered when asked
