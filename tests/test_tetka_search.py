"""Tetka's ``search`` level: the cards it tries once for a run of equal ones, the plays
it weighs its worlds by, and the rules bot's chances kept per suit (issue 23)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from test_tetka_bots import LEADER, crafted
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.bots.tetka.model import SEATS, Knowledge, read
from tricktaker.bots.tetka.moves import play_classes
from tricktaker.cards import parse_card
from tricktaker.core import Action, State, TricktakerError, View, get_game
from tricktaker.core.events import Event
from tricktaker.games.tetka import TetkaView

#: Iterations only: the clock never stops these searches.
FIXED = Budget(seconds=1e9, min_worlds=3, max_worlds=3)


def _classes(state: State) -> dict[str, str]:
    """Each legal card of the seat to act, and the card its class is tried with."""
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    reps = play_classes(state.view(seat), state.events(0, seat), legal)
    return {str(a).split()[-1]: str(legal[r]).split()[-1] for a, r in zip(legal, reps, strict=True)}


def _groups(classes: dict[str, str]) -> set[frozenset[str]]:
    out: dict[str, set[str]] = {}
    for card, rep in classes.items():
        out.setdefault(rep, set()).add(card)
    return {frozenset(g) for g in out.values()}


def test_a_run_of_cards_with_nothing_between_is_tried_once() -> None:
    """Seat 0 leads from Ac 2c 3c 2h 3h 4h 2d 3d 4d 2s 3s 4s 5s: the ace stands alone
    (the rest of the clubs lie between), each run of low cards is one class."""
    classes = _classes(crafted(LEADER))
    assert _groups(classes) == {
        frozenset({"Ac"}),
        frozenset({"2c", "3c"}),
        frozenset({"2h", "3h", "4h"}),
        frozenset({"2d", "3d", "4d"}),
        frozenset({"2s", "3s", "4s", "5s"}),
    }
    # A class is named by its first legal card.
    assert classes["3h"] == "2h" and classes["5s"] == "2s"


def test_the_photo_card_and_queens_stand_alone_and_split_their_run() -> None:
    # The photograph 3h: the three of hearts marks its trick, so 2h and 4h differ too.
    groups = _groups(_classes(crafted(LEADER, photo="3h")))
    assert {frozenset({"2h"}), frozenset({"3h"}), frozenset({"4h"})} <= groups
    # Seat 2 follows hearts with 8h 9h Th Jh Qh: the queen is a class of her own.
    state = crafted(LEADER, ["0:play 2c", "1:play 4c", "2:play 9s", "3:play 8c", "3:play Kh"])
    state.apply("0:play 2h")
    state.apply("1:play 5h")
    assert _groups(_classes(state)) == {frozenset({"8h", "9h", "Th", "Jh"}), frozenset({"Qh"})}


def test_a_card_on_the_table_splits_a_run_and_a_played_one_joins_it() -> None:
    hands = list(LEADER)
    hands[0] = "Ac 2c 3c 2h 3h 4h 2d 3d 4d 2s 3s 4s 7s"
    hands[1] = "4c 5c 6c 7c 5h 6h 7h 5d 6d 7d 6s 5s 8s"
    state = crafted(hands, ["0:play 7s"])
    # The seven on the table lies between the six and the eight of spades.
    assert _groups(_classes(state)) == {frozenset({"5s", "6s"}), frozenset({"8s"})}
    # Once the trick is over the seven is out of play: seat 1's spades are one run.
    for action in ("1:play 5s", "2:play 9s", "3:play Ks", "3:play As", "0:play 2s"):
        state.apply(action)
    assert _groups(_classes(state)) == {frozenset({"6s", "8s"})}


def test_play_classes_refuse_another_games_view() -> None:
    truc = get_game("truc").new_match(get_game("truc").options({}), seed=1)
    seat = truc.to_act
    assert seat is not None
    with pytest.raises(TricktakerError):
        play_classes(truc.view(seat), [], truc.legal_actions())


class _Count:
    """A world value that counts the play-outs it is asked for (and says 0)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, world: State, side: int) -> float:
        self.calls += 1
        return 0.0


def test_the_search_plays_out_one_card_per_class_and_scores_the_class_alike() -> None:
    state = crafted(LEADER)
    value = _Count()
    bot = SearchBot("tetka", budget=FIXED, value=value, classes=play_classes, prudence=0.0)
    legal = state.legal_actions()
    scores = bot.evaluate(state.view(0), state.events(0, 0), legal, random.Random(0))
    assert value.calls == 3 * 5  # three worlds, five classes
    by_card = {str(a).split()[-1]: s for a, s in zip(legal, scores, strict=True)}
    assert by_card["2s"] == by_card["5s"] and by_card["2c"] == by_card["3c"]


