"""A game of Preferans as the protocol's State: the rules, plus what may leave them.

Views and events are built by their own modules from the rules' fields; this
class only wires them in, so ``rules`` imports neither.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from typing import Any

from tricktaker.core.errors import IllegalAction
from tricktaker.core.events import Event, Told, info_key_of, render_log
from tricktaker.games.preferans.events import render, visible
from tricktaker.games.preferans.rules import PreferansRules
from tricktaker.games.preferans.views import PreferansView, build_view

#: An event as kept: kind, seat, action, and its data, either a flat dict (copied for each
#: caller) or, where it holds lists, its JSON text (read back fresh for each caller).
Kept = tuple[str, int | None, str | None, dict[str, Any] | None, str | None]


def _kept(kind: str, seat: int | None, action: str | None, data: Mapping[str, Any]) -> Kept:
    if any(isinstance(v, (list, tuple, dict)) for v in data.values()):
        return (kind, seat, action, None, json.dumps(data))
    return (kind, seat, action, dict(data), None)


def _event(number: int, kept: Kept) -> Event:
    kind, seat, action, flat, text = kept
    data: dict[str, Any] = json.loads(text) if text is not None else dict(flat or {})
    return Event(number, kind, seat, action, data)


class PreferansState(PreferansRules):
    """Events are rendered once per observer and kept: the log only grows, and a game's
    log is long (some 40 entries a deal), so front ends and tests that ask for the whole
    stream after every card would otherwise render it again and again."""

    __slots__ = ("_told",)
    _told: dict[int | None, tuple[list[Kept], list[int]]]

    def _check_seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {str(seat)[:12]} at this table")
        return seat

    def view(self, seat: int) -> PreferansView:
        return build_view(self, self._check_seat(seat))

    def public_view(self) -> PreferansView:
        return build_view(self, None)

    def events(self, since: int = 0, observer: int | None = None) -> list[Event]:
        if observer is not None:
            self._check_seat(observer)
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise IllegalAction("events: 'since' must be an event number, 0 or more")
        # Fresh events over the kept ones: a caller may do what he likes with what he gets.
        kept = self._stream(observer)
        return [_event(n, kept[n]) for n in range(since, len(kept))]

    def _stream(self, observer: int | None) -> list[Kept]:
        try:
            cache = self._told
        except AttributeError:
            cache = {}
            self._told = cache
        entry = cache.get(observer)
        if entry is None:
            entry = cache[observer] = ([], [0])
        out, upto = entry
        log = self.log
        for raw in log[upto[0] :]:
            if isinstance(raw, Told):
                if raw.observer == observer:
                    out.extend(_kept(e.kind, e.seat, e.action, e.data) for e in raw.events)
                continue
            told = render(raw, observer)
            if told is not None:
                out.append(_kept(*told))
        upto[0] = len(log)
        return out

    def clone(self, stop_after_deal: bool | None = None) -> PreferansState:
        new = super().clone(stop_after_deal)
        new._told = {}
        return new

    def info_key(self, seat: int) -> Hashable:
        """The seat and what it saw since the deal began (its cards, the marks, every card)."""
        told = render_log(self.log[self.deal_start :], self._check_seat(seat), 0, render, visible)
        return info_key_of(seat, told)
