"""Preferans' verbs (docs/design.md §4) as interned action objects.

``play <card>`` (``from <owner>`` when an open whister plays his partner's
cards), ``bid <6s..10nt/misere>`` and ``bid <1..4/game/hearts>`` (pot),
``hold``, ``pass``, ``discard <c1> <c2>``, ``declare <contract>``, ``whist``,
``half``, ``invite``, ``open``, ``closed``. One object per distinct action,
numbered once and for all (the solvers' ids), so ``legal_actions`` hands out
ready-made objects and ``apply`` checks identity.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import ActionTable, NumberedAction, read_card
from tricktaker.core.errors import IllegalAction
from tricktaker.games.preferans.deck import CONTRACTS, DECK, LADDER, POT_BIDS, read_contract

MAX_SEATS = 4
PLAY, BID, POT_BID, HOLD, PASS, DISCARD, DECLARE, WHIST, HALF, INVITE, OPEN, CLOSED = range(12)
#: The verbs without arguments, by kind.
WORDS = {
    HOLD: "hold",
    PASS: "pass",
    WHIST: "whist",
    HALF: "half",
    INVITE: "invite",
    OPEN: "open",
    CLOSED: "closed",
}


@dataclass(frozen=True, slots=True)
class PrefAction(NumberedAction):
    kind: int = field(default=-1, compare=False)
    card: int = field(default=-1, compare=False)
    card2: int = field(default=-1, compare=False)
    #: The bid's or contract's index (LADDER, POT_BIDS or CONTRACTS, by kind).
    code: int = field(default=-1, compare=False)


def _build() -> tuple[PrefAction, ...]:
    out: list[PrefAction] = []

    def add(
        seat: int, verb: str, args: tuple[str, ...], owner: int | None = None, **kw: int
    ) -> None:
        out.append(PrefAction(seat, verb, args, owner, number=len(out), **kw))

    for seat in range(MAX_SEATS):
        for c in DECK:
            add(seat, "play", (CARD_NAMES[c],), kind=PLAY, card=c)
        for owner in range(MAX_SEATS):
            if owner != seat:
                for c in DECK:
                    add(seat, "play", (CARD_NAMES[c],), owner, kind=PLAY, card=c)
        for i, bid in enumerate(LADDER):
            add(seat, "bid", (bid,), kind=BID, code=i)
        for i, bid in enumerate(POT_BIDS):
            add(seat, "bid", (bid,), kind=POT_BID, code=i)
        for kind, word in WORDS.items():
            add(seat, word, (), kind=kind)
        for i, c1 in enumerate(DECK):
            for c2 in DECK[i + 1 :]:
                add(
                    seat,
                    "discard",
                    (CARD_NAMES[c1], CARD_NAMES[c2]),
                    kind=DISCARD,
                    card=c1,
                    card2=c2,
                )
        for i, contract in enumerate(CONTRACTS):
            add(seat, "declare", (contract,), kind=DECLARE, code=i)
    return tuple(out)


#: Every action of the game, by id.
BY_ID: tuple[PrefAction, ...] = _build()


#: Lookup tables the engine uses to hand out legal actions without searching.
PLAYS: dict[tuple[int, int, int], PrefAction] = {
    (a.seat, a.hand_seat, a.card): a for a in BY_ID if a.kind == PLAY
}
BIDS: dict[tuple[int, int], PrefAction] = {(a.seat, a.code): a for a in BY_ID if a.kind == BID}
POT: dict[tuple[int, int], PrefAction] = {(a.seat, a.code): a for a in BY_ID if a.kind == POT_BID}
SIMPLE: dict[tuple[int, int], PrefAction] = {(a.seat, a.kind): a for a in BY_ID if a.kind in WORDS}
DISCARDS: dict[tuple[int, int, int], PrefAction] = {
    (a.seat, a.card, a.card2): a for a in BY_ID if a.kind == DISCARD
}
DECLARES: dict[tuple[int, int], PrefAction] = {
    (a.seat, a.code): a for a in BY_ID if a.kind == DECLARE
}


def _card(text: str) -> int:
    return read_card(text, DECK, "the 32-card preferans deck (7 to ace)")


def _read(seat: int, verb: str, args: tuple[str, ...], owner: int | None) -> PrefAction:
    if owner is not None and (verb != "play" or owner >= MAX_SEATS or owner == seat):
        raise IllegalAction("'from <seat>' goes only with 'play', naming another seat's cards")
    if verb == "play":
        if len(args) != 1:
            raise IllegalAction("write 'play' and one card, e.g. '0:play 9d'")
        return PLAYS[(seat, seat if owner is None else owner, _card(args[0]))]
    if verb in ("bid", "declare"):
        if len(args) != 1:
            raise IllegalAction(f"write '{verb}' and one contract, e.g. '0:{verb} 6s'")
        word = args[0].strip().lower()
        if verb == "bid" and word in POT_BIDS:
            return POT[(seat, POT_BIDS.index(word))]
        contract = read_contract(word)
        if contract is None:
            raise IllegalAction(
                f"not a contract: {args[0][:12]!r} (write 6s..10nt, misere; in the pot game"
                " 1..4, game, hearts)"
            )
        if verb == "bid":
            return BIDS[(seat, LADDER.index(contract))]
        if contract not in CONTRACTS:
            raise IllegalAction("misère is bid, not declared: its declarer only discards")
        return DECLARES[(seat, CONTRACTS.index(contract))]
    if verb == "discard":
        if len(args) != 2:
            raise IllegalAction("write 'discard' and two cards, e.g. '0:discard 7s 8d'")
        a, b = sorted((_card(args[0]), _card(args[1])))
        if a == b:
            raise IllegalAction("discard two different cards")
        return DISCARDS[(seat, a, b)]
    kind = next(k for k, word in WORDS.items() if word == verb)
    if args:
        raise IllegalAction(f"'{verb}' takes nothing after it")
    return SIMPLE[(seat, kind)]


VERBS = (
    "play",
    "bid",
    "hold",
    "pass",
    "discard",
    "declare",
    *(w for w in WORDS.values() if w not in ("hold", "pass")),
)
TABLE = ActionTable("Preferans", BY_ID, _read, seats=MAX_SEATS, verbs=VERBS, owners=True)
BY_TEXT = TABLE.by_text
TEXTS = TABLE.texts
intern = TABLE.intern
action_from_id = TABLE.from_id
parse_action = TABLE.parse
