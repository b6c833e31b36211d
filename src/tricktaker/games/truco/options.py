"""Truco's rule options (docs/rules/truco.md); each default is seed 003's rule."""

from __future__ import annotations

from tricktaker.core.options import OptionSpec

SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec(
        "variant",
        "choice",
        "paulista",
        "paulista (a vira turns the manilhas, raises 1-3-6-9-12),"
        " mineiro (fixed manilhas 4c 7h As 7d, raises 2-4-6-10-12),"
        " argentino (Spanish deck, envido, truco 2-3-4, to 15 or 30)"
        " or gaucho (Argentino's rules, to 24; 18 for two)",
        choices=("paulista", "mineiro", "argentino", "gaucho"),
    ),
    OptionSpec(
        "players",
        "choice",
        2,
        "two players, or four or six in two teams in alternate seats",
        choices=(2, 4, 6),
    ),
    OptionSpec(
        "match",
        "choice",
        1,
        "one game (to 12; argentino 30 or 15, gaucho 24, 18 for two), or the best of three",
        choices=(1, 3),
    ),
    OptionSpec(
        "flor",
        "bool",
        False,
        "with flor (three cards of a suit score 3; contraflor, contraflor al resto) or without",
        when=(("variant", ("argentino", "gaucho")),),
    ),
    OptionSpec(
        "points",
        "choice",
        30,
        "a game to 30 (15 malas, then 15 buenas) or to 15",
        choices=(15, 30),
        when=(("variant", ("argentino",)),),
    ),
)

#: The variants played with the Spanish deck, the envido and the flor.
SPANISH = frozenset({"argentino", "gaucho"})


def game_points(variant: str, points: int, players: int) -> int:
    """What wins a game: 12 in Brazil's Paulista and Mineiro; Argentino's ``points``
    option; Gaúcho 24, or 18 for two (two *voltas* of 12, or of 9)."""
    if variant == "argentino":
        return points
    if variant == "gaucho":
        return 18 if players == 2 else 24
    return 12
