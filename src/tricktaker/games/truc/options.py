"""Le Truc's rule options (docs/rules/truc.md); each default is the main seed's rule."""

from __future__ import annotations

from tricktaker.core.options import OptionSpec

SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec(
        "players",
        "choice",
        2,
        "two players, or four in two partnerships sitting opposite",
        choices=(2, 4),
    ),
    OptionSpec(
        "redeal",
        "choice",
        "repeat",
        "calls for new cards: repeat (as often as the stock allows) or once per deal",
        choices=("repeat", "once"),
    ),
    OptionSpec(
        "ties",
        "choice",
        "leader",
        "equal cards: leader (spoiled only until a trick is won, then to the first played)"
        " or spoil (always spoiled)",
        choices=("leader", "spoil"),
    ),
    OptionSpec(
        "match",
        "choice",
        3,
        "the best of three games to 12 (a robber), or one game to 12",
        choices=(3, 1),
    ),
)
