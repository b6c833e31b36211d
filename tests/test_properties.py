"""Property tests: random legal matches of Le Truc, invariants checked after every action.

Every combination of options (players x redeal x ties) is drawn. Matches are
played by a random policy that folds less often than uniform play would, so that
deals reach their tricks, doubles and rests. Each checker raises the conformance
suite's ``CheckFailed`` (never a bare assert, so that a planted bug is caught by the
check meant for it, not by an assert in the engine); the tests at the end break the
engine on purpose to show that every checker can fail, each with its own message.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from harness import CheckFailed, check
from hypothesis import given
from hypothesis import strategies as st

from helpers import CARD_TOKEN, GAME, card_tokens, deals_json, legal, names, new_state
from scale import examples
from tricktaker.cards import CARD_NAMES
from tricktaker.core.events import Event
from tricktaker.core.records import load_record, state_from_record
from tricktaker.core.state import Seen
from tricktaker.games.truc import TrucState
from tricktaker.games.truc import events as truc_events
from tricktaker.games.truc.actions import PLAY, SAY, SIGNAL, TrucAction
from tricktaker.games.truc.cards import DECK_MASK
from tricktaker.games.truc.rules import TrucRules
from tricktaker.games.truc.views import TrucView

GAME_POINTS = 12
SLOTS = [s for s in TrucRules.__slots__ if s != "_legal"]


REDEALS = st.sampled_from(["repeat", "once"])
TIES = st.sampled_from(["leader", "spoil"])
SEEDS = st.integers(0, 2**32 - 1)
FOLD_P = st.sampled_from([0.0, 0.03, 0.1, 0.4])


@dataclass
class Match:
    """A match under random play, with the played cards of each deal as ground truth."""

    state: TrucState
    rng: random.Random
    fold_p: float
    played: list[set[str]] = field(default_factory=lambda: [set()])
    #: held[deal][seat]: every card the seat held at some time in that deal.
    held: list[list[int]] = field(default_factory=list)
    last: TrucAction | None = None

    def note_hands(self) -> None:
        st = self.state
        while len(self.held) <= st.deal_no:
            self.held.append([0] * st.n)
        for seat in range(st.n):
            self.held[st.deal_no][seat] |= st.hands[seat] | st.discards[seat]

    def step(self) -> bool:
        st = self.state
        if not self.held:
            self.note_hands()
        actions = st.legal_actions()
        if not actions:
            return False
        others = [a for a in actions if a.verb != "fold"]
        a = self.rng.choice(others if others and self.rng.random() >= self.fold_p else actions)
        deal_no = st.deal_no
        st.apply(a)
        if a.kind == PLAY:
            self.played[deal_no].add(CARD_NAMES[a.card])
        while len(self.played) <= st.deal_no:
            self.played.append(set())
        self.note_hands()
        self.last = a
        return True


def matches(
    players: int, redeal: str, ties: str, seed: int, fold_p: float, cap: int
) -> Iterator[Match]:
    """Yield the match after each of at most ``cap`` actions."""
    m = Match(new_state(players, redeal=redeal, ties=ties, seed=seed), random.Random(seed), fold_p)
    for _ in range(cap):
        if not m.step():
            return
        yield m


# ------------------------------------------------------------------- checkers


def check_cards_conserved(state: TrucState) -> None:
    """Hands, set-aside cards, the undrawn stock and played cards: the 32 cards, once each."""
    if state.to_act is None:
        check(state.hands == [0] * state.n, "cards left in hand at the end of the match")
        return
    seen = 0
    for mask in [*state.hands, *state.discards, state.played]:
        if seen & mask != 0:
            raise CheckFailed(f"{names(seen & mask)} twice")
        seen |= mask
    stock = state.stock[state.stock_pos :]
    check(len(set(stock)) == len(stock), "a card twice in the stock")
    for c in stock:
        if (seen >> c) & 1:
            raise CheckFailed(f"{CARD_NAMES[c]} twice")
        seen |= 1 << c
    if seen != DECK_MASK:
        raise CheckFailed(f"missing {names(DECK_MASK & ~seen)}")
    check(all(h.bit_count() <= 3 for h in state.hands), "more than three cards in a hand")


def check_scores_from_deals(state: TrucState) -> None:
    """The game score is the sum of the points of that game's finished deals."""
    running = [0, 0]
    games = [0, 0]
    final = [0, 0]
    for d in deals_json(state):
        w = d["winner"]
        if w is None:
            if not (d["points"] == 0 and d["end"] in ("void", "drawn")):
                raise CheckFailed(f"a deal won by nobody: {d}")
        else:
            need = GAME_POINTS - running[w]
            if not (d["points"] >= 1 and d["points"] in (d["value"], need)):
                raise CheckFailed(f"points from nowhere: {d}")
            running[w] += d["points"]
        if d["score"] != running:
            raise CheckFailed(f"a deal's score is not the sum of the points: {d}")
        if w is not None and running[w] >= GAME_POINTS:
            games[w] += 1
            final, running = running, [0, 0]
    r = state.result()
    if list(r.games) != games:
        raise CheckFailed(f"games {list(r.games)}, but the deals won {games}")
    if r.finished != (max(games) == 2):
        raise CheckFailed(f"finished is {r.finished} after games {games}")
    if r.winner != (games.index(2) if r.finished else None):
        raise CheckFailed(f"winner {r.winner} after games {games}")
    expected = final if r.finished else running
    if list(r.score) != expected:
        raise CheckFailed(f"score {list(r.score)}, but the deals' points make {expected}")


