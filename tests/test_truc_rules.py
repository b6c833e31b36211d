"""Le Truc for two (docs/rules/truc.md): one test per rule.

Cards are fixed with explicit ``deals``; scores are reached through one-point
fold deals (tests/helpers.py). Seat 0 deals the first deal unless a test says
otherwise, so seat 1 (the non-dealer) leads.
"""

from __future__ import annotations

import json

import pytest

from helpers import (
    DECK_NAMES,
    GAME,
    at_score,
    award,
    card_tokens,
    deal,
    deals_json,
    full_stock,
    hand_of,
    legal,
    new_state,
    run,
)
from tricktaker.cards import CARD_NAMES
from tricktaker.core import IllegalAction, OptionError, RecordError
from tricktaker.core.dealing import shuffled
from tricktaker.core.options import parse_option_texts
from tricktaker.core.records import load_record, state_from_record
from tricktaker.core.start import Start
from tricktaker.games.truc import TrucState
from tricktaker.games.truc.cards import DECK

RANKS_HIGH_TO_LOW = "78AKQJT9"


def last_deal(state: TrucState) -> dict[str, object]:
    deals = deals_json(state)
    assert deals, "no deal has finished"
    return deals[-1]


def trick_results(state: TrucState) -> list[object]:
    return [t["result"] for t in state.public_view().to_json()["tricks"]]


# ----------------------------------------------------------------- deck and order


def test_deck_is_the_32_cards_from_seven_to_ace() -> None:
    assert len(DECK) == 32
    assert {CARD_NAMES[c] for c in DECK} == {r + s for r in "789TJQKA" for s in "cdhs"}
    assert len(DECK_NAMES) == 32


@pytest.mark.parametrize(
    ("high", "low"),
    [(RANKS_HIGH_TO_LOW[i], RANKS_HIGH_TO_LOW[j]) for i in range(8) for j in range(i + 1, 8)],
)
@pytest.mark.parametrize("high_leads", [True, False])
def test_higher_rank_takes_the_trick_suits_never_matter(
    high: str, low: str, high_leads: bool
) -> None:
    lead, follow = (high + "c", low + "d") if high_leads else (low + "c", high + "d")
    st = new_state(deals=[deal(f"{follow} 9s Ts", f"{lead} 9h Th")])
    run(st, f"1:play {lead}", f"0:play {follow}")
    assert trick_results(st) == [1 if high_leads else 0]
    # The winner leads the next trick.
    assert st.to_act == (1 if high_leads else 0)


@pytest.mark.parametrize("rank", list(RANKS_HIGH_TO_LOW))
def test_equal_ranks_of_different_suits_tie(rank: str) -> None:
    st = new_state(deals=[deal(f"{rank}d 9s Ts", f"{rank}c 9h Th")])
    run(st, f"1:play {rank}c", f"0:play {rank}d")
    assert trick_results(st) == ["spoiled"]


def test_a_card_outside_the_32_card_deck_cannot_be_dealt() -> None:
    with pytest.raises(RecordError, match="not in Le Truc's 32-card deck"):
        new_state(deals=[deal("2h 8d Kc", "7h 8c 9d")])


# ----------------------------------------------------------------------- dealing


@pytest.mark.parametrize("dealer", [0, 1])
def test_three_cards_each_one_at_a_time_non_dealer_first(dealer: int) -> None:
    st = new_state(dealer=dealer, seed="order")
    pack = [CARD_NAMES[c] for c in shuffled(list(DECK), "order", 0)]
    rec = st.to_record()["deals"][0]
    first, second = 1 - dealer, dealer
    assert rec["hands"][first] == [pack[0], pack[2], pack[4]]
    assert rec["hands"][second] == [pack[1], pack[3], pack[5]]
    assert rec["stock"] == pack[6:]
    assert hand_of(st, first) == {pack[0], pack[2], pack[4]}
    assert hand_of(st, second) == {pack[1], pack[3], pack[5]}


