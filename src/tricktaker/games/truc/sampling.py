"""Determinisation: a full state consistent with what one seat knows.

Search bots cannot look at the real state, so they sample one. The cards the
seat has not seen (others' hands, the hands others set aside in a redeal, the
stock) are dealt with ``core.sampling``; Le Truc has no duty to follow suit,
and its bets and partners' words are free whatever the cards, so the piles
carry no constraint: every deal of the unseen cards is a world the seat could
be in, and the one shuffle is exact and uniform. From those cards
the deal in progress is rebuilt as it must have been dealt — every seat's
first hand, the stock in the order the redeals drew it — and the deal's
actions the seat saw are played again through the engine. So the sample is a
real match: every seat has its own hand, events and information-set key in
it, not only the sampling seat. Earlier deals are kept only as the seat's own
memory (``core.events.Told``): they no longer matter to the play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktaker.cards import cards_in, mask_of, parse_card
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import RecordError, SampleError
from tricktaker.core.events import Event
from tricktaker.core.sampling import Pile, begin, deal_unseen, finish, position_of
from tricktaker.core.start import Start
from tricktaker.games.truc.actions import BY_TEXT
from tricktaker.games.truc.cards import DECK_MASK
from tricktaker.games.truc.options import SCHEMA
from tricktaker.games.truc.rules import HAND
from tricktaker.games.truc.state import TrucState
from tricktaker.games.truc.views import TrucView


def _shuffled(mask: int, rng: random.Random) -> list[int]:
    cards = list(cards_in(mask))
    rng.shuffle(cards)
    return cards


def sample_state(view: TrucView, memory: Sequence[Event], rng: random.Random) -> TrucState:
    me, current, options = begin(view, memory, SCHEMA, "Le Truc")
    n = view.players
    start = current[0].data
    actions = [e.action for e in current if e.kind == "action" and e.action is not None]

    # What the seat saw of its own hands, and who played which card.
    try:
        my_hands = [[parse_card(c) for c in start["hand"]]]
        redeals = 0
        played = [0] * n
        for e in current:
            if e.kind == "new_cards":
                redeals += 1
                if "hand" in e.data:
                    my_hands.append([parse_card(c) for c in e.data["hand"]])
            elif e.kind == "action" and "card" in e.data and e.seat is not None:
                played[e.seat] |= 1 << parse_card(e.data["card"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SampleError(f"the seat's memory is not a Le Truc deal: {exc}") from None
    caller, dealer = (view.dealer - 1) % n, view.dealer
    seen = mask_of(c for h in my_hands for c in h)
    for mask in played:
        seen |= mask
    unseen = DECK_MASK & ~seen

    # The unseen cards: what each other seat still holds, what it set aside, the stock.
    piles: list[Pile] = []
    owners: list[tuple[str, int]] = []
    for seat in range(n):
        if seat == me:
            continue
        piles.append(Pile(HAND - played[seat].bit_count()))
        owners.append(("hand", seat))
        if seat in (caller, dealer) and redeals:
            piles.append(Pile(HAND * redeals))
            owners.append(("aside", seat))
    piles.append(Pile(view.stock_left))
    owners.append(("stock", -1))
    dealt = deal_unseen(unseen, piles, rng)

    # Every seat's hands in this deal, first to last (the last one is the one it plays).
    hands: list[list[list[int]]] = [[] for _ in range(n)]
    hands[me] = my_hands
    stock: list[int] = []
    for (what, seat), mask in zip(owners, dealt, strict=True):
        if what == "hand":  # a hand is a set: no order to draw
            hands[seat].append(list(cards_in(mask | played[seat])))
        elif what == "aside":
            aside = _shuffled(mask, rng)
            earlier = [aside[HAND * r : HAND * (r + 1)] for r in range(redeals)]
            hands[seat][:0] = earlier
        else:
            stock = _shuffled(mask, rng)
    # The redeals drew from the stock's top: caller, dealer, caller, ... three each.
    top: list[int] = []
    try:
        for r in range(1, redeals + 1):
            for a, b in zip(hands[caller][r], hands[dealer][r], strict=True):
                top += [a, b]
        deal = GivenDeal(tuple(tuple(h[0]) for h in hands), {"stock": tuple(top + stock)})
        state = TrucState(
            options,
            seed=rng.getrandbits(63),
            deals=[deal],
            dealer=view.dealer,
            start=Start(
                {**position_of(start, ("score", "games")), "game_dealer": (view.game_first_dealer,)}
            ),
            deal_number=int(start["deal"]),
        )
    except (IndexError, ValueError, KeyError, TypeError, RecordError) as exc:
        raise SampleError(f"the seat's memory is not a Le Truc deal: {exc}") from None
    finish(state, (BY_TEXT[text] for text in actions), view, memory, current)
    return state
