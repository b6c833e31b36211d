"""The search bot and its samplers: a forged view is a clear error, and nothing else
stops a match (issue 19)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tricktaker.bots.search import Budget, SearchBot
from tricktaker.core import Event, SampleError, State, View, get_game

#: Iterations only: three worlds, whatever the clock says.
FEW = Budget(seconds=1e9, min_worlds=3, max_worlds=3)


def _truc_to_act() -> State:
    game = get_game("truc")
    return game.new_match(game.options({}), seed=4)


def test_a_forged_view_is_a_sample_error_naming_the_seat() -> None:
    """Seat 0's view with seat 1's memory: no deal leads there, and the bot says so."""
    state = _truc_to_act()
    seat = state.to_act
    assert seat is not None
    other = 1 - seat
    bot = SearchBot("truc", budget=FEW)
    with pytest.raises(SampleError, match=f"seat {seat} cannot be where"):
        bot.act(state.view(seat), state.events(0, other), state.legal_actions(), random.Random(1))


def test_a_world_that_fails_after_one_sampled_is_skipped_not_fatal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only a forged view fails at once; a failure after the first world costs that world
    alone, so a long match is never stopped by one."""
    game = get_game("truc")
    real = game.sample_state
    calls: list[int] = []

    def flaky(view: View, memory: Sequence[Event], rng: random.Random) -> State:
        calls.append(1)
        if len(calls) == 2:
            raise SampleError("planted failure")
        return real(view, memory, rng)

    monkeypatch.setattr(game, "sample_state", flaky)
    state = _truc_to_act()
    seat = state.to_act
    assert seat is not None
    bot = SearchBot("truc", budget=FEW)
    legal = state.legal_actions()
    scores = bot.evaluate(state.view(seat), state.events(0, seat), legal, random.Random(1))
    assert len(calls) == 3 and bot.last_worlds == 3
    assert len(scores) == len(legal) and len(bot._last_weights) == 2
