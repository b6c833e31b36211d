"""Truco's 40-card deck, its ordinary order and its manilhas (docs/rules/truco.md).

Strength tables are indexed by card: the ordinary order ``4 5 6 7 Q J K A 2 3``
gives 0..9 (suits never matter, so equal ranks tie), and a manilha gets
10..13 by its suit, diamonds (pica-fumo) < spades (espadilha) < hearts (copas)
< clubs (zap). Paulista has one table per vira rank; Mineiro one fixed table.
A card played face down ranks below every card: ``DOWN``.
"""

from __future__ import annotations

from tricktaker.cards import CARD_NAMES, RANKS, card, mask_of

#: Ordinary ranks, low to high; also the cycle that turns a vira into its manilhas.
ORDER = "4567QJKA23"
#: Manilha suits, low to high: diamonds, spades, hearts, clubs.
MANILHA_SUITS = "dshc"
DOWN = -1
FIRST_MANILHA = len(ORDER)

DECK: tuple[int, ...] = tuple(sorted(card(r, s) for s in "cdhs" for r in ORDER))
DECK_MASK = mask_of(DECK)


def manilha_rank(vira: int) -> str:
    """The rank after the vira's in the cycle (a 3 turns the 4s)."""
    rank = RANKS[vira % 13]
    return ORDER[(ORDER.index(rank) + 1) % len(ORDER)]


def _ordinary() -> list[int]:
    out = [-2] * 52
    for c in DECK:
        out[c] = ORDER.index(CARD_NAMES[c][0])
    return out


def _paulista(rank: str) -> tuple[int, ...]:
    out = _ordinary()
    for i, s in enumerate(MANILHA_SUITS):
        out[card(rank, s)] = FIRST_MANILHA + i
    return tuple(out)


#: Strength of every card when the manilhas are of this rank (Paulista).
BY_MANILHA_RANK: dict[str, tuple[int, ...]] = {r: _paulista(r) for r in ORDER}
#: Mineiro's fixed manilhas, strongest first, and its strength table.
MINEIRO_MANILHAS: tuple[int, ...] = (card("4", "c"), card("7", "h"), card("A", "s"), card("7", "d"))


def _mineiro() -> tuple[int, ...]:
    out = _ordinary()
    for i, c in enumerate(reversed(MINEIRO_MANILHAS)):
        out[c] = FIRST_MANILHA + i
    return tuple(out)


MINEIRO: tuple[int, ...] = _mineiro()


def strength_table(vira: int | None) -> tuple[int, ...]:
    """The strengths for a deal: Paulista's by its vira, Mineiro's when there is none."""
    return MINEIRO if vira is None else BY_MANILHA_RANK[manilha_rank(vira)]


def manilhas(table: tuple[int, ...]) -> tuple[int, ...]:
    """The four manilhas of a strength table, strongest (the zap) first."""
    return tuple(sorted((c for c in DECK if table[c] >= FIRST_MANILHA), key=lambda c: -table[c]))


def by_strength(mask: int, table: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of ``mask``, strongest first (ties by card number, for a stable order)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    cards.sort(key=lambda c: (-table[c], c))
    return tuple(cards)


# ------------------------------------------------------------------ the Spanish deck
#
# Truco Argentino and Gaúcho play the Spanish 40-card deck: 1 to 7, sota (10),
# caballo (11) and rey (12) in espadas, bastos, oros and copas. It is the same
# 40 cards as Truco's, under other names, so the engine keeps the project's card
# ids and the notation names them through one fixed mapping (docs/rules/truco.md):
# 1↔A, 10 (sota)↔Q, 11 (caballo)↔J, 12 (rey)↔K, 2..7 themselves;
# espadas↔s, bastos↔c, oros↔d, copas↔h.

#: Project rank letter → Spanish number.
SPANISH_RANKS = {"A": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
                 "Q": "10", "J": "11", "K": "12"}  # fmt: skip
#: Project suit letter → Spanish suit initial (espadas, bastos, oros, copas).
SPANISH_SUITS = {"s": "e", "c": "b", "d": "o", "h": "c"}
#: The fixed top of the Argentine order, strongest first: 1 of espadas (the *macho*),
#: 1 of bastos, 7 of espadas, 7 of oros. The rest keep the ordinary order 3 2 1 12 11 10 7 6 5 4.
ARGENTINO_TOP: tuple[int, ...] = (card("A", "s"), card("A", "c"), card("7", "s"), card("7", "d"))


def spanish_name(c: int) -> str:
    """The card's Spanish name in the notation: ``1e`` (1 de espadas), ``12b``, ``10c``."""
    name = CARD_NAMES[c]
    return SPANISH_RANKS[name[0]] + SPANISH_SUITS[name[1]]


def _argentino() -> tuple[int, ...]:
    out = _ordinary()
    for i, c in enumerate(reversed(ARGENTINO_TOP)):
        out[c] = FIRST_MANILHA + i
    return tuple(out)


#: Truco Argentino's fixed order (also Gaúcho's): the four top cards, then 3 2 1 12 11 10 7 6 5 4.
ARGENTINO: tuple[int, ...] = _argentino()
#: Spanish name → card, for reading the Spanish notation.
BY_SPANISH_NAME: dict[str, int] = {spanish_name(c): c for c in DECK}


def envido_value(c: int) -> int:
    """A card's points for the envido and the flor: its number, the figures (10 11 12) none."""
    rank = CARD_NAMES[c][0]
    return 0 if rank in "QJK" else int(SPANISH_RANKS[rank])
