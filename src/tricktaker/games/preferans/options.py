"""Preferans' rule options (docs/rules/preferans.md): the convention, the pulya, the table,
overtaking."""

from __future__ import annotations

from tricktaker.core.options import OptionSpec, check_schema

CONVENTIONS = ("sochi", "leningrad", "rostov", "pot")
MAX_POOL = 30

SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec(
        "rules",
        "choice",
        "sochi",
        "the convention: sochi, leningrad or rostov (Russian preferans written on a score"
        " sheet), or pot (the old game with a pot: stakes paid into it)",
        choices=CONVENTIONS,
    ),
    OptionSpec(
        "pool",
        "int",
        20,
        "the pulya: the game ends when every player's pulya reaches it (in the pot game:"
        " the number of deals)",
        low=2,
        high=MAX_POOL,
    ),
    OptionSpec(
        "players",
        "choice",
        3,
        "three players, or four with the dealer sitting out of each deal",
        choices=(3, 4),
    ),
    OptionSpec(
        "overtake",
        "bool",
        False,
        "pot game only (the Russian conventions ignore it): overtaking is compulsory, a player"
        " who follows suit or trumps must beat the best card so far if he can",
        when=(("rules", ("pot",)),),
    ),
)
check_schema(SCHEMA)
