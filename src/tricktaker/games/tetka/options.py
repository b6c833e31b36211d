"""Tetka's rule options (docs/rules/tetka.md); each default is seed 004's rule."""

from __future__ import annotations

from tricktaker.core.options import OptionSpec

#: The highest ``target`` offered: twice a long evening's robber is plenty.
MAX_TARGET = 50

SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec(
        "revoke",
        "choice",
        "prevented",
        "prevented (only cards that follow suit are offered) or penalized (any card may be"
        " played; a revoke, once proved, costs a trick from each other player)",
        choices=("prevented", "penalized"),
    ),
    OptionSpec(
        "target",
        "int",
        21,
        "the robber ends after the deal in which anyone reaches this many marks",
        low=1,
        high=MAX_TARGET,
    ),
)
