"""Truco's search reads a raise made with the last card as all but a winner
(``reading.last_card_mismatch``, ``search.MismatchAt``)."""

from __future__ import annotations

import random

import pytest

from tricktaker.bots import make_bot
from tricktaker.bots.search import MISMATCH, MismatchAt, SearchBot
from tricktaker.bots.truco import reading
from tricktaker.core import State, get_game
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.protocol import View
from tricktaker.games.truco.views import TrucoView


def _raise_with(
    seed: int, cards: int, players: int = 2, by_partner_of: int | None = None
) -> tuple[State, int, TrucoView, Action] | None:
    """Truco played at random (no raise) until a player holding ``cards`` cards may
    raise, and raises: (the state after it, the seat to read it from, the raiser's
    view before it, his raise); None where the deal never gets there. The seat to read
    from answers him, or with ``by_partner_of`` set, the raiser must be that seat's
    partner and it is that seat."""
    game = get_game("truco")
    state = game.new_match(game.options({"players": players}), seed=seed)
    rng = random.Random(seed)
    while not state.finished_deals():
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        view = state.view(seat)
        assert isinstance(view, TrucoView)
        raise_ = [a for a in legal if a.verb == "raise"]
        partner = by_partner_of is None or (seat != by_partner_of and seat % 2 == by_partner_of % 2)
        if raise_ and len(view.hand) == cards and view.phase == "play" and partner:
            state.apply(raise_[0])
            reader = (seat + 1) % players if by_partner_of is None else by_partner_of
            return state, reader, view, raise_[0]
        calm = [a for a in legal if a.verb in ("play", "accept")] or legal
        state.apply(rng.choice(calm))
    return None


def _weights(state: State, me: int, at: MismatchAt | None, seed: int) -> set[float]:
    """The weights of a dozen worlds sampled for ``me``, the search reading with ``at``."""
    game = get_game("truco")
    view, memory = state.view(me), state.events(0, me)
    bot = make_bot("search", "truco")
    assert isinstance(bot, SearchBot)
    bot.mismatch_at = at
    rng = random.Random(seed)
    seen = set()
    for i in range(12):
        world = game.sample_state(view, memory, rng).clone(stop_after_deal=True)
        seen.add(round(bot._belief(world, me, seed=i), 6))
    return seen


def test_only_a_raise_with_the_last_card_is_weighed_apart() -> None:
    found = next(f for f in (_raise_with(s, 1) for s in range(40)) if f is not None)
    _, _, view, raise_ = found
    assert reading.last_card_mismatch(view, raise_) == reading.LAST_CARD_MISMATCH
    two = next(f for f in (_raise_with(s, 2) for s in range(40)) if f is not None)
    assert reading.last_card_mismatch(two[2], two[3]) is None  # two cards in hand
    assert reading.last_card_mismatch(two[2], two[3], cards=2) == reading.LAST_CARD_MISMATCH
    game = get_game("truco")
    start = game.new_match(game.options({}), seed=3)
    first = start.to_act
    assert first is not None
    legal = start.legal_actions()
    early = next(a for a in legal if a.verb == "raise")
    card = next(a for a in legal if a.verb == "play")
    assert reading.last_card_mismatch(start.view(first), early) is None  # three cards
    assert reading.last_card_mismatch(view, card) is None  # not a raise


def test_worlds_where_the_last_card_raiser_loses_weigh_the_game_s_floor() -> None:
    """Replaying a raise with the last card, a world where his model would not have
    raised weighs ``LAST_CARD_MISMATCH``, not the search's general ``mismatch``; one
    where it would have raised weighs 1 either way. (A raise does not change the hand,
    so the view before it and after it hold the same cards.)"""
    seen: dict[str, set[float]] = {"game": set(), "general": set()}
    positions = 0
    for seed in range(40):
        found = _raise_with(seed, 1)
        if found is None:
            continue
        state, me, _, _ = found
        positions += 1
        seen["game"] |= _weights(state, me, reading.last_card_mismatch, seed)
        seen["general"] |= _weights(state, me, None, seed)
    assert positions >= 5
    assert reading.LAST_CARD_MISMATCH in seen["game"] and 1.0 in seen["game"]
    assert MISMATCH in seen["general"] and 1.0 in seen["general"]
    assert reading.LAST_CARD_MISMATCH not in seen["general"]
    assert MISMATCH not in seen["game"]


def test_a_partner_s_last_card_raise_keeps_the_general_floor() -> None:
    """The game's weight is for the other side's choices: a partner's raise with his
    last card, which the own side's policy would not have made, weighs ``mismatch``."""
    seen: set[float] = set()
    for seed in range(60):
        found = _raise_with(seed, 1, players=4, by_partner_of=seed % 4)
        if found is not None:
            state, me, _, _ = found
            seen |= _weights(state, me, reading.last_card_mismatch, seed)
    assert MISMATCH in seen
    assert reading.LAST_CARD_MISMATCH not in seen


def test_a_weight_out_of_range_is_refused() -> None:
    found = next(f for f in (_raise_with(s, 1) for s in range(40)) if f is not None)
    state, me, _, _ = found

    def wild(view: View, action: Action) -> float | None:
        return 2.0 if action.verb == "raise" else None

    with pytest.raises(TricktakerError, match="from 0 to 1"):
        for seed in range(10):
            _weights(state, me, wild, seed)


def test_the_search_levels_read_truco_s_last_card_raises() -> None:
    for level in ("search", "deep"):
        bot = make_bot(level, "truco")
        assert isinstance(bot, SearchBot) and bot.mismatch_at is reading.last_card_mismatch
    assert isinstance(le_truc := make_bot("search", "truc"), SearchBot)
    assert le_truc.mismatch_at is None
