"""Tetka's computer players: ``random`` (any legal card, the baseline), ``rules``
(seed 004's advice as a cost model, :mod:`tricktaker.bots.tetka.rules`), and ``search``
and ``deep`` (determinised search, its worlds solved open handed once few tricks are
left, :mod:`tricktaker.bots.tetka.open_hand`)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.random_bot import RandomBot
from tricktaker.bots.search import DEFAULT_BUDGET, Budget, search_levels
from tricktaker.bots.tetka.moves import play_classes
from tricktaker.bots.tetka.open_hand import OpenHandValue
from tricktaker.bots.tetka.rules import RulesBot

#: ``search``'s clock and least number of worlds are every game's; its most worlds are
#: more, since the end of a deal is solved in well under the clock (64 worlds took a
#: tenth of it) and each world weighed by the others' plays costs a replay of the deal.
BUDGET = Budget(seconds=DEFAULT_BUDGET.seconds, min_worlds=DEFAULT_BUDGET.min_worlds, max_worlds=96)
#: Worlds are weighed by the others' card plays (the search assumes they play like
#: ``rules``): each play there that ``rules`` would not have made halves a world's
#: weight. Only the last three tricks' plays (12 actions) are read. On ``rules`` play
#: at trick 9, a hidden card lay with its owner in 43% of unweighed worlds, 49% of
#: worlds weighed by three tricks and 55% by the whole deal; but the whole deal cost
#: twice the time a world (some 20 ms, where solving it takes 2) and let a few worlds
#: outweigh the rest (11 worlds that count in 40, against 27).
PLAY_MISMATCH = 0.5
READ_LAST = 12

LEVELS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "rules": RulesBot,
    **search_levels(
        "tetka",
        value=OpenHandValue(),
        infer=True,
        unread=frozenset(),
        mismatch=PLAY_MISMATCH,
        read_last=READ_LAST,
        classes=play_classes,
        budget=BUDGET,
    ),
}

__all__ = ["LEVELS", "RulesBot"]
