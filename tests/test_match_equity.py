"""Match equity (``bots/equity.py``): the tables, and decisions that must change with the score.

The search values a world by the change in the chance of winning the match, and
the Truco ``rules`` bot decides a hand of eleven by it; at 0:0 a point is a
point, near the end it is worth what it decides. Each decision test sets the
same cards at two scores (or the same score with and without planning) and
checks that the choice moves the way the table says it must.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tricktaker.bots import make_bot
from tricktaker.bots.equity import MatchEquity, equity_for, table_key
from tricktaker.bots.equity_data import TABLES
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.bots.truco.rules import DEFAULT, _Turn
from tricktaker.core import Start, State, get_game
from tricktaker.games.truco import TrucoView

TRUCO = get_game("truco")
TRUC = get_game("truc")


def truco_state(
    hands: Sequence[str], score: tuple[int, int], dealer: int = 1, vira: str = "6d"
) -> State:
    deal = {"hands": [h.split() for h in hands], "vira": [vira]}
    return TRUCO.new_match(
        TRUCO.options({"players": len(hands)}),
        seed=1,
        deals=[deal],
        dealer=dealer,
        start=Start({"score": score}),
    )


def truc_state(
    hands: Sequence[str], score: tuple[int, int], dealer: int, actions: Sequence[str] = ()
) -> State:
    state = TRUC.new_match(
        TRUC.options({"players": len(hands), "match": 1}),
        seed="arena/0",
        deals=[{"hands": [h.split() for h in hands]}],
        dealer=dealer,
        start=Start({"score": score}),
    )
    for a in actions:
        state.apply(a)
    return state


def search(game: str, plan: bool, worlds: int = 48) -> SearchBot:
    """The search level with a fixed budget of worlds (no clock) and no prudence, so that
    its move is its own valuation's."""
    bot = make_bot("search", game)
    assert isinstance(bot, SearchBot)
    bot.plan = plan
    bot.prudence = 0.0
    bot.budget = Budget(seconds=1e9, min_worlds=worlds, max_worlds=worlds)
    return bot


def choice(bot: SearchBot, state: State, seed: int = 1) -> str:
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    return str(bot.act(state.view(seat), state.events(0, seat), legal, random.Random(seed)))


# ------------------------------------------------------------------ the tables


@pytest.mark.parametrize("key", sorted(TABLES))
def test_each_table_is_a_race_its_mirror_completes(key: str) -> None:
    """W(a, b, lead) + W(b, a, other lead) = 1 (the model counts every deal for both
    sides), near the end the leader is all but home, and more points never hurt much."""
    target, wins = TABLES[key]
    table = MatchEquity(target, wins)
    for a in range(target):
        for b in range(target):
            for mano in (False, True):
                assert table.game(a, b, mano) + table.game(b, a, not mano) == pytest.approx(
                    1.0, abs=2e-4
                )
    for mano in (False, True):
        assert table.game(target - 1, 0, mano) > 0.9
        assert 0.4 < table.game(0, 0, mano) < 0.6
        for b in range(target):
            # Noise may bend a row by a little, never turn it round.
            assert table.game(target - 1, b, mano) > table.game(0, b, mano)
        assert 0.01 < table.slope < 0.1


def test_tables_exist_for_brazils_truco_and_le_truc_only() -> None:
    for players in (2, 4, 6):
        for variant in ("paulista", "mineiro"):
            assert equity_for("truco", {"variant": variant}, players) is not None
        assert table_key("truco", {"variant": "argentino"}, players) is None
        assert table_key("truco", {"variant": "gaucho"}, players) is None
    for players in (2, 4):
        assert equity_for("truc", {}, players) is not None
    assert equity_for("preferans", {}, 3) is None


def test_a_best_of_three_counts_the_games_won() -> None:
    """Every game even: a game up is 3/4 of the match, a game up and the game won all of it."""
    even = MatchEquity(12, (0.5,) * 288, games_to_win=2)
    assert even.match(0, 0, True) == pytest.approx(0.5)
    assert even.match(0, 0, True, (1, 0)) == pytest.approx(0.75)
    assert even.match(12, 0, True, (1, 0)) == pytest.approx(1.0)
    assert even.match(0, 12, True, (1, 0)) == pytest.approx(0.5)


