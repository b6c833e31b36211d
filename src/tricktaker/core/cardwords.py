"""Cards as players of a language write them: ``10♥``, ``A♠`` / ``Т♠``, ``Q♣`` / ``Д♣``.

Shared by every game's words and every front end, so a card reads the same in
the log, on a button and on the table. Suit symbols are kept in the text (a
front end colours ``♦♥`` red by looking for them).
"""

from __future__ import annotations

from tricktaker.cards import CARD_NAMES, Card
from tricktaker.core.i18n import Translator, translator

SUITS = "♣♦♥♠"  # in the notation's order c d h s
RED_SUITS = "♦♥"
HIDDEN = "🂠"


def rank_text(rank: str, _: Translator) -> str:
    """A rank as players of the language write it (Russian: Т for the ace, К, Д, В)."""
    if rank == "T":
        return "10"
    labels = {
        "A": _.pgettext("rank", "A"),
        "K": _.pgettext("rank", "K"),
        "Q": _.pgettext("rank", "Q"),
        "J": _.pgettext("rank", "J"),
    }
    return labels.get(rank, rank)


def card_label(card: Card | None, lang: str) -> str:
    """``7♥``; a hidden card (None) is the back of a card."""
    if card is None:
        return HIDDEN
    name = CARD_NAMES[card]
    return rank_text(name[0], translator(lang)) + SUITS["cdhs".index(name[1])]


def cards_label(cards: tuple[Card | None, ...] | list[Card | None], lang: str) -> str:
    return " ".join(card_label(c, lang) for c in cards)


def rank_order(ranks: str, lang: str) -> str:
    """A game's order of ranks, high to low, in the language's letters: ``7 8 Т К Д В 10 9``."""
    _ = translator(lang)
    return " ".join(rank_text(r, _) for r in ranks)
