"""Numbered events, each told to every observer as he may see it.

``apply`` appends what happened to the state's log in the game's own compact
form (an interned action, a small tuple). ``events(since, observer)`` renders
that log for one observer (a seat, or ``None`` for a spectator): a face-down
card is "a card face down" to everyone but its player, a private signal is
seen by the partner alone, and an event an observer may not know of at all is
left out of his stream. Each observer's events are numbered 0, 1, 2... in his
own stream, so a gap in the numbers can never betray that something hidden
happened. The terminal, the web server and bots' memory are all built from
events, never by comparing views.

Kinds every game uses the same way (front ends and the conformance suite
rely on them; a game adds its own beside them):

* ``deal``: a deal begins; ``data`` has ``deal`` (its number) and ``dealer``,
  and for a seat its own cards as dealt (``hand``, hidden slots as null);
* ``action``: a seat acted; ``action`` is the notation as this observer may
  see it, ``data.card`` the card played where one was shown;
* ``trick``: a trick was completed;
* ``deal_end``: a deal is over; ``data`` is its summary's JSON
  (``DealSummary.to_json``);
* ``game_end`` and ``match_end``: a game, and the match, are decided.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core.summary import DealSummary


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as one observer saw it.

    ``kind`` names what happened (``"deal"``, ``"action"``, ``"trick"``,
    ``"deal_end"``...), ``seat`` who did it where a seat did, ``action`` the
    action in notation as this observer may see it, and ``data`` the details,
    JSON-able, with only the cards this observer may know.
    """

    number: int
    kind: str
    seat: int | None = None
    action: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.number,
            "kind": self.kind,
            "seat": self.seat,
            "action": self.action,
            "data": _fresh(self.data),
        }

    def key(self) -> str:
        """The event without its number, canonical: for information-set keys."""
        return json.dumps([self.kind, self.seat, self.action, self.data], sort_keys=True)


def _fresh(value: Any) -> Any:
    """A new JSON value all the way down: what a caller does with an event's JSON
    never reaches the event (an engine may keep its events and hand them out again)."""
    kind = type(value)
    if kind is str or kind is int or value is None:  # the common leaves, first and cheaply
        return value
    if kind is list or kind is tuple:
        return [_fresh(v) for v in value]
    if kind is dict or isinstance(value, Mapping):
        return {k: _fresh(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Told:
    """Log entries already told to one observer: how a sampled state carries the
    past its seat remembers (the real past is unknown to the sample). One entry
    holds them all, so a sample costs the same early and late in a match."""

    observer: int | None
    events: Sequence[Event]


#: One event as a game's renderer tells it: (kind, seat, action, data).
Telling = tuple[str, int | None, str | None, Mapping[str, Any]]
#: Renders one raw log entry for an observer: its telling, or None if he does not see it.
Render = Callable[[object, int | None], "Telling | None"]


def plays_json(plays: Iterable[int]) -> list[list[Any]]:
    """Plays kept as ``seat << 6 | card``, as events write them: ``[[seat, "7h"], ...]``."""
    return [[p >> 6, CARD_NAMES[p & 63]] for p in plays]


def table_event(kind: str, data: Mapping[str, Any]) -> Telling:
    """An event of the table itself (no seat acted): a trick, a deal's end..."""
    return (kind, None, None, data)


def deal_end(summary: DealSummary) -> Telling:
    """A deal is over: its summary, as every observer sees it."""
    return table_event("deal_end", summary.to_json())


def game_end(side: int, score: Sequence[int], games: Sequence[int]) -> Telling:
    """A game of the match is won by ``side``: the score it was won at, and games won."""
    return table_event("game_end", {"side": side, "score": list(score), "games": list(games)})


def match_end(winner: int, games: Sequence[int]) -> Telling:
    """The match is won by ``winner`` (a side), with the games each side won."""
    return table_event("match_end", {"winner": winner, "games": list(games)})


def always_visible(entry: object, observer: int | None) -> bool:
    """The ``visible`` of a game whose every log entry reaches every observer."""
    return True


def not_an_entry(game: str, entry: object) -> ValueError:
    """The error for a log entry a game's renderer does not know (a bug in its engine)."""
    return ValueError(f"unknown {game} log entry {entry!r}")


def told_from(memory: Sequence[Event], observer: int | None) -> list[Told]:
    """Log entries that replay ``memory`` to ``observer`` (and to nobody else)."""
    return [Told(observer, memory)] if memory else []


def render_log(
    log: Sequence[object],
    observer: int | None,
    since: int,
    render: Render,
    visible: Callable[[object, int | None], bool] | None = None,
    *,
    start: int = 0,
    number: int = 0,
) -> list[Event]:
    """The events of ``log`` that ``observer`` sees, numbered in his stream, from ``since``.

    ``visible`` (optional, must agree with ``render``) says cheaply whether the
    observer sees an entry at all, so entries before ``since`` are counted
    without being rendered: a front end asking for the newest events pays for
    those alone. ``start`` skips the log's first entries uncounted, ``number``
    being how many events they told the observer: a reader who keeps his place
    in the log reads on from there without walking what he has read.
    """
    out: list[Event] = []
    for entry in islice(log, start, None):
        if isinstance(entry, Told):
            if entry.observer == observer:
                for e in entry.events:
                    if number >= since:
                        out.append(Event(number, e.kind, e.seat, e.action, e.data))
                    number += 1
            continue
        if number < since and visible is not None:
            if visible(entry, observer):
                number += 1
            continue
        told = render(entry, observer)
        if told is None:
            continue
        if number >= since:
            out.append(Event(number, *told))
        number += 1
    return out


def deal_events(events: Sequence[Event], start_kind: str = "deal") -> list[Event]:
    """The events since the start of the latest deal (that start included)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == start_kind:
            return list(events[i:])
    return list(events)


def info_key_of(seat: int, events: Sequence[Event], start_kind: str = "deal") -> Hashable:
    """A hashable information-set key: the seat and what it saw since the deal began.

    Games whose deal-start event tells the seat its hand and the position
    (scores, dealer) get perfect recall within the deal from this alone.
    """
    return (seat, tuple(e.key() for e in deal_events(events, start_kind)))