def test_the_iron_hand_is_a_coin_the_hand_of_eleven_a_near_win() -> None:
    table = equity_for("truco", {"variant": "paulista"}, 2)
    assert table is not None
    for mano in (False, True):
        assert table.game(11, 11, mano) == pytest.approx(0.5, abs=0.06)
        assert table.game(11, 0, mano) > 0.95
        # Running gives a point away: the further from 12 the other side, the cheaper.
        assert table.game(11, 1, mano) - table.game(11, 3, mano) < 0.06


# ------------------------------------------------------- Truco: a hand of eleven


def eleven_choice(score: tuple[int, int], p: float) -> str:
    """The rules bot's decision in a hand of eleven (side 0 on 11) with chance ``p``."""
    state = truco_state(["Ks Qs Jd", "4d 5h 6c"], score)
    assert state.to_act == 0
    view = state.view(0)
    assert isinstance(view, TrucoView)
    turn = _Turn(view, state.legal_actions(), random.Random(0), DEFAULT)
    turn.__dict__["p"] = p  # the chance of the hand, fixed
    return str(turn.eleven())


def test_rules_plays_a_hand_of_eleven_by_what_the_match_needs() -> None:
    """At 11:10 running hands the other side the iron hand, an even game, so a hand is
    played only if it wins more often than not; points capped at the need (1 won, 2 lost
    against 1 run) played it from 38%. A hopeless hand is run and a strong one played
    at any score."""
    assert eleven_choice((11, 10), 0.45) == "0:run"
    assert eleven_choice((11, 10), 0.65) == "0:play"
    for score in ((11, 0), (11, 5), (11, 10)):
        assert eleven_choice(score, 0.05) == "0:run"
        assert eleven_choice(score, 0.95) == "0:play"


def test_search_runs_at_11_10_a_hand_raw_points_would_play() -> None:
    """Kings and queens, about a third of a chance: playing at 11:10 stakes the game on it,
    running leaves an even iron hand; raw points see 3 won or lost against 1 given."""
    state = truco_state(["Ks Qs Jd", "Kc Qh Jh"], (11, 10))
    assert choice(search("truco", plan=True), state) == "0:run"
    assert choice(search("truco", plan=False), state) == "0:play"


def test_search_runs_a_hopeless_hand_of_eleven_and_plays_a_strong_one() -> None:
    for score in ((11, 0), (11, 10)):
        hopeless = truco_state(["4d 5h 6c", "Kc Qh Jh"], score)
        strong = truco_state(["7c 7h 3s", "Kc Qh Jh"], score)
        assert choice(search("truco", plan=True), hopeless) == "0:run"
        assert choice(search("truco", plan=True), strong) == "0:play"


def test_search_raises_back_when_the_other_side_wins_the_game_anyway() -> None:
    """The other side, on 10, raises at once; a weak hand. At 0:0 it is refused, with or
    without planning. At 5:10 the raise's 3 points win them the game, and so would 6:
    raising back to 6 costs nothing more if the hand is lost and brings 11:10 if won,
    so the search raises back; by raw points it still refuses. 200 worlds: a raise back
    opens more lines than an answer, and its mean over 48 can stray past the refusal's."""
    hands = ["3s 5c 4h", "Kc Qh Jh"]
    early = truco_state(hands, (0, 0), dealer=0)
    late = truco_state(hands, (5, 10), dealer=0)
    for state in (early, late):
        state.apply("1:raise")
    assert choice(search("truco", plan=True, worlds=200), early) == "0:refuse"
    assert choice(search("truco", plan=True, worlds=200), late) == "0:raise"
    assert choice(search("truco", plan=False, worlds=200), late) == "0:refuse"


# ------------------------------------------------------- Le Truc: doubles at the end


def test_search_refuses_at_11_10_a_double_it_accepts_at_0_0() -> None:
    """The non-dealer doubles at once; the dealer holds a seven and little else. At 0:0
    accepting risks 2 against the 1 a refusal gives, and the hand is worth it (by points
    too); at 11:10 a refusal leaves an even game at 11:11, while accepting stakes the
    match on a hand likelier to lose, so planning refuses where raw points accept."""
    hands = ["7h Ts 9d", "Qs Jd 8c"]
    at_0 = truc_state(hands, (0, 0), dealer=0, actions=["1:double"])
    at_11 = truc_state(hands, (11, 10), dealer=0, actions=["1:double"])
    assert choice(search("truc", plan=True), at_0) == "0:accept"
    assert choice(search("truc", plan=True), at_11) in ("0:refuse", "0:fold")
    assert choice(search("truc", plan=False), at_11) == "0:accept"
