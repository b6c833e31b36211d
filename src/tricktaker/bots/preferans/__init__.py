"""Preferans' computer players: ``random`` (any legal action, the baseline) and ``rules``
(a Russian player's trick counts and habits, :mod:`tricktaker.bots.preferans.rules`)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.preferans.rules import RulesBot
from tricktaker.bots.random_bot import RandomBot
from tricktaker.bots.search import search_levels

LEVELS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "rules": RulesBot,
    **search_levels("preferans"),
}

__all__ = ["LEVELS", "RulesBot"]
