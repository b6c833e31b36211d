"""Determinisation: a full Truco state consistent with what one seat knows.

The seat knows its own hand (not in the iron hand), its partners' hands in
a hand of eleven, the vira, and every card played face up; the rest of the
deck (others' cards, cards played face down by others, the stock) is dealt
with ``core.sampling``. Truco has no duty to follow suit, so play reveals no
void, and a raise, a run or a face-down card is free whatever the cards: the
piles carry no constraint, every deal of the unseen cards is a world the
seat could be in, and the one shuffle is exact and uniform. The deal in
progress is rebuilt from those cards and the deal's actions the seat saw are
played again through the engine: a face-down card it did not see becomes one
of that player's unseen cards, and in the iron hand the blind places are
arranged so that each ``play #n`` turns up the card the seat saw. So the
sample is a real match for every seat. Earlier deals are kept only as the
seat's own memory (``core.events.Told``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from tricktaker.cards import cards_in, parse_card
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import RecordError, SampleError
from tricktaker.core.events import Event
from tricktaker.core.sampling import Pile, begin, deal_unseen, finish, position_of
from tricktaker.games.truco.actions import BY_TEXT, DOWNS, HAND, TrucoAction
from tricktaker.games.truco.cards import DECK_MASK
from tricktaker.games.truco.events import hidden_play
from tricktaker.games.truco.options import SCHEMA
from tricktaker.games.truco.scoring import envido_count, flor_count, has_flor
from tricktaker.games.truco.state import TrucoState
from tricktaker.games.truco.views import TrucoView

#: Argentino: deals of the unseen cards tried before a sample is given up.
MAX_TRIES = 400


def sample_state(view: TrucoView, memory: Sequence[Event], rng: random.Random) -> TrucoState:
    """A world the seat could be in. In Argentino and Gaúcho what was said limits the
    others' hands (a count shown, a "son buenas", a flor sung or not): unseen cards are
    dealt again until a deal tells the seat exactly what it was told (rejection, exact
    and uniform over the worlds consistent with it)."""
    if not view.spanish:
        return _sample_once(view, memory, rng)
    for _ in range(MAX_TRIES - 1):
        try:
            return _sample_once(view, memory, rng)
        except SampleError:
            continue
    return _sample_once(view, memory, rng)


def _shown(current: Sequence[Event]) -> tuple[dict[int, int], dict[int, int], set[int]]:
    """The envido and flor counts said in this deal, by seat, and the seats known to hold
    a flor (every word about a flor is a holder's)."""
    counts: dict[int, int] = {}
    flor_counts: dict[int, int] = {}
    flores: set[int] = set()
    for e in current:
        if e.seat is None:
            continue
        if e.kind == "count" and "count" in e.data:
            (flor_counts if e.data.get("what") == "flor" else counts)[e.seat] = int(e.data["count"])
        elif e.kind == "action" and e.data.get("about") == "flor":
            flores.add(e.seat)
    for seat in flor_counts:
        flores.add(seat)
    return counts, flor_counts, flores


def _said_hands(
    view: TrucoView,
    current: Sequence[Event],
    unknown: list[int],
    faceup: list[list[int]],
    unseen: int,
    rng: random.Random,
) -> dict[int, tuple[int, ...]]:
    """The unseen cards of each seat whose count was shown or who sang a flor, drawn
    uniformly among those that fit what he said (seat by seat; the rest of what was
    said, a "son buenas" or a flor not sung, is held to by rejection)."""
    counts, flor_counts, flores = _shown(current)
    out: dict[int, tuple[int, ...]] = {}
    pool = unseen
    for seat in unknown:
        if seat not in counts and seat not in flores:
            continue
        shown = faceup[seat]
        fits = [
            combo
            for combo in combinations(cards_in(pool), HAND - len(set(shown)))
            if (seat not in counts or envido_count((*shown, *combo)) == counts[seat])
            and (seat not in flores or has_flor((*shown, *combo)))
            and (seat not in flor_counts or flor_count((*shown, *combo)) == flor_counts[seat])
        ]
        if not fits:
            raise SampleError("no hand fits what the seat's opponents said")
        out[seat] = fits[rng.randrange(len(fits))]
        for c in out[seat]:
            pool &= ~(1 << c)
    return out


def _sample_once(view: TrucoView, memory: Sequence[Event], rng: random.Random) -> TrucoState:
    me, current, options = begin(view, memory, SCHEMA, "Truco")
    n = view.players
    start = current[0].data
    try:
        iron = bool(start.get("iron"))
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
    fixed = _said_hands(view, current, unknown, faceup, unseen, rng) if view.spanish else {}
    for cards in fixed.values():
        for c in cards:
            unseen &= ~(1 << c)
    piles = [Pile(0 if s in fixed else HAND - len(set(faceup[s]))) for s in unknown]
    stock_size = DECK_MASK.bit_count() - HAND * n - (0 if vira is None else 1)
    piles.append(Pile(stock_size))
    dealt = deal_unseen(unseen, piles, rng)

    hands: list[tuple[int, ...]] = [()] * n
    hidden: list[list[int]] = [[] for _ in range(n)]  # cards that may have gone face down
    for seat, mask in zip(unknown, dealt, strict=False):
        rest = list(fixed[seat]) if seat in fixed else list(cards_in(mask))
        rng.shuffle(rest)
        hidden[seat] = rest[:]
        if iron:  # the cards turned up keep their places; the others fill the rest
            fill = iter(rest)
            hands[seat] = tuple(c if c is not None else next(fill, -1) for c in slots[seat])
            if -1 in hands[seat]:
                raise SampleError("the seat's memory turns up more blind cards than a hand")
        else:
            hands[seat] = tuple(faceup[seat] + rest)
    for seat, cards in known.items():
        hands[seat] = tuple(cards)
        still = {c for s, h in view.partners if s == seat for c in h}
        hidden[seat] = [c for c in cards if c not in faceup[seat] and c not in still]
    stock = list(cards_in(dealt[-1]))
    rng.shuffle(stock)
    piles_given = {"stock": tuple(stock)}
    if vira is not None:
        piles_given["vira"] = (vira,)
    try:
        state = TrucoState(
            options,
            seed=rng.getrandbits(63),
            deals=[GivenDeal(tuple(hands), piles_given)],
            dealer=int(start["dealer"]),
            start=position_of(start, ("score", "games")),
            deal_number=int(start["deal"]),
        )
    except (KeyError, TypeError, ValueError, RecordError) as exc:
        raise SampleError(f"the seat's memory is not a Truco deal: {exc}") from None
    finish(state, _actions(state, current, hidden), view, memory, current)
    return state


def _actions(
    state: TrucoState, current: Sequence[Event], hidden: list[list[int]]
) -> Iterator[TrucoAction]:
    """The deal's actions as the engine takes them: a card another seat played face down
    becomes one of the cards the sample gave him (still in his hand when he played it)."""
    for e in current:
        if e.kind != "action" or e.action is None or e.seat is None:
            continue
        if e.action == hidden_play(e.seat) and "card" not in e.data:
            held = [c for c in hidden[e.seat] if (state.hands[e.seat] >> c) & 1]
            found = DOWNS[e.seat][held[0]] if held else None
            if found is None:
                raise SampleError("the seat's memory has a face-down card nobody could play")
            hidden[e.seat].remove(held[0])
            yield found
        else:
            yield BY_TEXT[e.action]