def events_by_deal(events: list[Event]) -> list[list[Event]]:
    """An observer's events cut at each deal's start: chunk i is deal i."""
    out: list[list[Event]] = []
    for e in events:
        if e.kind == "deal":
            out.append([])
        out[-1].append(e)
    return out


def check_no_hidden_card(
    state: TrucState,
    played: list[set[str]],
    held: list[list[int]],
    history: bool = True,
    before: list[TrucView] | None = None,
    cursor: dict[int | None, int] | None = None,
) -> list[TrucView]:
    """No view or event shows a card its observer may not know; summaries show only played cards.

    A seat may know the cards played in a deal and the cards it held itself in
    that deal; a spectator only the played ones. Private words reach only the
    sender's side. ``history=False`` checks only the deal in progress (earlier
    deals only change when a deal ends). ``before``: the views (seats, then
    public) before the last action; when that was a private message, the other
    side's views and the public view must not have changed. ``cursor`` keeps,
    per observer, the number of his event that began the deal in progress, so
    that a check of that deal alone reads only its events. Returns the views.
    """
    current = state.deal_no
    shown_now = played[current]
    views = [state.view(seat) for seat in range(state.n)] + [state.public_view()]
    last = state.actions[-1] if state.actions else None
    if before is not None and last is not None and last.kind in (SAY, SIGNAL):
        for seat, (old, new) in enumerate(zip(before, views, strict=True)):
            if (seat == state.n or seat % 2 != last.seat % 2) and old != new:
                raise CheckFailed(f"seat {seat} noticed {last}")
    for seat, view in zip([*range(state.n), None], views, strict=True):
        allowed = set(shown_now)
        if seat is not None:
            allowed |= names(state.hands[seat]) | names(state.discards[seat])
        now = card_tokens(view.to_json())
        if now - allowed:
            raise CheckFailed(f"seat {seat} sees {now - allowed}")
        start = 0 if history or cursor is None else cursor.get(seat, 0)
        chunks = events_by_deal(state.events(start, seat))
        if cursor is not None:
            cursor[seat] = chunks[-1][0].number
        if history and len(chunks) != current + 1:
            raise CheckFailed(f"seat {seat} was told of {len(chunks)} deals, not {current + 1}")
        for i, chunk in enumerate(chunks if history else chunks[-1:]):
            deal = i if history else current
            may = set(played[deal]) | (names(held[deal][seat]) if seat is not None else set())
            for e in chunk:
                shown = card_tokens(e.to_json())
                if shown - may:
                    raise CheckFailed(f"seat {seat}, deal {deal}: {e} shows {shown - may}")
                heard = seat is not None and e.seat is not None and e.seat % 2 == seat % 2
                if e.data.get("private") and not heard:
                    raise CheckFailed(f"seat {seat} heard the other side's private word {e}")
    if not history:
        return views
    for i, d in enumerate(deals_json(state)):
        if card_tokens(d) - played[i]:
            raise CheckFailed(f"the summary of deal {i} shows an unplayed card")
    pub = state.public_record()
    for i, d in enumerate(pub["deals"]):
        if card_tokens(d) - played[i]:
            raise CheckFailed(f"the public record of deal {i} shows an unplayed card")
    check(
        not any(":say " in a or ":signal " in a for a in pub["actions"]),
        "the public record tells a private word",
    )
    check(
        set(CARD_TOKEN.findall(" ".join(pub["actions"]))) <= set().union(*played),
        "the public record's actions show an unplayed card",
    )
    check(
        "hands" not in json.dumps(pub) and "stock" not in json.dumps(pub),
        "the public record holds piles",
    )
    return views


