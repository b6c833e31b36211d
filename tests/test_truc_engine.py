"""Engine mechanics that search bots rely on: clone and the stop-after-deal mode."""

from __future__ import annotations

import random

from tricktaker.core import get_game
from tricktaker.games.truc.rules import TrucRules
from tricktaker.games.truc.state import TrucState


def _mid_match(seed: int) -> TrucState:
    game = get_game("truc")
    state = game.new_match(game.options({"players": 4}), seed=seed)
    rng = random.Random(seed)
    for _ in range(25):
        if state.to_act is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, TrucState)
    return state


def test_clone_copies_every_slot_and_shares_no_mutable_one() -> None:
    state = _mid_match(4)
    state.stop_after_deal = True
    copy = state.clone()
    for name in TrucRules.__slots__:
        mine, theirs = getattr(state, name), getattr(copy, name)
        assert mine == theirs, name
        if isinstance(mine, (list, dict, set)):
            assert mine is not theirs, f"{name} is shared between a state and its clone"


def test_stop_after_deal_ends_the_playout_without_dealing_again() -> None:
    state = _mid_match(9)
    playout = state.clone(stop_after_deal=True)
    deals_before = len(playout.finished_deals())
    dealt_before = len(playout.dealt)
    rng = random.Random(1)
    while playout.to_act is not None:
        playout.apply(rng.choice(playout.legal_actions()))
    assert len(playout.finished_deals()) == deals_before + 1
    assert len(playout.dealt) == dealt_before
    assert not playout.result().finished or playout.result().winner is not None
    # The original is untouched and still plays on past the deal.
    assert state.stop_after_deal is False
    assert len(state.finished_deals()) == deals_before
