"""Actions in the shared notation ``<seat>:<verb> [args] [from <owner>]``.

``seat`` is the seat that decides. Where a seat plays cards that are not its own
(a declarer playing his dummy's cards, a whister playing his partner's open hand)
the action says whose they are with ``owner``, written ``from <owner>`` at the
end: ``0:play Ah from 2``. Games subclass :class:`Action` to carry precomputed
fields for their engine (kept out of equality) and intern one object per
distinct action, so that listing legal actions allocates nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tricktaker.cards import CARD_NAMES, CardError, parse_card
from tricktaker.core.errors import IllegalAction

#: Longest action text read: a hostile record must not make parsing expensive.
MAX_ACTION_TEXT = 200
#: Seats are small numbers; more digits than this is not a seat.
MAX_SEAT_DIGITS = 2


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    verb: str
    args: tuple[str, ...] = ()
    owner: int | None = None

    @property
    def hand_seat(self) -> int:
        """The seat whose cards this action plays (the deciding seat unless ``owner``)."""
        return self.seat if self.owner is None else self.owner

    def __str__(self) -> str:
        text = f"{self.seat}:{self.verb}"
        if self.args:
            text += " " + " ".join(self.args)
        if self.owner is not None:
            text += f" from {self.owner}"
        return text


def _seat_number(text: str, what: str, whole: str) -> int:
    t = text.strip()
    # isdigit() alone accepts superscripts and other scripts' digits ("²", "٣").
    if not t or not t.isascii() or not t.isdigit():
        raise IllegalAction(f"cannot read {whole!r}: {what} must be a number like 0 or 1")
    if len(t) > MAX_SEAT_DIGITS:
        raise IllegalAction(f"cannot read {whole!r}: there is no seat {t[:12]}…")
    return int(t)


def split_action(text: object) -> tuple[int, str, tuple[str, ...], int | None]:
    """Split notation into seat, verb, arguments and owner, or say what is wrong."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be text like '0:play 7h', not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(f"an action of {len(text)} characters is too long to be one")
    head, sep, rest = text.strip().partition(":")
    if not sep:
        raise IllegalAction(f"cannot read {text!r}: write '<seat>:<verb> [args]', e.g. '0:play 7h'")
    seat = _seat_number(head, "the seat", text)
    words = rest.split()
    if not words:
        raise IllegalAction(f"cannot read {text!r}: the verb is missing")
    owner = None
    if len(words) >= 3 and words[-2].lower() == "from":
        owner = _seat_number(words[-1], "the owner after 'from'", text)
        words = words[:-2]
    return seat, words[0].lower(), tuple(words[1:]), owner


@dataclass(frozen=True, slots=True)
class NumberedAction(Action):
    """An interned action of one game: ``number`` is its id, its place in the game's table.

    Kept out of equality, so that any :class:`Action` with the same notation is
    equal to it; :meth:`ActionTable.intern` trades such an equal action for the
    interned object.
    """

    number: int = field(default=-1, compare=False)


A = TypeVar("A", bound=NumberedAction)


#: A game's reader of one action: (seat, verb, arguments, owner) to its interned action.
Reader = Callable[[int, str, tuple[str, ...], "int | None"], A]


class ActionTable(Generic[A]):
    """A game's every action, numbered once: ids, notation and interning, written once.

    ``read`` is the game's own reader of an action's verb and arguments; the
    table does what every game does the same way: a dictionary lookup before
    any parsing, the seat, owner and verb checks with their messages, the
    identity check that lets ``apply`` skip both, and the id checks. ``owners``:
    whether a seat may play another's cards (``from <owner>``; the reader then
    checks whose).
    """

    __slots__ = ("_read", "by_id", "by_text", "game_name", "owners", "seats", "texts", "verbs")

    def __init__(
        self,
        game_name: str,
        by_id: tuple[A, ...],
        read: Reader[A],
        *,
        seats: int,
        verbs: Sequence[str],
        owners: bool = False,
    ) -> None:
        if any(a.number != i for i, a in enumerate(by_id)):
            raise ValueError(f"{game_name}: an action's number is not its place in the table")
        self.game_name = game_name
        self.by_id = by_id
        #: The notation of each action, by id.
        self.texts: tuple[str, ...] = tuple(str(a) for a in by_id)
        #: By notation, for reading logs and memories back without parsing.
        self.by_text: dict[str, A] = dict(zip(self.texts, by_id, strict=True))
        self._read = read
        self.seats = seats
        self.verbs = tuple(verbs)
        self.owners = owners

    def parse(self, text: object) -> A:
        """The action written ``text``; IllegalAction (saying why) if it is none of the game's."""
        found = self.by_text.get(text) if isinstance(text, str) else None
        if found is not None:
            return found
        seat, verb, args, owner = split_action(text)
        game = self.game_name
        if owner is not None and not self.owners:
            raise IllegalAction(f"in {game} every player plays his own cards: drop 'from'")
        if seat >= self.seats:
            raise IllegalAction(f"there is no seat {seat} in {game} (seats 0 to {self.seats - 1})")
        if verb not in self.verbs:
            raise IllegalAction(
                f"unknown verb {verb[:20]!r} in {game}; verbs: {', '.join(self.verbs)}"
            )
        return self._read(seat, verb, args, owner)

    def intern(self, action: object) -> A:
        """The interned twin of an action or its notation, or IllegalAction."""
        number = getattr(action, "number", -1)
        if type(number) is int and 0 <= number < len(self.by_id) and self.by_id[number] is action:
            return self.by_id[number]
        if isinstance(action, str):
            return self.parse(action)
        if not isinstance(action, Action):
            raise IllegalAction(
                f"an action must be text like '0:play 7h', not {type(action).__name__}"
            )
        return self.parse(str(action))

    def from_id(self, number: object) -> A:
        """The action with that id; IllegalAction for an id no action has."""
        count = len(self.by_id)
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < count:
            raise IllegalAction(
                f"no {self.game_name} action has id {number!r} (ids are 0..{count - 1})"
            )
        return self.by_id[number]


def read_card(text: str, deck: Collection[int], deck_name: str) -> int:
    """The card written ``text``, which must be in ``deck``; IllegalAction if not."""
    try:
        c = parse_card(text)
    except CardError as exc:
        raise IllegalAction(str(exc)) from None
    if c not in deck:
        raise IllegalAction(f"{CARD_NAMES[c]} is not in {deck_name}")
    return c
