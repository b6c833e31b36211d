"""Preferans' rule options (docs/rules/preferans.md): the convention, the pulya, the table,
overtaking, and the house rules a company agrees before a pulya.

Each house rule's default is the program's behaviour before it was an option, so
every record written before replays as it did. A house rule that names one
convention in ``when`` means nothing under the others: the rules read it through
:func:`house_rules`, which keeps it at its default there.
"""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.core.options import OptionSpec, OptionValue, check_schema
from tricktaker.games.preferans.sheet import EXITS, House

CONVENTIONS = ("sochi", "leningrad", "rostov", "pot")
RUSSIAN = ("sochi", "leningrad", "rostov")
_RUSSIAN = (("rules", RUSSIAN),)
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
    # The house rules (docs/rules/preferans.md, "House rules").
    OptionSpec(
        "failed",
        "choice",
        "single",
        "Leningrad: a failed contract writes its value per missing trick into the gora"
        " (single), or twice that, a caught misère 20 a trick and a short whister the full"
        " value (double)",
        choices=("single", "double"),
        when=(("rules", ("leningrad",)),),
    ),
    OptionSpec(
        "short_whister",
        "choice",
        "half",
        "Rostov: a whister short of the duty writes half the contract's value per trick into"
        " his gora (half), or the full value (full)",
        choices=("half", "full"),
        when=(("rules", ("rostov",)),),
    ),
    OptionSpec(
        "lone_whist",
        "choice",
        "shared",
        "Leningrad, one whists and one passes: the passer shares the defenders' tricks"
        " (shared), or only the whister writes whists for them (whister)",
        choices=("shared", "whister"),
        when=(("rules", ("leningrad",)),),
    ),
    OptionSpec(
        "duty_split",
        "choice",
        "greedy",
        "two whisters short of the duty: each answers for his own half of it, a partner's"
        " extra trick covering him (greedy), or the two share the shortfall equally"
        " (gentleman)",
        choices=("greedy", "gentleman"),
        when=_RUSSIAN,
    ),
    OptionSpec(
        "ten_tricks",
        "choice",
        "whisted",
        "a ten-trick contract is whisted or passed like any other (whisted), or checked:"
        " both defenders play it out without whist, duty or whists for tricks (checked)",
        choices=("whisted", "checked"),
        when=_RUSSIAN,
    ),
    OptionSpec(
        "stalingrad",
        "bool",
        False,
        "Stalingrad: a six of spades must be whisted by both defenders (no pass, no half-whist)",
        when=_RUSSIAN,
    ),
    OptionSpec(
        "allpass_progression",
        "choice",
        "rising",
        "the price of an all-pass trick rises with each all-pass in a row, 1-2-3 (Leningrad"
        " 2-4-6, Rostov 5-10-15 whists and 1-2-3 for no trick: rising), or stays at the first"
        " step's (flat)",
        choices=("rising", "flat"),
        when=_RUSSIAN,
    ),
    OptionSpec(
        "allpass_exit",
        "choice",
        "convention",
        "the lowest contract after 1, 2, 3 all-passes in a row: the convention's (Sochi and"
        " Rostov 6-7-7, Leningrad 6-7-8), or 6-6-6, 6-7-7 or 6-7-8 whatever the convention",
        choices=("convention", *EXITS),
        when=_RUSSIAN,
    ),
    OptionSpec(
        "allpass_end",
        "choice",
        "any",
        "the all-passes in a row end with any contract (any), or only with a contract or"
        " misère made (made): a failed one keeps the raised exit and price",
        choices=("any", "made"),
        when=_RUSSIAN,
    ),
)
check_schema(SCHEMA)

#: The house rules' option names, in the schema's order (a rules summary lists them).
HOUSE_OPTIONS: tuple[str, ...] = tuple(spec.name for spec in SCHEMA[4:])


def house_rules(values: Mapping[str, OptionValue]) -> House:
    """The house rules these options set, each at its default where it does not apply
    (an option of another convention, or any in the pot game: a record keeps what it
    says, and the rules ignore it)."""
    given: dict[str, OptionValue] = {}
    for spec in SCHEMA[4:]:
        value = values.get(spec.name, spec.default)
        given[spec.name] = value if spec.applies(values) else spec.default
    return House(
        failed=str(given["failed"]),
        short_whister=str(given["short_whister"]),
        lone_whist=str(given["lone_whist"]),
        duty_split=str(given["duty_split"]),
        ten_tricks=str(given["ten_tricks"]),
        stalingrad=bool(given["stalingrad"]),
        allpass_progression=str(given["allpass_progression"]),
        allpass_exit=str(given["allpass_exit"]),
        allpass_end=str(given["allpass_end"]),
    )
