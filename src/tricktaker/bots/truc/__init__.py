"""Le Truc's computer players: the ``rules`` level (the seed's advice as heuristics), the
search levels, ``solved`` where a strategy is solved, and the hidden exploit levels of
``exploits.py`` (for tests and measurements only, never offered to players)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.search import search_levels
from tricktaker.bots.truc.exploits import EXPLOITS
from tricktaker.bots.truc.reading import reader
from tricktaker.bots.truc.rules import RulesBot
from tricktaker.bots.truc.solved import SolvedBot, available

LEVELS: Mapping[str, BotFactory] = {
    "rules": RulesBot,
    **search_levels("truc", infer=True, reader=reader),
    # Offered only where ``tricktaker solve truc`` has written a strategy (var/solved/).
    **({"solved": SolvedBot} if available() else {}),
    **EXPLOITS,
}

__all__ = ["LEVELS", "RulesBot"]
