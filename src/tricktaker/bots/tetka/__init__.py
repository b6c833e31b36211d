"""Tetka's computer players: ``random`` (any legal card, the baseline) and ``rules``
(seed 004's advice as a cost model, :mod:`tricktaker.bots.tetka.rules`)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.random_bot import RandomBot
from tricktaker.bots.search import search_levels
from tricktaker.bots.tetka.rules import RulesBot

LEVELS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "rules": RulesBot,
    **search_levels("tetka"),
}

__all__ = ["LEVELS", "RulesBot"]
