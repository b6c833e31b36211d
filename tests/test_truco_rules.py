"""Truco (docs/rules/truco.md, seed 003): one test per rule, hidden information, records, bad input.

Cards are fixed with explicit ``deals`` (hands in seat order, the ``vira`` for
Paulista) and scores with ``start``. Seats are numbered in order of play (which
in Truco goes to the right): seat ``dealer + 1`` is the mão and leads the first
trick; teams are seats of equal parity. Unless a test says otherwise seat 0
deals, so seat 1 leads, and the vira is ``Qd`` (the manilhas are the jacks).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import deals_json, fingerprint, legal, replay_cli
from scale import examples
from tricktaker.cards import CARD_NAMES
from tricktaker.core import IllegalAction, OptionError, RecordError, Start, get_game
from tricktaker.core.records import load_record, replay_text, state_from_record
from tricktaker.games.truco import TrucoState
from tricktaker.games.truco.cards import DECK
from tricktaker.games.truco.outcomes import GAME_POINTS

GAME = get_game("truco")
RECORDS = Path(__file__).parent / "records"

#: Ordinary ranks, high to low (docs/rules/truco.md), and the cycle that turns a vira into manilhas.
ORDINARY = "32AKJQ7654"
CYCLE = "4567QJKA23"
#: Manilha suits, strongest first: zap, copas, espadilha, pica-fumo.
MANILHA_SUITS = "chsd"
MINEIRO_MANILHAS = ("4c", "7h", "As", "7d")
LADDERS = {"paulista": [1, 3, 6, 9, 12], "mineiro": [2, 4, 6, 10, 12]}
DECK_NAMES = [CARD_NAMES[c] for c in DECK]

#: A card of Truco's deck standing alone in any JSON text ("3c", "0:play 3c", "1:3c").
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z#])([2-7JQKA][cdhs])(?![0-9A-Za-z])")


# ------------------------------------------------------------------- helpers


def truco(
    players: int = 2,
    *,
    variant: str = "paulista",
    match: int = 1,
    deals: Sequence[Mapping[str, Any]] | None = None,
    dealer: int = 0,
    score: tuple[int, int] | None = None,
    games: tuple[int, int] | None = None,
    seed: int = 0,
) -> TrucoState:
    rows: dict[str, tuple[int, ...]] = {}
    if score is not None:
        rows["score"] = score
    if games is not None:
        rows["games"] = games
    options = GAME.options({"variant": variant, "players": players, "match": match})
    state = GAME.new_match(
        options, seed=seed, deals=deals, dealer=dealer, start=Start(rows) if rows else None
    )
    assert isinstance(state, TrucoState)
    return state


def deal(*seat_hands: str, vira: str | None = "Qd") -> dict[str, Any]:
    """``deal("3c 2c Ac", "3h 2h Ah")``: one hand per seat, in seat order (dealt order)."""
    d: dict[str, Any] = {"hands": [h.split() for h in seat_hands]}
    if vira is not None:
        d["vira"] = [vira]
    return d


def run(state: TrucoState, *actions: str) -> TrucoState:
    for a in actions:
        state.apply(a)
    return state


def trick_results(state: TrucoState) -> list[object]:
    return [t["result"] for t in state.public_view().to_json()["tricks"]]


def last_deal(state: TrucoState) -> dict[str, Any]:
    done = deals_json(state)
    assert done, "no deal has finished"
    return done[-1]


def card_tokens(obj: object) -> set[str]:
    text = obj if isinstance(obj, str) else json.dumps(obj)
    return set(CARD_TOKEN.findall(text))


def events_json(state: TrucoState, observer: int | None) -> list[dict[str, Any]]:
    return [e.to_json() for e in state.events(0, observer)]


def duel(lead: str, follow: str, *, vira: str | None = "Qd", variant: str = "paulista") -> object:
    """Two players, first trick: seat 1 (mão) leads ``lead``, seat 0 answers ``follow``.
    Returns the trick's result: 1 (the leader's card), 0 (the follower's) or "tie"."""
    used = {lead, follow} | ({vira} if vira else set())
    spare = [c for c in DECK_NAMES if c not in used and c not in MINEIRO_MANILHAS]
    hands = (f"{follow} {spare[0]} {spare[1]}", f"{lead} {spare[2]} {spare[3]}")
    state = truco(variant=variant, deals=[deal(*hands, vira=vira)])
    run(state, f"1:play {lead}", f"0:play {follow}")
    return trick_results(state)[0]


def vira_avoiding(*ranks: str) -> str:
    """A vira (of diamonds) whose manilhas are of none of ``ranks``."""
    for i, r in enumerate(CYCLE):
        if CYCLE[(i + 1) % len(CYCLE)] not in ranks:
            return r + "d"
    raise AssertionError(ranks)


def mineiro_ordinary(rank: str, avoid: str = "") -> str:
    """A card of ``rank`` that is no Mineiro manilha, of a suit not in ``avoid``."""
    return next(
        rank + s for s in "hcsd" if rank + s not in MINEIRO_MANILHAS and rank + s not in avoid
    )


# --------------------------------------------------------------- deck and order


def test_the_deck_is_forty_cards_without_eights_nines_and_tens() -> None:
    assert len(DECK) == 40
    assert set(DECK_NAMES) == {r + s for r in ORDINARY for s in "cdhs"}


@pytest.mark.parametrize("bad", ["8s", "9h", "Tc", "10d"])
def test_eights_nines_and_tens_are_refused_in_records_and_actions(bad: str) -> None:
    name = "Td" if bad == "10d" else bad
    with pytest.raises(RecordError, match=f"{name} is not in Truco's 40-card deck"):
        truco(deals=[{"hands": [["3c", "2c", bad], ["3h", "2h", "Ah"]]}])
    with pytest.raises(RecordError, match="not in Truco's 40-card deck"):
        truco(deals=[{"vira": [bad]}])
    with pytest.raises(RecordError, match="not in Truco's 40-card deck"):
        truco(deals=[{"stock": [bad]}])
    state = truco(deals=[deal("3c 2c Ac", "3h 2h Ah")])
    before = fingerprint(state)
    for text in (f"1:play {bad}", f"1:play {bad} down"):
        with pytest.raises(IllegalAction, match="not in Truco's 40-card deck"):
            state.apply(text)
    assert fingerprint(state) == before


def test_ordinary_order_three_two_ace_king_jack_queen_seven_six_five_four() -> None:
    for i, high in enumerate(ORDINARY):
        for low in ORDINARY[i + 1 :]:
            vira = vira_avoiding(high, low)
            assert duel(high + "c", low + "h", vira=vira) == 1, (high, low, vira)
            assert duel(low + "h", high + "c", vira=vira) == 0, (high, low, vira)


def test_ordinary_cards_of_equal_rank_tie_whatever_their_suits() -> None:
    for rank in ORDINARY:
        vira = vira_avoiding(rank)
        for a in "cdhs":
            for b in "cdhs":
                if a != b and rank + "d" != vira and vira not in (rank + a, rank + b):
                    assert duel(rank + a, rank + b, vira=vira) == "tie", (rank, a, b)


@pytest.mark.parametrize("vira_rank", CYCLE)
def test_paulista_manilhas_are_the_rank_after_the_vira_ordered_by_suit(vira_rank: str) -> None:
    manilha = CYCLE[(CYCLE.index(vira_rank) + 1) % len(CYCLE)]
    vira = vira_rank + "d"
    top = "2" if manilha == "3" else "3"  # the best ordinary card left
    for suit in "cdhs":
        card = manilha + suit
        assert duel(card, top + "h", vira=vira) == 1, (vira, card)
        assert duel(top + "h", card, vira=vira) == 0, (vira, card)
    for i, high in enumerate(MANILHA_SUITS):
        for low in MANILHA_SUITS[i + 1 :]:
            assert duel(manilha + high, manilha + low, vira=vira) == 1, (vira, high, low)
            assert duel(manilha + low, manilha + high, vira=vira) == 0, (vira, high, low)
    # The vira's own rank keeps its ordinary place.
    other = vira_rank + "c"
    if vira_rank != "3":
        above = ORDINARY[ORDINARY.index(vira_rank) - 1]
        if above != manilha:
            assert duel(other, above + "h", vira=vira) == 0, (vira, other)
    state = truco(deals=[deal("3c 2c Ac", "3h 2h Ah", vira=vira)])
    shown = [CARD_NAMES[c] for c in state.view(0).manilhas]
    assert shown == [manilha + s for s in MANILHA_SUITS]
    assert state.view(0).to_json()["vira"] == vira


def test_a_three_turned_up_makes_the_fours_manilhas_the_cycle_wraps() -> None:
    assert duel("4d", "3c", vira="3s") == 1  # the pica-fumo beats every three
    assert duel("4c", "4h", vira="3s") == 1  # the zap beats the copas
    assert duel("4s", "2h", vira="3s") == 1
    # Seed 003's example: the vira 6d turns the sevens, the 7c is the zap.
    assert duel("7c", "3h", vira="6d") == 1 and duel("7d", "7h", vira="6d") == 0


def test_mineiro_fixed_manilhas_4c_7h_as_7d_the_rest_in_ordinary_places() -> None:
    for i, high in enumerate(MINEIRO_MANILHAS):
        assert duel(high, "3h", vira=None, variant="mineiro") == 1, high
        for low in MINEIRO_MANILHAS[i + 1 :]:
            assert duel(high, low, vira=None, variant="mineiro") == 1, (high, low)
            assert duel(low, high, vira=None, variant="mineiro") == 0, (high, low)
    ordinary_pairs = [("5c", "4h"), ("6h", "4d"), ("7c", "6h"), ("Qh", "7s"), ("2c", "Ah")]
    ordinary_pairs += [("Ac", "Kh"), ("3c", "Ad"), ("Qd", "7c")]
    for high, low in ordinary_pairs:
        assert duel(high, low, vira=None, variant="mineiro") == 1, (high, low)
    for a, b in [("4h", "4s"), ("7c", "7s"), ("Ac", "Ad"), ("Ah", "Ad")]:
        assert duel(a, b, vira=None, variant="mineiro") == "tie", (a, b)
    # And the full ordinary order, on cards that are no manilha.
    for i, high in enumerate(ORDINARY):
        for low in ORDINARY[i + 1 :]:
            h = mineiro_ordinary(high)
            lo = mineiro_ordinary(low, avoid=h)
            assert duel(h, lo, vira=None, variant="mineiro") == 1, (h, lo)
    state = truco(variant="mineiro", deals=[deal("3c 2c Ac", "3h 2h Ah", vira=None)])
    assert state.view(0).vira is None and state.view(0).to_json()["vira"] is None
    assert [CARD_NAMES[c] for c in state.view(0).manilhas] == list(MINEIRO_MANILHAS)


# -------------------------------------------------------- play order and the deal


@pytest.mark.parametrize("players", [2, 4, 6])
def test_mao_leads_play_passes_to_the_right_and_the_deal_moves_right(players: int) -> None:
    for dealer in range(players):
        state = truco(players, dealer=dealer, seed=dealer)
        mao = (dealer + 1) % players
        assert state.to_act == mao and state.view(0).dealer == dealer
        assert state.public_view().leader == mao
        seen = []
        for _ in range(players):
            seen.append(state.to_act)
            play = next(a for a in legal(state) if ":play " in a)
            state.apply(play)
        assert seen == [(mao + k) % players for k in range(players)]
        actor = state.to_act
        assert actor is not None
        state.apply(f"{actor}:fold")
        assert last_deal(state)["dealer"] == dealer
        assert state.view(0).dealer == (dealer + 1) % players
        assert state.to_act == (dealer + 2) % players


@pytest.mark.parametrize(("players", "sides"), [(2, (0, 1)), (4, (0, 1, 0, 1)), (6, (0, 1) * 3)])
def test_two_four_or_six_players_in_two_teams_of_alternate_seats(
    players: int, sides: tuple[int, ...]
) -> None:
    state = truco(players)
    assert state.sides == sides
    assert all(len(h) == 3 for h in state.to_record()["deals"][0]["hands"])
    assert len(state.to_record()["deals"][0]["hands"]) == players


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = truco(4, deals=[deal("4c 5c 6c", "Kh 5h 6h", "3s 5s 6s", "4d 5d 6d")])
    run(state, "1:play Kh", "2:play 3s", "3:play 5d", "0:play 4c")
    assert trick_results(state) == [0]
    assert state.to_act == 2 and state.public_view().leader == 2


# ------------------------------------------------------------------- face down


def face_down_state() -> TrucoState:
    """Seat 0 takes trick 1 (5h over 4c) and leads trick 2; he holds the zap Jc."""
    state = truco(deals=[deal("5h Jc 6h", "4c 4h 3c")])
    assert "1:play 4c down" not in legal(state)
    with pytest.raises(IllegalAction, match="face down from the second trick on"):
        state.apply("1:play 4c down")
    return run(state, "1:play 4c", "0:play 5h")


def test_no_face_down_card_in_the_first_trick_then_any_card_may_go_down() -> None:
    state = face_down_state()
    assert state.to_act == 0
    assert {"0:play Jc down", "0:play 6h down", "0:play Jc"} <= set(legal(state))


def test_a_face_down_card_ranks_below_every_card() -> None:
    state = run(face_down_state(), "0:play Jc down", "1:play 4h")
    assert trick_results(state) == [0, 1]  # the lowest four beats the zap face down
    run(state, "1:play 3c", "0:play 6h")
    d = last_deal(state)
    assert (d["tricks"], d["winner"], d["points"]) == ([0, 1, 1], 1, 1)


def test_two_face_down_cards_tie() -> None:
    state = run(face_down_state(), "0:play Jc down", "1:play 4h down")
    d = last_deal(state)
    # The tie in the second trick goes to the winner of the first.
    assert (d["tricks"], d["winner"], d["points"]) == ([0, "tie"], 0, 1)


# ---------------------------------------------------------------------- empate

# Vira 5d: the manilhas are the sixes, none of the cards below.


@pytest.mark.parametrize(
    ("hands", "plays", "tricks", "winner"),
    [
        # First trick tied: the second decides.
        (
            ("3c Kc Qc", "3h 4h 7h"),
            ["1:play 3h", "0:play 3c", "1:play 4h", "0:play Kc"],
            ["tie", 0],
            0,
        ),
        (
            ("3c 4c Qc", "3h Kh 7h"),
            ["1:play 3h", "0:play 3c", "1:play Kh", "0:play 4c"],
            ["tie", 1],
            1,
        ),
        # Two ties: the third decides.
        (
            ("3c 2c Qc", "3h 2h Kh"),
            ["1:play 3h", "0:play 3c", "1:play 2h", "0:play 2c", "1:play Kh", "0:play Qc"],
            ["tie", "tie", 1],
            1,
        ),
        # Three ties: nobody scores.
        (
            ("3c 2c Kc", "3h 2h Kh"),
            ["1:play 3h", "0:play 3c", "1:play 2h", "0:play 2c", "1:play Kh", "0:play Kc"],
            ["tie", "tie", "tie"],
            None,
        ),
        # A won first trick, then a tie: the first trick's winner.
        (
            ("3c 2c Kc", "Ah 2h Kh"),
            ["1:play Ah", "0:play 3c", "0:play 2c", "1:play 2h"],
            [0, "tie"],
            0,
        ),
        (
            ("Qc 2c Kc", "3h 2h Kh"),
            ["1:play 3h", "0:play Qc", "1:play 2h", "0:play 2c"],
            [1, "tie"],
            1,
        ),
        # Won, lost, tied: the first trick's winner.
        (
            ("3c 4c Kc", "Ah 2h Kh"),
            ["1:play Ah", "0:play 3c", "0:play 4c", "1:play 2h", "1:play Kh", "0:play Kc"],
            [0, 1, "tie"],
            0,
        ),
        (
            ("Qc 2c Kc", "3h 4h Kh"),
            ["1:play 3h", "0:play Qc", "1:play 4h", "0:play 2c", "0:play Kc", "1:play Kh"],
            [1, 0, "tie"],
            1,
        ),
    ],
)
def test_empate(
    hands: tuple[str, str], plays: list[str], tricks: list[object], winner: int | None
) -> None:
    state = run(truco(deals=[deal(*hands, vira="5d")]), *plays)
    d = last_deal(state)
    assert d["tricks"] == tricks and d["winner"] == winner
    if winner is None:
        assert (d["points"], d["end"]) == (0, "drawn")
        assert state.result().score == (0, 0)
    else:
        assert (d["points"], d["end"]) == (1, "tricks")
        assert state.result().score == ((1, 0) if winner == 0 else (0, 1))
    assert state.view(0).dealer == 1  # the next deal has begun


def test_after_a_tie_the_leader_of_the_tied_trick_leads_again() -> None:
    state = truco(deals=[deal("3c 2c Kc", "3h 2h Kh", vira="5d")])
    run(state, "1:play 3h", "0:play 3c")
    assert state.to_act == 1
    run(state, "1:play 2h", "0:play 2c")
    assert state.to_act == 1
    # Four players: the seat who led the tied trick, not one who played a top card.
    state = truco(4, deals=[deal("Kd 5d 6d", "4h 5h 6h", "3c 5c 6c", "3h Qh 7s", vira="Ad")])
    run(state, "1:play 4h", "2:play 3c", "3:play 3h", "0:play Kd")
    assert trick_results(state) == ["tie"] and state.to_act == 1


@pytest.mark.parametrize(
    ("plays", "side", "leader"),
    [
        (["1:play 3h", "2:play Kc", "3:play 3s", "0:play 4d"], 1, 1),
        (["1:play 4h", "2:play 3c", "3:play Kh", "0:play 3d"], 0, 2),
        (["1:play 4h", "2:play 5c", "3:play Kh", "0:play 4d"], 1, 3),  # no tie at all
    ],
)
def test_partners_tying_at_the_top_take_the_trick_the_first_of_them_leads(
    plays: list[str], side: int, leader: int
) -> None:
    state = truco(4, deals=[deal("4d 3d Kd", "3h 4h 5h", "Kc 3c 5c", "3s Kh 5s", vira="5d")])
    run(state, *plays)
    assert trick_results(state) == [side]
    assert state.to_act == leader


# ----------------------------------------------------------------------- raises


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_raise_ladder_each_raise_back_accepts_the_last(variant: str) -> None:
    ladder = LADDERS[variant]
    vira = "Qd" if variant == "paulista" else None
    state = truco(variant=variant, deals=[deal("3c 2c Kc", "3h 2h Kh", vira=vira)])
    assert state.view(0).value == ladder[0] and "1:raise" in legal(state)
    raiser = 1
    for level in range(1, 5):
        state.apply(f"{raiser}:raise")
        answerer = 1 - raiser
        view = state.view(answerer)
        assert (view.value, view.pending, view.raiser) == (ladder[level - 1], ladder[level], raiser)
        assert state.to_act == answerer
        expected = [f"{answerer}:accept", f"{answerer}:refuse"]
        assert legal(state) == (expected if level == 4 else [*expected, f"{answerer}:raise"])
        raiser = answerer
    state.apply("1:accept")
    assert state.view(0).value == ladder[4] and state.view(0).pending is None
    assert state.to_act == 1  # the mão, whose turn it was, now plays
    assert not any(a.endswith(":raise") for a in legal(state))
    run(state, "1:play 3h", "0:play 3c", "1:play 2h", "0:play Kc")
    d = last_deal(state)
    assert (d["winner"], d["points"], d["value"]) == (1, ladder[4], ladder[4])


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
@pytest.mark.parametrize("raises", [1, 2, 3, 4])
def test_a_refusal_scores_the_raisers_the_value_before_the_raise(variant: str, raises: int) -> None:
    ladder = LADDERS[variant]
    vira = "Qd" if variant == "paulista" else None
    state = truco(variant=variant, deals=[deal("3c 2c Kc", "3h 2h Kh", vira=vira)])
    raiser = 1
    for _ in range(raises):
        state.apply(f"{raiser}:raise")
        raiser = 1 - raiser
    last_raiser = 1 - raiser
    state.apply(f"{raiser}:refuse")
    d = last_deal(state)
    assert (d["winner"], d["points"], d["end"]) == (last_raiser, ladder[raises - 1], "refused")
    assert d["tricks"] == [] and d["played"] == []


def test_an_accepted_raise_sets_the_value_the_hand_is_won_for() -> None:
    state = truco(deals=[deal("3c 2c Kc", "4h 5h 6h")])
    run(state, "1:raise", "0:accept")
    assert state.view(1).value == 3 and state.to_act == 1
    run(state, "1:play 4h", "0:play 3c", "0:play 2c", "1:play 5h")
    d = last_deal(state)
    assert (d["winner"], d["points"], d["end"], d["value"]) == (0, 3, "tricks", 3)
    assert state.result().score == (3, 0)


def test_only_the_team_that_last_received_a_raise_may_raise_next() -> None:
    state = truco(deals=[deal("3c 2c Ac", "4h 5h 6h")])
    run(state, "1:raise", "0:accept", "1:play 4h")
    assert "0:raise" in legal(state)  # seat 0's team received the raise
    run(state, "0:play Ac")  # takes trick 1 without raising
    run(state, "0:play 2c")
    assert state.to_act == 1 and "1:raise" not in legal(state)
    with pytest.raises(IllegalAction, match="only the team that received the last raise"):
        state.apply("1:raise")
    # Now seat 0's team raises: seat 1's may answer, and then raise on its own turn.
    state = truco(deals=[deal("3c 2c Ac", "4h 5h 6h")])
    run(state, "1:raise", "0:accept", "1:play 4h", "0:play Ac", "0:raise")
    assert state.to_act == 1 and "1:raise" in legal(state)
    run(state, "1:accept")
    assert state.to_act == 0 and "0:raise" not in legal(state)
    run(state, "0:play 2c")
    assert "1:raise" in legal(state) and state.view(1).value == 6


def test_a_player_raises_at_most_once_a_turn() -> None:
    state = truco(deals=[deal("3c 2c Ac", "4h 5h 6h")])
    run(state, "1:raise", "0:raise", "1:accept")
    view = state.view(1)
    assert (view.value, view.lock, view.raised_turn) == (6, 1, True)
    assert state.to_act == 1 and "1:raise" not in legal(state)


@pytest.mark.parametrize("players", [4, 6])
def test_the_next_opponent_in_turn_answers_for_his_team(players: int) -> None:
    state = truco(players, seed=5)
    state.apply("1:raise")
    assert state.to_act == 2
    for seat in range(players):
        if seat != 2:
            with pytest.raises(IllegalAction, match="it is seat 2's turn"):
                state.apply(f"{seat}:accept")
    run(state, "2:raise")
    assert state.to_act == 3 and state.view(0).pending == 6
    run(state, "3:accept")
    assert state.to_act == 1 and state.view(0).value == 6
    # A raise in the middle of a trick: the next seat in turn answers.
    state = truco(players, seed=5)
    for seat in range(1, players - 1):
        state.apply(next(a for a in legal(state) if a.startswith(f"{seat}:play")))
    state.apply(f"{players - 1}:raise")
    assert state.to_act == 0
    run(state, "0:refuse")
    assert last_deal(state)["winner"] == (players - 1) % 2 == 1


def test_fold_on_ones_turn_gives_the_other_team_the_current_value() -> None:
    state = truco(deals=[deal("3c 2c Kc", "4h 5h 6h")])
    run(state, "1:raise")
    assert "0:fold" not in legal(state)  # while answering: refuse
    with pytest.raises(IllegalAction):
        state.apply("0:fold")
    run(state, "0:accept")
    with pytest.raises(IllegalAction, match="it is seat 1's turn"):
        state.apply("0:fold")
    run(state, "1:fold")
    d = last_deal(state)
    assert (d["winner"], d["points"], d["end"]) == (0, 3, "folded")
    state = truco(4, seed=2)
    run(state, "1:fold")
    assert (last_deal(state)["winner"], last_deal(state)["points"]) == (0, 1)
    assert state.result().score == (1, 0)


# ------------------------------------------------------------- hand of eleven


def test_hand_of_eleven_two_players_the_dealer_on_eleven_decides_himself() -> None:
    for dealer, score, decider in [(0, (11, 5), 0), (1, (5, 11), 1), (0, (5, 11), 1)]:
        state = truco(deals=[deal("3c 2c Kc", "4h 5h 6h")], dealer=dealer, score=score)
        view = state.public_view()
        assert (view.eleven, view.phase, view.value) == (decider % 2, "decide", 3)
        assert legal(state) == [f"{decider}:play", f"{decider}:run"]
        assert state.view(0).partners == () and state.view(1).partners == ()


def test_running_from_the_hand_of_eleven_gives_the_others_one() -> None:
    state = run(truco(score=(11, 5)), "0:run")
    d = last_deal(state)
    assert (d["winner"], d["points"], d["end"], d["eleven"]) == (1, 1, "ran", 0)
    assert state.result().score == (11, 6)
    mineiro = run(truco(variant="mineiro", score=(3, 10)), "1:run")
    assert last_deal(mineiro)["points"] == 2 and mineiro.result().score == (5, 10)


@pytest.mark.parametrize(("variant", "value"), [("paulista", 3), ("mineiro", 4)])
def test_playing_the_hand_of_eleven_is_worth_three_without_raises(variant: str, value: int) -> None:
    at = 11 if variant == "paulista" else 10
    vira = "Qd" if variant == "paulista" else None
    for winner, hands in [(0, ("3c 2c Kc", "4h 5h 6h")), (1, ("4c 5c 6c", "3h 2h Kh"))]:
        state = truco(variant=variant, deals=[deal(*hands, vira=vira)], score=(at, 5))
        run(state, "0:play")
        assert state.to_act == 1 and state.view(1).value == value
        assert "1:raise" not in legal(state)
        with pytest.raises(IllegalAction, match="no raise is allowed in this hand"):
            state.apply("1:raise")
        state.apply(next(a for a in legal(state) if ":play " in a))
        assert "0:raise" not in legal(state)
        while state.result().score == (at, 5):
            state.apply(legal(state)[0])
        d = last_deal(state)
        assert (d["winner"], d["points"], d["eleven"]) == (winner, value, 0)


def test_one_below_the_mark_is_no_hand_of_eleven() -> None:
    assert truco(score=(10, 10)).public_view().eleven is None
    assert truco(variant="mineiro", score=(9, 3)).public_view().eleven is None
    state = truco(variant="mineiro", score=(11, 3))  # Mineiro: from ten up
    assert state.public_view().eleven == 0 and state.view(0).value == 4


@pytest.mark.parametrize("players", [4, 6])
def test_hand_of_eleven_partners_see_each_others_hands_and_the_first_in_turn_decides(
    players: int,
) -> None:
    for side in (0, 1):
        state = truco(players, score=(11, 5) if side == 0 else (5, 11), seed=side)
        hands = state.to_record()["deals"][0]["hands"]
        decider = 1 if side == 1 else 2  # the mão (seat 1), or the next seat of team 0
        assert legal(state) == [f"{decider}:play", f"{decider}:run"]
        for seat in range(players):
            mine = {c for s, h in state.view(seat).to_json()["partners"] for c in h}
            data = events_json(state, seat)[0]["data"]
            if seat % 2 == side:
                partners = [s for s in range(players) if s % 2 == side and s != seat]
                shown = state.view(seat).to_json()["partners"]
                assert [s for s, _ in shown] == partners
                assert all(set(h) == set(hands[s]) for s, h in shown)
                assert [s for s, _ in data["partners"]] == partners
                assert all(set(h) == set(hands[s]) for s, h in data["partners"])
            else:
                assert mine == set() and "partners" not in data
                others = {c for s in range(players) if s != seat for c in hands[s]}
                assert not card_tokens(events_json(state, seat)) & others
                assert not card_tokens(state.view(seat).to_json()) & others
        assert state.public_view().partners == ()
        assert "partners" not in events_json(state, None)[0]["data"]
        state.apply(f"{decider}:play")
        holder = next(s for s in range(players) if s % 2 == side and s != decider)
        assert state.view(holder).partners  # still shown while the hand is played
    assert truco(players, score=(10, 5)).view(0).partners == ()


# ------------------------------------------------------------------ iron hand


def test_iron_hand_nobody_sees_any_card_in_hand() -> None:
    state = truco(deals=[deal("Kc 3c 4c", "Kh 3h 4h", vira="5d")], score=(11, 11))
    for seat in (0, 1):
        view = state.view(seat)
        assert view.iron and view.hand == (None, None, None)
        assert view.to_json()["hand"] == [None, None, None]
        assert events_json(state, seat)[0]["data"]["hand"] == [None, None, None]
        assert card_tokens(view.to_json()) == {"5d"}  # the vira only
        assert card_tokens(events_json(state, seat)) == {"5d"}
    assert legal(state) == ["1:play #1", "1:play #2", "1:play #3", "1:fold"]
    state.apply("1:play #2")  # the second card as dealt: 3h, now shown to all
    assert all(e["data"].get("card") == "3h" for e in (events_json(state, s)[-1] for s in (0, 1)))
    assert state.view(1).hand == (None, None)
    run(state, "0:play #3")  # 4c
    assert trick_results(state) == [1]
    assert legal(state) == ["1:play #1", "1:play #2", "1:fold"]  # no face down, no raise
    for observer in (None, 0, 1):
        assert card_tokens(events_json(state, observer)) == {"5d", "3h", "4c"}
        shown = state.public_view() if observer is None else state.view(observer)
        assert card_tokens(shown.to_json()) == {"5d", "3h", "4c"}


def test_iron_hand_blind_places_count_among_the_cards_still_held() -> None:
    state = truco(deals=[deal("Kc 3c 4c", "Kh 3h 4h", vira="5d")], score=(11, 11))
    run(state, "1:play #2", "0:play #3")  # 3h beats 4c
    run(state, "1:play #2", "0:play #1")  # 4h (places: Kh, 4h) against Kc
    played = [p for t in state.public_view().to_json()["tricks"] for p in t["played"]]
    assert played == [[1, "3h"], [0, "4c"], [1, "4h"], [0, "Kc"]]
    assert trick_results(state) == [1, 0]
    assert state.to_act == 0 and legal(state) == ["0:play #1", "0:fold"]
    for bad in ("0:play #2", "0:play #3", "0:play #0", "0:play #9", "0:play 3c"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    run(state, "0:play #1", "1:play #1")  # 3c against Kh
    d = last_deal(state)
    # The winner of the iron hand wins the game: from 11 to 12.
    assert (d["tricks"], d["winner"], d["points"], d["iron"]) == ([1, 0, 0], 0, 1, True)
    assert d["played"] == [["1:3h", "0:4c"], ["1:4h", "0:Kc"], ["0:3c", "1:Kh"]]
    assert state.result().finished and state.result().winner == 0
    assert state.returns() == (1.0, -1.0)


@pytest.mark.parametrize(
    ("variant", "score"), [("paulista", (11, 11)), ("mineiro", (10, 10)), ("mineiro", (11, 10))]
)
def test_iron_hand_no_raise_no_face_down_and_a_fold_concedes_the_game(
    variant: str, score: tuple[int, int]
) -> None:
    state = truco(4, variant=variant, score=score, seed=8)
    view = state.public_view()
    assert view.iron and view.eleven is None and view.phase == "play"
    assert legal(state) == ["1:play #1", "1:play #2", "1:play #3", "1:fold"]
    for seat in range(4):
        assert state.view(seat).hand == (None, None, None) and state.view(seat).partners == ()
    for _ in range(4):
        state.apply(legal(state)[0])
    actor = state.to_act
    assert actor is not None
    assert not any("down" in a or "raise" in a for a in legal(state))
    with pytest.raises(IllegalAction, match="no raise is allowed"):
        state.apply(f"{actor}:raise")
    state.apply(f"{actor}:fold")
    d = last_deal(state)
    winner = 1 - actor % 2
    assert (d["winner"], d["points"], d["end"]) == (winner, 12 - score[winner], "folded")
    assert state.result().finished and state.result().winner == winner


def test_iron_hand_drawn_nobody_scores_and_the_next_hand_is_iron_again() -> None:
    state = truco(deals=[deal("3c 2c Kc", "3h 2h Kh", vira="5d")], score=(11, 11))
    for _ in range(6):
        state.apply(legal(state)[0])  # #1 each: 3 against 3, 2 against 2, K against K
    d = last_deal(state)
    assert (d["tricks"], d["winner"], d["points"]) == (["tie"] * 3, None, 0)
    assert state.result().score == (11, 11) and state.public_view().iron


def test_in_the_iron_hand_a_named_card_gets_the_same_answer_held_or_not() -> None:
    """The refusal of 'play 3c' must not tell a player whether he holds the 3c."""
    state = truco(deals=[deal("Kc 3c 4c", "Kh 3h 4h", vira="5d")], score=(11, 11))
    messages = set()
    for text in ("1:play 3h", "1:play 3c", "1:play Kh down", "1:play 2s down"):
        with pytest.raises(IllegalAction) as err:
            state.apply(text)
        messages.add(str(err.value).replace(text, "X"))
    assert len(messages) == 1, messages


# ----------------------------------------------------------------- game, match


@pytest.mark.parametrize("players", [2, 4])
def test_first_team_to_twelve_wins_the_game_and_the_match(players: int) -> None:
    state = truco(players, score=(9, 4), seed=3)
    run(state, "1:raise", "2:accept" if players == 4 else "0:accept", "1:fold")
    assert state.result().score == (12, 4) and state.result().games == (1, 0)
    assert state.result().finished and state.result().winner == 0
    assert state.to_act is None and legal(state) == []
    assert state.returns() == ((1.0, -1.0) if players == 2 else (1.0, -1.0, 1.0, -1.0))
    with pytest.raises(IllegalAction, match="the match is over"):
        state.apply("0:fold")


def test_best_of_three_scores_reset_and_returns_only_at_the_end() -> None:
    state = truco(match=3, score=(9, 4), seed=3)
    run(state, "1:raise", "0:accept", "1:fold")
    result = state.result()
    assert (result.score, result.games, result.finished) == ((0, 0), (1, 0), False)
    assert state.returns() == (0.0, 0.0)
    assert state.view(0).dealer == 1 and state.to_act == 0  # the deal moved on
    assert state.view(0).games_to_win == 2
    state = truco(match=3, score=(5, 9), games=(1, 1), seed=3)
    run(state, "1:raise", "0:refuse")
    assert state.result().games == (1, 1) and state.result().score == (5, 10)
    run(state, "0:raise", "1:accept", "0:fold")
    result = state.result()
    assert (result.games, result.finished, result.winner) == ((1, 2), True, 1)
    assert state.returns() == (-1.0, 1.0)


@pytest.mark.parametrize(
    ("match", "start", "says"),
    [
        (1, {"score": (12, 0)}, "from 0 to 11"),
        (1, {"score": (3,)}, "must hold 2 numbers"),
        (1, {"games": (1, 0)}, "from 0 to 0"),
        (3, {"games": (2, 0)}, "from 0 to 1"),
        (1, {"marks": (1, 2)}, "unknown field(s) marks"),
    ],
)
def test_a_start_the_rules_do_not_allow_is_refused(
    match: int, start: dict[str, tuple[int, ...]], says: str
) -> None:
    with pytest.raises(RecordError, match=re.escape(says)):
        GAME.new_match(GAME.options({"match": match}), start=Start(start))


# ---------------------------------------------------------- hidden information


def four_face_down() -> tuple[TrucoState, list[str]]:
    """Four players; seat 2 takes trick 1 and plays the zap (Jc) face down in trick 2."""
    hands = ("4d 5d 6d", "4h 5h 6h", "3c Jc 7c", "4s 5s 6s")
    plays = ["1:play 4h", "2:play 3c", "3:play 4s", "0:play 6d", "2:play Jc down", "3:play 5s"]
    record = {
        "game": "truco",
        "options": {"players": 4},
        "dealer": 0,
        "deals": [{"hands": [h.split() for h in hands], "vira": ["Qd"]}],
        "actions": plays,
    }
    state = state_from_record(load_record(json.dumps(record)))
    assert isinstance(state, TrucoState)
    return state, plays


def test_a_face_down_card_is_hidden_from_every_other_observer() -> None:
    state, _ = four_face_down()
    for observer in (None, 0, 1, 3):  # the partner (seat 0) too
        shown = events_json(state, observer)
        said = [e for e in shown if e["seat"] == 2 and e["kind"] == "action"]
        assert said[-1]["action"] == "2:play down" and said[-1]["data"] == {"down": True}
        view = state.public_view() if observer is None else state.view(observer)
        assert view.to_json()["table"] == [[2, None], [3, "5s"]]
        assert view.to_json()["down_on_table"] == [2]
        assert "Jc" not in card_tokens(shown) | card_tokens(view.to_json())
    mine = events_json(state, 2)
    assert mine[-2]["action"] == "2:play Jc down" and mine[-2]["data"]["card"] == "Jc"
    assert state.view(2).to_json()["table"] == [[2, "Jc"], [3, "5s"]]
    public = state.public_record()
    assert "2:play down" in public["actions"] and "Jc" not in card_tokens(public)
    assert "2:play Jc down" in state.to_record()["actions"]


def test_a_face_down_card_stays_hidden_in_tricks_and_deal_summaries_even_to_its_player() -> None:
    state, _ = four_face_down()
    run(state, "0:play 4d", "1:play 5h")  # seat 3's five takes trick 2: one each
    trick = [e for e in events_json(state, 1) if e["kind"] == "trick"][-1]["data"]
    assert trick["played"][0] == [2, None] and trick["down"] == [2] and trick["result"] == 1
    mine = [e for e in events_json(state, 2) if e["kind"] == "trick"][-1]["data"]
    assert mine["played"][0] == [2, "Jc"]
    state.apply("3:fold")  # team 1 gives up trick 3: the deal ends
    for observer in (None, 0, 1, 2, 3):
        end = next(e for e in events_json(state, observer) if e["kind"] == "deal_end")["data"]
        assert "2:down" in end["played"][1] and "Jc" not in card_tokens(end)
    summary = last_deal(state)
    assert summary["played"][1] == ["2:down", "3:5s", "0:4d", "1:5h"]
    assert "Jc" not in card_tokens(summary)
    public = state.public_record()
    assert "Jc" not in card_tokens(public["deals"]) and "Jc" not in card_tokens(public["actions"])


def test_replay_for_a_seat_shows_no_face_down_card_of_another(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state, _ = four_face_down()
    record = state.to_record()
    for seat in (0, 1, 3):
        code, out = replay_cli(json.dumps(record), capsys, "--seat", str(seat))
        assert code == 0 and out["seat"] == seat
        assert "Jc" not in card_tokens(out)
        assert any(e["action"] == "2:play down" for e in out["events"])
    code, out = replay_cli(json.dumps(record), capsys, "--seat", "2")
    assert code == 0 and "Jc" in card_tokens(out["events"])


def test_no_unplayed_card_shows_once_a_deal_is_over() -> None:
    state = run(truco(4, deals=[deal("4d 5d 6d", "4h 5h 6h", "3c Jc 7c", "4s 5s 6s")]), "1:fold")
    shown = card_tokens(last_deal(state)) | card_tokens(state.public_record())
    assert shown <= {"Qd"}


# -------------------------------------------------------- seed 003, four players


SEED_003 = RECORDS / "truco_seed003_four_players.json"


def test_seed_003_four_player_example_step_by_step() -> None:
    record = json.loads(SEED_003.read_text(encoding="utf-8"))
    actions = record["actions"]
    state = state_from_record(load_record(json.dumps({**record, "actions": actions[:4]})))
    assert isinstance(state, TrucoState)
    # Trick 1: player 3's three beats player 4's two; players 2 and 3 (seats 1, 3) take it.
    assert trick_results(state) == [1] and state.to_act == 1
    state = state_from_record(load_record(json.dumps({**record, "actions": actions[:8]})))
    assert isinstance(state, TrucoState)
    # Trick 2: player 1's zap; one trick each, player 1 (seat 2) to lead.
    assert trick_results(state) == [1, 0] and state.to_act == 2
    assert [CARD_NAMES[c] for c in state.view(2).manilhas] == ["7c", "7h", "7s", "7d"]
    state.apply("2:raise")
    assert legal(state) == ["3:accept", "3:refuse", "3:raise"]  # player 2 answers


def test_seed_003_four_player_example_replays(capsys: pytest.CaptureFixture[str]) -> None:
    from tricktaker.cli import main

    assert main(["replay", str(SEED_003)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["applied"] == 10
    assert out["sides"] == [0, 1, 0, 1] and out["score"] == [1, 0]
    d = out["deals"][0]
    assert d["tricks"] == [1, 0]
    assert (d["winner"], d["points"], d["end"], d["vira"]) == (0, 1, "refused", "6d")
    assert d["played"] == [["1:3h", "2:4d", "3:Kd", "0:2s"], ["1:Ah", "2:7c", "3:5c", "0:4h"]]
    assert "3s" not in card_tokens(out["deals"])  # player 1's unplayed three
    assert out["view"]["dealer"] == 1 and out["to_act"] == 2  # the deal moved right


# ------------------------------------------------------------------ bad input

BASE: dict[str, Any] = {
    "game": "truco",
    "options": {"players": 2},
    "dealer": 0,
    "deals": [{"hands": [["3c", "2c", "Kc"], ["4h", "5h", "6h"]], "vira": ["Qd"]}],
    "actions": ["1:raise", "0:accept"],
}


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"deals": [{"hands": [["3c", "2c", "3c"], ["4h", "5h", "6h"]]}]}, "3c is dealt twice"),
        (
            {"deals": [{"hands": [["3c", "2c", "Kc"], ["4h", "5h", "6h"]], "vira": ["Kc"]}]},
            "Kc is dealt twice",
        ),
        ({"deals": [{"hands": [["3c", "2c", "8s"], ["4h", "5h", "6h"]]}]}, "8s is not in Truco's"),
        (
            {"deals": [{"hands": [["3c", "2c"], ["4h", "5h", "6h"]]}]},
            "seat 0 must get 3 cards, not 2",
        ),
        ({"deals": [{"hands": [["3c", "2c", "Kc"]]}]}, "must hold 2 hands"),
        ({"deals": [{"vira": ["3c", "2c"]}]}, "vira must hold 1 card(s), not 2"),
        ({"options": {"variant": "mineiro"}}, "unknown field(s) vira"),
        ({"start": {"score": [12, 0]}}, "from 0 to 11"),
        ({"start": {"games": [1, 0]}}, "from 0 to 0"),
        ({"start": {"marks": [1, 0]}}, "unknown field(s) marks"),
        ({"start": [11, 5]}, '"start" must be an object'),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"options": {"players": 5}}, "players=5 is not offered"),
        ({"options": {"variant": "uruguayo"}}, "variant='uruguayo' is not offered"),
        ({"options": {"match": 2}}, "match=2 is not offered"),
        ({"dealer": 2}, "dealer must be a seat from 0 to 1"),
    ],
)
def test_malformed_truco_records_exit_two_with_a_message(
    changes: dict[str, Any], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tricktaker.cli import main

    record = {**BASE, **changes}
    outcome = replay_text(json.dumps(record))
    assert outcome.exit_code == 2, outcome.output
    assert set(outcome.output) == {"ok", "error"} and outcome.output["ok"] is False
    assert says in outcome.output["error"]["message"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert says in json.loads(capsys.readouterr().out)["error"]["message"]


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("1:play 3c", "seat 1 does not hold 3c"),
        ("0:play 3c", "it is seat 1's turn, not seat 0's"),
        ("1:raise", "only the team that received the last raise"),
        ("1:play 4h down", "face down from the second trick on"),
        ("1:play #1", "is not allowed now"),
        ("1:run", "is not allowed now"),
        ("1:play 8h", "not in Truco's 40-card deck"),
        ("1:play 7c sideways", "write 'play 7h', 'play 7h down' or 'play #2'"),
        ("7:fold", "there is no seat 7"),
        ("1:jump", "unknown verb 'jump'"),
    ],
)
def test_an_illegal_action_in_a_record_exits_three_with_its_index(bad: str, says: str) -> None:
    record = {**BASE, "actions": [*BASE["actions"], bad, "1:play 4h"]}
    outcome = replay_text(json.dumps(record))
    assert outcome.exit_code == 3
    out = outcome.output
    assert out["ok"] is False and out["applied"] == 2
    assert out["error"]["index"] == 2 and out["error"]["action"] == bad
    assert says in out["error"]["message"]
    before = state_from_record(load_record(json.dumps(BASE)))
    assert out["legal"] == [str(a) for a in before.legal_actions()]
    assert out["view"] == json.loads(json.dumps(before.public_view().to_json()))
    with pytest.raises(IllegalAction, match="action 2"):
        state_from_record(load_record(json.dumps(record)))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("0:play 7c sideways", "write 'play 7h', 'play 7h down' or 'play #2'"),
        ("0:play #9", "#1 to #3"),
        ("0:play #0", "#1 to #3"),
        ("0:raise now", "'raise' takes no argument"),
        ("0:accept 3", "'accept' takes no argument"),
        ("0:run away", "'run' takes no argument"),
        ("7:fold", "there is no seat 7 in Truco"),
        ("0:play 7x", "7x"),
        ("0:play 9c", "not in Truco's 40-card deck"),
        ("0:play 7c down down", "write 'play 7h'"),
        ("0:play 7c from 1", "drop 'from'"),
        ("0:double", "unknown verb 'double'"),
        ("garbage", "cannot read 'garbage'"),
        ("", "cannot read ''"),
    ],
)
def test_garbage_action_texts_are_refused_clearly_and_change_nothing(text: str, says: str) -> None:
    with pytest.raises(IllegalAction, match=re.escape(says)):
        GAME.parse_action(text)
    for players, score in [(2, None), (4, (11, 3)), (6, (11, 11))]:
        state = truco(players, score=score, seed=4)
        before = fingerprint(state)
        with pytest.raises(IllegalAction) as err:
            state.apply(text)
        assert str(err.value)
        assert fingerprint(state) == before


