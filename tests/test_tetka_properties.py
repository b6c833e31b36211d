"""Tetka's invariants over random legal robbers, under both revoke options.

Each robber is short (target 5, sometimes from a starting position), played by
random legal actions, so under ``revoke=penalized`` revokes are frequent. Every
finished deal is checked against an oracle written here from the rule text and
the rulings alone (who takes each trick, which revokes are proved and in what
order, which trick each player hands, every mark and its reason); every view
against the review rule and the hidden hands; records against replay; samples
against what their seat knows. The checkers are shown able to fail by planting
bugs (last tests).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from harness import CheckFailed, check
from hypothesis import given
from hypothesis import strategies as st

from helpers import fingerprint
from scale import examples
from tetka_helpers import GAME, QUEENS, SEATS, card_tokens, rank, tetka
from tricktaker.cards import CARD_NAMES, cards_in
from tricktaker.core.events import deal_events
from tricktaker.core.records import load_record, state_from_record
from tricktaker.games.tetka import TetkaState

TARGET = 5
COUNTING = "A23456789TJQK"

# ------------------------------------------------------------------ the oracle


def counting_number(photo: str) -> int:
    """The counting trick for a photograph: A=1, 2..10 as printed, J=11, Q=12, K=13."""
    return COUNTING.index(photo[0]) + 1


def oracle(played: Sequence[Sequence[str]], photo: str) -> dict[str, Any]:
    """A deal's outcome from its plays (``"seat:card"`` per trick), by docs/rules/tetka.md and
    docs/rules/tetka.md, written apart from the engine."""
    tricks = [[(int(p.split(":")[0]), p.split(":")[1]) for p in t] for t in played]
    assert len(tricks) == 13 and all(len(t) == SEATS for t in tricks)
    winners = []
    for t in tricks:
        led = t[0][1][1]
        winners.append(max((p for p in t if p[1][1] == led), key=lambda p: rank(p[1]))[0])
    # A revoke: not following the suit led while holding it, i.e. showing it later.
    # It is proved at the revoker's next card of that suit; paid for in that order.
    flat = [(i, seat, card) for i, t in enumerate(tricks) for seat, card in t]
    found = []
    for g, (i, seat, card) in enumerate(flat):
        led = tricks[i][0][1][1]
        if card[1] == led:
            continue
        shown = [h for h in range(g + 1, len(flat)) if flat[h][1] == seat and flat[h][2][1] == led]
        if shown:
            found.append((shown[0], g, seat, led, i + 1))
    found.sort()
    counting = counting_number(photo)

    def has_queen(i: int) -> bool:
        return any(card in QUEENS for _, card in tricks[i])

    def burden(i: int) -> int:
        photo_here = any(card == photo for _, card in tricks[i])
        return int(photo_here) + int(i + 1 == counting) + int(i == 12)

    own = [[i for i in range(13) if winners[i] == s] for s in range(SEATS)]
    holds = [list(h) for h in own]
    handed = []
    for _, _, revoker, _, _ in found:
        for k in range(1, SEATS):
            giver = (revoker + k) % SEATS
            if not own[giver]:
                continue
            pool = [i for i in own[giver] if not has_queen(i)] or own[giver]
            pick = max(pool, key=lambda i: (burden(i), i))
            own[giver].remove(pick)
            holds[giver].remove(pick)
            holds[revoker].append(pick)
            handed.append([giver, revoker, pick + 1])
    holder = {i: s for s in range(SEATS) for i in holds[s]}
    reasons: list[list[str]] = [[] for _ in range(SEATS)]
    for i, t in enumerate(tricks):
        cards = {card for _, card in t}
        reasons[winners[i]] += [q for q in QUEENS if q in cards]
    for i, t in enumerate(tricks):
        if any(card == photo for _, card in t):
            reasons[holder[i]].append("photo")
    reasons[holder[counting - 1]].append("counting")
    top = max(len(h) for h in holds)
    most = max((s for s in range(SEATS) if len(holds[s]) == top), key=lambda s: max(holds[s]))
    reasons[most].append("most")
    reasons[holder[12]].append("last")
    return {
        "tricks": winners,
        "revokes": [[seat, suit, trick] for _, _, seat, suit, trick in found],
        "handed": handed,
        "taken": [len(h) for h in holds],
        "reasons": reasons,
        "marks": [len(r) for r in reasons],
    }


# --------------------------------------------------------------- the checkers


def check_deal(deal: dict[str, Any], penalized: bool, before: list[int]) -> list[int]:
    """One finished deal against the oracle; the marks after it."""
    expected = oracle(deal["played"], deal["photo"])
    got = {k: deal[k] for k in expected}
    if got != expected:
        wrong = sorted(k for k in expected if got[k] != expected[k])
        raise CheckFailed(f"the deal's {wrong} differ from the oracle's: {deal} {expected}")
    if not penalized:
        check(
            deal["revokes"] == [] and deal["handed"] == [], "a revoke where revokes are prevented"
        )
    check(
        sum(deal["marks"]) == 8 == deal["points"] and deal["winner"] is None,
        "a deal gives other than 8 marks, or a winner",
    )
    check(
        deal["counting"] == counting_number(deal["photo"]),
        "the counting trick is not the photograph's",
    )
    total = [a + b for a, b in zip(before, deal["marks"], strict=True)]
    if deal["total"] != total:
        raise CheckFailed(f"total marks {deal['total']}, but the deals make {total}")
    return total


def check_settlement(state: TetkaState, marks: list[int]) -> None:
    r = state.result()
    if list(r.score) != marks:
        raise CheckFailed(f"score {list(r.score)}, but the deals make {marks}")
    returns = state.returns()
    if sum(returns) != 0:
        raise CheckFailed(f"returns {returns} do not sum to zero")
    pairwise = [sum(m - mine for m in marks) for mine in marks]
    if not ([int(x) for x in returns] == pairwise == [sum(marks) - 4 * m for m in marks]):
        raise CheckFailed(f"returns {returns} are not the pairwise settlement of marks {marks}")
    if r.finished:
        low = min(marks)
        lowest = [s for s in range(SEATS) if marks[s] == low]
        if r.winner != (lowest[0] if len(lowest) == 1 else None):
            raise CheckFailed(f"winner {r.winner} with marks {marks}")
    else:
        check(r.winner is None, "a winner before the robber is over")


def held(state: TetkaState, seat: int) -> set[str]:
    return {CARD_NAMES[c] for c in cards_in(state.hands[seat])}


def check_views(state: TetkaState, observer: int | None) -> None:
    """The review rule, the table, and no card of another hand in the view or the events."""
    view = state.public_view() if observer is None else state.view(observer)
    done = len(state.winners)
    allowed = 1 if observer is None or observer in view.led else 2  # before/after his lead
    shown = [t.number for t in view.review]
    if shown != list(range(max(1, done - allowed + 1), done + 1)):
        raise CheckFailed(f"observer {observer} reviews tricks {shown} after {done} tricks")
    for t in view.review:
        plays = tuple((p >> 6, p & 63) for p in state.trick_log[t.number - 1])
        if not (t.plays == plays and t.winner == state.winners[t.number - 1]):
            raise CheckFailed(f"the review of trick {t.number} is not that trick")
    check(
        view.on_table == tuple((p >> 6, p & 63) for p in state.plays),
        "the view's table is not the trick in play",
    )
    photo = CARD_NAMES[state.photo]
    others = set().union(*(held(state, s) for s in range(SEATS) if s != observer))
    if (card_tokens(view.to_json()) & others) - {photo}:
        raise CheckFailed(f"observer {observer} sees another hand's card in the view")
    if observer is not None and {CARD_NAMES[c] for c in view.hand} != held(state, observer):
        raise CheckFailed(f"seat {observer}'s view shows another hand")
    told = [e.to_json() for e in deal_events(state.events(0, observer))]
    public = {photo, *told[0]["data"].get("draw", ())}
    if (card_tokens(told) & others) - public:
        raise CheckFailed(f"observer {observer} is told another hand's card")


def memory_voids(state: TetkaState, seat: int) -> list[set[str]]:
    """The suits each seat has shown out of in this deal, as seen by ``seat``."""
    out: list[set[str]] = [set() for _ in range(SEATS)]
    trick: list[str] = []
    for e in deal_events(state.events(0, seat)):
        if e.kind != "action":
            continue
        card = str(e.data["card"])
        if trick and card[1] != trick[0][1]:
            assert e.seat is not None
            out[e.seat].add(trick[0][1])
        trick = [*trick, card] if len(trick) < SEATS - 1 else []
    return out


def check_sample(state: TetkaState, seat: int, rng: random.Random, penalized: bool) -> None:
    sample = GAME.sample_state(state.view(seat), state.events(0, seat), rng)
    assert isinstance(sample, TetkaState)
    check(
        sample.view(seat).to_json() == state.view(seat).to_json(), "the sample shows another view"
    )
    check(
        [e.to_json() for e in sample.events(0, seat)]
        == [e.to_json() for e in state.events(0, seat)],
        "the sample tells the seat another past",
    )
    check(held(sample, seat) == held(state, seat), "the sample holds another hand")
    if state.to_act == seat:
        check(
            [str(a) for a in sample.legal_actions()] == [str(a) for a in state.legal_actions()],
            "the seat may do other things in the sample",
        )
    if not penalized:
        voids = memory_voids(state, seat)
        for s in range(SEATS):
            if any(c[1] in voids[s] for c in held(sample, s)):
                raise CheckFailed(f"seat {s} holds a suit {sorted(voids[s])} it showed out of")
    # The others' unplayed cards are the unseen ones, in the right numbers.
    check(
        [len(held(sample, s)) for s in range(SEATS)] == [len(held(state, s)) for s in range(SEATS)],
        "the sample's hands are not the unseen cards in the right numbers",
    )


def check_round_trip(state: TetkaState) -> None:
    again = state_from_record(load_record(json.dumps(state.to_record())))
    check(fingerprint(again) == fingerprint(state), "the replayed record differs")


# ------------------------------------------------------------------ the runs


def play_robber(
    revoke: str, seed: int, dealer: int, start: list[int] | None, checks: bool = True
) -> TetkaState:
    rng = random.Random(seed)
    penalized = revoke == "penalized"
    state = tetka(revoke=revoke, target=TARGET, seed=seed, dealer=dealer, marks=start)
    marks = list(start or [0] * SEATS)
    check_settlement(state, marks)
    deals = 0
    sample_at = {rng.randrange(52) for _ in range(2)}
    while state.to_act is not None:
        step = len(state.plays) + 4 * len(state.winners)
        if checks:
            check_views(state, rng.choice([None, 0, 1, 2, 3]))
            if step in sample_at:
                check_sample(state, rng.randrange(SEATS), rng, penalized)
        state.apply(rng.choice(state.legal_actions()))
        done = state.finished_deals()
        if len(done) > deals:
            assert max(marks) < TARGET  # the robber was not over before this deal
            marks = check_deal(done[deals].to_json(), penalized, marks)
            deals += 1
            check_settlement(state, marks)
            assert state.result().finished == (max(marks) >= TARGET)
            if checks:
                for observer in (None, 0, 1, 2, 3):
                    check_views(state, observer)
    assert state.result().finished and max(marks) >= TARGET
    if checks:
        check_round_trip(state)
        check_sample(state, rng.randrange(SEATS), rng, penalized)
    return state


STARTS = st.none() | st.lists(st.integers(0, TARGET - 1), min_size=SEATS, max_size=SEATS)


@pytest.mark.parametrize("revoke", ["prevented", "penalized"])
@examples(30, dev=2)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3), start=STARTS)
def test_random_robbers_keep_every_tetka_invariant(
    revoke: str, seed: int, dealer: int, start: list[int] | None
) -> None:
    play_robber(revoke, seed, dealer, start)


@pytest.mark.parametrize("revoke", ["prevented", "penalized"])
def test_a_record_cut_anywhere_replays_to_the_same_state(revoke: str) -> None:
    rng = random.Random(revoke)
    whole = play_robber(revoke, 77, 2, None, checks=False).to_record()
    for cut in sorted(rng.sample(range(len(whole["actions"])), 6)):
        rec = {**whole, "actions": whole["actions"][:cut]}
        first = state_from_record(load_record(json.dumps(rec)))
        assert isinstance(first, TetkaState)
        check_round_trip(first)


def test_random_play_reaches_revokes_handing_and_ties() -> None:
    # The random runs do reach what the oracle is there to check.
    revokes = handed_queen = none_left = ties = 0
    for seed in range(40):
        state = play_robber("penalized", seed, seed % 4, None, checks=False)
        for d in state.finished_deals():
            j = d.to_json()
            revokes += len(j["revokes"])
            handed_queen += any(
                any(p.split(":")[1] in QUEENS for p in j["played"][t - 1])
                for _, _, t in j["handed"]
            )
            none_left += len(j["handed"]) < 3 * len(j["revokes"])
            ties += sorted(j["taken"])[-1] == sorted(j["taken"])[-2]
    assert revokes > 50 and handed_queen > 0 and none_left > 0 and ties > 0


# ------------------------------------------------------- the checkers can fail


def test_the_oracle_catches_a_wrong_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaker.games.tetka import scoring

    # The most-tricks tie broken by the earliest last trick instead of the latest.
    def earliest(holds: Sequence[Sequence[int]]) -> int:
        top = max(len(h) for h in holds)
        tied = [s for s, h in enumerate(holds) if len(h) == top]
        return min(tied, key=lambda s: max(holds[s]))

    monkeypatch.setattr(scoring, "most_tricks", earliest)
    with pytest.raises(CheckFailed, match=r"\['marks', 'reasons'\] differ from the oracle"):
        for seed in range(20):
            play_robber("prevented", seed, 0, None, checks=False)


def test_the_oracle_catches_a_wrong_handing(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaker.games.tetka import scoring

    monkeypatch.setattr(scoring, "_burden", lambda index, cards, photo, counting: 0)
    with pytest.raises(CheckFailed, match=r"\['handed'.*\] differ from the oracle"):
        for seed in range(20):
            play_robber("penalized", seed, 0, None, checks=False)


def test_the_view_checker_catches_a_longer_review(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaker.games.tetka import views

    monkeypatch.setattr(views, "review_size", lambda seat, led: 2)
    with pytest.raises(CheckFailed, match=r"observer \w+ reviews tricks \[\d+, \d+\] after"):
        play_robber("prevented", 3, 0, None)
