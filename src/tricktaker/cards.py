"""Cards as small integers and card sets as bit masks.

A card is ``suit * 13 + rank`` with ranks ``2..A`` as ``0..12`` and suits in the
notation order ``c d h s``. Every game shares this encoding so that records,
views and bots speak one language; a game's own order of ranks (Le Truc's
``7 8 A K Q J T 9``) lives in the game, as a table indexed by card.

Sets of cards are Python ints used as 52-bit masks: union, difference and
membership are single integer operations and cost no allocation, which is
what the search bots need from the engines.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}

Card = int
CardSet = int


class CardError(ValueError):
    """A card or a list of cards that cannot be read."""


def card(rank: str, suit: str) -> Card:
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def rank_of(c: Card) -> int:
    """Index of the rank in ``RANKS`` (0 for a two, 12 for an ace)."""
    return c % 13


def suit_of(c: Card) -> int:
    return c // 13


CARD_NAMES: tuple[str, ...] = tuple(RANKS[i % 13] + SUITS[i // 13] for i in range(52))
_BY_NAME: dict[str, Card] = {name: i for i, name in enumerate(CARD_NAMES)}


def card_str(c: Card) -> str:
    return CARD_NAMES[c]


def parse_card(text: str) -> Card:
    """Read ``7h``, ``Tc``, ``10c``, ``7♥`` (case-insensitive)."""
    found = _BY_NAME.get(text)
    if found is not None:  # a card as the program writes it (events, records): read at once
        return found
    t = text.strip()
    if not t:
        raise CardError("empty card")
    suit = SUIT_SYMBOLS.get(t[-1], t[-1].lower())
    rank = t[:-1].upper()
    if rank == "10":
        rank = "T"
    name = rank + suit
    found = _BY_NAME.get(name)
    if found is None:
        shown = repr(text) if len(text) <= 12 else repr(text[:12]) + "…"
        raise CardError(f"not a card: {shown} (write rank 2-9 T J Q K A, then suit c d h s)")
    return found


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def mask_of(cards: Iterable[Card]) -> CardSet:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: CardSet) -> Iterator[Card]:
    """Cards of a mask in ascending card order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: CardSet) -> int:
    return mask.bit_count()


def deck(ranks: str) -> list[Card]:
    """All cards of the given ranks in the four suits, in card order."""
    return sorted(card(r, s) for s in SUITS for r in ranks)
