"""Tetka's one verb, ``play <card>`` (DESIGN.md), as interned action objects.

One object per (seat, card), numbered ``seat * 52 + card``: ``legal_actions``
hands out ready-made objects, ``apply`` checks identity, and the numbering
(the solvers' action ids) never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker.cards import CARD_NAMES, CardError, parse_card
from tricktaker.core.actions import Action, split_action
from tricktaker.core.errors import IllegalAction

SEATS = 4


@dataclass(frozen=True, slots=True)
class TetkaAction(Action):
    card: int = field(default=-1, compare=False)
    number: int = field(default=-1, compare=False)


#: Every action of the game, by id.
BY_ID: tuple[TetkaAction, ...] = tuple(
    TetkaAction(seat, "play", (CARD_NAMES[c],), card=c, number=seat * 52 + c)
    for seat in range(SEATS)
    for c in range(52)
)
#: ``PLAYS[seat][card]``.
PLAYS: tuple[tuple[TetkaAction, ...], ...] = tuple(
    BY_ID[seat * 52 : seat * 52 + 52] for seat in range(SEATS)
)
#: The notation of each action, by id.
TEXTS: tuple[str, ...] = tuple(str(a) for a in BY_ID)
#: By notation, for reading logs and memories back without parsing.
BY_TEXT: dict[str, TetkaAction] = {str(a): a for a in BY_ID}


def intern(action: object) -> TetkaAction:
    """The interned twin of any Action equal in notation, or IllegalAction."""
    if type(action) is TetkaAction:
        number = action.number
        if 0 <= number < len(BY_ID) and BY_ID[number] is action:
            return action
    if isinstance(action, str):
        return parse_action(action)
    if not isinstance(action, Action):
        raise IllegalAction(f"an action must be text like '0:play 7h', not {type(action).__name__}")
    return parse_action(str(action))


def action_from_id(number: object) -> TetkaAction:
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(BY_ID):
        raise IllegalAction(f"no Tetka action has id {number!r} (ids are 0..{len(BY_ID) - 1})")
    return BY_ID[number]


def parse_action(text: object) -> TetkaAction:
    found = BY_TEXT.get(text) if isinstance(text, str) else None
    if found is not None:
        return found
    seat, verb, args, owner = split_action(text)
    if owner is not None:
        raise IllegalAction("in Tetka every player plays his own cards: drop 'from'")
    if seat >= SEATS:
        raise IllegalAction(f"there is no seat {seat} in Tetka (seats 0 to {SEATS - 1})")
    if verb != "play":
        raise IllegalAction(f"unknown verb {verb[:20]!r} in Tetka: the only verb is 'play'")
    if len(args) != 1:
        raise IllegalAction("write 'play' and one card, e.g. '0:play 9d'")
    try:
        c = parse_card(args[0])
    except CardError as exc:
        raise IllegalAction(str(exc)) from None
    return PLAYS[seat][c]
