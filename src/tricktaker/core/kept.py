"""Events rendered once per observer and kept, for engines whose logs grow long.

A state's log only grows, and a game's log is long (Tetka writes some 65 entries a
deal, Preferans some 40), while front ends and tests ask for the whole stream after
every card. :class:`KeptEvents` renders each log entry once per observer and hands
out fresh copies, so what a caller does with an event never reaches the next caller.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core.errors import IllegalAction
from tricktaker.core.events import Event, Render, Told

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


class KeptEvents:
    """Each observer's stream of one state's log, rendered as far as it has been read.

    A state keeps one, and a clone gets a :meth:`fork` of it: the clone's log starts
    as a copy of its original's, so the streams told so far hold for it too, and it
    tells only what its own log adds (a server copies its table's state for every
    move, and would otherwise tell the whole match again after each).
    """

    __slots__ = ("_render", "_shared", "_streams")

    def __init__(
        self,
        render: Render,
        shared: dict[int | None, tuple[list[Kept], int, int]] | None = None,
    ) -> None:
        self._render = render
        self._streams: dict[int | None, tuple[list[Kept], list[int]]] = {}
        #: Streams of the original at the fork: (its list, how many of it are ours, the log
        #: length they tell), copied on first use (the original's list may grow after).
        self._shared = shared

    def fork(self, log_length: int) -> KeptEvents:
        """The events told for a copy of a log of ``log_length`` entries: the streams told
        to its very end are shared (copied only when the copy first reads one), so a
        fork costs the same early and late in a match, and nothing a copy tells reaches
        its original."""
        shared = {
            observer: (out, len(out), log_length)
            for observer, (out, upto) in self._streams.items()
            if upto[0] == log_length
        }
        return KeptEvents(self._render, shared or None)

    def events(self, log: Sequence[object], since: object, observer: int | None) -> list[Event]:
        """The observer's events numbered ``since`` and later (the observer already checked)."""
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise IllegalAction("events: 'since' must be an event number, 0 or more")
        kept = self._stream(log, observer)
        return [_event(n, kept[n]) for n in range(since, len(kept))]

    def _stream(self, log: Sequence[object], observer: int | None) -> list[Kept]:
        entry = self._streams.get(observer)
        if entry is None:
            base = self._shared.pop(observer, None) if self._shared else None
            if base is None:
                entry = self._streams[observer] = ([], [0])
            else:  # the original's stream as it stood at the fork
                out, count, length = base
                entry = self._streams[observer] = (out[:count], [length])
        out, upto = entry
        render = self._render
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
