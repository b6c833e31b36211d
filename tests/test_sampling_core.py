"""``core.sampling``: the dealer under constraints finds a deal whenever one exists."""

from __future__ import annotations

import random

import pytest

from tricktaker.cards import cards_in
from tricktaker.core import SampleError
from tricktaker.core.sampling import (
    SUIT_CARDS,
    Pile,
    deal_one_of,
    deal_unseen,
    feasible,
    showed_out,
)


def _true_deal(rng: random.Random, sizes: list[int]) -> tuple[int, list[int]]:
    """A random deal of ``sum(sizes)`` cards of a 52-card deck into piles of those sizes."""
    cards = rng.sample(range(52), sum(sizes))
    piles, pos = [], 0
    for k in sizes:
        mask = 0
        for c in cards[pos : pos + k]:
            mask |= 1 << c
        piles.append(mask)
        pos += k
    return sum(piles), piles


def test_a_deal_is_found_whenever_the_constraints_come_from_a_real_one() -> None:
    """Piles barred from random cards (never their own), some cards known: a true deal
    fits, so the dealer must find one, and what it deals keeps every constraint."""
    rng = random.Random(19)
    for _ in range(400):
        sizes = [rng.randrange(0, 9) for _ in range(rng.randrange(1, 6))]
        unseen, truth = _true_deal(rng, sizes)
        piles = []
        for mask in truth:
            barred = rng.getrandbits(52) & rng.getrandbits(52) & ~mask
            known = mask & rng.getrandbits(52) & rng.getrandbits(52) & rng.getrandbits(52)
            piles.append(Pile(mask.bit_count(), allowed=~barred, known=known))
        assert feasible(unseen, piles)
        dealt = deal_unseen(unseen, piles, rng)
        assert sum(dealt) == unseen and len(dealt) == len(piles)
        for pile, got in zip(piles, dealt, strict=True):
            assert got.bit_count() == pile.size
            assert got & pile.known == pile.known and not got & ~pile.allowed


def test_an_impossible_pile_is_not_feasible_and_deal_one_of_skips_it() -> None:
    unseen = SUIT_CARDS[0] & 0b1111  # four clubs
    clubs_barred = [Pile(2, allowed=~SUIT_CARDS[0]), Pile(2)]
    fine = [Pile(2), Pile(2)]
    assert not feasible(unseen, clubs_barred) and feasible(unseen, fine)
    rng = random.Random(1)
    for _ in range(20):
        index, dealt = deal_one_of(unseen, [clubs_barred, fine], rng)
        assert index == 1 and dealt[0] | dealt[1] == unseen
    with pytest.raises(SampleError):
        deal_one_of(unseen, [clubs_barred, clubs_barred], rng)


def test_showing_out_bars_the_suit_led_and_then_trumps() -> None:
    seven_of = {s: s * 13 + 5 for s in range(4)}
    assert showed_out(1, seven_of[1], trump=3) == 0  # followed
    assert showed_out(1, seven_of[3], trump=3) == SUIT_CARDS[1]  # trumped
    assert showed_out(1, seven_of[0], trump=3) == SUIT_CARDS[1] | SUIT_CARDS[3]
    assert showed_out(1, seven_of[0]) == SUIT_CARDS[1]
    assert set(cards_in(SUIT_CARDS[2])) == set(range(26, 39))  # hearts: 2h..Ah
