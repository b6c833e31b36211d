"""Preferans (docs/rules/preferans.md, seed 002): one test per rule and ruling.

Deals are written out in ``preferans_helpers`` (who holds what and who takes which
trick is said there). Unless a test says otherwise there are three players and
seat 2 deals, so seat 0 is first hand, seat 1 second and seat 2 third. The
expected outcomes are worked out by hand in the comments beside them.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from typing import Any

import pytest

from preferans_helpers import (
    ALLPASS,
    MISERE,
    MISERE_CAUGHT,
    SPADES,
    SPADES_DISCARD,
    TRICKS_ALLPASS,
    TRICKS_CAUGHT,
    TRICKS_MADE,
    TRICKS_MISERE,
    TRICKS_SHORT,
    card_tokens,
    deal,
    entries,
    hand,
    last_deal,
    legal,
    play,
    pref,
    run,
    verbs,
)
from tricktaker.cards import parse_card
from tricktaker.core import IllegalAction, RecordError
from tricktaker.games.preferans import PreferansState
from tricktaker.games.preferans.deck import LADDER

BID_6S = f"0:bid 6s,1:pass,2:pass,{SPADES_DISCARD}"


def bids(state: PreferansState) -> list[str]:
    return [v.split()[1] for v in verbs(state) if v.startswith("bid ")]


def talon_seen(state: PreferansState, observer: int | None) -> list[str]:
    """The talon cards ``observer`` was told of (events) and sees (view)."""
    told = [e.data["cards"] for e in state.events(0, observer) if e.kind == "talon"]
    view = state.view(observer) if observer is not None else state.public_view()
    seen = [c for cards in told for c in cards]
    return sorted(set(seen) | set(view.to_json()["talon"]))


# ------------------------------------------------------------------ the table


def test_deck_deal_and_seats() -> None:
    st = pref([SPADES])
    assert [len(hand(st, s)) for s in range(3)] == [10, 10, 10]
    assert hand(st, 0) == set(SPADES["hands"][0])
    assert st.public_view().active == (0, 1, 2)
    assert st.to_act == 0  # first hand, left of the dealer, speaks first
    # Seeded deals: 32 different cards, 10 each and a talon of 2.
    st = pref(seed=5)
    cards = [c for s in range(3) for c in hand(st, s)] + list(st.to_record()["deals"][0]["talon"])
    assert len(set(cards)) == 32


def test_play_goes_clockwise_and_the_deal_moves_on() -> None:
    st = pref([SPADES], dealer=0)
    assert st.to_act == 1  # dealer 0: seat 1 first hand
    run(st, "1:pass,2:pass")
    assert st.to_act == 0
    st = pref([ALLPASS])
    run(st, "0:pass,1:pass,2:pass")
    play(st, TRICKS_ALLPASS)
    assert st.public_view().dealer == 0 and st.to_act == 1


def test_four_players_the_dealer_sits_out() -> None:
    d4 = {"hands": [*SPADES["hands"], []], "talon": SPADES["talon"]}
    st = pref([d4, d4 | {"hands": [[], *SPADES["hands"]]}], players=4, dealer=3)
    assert st.public_view().active == (0, 1, 2) and st.to_act == 0
    assert st.view(3).hand == () and st.public_view().hand_sizes == (10, 10, 10, 0)
    assert all(a.startswith("0:") for a in legal(st))
    run(st, BID_6S + ",0:declare 7s,1:whist,2:whist")
    play(st, TRICKS_MADE)
    # A failed 7 (6 taken): the sitting-out dealer writes consolation too (4 on seat 0).
    assert entries(st) == [
        (0, "gora", 4, None),
        (2, "whists", 16, 0),
        (1, "whists", 4, 0),
        (2, "whists", 4, 0),
        (3, "whists", 4, 0),
    ]
    # Seat 0 deals next and sits out: seat 1 is first hand; seat 0 gets no cards.
    v = st.public_view()
    assert v.dealer == 0 and v.active == (1, 2, 3) and st.to_act == 1
    assert st.view(0).hand == () and hand(st, 1) == set(SPADES["hands"][0])
    assert st.to_record()["deals"][1]["hands"][0] == []


def test_four_players_allpass_leaves_the_dealer_out() -> None:
    d4 = {"hands": [[], *ALLPASS["hands"]], "talon": ALLPASS["talon"]}
    st = pref([d4], players=4, dealer=0)
    run(st, "1:pass,2:pass,3:pass")
    play(st, TRICKS_ALLPASS)
    # The same all-pass one seat on: tricks 4, 1, 5 to seats 1, 2, 3; the dealer nothing.
    assert last_deal(st)["taken"] == [0, 4, 1, 5]
    assert entries(st) == [(1, "gora", 4, None), (2, "gora", 1, None), (3, "gora", 5, None)]


# ------------------------------------------------------------------ bidding


def test_the_ladder_puts_misere_between_8nt_and_9s() -> None:
    assert LADDER[:5] == ("6s", "6c", "6d", "6h", "6nt")
    i = LADDER.index("misere")
    assert LADDER[i - 1] == "8nt" and LADDER[i + 1] == "9s" and LADDER[-1] == "10nt"
    st = pref([SPADES])
    assert bids(st) == list(LADDER)


def test_each_bid_beats_the_last() -> None:
    st = pref([SPADES])
    run(st, "0:bid 7d")
    assert bids(st)[0] == "7h"
    run(st, "1:bid 8nt")
    assert bids(st)[:2] == ["misere", "9s"]  # seat 2 has not spoken: misère is open to him


def test_misere_only_as_a_first_bid() -> None:
    st = pref([SPADES])
    run(st, "0:bid 6s,1:bid 6c,2:pass")
    assert "misere" not in bids(st)  # seat 0 has spoken
    assert bids(st)[0] == "6d"
    st = pref([SPADES])
    run(st, "0:pass,1:bid misere")
    assert bids(st)[0] == "9s"  # over a misère only 9s and up


def test_an_outbid_misere_bidder_bids_no_more() -> None:
    st = pref([SPADES])
    run(st, "0:bid misere,1:bid 9s")
    assert st.to_act == 2  # seat 0 is out
    run(st, "2:pass")
    assert st.declarer == 1 and st.public_view().phase == "discard"


def test_a_misere_bidder_is_not_asked_again() -> None:
    st = pref([SPADES])
    run(st, "0:bid misere,1:pass,2:pass")
    assert st.contract == "misere" and st.declarer == 0


def test_pass_is_final() -> None:
    st = pref([SPADES])
    run(st, "0:pass,1:bid 6s,2:bid 6c")
    assert st.to_act == 1  # seat 0 passed: he is skipped
    run(st, "1:bid 6d,2:pass")
    assert st.declarer == 1


def test_the_lowest_bid_rises_after_allpasses() -> None:
    # Sochi/Rostov exit 6-7-7, Leningrad 6-7-8 (sheet.min_level_after_allpass).
    for rules, streak, low in [
        ("sochi", 1, "6s"),
        ("sochi", 2, "7s"),
        ("sochi", 3, "7s"),
        ("rostov", 2, "7s"),
        ("leningrad", 2, "7s"),
        ("leningrad", 3, "8s"),
        ("leningrad", 5, "8s"),
    ]:
        st = pref([SPADES], rules=rules, start={"allpass": [streak]})
        assert bids(st)[0] == low, (rules, streak)
        assert "misere" in bids(st)
        assert st.public_view().min_bid == low


def test_the_exit_rises_after_allpasses_played() -> None:
    h = ALLPASS["hands"]
    again = {"hands": [h[2], h[0], h[1]], "talon": ALLPASS["talon"]}  # seat 1 first hand
    st = pref([ALLPASS, again], rules="leningrad")
    run(st, "0:pass,1:pass,2:pass")
    play(st, TRICKS_ALLPASS)
    assert st.public_view().allpass == 1 and bids(st)[0] == "6s"
    run(st, "1:pass,2:pass,0:pass")
    play(st, TRICKS_ALLPASS)
    # The second all-pass in a row: 4 a trick in Leningrad (tricks 4, 1, 5 to seats 1, 2, 0).
    assert last_deal(st)["allpass_round"] == 2
    assert entries(st) == [(1, "gora", 16, None), (2, "gora", 4, None), (0, "gora", 20, None)]
    assert st.public_view().allpass == 2 and bids(st)[0] == "7s"


def test_second_allpass_in_a_row_costs_double() -> None:
    st = pref([ALLPASS], start={"allpass": [1]})
    run(st, "0:pass,1:pass,2:pass")
    play(st, TRICKS_ALLPASS)
    assert last_deal(st)["allpass_round"] == 2
    assert entries(st) == [(0, "gora", 8, None), (1, "gora", 2, None), (2, "gora", 10, None)]
    assert st.public_view().allpass == 2 and bids(st)[0] == "7s"
    # A contract played ends the run of all-passes.
    st = pref([SPADES], start={"allpass": [2]})
    run(st, "0:bid 7s,1:pass,2:pass," + SPADES_DISCARD + ",0:declare 7s,1:pass,2:pass")
    assert st.public_view().allpass == 0 and bids(st)[0] == "6s"


# ------------------------------------------------------------------ the talon


def test_talon_is_shown_to_all_in_a_contract() -> None:
    st = pref([SPADES])
    run(st, "0:bid 6s,1:pass,2:pass")
    for obs in (None, 0, 1, 2):
        assert talon_seen(st, obs) == ["7s", "8s"]
    assert hand(st, 0) == set(SPADES["hands"][0]) | {"8s", "7s"}
    assert st.public_view().hand_sizes == (12, 10, 10)


def test_talon_is_hidden_in_a_misere() -> None:
    st = pref([MISERE])
    run(st, "0:bid misere,1:pass,2:pass")
    assert talon_seen(st, 0) == ["9d", "9h"]
    for obs in (None, 1, 2):
        assert talon_seen(st, obs) == []
    run(st, "0:discard 9d 9h")
    assert st.public_view().phase == "play"  # a misère names itself: no contract to declare
    for obs in (None, 1, 2):
        assert not {"9d", "9h"} & card_tokens([e.to_json() for e in st.events(0, obs)])
        assert not {"9d", "9h"} & card_tokens(
            (st.public_view() if obs is None else st.view(obs)).to_json()
        )
    assert st.view(0).discard == st.view(0).talon


def test_the_discard_is_face_down() -> None:
    st = pref([SPADES])
    run(st, BID_6S)
    assert "0:discard" in [e.action for e in st.events(0, 1)]
    assert st.view(1).discard == () and st.public_record()["actions"][-1] == "0:discard"
    assert st.view(0).to_json()["discard"] == ["7h", "8h"]
    assert not {"7h", "8h"} & card_tokens(st.view(2).to_json())


def test_discard_only_cards_held() -> None:
    st = pref([SPADES])
    run(st, "0:bid 6s,1:pass,2:pass")
    assert len(legal(st)) == 66  # any 2 of the 12
    with pytest.raises(IllegalAction):
        st.apply("0:discard Ac Kc")


def test_declare_not_below_the_bid() -> None:
    st = pref([SPADES])
    run(st, "0:bid 6s,1:bid 7c,2:pass,0:bid 7d,1:pass,0:discard 7h 8h")
    declarable = [v.split()[1] for v in verbs(st)]
    assert declarable[0] == "7d" and "7c" not in declarable and declarable[-1] == "10nt"
    assert "misere" not in declarable


def test_declaring_above_the_bid() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 9nt")
    assert st.contract == "9nt" and st.public_view().contract == "9nt"


# ------------------------------------------------------------------ the answers


def test_answers_come_from_the_declarers_left() -> None:
    st = pref([SPADES])
    run(st, "0:pass,1:bid 6c,2:pass,1:discard 7c 8c,1:declare 6c")
    assert st.to_act == 2 and verbs(st) == ["whist", "pass"]
    run(st, "2:pass")
    assert st.to_act == 0 and verbs(st) == ["whist", "pass", "half"]


def test_half_whist_only_at_six_and_seven_and_only_after_a_pass() -> None:
    for level, half in [("6s", True), ("7s", True), ("8s", False), ("9s", False), ("10s", False)]:
        st = pref([SPADES])
        run(st, BID_6S + f",0:declare {level}")
        assert verbs(st) == ["whist", "pass"]  # the first defender: no half
        run(st, "1:pass")
        assert ("half" in verbs(st)) is half, level
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:whist")
    assert verbs(st) == ["whist", "pass"]


def test_half_whist_stands_when_the_first_passes_again() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 7s,1:pass,2:half")
    assert st.to_act == 1 and st.public_view().phase == "whist_again"
    run(st, "1:pass")
    done = last_deal(st)
    assert done["end"] == "half_whist" and done["tricks"] == []
    # At 7 half the duty is one trick: 4 whists.
    assert entries(st) == [(0, "pulya", 4, None), (2, "whists", 4, 0)]


def test_the_first_defender_takes_the_whist_back() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:pass,2:half,1:whist")
    # Seat 1 whists alone now: the half-whister becomes a passer, and seat 1 chooses.
    assert st.public_view().answers == ("", "whist", "pass")
    assert st.to_act == 1 and verbs(st) == ["open", "closed"]


def test_both_pass_the_contract_is_made_without_play() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 8s,1:pass,2:pass")
    done = last_deal(st)
    assert done["end"] == "no_whist" and done["winner"] == 0 and done["tricks"] == []
    assert entries(st) == [(0, "pulya", 6, None)]


def test_both_whist_play_at_once_first_hand_leads() -> None:
    st = pref([SPADES])
    run(st, "0:pass,1:bid 6c,2:pass,1:discard 7c 8c,1:declare 6c,2:whist,0:whist")
    assert st.public_view().phase == "play"
    assert st.to_act == 0  # first hand leads though seat 1 declared


def test_closed_whist_each_plays_his_own_cards() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:pass,2:whist,2:closed")
    assert st.public_view().open_hands == ()
    play(st, "As")
    assert st.to_act == 1  # the passer plays his own card
    assert legal(st) == ["1:play 9s", "1:play Ts"]
    assert not set(SPADES["hands"][1]) & card_tokens(st.view(2).to_json())


def test_open_whist_the_whister_plays_the_passers_cards() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:pass,2:whist,2:open")
    # Both defenders' hands are laid open to everyone at once.
    for obs in (None, 0, 1, 2):
        view = st.public_view() if obs is None else st.view(obs)
        assert [s for s, _ in view.open_hands] == [1, 2]
    shows = [e.data for e in st.events(0, 0) if e.kind == "show"]
    assert shows[0]["why"] == "open" and sorted(h[0] for h in shows[0]["hands"]) == [1, 2]
    play(st, "As")
    assert st.to_act == 2  # the whister decides for the passer
    assert legal(st) == ["2:play 9s from 1", "2:play Ts from 1"]
    with pytest.raises(IllegalAction, match="from 1"):
        st.apply("2:play Ts")
    with pytest.raises(IllegalAction):
        st.apply("1:play Ts")
    st.apply("2:play Ts from 1")
    assert legal(st)[0].startswith("2:play ") and "from" not in legal(st)[0]
    play(st, "Td")
    # The rest of the deal as TRICKS_MADE (seat 1's 9s swapped for Ts above).
    rest = TRICKS_MADE.split()[3:]
    rest[1] = "9s"
    play(st, " ".join(rest))
    assert last_deal(st)["taken"] == [6, 0, 4]
    # Greedy whist (Sochi): the lone whister writes for the side's four tricks.
    assert entries(st) == [(0, "pulya", 2, None), (2, "whists", 8, 0)]


def test_lone_whister_leningrad_shares_with_the_passer() -> None:
    st = pref([SPADES], rules="leningrad")
    run(st, BID_6S + ",0:declare 6s,1:pass,2:whist,2:closed")
    play(st, TRICKS_MADE)
    assert entries(st) == [(0, "pulya", 2, None), (1, "whists", 8, 0), (2, "whists", 8, 0)]


def test_lone_whister_short_answers_for_the_side() -> None:
    # Sochi, 6s, seat 2 whists alone and the side takes 1: short by 3, 2 per trick.
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:pass,2:whist,2:closed")
    play(st, TRICKS_SHORT)
    assert entries(st) == [(0, "pulya", 2, None), (2, "whists", 2, 0), (2, "gora", 6, None)]


# ------------------------------------------------------------------ play


def test_follow_suit_else_trump_else_any() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:whist,2:whist")
    assert len(legal(st)) == 10  # the leader plays anything
    play(st, "As")
    assert legal(st) == ["1:play 9s", "1:play Ts"]  # follow suit
    play(st, "9s")
    assert len(legal(st)) == 10  # seat 2: no spade, no trump (spades): any card
    # A diamond led: seat 1 (no diamond) must trump with his spades.
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:whist,2:whist")
    play(st, "7d")
    assert legal(st) == ["1:play 9s", "1:play Ts"]
    play(st, "9s")
    assert [a.split()[1] for a in legal(st)] == ["Td", "Jd", "Qd", "Kd", "Ad"]
    # No trumps: seat 1, void in diamonds, plays anything.
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6nt,1:whist,2:whist")
    play(st, "7d")
    assert len(legal(st)) == 10


def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6c,1:whist,2:whist")
    play(st, "9h 7c Ah")  # a low trump beats the ace of the suit led
    assert st.public_view().last_winner == 1 and st.to_act == 1
    play(st, "Ac Ad 7d")  # clubs led: seat 1's ace; a diamond ace does not count
    assert st.public_view().last_winner == 1
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6nt,1:whist,2:whist")
    play(st, "9h Ts Th")  # no trumps: the highest heart
    assert st.public_view().last_winner == 2


def test_winner_leads_next_and_tricks_are_counted() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:whist,2:whist")
    play(st, TRICKS_MADE)
    done = last_deal(st)
    assert done["tricks"] == [0] * 6 + [2] * 4 and done["taken"] == [6, 0, 4]
    assert done["played"][7] == ["2:Kh", "0:7d", "1:Qc"]


def test_misere_catchers_are_shown_after_trick_one() -> None:
    st = pref([MISERE])
    run(st, "0:bid misere,1:pass,2:pass,0:discard 9d 9h")
    assert st.to_act == 0  # first hand (the declarer here) leads
    play(st, "7s Ts")
    assert st.public_view().open_hands == ()
    play(st, "Td")
    for obs in (None, 0, 1, 2):
        view = st.public_view() if obs is None else st.view(obs)
        assert [s for s, _ in view.open_hands] == [1, 2]
        shows = [e.data for e in st.events(0, obs) if e.kind == "show"]
        assert [s["why"] for s in shows] == ["misere"]
    # The declarer's own hand stays closed; each catcher still plays his own cards.
    assert not {"8s", "9s"} & card_tokens(st.view(1).to_json())
    assert st.to_act == 1 and all(a.startswith("1:play") for a in legal(st))
    assert "from" not in " ".join(legal(st))


def test_misere_made_and_caught() -> None:
    st = pref([MISERE])
    run(st, "0:bid misere,1:pass,2:pass,0:discard 9d 9h")
    play(st, TRICKS_MISERE)
    done = last_deal(st)
    assert done["winner"] == 0 and done["points"] == 10 and entries(st) == [(0, "pulya", 10, None)]
    st = pref([MISERE_CAUGHT])
    run(st, "0:bid misere,1:pass,2:pass,0:discard 9d 9h")
    play(st, TRICKS_CAUGHT)
    done = last_deal(st)
    assert done["taken"] == [1, 9, 0] and done["winner"] is None
    assert entries(st) == [(0, "gora", 10, None)]


def test_allpass_talon_leads_in_sochi_and_leningrad() -> None:
    for rules in ("sochi", "leningrad"):
        st = pref([ALLPASS], rules=rules)
        run(st, "0:pass,1:pass,2:pass")
        v = st.public_view()
        assert v.phase == "play" and v.contract is None and v.talon_lead is not None
        assert v.to_json()["talon_lead"] == "7c" and v.to_json()["talon"] == ["7c"]
        assert st.to_act == 0  # first hand plays first to the talon card
        assert len(legal(st)) == 10  # seat 0 has no club: any card
        play(st, "9h")
        assert legal(st) == [
            "1:play 8c",
            "1:play 9c",
            "1:play Tc",
            "1:play Jc",
            "1:play Qc",
            "1:play Kc",
            "1:play Ac",
        ]
        play(st, "8c Th")
        # Trick 1 to seat 1 (the only club); trick 2 led by 7d, first hand first again.
        assert st.public_view().last_winner == 1
        assert st.public_view().to_json()["talon_lead"] == "7d" and st.to_act == 0
        assert st.public_view().to_json()["talon"] == ["7c", "7d"]
        play(st, "8d 7h Td")
        assert st.public_view().last_winner == 2
        assert st.to_act == 0 and st.public_view().talon_lead is None  # trick 3: first hand
        leads = [e.data for e in st.events(0, 1) if e.kind == "talon_lead"]
        assert leads == [{"talon_card": "7c", "trick": 1}, {"talon_card": "7d", "trick": 2}]


def test_allpass_in_rostov_ignores_the_talon() -> None:
    st = pref([ALLPASS], rules="rostov")
    run(st, "0:pass,1:pass,2:pass")
    v = st.public_view()
    assert v.talon_lead is None and v.talon == () and st.to_act == 0
    for obs in (None, 0, 1, 2):
        assert not {"7c", "7d"} & card_tokens([e.to_json() for e in st.events(0, obs)])


def test_allpass_talon_trick_nobody_follows_is_spoiled() -> None:
    # The seven cards of a suit outside the talon cannot all be gone by trick 2, so a
    # spoiled talon trick needs a hand built by the engine's own trick rule: a trick
    # whose plays hold no card of the talon card's suit goes to nobody.
    # Here seat 1's clubs are taken from his hand to build that trick.
    st = pref([ALLPASS])
    run(st, "0:pass,1:pass,2:pass")
    for c in ["8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"]:
        st.hands[1] &= ~(1 << parse_card(c))
    st._legal = None
    play(st, "9h 8s Th")
    assert st.winners == ["spoiled"] and st.taken == [0, 0, 0]
    assert [e.data["winner"] for e in st.events(0) if e.kind == "trick"] == ["spoiled"]
    assert st.to_act == 0 and st.public_view().to_json()["talon_lead"] == "7d"


def test_tricks_in_a_trick_are_of_the_seats_in_play() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:whist,2:whist")
    play(st, "As 9s Td")
    assert st.public_view().to_json()["last_trick"] == [[0, "As"], [1, "9s"], [2, "Td"]]
    assert st.public_view().to_json()["table"] == []


# ------------------------------------------------------------------ the sheet


def test_match_ends_when_every_pulya_is_closed() -> None:
    st = pref([SPADES], start={"pulya": [18, 20, 20], "gora": [0, 4, 2]})
    run(st, BID_6S + ",0:declare 6s,1:pass,2:pass")
    assert st.finished and st.to_act is None and legal(st) == []
    # Gora 0, 4, 2 (no amnesty): 40/3 on seat 1 and 20/3 on seat 2 from each other.
    # Seat 0: 40/3 + 20/3 = 20; seat 1: -40/3 + 20/3 - 40/3 = -20; seat 2: 0.
    assert st.returns() == pytest.approx([20, -20, 0])
    assert st.winner == 0
    assert next(e.data for e in st.events(0) if e.kind == "match_end")["winner"] == 0


def test_returns_sum_to_zero_and_score_is_the_balance() -> None:
    with pytest.raises(RecordError, match="himself"):
        pref(start={"whists": [1, 0, 0, 0, 0, 0, 0, 0, 0]})
    st = pref([SPADES], start={"pulya": [3, 5, 0], "gora": [7, 0, 2]})
    run(st, BID_6S + ",0:declare 7s,1:whist,2:whist")
    play(st, TRICKS_MADE)
    assert sum(st.returns()) == pytest.approx(0, abs=1e-9)
    assert st.result().score == tuple(round(x) for x in st.returns())


def test_gains_per_deal_are_the_change_in_balance() -> None:
    st = pref([SPADES])
    run(st, BID_6S + ",0:declare 6s,1:whist,2:whist")
    play(st, TRICKS_MADE)
    gains = st.finished_deals()[0].gains
    assert gains == pytest.approx([16 / 3, -20 / 3, 4 / 3])


# ------------------------------------------------------------------ the pot game

#: Seat 0 holds the four aces; he keeps them if he discards his 7h 7d.
ACES = deal(
    "As Ac Ad Ah Ks Qs Js Ts 7h 7d",
    "Kc Qc Jc Tc 9c 8c 7c 9s 8s 7s",
    "Kd Qd Jd Td 9d 8d Kh Qh Jh Th",
    talon="9h 8h",
)
#: For the overtake rule: seat 0 leads 8h; seat 1 holds 7h and 9h.
OVERTAKE = deal(
    "As Ks Qs Js Ts 9s 8s 7s Ac 8h",
    "7h 9h Kc Qc Jc Tc 9c 8c 7c Ad",
    "Th Jh Qh Kh Ah Kd Qd Jd Td 9d",
    talon="8d 7d",
)


def pot(
    deals: list[dict[str, Any]] | None = None,
    *,
    pool: int = 20,
    overtake: bool = False,
    start: dict[str, list[int]] | None = None,
) -> PreferansState:
    return pref(
        deals if deals is not None else [SPADES],
        rules="pot",
        pool=pool,
        overtake=overtake,
        start=start,
    )


def money(st: PreferansState) -> tuple[list[int], int]:
    return list(st.cash), st.kitty


def test_pot_everyone_pays_ten_into_the_pot() -> None:
    st = pot()
    assert money(st) == ([-10, -10, -10], 30)
    assert st.returns() == (0, 0, 0)


def test_pot_bids_numbers_game_and_hearts_at_first_speech() -> None:
    st = pot()
    assert verbs(st) == [
        "pass",
        "bid 1",
        "bid 2",
        "bid 3",
        "bid 4",
        "bid game",
        "bid hearts",
    ]
    run(st, "0:bid 1,1:bid 2,2:pass")
    # Seat 0 has bid a number: no game, no hearts any more.
    assert verbs(st) == ["pass", "bid 3", "bid 4", "hold"]
    st = pot()
    run(st, "0:pass,1:bid 1")
    assert "bid game" in verbs(st) and "bid hearts" in verbs(st)  # seat 2's first speech


def test_pot_hearts_ends_the_bidding_at_once() -> None:
    st = pot()
    run(st, "0:bid 1,1:bid hearts")
    assert st.declarer == 1 and st.contract == "6h"
    assert st.public_view().phase == "whist" and st.to_act == 2
    assert st.holding == 0  # no talon
    assert hand(st, 1) == set(SPADES["hands"][1])


def test_pot_game_against_game_by_suit_levels() -> None:
    st = pot()
    run(st, "0:bid game")
    assert verbs(st) == ["pass", "bid game", "bid hearts"]  # no numbers over a game
    run(st, "1:bid game,2:pass")  # seat 1's game: clubs or higher
    assert verbs(st) == ["pass", "hold", "bid game"]  # seat 0 spoke first: he may hold
    run(st, "0:hold")
    assert verbs(st) == ["pass", "bid game"]  # seat 1 must go higher (diamonds) or pass
    run(st, "1:bid game")
    assert verbs(st) == ["pass", "hold"]  # no game above diamonds
    run(st, "0:hold,1:pass")
    # Seat 0 declares without the talon, diamonds only (hearts is not a game suit).
    assert st.declarer == 0 and st.public_view().phase == "declare"
    assert verbs(st) == ["declare 6d"] and st.holding == 0


def test_pot_a_single_game_names_any_suit_but_hearts() -> None:
    st = pot()
    run(st, "0:bid game,1:pass,2:pass")
    assert verbs(st) == ["declare 6s", "declare 6c", "declare 6d"]


def test_pot_hold_needs_priority() -> None:
    st = pot()
    run(st, "0:pass,1:bid 1,2:bid 2")
    assert "hold" in verbs(st)  # seat 1 bid before seat 2
    run(st, "1:bid 3")
    assert "hold" not in verbs(st)  # seat 2 bid after seat 1: no priority


def test_pot_talon_unseen_and_trump_not_below_the_level() -> None:
    st = pot()
    run(st, "0:bid 2,1:pass,2:pass")
    assert talon_seen(st, 0) == ["7s", "8s"]
    for obs in (None, 1, 2):
        assert talon_seen(st, obs) == []
    run(st, "0:discard 7h 8h")
    assert verbs(st) == ["declare 6c", "declare 6d", "declare 6h"]
    run(st, "0:declare 6c")
    assert st.public_view().contract == "6c"
    assert not {"7h", "8h"} & card_tokens([e.to_json() for e in st.events(0, 1)])


def test_pot_all_pass_throws_the_deal_in() -> None:
    st = pot(pool=3)
    run(st, "0:pass,1:pass,2:pass")
    done = last_deal(st)
    assert done["end"] == "thrown_in" and done["payments"] == [] and done["tricks"] == []
    assert money(st) == ([-10, -10, -10], 30)
    assert st.public_view().dealer == 0 and st.to_act == 1


def test_pot_the_game_lasts_pool_deals_and_the_kitty_is_shared() -> None:
    st = pot(pool=2)
    run(st, "0:pass,1:pass,2:pass")
    assert not st.finished
    run(st, "1:pass,2:pass,0:pass")
    assert st.finished and st.to_act is None
    assert st.returns() == (0, 0, 0)


def test_pot_declarer_leads_and_an_uninvited_passer_is_out() -> None:
    st = pot()
    run(st, "0:pass,1:bid 1,2:pass,1:discard 7c 8c,1:declare 6s,2:whist,0:pass")
    assert st.to_act == 2 and verbs(st) == ["invite", "pass"]
    run(st, "2:pass")
    assert st.public_view().out_seat == 0
    out = st.events(0, None)[-1]  # everyone is told he plays alone
    assert (out.kind, out.seat, dict(out.data)) == ("out", 0, {"alone": 2})
    assert st.to_act == 1  # the declarer leads
    play(st, "Ac Ad")  # two cards a trick: seat 0 is out
    assert st.public_view().to_json()["last_trick"] == [[1, "Ac"], [2, "Ad"]]
    assert st.public_view().hand_sizes[0] == 10


def test_pot_made_with_a_whister_short() -> None:
    st = pot()
    run(st, "0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s,1:whist,2:whist")
    play(st, TRICKS_MADE)
    # Seat 0: 10 from the pot, 4 to seat 2 for his tricks; seat 1 (no trick) pays 10 in.
    assert last_deal(st)["payments"] == [
        ["pot", 0, 10, "contract"],
        [0, 2, 4, "tricks"],
        [1, "pot", 10, "short"],
    ]
    assert money(st) == ([-4, -20, -6], 30)
    assert st.returns() == (6, -10, 4)


def test_pot_failed_contract() -> None:
    st = pot()
    run(st, "0:bid 1,1:pass,2:pass,0:discard As Ks,0:declare 6s,1:whist,2:whist")
    play(
        st,
        "Qs 9s Td  Js Ts Jd  8s 7c Qd  7s 8c Kd  7h 9c Th  Jh 8h Tc  Qh 9h Jc  Ad 7d Qc "
        "Kh 8d Kc  Ah 9d Ac",
    )
    assert last_deal(st)["taken"] == [4, 0, 6]
    # Seat 0: 10 from the pot, 6 to seat 2, 20 into the pot; seat 1 short: 10 in.
    assert money(st) == ([-26, -20, -4], 50)
    assert last_deal(st)["winner"] is None


def test_pot_invited_player_is_not_liable_and_the_inviter_answers_for_four() -> None:
    st = pot()
    run(st, "0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s,1:pass,2:whist,2:invite")
    assert st.public_view().answers == ("", "invited", "whist")
    play(st, TRICKS_SHORT)
    # Side 1 of 4: the inviter pays 10; he is paid the side's trick; seat 1 pays nothing.
    assert last_deal(st)["payments"] == [
        ["pot", 0, 10, "contract"],
        [0, 2, 1, "tricks"],
        [2, "pot", 10, "short"],
    ]
    st = pot()
    run(st, "0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s,1:pass,2:whist,2:invite")
    play(st, TRICKS_MADE)  # side 4: the inviter is not short
    assert [p[3] for p in last_deal(st)["payments"]] == ["contract", "tricks"]


def test_pot_nobody_whists_ten_tricks_without_play() -> None:
    st = pot()
    run(st, "0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s,1:pass,2:pass")
    assert last_deal(st)["end"] == "no_whist"
    assert money(st) == ([0, -10, -10], 20)


def test_pot_hearts_premium_both_ways() -> None:
    st = pot()
    run(st, "0:pass,1:pass,2:bid hearts,0:pass,1:pass")
    # Made without play: 10 from the pot, 10 from each defender.
    assert money(st) == ([-20, -20, 20], 20)
    st = pot()
    run(st, "0:bid hearts,1:whist,2:whist")
    assert st.to_act == 0
    play(
        st,
        "As 9s Th  Ah 7h 7c  Kh 8h 8c  Qh 9h 9c  Jh Js Tc  Ad 7d Jc  Kd 8d Qc  Qd 9d Kc "
        "Jd Ks Ac  Td Qs Ts",
    )
    assert last_deal(st)["taken"] == [0, 0, 10]
    # Seat 0: 10 from the pot, 10 to seat 2, 20 into the pot, 10 to each defender;
    # seat 1 whisted and took nothing: 10 into the pot.
    assert money(st) == ([-50, -10, 10], 50)


def test_pot_four_aces_after_the_discard() -> None:
    st = pot([ACES])
    run(st, "0:bid 1,1:pass,2:pass,0:discard 7h 7d,0:declare 6s,1:pass,2:pass")
    assert money(st) == ([20, -20, -20], 20)
    assert [p[3] for p in last_deal(st)["payments"]] == ["contract", "aces", "aces"]
    st = pot([ACES])
    run(st, "0:bid 1,1:pass,2:pass,0:discard Ah 7d,0:declare 6s,1:pass,2:pass")
    assert money(st) == ([0, -10, -10], 20)  # an ace discarded: no premium


def test_pot_the_pot_is_refilled_when_empty() -> None:
    st = pot([SPADES, SPADES], start={"cash": [-4, -3, -3], "kitty": [10]})
    assert money(st) == ([-4, -3, -3], 10)
    run(st, "0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s,1:pass,2:pass")
    # The declarer took the last 10: the pot is empty, everyone pays 10 in again.
    assert money(st) == ([-4, -13, -13], 30)


def test_pot_overtake() -> None:
    for on, allowed in [(False, ["1:play 7h", "1:play 9h"]), (True, ["1:play 9h"])]:
        st = pot([OVERTAKE], overtake=on)
        run(st, "0:bid 1,1:pass,2:pass,0:discard 8d 7d,0:declare 6s,1:whist,2:whist")
        play(st, "8h")
        assert legal(st) == allowed
    # The option means nothing in the Russian conventions.
    st = pref([OVERTAKE], overtake=True)
    run(st, "0:bid 6s,1:pass,2:pass,0:discard 8d 7d,0:declare 6s,1:whist,2:whist,0:play 8h")
    assert legal(st) == ["1:play 7h", "1:play 9h"]


def test_pot_returns_sum_to_zero() -> None:
    st = pot()
    run(st, "0:bid hearts,1:whist,2:pass,1:invite")
    assert sum(F(x).limit_denominator(1000) for x in st.returns()) == 0
    assert json.dumps(st.public_view().to_json())
