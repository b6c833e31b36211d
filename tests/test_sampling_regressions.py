"""Positions where a sampler once gave up on a world the seat was in (issue 19).

Each is a real position written down from the match where it failed, with
the one world (or the few) that fit it, and is sampled many times: a sampler
that tries random arrangements and gives up after a fixed number fails here.
"""

from __future__ import annotations

import random

import pytest

from preferans_helpers import deal, pref, run
from tricktaker.bots import make_bot
from tricktaker.cards import CARD_NAMES
from tricktaker.games.preferans import PreferansGame

#: ``arena preferans --bots search,rules --deals 40 --seed 9``: an open whist on 6s.
#: The declarer (seat 2) took the talon Jh Kh and threw two cards face down; he has
#: ruffed clubs twice, so the only clubs left unseen (9c Jc) are his discard and both
#: talon cards are still in his hand. One spread of the talon in six fits.
OPEN_WHIST_DEAL = deal(
    "Tc Qc Kc Jd Qd 8h Th Qh Js Ks",
    "7c 8c Ac 7d 9d 7h 9h Ah 9s Ts",
    "7s As Qs 8s Ad Kd Td 8d 9c Jc",
    talon="Jh Kh",
)
OPEN_WHIST_ACTIONS = (
    "1:pass, 2:bid 6s, 0:pass, 2:discard 9c Jc, 2:declare 6s, 0:pass, 1:whist, 1:open,"
    " 1:play Ac, 2:play 7s, 1:play Tc from 0, 2:play As, 1:play Js from 0, 1:play 9s,"
    " 2:play Qs, 1:play Ks from 0, 1:play Ts, 1:play Qc from 0, 1:play 7c, 2:play 8s,"
    " 2:play Ad, 1:play Jd from 0, 1:play 7d, 2:play Kd, 1:play Qd from 0, 1:play 9d,"
    " 2:play Td, 1:play 8h from 0, 1:play 7h, 2:play 8d, 1:play Th from 0"
)


def test_preferans_talon_cards_kept_by_a_declarer_void_in_the_discarded_suit() -> None:
    state = pref(
        [OPEN_WHIST_DEAL],
        dealer=0,
        start={"pulya": [14, 3, 9], "gora": [2, 18, 6]},
    )
    run(state, OPEN_WHIST_ACTIONS)
    assert state.to_act == 1
    view, memory = state.view(1), state.events(0, 1)
    game = PreferansGame()
    rng = random.Random(19)
    for _ in range(300):
        sample = game.sample_state(view, memory, rng)
        assert sample.view(1).to_json() == view.to_json()
        declarer = {CARD_NAMES[c] for c in sample.view(2).hand}
        assert declarer == {"Jh", "Kh"}, "the declarer showed out of clubs: 9c Jc are his discard"


def test_the_search_bot_plays_on_from_that_position() -> None:
    """The arena stopped here with exit 2: the search bot now samples and acts."""
    state = pref([OPEN_WHIST_DEAL], dealer=0, start={"pulya": [14, 3, 9], "gora": [2, 18, 6]})
    run(state, OPEN_WHIST_ACTIONS)
    bot = make_bot("search", "preferans")
    legal = state.legal_actions()
    action = bot.act(state.view(1), state.events(0, 1), legal, random.Random(9))
    assert action in legal


#: Pot game, pool 2: the first deal is thrown in, the second ends unplayed (both defenders
#: pass) and its payments say whether the declarer (seat 1) kept all four aces.
NO_ACE_SEEN = "7s 8s 9s Ts Js Qs Ks 7c 8c 9c"
ACES_KEPT = deal(
    NO_ACE_SEEN, "As Ac Ad Ah Tc Jc Qc Kc 7d 8d", "9d Td Jd Qd Kd 7h 8h 9h Th Jh", talon="Qh Kh"
)
THREE_KEPT = deal(
    NO_ACE_SEEN, "As Ac Ad Tc Jc Qc Kc 7d 8d 9d", "Ah Td Jd Qd Kd 7h 8h 9h Th Jh", talon="Qh Kh"
)
UNPLAYED = (
    "0:pass, 1:pass, 2:pass, 1:bid 1, 2:pass, 0:pass, 1:discard Qh Kh, 1:declare 6s, 2:pass, 0:pass"
)


@pytest.mark.parametrize(("second", "kept"), [(ACES_KEPT, True), (THREE_KEPT, False)])
def test_preferans_an_unplayed_pot_deal_tells_whether_the_declarer_kept_four_aces(
    second: dict[str, object], kept: bool
) -> None:
    """A sample that gave the declarer all four aces where the premium was not paid (or
    not all where it was) would tell the seat other payments than it saw."""
    state = run(pref([second, second], rules="pot", pool=2), UNPLAYED)
    assert state.to_act is None
    view, memory = state.view(0), state.events(0, 0)
    game = PreferansGame()
    rng = random.Random(4)
    for _ in range(300):
        sample = game.sample_state(view, memory, rng)
        assert sample.events(0, 0) == memory
        aces = {CARD_NAMES[c] for c in sample.view(1).hand if CARD_NAMES[c][0] == "A"}
        assert (len(aces) == 4) == kept
