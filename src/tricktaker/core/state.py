"""The protocol's State over a game's rules: views, events and keys, wired once.

A game's rules (an :class:`~tricktaker.core.engine.Engine`) know nothing of
who sees what. Its views and events are built by two modules of its own
(``views.py`` and ``events.py``) from the rules' fields; :class:`GameState`
joins them to the rules, so that ``rules`` imports neither and no module
imports one that imports it back. A game's ``state.py`` then only names its
three parts::

    class TetkaState(GameState[TetkaAction, TetkaView], TetkaRules):
        __slots__ = ()
        SEEN = Seen(render, visible, build_view)

Events of a long log are rendered once per observer and kept (``core.kept``),
so a front end asking after every card pays for the new entries only; a game
of short deals renders them when asked (``KEEP_EVENTS``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from tricktaker.cards import Card
from tricktaker.core.actions import NumberedAction
from tricktaker.core.engine import Engine
from tricktaker.core.errors import IllegalAction
from tricktaker.core.events import Event, Render, info_key_of, render_log
from tricktaker.core.kept import KeptEvents

A = TypeVar("A", bound=NumberedAction)
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Seen:
    """How a game's states are seen: its ``events.render`` and ``events.visible``, which
    tell one log entry to an observer, and its ``views.build_view``."""

    #: Renders one log entry for an observer.
    render: Render
    #: Says cheaply whether an observer sees a log entry at all (agrees with ``render``).
    visible: Callable[[object, int | None], bool]
    #: Builds an observer's view (``None``: a spectator) from the rules' fields.
    build_view: Callable[[Any, int | None], Any]


class GameState(Engine[A], Generic[A, V]):
    """Views, events and information-set keys of a game's rules, for the protocol."""

    __slots__ = ()

    SEEN: ClassVar[Seen]
    #: Whether events are rendered once per observer and kept (``core.kept``): for games
    #: whose logs grow long (Tetka writes some 65 entries a deal), where front ends ask for
    #: the stream after every card. Short logs are rendered when asked, which costs a
    #: search's playout less (it reads one seat's newest events on a fresh copy).
    KEEP_EVENTS: ClassVar[bool] = True
    #: Whether the rules have shown every card dealt to everyone by the match's end
    #: (Tetka: every card is played face up). Where they have not (a card face down,
    #: an unplayed hand, a discard), the shown record is the public one (``shown_record``).
    SHOWS_EVERY_CARD: ClassVar[bool] = False

    def check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat at this table; IllegalAction (a clear message) if not."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {str(seat)[:12]} at this table")
        return seat

    def view(self, seat: int) -> V:
        view: V = self.SEEN.build_view(self, self.check_seat(seat))
        return view

    def public_view(self) -> V:
        view: V = self.SEEN.build_view(self, None)
        return view

    def events(self, since: int = 0, observer: int | None = None) -> list[Event]:
        if observer is not None:
            self.check_seat(observer)
        if not self.KEEP_EVENTS:
            if not isinstance(since, int) or isinstance(since, bool) or since < 0:
                raise IllegalAction("events: 'since' must be an event number, 0 or more")
            seen = self.SEEN
            return render_log(self.log, observer, since, seen.render, seen.visible)
        told = self._told
        if told is None:  # nothing asked yet of this state or of its original
            told = self._told = KeptEvents(self.SEEN.render)
        return told.events(self.log, since, observer)

    def events_after(
        self, entry: int, number: int, observer: int, since: int = 0
    ) -> tuple[list[Event], int]:
        """``observer``'s events numbered from ``max(number, since)`` on, read from the
        log's entry ``entry`` on (``number``: how many events the entries before it told
        him; those numbered below ``since`` are counted, not rendered), and the log's
        length: the ``entry`` to read on from next time. The entries are rendered afresh
        even where a game keeps its events (``KEEP_EVENTS``): a search's copy of a state
        would otherwise copy the kept streams of the whole match at its first read, and
        render each new event twice (kept, then copied out) at every one.

        Why: a search's play-out hands each seat its newest events at every imagined move,
        and ``events(since)`` walks the whole log before ``since`` to number them (a
        sampled world's log opens with the seat's memory of the match, hundreds of
        events late in one); a reader who keeps his place pays for the new entries only.
        For the engine's own readers (the search), not a front end: the place returned
        counts entries the observer does not see.
        """
        seat = self.check_seat(observer)
        log = self.log
        for value in (entry, number, since):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise IllegalAction("events_after: a place, a count and 'since', 0 or more")
        if entry > len(log):
            raise IllegalAction(f"events_after: the log has {len(log)} entries, not {entry}")
        first = max(number, since)
        seen = self.SEEN
        told = render_log(log, seat, first, seen.render, seen.visible, start=entry, number=number)
        return told, len(log)

    if TYPE_CHECKING:  # written by each game's rules, which come after this class in the MRO

        def to_record(self) -> dict[str, Any]: ...

        def public_record(self) -> dict[str, Any]: ...

    def shown_record(self) -> dict[str, Any]:
        """The record shown at the end of the match to every seat and spectator alike: the
        full record (it replays, and reveals the seed) once the match is over in a game
        whose rules have shown every card by then, else the public record marked
        ``"partial": true`` (no hand, no seed, nothing face down), which ``replay``
        refuses by name (``core.records.PARTIAL``). The rulings per game are in
        docs/rules/<game>.md."""
        if self.SHOWS_EVERY_CARD and self.finished:
            return self.to_record()
        record = self.public_record()
        record["partial"] = True
        return record

    def shown_cards(self, observer: int | None) -> frozenset[Card]:
        """Cards shown ``observer`` besides his hand and the cards played (none by default)."""
        return frozenset()

    def info_key(self, seat: int) -> Hashable:
        """The seat and what it saw since the deal began (its cards, the score, every word)."""
        seat = self.check_seat(seat)
        seen = self.SEEN
        told = render_log(self.log[self.deal_start :], seat, 0, seen.render, seen.visible)
        return info_key_of(seat, told)