def _bad_classes(view: View, memory: Sequence[Event], legal: Sequence[Action]) -> list[int]:
    return [len(legal) - 1] * len(legal)


def test_malformed_classes_are_refused() -> None:
    state = crafted(LEADER)
    bot = SearchBot("tetka", budget=FIXED, value=_Count(), classes=_bad_classes)
    with pytest.raises(TricktakerError, match="classes"):
        bot.evaluate(state.view(0), state.events(0, 0), state.legal_actions(), random.Random(0))


class _FirstLegal:
    name = "first"

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal[0]


def test_worlds_are_weighed_by_the_card_plays_of_the_last_actions_only() -> None:
    """The policy plays the first legal card. Seat 2, void in clubs, throws the nine of
    spades (not its first card): one mismatch, read while it is among the last actions."""
    state = crafted(LEADER, ["0:play Ac", "1:play 4c", "2:play 9s", "3:play 8c"])

    def bot(read_last: int) -> SearchBot:
        return SearchBot(
            "tetka",
            budget=FIXED,
            rollout=_FirstLegal,
            infer=True,
            unread=frozenset(),
            mismatch=0.5,
            read_last=read_last,
        )

    assert bot(0)._belief(state, 0, seed=0) == pytest.approx(0.5)
    assert bot(2)._belief(state, 0, seed=0) == pytest.approx(0.5)
    assert bot(1)._belief(state, 0, seed=0) == 1.0
    # Card plays are not read where ``play`` is an unread verb (the betting games' way).
    plain = SearchBot("tetka", budget=FIXED, rollout=_FirstLegal, infer=True)
    assert plain._belief(state, 0, seed=0) == 1.0
    with pytest.raises(ValueError):
        SearchBot("tetka", mismatch=1.5)
    with pytest.raises(ValueError):
        SearchBot("tetka", read_last=-1)


def _naive_share(k: Knowledge, card: int, seats: Sequence[int]) -> float:
    suit = card // 13
    holders = [s for s in range(SEATS) if s != k.seat and not k.is_void(s, suit)]
    total = sum(k.sizes[s] for s in holders)
    return sum(k.sizes[s] for s in seats if s in holders) / total if total > 0 else 0.0


def _naive_void(k: Knowledge, seat: int, suit: int) -> float:
    if k.is_void(seat, suit):
        return 1.0
    n = k.unseen_in(suit).bit_count()
    holders = [s for s in range(SEATS) if s != k.seat and not k.is_void(s, suit)]
    total = sum(k.sizes[s] for s in holders)
    return 1.0 if n == 0 or total <= 0 else (1.0 - k.sizes[seat] / total) ** n


def test_the_chances_kept_per_suit_are_the_chances_by_their_definition() -> None:
    """Random play from several deals: every seat's knowledge at every turn gives the
    same shares and void chances as counted afresh from the voids and hand sizes."""
    game = get_game("tetka")
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        state = game.new_match(game.options({}), seed=seed)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            assert isinstance(view, TetkaView)
            k = read(view, state.events(0, seat))
            for card in range(0, 52, 5):
                for seats in ((0,), (1, 2), (0, 1, 2, 3)):
                    assert k.share(card, seats) == _naive_share(k, card, seats)
            for other in range(SEATS):
                for suit in range(4):
                    if other != seat:
                        assert k.void_chance(other, suit) == _naive_void(k, other, suit)
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked == 4 * 52
    assert parse_card("7h") == parse_card(" 7H ") == parse_card("7♥")


def test_memories_extended_as_a_state_goes_on_are_the_events_rendered_afresh() -> None:
    """A seat's memory (its events since the deal began), kept and extended, equals the
    same events rendered afresh; a fork goes on with its own copy of the state and leaves
    the original's memory as it was."""
    from tricktaker.bots.search import _deal_start, _Memories

    state = crafted(LEADER, ["0:play Ac", "1:play 4c"])
    world = state.clone()
    memories = _Memories(world)

    def fresh(s: State, seat: int) -> list[Event]:
        return s.events(_deal_start(s.events(0, seat)), seat)

    assert memories.of(world, 2) == fresh(world, 2)
    trial = world.clone()
    mine = memories.fork()
    for action in ("2:play 9s", "3:play 8c", "0:play 5s"):
        trial.apply(action)
        for seat in range(SEATS):
            assert mine.of(trial, seat) == fresh(trial, seat)
    assert memories.of(world, 2) == fresh(world, 2)
    assert len(memories.of(world, 2)) < len(mine.of(trial, 2))
