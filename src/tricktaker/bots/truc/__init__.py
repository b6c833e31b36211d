"""Le Truc's computer players: the ``rules`` level (the seed's advice as heuristics)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.search import search_levels
from tricktaker.bots.truc.rules import RulesBot

LEVELS: Mapping[str, BotFactory] = {"rules": RulesBot, **search_levels("truc", infer=True)}

__all__ = ["LEVELS", "RulesBot"]
