"""The bot protocol and the registry of bot levels.

A bot sees only a view and the legal actions, never the state, so it cannot
cheat; all its chance comes from the ``rng`` it is handed, so a bot is
deterministic given that rng's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.protocol import View


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


BotFactory = Callable[[str], Bot]
"""Makes a bot for a game id; raises TricktakerError if it cannot play that game."""

_LEVELS: dict[str, BotFactory] = {}


def register_level(level: str, factory: BotFactory) -> None:
    _LEVELS[level] = factory


def make_bot(level: str, game: str) -> Bot:
    _load_levels()
    factory = _LEVELS.get(level)
    if factory is None:
        raise TricktakerError(f"unknown bot level {level!r}; levels: {', '.join(sorted(_LEVELS))}")
    return factory(game)


def levels() -> list[str]:
    _load_levels()
    return sorted(_LEVELS)


def _load_levels() -> None:
    import tricktaker.bots.levels  # noqa: F401  (registers every level)
