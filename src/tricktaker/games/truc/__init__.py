"""Le Truc (RULES.md §1): two or four players, bluff, doubles and "my rest"."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core.errors import IllegalAction
from tricktaker.core.options import options_from_mapping
from tricktaker.core.protocol import View
from tricktaker.core.registry import register
from tricktaker.games.truc.actions import TrucAction, parse_action
from tricktaker.games.truc.options import TrucOptions
from tricktaker.games.truc.rules import TrucState
from tricktaker.games.truc.sampling import sample_state
from tricktaker.games.truc.views import TrucView


class TrucGame:
    id = "truc"
    Options = TrucOptions

    def options(self, values: Mapping[str, object]) -> TrucOptions:
        return options_from_mapping(TrucOptions, values)

    def new_match(
        self,
        options: Any,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any]] | None = None,
        dealer: int = 0,
    ) -> TrucState:
        if not isinstance(options, TrucOptions):
            options = self.options(options or {})
        return TrucState(options, seed=seed, deals=deals, dealer=dealer)

    def parse_action(self, text: str) -> TrucAction:
        return parse_action(text)

    def sample_state(self, view: View, rng: random.Random) -> TrucState:
        if not isinstance(view, TrucView):
            raise IllegalAction("sample_state needs a Le Truc view")
        return sample_state(view, rng)


GAME = TrucGame()
register(GAME)

__all__ = ["GAME", "TrucAction", "TrucGame", "TrucOptions", "TrucState", "TrucView"]
