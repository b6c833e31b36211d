"""Truco's computer players: the ``rules`` level (seed 003's advice as heuristics), the
search levels, the hidden exploit levels of ``exploits.py`` and the hidden
``rules-balanced`` (``rules`` betting at balanced frequencies), for tests and
measurements only, never offered to players.

The ``random`` level plays every game and is registered once, for them all.
"""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.search import search_levels
from tricktaker.bots.truco.exploits import EXPLOITS
from tricktaker.bots.truco.reading import reader
from tricktaker.bots.truco.rules import BalancedRulesBot, RulesBot

LEVELS: Mapping[str, BotFactory] = {
    "rules": RulesBot,
    **search_levels("truco", infer=True, reader=reader),
    **EXPLOITS,
    BalancedRulesBot.name: BalancedRulesBot,
}

__all__ = ["LEVELS", "RulesBot"]
