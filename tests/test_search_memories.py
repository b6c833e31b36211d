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

from tricktaker.bots.search import _deal_start, _Memories
from tricktaker.core import State, get_game
from tricktaker.core.events import Event
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
        world = game.sample_state(view, memory, rng).clone(stop_after_deal=True)
        memories = _Memories(world)
        # As the search makes them: the seat's deal start read off its own memory.
        seeded = _Memories(world, starts={seat: _deal_start(memory)})
        before = {s: list(memories.of(world, s)) for s in range(world.players)}
        for s in range(world.players):
            assert before[s] == _fresh(world, s)
            assert seeded.of(world, s) == before[s]
        for n in range(4):
            trial = world.clone()
            mine = (memories if n % 2 else seeded).fork()
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