@pytest.mark.parametrize("dealer", [0, 1])
def test_non_dealer_leads_the_first_trick(dealer: int) -> None:
    st = new_state(dealer=dealer)
    assert st.to_act == 1 - dealer
    assert any(a.startswith(f"{1 - dealer}:play ") for a in legal(st))


def test_deal_alternates_between_the_players_every_deal() -> None:
    st = new_state(seed=3)
    award(st, [0, 1, 1, 0, 1])
    assert [d["dealer"] for d in deals_json(st)] == [0, 1, 0, 1, 0]
    assert st.view(0).dealer == 1
    assert st.to_act == 0
    # Each later deal is shuffled afresh from the seed: deal 1 is not deal 0.
    rec = st.to_record()["deals"]
    assert rec[0] != rec[1]
    pack = [CARD_NAMES[c] for c in shuffled(list(DECK), 3, 1)]
    assert rec[1]["hands"][0] == [pack[0], pack[2], pack[4]]


# --------------------------------------------------------------- calling for cards

H0 = "7s 8d Kc"  # the dealer's hand in most tests below
H1 = "7h 8c 9d"  # the non-dealer's
STOCK = full_stock(H0, H1)


def redeal_state(redeal: str = "repeat") -> TrucState:
    return new_state(redeal=redeal, deals=[{"hands": [H0.split(), H1.split()], "stock": STOCK}])


def test_only_the_non_dealer_may_call_and_only_first() -> None:
    st = redeal_state()
    assert "1:redeal" in legal(st)
    with pytest.raises(IllegalAction):
        st.apply("0:redeal")
    # After his first card, no more calls this deal, for either player.
    run(st, "1:play 9d")
    assert not any(a.endswith(":redeal") for a in legal(st))
    run(st, "0:play Kc")
    assert not any(a.endswith(":redeal") for a in legal(st))

    # A proposal closes the calls too.
    st = redeal_state()
    run(st, "1:double", "0:accept")
    assert "1:redeal" not in legal(st)


def test_dealer_answers_a_call_accept_refuse_or_fold() -> None:
    st = run(redeal_state(), "1:redeal")
    assert st.to_act == 0
    assert legal(st) == ["0:accept", "0:refuse", "0:fold"]
    with pytest.raises(IllegalAction):
        st.apply("1:play 7h")


def test_refused_call_the_non_dealer_must_lead_with_the_same_cards() -> None:
    st = run(redeal_state(), "1:redeal", "0:refuse")
    assert st.to_act == 1
    assert legal(st) == ["1:play 7h", "1:play 8c", "1:play 9d", "1:double", "1:fold"]
    assert hand_of(st, 0) == set(H0.split())


def test_accepted_call_draws_one_at_a_time_caller_first_and_hides_old_hands() -> None:
    st = run(redeal_state(), "1:redeal", "0:accept")
    assert hand_of(st, 1) == {STOCK[0], STOCK[2], STOCK[4]}
    assert hand_of(st, 0) == {STOCK[1], STOCK[3], STOCK[5]}
    v0, v1 = st.view(0).to_json(), st.view(1).to_json()
    assert set(v1["set_aside"]) == set(H1.split())
    assert set(v0["set_aside"]) == set(H0.split())
    assert v0["stock_left"] == len(STOCK) - 6 == 20
    # Set-aside hands go face down: nobody else sees them.
    assert not card_tokens(v0) & set(H1.split())
    assert not card_tokens(v1) & set(H0.split())
    assert not card_tokens(st.public_view().to_json()) & set((H0 + " " + H1).split())
    # The old cards are out of play.
    with pytest.raises(IllegalAction, match="does not hold"):
        st.apply("1:play 7h")
    assert st.to_act == 1


