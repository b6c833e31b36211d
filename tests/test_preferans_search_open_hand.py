"""Preferans's search levels: the open-hand value of a world is the engine's score of the
solver's line, the candidates searched before the play, and a search decision."""

from __future__ import annotations

import random

import pytest

from tricktaker.bots.preferans.open_hand import OpenHandValue
from tricktaker.bots.preferans.search_bot import PreferansSearchBot, candidates
from tricktaker.bots.registry import make_bot
from tricktaker.core.registry import get_game
from tricktaker.games.preferans.actions import BID, DISCARD, PLAYS, PrefAction
from tricktaker.games.preferans.deck import MISERE_INDEX
from tricktaker.games.preferans.rules import PLAYING
from tricktaker.games.preferans.state import PreferansState
from tricktaker.games.preferans.views import PreferansView
from tricktaker.solvers.preferans.position import Solver, from_state
from tricktaker.solvers.preferans.world import cards_left, solved_play


def _deal_in_play(seed: int, contract: bool = True, players: int = 3) -> PreferansState:
    """A deal, bid and whisted by the rules bot, stopped at its first card."""
    game = get_game("preferans")
    state = game.new_match(game.options({"players": players}), seed=seed)
    assert isinstance(state, PreferansState)
    state = state.clone(stop_after_deal=True)
    bot = make_bot("rules", "preferans")
    rng = random.Random(seed)
    while state.to_act is not None and state.phase != PLAYING:
        seat = state.to_act
        state.apply(bot.act(state.view(seat), state.events(0, seat), state.legal_actions(), rng))
    return state


def test_the_value_is_the_engine_score_of_the_solved_line() -> None:
    seen = 0
    for seed in range(12):
        world = _deal_in_play(seed)
        if world.phase != PLAYING or world.declarer is None:
            continue
        declarer = world.declarer
        before = len(world.log)
        value = OpenHandValue(node_limit=0)
        gain = value(world, declarer)
        assert gain is not None
        assert len(world.log) == before  # the world itself is left as it was
        pos, _ = from_state(world, declarer)
        tricks, line = Solver().line(pos) or (-1, [])
        w = world.clone()
        for card in line:
            actor = w.actor
            assert actor is not None
            w.apply(PLAYS[(actor, w.hand_to_play(), card)])
        deal = w.finished_deals()[-1]
        taken = deal.details["taken"][declarer]
        assert taken == tricks
        others = [g for s, g in enumerate(deal.gains) if s != declarer]
        assert gain == deal.gains[declarer] - sum(others) / len(others)
        seen += 1
    assert seen >= 3


def test_no_value_before_the_play_or_past_the_node_limit() -> None:
    game = get_game("preferans")
    start = game.new_match(game.options({}), seed=3)
    assert OpenHandValue()(start, 0) is None  # the auction: rolled out
    world = next(w for w in (_deal_in_play(s) for s in range(20)) if w.phase == PLAYING)
    tight = OpenHandValue(node_limit=50)
    assert tight(world, 0) is None
    assert tight.given_up == 1
    assert tight(world, 0) is None  # not tried again in the same world so soon
    assert tight.given_up == 1
    assert OpenHandValue(max_cards=12)(world, 0) is None


def test_only_a_preferans_deal_in_its_play_is_handed_to_the_solver() -> None:
    game = get_game("preferans")
    start = game.new_match(game.options({}), seed=3)
    assert cards_left(start, 0) is None  # the auction
    with pytest.raises(ValueError, match="card play"):
        solved_play(start, 0, Solver())
    truco = get_game("truco")
    assert cards_left(truco.new_match(truco.options({}), seed=1), 0) is None
    world = next(w for w in (_deal_in_play(s, players=4) for s in range(20)) if w.phase == PLAYING)
    assert cards_left(world, world.active[0]) == 30
    assert cards_left(world, world.dealer) is None  # he sits this deal out
    with pytest.raises(ValueError, match="card play"):
        solved_play(world, world.dealer, Solver())


def _view_at(phase: str, seed: int) -> tuple[PreferansState, PreferansView]:
    game = get_game("preferans")
    bot = make_bot("rules", "preferans")
    for s in range(seed, seed + 50):
        state = game.new_match(game.options({}), seed=s)
        assert isinstance(state, PreferansState)
        rng = random.Random(s)
        while state.to_act is not None and state.view(state.to_act).phase != phase:
            seat = state.to_act
            state.apply(
                bot.act(state.view(seat), state.events(0, seat), state.legal_actions(), rng)
            )
            if state.finished_deals():
                break
        if state.to_act is not None and state.view(state.to_act).phase == phase:
            return state, state.view(state.to_act)
    raise AssertionError(f"no {phase} in 50 deals")


def test_candidates_before_the_play() -> None:
    state, view = _view_at("bidding", 0)
    legal = [a for a in state.legal_actions() if isinstance(a, PrefAction)]
    picked = candidates(view, [], legal, None)
    bids = [a for a in picked if a.kind == BID and a.code != MISERE_INDEX]
    assert len(bids) == 2 and len(picked) <= 4 < len(legal)
    state, view = _view_at("discard", 0)
    legal = [a for a in state.legal_actions() if isinstance(a, PrefAction)]
    advice = legal[-1]
    picked = candidates(view, [], legal, advice)
    assert advice in picked
    assert 10 <= len(picked) <= 11 and all(a.kind == DISCARD for a in picked)


def test_a_search_decision_is_legal() -> None:
    state, view = _view_at("bidding", 0)
    bot = make_bot("search", "preferans")
    assert isinstance(bot, PreferansSearchBot)
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    choice = bot.act(view, state.events(0, seat), legal, random.Random(0))
    assert choice in legal


def test_every_seat_is_valued_in_every_convention_whoever_sits_out_the_play() -> None:
    """Deals bid by the rules bot (and at random) under each convention, three and four
    players: at the first card every seat's value is a number or None, never an error
    (a pot game's passer may be first hand, out of the play; the four-handed dealer
    sits out)."""
    game = get_game("preferans")
    value = OpenHandValue()
    bot = make_bot("rules", "preferans")
    valued = 0
    for options in ({"rules": "pot"}, {"rules": "sochi", "players": 4}, {"rules": "rostov"}):
        for seed in range(18):
            state = game.new_match(game.options(options), seed=seed)
            assert isinstance(state, PreferansState)
            state = state.clone(stop_after_deal=True)
            rng = random.Random(seed)
            while state.to_act is not None and state.phase != PLAYING:
                seat = state.to_act
                legal = state.legal_actions()
                if rng.random() < 0.5:  # half random: auctions the rules bot never holds
                    state.apply(legal[rng.randrange(len(legal))])
                else:
                    state.apply(bot.act(state.view(seat), state.events(0, seat), legal, rng))
            if state.to_act is None:
                continue
            for seat in range(state.players):
                if value(state, state.sides[seat]) is not None:
                    valued += 1
    assert valued >= 30
