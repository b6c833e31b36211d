"""Every registered game's sampler, for every option set and seat count: each world it
samples fits what the seat knows, judged by the true state, and sampling never fails.

Random deals are played; at every decision, for every seat, a few worlds are
sampled from that seat's view and memory and each is checked against the
true state (the seat could be in the true world, so a sampler that gives up,
or deals a world the seat cannot be in, is wrong):

* the world shows the seat its view (hand, talon, discard, open hands, vira,
  photograph...) and tells it its memory, event for event; the hand sizes
  and, for the seat to act, the legal actions are the true ones;
* no card is in two places: the hands and the table are apart, and no card
  the seat saw played is in a hand;
* a seat that showed out of a suit holds none of it, where the game makes a
  player follow suit (learnt from the true engine, never from a game's name:
  a duty when every seat that held the suit led was offered that suit alone);
* the world is a real deal: its own record, replayed through the engine from
  its deal's first action, accepts every action (every seat could make its
  plays with the cards it holds there: voids, trumps, overtaking, the talon
  and the discard, face-down cards) and leaves every seat the hand it holds.

The default run covers every pair of option values (a few seconds a game);
``-m slow`` runs every option set, with more deals and more worlds.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import pytest

from tricktaker.cards import parse_card
from tricktaker.core import Action, Event, Game, Options, State, View, get_game
from tricktaker.core.events import deal_events
from tricktaker.core.options import option_sets
from tricktaker.core.records import parse_record, start_state
from tricktaker.core.registry import game_ids

CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")
#: Verbs a random player takes only now and then, so that deals reach their tricks.
RARE_VERBS = ("fold", "run")


def pairwise(sets: Sequence[Options]) -> list[Options]:
    """Option sets that together hold every pair of values of any two options (greedy)."""

    def pairs(opts: Options) -> set[tuple[tuple[str, object], ...]]:
        return set(itertools.combinations(sorted(opts.items()), 2))

    left: set[tuple[tuple[str, object], ...]] = set()
    for opts in sets:
        left |= pairs(opts)
    chosen = [sets[0]]
    left -= pairs(sets[0])
    while left:
        best = max(sets, key=lambda o: len(pairs(o) & left))
        chosen.append(best)
        left -= pairs(best)
    return chosen


def cases(every: bool) -> list[tuple[str, Options]]:
    out = []
    for gid in game_ids():
        # Every combination where they are a few hundred at most; beyond (Preferans with
        # its house rules: 49,152), every pair of values of any two options meets in a set.
        sets = option_sets(get_game(gid).option_schema(), limit=256)
        out += [(gid, opts) for opts in (sets if every else pairwise(sets))]
    return out


def case_ids(items: Sequence[tuple[str, Options]]) -> list[str]:
    return [f"{gid}-" + "-".join(f"{k}={v}" for k, v in opts.items()) for gid, opts in items]


# ------------------------------------------------------------ facts of the true game


def card_of(action: Action) -> int | None:
    """The card a play offers (None for any other action, or a blind place like ``#2``)."""
    if action.verb != "play" or not action.args:
        return None
    try:
        return parse_card(action.args[0])
    except ValueError:
        return None


def held(state: State, seat: int) -> set[int]:
    """The cards a seat holds, as its own view shows them (hidden slots left out)."""
    return {c for c in state.view(seat).hand if c is not None}


@dataclass
class Tricks:
    """A deal's plays as a seat's events tell them: (suit led or None, owner, card) each,
    and the suit led in the trick now in progress.

    A trick's suit is its first card's, or that of a card turned up alone before
    its first play (a talon card that leads an all-pass)."""

    plays: list[tuple[int | None, int, int]] = field(default_factory=list)
    led: int | None = None

    @classmethod
    def read(cls, events: Sequence[Event]) -> Tricks:
        out = cls()
        started = False
        for e in events:
            if e.kind == "trick":
                out.led, started = None, False
            elif e.kind == "action" and "card" in e.data and e.seat is not None:
                card = parse_card(e.data["card"])
                out.plays.append((out.led, int(e.data.get("from", e.seat)), card))
                if out.led is None:
                    out.led = card // 13
                started = True
            elif e.kind != "deal" and not started:
                shown = CARD.findall(json.dumps(e.data))
                if len(shown) == 1:
                    out.led = parse_card(shown[0]) // 13
        return out

    def voids(self) -> dict[int, set[int]]:
        """The suits each owner showed out of."""
        out: dict[int, set[int]] = {}
        for led, owner, card in self.plays:
            if led is not None and card // 13 != led:
                out.setdefault(owner, set()).add(led)
        return out


@dataclass
class Duty:
    """Whether this game, with these options, makes a player follow suit: seen when a seat
    that held the suit led and another was offered the suit led alone, refuted when
    offered another card."""

    seen: bool = False
    refuted: bool = False

    @property
    def known(self) -> bool:
        return self.seen and not self.refuted

    def observe(self, state: State) -> None:
        plays = [(a.hand_seat, card_of(a)) for a in state.legal_actions()]
        cards = [c for _, c in plays if c is not None]
        if not cards:
            return
        led = Tricks.read(deal_events(state.events(0, None))).led
        suits = {c // 13 for c in held(state, plays[0][0])}
        if led is None or led not in suits or len(suits) == 1:
            return  # nothing to tell: he cannot follow, or can do nothing else
        if all(c // 13 == led for c in cards):
            self.seen = True
        else:
            self.refuted = True


# ------------------------------------------------------------ the checks


def check_sample(state: State, seat: int, sample: State, duty: Duty) -> None:
    """One sampled world against the true state, for ``seat``."""
    view = state.view(seat)
    memory = state.events(0, seat)
    assert sample.view(seat).to_json() == view.to_json(), "the world shows another view"
    assert sample.events(0, seat) == memory, "the world tells the seat another past"
    sizes = state.public_view().hand_sizes
    assert sample.public_view().hand_sizes == sizes, "the world's hands have other sizes"
    if state.to_act == seat:
        assert [str(a) for a in sample.legal_actions()] == [
            str(a) for a in state.legal_actions()
        ], "the seat may do other things in the world"
    check_one_place(sample, Tricks.read(deal_events(memory)))
    if duty.known:
        check_voids(sample, seat, Tricks.read(deal_events(memory)).voids())
    check_real_deal(sample)


def check_one_place(sample: State, tricks: Tricks) -> None:
    """Every card in one place: hands and table apart, cards seen played in no hand."""
    seen: set[int] = set()
    for s in range(sample.players):
        hand = held(sample, s)
        assert not hand & seen, f"seat {s} holds a card another seat holds"
        seen |= hand
    table = {c for _, c in sample.public_view().on_table if c is not None}
    assert not table & seen, "a card both on the table and in a hand"
    played = {card for _, _, card in tricks.plays}
    assert not played & seen, "a card the seat saw played is in a hand"


def check_voids(sample: State, seat: int, voids: dict[int, set[int]]) -> None:
    """No seat but the sampling one holds a suit it showed out of."""
    for s, suits in voids.items():
        if s == seat:
            continue
        bad = [c for c in held(sample, s) if c // 13 in suits]
        assert not bad, f"seat {s} showed out of suits {sorted(suits)} but holds {bad}"


def check_real_deal(sample: State) -> None:
    """The world's record, replayed through the engine, takes every action and leaves
    every seat the hand it holds in the world."""
    record = parse_record(sample.to_record())
    replay = start_state(record).clone(stop_after_deal=True)  # a world ends with its deal
    game = get_game(record.game)
    for text in record.actions:
        replay.apply(game.parse_action(text))  # IllegalAction: not a real deal
    for s in range(sample.players):
        assert held(replay, s) == held(sample, s), f"seat {s}'s hand is not the one dealt"


# ------------------------------------------------------------ the runs


def random_action(legal: Sequence[Action], rng: random.Random) -> Action:
    keep = [a for a in legal if a.verb not in RARE_VERBS]
    if keep and rng.random() >= 0.05:
        return keep[rng.randrange(len(keep))]
    return legal[rng.randrange(len(legal))]


def sample_all(game: Game, state: State, duty: Duty, worlds: int, rng: random.Random) -> int:
    """Sample ``worlds`` worlds for every seat and check each; how many were checked."""
    for seat in range(state.players):
        view, memory = state.view(seat), state.events(0, seat)
        for _ in range(worlds):
            check_sample(state, seat, game.sample_state(view, memory, rng), duty)
    return state.players * worlds


def play_and_sample(gid: str, opts: Options, seed: int, deals: int, worlds: int) -> int:
    """Random deals of ``gid``, every seat sampled at every decision; worlds checked."""
    game = get_game(gid)
    rng = random.Random(seed)
    players = game.new_match(opts, seed=seed).players
    state = game.new_match(opts, seed=seed, dealer=rng.randrange(players))
    duty = Duty()
    checked = 0
    while state.to_act is not None and len(state.finished_deals()) < deals:
        duty.observe(state)
        checked += sample_all(game, state, duty, worlds, rng)
        state.apply(random_action(state.legal_actions(), rng))
    checked += sample_all(game, state, duty, worlds, rng)  # a deal just ended, or the match
    return checked


CASES = cases(every=False)
EVERY = cases(every=True)


@pytest.mark.parametrize(("gid", "opts"), CASES, ids=case_ids(CASES))
def test_every_sampled_world_fits_what_the_seat_knows(gid: str, opts: Options) -> None:
    assert play_and_sample(gid, opts, seed=19, deals=2, worlds=1) > 0


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "opts"), EVERY, ids=case_ids(EVERY))
@pytest.mark.parametrize("seed", range(3))
def test_every_sampled_world_fits_what_the_seat_knows_long(
    gid: str, opts: Options, seed: int
) -> None:
    assert play_and_sample(gid, opts, seed=seed, deals=3, worlds=2) > 0


# ------------------------------------------------------------ the checks can fail


class Altered:
    """A state whose views show one seat holding ``hand``: a sampler's planted bug."""

    def __init__(self, state: State, seat: int, hand: tuple[int, ...]) -> None:
        self._state, self._seat, self._hand = state, seat, hand

    def __getattr__(self, name: str) -> object:
        return getattr(self._state, name)

    def view(self, seat: int) -> View:
        view = self._state.view(seat)
        return dataclasses.replace(view, hand=self._hand) if seat == self._seat else view  # type: ignore[type-var]


@pytest.mark.parametrize("gid", game_ids())
def test_each_check_fails_on_a_world_the_seat_cannot_be_in(gid: str) -> None:
    game = get_game(gid)
    state = game.new_match(game.options({}), seed=7)
    seat = state.to_act
    assert seat is not None
    other = (seat + 1) % state.players
    mine, theirs = sorted(held(state, seat)), sorted(held(state, other))
    assert mine and theirs
    duty = Duty()
    check_sample(state, seat, state, duty)  # the true state fits, of course

    def altered(s: int, hand: list[int]) -> State:
        return cast(State, Altered(state, s, tuple(hand)))

    with pytest.raises(AssertionError, match="another view"):
        check_sample(state, seat, altered(seat, theirs), duty)
    with pytest.raises(AssertionError, match="holds a card another seat holds"):
        check_one_place(altered(other, [*theirs[1:], mine[0]]), Tricks())
    with pytest.raises(AssertionError, match="saw played"):
        check_one_place(state, Tricks(plays=[(None, other, theirs[0])]))
    with pytest.raises(AssertionError, match="showed out"):
        check_voids(state, seat, {other: {theirs[0] // 13}})
    unseen = sorted(set(range(52)) - held(state, seat) - held(state, other))
    with pytest.raises(AssertionError, match="not the one dealt"):
        check_real_deal(altered(other, [*theirs[1:], unseen[0]]))


def test_the_void_check_is_not_idle() -> None:
    """Some registered game makes players follow suit and its random deals show voids;
    some does not (so the duty is learnt, not assumed)."""
    learnt: list[bool] = []
    voids = 0
    for gid in game_ids():
        game = get_game(gid)
        state = game.new_match(game.options({}), seed=3)
        rng = random.Random(3)
        duty = Duty()
        while state.to_act is not None and not state.finished_deals():
            duty.observe(state)
            state.apply(random_action(state.legal_actions(), rng))
            if duty.known:
                voids += len(Tricks.read(deal_events(state.events(0, None))).voids())
        learnt.append(duty.known)
    assert any(learnt) and not all(learnt) and voids > 0