def test_redeal_repeat_calls_until_the_stock_is_short_then_the_deal_is_void() -> None:
    st = redeal_state("repeat")
    for k in range(4):
        assert "1:redeal" in legal(st)
        run(st, "1:redeal", "0:accept")
        assert hand_of(st, 1) == {STOCK[6 * k], STOCK[6 * k + 2], STOCK[6 * k + 4]}
        assert hand_of(st, 0) == {STOCK[6 * k + 1], STOCK[6 * k + 3], STOCK[6 * k + 5]}
    assert st.view(1).stock_left == 2
    run(st, "1:redeal", "0:accept")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"], d["tricks"], d["played"]) == (
        "void",
        None,
        0,
        [],
        [],
    )
    assert st.result().score == (0, 0)
    # The deal passes to the other player, who deals a fresh deal.
    assert st.view(0).dealer == 1
    assert st.view(0).deal_number == 1
    assert st.to_act == 0
    assert st.view(0).stock_left == 26


def test_redeal_once_allows_a_single_accepted_call() -> None:
    st = run(redeal_state("once"), "1:redeal", "0:accept")
    assert st.to_act == 1
    assert "1:redeal" not in legal(st)
    with pytest.raises(IllegalAction):
        st.apply("1:redeal")


def test_redeal_repeat_allows_a_second_call() -> None:
    st = run(redeal_state("repeat"), "1:redeal", "0:accept")
    assert "1:redeal" in legal(st)
    run(st, "1:redeal", "0:refuse")
    assert "1:redeal" not in legal(st)
    assert hand_of(st, 1) == {STOCK[0], STOCK[2], STOCK[4]}  # the refused call changed nothing


def test_dealer_folding_on_a_call_gives_the_caller_one() -> None:
    st = run(redeal_state(), "1:redeal", "0:fold")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"]) == ("folded", 1, 1)
    assert st.result().score == (0, 1)


# ------------------------------------------------------------------ ties: leader

# seat 0 (dealer), seat 1 (leads)
TIE_DEAL = deal("7s 8d Kc", "7h 8c 9d")


@pytest.mark.parametrize("ties", ["leader", "spoil"])
def test_first_trick_tie_is_spoiled_its_leader_leads_and_next_winner_takes_both(
    ties: str,
) -> None:
    st = new_state(ties=ties, deals=[TIE_DEAL])
    run(st, "1:play 7h", "0:play 7s")
    assert trick_results(st) == ["spoiled"]
    assert st.to_act == 1  # the leader of the spoiled trick leads again
    run(st, "1:play 9d", "0:play Kc")
    d = last_deal(st)
    # Spoiled + won: nothing can change it, so the deal ends after two tricks.
    assert (d["tricks"], d["winner"], d["points"], d["end"]) == (["spoiled", 0], 0, 1, "tricks")
    assert st.result().score == (1, 0)


@pytest.mark.parametrize("ties", ["leader", "spoil"])
def test_two_spoiled_tricks_go_to_the_winner_of_the_third(ties: str) -> None:
    st = new_state(ties=ties, deals=[TIE_DEAL])
    run(st, "1:play 7h", "0:play 7s", "1:play 8c", "0:play 8d")
    assert trick_results(st) == ["spoiled", "spoiled"]
    assert st.to_act == 1
    run(st, "1:play 9d", "0:play Kc")
    d = last_deal(st)
    assert (d["tricks"], d["winner"], d["points"]) == (["spoiled", "spoiled", 0], 0, 1)


@pytest.mark.parametrize("ties", ["leader", "spoil"])
def test_three_spoiled_tricks_draw_the_deal(ties: str) -> None:
    st = new_state(ties=ties, deals=[deal("7s 8d 9c", "7h 8c 9d")])
    run(st, "1:play 7h", "0:play 7s", "1:play 8c", "0:play 8d", "1:play 9d", "0:play 9c")
    d = last_deal(st)
    assert (d["tricks"], d["winner"], d["points"], d["end"]) == (
        ["spoiled"] * 3,
        None,
        0,
        "drawn",
    )
    assert st.result().score == (0, 0)
    assert st.view(0).dealer == 1


def test_leader_tie_after_a_won_trick_goes_to_its_leader() -> None:
    # Seat 1 takes trick 1 and leads trick 2; the tie there is his.
    st = new_state(deals=[deal("Kd 7s 9c", "8c 7h 9d")])
    run(st, "1:play 8c", "0:play Kd", "1:play 7h", "0:play 7s")
    d = last_deal(st)
    assert (d["tricks"], d["winner"], d["points"]) == ([1, 1], 1, 1)


