"""A Tetka robber as the protocol's State: the rules, plus what may leave them.

Views and events are built by their own modules from the rules' fields; this
class only wires them in, so ``rules`` imports neither.
"""

from __future__ import annotations

from collections.abc import Hashable

from tricktaker.core.errors import IllegalAction
from tricktaker.core.events import Event, info_key_of, render_log
from tricktaker.core.kept import KeptEvents
from tricktaker.games.tetka.events import render, visible
from tricktaker.games.tetka.rules import SEATS, TetkaRules
from tricktaker.games.tetka.views import TetkaView, build_view


class TetkaState(TetkaRules):
    """Events are rendered once per observer and kept (``core.kept``)."""

    __slots__ = ("_told",)
    _told: KeptEvents

    def _check_seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
            raise IllegalAction(f"there is no seat {str(seat)[:12]} at this table")
        return seat

    def view(self, seat: int) -> TetkaView:
        return build_view(self, self._check_seat(seat))

    def public_view(self) -> TetkaView:
        return build_view(self, None)

    def events(self, since: int = 0, observer: int | None = None) -> list[Event]:
        if observer is not None:
            self._check_seat(observer)
        try:
            told = self._told
        except AttributeError:  # a state made by __init__, not by clone
            told = self._told = KeptEvents(render)
        return told.events(self.log, since, observer)

    def clone(self, stop_after_deal: bool | None = None) -> TetkaState:
        new = super().clone(stop_after_deal)
        new._told = KeptEvents(render)
        return new

    def info_key(self, seat: int) -> Hashable:
        """The seat and what it saw since the deal began (its cards, the marks, every card)."""
        told = render_log(self.log[self.deal_start :], self._check_seat(seat), 0, render, visible)
        return info_key_of(seat, told)
