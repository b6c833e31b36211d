"""Tetka (docs/rules/tetka.md, seed 004): one test per rule and per ruling.

Deals are written trick by trick (``tetka_helpers.script``): each trick is its four
cards in the order played, the leader's first. Unless a test says otherwise seat 0
deals, so seat 1 turns the photograph and leads, and the photograph is 7h. The
expected outcomes (who takes each trick, every mark and why) are worked out by
hand from the rules in the comments beside them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from helpers import fingerprint, legal
from tetka_helpers import (
    ALL_CARDS,
    GOLDEN,
    GOLDEN_DRAW,
    GOLDEN_MARKS,
    GOLDEN_PHOTO,
    GOLDEN_REASONS,
    GOLDEN_TRICKS,
    GOLDEN_WINNERS,
    QUEENS,
    SEATS,
    by_winners,
    deal_of,
    last_deal,
    rank,
    rotate,
    run,
    script,
    shift_actions,
    swap,
    tetka,
)
from tricktaker.cards import CARD_NAMES, RANKS
from tricktaker.core import IllegalAction, RecordError
from tricktaker.core.dealing import shuffled
from tricktaker.games.tetka import TetkaState

# ------------------------------------------------------------------- helpers


def golden(
    *,
    photo: str = GOLDEN_PHOTO,
    marks: list[int] | None = None,
    target: int = 21,
    revoke: str = "prevented",
    more: list[dict[str, Any]] | None = None,
) -> TetkaState:
    deals = [deal_of(GOLDEN.hands, photo, GOLDEN_DRAW), *(more or [])]
    return tetka(deals, marks=marks, target=target, revoke=revoke)


def played(tricks: list[str], photo: str = GOLDEN_PHOTO, **kw: Any) -> dict[str, Any]:
    """The summary of a whole deal played as ``tricks`` (dealer 0)."""
    s = script(tricks)
    st = run(tetka([deal_of(s.hands, photo)], **kw), s.actions)
    return last_deal(st)


def reviewed(state: TetkaState, seat: int | None) -> list[int]:
    """The numbers of the finished tricks ``seat`` may look at now."""
    view = state.public_view() if seat is None else state.view(seat)
    return [t.number for t in view.review]


def events_of(state: TetkaState, kind: str, observer: int | None = None) -> list[dict[str, Any]]:
    return [e.to_json() for e in state.events(0, observer) if e.kind == kind]


def hand_names(state: TetkaState, seat: int) -> list[str]:
    return [str(c) for c in state.view(seat).to_json()["hand"]]


# ----------------------------------------------------------------- seat draw


def test_draw_the_lowest_card_deals_first_ace_high() -> None:
    # The ace is the highest card, the two the lowest: seat 1's 2d deals, not seat 0's ace.
    draw = ["Ac", "2d", "5h", "9s"]
    st = tetka([{"draw": draw}], dealer=1)
    first = st.events(0)[0]
    assert first.kind == "deal" and first.data["draw"] == draw and first.data["dealer"] == 1
    assert st.to_record()["deals"][0]["draw"] == draw
    with pytest.raises(RecordError, match=r"seat 1 drew the lowest card \(2d\), so seat 1 deals"):
        tetka([{"draw": draw}], dealer=0)


def test_draw_tied_for_the_lowest_is_refused_but_higher_ties_are_not() -> None:
    with pytest.raises(RecordError, match="lowest cards are tied; everyone draws again"):
        tetka([{"draw": ["2c", "2h", "Kd", "9s"]}], dealer=0)
    st = tetka([{"draw": ["2c", "Kh", "Kd", "9s"]}], dealer=0)  # only the lowest matters
    assert st.events(0)[0].to_json()["data"]["draw"] == ["2c", "Kh", "Kd", "9s"]


def test_draw_comes_from_a_second_deck_so_its_cards_are_also_dealt() -> None:
    for st in (golden(), *(tetka(seed=s) for s in range(20))):
        rec = st.to_record()["deals"][0]
        hands = [set(h) for h in rec["hands"]]
        assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS)
        for c in rec["draw"]:
            assert sum(c in h for h in hands) == 1


@pytest.mark.parametrize("dealer", range(SEATS))
def test_generated_draws_are_decisive_and_give_the_dealer_the_lowest(dealer: int) -> None:
    for seed in range(150):
        st = tetka(seed=seed, dealer=dealer)
        draw = st.events(0)[0].data["draw"]
        assert len(draw) == SEATS and len(set(draw)) == SEATS
        ranks = [rank(c) for c in draw]
        assert ranks.count(min(ranks)) == 1, (seed, draw)
        assert ranks.index(min(ranks)) == dealer, (seed, draw)
        assert st.to_record()["deals"][0]["draw"] == draw
        assert st.view(dealer).dealer == dealer


def test_the_draw_is_told_to_everyone_with_the_first_deal_only() -> None:
    st = golden(more=[deal_of(rotate(GOLDEN.hands), GOLDEN_PHOTO)])
    run(st, GOLDEN.actions)
    for observer in (None, 0, 1, 2, 3):
        deals = events_of(st, "deal", observer)
        assert len(deals) == 2
        assert deals[0]["data"]["draw"] == GOLDEN_DRAW
        assert "draw" not in deals[1]["data"]


# -------------------------------------------------------------- photograph


def test_photograph_is_turned_by_the_player_left_of_the_dealer_and_shown_to_all() -> None:
    for dealer in range(SEATS):
        st = tetka([{"photo": "Jh"}], dealer=dealer)
        for view in (st.public_view(), *(st.view(s) for s in range(SEATS))):
            j = view.to_json()
            assert j["photo"] == "Jh" and j["photo_by"] == (dealer + 1) % SEATS
            assert j["counting"] == 11
        data = st.events(0, None)[0].data
        assert data["photo"] == "Jh" and data["photo_by"] == (dealer + 1) % SEATS


def test_photograph_from_a_second_deck_its_twin_is_dealt_and_played() -> None:
    # The photograph 7h comes from the second deck; the 7h of the playing deck is in
    # seat 2's hand, and the trick it falls in (9) carries the photo mark.
    st = golden()
    assert "7h" in GOLDEN.hands[2] and "7h" in hand_names(st, 2)
    assert sorted(c for h in st.to_record()["deals"][0]["hands"] for c in h) == sorted(ALL_CARDS)
    run(st, GOLDEN.upto(9))
    trick9 = events_of(st, "trick")[8]["data"]
    assert trick9["winner"] == 1 and "photo" in trick9["marks"]


def test_a_given_photograph_does_not_change_the_hands() -> None:
    a = tetka([deal_of(GOLDEN.hands, "Jh")]).to_record()["deals"][0]
    b = tetka([deal_of(GOLDEN.hands, "2c")]).to_record()["deals"][0]
    assert a["hands"] == b["hands"] == GOLDEN.hands
    assert (a["photo"], b["photo"]) == ("Jh", "2c")


def test_generated_photographs_are_drawn_apart_from_the_playing_deck() -> None:
    # The same dealt hands under other seeds get other photographs; every photograph's
    # twin is in exactly one hand (all 52 cards are dealt).
    photos = {tetka([deal_of(GOLDEN.hands, None)], seed=s).photo for s in range(30)}
    assert len(photos) > 10
    seen = set()
    for seed in range(40):
        st = tetka(seed=seed)
        rec = st.to_record()["deals"][0]
        hands = [set(h) for h in rec["hands"]]
        assert sum(rec["photo"] in h for h in hands) == 1
        seen.add(rec["photo"])
    assert len(seen) > 15


def test_each_deal_turns_a_new_photograph() -> None:
    st = tetka(seed=11, target=50)
    for _ in range(3):
        play_anyhow(st)
    photos = [e["data"]["photo"] for e in events_of(st, "deal")]
    assert len(photos) == 4 and len(set(photos)) > 1
    assert [d["photo"] for d in st.to_record()["deals"]] == photos


def play_anyhow(state: TetkaState) -> list[str]:
    """The first legal card, to the end of the deal in progress; the actions played."""
    done: list[str] = []
    deals = len(state.finished_deals())
    while state.to_act is not None and len(state.finished_deals()) == deals:
        a = str(state.legal_actions()[0])
        state.apply(a)
        done.append(a)
    return done


# ------------------------------------------------------------------ dealing


@pytest.mark.parametrize(("seed", "dealer"), [(0, 0), (7, 1), ("abc", 2), (12345, 3)])
def test_seeded_deal_one_card_at_a_time_from_left_of_the_dealer(
    seed: int | str, dealer: int
) -> None:
    # 13 cards each, one at a time: seat dealer+1 gets the shuffle's first card, then
    # dealer+2, dealer+3, the dealer, and round again.
    st = tetka(seed=seed, dealer=dealer, target=50)
    order = [CARD_NAMES[c] for c in shuffled(list(range(52)), seed, 0)]
    hands = st.to_record()["deals"][0]["hands"]
    for k in range(SEATS):
        assert hands[(dealer + 1 + k) % SEATS] == order[k::SEATS]
    assert order[0] in hands[(dealer + 1) % SEATS]
    assert all(len(h) == 13 for h in hands)
    # The next deal is dealt by the next dealer, from its own shuffle.
    play_anyhow(st)
    order = [CARD_NAMES[c] for c in shuffled(list(range(52)), seed, 1)]
    hands = st.to_record()["deals"][1]["hands"]
    for k in range(SEATS):
        assert hands[(dealer + 2 + k) % SEATS] == order[k::SEATS]


def test_each_seat_sees_its_own_thirteen_cards_only() -> None:
    st = golden()
    for seat in range(SEATS):
        assert sorted(hand_names(st, seat)) == sorted(GOLDEN.hands[seat])
        deal_event = st.events(0, seat)[0]
        assert sorted(deal_event.data["hand"]) == sorted(GOLDEN.hands[seat])
    assert st.public_view().to_json()["hand"] == []
    assert "hand" not in st.events(0, None)[0].data
    assert st.public_view().to_json()["hand_sizes"] == [13, 13, 13, 13]


# --------------------------------------------------------------------- play


@pytest.mark.parametrize("dealer", range(SEATS))
def test_the_player_left_of_the_dealer_leads_any_card(dealer: int) -> None:
    st = tetka([deal_of(GOLDEN.hands)], dealer=dealer)
    first = (dealer + 1) % SEATS
    assert st.to_act == first
    assert sorted(a.split()[1] for a in legal(st)) == sorted(GOLDEN.hands[first])
    assert all(a.startswith(f"{first}:play ") for a in legal(st))


def test_follow_suit_under_prevented_illegal_card_has_a_clear_message_and_changes_nothing() -> None:
    st = golden()
    st.apply("1:play 9d")
    # Seat 2 holds Kd and Ad (the seed: he has no lower diamond): only they are offered.
    assert legal(st) == ["2:play Kd", "2:play Ad"]
    before = fingerprint(st)
    with pytest.raises(IllegalAction) as err:
        st.apply("2:play 2c")
    assert str(err.value) == (
        "follow suit: diamonds were led and you hold some; allowed: 2:play Kd, 2:play Ad"
    )
    assert "Ad" not in err.value.public_message  # others are not told what he holds
    assert fingerprint(st) == before
    st.apply("2:play Kd")  # it plays on


def test_a_player_out_of_the_suit_led_may_play_any_card() -> None:
    st = golden()
    run(st, GOLDEN.upto(10, 1))  # trick 11: seat 3 leads Qh, the last heart
    assert sorted(a.split()[1] for a in legal(st)) == sorted(hand_names(st, 0))
    assert len(legal(st)) == 3


def test_the_winner_of_a_trick_leads_the_next() -> None:
    st = golden()
    for i, (leader, winner) in enumerate(zip(GOLDEN.leaders, GOLDEN.winners, strict=True)):
        assert st.to_act == leader, i
        run(st, GOLDEN.actions[4 * i : 4 * i + 4])
        if i < 12:
            assert st.to_act == winner
            assert st.public_view().leader == winner


def test_play_goes_round_to_the_left() -> None:
    st = golden()
    seats = []
    for a in GOLDEN.upto(1):
        seats.append(st.to_act)
        st.apply(a)
    assert seats == [1, 2, 3, 0]


def test_seed_004_example_the_king_takes_the_queen() -> None:
    # The first player (seat 1) leads 9d, the second (seat 2) must play Kd, the third
    # (seat 3) dumps Qd, the fourth (seat 0) plays Td: the second takes the trick and
    # the queen's mark.
    st = golden()
    run(st, ["1:play 9d", "2:play Kd", "3:play Qd", "0:play Td"])
    trick = events_of(st, "trick")[0]["data"]
    assert trick == {
        "trick": 1,
        "played": [[1, "9d"], [2, "Kd"], [3, "Qd"], [0, "Td"]],
        "winner": 2,
        "marks": ["Qd"],
    }
    view = st.public_view().to_json()
    assert view["taken"] == [0, 0, 1, 0]
    assert view["deal_marks"] == [[], [], ["Qd"], []]
    assert st.to_act == 2


def test_seed_004_example_had_the_fourth_held_the_ace_he_would_take_the_queen() -> None:
    s = script(["9d Kd Qd Ad"], fill=True)
    st = run(tetka([deal_of(s.hands)]), s.upto(1))
    trick = events_of(st, "trick")[0]["data"]
    assert trick["winner"] == 0 and trick["marks"] == ["Qd"]


def test_highest_card_of_the_suit_led_wins_an_off_suit_ace_does_not() -> None:
    st = golden()
    run(st, GOLDEN.upto(11))
    trick11 = events_of(st, "trick")[10]["data"]
    assert trick11["played"] == [[3, "Qh"], [0, "As"], [1, "5d"], [2, "Jc"]]
    assert trick11["winner"] == 3  # the queen, the only heart, beats the ace of spades
    trick10 = events_of(st, "trick")[9]["data"]
    assert trick10["played"] == [[1, "Jh"], [2, "Kh"], [3, "Ah"], [0, "5h"]]
    assert trick10["winner"] == 3  # ace high


def test_the_deal_moves_to_the_left() -> None:
    # Deal 1 is deal 0 moved one seat on: seat 1 deals, seat 2 turns the photograph and
    # leads, and every trick and mark moves one seat on with it.
    st = golden(more=[deal_of(rotate(GOLDEN.hands), GOLDEN_PHOTO)], target=50)
    run(st, GOLDEN.actions)
    view = st.public_view().to_json()
    assert (view["deal_number"], view["dealer"], view["photo_by"], view["to_act"]) == (1, 1, 2, 2)
    run(st, shift_actions(GOLDEN.actions))
    second = last_deal(st)
    assert second["dealer"] == 1
    assert second["tricks"] == [(w + 1) % SEATS for w in GOLDEN_WINNERS]
    assert second["marks"] == [2, 4, 1, 1]
    assert second["total"] == [6, 5, 2, 3]
    dealers = [0, 1]
    for _ in range(3):
        view = st.public_view().to_json()
        dealers.append(view["dealer"])
        assert view["to_act"] == (view["dealer"] + 1) % SEATS
        play_anyhow(st)
    assert dealers == [0, 1, 2, 3, 0]
    assert [d.dealer for d in st.finished_deals()] == [0, 1, 2, 3, 0]


# -------------------------------------------------------------------- marks


def test_golden_deal_every_mark_and_why() -> None:
    # Winners 2 0 1 3 0 0 3 2 1 3 3 0 0: seat 0 takes 5 tricks (the most) and the 13th;
    # Qd falls to seat 2 (trick 1), Qs and Qc to seat 0 (tricks 5, 6), Qh to seat 3
    # (trick 11); 7h (the photo card) is in trick 9, seat 1's; trick 7 counts for a seven.
    st = run(golden(), GOLDEN.actions)
    d = last_deal(st)
    assert d["tricks"] == GOLDEN_WINNERS
    assert d["taken"] == [5, 2, 2, 4]
    assert d["reasons"] == GOLDEN_REASONS
    assert d["marks"] == GOLDEN_MARKS
    assert d["photo"] == "7h" and d["counting"] == 7
    assert d["winner"] is None and d["points"] == 8 and d["end"] == "tricks"
    assert st.result().score == (4, 1, 1, 2)


def test_one_mark_per_queen_two_queens_in_one_trick_give_two() -> None:
    # Seat 0 plays As in trick 5 and discards Qs on the last heart in trick 11, so
    # seat 3 takes Qh and Qs in one trick.
    tricks = swap(GOLDEN_TRICKS, "Qs", "As")
    assert tricks[4] == "4s As 5s 6s" and tricks[10] == "Qh Qs 5d Jc"
    d = played(tricks)
    assert d["tricks"] == GOLDEN_WINNERS
    assert d["reasons"] == [["Qc", "most", "last"], ["photo"], ["Qd"], ["Qh", "Qs", "counting"]]
    assert d["marks"] == [3, 1, 1, 3]


def test_one_player_may_take_all_eight_marks() -> None:
    # Seat 1 holds every club and leads them all; the others discard (each holds one
    # whole suit): he takes the 13 tricks, all four queens (trick 11), the photo card
    # Kd (trick 12), the counting trick (13 for a king), the most and the last.
    tricks = [f"{r}c {r}d {r}h {r}s" for r in RANKS]
    d = played(tricks, photo="Kd")
    assert d["tricks"] == [1] * 13
    assert d["reasons"] == [
        [],
        ["Qc", "Qd", "Qh", "Qs", "photo", "counting", "most", "last"],
        [],
        [],
    ]
    assert d["marks"] == [0, 8, 0, 0]


# The counting trick's number is the photograph's rank: A=1, 2..10 as printed, J=11,
# Q=12, K=13. With the photograph a heart, the photo card is that heart of the deck.
# GOLDEN: trick winners 2 0 1 3 0 0 3 2 1 3 3 0 0; hearts: 2h 3h 4h in trick 3 (seat 1),
# 7h 8h 9h Th in trick 9 (seat 1), 5h Jh Kh Ah in trick 10 (seat 3), Qh in 11 (seat 3).
COUNTING = {
    "A": (1, 2, 3),
    "2": (2, 0, 1),
    "3": (3, 1, 1),
    "4": (4, 3, 1),  # the fourth trick, not the fifth (the seed's prose slips)
    "5": (5, 0, 3),
    "6": (6, 0, 1),
    "7": (7, 3, 1),
    "8": (8, 2, 1),
    "9": (9, 1, 1),
    "T": (10, 3, 1),
    "J": (11, 3, 3),
    "Q": (12, 0, 3),
    "K": (13, 0, 3),
}


@pytest.mark.parametrize("r", list(COUNTING))
def test_counting_trick_for_every_photograph_rank(r: str) -> None:
    number, counter, photo_holder = COUNTING[r]
    st = golden(photo=f"{r}h")
    assert st.public_view().counting == number
    run(st, GOLDEN.actions)
    d = last_deal(st)
    assert d["counting"] == number
    assert [s for s in range(SEATS) if "counting" in d["reasons"][s]] == [counter]
    assert [s for s in range(SEATS) if "photo" in d["reasons"][s]] == [photo_holder]
    marked = [
        e["data"]["trick"] for e in events_of(st, "trick") if "counting" in e["data"]["marks"]
    ]
    assert marked == [number]
    assert sum(d["marks"]) == 8


def test_the_photo_card_trick_and_the_photo_queen_counts_twice() -> None:
    # With the photograph Qh, trick 11 holds the queen of hearts: a mark for the queen
    # and one for the photo card, both to seat 3.
    st = run(golden(photo="Qh"), GOLDEN.actions)
    d = last_deal(st)
    assert d["reasons"][3] == ["Qh", "photo"]
    assert d["reasons"][0] == ["Qs", "Qc", "counting", "most", "last"]  # 12th trick


# Most tricks: a tie goes to the tied player whose own last trick came latest.
TIES = {
    # counts 4 4 3 2; seat 1's last trick is the 12th, seat 0's the 11th
    "two-way, later": ([0, 1, 2, 3, 1, 2, 0, 2, 1, 0, 0, 1, 3], [4, 4, 3, 2], 1),
    # counts 4 4 3 2; seat 0's last trick is the 12th, seat 1's the 11th
    "two-way, earlier": ([0, 1, 2, 3, 0, 2, 1, 2, 0, 1, 1, 0, 3], [4, 4, 3, 2], 0),
    # counts 4 4 4 1: seat 2 took his fourth in trick 9, seat 1 in trick 11, seat 0 in
    # trick 12, when the other two already had four (seat 3 takes the 13th)
    "three-way": ([2, 0, 1, 2, 0, 2, 1, 0, 2, 1, 1, 0, 3], [4, 4, 4, 1], 0),
    # a clear most: no tie-break
    "clear": ([0, 0, 0, 0, 0, 1, 2, 3, 1, 2, 2, 3, 1], [5, 3, 3, 2], 0),
}


@pytest.mark.parametrize("case", list(TIES))
def test_most_tricks_and_its_tie_break_by_the_latest_last_trick(case: str) -> None:
    winners, taken, most = TIES[case]
    d = played(by_winners(winners))
    assert d["tricks"] == winners
    assert d["taken"] == taken
    assert [s for s in range(SEATS) if "most" in d["reasons"][s]] == [most]
    assert "last" in d["reasons"][winners[12]]
    assert sum(d["marks"]) == 8


def test_the_last_trick_mark() -> None:
    d = played(by_winners([0, 1, 2, 3, 1, 2, 0, 2, 1, 0, 0, 1, 3]))
    assert [s for s in range(SEATS) if "last" in d["reasons"][s]] == [3]
    st = run(golden(), GOLDEN.upto(12))
    assert all("last" not in r for r in st.public_view().deal_marks)
    run(st, GOLDEN.actions[48:])
    assert events_of(st, "trick")[12]["data"]["marks"] == ["last"]


@pytest.mark.parametrize("photo", ALL_CARDS)
def test_eight_marks_every_deal_one_for_each_reason(photo: str) -> None:
    st = run(golden(photo=photo), GOLDEN.actions)
    d = last_deal(st)
    assert sum(d["marks"]) == 8 == d["points"]
    assert [len(r) for r in d["reasons"]] == d["marks"]
    assert Counter(x for r in d["reasons"] for x in r) == Counter(
        [*QUEENS, "photo", "counting", "most", "last"]
    )


def test_trick_marks_are_public_as_taken_the_most_only_at_the_end() -> None:
    st = golden()
    run(st, GOLDEN.upto(7))
    expected = [["Qs", "Qc"], [], ["Qd"], ["counting"]]
    for view in (st.public_view(), *(st.view(s) for s in range(SEATS))):
        assert [list(r) for r in view.deal_marks] == expected
        assert view.taken == (3, 1, 1, 2)
        assert view.running == (2, 0, 1, 1)
    run(st, GOLDEN.actions[28:])
    assert [e["data"]["marks"] for e in events_of(st, "trick")] == [
        ["Qd"],
        [],
        [],
        [],
        ["Qs"],
        ["Qc"],
        ["counting"],
        [],
        ["photo"],
        [],
        ["Qh"],
        [],
        ["last"],
    ]
    assert all("most" not in e["data"]["marks"] for e in events_of(st, "trick"))
    assert events_of(st, "deal_end")[0]["data"]["reasons"] == GOLDEN_REASONS


# ------------------------------------------------------------------- review


def test_review_two_tricks_before_a_players_first_lead_one_after() -> None:
    # Leads: trick 1 seat 1, 2 seat 2, 3 seat 0, 4 seat 1, 5 seat 3.
    st = golden()
    assert all(reviewed(st, s) == [] for s in (None, 0, 1, 2, 3))
    run(st, GOLDEN.upto(1))
    assert [reviewed(st, s) for s in (None, 0, 1, 2, 3)] == [[1], [1], [1], [1], [1]]
    run(st, GOLDEN.upto(2)[4:])  # seat 0 is to lead trick 3
    # Seats 0 and 3 have not led yet: the last two; seats 1 and 2 and a spectator: one.
    assert [reviewed(st, s) for s in (None, 0, 1, 2, 3)] == [[2], [1, 2], [2], [2], [1, 2]]
    st.apply("0:play 4h")  # once he has led, only the last one, even mid-trick
    assert reviewed(st, 0) == [2] and reviewed(st, 3) == [1, 2]
    run(st, GOLDEN.upto(4)[9:])  # seat 3, still not having led, is to lead trick 5
    assert reviewed(st, 3) == [3, 4]  # no other earlier trick is shown
    st.apply("3:play 4s")
    assert reviewed(st, 3) == [4]


def test_review_shows_the_tricks_as_played() -> None:
    st = run(golden(), GOLDEN.upto(2))
    review = st.view(0).to_json()["review"]
    assert review == [
        {"trick": 1, "played": [[1, "9d"], [2, "Kd"], [3, "Qd"], [0, "Td"]], "winner": 2},
        {"trick": 2, "played": [[2, "2c"], [3, "5c"], [0, "Ac"], [1, "3c"]], "winner": 0},
    ]


def test_the_table_holds_the_trick_in_progress() -> None:
    st = run(golden(), GOLDEN.upto(2, 3))
    for view in (st.public_view(), *(st.view(s) for s in range(SEATS))):
        j = view.to_json()
        assert j["table"] == [[0, "4h"], [1, "6h"], [2, "2h"]]
        assert j["trick_number"] == 3 and j["leader"] == 0
    st.apply("3:play 3h")
    assert st.public_view().to_json()["table"] == []


def test_review_holds_only_this_deals_tricks() -> None:
    st = run(golden(more=[deal_of(rotate(GOLDEN.hands), GOLDEN_PHOTO)]), GOLDEN.actions)
    assert all(reviewed(st, s) == [] for s in (None, 0, 1, 2, 3))
    st.apply("2:play 9d")
    assert st.public_view().to_json()["table"] == [[2, "9d"]]
    run(st, ["3:play Kd", "0:play Qd", "1:play Td"])
    assert reviewed(st, None) == [1] and reviewed(st, 0) == [1]
    assert st.public_view().to_json()["review"][0]["played"][0] == [2, "9d"]


def test_at_the_robbers_end_the_last_deals_last_trick_stays_in_view() -> None:
    st = run(golden(marks=[0, 0, 0, 20]), GOLDEN.actions)
    assert st.result().finished
    assert reviewed(st, None) == [13]
    assert all(reviewed(st, s) == [13] for s in range(SEATS))  # everyone led in the deal


# ------------------------------------------------------------------ revokes

# R1: GOLDEN, but in trick 12 seat 1 keeps 6d and plays 9s on the diamond lead (a
# revoke: he holds a diamond), then discards 6d on the spade lead of trick 13.
R1 = swap(GOLDEN_TRICKS, "6d", "9s")


def test_penalized_offers_any_card() -> None:
    st = golden(revoke="penalized")
    st.apply("1:play 9d")
    assert sorted(a.split()[1] for a in legal(st)) == sorted(GOLDEN.hands[2])


def test_under_prevented_there_is_no_revoke() -> None:
    st = golden()
    run(st, GOLDEN.upto(11, 1))
    with pytest.raises(IllegalAction, match="follow suit: diamonds were led"):
        st.apply("0:play Js")


def test_a_revoke_is_told_only_when_proved_by_discarding_the_suit() -> None:
    assert R1[11:] == ["7d Jd 9s Ts", "Js 6d 8s 8d"]
    s = script(R1)
    st = tetka([deal_of(s.hands)], revoke="penalized")
    run(st, s.upto(12))  # the revoke is made, not yet proved
    assert st.public_view().revokes == ()
    assert events_of(st, "revoke") == []
    run(st, s.actions[48:50])  # 0:Js 1:6d
    assert s.actions[49] == "1:play 6d"
    for observer in (None, 0, 1, 2, 3):
        events = [e.to_json() for e in st.events(0, observer)]
        assert events[-2]["action"] == "1:play 6d"
        assert events[-1] == {
            "n": len(events) - 1,
            "kind": "revoke",
            "seat": 1,
            "action": None,
            "data": {"suit": "d", "trick": 12},
        }
    assert st.public_view().to_json()["revokes"] == [[1, "d", 12]]


def test_a_single_revoke_each_other_player_hands_a_trick() -> None:
    # Revoker seat 1; givers in turn from his left: 2, 3, 0. Each hands a trick of his
    # own with no queen, the one carrying the most of his other marks: seat 2 (8; 1 has
    # Qd) hands 8; seat 3 (4, 7 counting, 10; 11 has Qh) hands 7, not the later 10;
    # seat 0 (2, 12, 13 last; 5 and 6 have queens) hands 13. The counting and last
    # marks go with them; seat 1 then holds 5 tricks, the most.
    d = played(R1, revoke="penalized")
    assert d["tricks"] == GOLDEN_WINNERS  # who took each trick in play is unchanged
    assert d["revokes"] == [[1, "d", 12]]
    assert d["handed"] == [[2, 1, 8], [3, 1, 7], [0, 1, 13]]
    assert d["taken"] == [4, 5, 1, 3]
    assert d["reasons"] == [["Qs", "Qc"], ["photo", "counting", "most", "last"], ["Qd"], ["Qh"]]
    assert d["marks"] == [2, 4, 1, 1]


def test_during_the_deal_marks_follow_the_tricks_as_won_the_handing_comes_at_the_end() -> None:
    s = script(R1)
    st = run(tetka([deal_of(s.hands)], revoke="penalized"), s.actions[:51])
    assert [list(r) for r in st.public_view().deal_marks] == [
        ["Qs", "Qc"],
        ["photo"],
        ["Qd"],
        ["counting", "Qh"],
    ]
    st.apply(s.actions[51])
    assert last_deal(st)["marks"] == [2, 4, 1, 1]


# R2: several revokes, a queen trick handed, a giver left with nothing. Winners
# 1 3 0 1 2 3 3 1 3 0 0 0 0; seat 2 takes only trick 5 (Qs). In trick 12 (led by
# seat 0) seats 1 and 3 play diamonds though they hold spades; in trick 13 (diamonds
# led by seat 0) they play those spades, seat 1 first. Photograph 8c (in trick 7,
# seat 3's), counting trick 8 (seat 1's).
R2_WINNERS = [1, 3, 0, 1, 2, 3, 3, 1, 3, 0, 0, 0, 0]
R2 = swap(swap(by_winners(R2_WINNERS), "8s", "6d"), "Ts", "8d")


def test_several_revokes_queens_stay_a_giver_with_no_tricks_left_hands_nothing() -> None:
    assert R2[11:] == ["Js 6d 9s 8d", "Jd 8s 7d Ts"]
    d = played(R2, photo="8c", revoke="penalized")
    assert d["tricks"] == R2_WINNERS
    assert d["revokes"] == [[1, "s", 12], [3, "s", 12]]
    # For seat 1 (givers 2, 3, 0): seat 2's only trick is 5, with Qs: he hands it; seat 3
    # (2, 7 photo, 9; 6 has Qc) hands 7; seat 0 (3, 10, 12, 13 last; 11 has Qh) hands 13.
    # For seat 3 (givers 0, 1, 2): seat 0 (3, 10, 12, all bare) hands 12, the latest;
    # seat 1 (4, 8 counting; 1 has Qd) hands 8; seat 2 has no trick of his own left.
    assert d["handed"] == [[2, 1, 5], [3, 1, 7], [0, 1, 13], [0, 3, 12], [1, 3, 8]]
    assert d["taken"] == [3, 5, 0, 5]
    # Qs stays with seat 2, who won it. Seats 1 and 3 tie on 5 tricks: seat 1 holds the
    # 13th, the latest, so the most is his.
    assert d["reasons"] == [["Qh"], ["Qd", "photo", "most", "last"], ["Qs"], ["Qc", "counting"]]
    assert d["marks"] == [1, 4, 1, 2]


# R3: one player revokes twice. GOLDEN, but seat 3 plays 5c on the diamond lead of
# trick 1 (holding Qd), then Qd on the club lead of trick 2 (holding 6c, Tc): that
# shows diamonds (the first revoke proved, by a discard) and is a second revoke,
# proved in trick 6 when he follows with 6c. Seat 0 takes trick 2 and Qd with it.
R3 = swap(GOLDEN_TRICKS, "Qd", "5c")


def test_one_player_revoking_twice_is_handed_two_tricks_by_each() -> None:
    assert R3[:2] == ["9d Kd 5c Td", "2c Qd Ac 3c"]
    s = script(R3)
    st = tetka([deal_of(s.hands)], revoke="penalized")
    run(st, s.upto(1, 1))
    assert s.actions[5] == "3:play Qd"
    assert events_of(st, "revoke") == []
    st.apply(s.actions[5])
    assert [e["data"] for e in events_of(st, "revoke")] == [{"suit": "d", "trick": 1}]
    run(st, s.actions[6:23])
    assert s.actions[23] == "3:play 6c"
    st.apply(s.actions[23])  # following clubs proves the club revoke
    assert [(e["seat"], e["data"]) for e in events_of(st, "revoke")] == [
        (3, {"suit": "d", "trick": 1}),
        (3, {"suit": "c", "trick": 2}),
    ]
    run(st, s.actions[24:])
    d = last_deal(st)
    assert d["tricks"] == GOLDEN_WINNERS
    assert d["revokes"] == [[3, "d", 1], [3, "c", 2]]
    # Round 1: seat 0 hands 13 (last; his 2, 5, 6 hold queens), seat 1 hands 9 (photo),
    # seat 2 hands 8 (the later of 1 and 8). Round 2: 12, 3, 1.
    assert d["handed"] == [[0, 3, 13], [1, 3, 9], [2, 3, 8], [0, 3, 12], [1, 3, 3], [2, 3, 1]]
    assert d["taken"] == [3, 0, 0, 10]
    assert d["reasons"] == [["Qd", "Qs", "Qc"], [], [], ["Qh", "photo", "counting", "most", "last"]]


# R4: revokes are paid for in the order proved, not made. Winners
# 2 0 1 3 0 1 3 2 1 2 2 0 0; trick 12 is led by seat 2: seat 3 revokes, then seat 1;
# trick 13 is led by seat 0: seat 1 proves his first, then seat 3. Photograph 3d
# (in trick 8, seat 2's), counting trick 3 (seat 1's).
R4_WINNERS = [2, 0, 1, 3, 0, 1, 3, 2, 1, 2, 2, 0, 0]
R4 = swap(swap(by_winners(R4_WINNERS), "9s", "8d"), "Ts", "6d")


def test_revokes_cost_tricks_in_the_order_they_are_proved() -> None:
    assert R4[11:] == ["8s 8d Js 6d", "Jd Ts 7d 9s"]
    d = played(R4, photo="3d", revoke="penalized")
    assert d["tricks"] == R4_WINNERS
    assert d["revokes"] == [[1, "s", 12], [3, "s", 12]]
    # Seat 1 first: seat 2 hands 8 (photo), seat 3 the later of his bare 4 and 7, seat 0
    # hands 13 (last). Then seat 3: seat 0 hands 12, seat 1 hands 3 (counting), seat 2
    # hands 10 (his only trick with no queen).
    assert d["handed"] == [[2, 1, 8], [3, 1, 7], [0, 1, 13], [0, 3, 12], [1, 3, 3], [2, 3, 10]]
    assert d["taken"] == [2, 5, 2, 4]
    assert d["reasons"] == [["Qs"], ["Qc", "photo", "most", "last"], ["Qd", "Qh"], ["counting"]]


@pytest.mark.parametrize(
    ("tricks", "proof"),
    [
        # Seat 2 plays 9h on the spade lead holding As, then leads As.
        (["2s 9h 3s 4s", "2h 3h Ah 4h", "As 5s 6s 7s"], 8),
        # ... or follows a spade lead with As.
        (["2s 9h 3s 4s", "5s 6s As 7s"], 6),
    ],
    ids=["leading", "following"],
)
def test_a_revoke_is_proved_by_leading_or_following_the_suit(tricks: list[str], proof: int) -> None:
    s = script(tricks, fill=True)
    st = tetka([deal_of(s.hands)], revoke="penalized")
    run(st, s.actions[:proof])
    assert events_of(st, "revoke") == [] and st.public_view().revokes == ()
    st.apply(s.actions[proof])
    assert s.actions[proof] == "2:play As"
    assert [(e["seat"], e["data"]) for e in events_of(st, "revoke")] == [
        (2, {"suit": "s", "trick": 1})
    ]
    assert st.view(0).to_json()["revokes"] == [[2, "s", 1]]


def test_failing_to_follow_with_none_of_the_suit_is_no_revoke() -> None:
    st = run(golden(revoke="penalized"), GOLDEN.actions)
    d = last_deal(st)
    assert d["revokes"] == [] and d["handed"] == []
    assert d["reasons"] == GOLDEN_REASONS


# ------------------------------------------------------------- the robber


def test_the_robber_ends_after_the_deal_in_which_someone_reaches_the_target() -> None:
    st = golden(marks=[0, 0, 0, 20])
    run(st, GOLDEN.upto(7))  # seat 3 takes the counting trick: 21 with this deal's marks
    assert st.public_view().running == (2, 0, 1, 21)
    assert st.to_act is not None and not st.result().finished
    run(st, GOLDEN.actions[28:])
    r = st.result()
    assert r.finished and st.to_act is None and st.legal_actions() == ()
    assert r.score == (4, 1, 1, 22)
    assert r.winner is None  # seats 1 and 2 tie on the fewest
    assert events_of(st, "match_end")[0]["data"] == {
        "marks": [4, 1, 1, 22],
        "returns": [12, 24, 24, -60],
        "winner": None,
    }
    with pytest.raises(IllegalAction, match="the match is over"):
        st.apply("1:play 9d")


@pytest.mark.parametrize(
    ("start", "ends"), [([16, 0, 0, 0], False), ([17, 0, 0, 0], True), ([0, 19, 0, 0], False)]
)
def test_reaching_the_target_exactly_ends_it_not_before(start: list[int], ends: bool) -> None:
    # The deal gives 4 1 1 2: seat 0 reaches 20 or 21; seat 1 reaches 20.
    st = run(golden(marks=start), GOLDEN.actions)
    assert st.result().finished is ends
    assert (st.to_act is None) is ends
    if not ends:
        assert st.public_view().deal_number == 1 and st.to_act == 2


def test_target_one_ends_after_the_first_deal_and_fifty_is_offered() -> None:
    st = run(golden(target=1), GOLDEN.actions)
    assert st.result().finished and st.result().winner is None  # seats 1 and 2 on 1
    st = golden(target=50, marks=[49, 0, 0, 0])
    assert st.public_view().marks == (49, 0, 0, 0)


def test_start_marks_count_toward_the_target_and_the_settlement() -> None:
    st = golden(marks=[3, 7, 0, 12])
    view = st.public_view()
    assert view.marks == (3, 7, 0, 12) and view.running == (3, 7, 0, 12)
    assert st.events(0)[0].to_json()["data"]["marks"] == [3, 7, 0, 12]
    assert st.result().score == (3, 7, 0, 12)
    # Sum 22: each receives 22 - 4 m.
    assert st.returns() == (10.0, -6.0, 22.0, -26.0)
    assert st.to_record()["start"] == {"marks": [3, 7, 0, 12]}
    run(st, GOLDEN.actions)
    assert st.result().score == (7, 8, 1, 14)
    assert last_deal(st)["total"] == [7, 8, 1, 14]


def pairwise(marks: tuple[int, ...] | list[int]) -> list[int]:
    """What each receives: from each player with more marks, the difference; to each
    with fewer, he pays it."""
    return [sum(m - mine for m in marks) for mine in marks]


@pytest.mark.parametrize(
    ("start", "winner"),
    [([0, 0, 5, 20], 1), ([0, 0, 0, 20], None), ([9, 3, 3, 20], None), ([2, 5, 1, 14], 2)],
)
def test_settlement_and_the_winner_with_the_fewest_marks(
    start: list[int], winner: int | None
) -> None:
    st = run(golden(marks=start, target=21 if start[3] == 20 else 16), GOLDEN.actions)
    r = st.result()
    assert r.finished
    marks = [a + b for a, b in zip(start, GOLDEN_MARKS, strict=True)]
    assert list(r.score) == marks
    total = sum(marks)
    assert [int(x) for x in st.returns()] == pairwise(marks) == [total - 4 * m for m in marks]
    assert sum(st.returns()) == 0
    assert r.winner == winner


def test_returns_are_the_settlement_so_far_at_every_moment() -> None:
    st = golden()
    assert st.returns() == (0.0, 0.0, 0.0, 0.0)
    run(st, GOLDEN.upto(7))  # running marks count only when the deal is marked
    assert st.returns() == (0.0, 0.0, 0.0, 0.0)
    run(st, GOLDEN.actions[28:])
    assert st.returns() == (-8.0, 4.0, 4.0, 0.0)
    assert not st.result().finished and st.result().winner is None


def test_every_deals_winner_is_none_its_points_the_eight_marks() -> None:
    st = run(golden(more=[deal_of(rotate(GOLDEN.hands), GOLDEN_PHOTO)]), GOLDEN.actions)
    run(st, shift_actions(GOLDEN.actions))
    for d in st.finished_deals():
        assert d.winner is None and d.points == 8
        assert d.gains == tuple(-float(m) for m in d.details["marks"])