def test_a_seat_beyond_the_table_is_refused() -> None:
    state = truco(2, seed=1)
    before = fingerprint(state)
    with pytest.raises(IllegalAction):
        state.apply("4:fold")
    with pytest.raises(IllegalAction, match="no seat 2"):
        state.view(2)
    assert fingerprint(state) == before
    with pytest.raises(OptionError, match="players=5"):
        GAME.options({"players": 5})


# ------------------------------------------------------------ random matches


def check_deal(d: Mapping[str, Any], before: tuple[int, int], variant: str) -> None:
    """One finished deal's points are what docs/rules/truco.md allows, and only its winner
    scored."""
    ladder = LADDERS[variant]
    run_points, eleven_value = (1, 3) if variant == "paulista" else (2, 4)
    winner, points = d["winner"], d["points"]
    assert len(d["tricks"]) <= 3 and len(d["played"]) <= 3
    if winner is None:
        assert points == 0 and d["end"] == "drawn" and d["tricks"] == ["tie"] * 3
        assert list(d["score"]) == list(before)
        return
    after = list(before)
    after[winner] = min(GAME_POINTS, after[winner] + points)  # the score stops at 12
    assert list(d["score"]) == after
    if d.get("iron"):
        assert after[winner] == GAME_POINTS and d["end"] in ("tricks", "folded")
    elif d["end"] == "ran":
        assert "eleven" in d and points == run_points and winner != d["eleven"]
    elif "eleven" in d:
        assert points == eleven_value and d["end"] in ("tricks", "folded")
    elif d["end"] == "refused":
        assert points in ladder[:-1]
    else:
        assert points in ladder and d["end"] in ("tricks", "folded")


