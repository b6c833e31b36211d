"""The ``random`` level: a uniformly random legal action (the baseline)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktaker.core.actions import Action
from tricktaker.core.protocol import View


class RandomBot:
    name = "random"

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def make_random(game: str) -> RandomBot:
    return RandomBot()
