"""Le Truc for four (docs/rules/truc.md "Le Truc for four", docs/rules/truc.md).

Seat 0 deals unless a test says otherwise: seat 1 leads the first trick, seat 3
(right of the dealer) calls for cards and captains side 1, seat 0 captains side 0.
"""

from __future__ import annotations

import pytest

from helpers import (
    at_score,
    award,
    card_tokens,
    deal,
    deals_json,
    full_stock,
    hand_of,
    heard,
    legal,
    new_state,
    run,
    seen_actions,
)
from tricktaker.cards import CARD_NAMES
from tricktaker.core import IllegalAction
from tricktaker.core.dealing import shuffled
from tricktaker.games.truc import TrucState
from tricktaker.games.truc.cards import DECK

SAYS = ["say low", "say high", "say seven", "say best", "say any"]
SIGNALS = ["signal 7", "signal 8", "signal A", "signal none"]

# Hands in seat order 0 (dealer), 1 (leads), 2, 3 (caller).
HANDS = ("7s Kd 9c", "8c Ah Tc", "8d Qh Jc", "7h 9d Ts")
STOCK = full_stock(*HANDS)


def four(redeal: str = "repeat", ties: str = "leader", hands: tuple[str, ...] = HANDS) -> TrucState:
    return new_state(
        4, redeal=redeal, ties=ties, deals=[{**deal(*hands), "stock": full_stock(*hands)}]
    )


def phase(st: TrucState) -> str:
    return str(st.public_view().phase)


def play(st: TrucState, *plays: str) -> TrucState:
    """Play cards, letting every captain's window pass without a proposal."""
    for p in plays:
        seat = int(p.split(":")[0])
        while st.to_act != seat and phase(st) in ("call", "window"):
            st.apply(f"{st.to_act}:pass")
        st.apply(p)
    return st


def last_deal(st: TrucState) -> dict[str, object]:
    return deals_json(st)[-1]


# ------------------------------------------------------------------------ seats


@pytest.mark.parametrize("dealer", range(4))
def test_four_deal_one_at_a_time_starting_left_of_dealer(dealer: int) -> None:
    st = new_state(4, dealer=dealer, seed="four")
    pack = [CARD_NAMES[c] for c in shuffled(list(DECK), "four", 0)]
    rec = st.to_record()["deals"][0]
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        assert rec["hands"][seat] == [pack[k], pack[k + 4], pack[k + 8]]
    assert rec["stock"] == pack[12:]


@pytest.mark.parametrize("dealer", range(4))
def test_dealer_and_right_of_dealer_are_the_captains(dealer: int) -> None:
    st = new_state(4, dealer=dealer)
    right = (dealer + 3) % 4
    caps = st.view(0).to_json()["captains"]
    assert caps[dealer % 2] == dealer
    assert caps[right % 2] == right
    # Right-of-dealer opens the deal (the call); left-of-dealer will lead.
    assert st.to_act == right and phase(st) == "call"
    run(st, f"{right}:pass", f"{right}:pass")
    assert st.to_act == (dealer + 1) % 4 and phase(st) == "play"


def test_deal_moves_to_the_left_and_games_go_to_12() -> None:
    st = new_state(4, seed=2)
    award(st, [0, 1, 1, 0, 0])
    assert [d["dealer"] for d in deals_json(st)] == [0, 1, 2, 3, 0]
    award(st, [1] * 10)  # side 1 had 2
    assert st.result().games == (0, 1) and st.result().score == (0, 0)
    # The next game's first dealer is the seat after the last game's first dealer.
    assert st.view(0).dealer == 1
    award(st, [0] * 12 + [1] * 12)
    r = st.result()
    assert (r.games, r.finished, r.winner) == ((1, 2), True, 1)


# ------------------------------------------------------------- calling for cards


def test_only_right_of_dealer_calls_and_only_the_dealer_answers() -> None:
    st = four()
    assert legal(st) == ["3:redeal", "3:pass", *(f"3:{s}" for s in SAYS), "3:fold"]
    for bad in ("1:redeal", "2:redeal", "0:redeal", "1:play 8c"):
        with pytest.raises(IllegalAction):
            st.apply(bad)
    run(st, "3:redeal")
    assert st.to_act == 0
    assert legal(st) == ["0:accept", "0:refuse", "0:fold"]
    for bad in ("2:accept", "1:refuse", "3:accept"):
        with pytest.raises(IllegalAction):
            st.apply(bad)


