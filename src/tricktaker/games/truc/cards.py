"""Le Truc's 32-card deck and its order of ranks: 7 8 A K Q J T 9, suits equal."""

from __future__ import annotations

from tricktaker.cards import CARD_NAMES, RANKS, mask_of

TRUC_RANKS = "789TJQKA"
_ORDER_LOW_TO_HIGH = "9TJQKA87"

DECK: tuple[int, ...] = tuple(sorted(s * 13 + RANKS.index(r) for s in range(4) for r in TRUC_RANKS))
DECK_MASK = mask_of(DECK)

#: STRENGTH[card] orders cards for taking tricks (higher wins); -1 off the deck.
STRENGTH: tuple[int, ...] = tuple(
    _ORDER_LOW_TO_HIGH.index(CARD_NAMES[c][0]) if (DECK_MASK >> c) & 1 else -1 for c in range(52)
)

#: Cards of each strength, strongest first: the order in which hands are shown.
BY_STRENGTH: tuple[int, ...] = tuple(sorted(DECK, key=lambda c: (-STRENGTH[c], c)))
