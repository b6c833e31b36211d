"""Preferans' invariants over random legal games, for each convention and table size.

Each game is short (a small pool, a few deals) and played by random legal
actions, so it reaches odd contracts, open and closed whists, half-whists,
misères, all-passes and, in the pot game, invitations and passers left out.
Checked after every action: the 32 cards are all somewhere and only once (hands,
the talon while it lies aside, the declarer's discard, the trick on the table,
tricks played), and no seat's view or events of the deal show a card he may not
know. After every deal: its tricks (10 played out; 2 cards a trick when a pot
passer is left out; none when not played), its taken counts, and a zero-sum
balance. At the end: the record replays to the same state. The checkers are
shown able to fail by planted bugs (last tests).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from harness import CheckFailed, check
from hypothesis import given
from hypothesis import strategies as st

from helpers import fingerprint
from preferans_helpers import card_tokens, pref
from scale import examples
from tricktaker.cards import CARD_NAMES, cards_in
from tricktaker.core.events import deal_events
from tricktaker.core.records import load_record, state_from_record
from tricktaker.games.preferans import PreferansState
from tricktaker.games.preferans.deck import DECK

TABLES = [
    (rules, players) for rules in ("sochi", "leningrad", "rostov", "pot") for players in (3, 4)
]
#: Every house rule away from its default (docs/rules/preferans.md, "House rules"), under
#: each Russian convention, the conventions' own and the common ones together.
HOUSE = {
    "duty_split": "gentleman",
    "ten_tricks": "checked",
    "stalingrad": True,
    "allpass_progression": "flat",
    "allpass_exit": "6-6-6",
    "allpass_end": "made",
}
HOUSE_TABLES: list[tuple[str, int, dict[str, object]]] = [
    ("sochi", 3, HOUSE),
    ("leningrad", 4, {**HOUSE, "failed": "double", "lone_whist": "whister"}),
    ("rostov", 3, {**HOUSE, "short_whister": "full", "allpass_exit": "6-7-8"}),
]
MAX_DEALS = 4


# ------------------------------------------------------------------ the checkers


def check_cards(state: PreferansState) -> None:
    """Every card of the deal once: hands, talon aside, discard, table, tricks."""
    if state.phase == 8:  # over: the next deal is not dealt yet (stop_after_deal)
        return
    places: list[int] = []
    for h in state.hands:
        places += cards_in(h)
    places += [p & 63 for p in state.plays]
    places += [p & 63 for t in state.trick_log for p in t]
    places += cards_in(state.discard)
    if not state.holding:
        places += list(state.talon)
    if sorted(places) != sorted(DECK):
        raise CheckFailed(f"the cards of the deal are not the deck once each: {sorted(places)}")


def hidden_from(state: PreferansState, seat: int | None) -> set[str]:
    """Cards of the deal in progress that ``seat`` (None: a spectator) may not know."""
    hidden: set[int] = set()
    for other in state.active:
        if other != seat and not (state.open_seats >> other) & 1:
            hidden |= set(cards_in(state.hands[other]))
    if seat != state.declarer:
        hidden |= set(cards_in(state.discard))
    if state.holding and state.convention != "pot" and state.contract != "misere":
        hidden -= set(state.talon)  # a Russian contract's talon was shown to all
    if not state.holding:  # the talon lies aside
        allpass_leads = (
            state.contract is None
            and state.phase == 7
            and state.convention
            in (
                "sochi",
                "leningrad",
            )
        )
        for i, c in enumerate(state.talon):
            if not (allpass_leads and i <= len(state.winners)):
                hidden.add(c)
    return {CARD_NAMES[c] for c in hidden}


#: Contract names look like cards ("8c", "9s"): fields and verbs that hold them are left out.
CONTRACT_FIELDS = ("bids", "contract", "min_bid")


def strip(obj: Any) -> Any:
    """``obj`` without its contract names (the fields above, bids and declarations)."""
    if isinstance(obj, dict):
        return {k: strip(v) for k, v in obj.items() if k not in CONTRACT_FIELDS}
    if isinstance(obj, list):
        return [strip(v) for v in obj]
    if isinstance(obj, str) and obj.split(":")[-1].startswith(("bid ", "declare ")):
        return ""
    return obj


def check_views(state: PreferansState) -> None:
    for seat in [None, *range(state.players)]:
        view = state.public_view() if seat is None else state.view(seat)
        shown = strip(view.to_json())
        told = strip([e.to_json() for e in deal_events(state.events(0, seat))])
        seen = card_tokens(shown) | card_tokens(told)
        leak = seen & hidden_from(state, seat)
        if leak:
            raise CheckFailed(f"seat {seat} sees {sorted(leak)}")


def check_deal(summary: dict[str, Any], state: PreferansState) -> None:
    tricks = summary["tricks"]
    taken = summary["taken"]
    if summary["end"] == "tricks":
        check(
            len(tricks) == 10 and len(summary["played"]) == 10,
            "a deal played out without 10 tricks",
        )
        sizes = {len(t) for t in summary["played"]}
        out = "invited" not in summary["answers"] and state.convention == "pot" and sizes == {2}
        if not (sizes == {3} or out):
            raise CheckFailed(f"tricks of {sorted(sizes)} cards")
        spoiled = tricks.count("spoiled")
        check(sum(taken) == 10 - spoiled, "the tricks taken do not add up to the tricks played")
        check(
            spoiled == 0 or summary["contract"] == "allpass", "a spoiled trick outside the all-pass"
        )
        for s in range(state.players):
            if taken[s] != tricks.count(s):
                raise CheckFailed(f"seat {s} took {taken[s]} tricks but won {tricks.count(s)}")
    else:
        check(tricks == [] and sum(taken) == 0, "tricks in a deal not played out")
    check(len(taken) == state.players, "not one count of tricks per seat")


def check_zero_sum(state: PreferansState) -> None:
    if abs(sum(state.returns())) >= 1e-9:
        raise CheckFailed(f"returns {state.returns()} do not sum to zero")


def check_round_trip(state: PreferansState) -> None:
    again = state_from_record(load_record(json.dumps(state.to_record())))
    assert isinstance(again, PreferansState)
    check(fingerprint(again) == fingerprint(state), "the replayed record differs")


# ------------------------------------------------------------------ the games


def pick(state: PreferansState, rng: random.Random) -> Any:
    """A random legal action, leaning to ``pass`` and the lowest bid in the bidding and to
    the lowest contract, so that all-passes, thrown-in pot deals and the half-whist at 6
    and 7 come up as well as the high contracts that uniform choices favour."""
    legal = state.legal_actions()
    r = rng.random()
    if state.phase == 0 and r < 0.7:  # bidding: legal[0] is pass, legal[1] the lowest bid
        return legal[0] if r < 0.4 or len(legal) == 1 else legal[1]
    if state.phase == 2 and r < 0.6:  # the contract
        return legal[0]
    if state.phase == 3 and r < 0.3:  # the answers: pass, or half where it is offered
        return legal[-1]
    return rng.choice(legal)


def play_game(
    rules: str,
    players: int,
    seed: int,
    dealer: int,
    *,
    checks: bool = True,
    house: dict[str, object] | None = None,
) -> PreferansState:
    rng = random.Random(seed)
    pool = 3 if rules == "pot" else 2
    state = pref(rules=rules, players=players, pool=pool, dealer=dealer, seed=seed, house=house)
    seen_deals = 0
    steps = 0
    while state.to_act is not None and seen_deals < MAX_DEALS:
        state.apply(pick(state, rng))
        steps += 1
        done = state.finished_deals()
        while seen_deals < len(done):
            check_deal(done[seen_deals].to_json(), state)
            check_zero_sum(state)
            seen_deals += 1
        if checks:
            check_cards(state)
            if steps % 3 == 0 or state.phase != 7:
                check_views(state)
        assert steps < 1000
    return state


@pytest.mark.parametrize(("rules", "players"), TABLES)
@examples(10, dev=2)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 3))
def test_random_games_keep_every_invariant(
    rules: str, players: int, seed: int, dealer: int
) -> None:
    state = play_game(rules, players, seed, dealer % players)
    check_round_trip(state)
    check_zero_sum(state)


@pytest.mark.parametrize(("rules", "players", "house"), HOUSE_TABLES)
@examples(10, dev=2)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 3))
def test_random_games_keep_every_invariant_under_house_rules(
    rules: str, players: int, house: dict[str, object], seed: int, dealer: int
) -> None:
    state = play_game(rules, players, seed, dealer % players, house=house)
    check_round_trip(state)
    check_zero_sum(state)


def test_random_play_reaches_the_rare_branches() -> None:
    # The random games do reach what the checkers are there for.
    ends: dict[str, int] = {}
    for seed in range(20):
        for rules, players in (("sochi", 3), ("pot", 3)):
            state = play_game(rules, players, seed, 0, checks=False)
            for d in state.finished_deals():
                j = d.to_json()
                key = "allpass" if j["contract"] == "allpass" else j["end"]
                ends[key] = ends.get(key, 0) + 1
                if any(len(t) == 2 for t in j["played"]):
                    ends["two_card_tricks"] = ends.get("two_card_tricks", 0) + 1
    assert {"tricks", "no_whist", "half_whist", "allpass", "thrown_in"} <= set(ends), ends
    assert ends.get("two_card_tricks", 0) > 0


def test_finished_games_settle_to_zero() -> None:
    finished = 0
    for seed in range(6):
        state = pref(rules="pot", pool=2, seed=seed)
        rng = random.Random(seed)
        while state.to_act is not None:
            state.apply(pick(state, rng))
        finished += state.finished
        check_zero_sum(state)
    assert finished == 6


# ------------------------------------------------------- the checkers can fail


def test_the_card_checker_catches_a_duplicated_card() -> None:
    state = pref(seed=1)
    check_cards(state)
    state.hands[1] |= 1 << next(iter(cards_in(state.hands[0])))
    with pytest.raises(CheckFailed, match="not the deck once each"):
        check_cards(state)


def test_the_view_checker_catches_a_leaked_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaker.games.preferans import views

    real = views.build_view

    def leaky(state: Any, seat: int | None) -> Any:
        view = real(state, seat)
        nxt = (seat or 0) + 1
        if nxt < state.players and nxt in state.active:
            return view.__class__(
                **{
                    **{f: getattr(view, f) for f in view.__dataclass_fields__},
                    "last_trick": tuple((nxt, c) for c in cards_in(state.hands[nxt])),
                }
            )
        return view

    monkeypatch.setattr(views, "build_view", leaky)
    from tricktaker.core.state import Seen
    from tricktaker.games.preferans.state import PreferansState

    seen = PreferansState.SEEN
    monkeypatch.setattr(PreferansState, "SEEN", Seen(seen.render, seen.visible, leaky))
    with pytest.raises(CheckFailed, match=r"seat \w+ sees \["):
        play_game("sochi", 3, 5, 0)


def test_the_zero_sum_checker_catches_money_from_nowhere(monkeypatch: pytest.MonkeyPatch) -> None:
    real = PreferansState.balance

    def richer(self: PreferansState) -> tuple[float, ...]:
        b = real(self)
        return (b[0] + len(self.history), *b[1:])

    monkeypatch.setattr(PreferansState, "balance", richer)
    with pytest.raises(CheckFailed, match="do not sum to zero"):
        play_game("sochi", 3, 2, 0, checks=False)


def test_the_deal_checker_catches_a_lost_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    state = play_game("rostov", 3, 4, 0, checks=False)
    done = [d.to_json() for d in state.finished_deals() if d.end == "tricks"]
    assert done
    broken = {**done[0], "taken": [t + 1 for t in done[0]["taken"]]}
    with pytest.raises(CheckFailed, match="do not add up to the tricks played"):
        check_deal(broken, state)


def test_the_round_trip_checker_catches_a_lost_action() -> None:
    state = play_game("leningrad", 4, 3, 1, checks=False)
    rec = state.to_record()
    rec["actions"] = rec["actions"][:-1]
    again = state_from_record(load_record(json.dumps(rec)))
    assert fingerprint(again) != fingerprint(state)
