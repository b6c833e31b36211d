"""Smoke test: the registry finds Le Truc and a random match runs to its end."""

from __future__ import annotations

import random

from tricktaker.core import get_game


def test_random_match_finishes() -> None:
    game = get_game("truc")
    rng = random.Random(3)
    state = game.new_match(game.options({}), seed=3)
    while state.to_act is not None:
        state.apply(rng.choice(list(state.legal_actions())))
    assert state.result().finished
    assert max(state.result().games) == 2
    winner = state.result().winner
    assert state.returns() == tuple(1.0 if side == winner else -1.0 for side in state.sides)