def test_accepted_call_replaces_only_the_callers_and_dealers_hands() -> None:
    st = run(four(), "3:redeal", "0:accept")
    assert hand_of(st, 3) == {STOCK[0], STOCK[2], STOCK[4]}
    assert hand_of(st, 0) == {STOCK[1], STOCK[3], STOCK[5]}
    assert hand_of(st, 1) == set(HANDS[1].split())
    assert hand_of(st, 2) == set(HANDS[2].split())
    assert set(st.view(3).to_json()["set_aside"]) == set(HANDS[3].split())
    assert set(st.view(0).to_json()["set_aside"]) == set(HANDS[0].split())
    old = set(HANDS[0].split()) | set(HANDS[3].split())
    for seat in (1, 2):
        assert st.view(seat).to_json()["set_aside"] == []
        assert not card_tokens(st.view(seat).to_json()) & old
    assert st.view(1).stock_left == 20 - 6


def test_four_redeal_repeat_until_the_stock_is_short_then_void() -> None:
    st = four("repeat")
    for _ in range(3):
        run(st, "3:redeal", "0:accept")
        assert st.to_act == 3 and phase(st) == "call"
    assert st.view(3).stock_left == 2
    run(st, "3:redeal", "0:accept")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"]) == ("void", None, 0)
    assert st.result().score == (0, 0)
    assert st.view(0).dealer == 1
    assert st.to_act == 0 and phase(st) == "call"


def test_four_redeal_once_then_play_begins() -> None:
    st = run(four("once"), "3:redeal", "0:accept")
    assert phase(st) == "window" and st.to_act == 3
    assert "3:redeal" not in legal(st)


def test_four_refused_call_then_play_begins() -> None:
    st = run(four(), "3:redeal", "0:refuse")
    assert phase(st) == "window" and st.to_act == 3
    assert "3:redeal" not in legal(st)
    assert hand_of(st, 3) == set(HANDS[3].split())


# ------------------------------------------------------------------- proposals


def test_window_before_partners_first_card_then_partner_plays_without_proposing() -> None:
    st = run(four(), "3:pass")
    assert phase(st) == "window" and st.to_act == 3
    assert legal(st) == ["3:double", "3:pass", *(f"3:{s}" for s in SAYS), "3:fold"]
    run(st, "3:pass")
    assert phase(st) == "play" and st.to_act == 1
    assert legal(st) == ["1:play 8c", "1:play Ah", "1:play Tc", *(f"1:{s}" for s in SIGNALS)]
    for bad in ("1:double", "1:fold", "1:say low"):
        with pytest.raises(IllegalAction):
            st.apply(bad)
    run(st, "1:play 8c")
    # The dealer's side plays its first card next (seat 2): the dealer's window.
    assert phase(st) == "window" and st.to_act == 0
    run(st, "0:pass", "2:play 8d")
    # Both captains used their chance for this trick: no proposals on their own turns.
    assert st.to_act == 3
    assert not {"3:double", "3:rest"} & set(legal(st))
    assert "3:fold" in legal(st)
    run(st, "3:play 9d")
    assert st.to_act == 0 and "0:double" not in legal(st)


def test_proposals_are_answered_by_the_other_captain_once_per_trick() -> None:
    st = run(four(), "3:pass", "3:double")
    assert st.to_act == 0  # the dealer answers, not the next player
    assert legal(st) == ["0:accept", "0:refuse", "0:fold"]
    with pytest.raises(IllegalAction):
        st.apply("2:accept")
    run(st, "0:accept")
    assert st.to_act == 1 and st.view(1).value == 2
    run(st, "1:play 8c")
    assert st.to_act == 0 and phase(st) == "window"
    run(st, "0:double")
    assert st.to_act == 3
    run(st, "3:accept")
    assert st.to_act == 2 and st.view(2).value == 4
    run(st, "2:play 8d")
    assert "3:double" not in legal(st)  # side 1 proposed in this trick already
    run(st, "3:play 7h")
    assert "0:double" not in legal(st)
    run(st, "0:play 9c")
    # Seat 3's 7h took the trick; a new trick: seat 3 leads and may propose again.
    assert st.public_view().to_json()["tricks"][0]["result"] == 1
    assert st.to_act == 3 and phase(st) == "play"
    assert "3:double" in legal(st)


