"""Colour for plain text: the words of every game are plain, the screen colours their cards.

A card is written by ``core.cardwords`` as its rank and a suit symbol
(``10♥``, ``Т♠``, or the back of a card), so the screen finds cards by their
symbols and needs no help from the game.

A game played with the Spanish deck says so in its view (``deck: "spanish"``)
and gives its mapping of the notation's ranks and suits to Spanish ones
(``spanish``: ``{"ranks": {"A": "1", ...}, "suits": {"s": "e", ...}}``), from which
each card's Spanish name follows (``1e``, ``12b``: the number and the suit's
initial, espadas bastos oros copas). The screen is told the deck of
the view it shows (``use_deck``), and while it is Spanish every card the words
write is shown by its Spanish name, in the Spanish suit's colour (espadas blue,
bastos green, oros yellow, copas red), the words themselves unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.text import Text

from tricktaker.cards import parse_card
from tricktaker.core.cardwords import HIDDEN, card_label
from tricktaker.core.protocol import View

RED_CARD = re.compile(r"(?:10|\w)?[♦♥]")
BLACK_CARD = re.compile(r"(?:10|\w)?[♣♠]")


#: A Spanish card's name (``1e``, ``12b``, ``7o``, ``10c``) and its suit's initial.
SPANISH_CARD = re.compile(r"(?<!\w)(?:1[0-2]|[1-7])([eboc])(?!\w)")
SPANISH_STYLES = {"e": "bold blue", "b": "bold green", "o": "bold yellow", "c": "bold red"}


@dataclass
class _Deck:
    """The deck of the view on screen: French (nothing to rename) or Spanish, with each
    card's label as the words write it (``Q♦``, Russian ``Д♦``) and its Spanish name."""

    names: dict[str, str] = field(default_factory=dict)
    pattern: re.Pattern[str] | None = None


_DECK = _Deck()


def use_deck(view: View, lang: str) -> None:
    """Show the cards of the texts styled from now on as ``view``'s deck names them."""
    if getattr(view, "deck", "french") != "spanish":
        _DECK.names, _DECK.pattern = {}, None
        return
    mapping: dict[str, dict[str, str]] = view.to_json().get("spanish", {})
    ranks, suits = mapping.get("ranks", {}), mapping.get("suits", {})
    names = {card_label(parse_card(r + s), lang): ranks[r] + suits[s] for r in ranks for s in suits}
    if names == _DECK.names:
        return
    _DECK.names = names
    by_length = sorted(names, key=len, reverse=True)
    _DECK.pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, by_length)) + ")")


def deck_text(text: str) -> str:
    """``text`` with each card named as the deck on screen names it (``Q♦`` is ``10o``)."""
    if _DECK.pattern is None:
        return text
    return _DECK.pattern.sub(lambda m: _DECK.names[m.group(0)], text)


def styled(text: str, style: str = "") -> Text:
    """``text`` with its cards in colour (red diamonds and hearts), in ``style`` otherwise;
    a Spanish deck's cards by their Spanish names, in their suits' colours."""
    if _DECK.pattern is not None:
        out = Text(deck_text(text), style=style)
        for found in SPANISH_CARD.finditer(out.plain):
            out.stylize(SPANISH_STYLES[found.group(1)], found.start(), found.end())
        out.highlight_regex(re.escape(HIDDEN), "blue")
        return out
    out = Text(text, style=style)
    out.highlight_regex(RED_CARD, "bold red")
    out.highlight_regex(BLACK_CARD, "bold")
    out.highlight_regex(re.escape(HIDDEN), "blue")
    return out


def joined(lines: list[str], style: str = "") -> Text:
    """Several lines as one styled text."""
    return Text("\n").join(styled(line, style) for line in lines)