# Seat 1 takes trick 1, seat 0 trick 2 and then leads trick 3, which is a tie.
ONE_EACH_THEN_TIE = deal("9s 8d 7s", "Kc 9d 7h")
ONE_EACH_THEN_TIE_PLAY = ("1:play Kc", "0:play 9s", "1:play 9d", "0:play 8d", "0:play 7s")


def test_leader_tie_in_the_third_trick_goes_to_the_player_who_led_it() -> None:
    st = new_state(ties="leader", deals=[ONE_EACH_THEN_TIE])
    run(st, *ONE_EACH_THEN_TIE_PLAY, "1:play 7h")
    d = last_deal(st)
    assert (d["tricks"], d["winner"]) == ([1, 0, 0], 0)
    assert st.result().score == (1, 0)


# ------------------------------------------------------------------- ties: spoil


def test_spoil_tie_after_a_won_trick_is_spoiled_and_one_each_goes_to_the_earlier() -> None:
    st = new_state(ties="spoil", deals=[ONE_EACH_THEN_TIE])
    run(st, *ONE_EACH_THEN_TIE_PLAY, "1:play 7h")
    d = last_deal(st)
    assert (d["tricks"], d["winner"]) == ([1, 0, "spoiled"], 1)
    assert st.result().score == (0, 1)


def test_spoil_one_won_and_one_spoiled_ends_the_deal_for_the_winner() -> None:
    st = new_state(ties="spoil", deals=[deal("Kd 7s 9c", "8c 7h 9d")])
    run(st, "1:play 8c", "0:play Kd", "1:play 7h", "0:play 7s")
    d = last_deal(st)
    assert (d["tricks"], d["winner"], d["points"]) == ([1, "spoiled"], 1, 1)
    assert st.to_act == 0 and st.view(0).deal_number == 1


def test_spoil_two_tricks_beat_the_earlier_winner() -> None:
    # Seat 0 wins trick 1; seat 1 wins tricks 2 and 3.
    st = new_state(ties="spoil", deals=[deal("8d Ks 9c", "Kc 7h 8c")])
    run(st, "1:play Kc", "0:play 8d", "0:play 9c", "1:play 8c")
    assert st.to_act == 1 and trick_results(st) == [0, 1]
    run(st, "1:play 7h", "0:play Ks")
    d = last_deal(st)
    assert (d["tricks"], d["winner"]) == ([0, 1, 1], 1)


# ------------------------------------------------------- the deal ends when decided


def test_two_won_tricks_end_the_deal_and_unplayed_cards_stay_hidden() -> None:
    st = new_state(deals=[deal("Ks Kd Tc", "7h 8c 9d")])
    run(st, "1:play 7h", "0:play Ks", "1:play 8c", "0:play Kd")
    d = last_deal(st)
    assert (d["tricks"], d["winner"], d["end"]) == ([1, 1], 1, "tricks")
    assert d["played"] == [["1:7h", "0:Ks"], ["1:8c", "0:Kd"]]
    unplayed = {"9d", "Tc"}
    assert not card_tokens(st.public_view().to_json()) & unplayed
    assert not card_tokens(st.public_record()) & unplayed
    assert not card_tokens(deals_json(st)) & unplayed
    for seat in (0, 1):  # (the views now show deal 1, with new hands)
        assert not card_tokens([e.to_json() for e in st.events(0, seat)][-3:]) & unplayed
        assert not card_tokens([e.to_json() for e in st.events(0, None)]) & unplayed
    # The full record keeps them: it is the players' own archive.
    assert "9d" in st.to_record()["deals"][0]["hands"][1]


# ---------------------------------------------------------------------- doubling


