"""The bot protocol.

A bot sees only its seat's view, the events its seat saw (its memory: what a
person at the table would remember, even where the screen no longer shows it)
and the legal actions, never the state, so it cannot cheat. All its chance
comes from the ``rng`` it is handed, so a bot is deterministic given that
rng's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.protocol import View


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


BotFactory = Callable[[], Bot]
