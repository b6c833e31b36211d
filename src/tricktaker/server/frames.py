"""Frames: each observer told what is new since he last heard, at a cost that does not grow.

A ``state`` frame carries the observer's view and moves (the moment: its size is
the deal's, never the match's) and his events from the client's number on. The
events are what would grow with the match, so they are kept per table and per
observer (a seat, or ``None`` for every spectator) in a :class:`Stream`:

* each event is asked of the state once (``State.events(since, observer)`` for the
  new ones only: a state's copies share what their original told,
  ``core.kept.KeptEvents.fork``), and its deal summary read once;
* its line, in a language and with the seat names as that observer reads them, is
  rendered once and kept as JSON text, shared by every socket of that observer and
  language: a frame joins kept texts, and a ``lang`` message answered with the whole
  log costs one rendering per observer and language, not one per socket;
* the score sheet's rows are kept the same way, and a frame carries them only when a
  deal has ended since the socket's last frame (``sheet`` absent: unchanged).

Where the rules show cards for a while only (``core.protocol.FadingEvents``: Tetka's
review of the last tricks), the events before ``shown_from(observer)`` are sent faded,
and a frame carries ``faded``, the events that have faded since the socket's last
frame, told again without their cards, so the page can replace what it holds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from tricktaker.core.events import Event
from tricktaker.core.options import Options
from tricktaker.core.protocol import FadingEvents, Game, State, Words
from tricktaker.core.sides import side_names
from tricktaker.core.summary import DealSummary
from tricktaker.server.messages import moment_message, shown_names, web_words

#: The words an observer's lines are rendered in: the language, the seat names as he
#: reads them ("You" for his own), the sides' names.
LangKey = tuple[str, tuple[str, ...], tuple[str, ...]]


def _dump(item: dict[str, Any]) -> str:
    return json.dumps(item, ensure_ascii=False)


@dataclass(slots=True)
class Lines:
    """One observer's events as JSON text in one language: each rendered once."""

    shown: list[str] = field(default_factory=list)
    #: Events told faded (``FadingEvents``), by number, rendered when first needed.
    faded: dict[int, str] = field(default_factory=dict)
    #: The score sheet's rows, one per finished deal.
    rows: list[list[str]] = field(default_factory=list)


@dataclass(slots=True)
class Stream:
    """What one observer (a seat, or None: every spectator) has been told at one table."""

    observer: int | None
    events: list[Event] = field(default_factory=list)
    deals: list[DealSummary] = field(default_factory=list)
    lines: dict[LangKey, Lines] = field(default_factory=dict)
    #: How many times a line was rendered (what a test counts: a ``lang`` costs one
    #: rendering per observer and language).
    renders: int = 0

    def catch_up(self, state: State) -> None:
        """Take the events the state has told since the last call (those alone)."""
        for event in state.events(len(self.events), self.observer):
            self.events.append(event)
            if event.kind == "deal_end":
                self.deals.append(DealSummary.from_json(event.data))

    def _item(self, event: Event, words: Words, seen: list[str], sides: list[str]) -> str:
        self.renders += 1
        item = event.to_json()
        item["text"] = words.event_text(event, seen, sides)
        if event.kind == "deal_end":  # the deal's story, for the pause at its end
            item["lines"] = words.deal_lines(DealSummary.from_json(event.data), seen, sides)
        return _dump(item)

    def texts(self, key: LangKey, words: Words, seen: list[str], sides: list[str]) -> Lines:
        """This observer's lines in ``key``'s words, rendered as far as his events go."""
        lines = self.lines.get(key)
        if lines is None:
            lines = self.lines[key] = Lines()
        shown = lines.shown
        for event in self.events[len(shown) :]:
            shown.append(self._item(event, words, seen, sides))
        rows = lines.rows
        for deal in self.deals[len(rows) :]:
            rows.append(words.sheet_row(deal, sides))
        return lines

    def faded_item(
        self,
        fading: FadingEvents,
        number: int,
        lines: Lines,
        words: Words,
        seen: list[str],
        sides: list[str],
    ) -> str:
        """Event ``number`` told faded (kept: once faded, an event stays so)."""
        text = lines.faded.get(number)
        if text is None:
            event = self.events[number]
            told = fading.faded(event)
            text = lines.shown[number] if told is event else self._item(told, words, seen, sides)
            lines.faded[number] = text
        return text


class Narrator:
    """One table's streams, one per observer, and whether its game fades its events."""

    def __init__(self) -> None:
        self.streams: dict[int | None, Stream] = {}
        self._fades: dict[type, bool] = {}

    def stream(self, state: State, observer: int | None) -> Stream:
        """The observer's stream, caught up with ``state``."""
        stream = self.streams.get(observer)
        if stream is None:
            stream = self.streams[observer] = Stream(observer)
        stream.catch_up(state)
        return stream

    def fading(self, state: State) -> FadingEvents | None:
        """The state as ``FadingEvents`` where its game fades events (checked once a class)."""
        kind = type(state)
        fades = self._fades.get(kind)
        if fades is None:
            fades = self._fades[kind] = isinstance(state, FadingEvents)
        return state if fades else None  # type: ignore[return-value]