def test_double_before_leading_and_before_following() -> None:
    st = new_state(deals=[TIE_DEAL])
    assert "1:double" in legal(st)  # leading
    run(st, "1:play 9d")
    assert "0:double" in legal(st)  # following
    run(st, "0:double")
    assert st.to_act == 1
    assert legal(st) == ["1:accept", "1:refuse", "1:fold"]
    with pytest.raises(IllegalAction):
        st.apply("0:play Kc")  # the proposer waits for the answer
    run(st, "1:accept")
    assert st.to_act == 0
    assert st.view(0).value == 2


def test_one_proposal_per_turn_but_again_on_the_next_turn() -> None:
    st = new_state(deals=[TIE_DEAL])
    run(st, "1:play 9d", "0:double", "1:accept")
    assert "0:double" not in legal(st)  # same turn: no second proposal
    with pytest.raises(IllegalAction):
        st.apply("0:double")
    run(st, "0:play Kc")  # takes the trick, leads the next
    assert st.to_act == 0
    assert "0:double" in legal(st)  # the same player, his next turn
    run(st, "0:double", "1:accept")
    assert st.view(0).value == 4
    run(st, "0:play 8d")
    assert "1:double" in legal(st)
    run(st, "1:double", "0:accept")
    assert st.view(0).value == 8


def test_refused_double_scores_the_value_before_the_double() -> None:
    st = new_state(deals=[TIE_DEAL])
    run(st, "1:double", "0:accept", "1:play 9d", "0:double", "1:refuse")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"], d["value"]) == ("refused", 0, 2, 2)
    assert st.result().score == (2, 0)


def test_fold_gives_the_other_player_the_current_value() -> None:
    st = new_state(deals=[TIE_DEAL])
    run(st, "1:double", "0:accept", "1:play 9d", "0:double", "1:accept", "0:play Kc")
    assert "0:fold" in legal(st)
    run(st, "0:fold")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"]) == ("folded", 1, 4)
    assert st.result().score == (0, 4)


def test_fold_instead_of_answering_ignores_the_pending_double() -> None:
    st = new_state(deals=[TIE_DEAL])
    run(st, "1:double", "0:accept", "1:play 9d", "0:double", "1:fold")
    d = last_deal(st)
    assert (d["winner"], d["points"]) == (0, 2)


# --------------------------------------------------------------- the 12-point limit


def proposals(state: TrucState) -> set[str]:
    return {a.split(":")[1] for a in legal(state)} & {"double", "rest"}


@pytest.mark.parametrize("mine", range(12))
def test_limit_at_value_one(mine: int) -> None:
    # The non-dealer's first turn at value 1: double iff mine + 2 <= 12, never rest.
    st = at_score((0, mine), deal("Ks Kd Tc", "7h 8c 9d"), dealer=0)
    assert proposals(st) == ({"double"} if mine <= 10 else set())


@pytest.mark.parametrize("mine", range(12))
def test_limit_at_value_two(mine: int) -> None:
    # The dealer following at value 2: double iff mine + 4 <= 12; else rest iff 12 - mine > 2.
    st = at_score((mine, 0), deal("Ks Kd Tc", "7h 8c 9d"), dealer=0)
    run(st, "1:double", "0:accept", "1:play 9d")
    expected = {"double"} if mine <= 8 else {"rest"} if mine == 9 else set()
    assert proposals(st) == expected


@pytest.mark.parametrize("mine", range(11))
def test_limit_at_value_four(mine: int) -> None:
    # The non-dealer leading trick 2 at value 4: double iff mine <= 4, rest iff 5 <= mine <= 7.
    st = at_score((0, mine), deal("9s Kd Tc", "7h 8c 9d"), dealer=0)
    run(st, "1:double", "0:accept", "1:play 7h", "0:double", "1:accept", "0:play 9s")
    assert st.to_act == 1 and st.view(1).value == 4
    expected = {"double"} if mine <= 4 else {"rest"} if mine <= 7 else set()
    assert proposals(st) == expected


