"""The engines' fast paths (issue 23) agree with the plain definitions they replace.

The written-out shuffle gives the plain Fisher-Yates loop's order for every deck size
and every kind of seed, so records made before it replay the same deals.
"""

from __future__ import annotations

import random

import pytest

from tricktaker.core.dealing import shuffled, shuffled_plain, shuffler


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 20, 24, 30, 32, 33, 36, 40, 48, 52, 59])
def test_written_shuffle_is_the_plain_loop(size: int) -> None:
    rng = random.Random(size)
    cards = [rng.randrange(1000) for _ in range(size)]
    seeds: list[int | str] = [0, 1, -7, 2**80, "x", "seed/é#draw", "\ud800"]
    seeds += [rng.randrange(10**12) for _ in range(40)]
    for seed in seeds:
        for index in (0, 1, 13, 99_999):
            expected = shuffled_plain(cards, seed, index)
            assert shuffled(cards, seed, index) == expected
            assert shuffler(size)(cards, seed, index) == expected
    assert shuffled(cards, 5, 5) is not cards
