"""The compiled chance of the hand (``solvers/truco/chance.py``) is the Python model's.

Its playout is checked deal by deal against ``model.playout`` on random positions
with 2, 4 and 6 players (face-down cards and ties included); its estimate samples
with another generator, so it is checked against ``model.estimate`` in
distribution, known hands of a hand of eleven included.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tricktaker.bots.truco.model import Table, estimate, playout
from tricktaker.games.truco.outcomes import OUTCOME, TIE, UNDECIDED
from tricktaker.solvers.truco.chance import _playout, estimate_fast

#: Truco's 40 cards by strength this deal (0 = a four .. 9 = a three, four of each)
#: and the four manilhas (10 .. 13); -1 is a card played face down.
DECK = [s for s in range(10) for _ in range(4)] + [10, 11, 12, 13]


def _trick(table: Table, first: int) -> tuple[int, int]:
    """The model's trick rule: the best card's side; a tie to no one, its leader again."""
    best = [-2, -2]
    at = [0, 0]
    for seat, s in table:
        if s > best[seat & 1]:
            best[seat & 1], at[seat & 1] = s, seat
    if best[0] != best[1]:
        side = 0 if best[0] > best[1] else 1
        return side, at[side]
    return TIE, first


def _position(rng: random.Random, n: int) -> tuple[list[list[int]], tuple[int, ...], Table, int]:
    """A random undecided position of an ``n``-player hand, reached by random cards
    (now and then face down) from a random deal."""
    while True:
        cards = rng.sample(DECK, 3 * n)
        hands = [sorted(cards[3 * i : 3 * i + 3]) for i in range(n)]
        tricks: tuple[int, ...] = ()
        table: Table = []
        to_play = rng.randrange(n)
        for _ in range(rng.randrange(3 * n)):
            c = rng.choice(hands[to_play])
            hands[to_play].remove(c)
            table.append((to_play, -1 if rng.random() < 0.1 else c))
            to_play = (to_play + 1) % n
            if len(table) == n:
                result, to_play = _trick(table, table[0][0])
                tricks, table = (*tricks, result), []
                if OUTCOME[tricks] != UNDECIDED:
                    break
        if OUTCOME[tricks] == UNDECIDED:
            return hands, tricks, table, to_play


def _kernel_playout(
    hands: list[list[int]], tricks: tuple[int, ...], table: Table, to_play: int, n: int
) -> float:
    grid = np.zeros((n, 3), dtype=np.int64)
    for seat, hand in enumerate(hands):
        grid[seat, : len(hand)] = hand
    tr = np.zeros(3, dtype=np.int64)
    tr[: len(tricks)] = tricks
    ts = np.zeros(n, dtype=np.int64)
    tv = np.zeros(n, dtype=np.int64)
    for i, (s, c) in enumerate(table):
        ts[i], tv[i] = s, c
    counts = np.array([len(h) for h in hands], dtype=np.int64)
    return float(_playout(grid, counts, tr, len(tricks), ts, tv, len(table), to_play, n))


@pytest.mark.parametrize("n", [2, 4, 6])
def test_the_kernels_playout_is_the_models(n: int) -> None:
    rng = random.Random(n)
    for _ in range(500):
        hands, tricks, table, to_play = _position(rng, n)
        expected = playout([h[:] for h in hands], tricks, list(table), to_play, n)
        assert _kernel_playout(hands, tricks, table, to_play, n) == expected


def test_the_comparison_can_fail() -> None:
    """The check above sees a wrong play: a kernel handed the hands highest first (its
    policy then reads the wrong ends) differs from the model somewhere."""
    rng = random.Random(9)
    differs = 0
    for _ in range(200):
        hands, tricks, table, to_play = _position(rng, 4)
        expected = playout([h[:] for h in hands], tricks, list(table), to_play, 4)
        shown = [h[::-1] for h in hands]  # not ascending: the policy reads the wrong ends
        differs += _kernel_playout(shown, tricks, table, to_play, 4) != expected
    assert differs > 0


def _pool(*seen: int) -> list[int]:
    pool = list(DECK)
    for c in seen:
        pool.remove(c)
    return pool


SPOTS = [
    # mine, known hands, sizes, tricks, table, to play
    ((3, 7, 13), {}, [3, 3], (), [], 0),
    ((0, 5, 11), {}, [3, 3, 2, 2], (), [(2, 9), (3, 4)], 0),
    ((2, 9), {}, [2, 2, 2, 2, 2, 1], (1,), [(5, 12)], 0),
    ((6, 10), {2: [8, 12]}, [2, 2, 2, 2], (0,), [], 1),
    ((1, 4, 8), {2: [7, 9, 13], 4: [0, 2, 3]}, [3] * 6, (), [], 0),
]


@pytest.mark.parametrize(("mine", "known", "sizes", "tricks", "table", "to_play"), SPOTS)
def test_the_estimate_agrees_with_the_models(
    mine: tuple[int, ...],
    known: dict[int, list[int]],
    sizes: list[int],
    tricks: tuple[int, ...],
    table: Table,
    to_play: int,
) -> None:
    seen = [*mine, *(c for h in known.values() for c in h), *(c for _, c in table)]
    pool = _pool(*seen)
    args = (mine, known, sizes, pool, tricks, table, to_play)
    slow = estimate(*args, random.Random(1), 3000)
    fast = estimate_fast(*args, random.Random(2), 3000)
    assert fast == pytest.approx(slow, abs=0.04)


def test_the_estimate_is_the_same_for_the_same_rng() -> None:
    def draw(seed: int) -> float:
        pool = _pool(3, 7, 13)
        return estimate_fast((3, 7, 13), {}, [3, 3, 3, 3], pool, (), [], 0, random.Random(seed), 20)

    assert draw(5) == draw(5)
    draws = {draw(seed) for seed in range(8)}
    assert len(draws) > 1


@pytest.mark.parametrize(
    "change",
    [
        {"mine": (2, 5)},  # two cards where the sizes say three
        {"known": {2: [4]}},  # a partner's shown hand shorter than his size
        {"pool": [1, 2, 3]},  # fewer unseen cards than the unknown hands hold
        {"to_play": 4},
    ],
)
def test_bad_input_is_refused(change: dict[str, object]) -> None:
    args: dict[str, object] = {
        "mine": (2, 5, 7),
        "known": {},
        "sizes": [3, 3, 3, 3],
        "pool": _pool(2, 5, 7),
        "tricks": (),
        "table": [],
        "to_play": 0,
        "rng": random.Random(1),
        "samples": 4,
    }
    estimate_fast(**args)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        estimate_fast(**{**args, **change})  # type: ignore[arg-type]
