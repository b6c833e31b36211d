"""Truco's computer players: the ``rules`` level (seed 003's advice as heuristics), the
search levels, the hidden exploit levels of ``exploits.py`` and the hidden
``rules-balanced`` (``rules`` betting at balanced frequencies), for tests and
measurements only, never offered to players.

The ``random`` level plays every game and is registered once, for them all.
"""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.search import Tactics, search_levels
from tricktaker.bots.truco.exploits import EXPLOITS
from tricktaker.bots.truco.learnt import LearntBot
from tricktaker.bots.truco.reading import last_card_mismatch, reader
from tricktaker.bots.truco.rules import TEAM_READING, BalancedRulesBot, ReadingBot, RulesBot

#: The bets: raises, answers (to a raise, and to envido and flor, which share the
#: verbs) and folds; not the hand of eleven nor the calls of envido and flor. What
#: ``bench/search_parts.py``'s ``tactics=bets`` follows.
BETS = frozenset({"raise", "accept", "refuse", "fold"})
#: How many binomial standard errors off ``rules``' raise, call or raise-back
#: frequency the other side (its players pooled) must be seen before six-player
#: Truco's search stops following its learnt bets (``Tactics.until``): against
#: ``rules`` the pooled counts stayed within 1.4 over 50 sets; against a side that
#: refuses most raises they passed 3 by then.
UNTIL = 2.5
#: With four players the search levels weigh their moves against ``rules`` tuned by
#: self-play (``rules.TEAM``) and imagine their own side playing it, answering each
#: raiser read to raise rarer than ``rules`` as a value raiser (``rules.ReadingBot``,
#: ``TEAM_READING``); the other side stays ``rules``, or the reader's model of each
#: player. With six they bet as the
#: raises and answers learnt from play bet (``learnt.LearntBot``: ``TEAM`` with
#: ``learnt_bets_6.json``; ``BETS`` followed) and search only the cards: there the
#: searched bets lost to ``rules``' own, following ``TEAM``'s gained, and following the
#: learnt ones gained again at 64 worlds (docs/strength.md, "A third round, pooled
#: with the second"); until the other side, its players' counts pooled, is seen to bet
#: otherwise (``UNTIL``), when the bets are searched again, to exploit it
#: (docs/strength.md, "Six players: the bets followed"). With two, where it measured
#: no gain, they keep ``rules`` (docs/strength.md, "Bets tuned by self-play").
TACTICS = {
    4: Tactics(frozenset(), lambda: ReadingBot(TEAM_READING)),
    6: Tactics(BETS, LearntBot, until=UNTIL),
}


LEVELS: Mapping[str, BotFactory] = {
    "rules": RulesBot,
    **search_levels(
        "truco", infer=True, reader=reader, tactics=TACTICS, mismatch_at=last_card_mismatch
    ),
    **EXPLOITS,
    BalancedRulesBot.name: BalancedRulesBot,
}

__all__ = ["LEVELS", "RulesBot"]
