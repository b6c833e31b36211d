"""The search's memories of a deal, read on from a place in the log (issue 23's speed).

``GameState.events_after`` hands a reader the events of the entries after his place,
numbered on from his count; the search's ``_Memories`` keeps each seat's place in a
world and its trials. Both must give exactly what ``events`` renders afresh, in every
game, on a sampled world (whose log opens with the seat's memory of the match, told
as one entry) and late in a match (several deals in the log), for every seat,
private words and new cards included.
"""

from __future__ import annotations

import random

import pytest

from tricktaker.bots import make_bot, search
from tricktaker.bots.search import _deal_start, _Memories, _told_deal_start
from tricktaker.core import State, get_game
from tricktaker.core.events import Event, deal_events
from tricktaker.core.state import GameState

GAMES = [
    ("truc", {"players": 2}),
    ("truc", {"players": 4}),
    ("truco", {"players": 2}),
    ("truco", {"players": 6}),
    ("tetka", {}),
    ("preferans", {}),
]


def _played(name: str, values: dict[str, object], seed: int, steps: int) -> State:
    """A match of random legal actions, ``steps`` of them (or to its end)."""
    game = get_game(name)
    state = game.new_match(game.options(values), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.to_act is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _fresh(state: State, seat: int) -> list[Event]:
    """The seat's events since the deal began, rendered afresh from the log."""
    return state.events(_deal_start(state.events(0, seat)), seat)


@pytest.mark.parametrize(("name", "values"), GAMES, ids=[f"{g}-{v}" for g, v in GAMES])
def test_events_read_on_from_a_place_are_the_events_rendered_afresh(
    name: str, values: dict[str, object]
) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(40):  # matches of random play may end soon (a refused raise)
        if checked >= 150:
            break
        state = _played(name, values, seed, 10 + 20 * (seed % 4))
        assert isinstance(state, GameState)
        places = {seat: state.events_after(0, 0, seat) for seat in range(state.n)}
        for seat, (told, end) in places.items():
            assert told == state.events(0, seat)
            assert end == len(state.log)
            since = rng.randrange(len(told) + 2)  # events before it counted, not rendered
            assert state.events_after(0, 0, seat, since) == (state.events(since, seat), end)
        for _ in range(30):
            if state.to_act is None:
                break
            state.apply(rng.choice(state.legal_actions()))
            for seat in range(state.n):
                told, place = places[seat]
                number = len(told)
                new, end = state.events_after(place, number, seat)
                assert new == state.events(number, seat)
                places[seat] = (told + new, end)
                checked += 1
    assert checked >= 150


@pytest.mark.parametrize(("name", "values"), GAMES, ids=[f"{g}-{v}" for g, v in GAMES])
def test_memories_of_a_sampled_world_and_its_trials_are_rendered_afresh(
    name: str, values: dict[str, object]
) -> None:
    """As the search reads them: a world sampled for the seat to act, cut at its deal's
    end, a fork per trial; the world's memories are left as they were."""
    game = get_game(name)
    rng = random.Random(11)
    trials = 0
    for seed in range(40):
        if trials >= 20:
            break
        state = _played(name, values, 100 + seed, 10 + 20 * (seed % 4))
        seat = state.to_act
        if seat is None:
            continue
        view, memory = state.view(seat), state.events(0, seat)
        if seed % 2:  # a caller may hand the search the deal's events only
            memory = deal_events(memory)
        world = game.sample_state(view, memory, rng).clone(stop_after_deal=True)
        memories = _Memories(world)
        # As the search makes them: the seat's deal start read off its own memory.
        seeded = _Memories(world, starts={seat: _told_deal_start(memory)})
        before = {s: list(memories.of(world, s)) for s in range(world.players)}
        for s in range(world.players):
            assert before[s] == _fresh(world, s)
            assert seeded.of(world, s) == before[s]
        for n in range(4):
            trial = world.clone()
            mine = (memories if n % 2 else seeded).fork()
            if n >= 2:
                mine = mine.fork()  # a fork of a fork reads its stream afresh
            while trial.to_act is not None:
                trial.apply(rng.choice(trial.legal_actions()))
                actor = trial.to_act
                if actor is None:
                    break
                assert mine.of(trial, actor) == _fresh(trial, actor)
                trials += 1
            for s in range(world.players):
                assert memories.of(world, s) == seeded.of(world, s) == before[s]
    assert trials >= 20


@pytest.mark.parametrize(("name", "values"), GAMES[:4], ids=[f"{g}-{v}" for g, v in GAMES[:4]])
def test_the_search_hands_every_imagined_seat_its_memory_as_rendered_afresh(
    name: str, values: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search's own path: worlds sampled from the whole match's memory and from the
    deal's events only, each imagined seat's memory checked at every read."""
    reads: list[int] = []

    class Checked(search._Memories):
        def of(self, state: State, seat: int) -> list[Event]:
            got = super().of(state, seat)
            assert got == _fresh(state, seat)
            reads.append(seat)
            return got

        def fork(self) -> search._Memories:
            return Checked(parent=self)

    monkeypatch.setattr(search, "_Memories", Checked)
    bot = make_bot("search", name)
    assert isinstance(bot, search.SearchBot)
    bot.budget = search.Budget(seconds=1e9, min_worlds=2, max_worlds=2)
    searched = 0
    for seed in range(20):
        state = _played(name, values, 200 + seed, 15 + 10 * (seed % 3))
        seat = state.to_act
        if seat is None or len(state.legal_actions()) < 2:
            continue
        full = state.events(0, seat)
        for memory in (full, deal_events(full)):
            bot.evaluate(state.view(seat), memory, state.legal_actions(), random.Random(seed))
        searched += 1
        if searched == 3:
            break
    assert searched == 3 and len(reads) > 50


def test_a_bad_place_in_the_log_is_refused_clearly() -> None:
    from tricktaker.core.errors import IllegalAction

    state = _played("truc", {"players": 2}, 1, 10)
    assert isinstance(state, GameState)
    size = len(state.log)
    for entry, number, since in [(-1, 0, 0), (0, -5, 0), (0, 0, -3), (size + 1, 0, 0)]:
        with pytest.raises(IllegalAction):
            state.events_after(entry, number, 0, since)
    with pytest.raises(IllegalAction):
        state.events_after(True, 0, 0)  # a bool is not a place
    with pytest.raises(IllegalAction):
        state.events_after(0, 0, 5)  # no such seat
    assert state.events_after(size, 3, 1) == ([], size)
