"""Actions in the shared notation ``<seat>:<verb> [args] [from <owner>]``.

``seat`` is the seat that decides. Where a seat plays cards that are not its own
(a declarer playing his dummy's cards, a whister playing his partner's open hand)
the action says whose they are with ``owner``, written ``from <owner>`` at the
end: ``0:play Ah from 2``. Games subclass :class:`Action` to carry precomputed
fields for their engine (kept out of equality) and intern one object per
distinct action, so that listing legal actions allocates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

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