def check_record_replays(state: TrucState) -> None:
    """The saved record, through JSON, replays to the same state."""
    text = json.dumps(state.to_record())
    again = state_from_record(load_record(text))
    assert isinstance(again, TrucState)
    for seat in range(state.n):
        if again.view(seat).to_json() != state.view(seat).to_json():
            raise CheckFailed(f"the replayed record shows seat {seat} another view")
    check(
        again.public_view().to_json() == state.public_view().to_json(),
        "the replayed record shows another public view",
    )
    check(again.result() == state.result(), "the replayed record has another result")
    check(
        again.finished_deals() == state.finished_deals(),
        "the replayed record has other finished deals",
    )
    check(legal(again) == legal(state), "the replayed record offers other actions")
    for seat in [None, *range(state.n)]:
        if again.events(0, seat) != state.events(0, seat):
            raise CheckFailed(f"the replayed record tells seat {seat} other events")


def snapshot(state: TrucState) -> list[str]:
    return [repr(getattr(state, s)) for s in SLOTS] + legal(state)


def check_clone_independent(state: TrucState, rng: random.Random) -> None:
    """Applying actions to a clone leaves the original as it was."""
    before = snapshot(state)
    view_before = state.view(0).to_json()
    twin = state.clone()
    check(legal(twin) == legal(state), "a fresh clone offers other actions")
    for _ in range(2):
        if twin.to_act is None:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    check(snapshot(state) == before, "acting on a clone changed the original")
    check(state.view(0).to_json() == view_before, "acting on a clone changed the original's view")


def check_sample_consistent(state: TrucState, seat: int, rng: random.Random) -> None:
    """A determinisation shows the seat exactly its view and its past; the actor keeps
    his legal actions; the cards it deals are exactly the ones the seat has not seen."""
    view = state.view(seat)
    memory = state.events(0, seat)
    sample = GAME.sample_state(view, memory, rng)
    assert isinstance(sample, TrucState)
    check(sample.view(seat).to_json() == view.to_json(), "the sample shows another view")
    check(sample.view(seat) == view, "the sample's view is another object")
    check(sample.events(0, seat) == memory, "the sample tells the seat another past")
    check(sample.info_key(seat) == state.info_key(seat), "the sample is another information set")
    if seat == state.to_act:
        check(legal(sample) == legal(state), "the seat may do other things in the sample")
    check_cards_conserved(sample)
    for _ in range(3):  # the sample is a working state
        if sample.to_act is None:
            break
        sample.apply(rng.choice(sample.legal_actions()))


# ---------------------------------------------------------------------- tests


@pytest.mark.parametrize("players", [2, 4])
@examples(1000, dev=20)
@given(redeal=REDEALS, ties=TIES, seed=SEEDS, fold_p=FOLD_P)
def test_cards_conserved_and_scores_only_from_deals(
    players: int, redeal: str, ties: str, seed: int, fold_p: float
) -> None:
    m = None
    deals, result = 0, new_state(players).result()
    for m in matches(players, redeal, ties, seed, fold_p, cap=2000):
        check_cards_conserved(m.state)
        if len(m.state.history) != deals:
            deals = len(m.state.history)
            check_scores_from_deals(m.state)
        else:  # no deal ended: no score moved
            assert m.state.result() == result
        result = m.state.result()
    assert m is not None and m.state.to_act is None  # every match runs to its end
    check_scores_from_deals(m.state)


@pytest.mark.parametrize("players", [2, 4])
@examples(60, dev=4)
@given(redeal=REDEALS, ties=TIES, seed=SEEDS, fold_p=FOLD_P)
def test_no_hidden_card_in_any_view_or_summary(
    players: int, redeal: str, ties: str, seed: int, fold_p: float
) -> None:
    deals = 0
    views = None
    cursor: dict[int | None, int] = {}
    for m in matches(players, redeal, ties, seed, fold_p, cap=250):
        ended = len(m.state.history) != deals or m.state.to_act is None
        deals = len(m.state.history)
        views = check_no_hidden_card(
            m.state, m.played, m.held, history=ended, before=views, cursor=cursor
        )


