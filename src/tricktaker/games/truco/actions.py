"""Truco's verbs (docs/design.md §4), one interned action object per (seat, verb, arguments).

``play 7c`` plays a card face up, ``play 7c down`` face down, ``play #2`` the
second card of a hand nobody sees (the iron hand), and a bare ``play`` or
``run`` is the team's answer to a hand of eleven. Interning lets
``legal_actions`` hand out ready-made objects and the engine dispatch on a
small ``kind``; the table's order is the solvers' numbering and never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker.cards import CARD_NAMES, CardError, parse_card
from tricktaker.core.actions import ActionTable, NumberedAction
from tricktaker.core.errors import IllegalAction
from tricktaker.games.truco.cards import DECK

PLAY, DOWN, BLIND, FOLD, RAISE, ACCEPT, REFUSE, KEEP, RUN = range(9)
#: Argentino's and Gaúcho's calls (``games.truco.envido``): envido, real envido, falta
#: envido; flor, contraflor, contraflor al resto.
ENVIDO, REAL, FALTA, FLOR, CONTRAFLOR, RESTO = range(9, 15)
PLAIN = {FOLD: "fold", RAISE: "raise", ACCEPT: "accept", REFUSE: "refuse", RUN: "run"}
CALLS = {
    ENVIDO: "envido",
    REAL: "real",
    FALTA: "falta",
    FLOR: "flor",
    CONTRAFLOR: "contraflor",
    RESTO: "resto",
}
VERBS = ("play", "fold", "raise", "accept", "refuse", "run", *CALLS.values())
MAX_SEATS = 6
HAND = 3


@dataclass(frozen=True, slots=True)
class TrucoAction(NumberedAction):
    kind: int = field(default=0, compare=False)
    card: int = field(default=-1, compare=False)
    slot: int = field(default=0, compare=False)


def _build() -> list[TrucoAction]:
    table: list[TrucoAction] = []

    def add(seat: int, verb: str, args: tuple[str, ...], kind: int, **more: int) -> None:
        table.append(TrucoAction(seat, verb, args, kind=kind, number=len(table), **more))

    for seat in range(MAX_SEATS):
        for c in DECK:
            add(seat, "play", (CARD_NAMES[c],), PLAY, card=c)
        for c in DECK:
            add(seat, "play", (CARD_NAMES[c], "down"), DOWN, card=c)
        for slot in range(1, HAND + 1):
            add(seat, "play", (f"#{slot}",), BLIND, slot=slot)
        for kind, verb in PLAIN.items():
            add(seat, verb, (), kind)
        add(seat, "play", (), KEEP)
    # Added with Argentino: after every older action, so that their ids never change.
    for seat in range(MAX_SEATS):
        for kind, verb in CALLS.items():
            add(seat, verb, (), kind)
    return table


#: Every action of the game, by id.
BY_ID: tuple[TrucoAction, ...] = tuple(_build())
INTERNED: dict[tuple[int, str, tuple[str, ...]], TrucoAction] = {
    (a.seat, a.verb, a.args): a for a in BY_ID
}
PLAYS: tuple[tuple[TrucoAction | None, ...], ...] = tuple(
    tuple(INTERNED.get((s, "play", (CARD_NAMES[c],))) for c in range(52)) for s in range(MAX_SEATS)
)
DOWNS: tuple[tuple[TrucoAction | None, ...], ...] = tuple(
    tuple(INTERNED.get((s, "play", (CARD_NAMES[c], "down"))) for c in range(52))
    for s in range(MAX_SEATS)
)
BLINDS: tuple[tuple[TrucoAction, ...], ...] = tuple(
    tuple(INTERNED[(s, "play", (f"#{k}",))] for k in range(1, HAND + 1)) for s in range(MAX_SEATS)
)
SIMPLE: tuple[dict[int, TrucoAction], ...] = tuple(
    {kind: INTERNED[(s, verb, ())] for kind, verb in (PLAIN | CALLS).items()}
    | {KEEP: INTERNED[(s, "play", ())]}
    for s in range(MAX_SEATS)
)


def _read(seat: int, verb: str, args: tuple[str, ...], owner: int | None) -> TrucoAction:
    if verb != "play":
        if args:
            raise IllegalAction(f"'{verb}' takes no argument")
        return INTERNED[(seat, verb, ())]
    if not args:
        return SIMPLE[seat][KEEP]
    if len(args) == 1 and args[0].startswith("#"):
        found = INTERNED.get((seat, "play", (args[0],)))
        if found is None:
            raise IllegalAction(f"a blind card is chosen by its place, #1 to #{HAND}")
        return found
    down = len(args) == 2 and args[1].lower() == "down"
    if len(args) > 2 or (len(args) == 2 and not down):
        raise IllegalAction("write 'play 7h', 'play 7h down' or 'play #2'")
    try:
        c = parse_card(args[0])
    except CardError as exc:
        raise IllegalAction(str(exc)) from None
    found = (DOWNS if down else PLAYS)[seat][c]
    if found is None:
        raise IllegalAction(f"{CARD_NAMES[c]} is not in Truco's 40-card deck (no 8, 9 or 10)")
    return found


TABLE = ActionTable("Truco", BY_ID, _read, seats=MAX_SEATS, verbs=VERBS)
BY_TEXT = TABLE.by_text
intern = TABLE.intern
action_from_id = TABLE.from_id
parse_action = TABLE.parse