def test_captain_playing_his_sides_first_card_proposes_on_his_own_turn() -> None:
    st = play(four(), "1:play Tc", "2:play 8d", "3:play 7h", "0:play 9c")
    assert st.to_act == 3 and phase(st) == "play"  # no window: he plays first himself
    run(st, "3:double", "0:accept", "3:play 9d")
    # The dealer plays his side's first card of this trick himself: he proposes now.
    assert st.to_act == 0 and phase(st) == "play"
    assert "0:double" in legal(st)
    run(st, "0:play Kd")
    # Second cards of each side: no windows, no proposals.
    assert st.to_act == 1 and phase(st) == "play"
    run(st, "1:play 8c")
    assert st.to_act == 2 and phase(st) == "play"


def test_refused_double_in_a_window_scores_the_value_before_it() -> None:
    st = run(four(), "3:pass", "3:double", "0:accept", "1:play 8c", "0:double", "3:refuse")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"]) == ("refused", 0, 2)


def test_only_captains_fold() -> None:
    st = run(four(), "3:pass", "3:pass")
    assert "1:fold" not in legal(st)
    with pytest.raises(IllegalAction):
        st.apply("1:fold")
    run(st, "1:play 8c")
    assert st.to_act == 0 and "0:fold" in legal(st)
    run(st, "0:pass")
    assert "2:fold" not in legal(st)
    run(st, "2:play 8d")
    run(st, "3:fold")
    d = last_deal(st)
    assert (d["end"], d["winner"], d["points"]) == ("folded", 0, 1)


def test_caller_may_fold_at_the_call() -> None:
    st = run(four(), "3:fold")
    assert last_deal(st)["winner"] == 0
    assert st.result().score == (1, 0)


def test_no_window_when_the_captain_could_not_propose() -> None:
    # Side 1 has 11: at value 1 it may neither double (13 > 12) nor claim a rest (1 = 1).
    st = at_score((0, 11), deal(*HANDS), dealer=0, players=4)
    run(st, "3:pass")
    assert st.to_act == 1 and phase(st) == "play"
    run(st, "1:play 8c")
    assert st.to_act == 0 and phase(st) == "window"  # side 0 may still double
    assert "0:double" in legal(st)


def test_four_rest_and_counter_rest_the_deal_decides_the_game() -> None:
    # Side 0 (dealer's) has 2, side 1 has 7: the Kabanov-Danilov position for four.
    hands = ("9c Kd Ks", "Tc Jd Qd", "8d Qh Jc", "7h 9d Td")
    st = at_score((2, 7), deal(*hands), dealer=0, players=4)
    run(st, "3:pass", "3:double", "0:accept", "1:play Tc", "0:double", "3:accept")
    run(st, "2:play 8d", "3:play 7h", "0:play 9c")
    assert st.to_act == 3 and st.view(3).value == 4
    assert "3:rest" in legal(st) and "3:double" not in legal(st)  # 7 + 8 > 12; 5 > 4
    run(st, "3:rest")
    assert legal(st) == ["0:accept", "0:refuse", "0:rest", "0:fold"]
    run(st, "0:rest", "3:play 9d")
    assert st.to_act == 0 and not {"0:double", "0:rest"} & set(legal(st))
    run(st, "0:play Kd", "1:play Jd", "2:play Qh", "0:play Ks", "1:play Qd", "2:play Jc")
    run(st, "3:play Td")
    d = last_deal(st)
    assert (d["tricks"], d["winner"], d["points"]) == ([1, 0, 0], 0, 10)
    assert st.result().games == (1, 0)


# -------------------------------------------------------------- private channel


def test_captain_says_seen_only_by_his_partner() -> None:
    st = four()
    before = {s: st.view(s) for s in (0, 2)}
    public_before = st.public_view()
    run(st, "3:say high")
    assert st.to_act == 3 and phase(st) == "call"  # the turn stays with him
    assert not any(a.startswith("3:say") for a in legal(st))  # one message per trick
    for seat in (1, 3):
        assert heard(st, seat) == [[3, "say", "high"]]
        assert "3:say high" in seen_actions(st, seat)
    # The other side and spectators learn nothing, not even that he spoke.
    for observer in (0, 2, None):
        assert heard(st, observer) == [] and "3:say high" not in seen_actions(st, observer)
    for seat in (0, 2):
        assert st.view(seat) == before[seat]
    assert st.public_view() == public_before
    assert "3:say high" not in st.public_record()["actions"]
    assert "3:say high" in st.to_record()["actions"]