@pytest.mark.parametrize("players", [2, 4])
@examples(60, dev=4)
@given(redeal=REDEALS, ties=TIES, seed=SEEDS, fold_p=FOLD_P)
def test_saved_record_replays_to_the_same_state(
    players: int, redeal: str, ties: str, seed: int, fold_p: float
) -> None:
    shadow: TrucState | None = None
    deals = 0
    m = None
    for m in matches(players, redeal, ties, seed, fold_p, cap=250):
        rec = m.state.to_record()
        if shadow is None:
            # A replica built from the first record follows every later action by its text.
            first = dict(rec, actions=rec["actions"][:-1])
            replica = state_from_record(load_record(json.dumps(first)))
            assert isinstance(replica, TrucState)
            shadow = replica
        shadow.apply(GAME.parse_action(rec["actions"][-1]))
        seat = m.state.to_act if m.state.to_act is not None else 0
        assert shadow.view(seat).to_json() == m.state.view(seat).to_json()
        assert shadow.result() == m.state.result()
        if len(m.state.history) != deals:  # a deal just ended: replay the whole record
            deals = len(m.state.history)
            check_record_replays(m.state)
    assert m is not None and shadow is not None
    check_record_replays(m.state)
    assert shadow.to_record() == m.state.to_record()


@pytest.mark.parametrize("players", [2, 4])
@examples(40, dev=4)
@given(redeal=REDEALS, ties=TIES, seed=SEEDS, fold_p=FOLD_P)
def test_clone_is_independent(
    players: int, redeal: str, ties: str, seed: int, fold_p: float
) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for m in matches(players, redeal, ties, seed, fold_p, cap=250):
        check_clone_independent(m.state, rng)


@pytest.mark.parametrize("players", [2, 4])
@examples(40, dev=4)
@given(redeal=REDEALS, ties=TIES, seed=SEEDS, fold_p=FOLD_P)
def test_sample_state_is_consistent_with_the_view(
    players: int, redeal: str, ties: str, seed: int, fold_p: float
) -> None:
    rng = random.Random(seed ^ 0xD1CE)
    for m in matches(players, redeal, ties, seed, fold_p, cap=250):
        actor = m.state.to_act
        if actor is None:  # the match is over: every seat's view still samples
            for seat in range(players):
                check_sample_consistent(m.state, seat, rng)
            break
        check_sample_consistent(m.state, actor, rng)
        check_sample_consistent(m.state, rng.randrange(players), rng)


# ------------------------------------------------- the checkers can fail


def played_state(players: int = 2) -> Match:
    """A match some way into a deal with a redeal behind it."""
    for seed in range(500):
        for m in matches(players, "repeat", "leader", seed, 0.0, cap=80):
            st_ = m.state
            if st_.redeals and st_.played and st_.history and st_.to_act is not None:
                return m
    raise AssertionError("no suitable match found")


def test_checkers_catch_a_duplicated_or_lost_card() -> None:
    m = played_state()
    check_cards_conserved(m.state)
    bad = m.state.clone()
    low = bad.played & -bad.played
    bad.hands[bad.to_act or 0] |= low  # a played card back in a hand
    with pytest.raises(CheckFailed, match="twice"):
        check_cards_conserved(bad)
    bad = m.state.clone()
    bad.stock_pos += 1  # a stock card vanishes
    with pytest.raises(CheckFailed, match="missing"):
        check_cards_conserved(bad)


def test_checkers_catch_points_from_nowhere() -> None:
    m = played_state()
    check_scores_from_deals(m.state)
    bad = m.state.clone()
    bad.score[0] += 1
    with pytest.raises(CheckFailed, match="but the deals' points make"):
        check_scores_from_deals(bad)


