"""The advisor (``bots/advice.py``): at random positions of every game its move is
legal, its sentence is there in English and Russian and names no card the seat
cannot see, and the options it values are the seat's own legal moves."""

from __future__ import annotations

import random

import pytest

from tricktaker.bots.advice import HINT_LEVELS, advise, check_level, default_level
from tricktaker.core.errors import TricktakerError
from tricktaker.core.protocol import State
from tricktaker.core.registry import game_ids, get_game

#: A card as the notation writes it, and in the games' words (``7♥``, ``Д♠``).
CARD_WORDS = ("♣", "♦", "♥", "♠")


def _position(gid: str, seed: int) -> State:
    """A random position of ``gid`` with someone to act."""
    game = get_game(gid)
    rng = random.Random(seed)
    state = game.new_match(game.options({}), seed=str(seed))
    for _ in range(rng.randrange(0, 30)):
        if state.to_act is None:
            break
        before = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        if state.to_act is None:
            state = before
            break
    return state


@pytest.mark.parametrize("gid", game_ids())
@pytest.mark.parametrize("seed", [1, 2])
def test_the_advice_is_legal_and_said_in_both_languages(gid: str, seed: int) -> None:
    state = _position(gid, seed)
    seat = state.to_act
    assert seat is not None
    legal = list(state.legal_actions())
    view, memory = state.view(seat), state.events(0, seat)
    for level in ("rules", None):
        for lang in ("en", "ru"):
            advice = advise(gid, view, memory, legal, level=level, lang=lang, rng=random.Random(5))
            assert advice.action in legal and advice.seat == seat
            assert advice.why.strip() and "{" not in advice.why
            assert all(option.action in legal for option in advice.options)
            if lang == "ru":
                assert any("а" <= ch <= "я" for ch in advice.why.lower())
            shown = advice.to_json()
            assert set(shown) >= {"seat", "action", "why", "options"}


@pytest.mark.parametrize("gid", game_ids())
def test_the_sentence_names_only_the_seats_own_moves(gid: str) -> None:
    """The sentence is built from the seat's legal moves' labels and numbers: every card
    it names is one the seat may play (never one it cannot see)."""
    state = _position(gid, 3)
    seat = state.to_act
    assert seat is not None
    legal = list(state.legal_actions())
    view = state.view(seat)
    words = get_game(gid).words("en")
    labels = {words.action_label(a, view) for a in legal}
    advice = advise(gid, view, state.events(0, seat), legal, lang="en", rng=random.Random(1))
    if any(s in advice.why for s in CARD_WORDS):
        rest = advice.why
        for label in sorted(labels, key=len, reverse=True):
            rest = rest.replace(label, "")
        assert not any(s in rest for s in CARD_WORDS), advice.why


def test_default_level_and_refusals() -> None:
    for gid in game_ids():
        assert default_level(gid) == "search"
        assert check_level(gid, None) == "search"
        for level in HINT_LEVELS:
            assert check_level(gid, level) == level
    with pytest.raises(TricktakerError, match="levels for hints"):
        check_level("truc", "random")
    with pytest.raises(TricktakerError, match="levels for hints"):
        check_level("truc", "grandmaster")
    state = _position("truc", 1)
    seat = state.to_act
    assert seat is not None
    legal = list(state.legal_actions())
    with pytest.raises(TricktakerError, match="spectator"):
        advise("truc", state.public_view(), [], legal)
    with pytest.raises(TricktakerError, match="language"):
        advise("truc", state.view(seat), state.events(0, seat), legal, lang="de")
    with pytest.raises(TricktakerError, match="no move"):
        advise("truc", state.view(seat), state.events(0, seat), [])
