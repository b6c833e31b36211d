"""Le Truc's verbs, and one interned action object per (seat, verb, argument).

Interning lets ``legal_actions`` hand out ready-made objects and lets the
engine dispatch on a small integer ``kind`` instead of comparing strings. The
interned table is also the solvers' numbering: an action's id is its place in
that table, seat by seat (plays in deck order, then the plain verbs, then the
captain's words, then the partner's signals), and never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker.cards import CARD_NAMES, CardError, parse_card
from tricktaker.core.actions import ActionTable, NumberedAction
from tricktaker.core.errors import IllegalAction
from tricktaker.games.truc.cards import DECK

PLAY, FOLD, REDEAL, ACCEPT, REFUSE, DOUBLE, REST, SAY, SIGNAL, PASS = range(10)

VERBS = ("play", "fold", "redeal", "accept", "refuse", "double", "rest", "say", "signal", "pass")
PLAIN_KINDS = (FOLD, REDEAL, ACCEPT, REFUSE, DOUBLE, REST, PASS)
SAY_WORDS = ("low", "high", "seven", "best", "any")
SIGNAL_WORDS = ("7", "8", "A", "none")
MAX_SEATS = 4


@dataclass(frozen=True, slots=True)
class TrucAction(NumberedAction):
    kind: int = field(default=0, compare=False)
    card: int = field(default=-1, compare=False)


def _build() -> list[TrucAction]:
    table: list[TrucAction] = []

    def add(seat: int, verb: str, args: tuple[str, ...], kind: int, card: int = -1) -> None:
        table.append(TrucAction(seat, verb, args, kind=kind, card=card, number=len(table)))

    for seat in range(MAX_SEATS):
        for c in DECK:
            add(seat, "play", (CARD_NAMES[c],), PLAY, c)
        for kind in PLAIN_KINDS:
            add(seat, VERBS[kind], (), kind)
        for word in SAY_WORDS:
            add(seat, "say", (word,), SAY)
        for word in SIGNAL_WORDS:
            add(seat, "signal", (word,), SIGNAL)
    return table


#: Every action of the game, by id.
BY_ID: tuple[TrucAction, ...] = tuple(_build())
INTERNED: dict[tuple[int, str, tuple[str, ...]], TrucAction] = {
    (a.seat, a.verb, a.args): a for a in BY_ID
}
PLAY_ACTIONS: tuple[tuple[TrucAction | None, ...], ...] = tuple(
    tuple(INTERNED.get((seat, "play", (CARD_NAMES[c],))) for c in range(52))
    for seat in range(MAX_SEATS)
)
SIMPLE: tuple[tuple[TrucAction, ...], ...] = tuple(
    tuple(
        INTERNED[(seat, verb, ())] if kind in PLAIN_KINDS else INTERNED[(seat, "fold", ())]
        for kind, verb in enumerate(VERBS)
    )
    for seat in range(MAX_SEATS)
)
SAYS: tuple[tuple[TrucAction, ...], ...] = tuple(
    tuple(INTERNED[(seat, "say", (w,))] for w in SAY_WORDS) for seat in range(MAX_SEATS)
)
SIGNALS: tuple[tuple[TrucAction, ...], ...] = tuple(
    tuple(INTERNED[(seat, "signal", (w,))] for w in SIGNAL_WORDS) for seat in range(MAX_SEATS)
)


def _read(seat: int, verb: str, args: tuple[str, ...], owner: int | None) -> TrucAction:
    if verb == "play":
        if len(args) != 1:
            raise IllegalAction("write the card to play, e.g. '0:play 7h'")
        try:
            c = parse_card(args[0])
        except CardError as exc:
            raise IllegalAction(str(exc)) from None
        found = PLAY_ACTIONS[seat][c]
        if found is None:
            raise IllegalAction(f"{CARD_NAMES[c]} is not in Le Truc's 32-card deck")
        return found
    if verb == "say":
        word = args[0].lower() if len(args) == 1 else ""
        if word not in SAY_WORDS:
            raise IllegalAction(f"say what? one of: {', '.join(SAY_WORDS)}")
        return INTERNED[(seat, "say", (word,))]
    if verb == "signal":
        word = args[0].upper() if len(args) == 1 else ""
        word = "none" if word == "NONE" else word
        if word not in SIGNAL_WORDS:
            raise IllegalAction(f"signal what? one of: {', '.join(SIGNAL_WORDS)}")
        return INTERNED[(seat, "signal", (word,))]
    if args:
        raise IllegalAction(f"'{verb}' takes no argument")
    return INTERNED[(seat, verb, ())]


TABLE = ActionTable("Le Truc", BY_ID, _read, seats=MAX_SEATS, verbs=VERBS)
BY_TEXT = TABLE.by_text
intern = TABLE.intern
action_from_id = TABLE.from_id
parse_action = TABLE.parse
