"""The compiled playouts (``core.playouts``; Le Truc's and Tetka's ``fast.py``, issue 23)
hold to the plain engine.

Every deal a kernel plays is replayed through the engine: each action id is one of
the engine's legal actions at that step, the kernel saw as many legal actions as the
engine lists (so its uniform draw is the engine's), the deal ends where the kernel's
ended, and with the same end, winner and points (Le Truc) or marks for every seat
(Tetka). For every option set of each game and both policies, from the start of
a deal (as dealt by the seed, and dealt afresh by the kernel) and from states
part-way through one; a quick sample here, a larger one in the slow tier.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from scale import sample
from tricktaker.cards import CARD_NAMES
from tricktaker.core import get_game
from tricktaker.core.options import Options, option_sets
from tricktaker.core.playouts import PlayoutError, Playouts
from tricktaker.core.protocol import Game, State, random_playouts
from tricktaker.core.summary import DealSummary

GAMES = ("truc", "tetka")
POLICIES = ("uniform", "card-play")


def cases() -> Iterator[tuple[str, Options]]:
    for name in GAMES:
        game = get_game(name)
        for options in option_sets(game.option_schema()):
            yield name, options


CASES = list(cases())
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in o.to_json().items())}" for name, o in CASES]


def scores_of(game: Game, summary: DealSummary) -> tuple[int, ...]:
    """What the kernel's ``scores`` row should be: Le Truc's points by side, Tetka's marks."""
    if game.id == "tetka":
        return tuple(summary.details["marks"])
    return tuple(int(g) for g in summary.gains)


def fresh_match(game: Game, state: State, seed: int, options: Options, dealt: list[int]) -> State:
    """The match of ``state`` with its first deal as the kernel dealt it (``Playouts.dealt``:
    each hand in seat order, then the stock)."""
    n = state.players
    size = len(dealt) // n if game.id == "tetka" else 3
    deal: dict[str, object] = {
        "hands": [[CARD_NAMES[c] for c in dealt[s * size : s * size + size]] for s in range(n)]
    }
    if game.id == "truc":
        deal["stock"] = [CARD_NAMES[c] for c in dealt[n * size :]]
    else:
        deal["photo"] = state.view(0).to_json()["photo"]
    start = getattr(state, "start", None)
    return game.new_match(options, seed=seed, deals=[deal], start=start)


def check_batch(
    game: Game, state: State, batch: Playouts, seed: int, options: Options, fresh: bool
) -> Counter[str]:
    """Replay every playout of ``batch`` through the engine; the verbs checked, counted."""
    checked: Counter[str] = Counter()
    deals_before = len(state.finished_deals())
    for i in range(len(batch)):
        if fresh:
            assert batch.dealt is not None
            base = fresh_match(game, state, seed, options, [int(c) for c in batch.dealt[i]])
        else:
            base = state
        world = base.clone(stop_after_deal=True)
        length = int(batch.lengths[i])
        assert batch.actions[i, length:].tolist() == [-1] * (batch.actions.shape[1] - length)
        for j in range(length):
            assert world.to_act is not None, f"playout {i}: the engine's deal ended at step {j}"
            legal = world.legal_actions()
            action = game.action_from_id(int(batch.actions[i, j]))
            assert action in legal, f"playout {i}, step {j}: {action} not in {legal}"
            assert len(legal) == int(batch.legal_counts[i, j]), f"playout {i}, step {j}"
            world.apply(action)
            checked[action.verb] += 1
        assert world.to_act is None, f"playout {i}: the engine's deal goes on"
        summary = world.finished_deals()[deals_before]
        assert summary.end == batch.end_names[int(batch.ends[i])]
        assert scores_of(game, summary) == tuple(int(x) for x in batch.scores[i])
    return checked


def random_states(game: Game, options: Options, rng: random.Random, count: int) -> list[State]:
    """Matches at a deal's start (a random score or marks, ``random_start``), and states
    some actions into a deal."""
    out = []
    for k in range(count):
        start = game.random_start(options, rng)
        state = game.new_match(options, seed=rng.randrange(10**6), start=start)
        if k % 2:
            for _ in range(rng.randrange(1, 12)):
                legal = state.legal_actions()
                probe = state.clone(stop_after_deal=True)
                a = legal[rng.randrange(len(legal))]
                probe.apply(a)
                if probe.to_act is None:
                    break
                state.apply(a)
        out.append(state)
    return out


