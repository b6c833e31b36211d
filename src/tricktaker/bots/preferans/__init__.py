"""Preferans' computer players: ``random`` (any legal action, the baseline), ``rules``
(a Russian player's trick counts and habits, :mod:`tricktaker.bots.preferans.rules`),
and ``search``/``deep`` (determinised search whose worlds' card play is solved open
handed, :mod:`tricktaker.bots.preferans.search_bot`)."""

from __future__ import annotations

from collections.abc import Mapping

from tricktaker.bots.base import BotFactory
from tricktaker.bots.preferans.rules import RulesBot
from tricktaker.bots.preferans.search_bot import search_levels
from tricktaker.bots.random_bot import RandomBot

LEVELS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "rules": RulesBot,
    **search_levels(),
}

__all__ = ["LEVELS", "RulesBot"]