# Kabanov (seat 0) 7, Danilov (seat 1, dealer) 2. Kabanov leads; value reaches 4 in
# trick 1 (Danilov takes it), Danilov leads trick 2 and may double (2 + 8 <= 12) but not
# rest; Kabanov follows and may not double (7 + 8 > 12) but may claim his rest (5 > 4).
K_HAND, D_HAND = "9c 7h {k3}", "Kd 8d {d3}"
TO_KABANOV_REST = (
    "0:double",
    "1:accept",
    "0:play 9c",
    "1:double",
    "0:accept",
    "1:play Kd",
    "1:play 8d",
)


def kabanov(k3: str = "8c", d3: str = "Ac") -> TrucState:
    st = at_score((7, 2), deal(K_HAND.format(k3=k3), D_HAND.format(d3=d3)), dealer=1)
    run(st, *TO_KABANOV_REST[:-1])
    assert st.to_act == 1 and st.view(1).value == 4
    assert proposals(st) == {"double"}  # Danilov could double: no rest for him
    run(st, TO_KABANOV_REST[-1])
    assert proposals(st) == {"rest"}  # Kabanov may not double to 8
    return st


def test_rest_refused_scores_the_current_value() -> None:
    st = run(kabanov(), "0:rest")
    assert legal(st) == ["1:accept", "1:refuse", "1:rest", "1:fold"]
    run(st, "1:refuse")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"]) == ("refused", 0, 4)
    assert st.result().score == (11, 2)


@pytest.mark.parametrize(
    ("k3", "d3", "winner", "score"), [("8c", "Ac", 0, (12, 2)), ("Ah", "8s", 1, (7, 7))]
)
def test_rest_accepted_is_worth_the_claim_to_whoever_wins(
    k3: str, d3: str, winner: int, score: tuple[int, int]
) -> None:
    st = run(kabanov(k3, d3), "0:rest", "1:accept")
    assert st.view(0).value == 5
    run(st, "0:play 7h")  # Kabanov takes trick 2 and leads trick 3
    assert proposals(st) == set()  # the claimant proposes nothing more
    run(st, f"0:play {k3}")
    assert proposals(st) == {"rest"}  # Danilov: no double after an accepted rest
    run(st, f"1:play {d3}")
    d = last_deal(st)
    assert (d["winner"], d["points"], d["score"]) == (winner, 5, list(score))


@pytest.mark.parametrize(("k3", "d3", "winner"), [("8c", "Ac", 0), ("Ah", "8s", 1)])
def test_counter_rest_the_deal_decides_the_game(k3: str, d3: str, winner: int) -> None:
    st = run(kabanov(k3, d3), "0:rest", "1:rest")
    assert st.to_act == 0  # no answer to a counter-rest: Kabanov plays on
    assert st.view(0).decider
    assert proposals(st) == set()
    run(st, "0:play 7h", f"0:play {k3}")
    assert proposals(st) == set()
    run(st, f"1:play {d3}")
    d = last_deal(st)
    assert (d["winner"], d["points"]) == (winner, 5 if winner == 0 else 10)
    assert st.result().games == ((1, 0) if winner == 0 else (0, 1))
    assert st.result().score == (0, 0)


@pytest.mark.parametrize(("k3", "d3", "winner"), [("8c", "Ac", 0), ("Ah", "8s", 1)])
def test_rest_after_an_accepted_rest_on_a_later_own_turn(k3: str, d3: str, winner: int) -> None:
    st = run(kabanov(k3, d3), "0:rest", "1:accept", "0:play 7h", f"0:play {k3}")
    run(st, "1:rest")
    assert st.to_act == 1  # no answer: Danilov plays his card
    assert proposals(st) == set()
    run(st, f"1:play {d3}")
    d = last_deal(st)
    assert (d["winner"], d["points"]) == (winner, 5 if winner == 0 else 10)
    assert st.result().games == ((1, 0) if winner == 0 else (0, 1))


@pytest.mark.parametrize("folder", [0, 1])
def test_fold_after_a_counter_rest_concedes_the_game(folder: int) -> None:
    st = run(kabanov(), "0:rest", "1:rest", "0:play 7h")
    if folder == 1:
        run(st, "0:play 8c")
    assert st.to_act == folder
    run(st, f"{folder}:fold")
    d = last_deal(st)
    winner = 1 - folder
    assert (d["end"], d["winner"], d["points"]) == ("folded", winner, 5 if winner == 0 else 10)
    assert st.result().games == ((1, 0) if winner == 0 else (0, 1))