def run_case(name: str, options: Options, states: int, per_state: int, seed: int) -> Counter[str]:
    """Batches of both policies from random states, replayed; the verbs checked, counted."""
    game = get_game(name)
    rng = random.Random(seed)
    checked: Counter[str] = Counter()
    for k, state in enumerate(random_states(game, options, rng, states)):
        at_start = len(state.finished_deals()) == 0 and k % 2 == 0
        for policy in POLICIES:
            for fresh in (False, True) if at_start else (False,):
                before = state.to_record()
                verbs = {a.verb for a in state.legal_actions()}
                if policy == "card-play" and not verbs & {"play", "pass"}:
                    with pytest.raises(PlayoutError, match="nothing to play or pass"):
                        random_playouts(state, per_state, seed + k, policy, deal=fresh)
                    continue
                batch = random_playouts(state, per_state, seed + k, policy, deal=fresh)
                assert batch is not None
                assert state.to_record() == before  # the state is left as it was
                checked += check_batch(game, state, batch, rng.randrange(10**6), options, fresh)
    return checked


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_kernel_playouts_replay_through_the_engine(name: str, options: Options) -> None:
    assert run_case(name, options, states=sample(12, 6), per_state=sample(24, 12), seed=1)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_kernel_playouts_replay_through_the_engine_at_length(name: str, options: Options) -> None:
    assert run_case(name, options, states=sample(60, 20), per_state=sample(100, 30), seed=2)


@pytest.mark.parametrize("players", [2, 4])
def test_the_replays_hold_every_verb_of_le_truc(players: int) -> None:
    """Random play from random scores reaches every verb (a rest and a counter-rest
    among them), so the replays check the kernel's every rule, not its card play only."""
    game = get_game("truc")
    verbs = run_case("truc", game.options({"players": players}), 40, 20, seed=3)
    four = {"say", "signal", "pass"} if players == 4 else set()
    expected = {"play", "fold", "redeal", "accept", "refuse", "double", "rest", *four}
    assert set(verbs) == expected


def test_every_kind_of_end_is_played() -> None:
    """Random play reaches every end of a Le Truc deal (three spoiled tricks, drawn, with
    the card-play policy), so the replays hold the kernel to every rule of the deal's end."""
    game = get_game("truc")
    ends: set[str] = set()
    for players in (2, 4):
        for redeal, ties in (("repeat", "leader"), ("once", "spoil")):
            options = game.options({"players": players, "redeal": redeal, "ties": ties})
            state = game.new_match(options, seed=3)
            for policy in POLICIES:
                batch = random_playouts(state, 4000, 3, policy, deal=True)
                assert batch is not None
                ends |= {batch.end_names[int(e)] for e in set(batch.ends.tolist())}
    assert ends == {"tricks", "folded", "refused", "drawn", "void"}


def test_the_same_seed_gives_the_same_batch() -> None:
    for name in GAMES:
        game = get_game(name)
        state = game.new_match(game.options({}), seed=5)
        a = random_playouts(state, 50, 9, deal=True)
        b = random_playouts(state, 50, 9, deal=True)
        c = random_playouts(state, 50, 10, deal=True)
        assert a is not None and b is not None and c is not None
        assert (a.actions == b.actions).all() and (a.scores == b.scores).all()
        assert a.dealt is not None and b.dealt is not None and c.dealt is not None
        assert (a.dealt == b.dealt).all() and not (a.dealt == c.dealt).all()


@pytest.mark.parametrize("name", GAMES)
def test_bad_requests_are_refused_in_words(name: str) -> None:
    game = get_game(name)
    state = game.new_match(game.options({}), seed=5)
    with pytest.raises(PlayoutError, match="policy"):
        random_playouts(state, 1, 1, "greedy")
    with pytest.raises(PlayoutError, match="n must be"):
        random_playouts(state, -1, 1)
    with pytest.raises(PlayoutError, match="seed"):
        random_playouts(state, 1, "1")  # type: ignore[arg-type]
    legal = state.legal_actions()
    card = next(a for a in legal if a.verb == "play")
    state.apply(card)
    with pytest.raises(PlayoutError, match="deal's start"):
        random_playouts(state, 1, 1, deal=True)
    empty = random_playouts(state, 0, 1)
    assert empty is not None and len(empty) == 0


def test_card_play_with_nothing_to_play_is_refused() -> None:
    game = get_game("truc")
    state = game.new_match(game.options({"players": 2}), seed=5)
    double = next(a for a in state.legal_actions() if a.verb == "double")
    state.apply(double)  # the other seat must answer: no card, no pass
    with pytest.raises(PlayoutError, match="nothing to play or pass"):
        random_playouts(state, 3, 1, "card-play")


def test_a_game_without_the_capability_gives_none() -> None:
    game = get_game("preferans")
    state = game.new_match(game.options({}), seed=5)
    assert random_playouts(state, 3, 1) is None