@examples(40, dev=6)
@given(
    variant=st.sampled_from(["paulista", "mineiro"]),
    players=st.sampled_from([2, 4, 6]),
    match=st.sampled_from([1, 3]),
    score=st.tuples(st.integers(0, 11), st.integers(0, 11)),
    seed=st.integers(0, 2**32 - 1),
    fold_p=st.sampled_from([0.0, 0.05, 0.3]),
)
def test_random_matches_score_only_what_the_rules_allow(
    variant: str, players: int, match: int, score: tuple[int, int], seed: int, fold_p: float
) -> None:
    state = truco(players, variant=variant, match=match, score=score, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        actions = state.legal_actions()
        if not actions:
            break
        others = [a for a in actions if a.verb != "fold"]
        state.apply(rng.choice(others if others and rng.random() >= fold_p else actions))
        assert len(state.public_view().tricks) <= 3
        if state.public_view().iron:
            assert all(
                state.view(s).hand == (None,) * len(state.view(s).hand) for s in range(players)
            )
    before = score
    for d in deals_json(state):
        check_deal(d, before, variant)
        after = (d["score"][0], d["score"][1])
        before = (0, 0) if max(after) >= GAME_POINTS else after
    result = state.result()
    if result.finished:
        assert result.winner is not None
        assert result.games[result.winner] == state.view(0).games_to_win == (match + 1) // 2
        assert result.games[1 - result.winner] < (match + 1) // 2
        assert state.returns() == tuple(
            1.0 if s % 2 == result.winner else -1.0 for s in range(players)
        )
    else:
        assert state.returns() == (0.0,) * players
