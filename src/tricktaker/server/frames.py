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
  log costs one rendering per observer and language, not one per socket (the last
  ``KEPT_LANGS`` languages are kept, so a table's memory stays bounded);
* the score sheet's rows are kept the same way, and a frame carries them only when a
  deal has ended since the socket's last frame (``sheet`` absent: unchanged).

Where the rules show cards for a while only (``core.protocol.FadingEvents``: Tetka's
review of the last tricks), the events before ``shown_from(observer)`` are sent faded
(their kept texts are replaced: once faded, an event never shows its cards again) to
a socket that connects, reconnects or switches language. A socket that follows the
table is told the events new to it as they happened (it saw them: a deal's last
trick fades in the very move that completes it, and the page pauses on it), and its
next frame carries ``faded``: the events it holds that have faded since, told again
without their cards, so the page can replace what it holds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast
from weakref import WeakKeyDictionary

from tricktaker.core.events import Event
from tricktaker.core.options import Options
from tricktaker.core.protocol import FadingEvents, Game, State, Words, provides
from tricktaker.core.sides import side_names
from tricktaker.core.summary import DealSummary
from tricktaker.server.messages import moment_message, shown_names, web_words

#: The words an observer's lines are rendered in: the language, the seat names as he
#: reads them ("You" for his own), the sides' names.
LangKey = tuple[str, tuple[str, ...], tuple[str, ...]]


def _dump(item: dict[str, Any]) -> str:
    return json.dumps(item, ensure_ascii=False)


#: Languages (with their names) kept rendered per observer: a switch back and forth is
#: free, and a table's memory stays bounded however many languages its sockets try.
KEPT_LANGS = 3
#: How many of the latest events keep their text as shown once faded (a deal's end
#: fades its last trick in the very move that completes it).
RECENT = 64


@dataclass(slots=True)
class Lines:
    """One observer's events as JSON text in one language's words, each rendered once; an
    event is rendered again only once, when it fades (and replaced: it never shows again)."""

    words: Words
    seen: list[str]
    sides: list[str]
    shown: list[str] = field(default_factory=list)
    #: Events below this are told faded (``FadingEvents``).
    faded_to: int = 0
    #: The texts, as they were shown, of the events that faded lately: what a live socket
    #: is told of the events new to it (it saw them happen), the next frame fading them.
    was: dict[int, str] = field(default_factory=dict)
    #: The score sheet's rows, one per finished deal.
    rows: list[list[str]] = field(default_factory=list)


@dataclass(slots=True)
class Stream:
    """What one observer (a seat, or None: every spectator) has been told at one table:
    how many events, the deals' summaries, and the lines in the languages asked lately."""

    observer: int | None
    count: int = 0
    deals: list[DealSummary] = field(default_factory=list)
    lines: dict[LangKey, Lines] = field(default_factory=dict)
    #: 1 for each event that reads otherwise once faded (where the game fades events).
    fades: bytearray = field(default_factory=bytearray)
    #: The number of the latest ``deal_end`` event (-1: none yet).
    last_deal_end: int = -1

    def catch_up(self, state: State, fading: FadingEvents | None) -> None:
        """Take the events the state has told since the last call (those alone), rendered
        in each language kept."""
        new = state.events(self.count, self.observer)
        if not new:
            return
        for i, event in enumerate(new):
            if event.kind == "deal_end":
                self.deals.append(DealSummary.from_json(event.data))
                self.last_deal_end = self.count + i
            self.fades.append(fading is not None and fading.faded(event) is not event)
        for lines in self.lines.values():
            lines.shown.extend(self._item(e, lines) for e in new)
        self.count += len(new)

    def _item(self, event: Event, lines: Lines) -> str:
        """One event's JSON text with its line in ``lines``' words (what a test counts)."""
        words, seen, sides = lines.words, lines.seen, lines.sides
        item = event.to_json()
        item["text"] = words.event_text(event, seen, sides)
        if event.kind == "deal_end":  # the deal's story, for the pause at its end
            item["lines"] = words.deal_lines(DealSummary.from_json(event.data), seen, sides)
        return _dump(item)

    def texts(
        self,
        state: State,
        fading: FadingEvents | None,
        key: LangKey,
        words: Words,
        seen: list[str],
        sides: list[str],
    ) -> Lines:
        """This observer's lines in ``key``'s words, faded as far as the rules fade them
        now: a language not kept is rendered once, for every socket that asks it."""
        upto = min(fading.shown_from(self.observer), self.count) if fading is not None else 0
        lines = self.lines.pop(key, None)
        if lines is None:
            lines = Lines(words, seen, sides, faded_to=upto)
            lines.shown = [
                self._item(fading.faded(e) if e.number < upto and fading else e, lines)
                for e in state.events(0, self.observer)
            ]
            while len(self.lines) >= KEPT_LANGS:  # the language asked least lately goes
                del self.lines[next(iter(self.lines))]
        self.lines[key] = lines  # the most recently asked last
        rows = lines.rows
        for deal in self.deals[len(rows) :]:
            rows.append(words.sheet_row(deal, sides))
        if fading is not None:
            self._fade(state, fading, lines, upto)
        return lines

    def _fade(self, state: State, fading: FadingEvents, lines: Lines, upto: int) -> None:
        """Tell the events below ``upto`` faded, in place (once faded, an event stays so)."""
        start = lines.faded_to
        if upto <= start:
            return
        was = lines.was
        for old in [n for n in was if n < self.count - RECENT]:
            del was[old]
        for event in state.events(start, self.observer)[: upto - start]:
            n = event.number
            if self.fades[n]:
                if n >= self.count - RECENT:
                    was[n] = lines.shown[n]
                lines.shown[n] = self._item(fading.faded(event), lines)
        lines.faded_to = upto


class Narrator:
    """One table's streams, one per observer, and whether its game fades its events."""

    def __init__(self, epoch: int = 0) -> None:
        self.streams: dict[int | None, Stream] = {}
        #: The table's ``epoch`` these streams tell (``LiveTable.epoch``).
        self.epoch = epoch

    def stream(self, state: State, observer: int | None) -> Stream:
        """The observer's stream, caught up with ``state``."""
        stream = self.streams.get(observer)
        if stream is None:
            stream = self.streams[observer] = Stream(observer)
        stream.catch_up(state, self.fading(state))
        return stream

    def fading(self, state: State) -> FadingEvents | None:
        """The state as ``FadingEvents`` where its game fades events (checked once a class)."""
        return cast(FadingEvents, state) if provides(state, FadingEvents) else None


_narrators: WeakKeyDictionary[object, Narrator] = WeakKeyDictionary()


def narrator_of(table: object, epoch: int = 0) -> Narrator:
    """The narrator of a live table (kept as long as the table is), made anew when its
    match was rebuilt (``epoch``, an undo: the events told before are no longer so)."""
    found = _narrators.get(table)
    if found is None or found.epoch != epoch:
        found = _narrators[table] = Narrator(epoch)
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
    ended: State | None = None,
) -> str:
    """The ``state`` frame for one socket as JSON text, and ``heard`` moved on.

    The frame holds the moment (``messages.moment_message``), the events from
    ``heard.next_event`` on (none for a client that claims more than there is; it is
    told the true ``next_event``), ``next_event``, the sheet's rows only when they
    changed for this socket, and ``faded``: the events it holds that have faded since
    (``FadingEvents``); ``extra`` fields go in as given.

    ``ended``: the table as the latest deal left it, before the next was dealt (a copy
    stopped at the deal's end, ``LiveTable.deal_end``). A frame telling that deal's end
    to a socket that follows the table carries its moment too (``deal_end_moment``:
    ``table``, ``view``, ``names``, ``texts``): what the page shows behind the end of
    the deal's panel, the last card and trick counted, not the moment before them.
    """
    stream, lines = _lines(narrator, game, state, observer, lang, names)
    total = stream.count
    since = min(heard.next_event, total)
    # A socket that follows the table (past its first frame) is told what happened since
    # as it happened: the cards were on the table (the last trick of a deal, completed in
    # the move that deals the next). A socket that connects, or switches language, gets
    # everything before the review faded.
    live = heard.rules
    was = lines.was if live else {}
    items = [was.get(n) or lines.shown[n] for n in range(since, total)]
    held = min((n for n in range(since, total) if n in was), default=total)
    # Events this socket holds as they were shown that have faded since its last frame.
    again = [
        lines.shown[n]
        for n in range(min(heard.faded_to, since), min(lines.faded_to, since))
        if stream.fades[n]
    ]
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
    if ended is not None and live and since <= stream.last_deal_end < total:
        end = moment_message(game, ended, observer, lang, names, stream.deals, with_rules=False)
        message["deal_end_moment"] = {k: end[k] for k in ("table", "view", "names", "texts")}
    heard.next_event = total
    heard.faded_to = min(max(heard.faded_to, lines.faded_to), held)
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


def _lines(
    narrator: Narrator,
    game: Game,
    state: State,
    observer: int | None,
    lang: str,
    names: Sequence[str],
) -> tuple[Stream, Lines]:
    """The observer's stream, caught up, and his lines in ``lang`` with the table's names."""
    _ = web_words(lang)
    words = game.words(lang)
    seen = shown_names(names, observer, _)
    sides = side_names(state.sides, seen, _("{a} & {b}"))
    stream = narrator.stream(state, observer)
    fading = narrator.fading(state)
    lines = stream.texts(state, fading, (lang, tuple(seen), tuple(sides)), words, seen, sides)
    return stream, lines


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
    stream, lines = _lines(narrator, game, state, observer, lang, names)
    stop = max(0, min(before, stream.count))
    return '{"type": "history", "events": [' + ", ".join(lines.shown[:stop]) + "]}"
