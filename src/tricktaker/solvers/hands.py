"""Hands as rows of small ints, for the bots' compiled chance estimates (numba).

Le Truc's and Truco's ``rules`` bots estimate their chances by dealing the
unseen cards at random and playing the deals out (``solvers/truc/chance4.py``,
``solvers/truco/chance.py``). Both keep each seat's hand as the first cards of
a row of a 2-D array, ascending, with the count beside it: this module is what
they share (dealing a hand in order, taking a card out, the jit and its seed),
so that each game's module holds only its game's rules.

numba's cache on disk renews a kernel when its own file changes, not when a
function it calls from another file does: after an edit here, clear the
``__pycache__`` folders of ``solvers/truc`` and ``solvers/truco`` (or touch
their ``chance`` modules) so that their kernels are compiled again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

F = TypeVar("F", bound=Callable[..., Any])


def jit(fn: F) -> F:
    """numba's ``njit`` with a cache on disk, typed for mypy as the function it wraps."""
    return cast(F, numba.njit(cache=True)(fn))


@jit
def seed_kernels(value: int) -> None:
    """Seed numba's generator, which the kernels draw from (numpy's own is another)."""
    np.random.seed(value)


@jit
def deal_sorted(
    hands: NDArray[np.int64], seat: int, cards: NDArray[np.int64], start: int, k: int
) -> None:
    """Give ``seat`` the ``k`` cards of ``cards`` from ``start``, ascending."""
    for j in range(k):
        c = cards[start + j]
        at = j
        while at > 0 and hands[seat, at - 1] > c:
            hands[seat, at] = hands[seat, at - 1]
            at -= 1
        hands[seat, at] = c


@jit
def take(hands: NDArray[np.int64], counts: NDArray[np.int64], seat: int, card: int) -> None:
    """Take ``card`` out of ``seat``'s hand, the rest kept in order (it must be there)."""
    n = counts[seat]
    at = 0
    while hands[seat, at] != card:
        at += 1
    for j in range(at, n - 1):
        hands[seat, j] = hands[seat, j + 1]
    counts[seat] = n - 1
