"""Tetka's one verb, ``play <card>`` (docs/design.md §4), as interned action objects.

One object per (seat, card), numbered ``seat * 52 + card``: ``legal_actions``
hands out ready-made objects, ``apply`` checks identity, and the numbering
(the solvers' action ids) never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import ActionTable, NumberedAction, read_card
from tricktaker.core.errors import IllegalAction

SEATS = 4


@dataclass(frozen=True, slots=True)
class TetkaAction(NumberedAction):
    card: int = field(default=-1, compare=False)


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


def _read(seat: int, verb: str, args: tuple[str, ...], owner: int | None) -> TetkaAction:
    if len(args) != 1:
        raise IllegalAction("write 'play' and one card, e.g. '0:play 9d'")
    return PLAYS[seat][read_card(args[0], range(52), "the deck")]


TABLE = ActionTable("Tetka", BY_ID, _read, seats=SEATS, verbs=("play",))
BY_TEXT = TABLE.by_text
TEXTS = TABLE.texts
intern = TABLE.intern
action_from_id = TABLE.from_id
parse_action = TABLE.parse
