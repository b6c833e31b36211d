"""Tetka's computer players: ``random`` (any legal card, the baseline), ``rules``
(seed 004's advice as a cost model, :mod:`tricktaker.bots.tetka.rules`), and ``search``
and ``deep`` (determinised search, its worlds solved open handed once few tricks are
left, :mod:`tricktaker.bots.tetka.open_hand`)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.random_bot import RandomBot
from tricktaker.bots.search import search_levels
from tricktaker.bots.tetka.open_hand import OpenHandValue
from tricktaker.bots.tetka.rules import RulesBot

LEVELS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "rules": RulesBot,
    **search_levels("tetka", value=OpenHandValue()),
}

__all__ = ["LEVELS", "RulesBot"]
