"""Bots: legal and deterministic everywhere; the rules bot decides sensibly in crafted deals."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from helpers import bot_choice
from tricktaker.arena.duplicate import set_up, start_state
from tricktaker.bots import levels, make_bot
from tricktaker.bots.truc.model import Spot, bound2, estimate2
from tricktaker.core import Start, State, TricktakerError, get_game

GAME = get_game("truc")
OPTION_SETS = [
    {"players": p, "redeal": r, "ties": t}
    for p, r, t in itertools.product((2, 4), ("repeat", "once"), ("leader", "spoil"))
]


def _ids(opts: dict[str, object]) -> str:
    return "-".join(str(v) for v in opts.values())


def crafted(
    hands: Sequence[Sequence[str]],
    actions: Sequence[str] = (),
    score: tuple[int, int] = (0, 0),
    dealer: int = 0,
    **options: object,
) -> State:
    """A fresh deal with the given hands (stock from the seed), score, and actions applied."""
    opts = GAME.options({"players": len(hands), **options})
    state = GAME.new_match(
        opts,
        seed="arena/0",
        deals=[{"hands": [list(h) for h in hands]}],
        dealer=dealer,
        start=Start({"score": score}),
    )
    for a in actions:
        state.apply(a)
    return state


def rules_act(state: State, seed: int = 0) -> str:
    return bot_choice(state, "truc", seed)


# ------------------------------------------------------------ legality


@pytest.mark.parametrize("opts", OPTION_SETS, ids=_ids)
def test_bots_only_play_legal_actions_through_whole_matches(opts: dict[str, object]) -> None:
    """Rules and random bots, mixed at the table, play matches to the end without a slip."""
    levels = ["rules", "random"]
    for match in range(3):
        state = GAME.new_match(GAME.options(opts), seed=100 + match)
        n = state.players
        bots = [make_bot(levels[(seat + match) % 2], "truc") for seat in range(n)]
        rngs = [random.Random(f"{match}/{seat}") for seat in range(n)]
        steps = 0
        while state.to_act is not None and steps < 3000:
            seat = state.to_act
            legal = state.legal_actions()
            action = bots[seat].act(state.view(seat), state.events(0, seat), legal, rngs[seat])
            assert action in legal
            state.apply(action)
            steps += 1
        assert state.result().finished


@pytest.mark.parametrize("opts", OPTION_SETS, ids=_ids)
def test_rules_bot_is_legal_in_random_situations(opts: dict[str, object]) -> None:
    """Every position of deals from any score, reached by mixed play, gets a legal answer."""
    rng = random.Random(7)
    rules = make_bot("rules", "truc")
    options = GAME.options(opts)
    checked = 0
    for k in range(40):
        players = int(opts["players"])  # type: ignore[call-overload]
        state = start_state("truc", options, set_up("truc", options, 3, k, players))
        while state.to_act is not None and not state.finished_deals():
            seat = state.to_act
            legal = state.legal_actions()
            mine = rules.act(state.view(seat), state.events(0, seat), legal, random.Random(checked))
            assert mine in legal
            checked += 1
            state.apply(mine if rng.random() < 0.5 else rng.choice(legal))
    assert checked > 150


def test_rules_bot_is_deterministic_given_its_rng() -> None:
    for players in (2, 4):
        state = GAME.new_match(GAME.options({"players": players}), seed=5)
        rng = random.Random(5)
        for _ in range(25):
            seat = state.to_act
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            memory = state.events(0, seat)
            picks = {
                str(make_bot("rules", "truc").act(view, memory, legal, random.Random(9)))
                for _ in range(3)
            }
            assert len(picks) == 1
            state.apply(rng.choice(legal))
            if state.finished_deals():
                break


def test_bots_are_registered_by_game_and_level() -> None:
    assert levels("truc") == ["random", "rules", "search", "deep"]
    assert levels("tetka") == ["random", "rules", "search", "deep"]
    assert make_bot("random", "tetka").name == "random"
    with pytest.raises(TricktakerError, match="levels: random, rules"):
        make_bot("solved", "tetka")


# ------------------------------------------------------- crafted positions


def test_accepts_a_double_holding_the_two_top_cards() -> None:
    state = crafted([["7h", "7s", "9c"], ["Kd", "Qd", "Jd"]], ["1:double"])
    assert state.to_act == 0
    assert rules_act(state) == "0:accept"


def test_doubles_with_the_last_card_that_surely_wins() -> None:
    """Trick one won with a seven; the other seven wins or ties (a tie goes to the leader)."""
    state = crafted(
        [["7h", "7s", "9c"], ["8c", "Qd", "Jd"]], ["1:redeal", "0:refuse", "1:play 8c", "0:play 7h"]
    )
    assert state.to_act == 0
    for seed in range(5):
        assert rules_act(state, seed) == "0:double"
    state.apply("0:double")
    state.apply("1:accept")
    assert rules_act(state) == "0:play 7s"


def test_refuses_a_double_when_the_deal_is_lost() -> None:
    """He took trick one and leads; two nines cannot win a trick against him."""
    state = crafted(
        [["9c", "9d", "Th"], ["8c", "Qd", "Jd"]],
        ["1:redeal", "0:refuse", "1:play 8c", "0:play Th", "1:double"],
    )
    assert rules_act(state) == "0:refuse"


def test_folds_or_bluffs_only_when_hopeless() -> None:
    state = crafted(
        [["9c", "9d", "Th"], ["8c", "Qd", "Jd"]],
        ["1:redeal", "0:refuse", "1:play 8c", "0:play Th", "1:play Qd"],
    )
    answers = {rules_act(state, seed) for seed in range(30)}
    assert answers == {"0:fold", "0:double"}  # a last bluff now and then, never a card


def test_plays_the_cheapest_winning_card_and_throws_the_lowest() -> None:
    hands = [["Kd", "Qd", "Jd"], ["7h", "Ac", "9c"]]
    cheap = crafted(hands, ["1:redeal", "0:refuse", "1:play 9c"])
    picks = {rules_act(cheap, seed) for seed in range(10)}
    assert "0:play Jd" in picks
    assert picks <= {"0:play Jd", "0:double"}
    beaten = crafted(hands, ["1:redeal", "0:refuse", "1:play 7h"])
    picks = {rules_act(beaten, seed) for seed in range(10)}
    assert "0:play Jd" in picks
    assert picks <= {"0:play Jd", "0:double"}


def test_refuses_a_call_for_cards_with_three_sevens() -> None:
    state = crafted([["7h", "7s", "7c"], ["Kd", "Qd", "Jd"]], ["1:redeal"])
    assert state.to_act == 0
    assert rules_act(state) == "0:refuse"


def test_counter_rests_with_strong_cards() -> None:
    """He needs 3 and claims them; we need 10 and are nearly sure to win: counter-rest."""
    state = crafted(
        [["7h", "7s", "Kd"], ["8c", "Qd", "Jd"]],
        ["1:double", "0:accept", "1:play 8c", "0:play 7h", "0:play Kd", "1:rest"],
        score=(2, 9),
    )
    assert rules_act(state) == "0:rest"


def test_refuses_a_rest_cheaply_with_bad_cards() -> None:
    state = crafted(
        [["9c", "9d", "Th"], ["8c", "Qd", "Jd"]],
        ["1:double", "0:accept", "1:play 8c", "0:play Th", "1:rest"],
        score=(2, 9),
    )
    assert rules_act(state) == "0:refuse"


def test_partner_plays_low_or_best_as_told() -> None:
    """Four players, dealer 0: seat 3 captains seat 1, who leads the first trick."""
    hands = [["9c", "9d", "Th"], ["7h", "Kd", "9s"], ["Jc", "Jd", "Qh"], ["8c", "Qd", "Jh"]]
    for word, card in (("low", "9s"), ("best", "7h")):
        state = crafted(hands, ["3:pass", f"3:say {word}", "3:pass"])
        played = None
        for _ in range(3):
            action = rules_act(state)
            state.apply(action)
            if "play" in action:
                played = action
                break
        assert played == f"1:play {card}"


def test_partner_signals_its_best_card() -> None:
    hands = [["9c", "9d", "Th"], ["8h", "Kd", "9s"], ["Jc", "Jd", "Qh"], ["8c", "Qd", "Jh"]]
    state = crafted(hands, ["3:pass", "3:pass"])
    assert rules_act(state) == "1:signal 8"


def test_exact_model_sees_sure_wins_and_losses() -> None:
    unseen = (4, 4, 4, 4, 4, 4, 4, 1)
    assert bound2(Spot((7, 7, 7), unseen, 3, (), (), 0, "leader"), True) == 1.0
    assert estimate2((7, 7, 7), unseen, 3, (), (), 0, "leader").p == 1.0
    low = (0, 0, 1)
    left = (2, 3, 4, 4, 4, 4, 4, 4)
    assert bound2(Spot(low, left, 3, (), (), 0, "leader"), True) == 0.0
    assert 0.0 < estimate2(low, left, 3, (), (), 0, "leader").p < 0.2


def test_instant_and_progress_are_read_through_their_protocols() -> None:
    """The server asks a bot whether it is instant and how far it has thought only
    through ``InstantBot`` / ``ProgressBot``: a bot without them is neither."""
    from tricktaker.bots.base import is_instant, progress_of
    from tricktaker.bots.registry import make_bot

    assert is_instant(make_bot("random", "truc"))
    assert not is_instant(make_bot("rules", "truc"))
    search = make_bot("search", "truc")
    assert not is_instant(search) and progress_of(search) == 0.0
    assert progress_of(make_bot("rules", "truc")) is None

    class Odd:
        progress = 7.5
        instant = False

    assert progress_of(Odd()) is None and not is_instant(Odd())
