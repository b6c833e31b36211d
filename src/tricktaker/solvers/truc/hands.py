"""Le Truc's cards as the solver sees them: eight ranks, four copies each, no suits.

Suits never matter in Le Truc (no trumps, no duty to follow, ties go by rank),
so a card is its rank and a pile of cards is how many of each rank it holds.
That is the one abstraction the solver makes, and it is lossless: any two deals
that differ only in suits are played and scored alike.

A pile is packed into one int, four bits per rank (a count is at most 4, so the
top bit of each field is always free). Adding or removing cards is one integer
addition, and "does this pile fit in that one" is one subtraction and a mask:
with every field's top bit set beforehand, no field borrows from its neighbour
and a field whose top bit is cleared is one that went negative. Piles are plain
ints, so they key dicts and compare for free.

Rank indices are the engine's ``STRENGTH`` (0 = nine, the lowest, ... 7 = seven,
the highest), so a rank compares as the engine compares cards.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import comb

RANKS = 8
COPIES = 4
HAND_SIZE = 3
DECK_SIZE = RANKS * COPIES
BITS = 4
FIELD = (1 << BITS) - 1
#: The rank letters by index, lowest first (``T`` is the ten).
RANK_NAMES = "9TJQKA87"
#: ``ONE[r]``: a pile of one card of rank ``r``.
ONE: tuple[int, ...] = tuple(1 << (BITS * r) for r in range(RANKS))
#: The whole deck: four of every rank.
FULL_DECK = sum(COPIES * one for one in ONE)
_GUARD = sum(8 * one for one in ONE)


def count(pile: int, rank: int) -> int:
    """How many cards of ``rank`` the pile holds."""
    return (pile >> (BITS * rank)) & FIELD


def counts(pile: int) -> tuple[int, ...]:
    """The pile as eight counts, lowest rank first."""
    return tuple((pile >> (BITS * r)) & FIELD for r in range(RANKS))


def pack(per_rank: tuple[int, ...] | list[int]) -> int:
    """Eight counts (lowest rank first) as a pile."""
    if len(per_rank) != RANKS or not all(0 <= c <= COPIES for c in per_rank):
        raise ValueError(f"a pile is {RANKS} counts from 0 to {COPIES}, not {per_rank!r}")
    return sum(c * one for c, one in zip(per_rank, ONE, strict=True))


def size(pile: int) -> int:
    """How many cards the pile holds."""
    total = 0
    while pile:
        total += pile & FIELD
        pile >>= BITS
    return total


def fits(pile: int, room: int) -> bool:
    """Whether every rank of ``pile`` is at most as many as in ``room`` (see the module)."""
    return ((room | _GUARD) - pile) & _GUARD == _GUARD


def pile_text(pile: int) -> str:
    """The ranks of a pile, strongest first, as the engine orders a hand (``"78A"``)."""
    return "".join(RANK_NAMES[r] * count(pile, r) for r in reversed(range(RANKS)))


def pile_of(ranks: str) -> int:
    """A pile from rank letters in any order (``"78K"``; the ten is ``T``)."""
    pile = 0
    for letter in ranks:
        r = RANK_NAMES.find(letter.upper())
        if r < 0:
            raise ValueError(f"{letter!r} is not a Le Truc rank ({RANK_NAMES})")
        pile += ONE[r]
    if not fits(pile, FULL_DECK):
        raise ValueError(f"more than {COPIES} cards of one rank in {ranks!r}")
    return pile


#: Every three-card hand, as piles, in a fixed order (120 of them: multisets of 3 of 8 ranks).
HANDS: tuple[int, ...] = tuple(
    sum(ONE[r] for r in combo) for combo in combinations_with_replacement(range(RANKS), HAND_SIZE)
)
#: A hand's place in ``HANDS``: the index a solver's per-hand vectors use.
HAND_INDEX: dict[int, int] = {h: i for i, h in enumerate(HANDS)}


def ways(stock: int, pile: int) -> int:
    """How many sets of real cards in ``stock`` have the ranks of ``pile`` (0 if none)."""
    total = 1
    for r in range(RANKS):
        total *= comb(count(stock, r), count(pile, r))
    return total


@cache
def hand_pairs(stock: int) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """Every way to deal two hands from ``stock``: ``((first, second, ways), ...), total``.

    ``first`` is the hand of the player dealt to first (the non-dealer),
    ``second`` the dealer's. The chance of a pair is ``ways / total``: cards
    come off a well-shuffled stock, so every set of three cards for the first
    player and three of the rest for the second is equally likely, whatever
    order they are dealt in (one at a time, alternately, by the rules). Exact
    integers, so a solver can keep its chance weights exact.
    """
    n = size(stock)
    if n < 2 * HAND_SIZE:
        raise ValueError(f"a stock of {n} cards cannot deal two hands")
    out = []
    for first in HANDS:
        w1 = ways(stock, first)
        if not w1:
            continue
        rest = stock - first
        for second in HANDS:
            w2 = ways(rest, second)
            if w2:
                out.append((first, second, w1 * w2))
    total = comb(n, HAND_SIZE) * comb(n - HAND_SIZE, HAND_SIZE)
    return tuple(out), total
