"""Tetka's chance outside the playing deck: the seat draw and the photograph.

Both come from a second deck, so they are no piles of the deal (whose 52
cards all go to the hands) and are drawn here, from the match's seed like
every deal, so a record holding the seed reproduces them.

The seat draw (docs/rules/tetka.md): each player draws a card; the lowest deals
first (ace high, as in play). When the lowest is tied everyone draws again,
so a finished draw always has one lowest card. The engine is told the first
dealer (``new_match(dealer=...)``) and shows a draw that gave him the deal:
the draw decides who deals; ``dealer`` says which seat that player took.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.cards import CARD_NAMES, rank_of
from tricktaker.core.dealing import deal_bits
from tricktaker.core.errors import RecordError

SEATS = 4
DECK = list(range(52))
#: Each card's rank, as ``rank_of`` gives it.
RANKS = tuple(rank_of(c) for c in DECK)


def lowest_seat(draw: Sequence[int]) -> int | None:
    """The seat that drew the lowest rank, or None when the lowest is tied (draw again)."""
    low = min(rank_of(c) for c in draw)
    seats = [s for s, c in enumerate(draw) if rank_of(c) == low]
    return seats[0] if len(seats) == 1 else None


def seat_draw(seed: int | str, dealer: int) -> tuple[int, ...]:
    """The deciding draw from ``seed`` that gives ``dealer`` the deal.

    Four cards at a time from the seeded second deck (the first steps of a
    Fisher-Yates shuffle), until one rank is lowest alone (earlier rounds
    were ties, drawn again by all); the lowest card goes to ``dealer`` and the
    others round the table in the order drawn.
    """
    for attempt in range(1000):
        bits = deal_bits(f"{seed}#draw", attempt)
        moved: dict[int, int] = {}  # the deck's places changed so far (else place == card)
        cards = []
        for i in range(SEATS):
            bits, j = divmod(bits, 52 - i)
            p = i + j
            cards.append(moved.get(p, p))
            moved[p] = moved.get(i, i)
        ranks = [RANKS[c] for c in cards]
        least = min(ranks)
        if ranks.count(least) != 1:
            continue  # the lowest is tied: everyone draws again
        low = cards[ranks.index(least)]
        others = [c for c in cards if c != low]
        out = [0] * SEATS
        out[dealer] = low
        for i in range(1, SEATS):
            out[(dealer + i) % SEATS] = others[i - 1]
        return tuple(out)
    raise AssertionError("no decisive draw in 1,000 tries")  # pragma: no cover


def check_draw(draw: Sequence[int], dealer: int) -> None:
    """RecordError unless ``draw`` is a finished draw that gave ``dealer`` the deal."""
    if len(draw) != SEATS or len(set(draw)) != SEATS:
        raise RecordError("deal 0: the draw must hold four different cards, one per seat")
    low = lowest_seat(draw)
    if low is None:
        raise RecordError(
            "deal 0: the draw's lowest cards are tied; everyone draws again,"
            " so record the deciding draw"
        )
    if low != dealer:
        raise RecordError(
            f"deal 0: seat {low} drew the lowest card ({CARD_NAMES[draw[low]]}),"
            f" so seat {low} deals first, not seat {dealer}"
        )


def photo_card(seed: int | str, deal: int) -> int:
    """The photograph of deal ``deal``: a card turned at random from the second deck."""
    return deal_bits(f"{seed}#photo", deal) % 52
