"""Dealing the cards an observer has not seen, under what he knows: the determiniser.

A search bot cannot look at the real state, so it samples one: the unseen
cards are dealt into the piles it cannot see (others' hands, a talon, the
stock), each of a known size, each perhaps holding known cards (a card seen
passing into it) and barred from some (a suit a player showed out of). Every
game's ``sample_state`` uses :func:`deal_unseen`.

Without constraints the deal is one shuffle, exactly uniform. With them, a
few shuffles are tried and the first that fits is kept (uniform among the
deals that fit, when one is found this way); when fitting shuffles are rare,
cards are placed one by one, each into a pile that can still be completed: a
Hall's-condition check over the card classes (cards barred from the same
piles) proves that at every step, so the sampler always succeeds when a
fitting deal exists. That fallback favours piles with more room but is not
exactly uniform; search bots tolerate the bias, an exact count would not pay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tricktaker.cards import cards_in
from tricktaker.core.errors import SampleError

CardSet = int
ALL_CARDS: CardSet = (1 << 64) - 1
REJECTION_TRIES = 16


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile to fill: ``size`` cards in all, holding ``known``, drawn only from ``allowed``."""

    size: int
    allowed: CardSet = ALL_CARDS
    known: CardSet = 0


def deal_unseen(unseen: CardSet, piles: Sequence[Pile], rng: random.Random) -> list[CardSet]:
    """Deal the ``unseen`` cards into ``piles``; each card lands in exactly one pile.

    SampleError when the sizes do not add up or no deal fits the constraints
    (the observer's knowledge would then be contradictory: a bug upstream).
    """
    free = unseen
    need: list[int] = []
    for p in piles:
        if p.known & ~unseen:
            raise SampleError("a pile's known card is not among the unseen cards")
        if p.known & ~p.allowed:
            raise SampleError("a pile's known card is one it may not hold")
        if free & p.known != p.known:
            raise SampleError("a known card is placed in two piles")
        free &= ~p.known
        k = p.size - p.known.bit_count()
        if k < 0:
            raise SampleError("a pile holds more known cards than its size")
        need.append(k)
    cards = list(cards_in(free))
    if sum(need) != len(cards):
        raise SampleError(f"{len(cards)} unseen cards do not fill piles of {sum(need)}")
    out = [p.known for p in piles]
    constrained = any(free & ~p.allowed for p in piles)
    if not constrained:
        rng.shuffle(cards)
        pos = 0
        for i, k in enumerate(need):
            for c in cards[pos : pos + k]:
                out[i] |= 1 << c
            pos += k
        return out
    for _ in range(REJECTION_TRIES):
        rng.shuffle(cards)
        pos = 0
        trial = list(out)
        ok = True
        for i, k in enumerate(need):
            mask = 0
            for c in cards[pos : pos + k]:
                mask |= 1 << c
            pos += k
            if mask & ~piles[i].allowed:
                ok = False
                break
            trial[i] |= mask
        if ok:
            return trial
    return _place_one_by_one(cards, piles, need, out, rng)


def _place_one_by_one(
    cards: list[int], piles: Sequence[Pile], need: list[int], out: list[CardSet], rng: random.Random
) -> list[CardSet]:
    room = list(need)
    rng.shuffle(cards)
    # Most constrained cards first: fewer dead ends to prove impossible.
    cards.sort(key=lambda c: sum(1 for p in piles if (p.allowed >> c) & 1))
    pending = list(cards)
    if not _feasible(pending, piles, room):
        raise SampleError("no deal of the unseen cards fits what is known")
    while pending:
        c = pending.pop(0)
        choices = [i for i, p in enumerate(piles) if room[i] and (p.allowed >> c) & 1]
        rng.shuffle(choices)
        choices.sort(key=lambda i: -room[i] * rng.random())
        for i in choices:
            room[i] -= 1
            if _feasible(pending, piles, room):
                out[i] |= 1 << c
                break
            room[i] += 1
        else:  # pragma: no cover - _feasible said a completion exists
            raise SampleError("no deal of the unseen cards fits what is known")
    return out


def _feasible(cards: Sequence[int], piles: Sequence[Pile], room: Sequence[int]) -> bool:
    """Whether ``cards`` can fill the ``room`` left in each pile (a bipartite max-flow)."""
    classes: dict[int, int] = {}
    for c in cards:
        key = 0
        for i, p in enumerate(piles):
            if (p.allowed >> c) & 1:
                key |= 1 << i
        classes[key] = classes.get(key, 0) + 1
    if sum(room) != len(cards):
        return False
    # Hall's condition on the piles: every set of piles must be fillable by the
    # cards that may go into at least one of them. Few piles: try every set.
    n = len(piles)
    for subset in range(1, 1 << n):
        wanted = sum(room[i] for i in range(n) if (subset >> i) & 1)
        supply = sum(k for key, k in classes.items() if key & subset)
        if supply < wanted:
            return False
    # And every card must fit somewhere with room.
    return all(key & sum(1 << i for i in range(n) if room[i]) for key in classes)