@pytest.mark.parametrize(
    ("leak", "message"),
    [
        ("opponent_hand", "seat 0 sees"),
        ("stock", "seat 0 sees"),
        ("set_aside", "seat 0 sees"),
        ("message_event", "heard the other side's private word"),
        ("hand_event", r"seat 0, deal \d+: .* shows"),
    ],
)
def test_checkers_catch_a_leaked_card_or_message(
    leak: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = played_state(4 if leak == "message_event" else 2)
    sender = 0
    while leak == "message_event":
        words = [a for a in m.state.legal_actions() if a.kind in (SAY, SIGNAL)]
        if words:
            m.state.apply(words[0])
            m.note_hands()
            sender = words[0].seat
            break
        m.step()
    check_no_hidden_card(m.state, m.played, m.held)
    st_ = m.state
    original: Callable[[TrucView], dict[str, Any]] = TrucView.to_json
    real_render = truc_events.render

    def leaky(self: TrucView) -> dict[str, Any]:
        out = original(self)
        other = 1 - (self.seat or 0) % 2
        if leak == "opponent_hand":
            out["extra"] = sorted(names(st_.hands[other]))
        elif leak == "stock":
            out["extra"] = [CARD_NAMES[st_.stock[-1]]]
        elif leak == "set_aside":
            out["extra"] = sorted(names(st_.discards[other]))
        return out

    def leaky_render(entry: object, observer: int | None) -> Any:
        if leak == "message_event":  # everyone hears the sender's side's private words
            heard = real_render(entry, sender)
            if heard is not None and heard[3].get("private"):
                return heard
            return real_render(entry, observer)
        told = real_render(entry, observer)
        seat_one = real_render(entry, 1)
        if told is not None and seat_one is not None and told[0] == "deal":
            return (*told[:3], {**told[3], "hand": seat_one[3]["hand"]})
        return told

    monkeypatch.setattr(TrucView, "to_json", leaky)
    seen = TrucState.SEEN
    monkeypatch.setattr(TrucState, "SEEN", Seen(leaky_render, seen.visible, seen.build_view))
    if leak == "set_aside":
        assert st_.discards[1 - (st_.dealer % 2)] or st_.discards[st_.dealer % 2]
    with pytest.raises(CheckFailed, match=message):  # a clone tells its events anew
        check_no_hidden_card(st_.clone(), m.played, m.held)


def test_checkers_catch_a_record_that_does_not_replay() -> None:
    m = played_state()
    check_record_replays(m.state)
    bad = m.state.clone()
    bad.score[1] += 2
    with pytest.raises(CheckFailed, match="the replayed record shows seat 0 another view"):
        check_record_replays(bad)


def test_checkers_catch_a_clone_that_shares_state(monkeypatch: pytest.MonkeyPatch) -> None:
    m = played_state()
    check_clone_independent(m.state, random.Random(1))

    def shallow(self: TrucState) -> TrucState:
        new = TrucState.__new__(TrucState)
        for klass in TrucState.__mro__:
            for name in getattr(klass, "__slots__", ()):
                if hasattr(self, name):
                    setattr(new, name, getattr(self, name))
        return new

    monkeypatch.setattr(TrucState, "clone", shallow)
    with pytest.raises(CheckFailed, match="acting on a clone changed the original"):
        check_clone_independent(m.state, random.Random(1))


def test_checkers_catch_an_inconsistent_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    m = played_state()
    seat = m.state.to_act
    assert seat is not None
    check_sample_consistent(m.state, seat, random.Random(2))
    real = GAME.sample_state

    def wrong(view: Any, memory: Any, rng: random.Random) -> TrucState:
        s = real(view, memory, rng)
        s.hands[view.seat], s.hands[1 - view.seat] = s.hands[1 - view.seat], s.hands[view.seat]
        return s

    monkeypatch.setattr(GAME, "sample_state", wrong)
    with pytest.raises(CheckFailed, match="the sample shows another view"):
        check_sample_consistent(m.state, seat, random.Random(2))


def test_random_play_reaches_every_kind_of_deal_end_and_stake() -> None:
    """The random policy is not degenerate: it reaches rests, decider deals, void deals."""
    ends: set[str] = set()
    verbs: set[str] = set()
    deciders = 0
    for seed in range(60):
        for players in (2, 4):
            for m in matches(players, "repeat", "leader", seed, 0.03, cap=2000):
                verbs.add(m.last.verb if m.last else "")
                deciders += m.state.decider
            ends |= {d.end for d in m.state.finished_deals()}
    assert ends == {"tricks", "refused", "folded", "void", "drawn"}
    assert {"double", "rest", "redeal", "say", "signal", "pass"} <= verbs
    assert deciders > 0
