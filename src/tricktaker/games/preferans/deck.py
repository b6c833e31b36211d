"""Preferans' 32-card deck, its strains and its two ladders of bids (docs/rules/preferans.md).

Cards keep the shared encoding of ``tricktaker.cards`` (``suit * 13 + rank``,
suits ``c d h s``); only the ranks 7 to ace are dealt, so a higher card number
within a suit is still a higher card. Bidding ranks the suits differently
(spades, clubs, diamonds, hearts, then no trumps): a *strain* is that bidding
index, and ``STRAIN_SUIT`` turns it into a card suit.
"""

from __future__ import annotations

from tricktaker.cards import CARD_NAMES, cards_in, deck

DECK: tuple[int, ...] = tuple(deck("789TJQKA"))
DECK_MASK = sum(1 << c for c in DECK)
TRICKS = 10
HAND = 10
TALON = 2

#: Strains in bidding order; ``STRAIN_SUIT[strain]`` is the card suit (None: no trumps).
STRAINS = ("s", "c", "d", "h", "nt")
STRAIN_SUIT: tuple[int | None, ...] = (3, 0, 1, 2, None)
NO_TRUMP = 4
SUIT_MASKS: tuple[int, ...] = tuple(sum(1 << c for c in DECK if c // 13 == s) for s in range(4))
BITS: tuple[int, ...] = tuple(1 << c for c in range(52))

MISERE = "misere"
#: The Russian ladder of bids, lowest first: 6s ... 8nt, misère, 9s ... 10nt.
LADDER: tuple[str, ...] = (
    *(f"{level}{s}" for level in (6, 7, 8) for s in STRAINS),
    MISERE,
    *(f"{level}{s}" for level in (9, 10) for s in STRAINS),
)
LADDER_INDEX = {name: i for i, name in enumerate(LADDER)}
MISERE_INDEX = LADDER_INDEX[MISERE]
#: Contracts a Russian declarer may name (every bid but misère, which names itself).
CONTRACTS: tuple[str, ...] = tuple(b for b in LADDER if b != MISERE)
#: The pot game's bids (seed 002): a number is a trump level with the talon.
POT_BIDS: tuple[str, ...] = ("1", "2", "3", "4", "game", "hearts")
#: The pot game's contracts: always six tricks, in a suit (never no trumps).
POT_CONTRACTS: tuple[str, ...] = ("6s", "6c", "6d", "6h")


def contract_level(name: str) -> int:
    """Tricks a contract promises (misère: 10, the value it scores at)."""
    return 10 if name == MISERE else int(name[:-2] if name.endswith("nt") else name[:-1])


def contract_strain(name: str) -> int | None:
    """The strain of a contract (None for misère)."""
    if name == MISERE:
        return None
    return STRAINS.index("nt" if name.endswith("nt") else name[-1])


def read_contract(text: str) -> str | None:
    """A contract or bid as players write it (``6S``, ``7NT``, ``misère``), or None."""
    t = text.strip().lower().replace("♠", "s").replace("♣", "c").replace("♦", "d")
    t = t.replace("♥", "h").replace("è", "e").replace("бк", "nt")
    if t in ("misere", "mizer", "мизер"):
        return MISERE
    return t if t in LADDER_INDEX else None


def card_names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_in(mask)]
