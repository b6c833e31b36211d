"""Truco's rule options (docs/rules/truco.md); each default is seed 003's rule."""

from __future__ import annotations

from tricktaker.core.options import OptionSpec

SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec(
        "variant",
        "choice",
        "paulista",
        "paulista (a vira turns the manilhas, raises 1-3-6-9-12)"
        " or mineiro (fixed manilhas 4c 7h As 7d, raises 2-4-6-10-12)",
        choices=("paulista", "mineiro"),
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
        "one game to 12, or the best of three",
        choices=(1, 3),
    ),
)
