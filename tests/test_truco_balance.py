"""Truco's balanced betting (``bots/truco/balance.py``, the ``rules-balanced`` level):
over many dealt hands the bluffs make the balanced share of the raises and the
answers go on with at least the stakes' share of the hands; and, mixed strategy or
not, a decision is fixed by the rng's seed.

Statistical, seeded, with tolerances of about three standard errors: a broken
calibration (the bluff rate off by half, answers refusing on a fixed line) falls
outside them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from tricktaker.bots.truco import balance
from tricktaker.bots.truco.rules import BALANCED, RulesBot, _Turn
from tricktaker.core import State, get_game
from tricktaker.core.actions import Action
from tricktaker.games.truco import TrucoView

GAME = get_game("truco")


def fresh(players: int, k: int) -> State:
    """Deal ``k`` from 0:0, the first player to act (the mano) at trick one."""
    return GAME.new_match(GAME.options({"players": players}), seed=k, dealer=k % players)


def view_of(state: State) -> tuple[TrucoView, Sequence[Action]]:
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    assert isinstance(view, TrucoView)
    return view, state.legal_actions()


def test_shares_follow_the_stakes() -> None:
    assert balance.bluff_share(1, 3) == pytest.approx(1 / 3)
    assert balance.bluff_share(3, 6) == pytest.approx(1 / 4)
    assert balance.defend_share(1, 3) == pytest.approx(1 / 4)
    assert balance.defend_share(6, 9) == pytest.approx(6 / 15)
    # Polar hands (value wins always, a bluff never) give the plain share ...
    assert balance.bluff_share_of(1, 3, 1.0, 0.0) == pytest.approx(1 / 3)
    # ... weaker value raises fewer bluffs, and none below the defender's line.
    assert 0.0 < balance.bluff_share_of(1, 3, 0.85, 0.1) < 1 / 3
    assert balance.bluff_share_of(1, 3, 0.6, 0.1) == 0.0


def test_rank_and_go_on_read_the_spread() -> None:
    qs = [0.0] * 8 + [i / 13 for i in range(1, 14)]  # 40% of hands have no chance
    assert balance.rank(0.0, qs) == (0.0, 0.35)
    assert balance.rank(1.0, qs) == (1.0, 1.0)
    assert balance.go_on(1.0, 0.25, qs) == 1.0
    assert balance.go_on(0.3, 0.25, qs) == 0.0
    # The line runs through the hands with no chance: a part of them goes on.
    assert balance.go_on(0.0, 0.75, qs) == pytest.approx((0.35 - 0.25) / 0.35)


@pytest.mark.parametrize(("players", "deals"), [(2, 3000), (4, 4000)])
@pytest.mark.parametrize("equity_share", [True, False])
def test_bluffs_make_the_balanced_share_of_raises(
    players: int, deals: int, equity_share: bool
) -> None:
    """At the first decision of a deal (trick one, nothing raised), over many deals:
    the raises whose chance of the hand was below ``bluff_below`` (bluffs, never a
    sure hand) are the share the bot aims at, within three standard errors."""
    params = replace(BALANCED, equity_share=equity_share)
    raises = bluffs = 0
    target = None
    for k in range(deals):
        t = _Turn(*view_of(fresh(players, k)), random.Random(k), params)
        if t.decide().verb != "raise":
            continue
        raises += 1
        bluffs += not t.sure and t.p < params.bluff_below
        share = t.bluffing(late=False)[0]
        assert target is None or share == target  # one situation, one aim
        target = share
    assert target is not None and raises > 200, raises
    if not equity_share:
        assert target == pytest.approx(1 / 3)
    else:
        assert 0.1 < target < 1 / 3
    se = (target * (1 - target) / raises) ** 0.5
    assert abs(bluffs / raises - target) < 3 * se + 0.02, (bluffs, raises, target)


@pytest.mark.parametrize("players", [2, 4])
def test_answers_go_on_with_at_least_the_stakes_share(players: int) -> None:
    """Answering a truco (1 to 3) at trick one, over many deals: the line of the best
    quarter (``defend_share``) read off the spread lets through a quarter of the hands
    that really face the raise, within three standard errors; every hand above the
    line goes on (accepts or raises back), and so at least a quarter of them all."""
    share = balance.defend_share(1, 3)
    answers = on = 0
    floor = 0.0
    for k in range(1500):
        state = fresh(players, k)
        state.apply(next(a for a in state.legal_actions() if a.verb == "raise"))
        t = _Turn(*view_of(state), random.Random(k), BALANCED)
        verb = t.decide().verb
        answers += 1
        on += verb in ("accept", "raise")
        line = balance.go_on(t.p, share, t.spread)
        floor += line
        if line == 1.0:
            assert verb in ("accept", "raise"), (k, t.p)
    # The table's quantiles come from a few hundred answers each (and with four players
    # a chance moves in steps of 1/28): its line may sit a few hundredths off.
    se = (share * (1 - share) / answers) ** 0.5
    assert abs(floor / answers - share) < 3 * se + 0.06, (floor / answers, share)
    assert on / answers >= share


def test_betting_is_deterministic_given_the_rng() -> None:
    """Raises, bluffs and answers, mixed or not, repeat for the same seed (and differ
    across seeds somewhere, or the test would not see the mixing)."""
    bot = RulesBot(BALANCED)
    differ = False
    for k in range(300):
        state = fresh(2, k)
        if k % 2:
            state.apply(next(a for a in state.legal_actions() if a.verb == "raise"))
        seat = state.to_act
        assert seat is not None
        view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
        first = [str(bot.act(view, memory, legal, random.Random(s))) for s in range(4)]
        again = [str(bot.act(view, memory, legal, random.Random(s))) for s in range(4)]
        assert first == again
        differ = differ or len(set(first)) > 1
    assert differ