def test_partner_signals_seen_only_by_his_captain() -> None:
    st = run(four(), "3:pass", "3:pass")
    with pytest.raises(IllegalAction):
        st.apply("3:signal 7")  # not his turn
    before = {s: st.view(s) for s in (0, 2)}
    run(st, "1:signal 8")
    assert st.to_act == 1
    assert heard(st, 3) == [[1, "signal", "8"]]
    for seat in (0, 2):
        assert st.view(seat) == before[seat]
        assert "signal" not in str(st.view(seat).to_json())
        assert "signal" not in str([e.to_json() for e in st.events(0, seat)])
    assert "signal" not in str(st.public_view().to_json())
    assert "signal" not in str(st.public_record())
    with pytest.raises(IllegalAction):
        st.apply("1:signal 7")  # one per trick


def test_captains_say_and_the_others_signal() -> None:
    st = run(four(), "3:pass")
    with pytest.raises(IllegalAction):
        st.apply("3:signal 7")
    run(st, "3:pass")
    with pytest.raises(IllegalAction):
        st.apply("1:say low")


def test_one_message_per_seat_per_trick_again_next_trick() -> None:
    st = run(four(), "3:say low")
    play(st, "1:play Tc", "2:play 8d", "3:play 7h", "0:play 9c")
    assert st.to_act == 3
    assert "3:say best" in legal(st)
    run(st, "3:say best")
    assert heard(st, 1) == [
        [3, "say", "low"],
        [3, "say", "best"],
    ]


# ------------------------------------------------------------------------- ties


@pytest.mark.parametrize("ties", ["leader", "spoil"])
def test_equal_top_cards_of_the_two_sides_spoil_the_first_trick(ties: str) -> None:
    st = four(ties=ties, hands=("9c Kd Ks", "7h Ah Tc", "7s Qh Jc", "9d 8d Ts"))
    play(st, "1:play 7h", "2:play 7s", "3:play 9d", "0:play 9c")
    assert st.public_view().to_json()["tricks"][0]["result"] == "spoiled"
    # Its leader leads again (after his captain's window).
    assert st.public_view().leader == 1
    play(st, "1:play Ah")
    assert st.public_view().to_json()["table"] == [[1, "Ah"]]


def test_equal_cards_of_one_side_are_no_tie_and_the_first_of_them_leads() -> None:
    st = four(hands=("9c Kd Ks", "7h Ah Tc", "8s Qh Jc", "7d 8d Ts"))
    play(st, "1:play 7h", "2:play 8s", "3:play 7d", "0:play 9c")
    assert st.public_view().to_json()["tricks"][0]["result"] == 1
    assert st.public_view().leader == 1


# Trick 1: seat 3 takes it with 7h and leads trick 2, which ties at eights.
TIE_LATER = ("9c Kd 8d", "Ah Tc 8c", "8s Qh Jc", "7h 9d Ts")


def test_leader_tie_after_a_won_trick_goes_to_the_side_whose_top_card_came_first() -> None:
    st = four(hands=TIE_LATER)
    play(st, "1:play Ah", "2:play 8s", "3:play 7h", "0:play 9c")
    assert st.to_act == 3
    # Seat 3 leads low; the dealer's 8d is the first top card, seat 1's 8c ties it.
    play(st, "3:play 9d", "0:play 8d", "1:play 8c", "2:play Qh")
    assert st.public_view().to_json()["tricks"][1]["result"] == 0
    assert st.public_view().leader == 0  # the player of that first top card leads


def test_spoil_tie_after_a_won_trick_is_spoiled_and_decides_for_the_first_winner() -> None:
    st = four(ties="spoil", hands=TIE_LATER)
    play(st, "1:play Ah", "2:play 8s", "3:play 7h", "0:play 9c")
    play(st, "3:play 9d", "0:play 8d", "1:play 8c", "2:play Qh")
    d = last_deal(st)
    assert (d["tricks"], d["winner"]) == ([1, "spoiled"], 1)
