"""Colour for plain text: the words of every game are plain, the screen colours their cards.

A card is written by ``core.cardwords`` as its rank and a suit symbol
(``10♥``, ``Т♠``, or the back of a card), so the screen finds cards by their
symbols and needs no help from the game.
"""

from __future__ import annotations

import re

from rich.text import Text

from tricktaker.core.cardwords import HIDDEN

RED_CARD = re.compile(r"(?:10|\w)?[♦♥]")
BLACK_CARD = re.compile(r"(?:10|\w)?[♣♠]")


def styled(text: str, style: str = "") -> Text:
    """``text`` with its cards in colour (red diamonds and hearts), in ``style`` otherwise."""
    out = Text(text, style=style)
    out.highlight_regex(RED_CARD, "bold red")
    out.highlight_regex(BLACK_CARD, "bold")
    out.highlight_regex(re.escape(HIDDEN), "blue")
    return out


def joined(lines: list[str], style: str = "") -> Text:
    """Several lines as one styled text."""
    return Text("\n").join(styled(line, style) for line in lines)
