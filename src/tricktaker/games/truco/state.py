"""A Truco match as the protocol's State: the rules, with their views and events
(``core.state`` wires them in)."""

from __future__ import annotations

from tricktaker.cards import Card
from tricktaker.core.state import GameState, Seen
from tricktaker.games.truco.actions import TrucoAction
from tricktaker.games.truco.events import render, visible
from tricktaker.games.truco.rules import TrucoRules
from tricktaker.games.truco.views import TrucoView, build_view


class TrucoState(GameState[TrucoAction, TrucoView], TrucoRules):
    __slots__ = ()
    SEEN = Seen(render, visible, build_view)
    KEEP_EVENTS = False  # deals of a few actions: rendered when asked

    def shown_cards(self, observer: int | None) -> frozenset[Card]:
        """The vira, turned face up for all; in a hand of eleven the partners' hands, shown to
        the team on eleven; in the iron hand the blind cards once played, which no view ever
        showed in a hand (docs/rules/truco.md)."""
        view = self.public_view() if observer is None else self.view(observer)
        shown = {view.vira} if view.vira is not None else set()
        if view.iron:
            plays = [*view.on_table, *(p for trick in view.tricks for p in trick[0])]
            shown |= {c for _, c in plays if c is not None}
        return frozenset(shown | {c for _, hand in view.partners for c in hand})
