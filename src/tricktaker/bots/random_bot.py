"""The ``random`` level: a uniformly random legal action, for any game (the baseline)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tricktaker.bots.base import BotFactory
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.protocol import View


class RandomBot:
    name = "random"
    #: It answers at once: the server asks it on the event loop, not in a thread.
    instant = True

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal[rng.randrange(len(legal))]


LEVELS: Mapping[str, BotFactory] = {"random": RandomBot}
