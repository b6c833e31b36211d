"""Le Truc's computer players: the ``rules`` level (the seed's advice as heuristics), the
search levels, ``solved`` where a strategy is solved, and the hidden exploit levels of
``exploits.py`` (for tests and measurements only, never offered to players)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.search import Tactics, search_levels
from tricktaker.bots.truc.exploits import EXPLOITS
from tricktaker.bots.truc.learnt import LearntBot
from tricktaker.bots.truc.reading import reader
from tricktaker.bots.truc.rules import RulesBot
from tricktaker.bots.truc.solved import SolvedBot, available

#: Four players' signals to a partner (``signal 7`` ...: what the partner holds): the
#: search levels send the one ``rules`` sends, the truth, never a searched one. A
#: searched signal is picked for how the imagined ``rules`` captain takes it, and was at
#: times none, or another than the bot's cards call for: a lie to the real partner,
#: person or bot. The captain's instructions (``say low`` ...) are orders, not claims,
#: and stay searched.
SIGNALS = frozenset({"signal"})

#: With four players the search levels weigh their moves against the captain bets
#: learnt from play (``learnt.LearntBot``: ``rules.TEAM`` reading the other side's bets,
#: its doubles, answers and calls for cards from ``learnt_bets.json``) and imagine their
#: own side playing it (the signals are still followed); the other side stays
#: ``rules``, or the reader's model of each player (docs/strength.md, "Bets learnt
#: from play").
TACTICS = {4: Tactics(SIGNALS, LearntBot)}


LEVELS: Mapping[str, BotFactory] = {
    "rules": RulesBot,
    **search_levels("truc", infer=True, reader=reader, follow=SIGNALS, tactics=TACTICS),
    # Offered only where ``tricktaker solve truc`` has written a strategy (var/solved/).
    **({"solved": SolvedBot} if available() else {}),
    **EXPLOITS,
}

__all__ = ["LEVELS", "RulesBot"]
