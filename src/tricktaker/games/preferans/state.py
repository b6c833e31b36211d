"""A game of Preferans as the protocol's State: the rules, with their views and events
(``core.state`` wires them in)."""

from __future__ import annotations

from tricktaker.cards import Card
from tricktaker.core.state import GameState, Seen
from tricktaker.games.preferans.actions import PrefAction
from tricktaker.games.preferans.claims import claim_line
from tricktaker.games.preferans.events import render, visible
from tricktaker.games.preferans.rules import PreferansRules
from tricktaker.games.preferans.views import PreferansView, build_view


class PreferansState(GameState[PrefAction, PreferansView], PreferansRules):
    __slots__ = ()
    SEEN = Seen(render, visible, build_view)

    def shown_cards(self, observer: int | None) -> frozenset[Card]:
        """The talon of a Russian contract, shown to all (then in its taker's hand); the talon
        cards that lead an all-pass, held by nobody; and hands laid open: an open whist,
        misère's catchers after the first trick (docs/rules/preferans.md)."""
        view = self.public_view()
        shown = set(view.talon)
        if view.talon_lead is not None:
            shown.add(view.talon_lead)
        return frozenset(shown.union(*(hand for _, hand in view.open_hands)))

    def claim_line(self, seat: int) -> tuple[PrefAction, ...] | None:
        """The rest of the deal played out if ``seat`` claims it now (``claims``)."""
        return claim_line(self, seat)
