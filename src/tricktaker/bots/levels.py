"""Registers every bot level; imported lazily by ``make_bot``."""

from __future__ import annotations

from tricktaker.bots.base import register_level
from tricktaker.bots.random_bot import make_random
from tricktaker.bots.truc_rules import make_rules

register_level("random", make_random)
register_level("rules", make_rules)
