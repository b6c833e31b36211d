"""A Tetka robber as the protocol's State: the rules, with their views and events
(``core.state`` wires them in)."""

from __future__ import annotations

from tricktaker.cards import Card
from tricktaker.core.events import Event
from tricktaker.core.state import GameState, Seen
from tricktaker.games.tetka.actions import TetkaAction
from tricktaker.games.tetka.events import faded, render, shown_from, visible
from tricktaker.games.tetka.rules import TetkaRules
from tricktaker.games.tetka.views import TetkaView, build_view


class TetkaState(GameState[TetkaAction, TetkaView], TetkaRules):
    __slots__ = ()
    SEEN = Seen(render, visible, build_view)
    #: Every card is played face up, and the photograph and the draw are turned for all:
    #: at the robber's end the full record hides nothing (docs/rules/tetka.md).
    SHOWS_EVERY_CARD = True

    def shown_cards(self, observer: int | None) -> frozenset[Card]:
        """The photograph, and with the robber's first deal the seat draw: both turned face up
        for all from a second deck, so their twins in the playing deck are in someone's hand
        (docs/rules/tetka.md)."""
        first = self.deal_no == 0
        return frozenset({self.photo, *(self.draw if first else ())})

    def shown_from(self, observer: int | None) -> int:
        """The first event whose cards the rules still let ``observer`` review (the
        protocol's ``FadingEvents``): the oldest trick of the view's ``review``."""
        if observer is not None:
            self.check_seat(observer)
        return shown_from(self, observer)

    def faded(self, event: Event) -> Event:
        """``event`` told without the cards of a trick no longer shown."""
        return faded(event)