# ------------------------------------------------------------- games and the match


def test_first_to_12_wins_the_game_and_scores_reset() -> None:
    st = new_state(seed=5)
    award(st, [0] * 11 + [1] * 3)
    assert st.result().score == (11, 3)
    assert st.result().games == (0, 0)
    award(st, [0])
    r = st.result()
    assert (r.score, r.games, r.finished, r.winner) == ((0, 0), (1, 0), False, None)
    assert last_deal(st)["score"] == [12, 3]


def test_next_games_first_dealer_is_the_one_who_did_not_deal_first() -> None:
    st = new_state(seed=5, dealer=0)
    award(st, [1] * 12)  # 12 deals: the last one dealt by seat 1
    assert last_deal(st)["dealer"] == 1
    assert st.result().games == (0, 1)
    assert st.view(0).dealer == 1  # not 0, as plain alternation would give
    award(st, [0] * 12)  # game 2 first dealt by 1; its last deal by 0
    assert last_deal(st)["dealer"] == 0
    assert st.result().games == (1, 1)
    assert st.view(0).dealer == 0  # not 1


def test_robber_two_games_win_the_match() -> None:
    st = new_state(seed=9)
    award(st, [1] * 12 + [0] * 12)
    assert st.result().games == (1, 1) and st.to_act is not None
    award(st, [1] * 12)
    r = st.result()
    assert (r.games, r.finished, r.winner) == ((1, 2), True, 1)
    assert st.to_act is None
    assert legal(st) == []
    with pytest.raises(IllegalAction, match="over"):
        st.apply("0:fold")


# ------------------------------------------------------------- the match's length


def test_the_match_option_defaults_to_the_robber() -> None:
    assert GAME.options({})["match"] == 3
    assert parse_option_texts(GAME.option_schema(), {"match": "1"}) == {"match": 1}
    with pytest.raises(OptionError, match="match"):
        GAME.options({"match": 2})
    with pytest.raises(OptionError, match="match"):
        GAME.options({"match": "1"})


@pytest.mark.parametrize("players", [2, 4])
def test_a_single_game_match_ends_at_the_first_game_to_12(players: int) -> None:
    st = new_state(players, seed=9, match=1)
    award(st, [1] * 11 + [0] * 5)
    assert st.to_act is not None and st.result().games == (0, 0)
    award(st, [1])
    r = st.result()
    assert (r.games, r.finished, r.winner) == ((0, 1), True, 1)
    assert st.to_act is None and legal(st) == []
    assert last_deal(st)["score"] == [5, 12]


def test_a_single_game_match_has_no_games_won_to_start_from() -> None:
    with pytest.raises(RecordError, match="games"):
        new_state(match=1, start=Start({"score": (3, 4), "games": (1, 0)}))
    assert new_state(match=3, start=Start({"score": (3, 4), "games": (1, 0)})).result().games == (
        1,
        0,
    )


def test_a_record_without_the_match_option_replays_as_the_robber() -> None:
    """Records written before the option: their options lack ``match``; they replay
    to the same end, two games won."""
    st = new_state(seed=9)
    award(st, [1] * 12 + [0] * 12 + [1] * 12)
    record = st.to_record()
    assert record["options"]["match"] == 3
    del record["options"]["match"]
    again = state_from_record(load_record(json.dumps(record)))
    r = again.result()
    assert (r.games, r.finished, r.winner) == ((1, 2), True, 1)
    assert again.to_record()["actions"] == st.to_record()["actions"]


def test_a_single_game_match_is_kept_in_its_record() -> None:
    st = new_state(seed=4, match=1)
    award(st, [0] * 12)
    record = st.to_record()
    assert record["options"]["match"] == 1
    again = state_from_record(load_record(json.dumps(record)))
    assert (again.result().games, again.result().finished) == ((1, 0), True)