_narrators: WeakKeyDictionary[object, Narrator] = WeakKeyDictionary()


def narrator_of(table: object) -> Narrator:
    """The narrator of a live table (kept as long as the table is)."""
    found = _narrators.get(table)
    if found is None:
        found = _narrators[table] = Narrator()
    return found


@dataclass(slots=True)
class Heard:
    """What one socket has been sent: where its client's events stand (``next_event``),
    how far they are told faded, how many sheet rows it holds, whether it has the rules."""

    next_event: int = 0
    faded_to: int = 0
    rows: int = -1
    rules: bool = False


def state_frame(
    narrator: Narrator,
    game: Game,
    state: State,
    observer: int | None,
    lang: str,
    names: Sequence[str],
    options: Options | None,
    heard: Heard,
    extra: Mapping[str, Any] | None = None,
) -> str:
    """The ``state`` frame for one socket as JSON text, and ``heard`` moved on.

    The frame holds the moment (``messages.moment_message``), the events from
    ``heard.next_event`` (at most the client's own number: a client that claims more
    than there is gets what there is from its number... none), ``next_event``, the
    sheet's rows only when they changed for this socket, and ``faded``: the events it
    holds that have faded since (``FadingEvents``); ``extra`` fields go in as given.
    """
    _ = web_words(lang)
    words = game.words(lang)
    seen = shown_names(names, observer, _)
    sides = side_names(state.sides, seen, _("{a} & {b}"))
    stream = narrator.stream(state, observer)
    lines = stream.texts((lang, tuple(seen), tuple(sides)), words, seen, sides)
    total = len(stream.events)
    since = min(heard.next_event, total)
    fading = narrator.fading(state)
    shown_from = min(fading.shown_from(observer), total) if fading is not None else 0
    items = _items(stream, lines, fading, shown_from, since, total, words, seen, sides)
    # Events this socket holds unfaded that have faded since its last frame.
    again: list[str] = []
    if fading is not None:
        for n in range(min(heard.faded_to, since), min(shown_from, since)):
            text = stream.faded_item(fading, n, lines, words, seen, sides)
            if text is not lines.shown[n]:  # an event without cards reads the same faded
                again.append(text)
    message = moment_message(
        game,
        state,
        observer,
        lang,
        names,
        stream.deals,
        options,
        with_rules=not heard.rules,
        rows=None if heard.rows == len(lines.rows) else lines.rows,
    )
    heard.next_event = total
    heard.faded_to = max(heard.faded_to, shown_from)
    heard.rows = len(lines.rows)
    heard.rules = True
    message["next_event"] = total
    if extra:
        message.update(extra)
    head = _dump(message)
    # The kept texts are spliced in, not parsed and dumped again: a frame costs what it adds.
    return (
        head[:-1] + ', "events": [' + ", ".join(items) + '], "faded": [' + ", ".join(again) + "]}"
    )


def _items(
    stream: Stream,
    lines: Lines,
    fading: FadingEvents | None,
    shown_from: int,
    start: int,
    stop: int,
    words: Words,
    seen: list[str],
    sides: list[str],
) -> list[str]:
    """The kept texts of events ``start`` to ``stop`` (those before ``shown_from`` faded)."""
    items: list[str] = []
    for n in range(start, stop):
        if n < shown_from and fading is not None:
            items.append(stream.faded_item(fading, n, lines, words, seen, sides))
        else:
            items.append(lines.shown[n])
    return items


def history_frame(
    narrator: Narrator,
    game: Game,
    state: State,
    observer: int | None,
    lang: str,
    names: Sequence[str],
    before: int,
) -> str:
    """``{"type": "history", "events": [...]}``: the observer's events numbered below
    ``before``, for a page that resumed from its number (a reload keeps the number only)
    and wants the lines before it. Joined from the kept texts, faded where they fade."""
    _ = web_words(lang)
    words = game.words(lang)
    seen = shown_names(names, observer, _)
    sides = side_names(state.sides, seen, _("{a} & {b}"))
    stream = narrator.stream(state, observer)
    lines = stream.texts((lang, tuple(seen), tuple(sides)), words, seen, sides)
    stop = max(0, min(before, len(stream.events)))
    fading = narrator.fading(state)
    shown_from = min(fading.shown_from(observer), stop) if fading is not None else 0
    items = _items(stream, lines, fading, shown_from, 0, stop, words, seen, sides)
    return '{"type": "history", "events": [' + ", ".join(items) + "]}"
