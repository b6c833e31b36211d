"""A game of Preferans as the protocol's State: the rules, with their views and events
(``core.state`` wires them in)."""

from __future__ import annotations

from tricktaker.core.state import GameState, Seen
from tricktaker.games.preferans.actions import PrefAction
from tricktaker.games.preferans.events import render, visible
from tricktaker.games.preferans.rules import PreferansRules
from tricktaker.games.preferans.views import PreferansView, build_view


class PreferansState(GameState[PrefAction, PreferansView], PreferansRules):
    __slots__ = ()
    SEEN = Seen(render, visible, build_view)
