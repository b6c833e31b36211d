"""Determinisation: a full Truco state consistent with what one seat knows.

The seat knows its own hand (not in the iron hand), its partners' hands in
a hand of eleven, the vira, and every card played face up; the rest of the
deck (others' cards, cards played face down by others, the stock) is dealt
with ``core.sampling``. Truco has no duty to follow suit, so play reveals no
void. The deal in progress is rebuilt from those cards and the deal's
actions the seat saw are played again through the engine: a face-down card
it did not see becomes one of that player's unseen cards, and in the iron
hand the blind places are arranged so that each ``play #n`` turns up the
card the seat saw. So the sample is a real match for every seat. Earlier
deals are kept only as the seat's own memory (``core.events.Told``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from tricktaker.cards import parse_card
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import IllegalAction, RecordError, SampleError
from tricktaker.core.events import Event, deal_events, told_from
from tricktaker.core.options import Options, build_options
from tricktaker.core.sampling import Pile, deal_unseen
from tricktaker.core.start import Start
from tricktaker.games.truco.actions import BY_TEXT, DOWNS, HAND
from tricktaker.games.truco.cards import DECK_MASK
from tricktaker.games.truco.events import hidden_play
from tricktaker.games.truco.options import SCHEMA
from tricktaker.games.truco.state import TrucoState
from tricktaker.games.truco.views import TrucoView


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, object], ...]) -> Options:
    return build_options(SCHEMA, dict(items))


def _cards_of(mask: int) -> list[int]:
    return [c for c in range(52) if (mask >> c) & 1]


def sample_state(view: TrucoView, memory: Sequence[Event], rng: random.Random) -> TrucoState:
    if view.seat is None:
        raise SampleError("a sample needs a seat's view: a spectator knows no hand")
    try:
        view.check()
    except RecordError as exc:
        raise SampleError(str(exc)) from None
    me = view.seat
    n = view.players
    current = deal_events(memory)
    if not current or current[0].kind != "deal" or "hand" not in current[0].data:
        raise SampleError("the seat's memory does not begin its deal with its own cards")
    start = current[0].data
    iron = bool(start.get("iron"))
    try:
        known: dict[int, list[int]] = {}
        if not iron:
            known[me] = [parse_card(c) for c in start["hand"]]
        for seat, cards in start.get("partners", ()):
            known[int(seat)] = [parse_card(c) for c in cards]
        vira = parse_card(start["vira"]) if "vira" in start else None
        # Cards each seat showed face up, and in the iron hand the place each came from.
        faceup: list[list[int]] = [[] for _ in range(n)]
        slots: list[list[int | None]] = [[None] * HAND for _ in range(n)]
        places: list[list[int]] = [list(range(HAND)) for _ in range(n)]
        for e in current:
            if e.kind != "action" or e.seat is None or "card" not in e.data:
                continue
            c = parse_card(e.data["card"])
            faceup[e.seat].append(c)
            if "slot" in e.data:
                slots[e.seat][places[e.seat].pop(int(e.data["slot"]) - 1)] = c
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SampleError(f"the seat's memory is not a Truco deal: {exc}") from None

    seen = 0 if vira is None else 1 << vira
    for seat in range(n):
        for c in known.get(seat, faceup[seat]):
            seen |= 1 << c
        for c in faceup[seat]:
            seen |= 1 << c
    unseen = DECK_MASK & ~seen
    unknown = [s for s in range(n) if s not in known]
    piles = [Pile(HAND - len(set(faceup[s]))) for s in unknown]
    stock_size = len(_cards_of(DECK_MASK)) - HAND * n - (0 if vira is None else 1)
    piles.append(Pile(stock_size))
    if sum(p.size for p in piles) != unseen.bit_count():
        raise SampleError("the view's card counts do not add up")
    dealt = deal_unseen(unseen, piles, rng)

    hands: list[tuple[int, ...]] = [()] * n
    hidden: list[list[int]] = [[] for _ in range(n)]  # cards that may have gone face down
    for seat, mask in zip(unknown, dealt, strict=False):
        rest = _cards_of(mask)
        rng.shuffle(rest)
        hidden[seat] = rest[:]
        if iron:
            fill = iter(rest)
            hands[seat] = tuple(c if c is not None else next(fill) for c in slots[seat])
        else:
            hands[seat] = tuple(faceup[seat] + rest)
    for seat, cards in known.items():
        hands[seat] = tuple(cards)
        still = {c for s, h in view.partners if s == seat for c in h}
        hidden[seat] = [c for c in cards if c not in faceup[seat] and c not in still]
    stock = _cards_of(dealt[-1])
    rng.shuffle(stock)
    piles_given = {"stock": tuple(stock)}
    if vira is not None:
        piles_given["vira"] = (vira,)
    state = TrucoState(
        _options(tuple(view.options.items())),
        seed=rng.getrandbits(63),
        deals=[GivenDeal(tuple(hands), piles_given)],
        dealer=int(start["dealer"]),
        start=Start({"score": tuple(start["score"]), "games": tuple(start["games"])}),
        deal_number=int(start["deal"]),
    )
    try:
        for e in current:
            if e.kind != "action" or e.action is None or e.seat is None:
                continue
            if e.action == hidden_play(e.seat) and "card" not in e.data:
                c = next(c for c in hidden[e.seat] if (state.hands[e.seat] >> c) & 1)
                hidden[e.seat].remove(c)
                found = DOWNS[e.seat][c]
                assert found is not None
                state.apply(found)
            else:
                state.apply(BY_TEXT[e.action])
    except (IllegalAction, KeyError, StopIteration, RecordError) as exc:
        raise SampleError(f"the seat's memory cannot be played again: {exc}") from None
    past = list(memory[: len(memory) - len(current)])
    prefix = told_from(past, me)
    state.log[:0] = prefix
    state.deal_start += len(prefix)
    return state
