"""The names of a table's seats, each in the language of whoever reads it.

A seat's name is stored once, when its table is made, in its maker's language
("Computer 2 (strong)", "Player 1"). Those defaults are the program's words, and
are told again in each reader's language, so the computers are not left with
English names after a switch to Russian; a name a person chose or was given
stays as typed, in every language.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from tricktaker.bots.registry import level_name
from tricktaker.core.i18n import LANGUAGES, translator
from tricktaker.server.messages import web_words
from tricktaker.server.store import SeatSpec, StoredTable


def default_name(seat: int, spec: SeatSpec, lang: str) -> str:
    """The name a seat gets when none is given: "Computer 2 (strong)", "Player 1"."""
    _ = web_words(lang)
    if spec.kind == "bot":
        level = level_name(spec.level or "", translator(lang))
        return _("Computer {n} ({level})").format(n=seat + 1, level=level)
    return _("Player {n}").format(n=seat + 1)


def is_default(seat: int, spec: SeatSpec, name: str) -> bool:
    """Whether ``name`` is the seat's default name in one of the languages."""
    return any(name == default_name(seat, spec, lang) for lang in LANGUAGES)


def names_in(stored: StoredTable, lang: str) -> list[str]:
    """The table's seat names in ``lang``: a default name in that language, a chosen one
    as it was typed."""
    return localized(stored.names, stored.seats, stored.chosen_names, lang)


def localized(
    names: Sequence[str], seats: Sequence[SeatSpec], chosen: Container[int], lang: str
) -> list[str]:
    """``names`` with each seat's default name (not one its person chose: ``chosen``, a
    container of seats) told in ``lang``."""
    out = []
    for seat, name in enumerate(names):
        spec = seats[seat] if seat < len(seats) else None
        if spec is not None and seat not in chosen and is_default(seat, spec, name):
            name = default_name(seat, spec, lang)
        out.append(name)
    return out
