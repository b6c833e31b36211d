"""Random playouts run in bulk by a compiled kernel: the ``RandomPlayouts`` capability.

A search bot spends its time playing worlds out at random, and a Python state
machine spends about a microsecond on each action of them (issue 23, bench/README.md).
A game that can do better plays a batch of deals in machine code (Le Truc's and
Tetka's numba kernels, ``games/<game>/fast.py``) and hands back what each deal
was, compactly: its action ids, how many actions were legal at each step, and
what it gave each side. Nothing is taken on trust: ``tests/test_fast_playouts.py``
replays the actions through the plain engine (legal at every step, as many legal
actions, the same end and score) for every option set of each game.

The batch is only the deal in progress, played out (as a search copy made with
``clone(stop_after_deal=True)`` would play it); with ``deal=True`` each playout
deals that deal's cards afresh first (the state must be at the deal's start), so
that one call plays ``n`` complete deals, as the bench times them beside OpenSpiel.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

#: The policies a kernel plays by, as ``core.workloads.PlayPolicy`` names them.
POLICY_CODES = {"uniform": 0, "card-play": 1}


class PlayoutError(ValueError):
    """Playouts were asked of a state that cannot give them (the match is over, a fresh
    deal of a deal under way, a policy with nothing to do); the state is unchanged."""


@dataclass(frozen=True, slots=True)
class Playouts:
    """``n`` deals played out by a kernel, one row each.

    ``actions[i, :lengths[i]]`` are deal ``i``'s action ids (``Game.action_from_id``),
    ``legal_counts[i, j]`` how many actions were legal before its ``j``-th,
    ``scores[i]`` what the deal gave each side (Le Truc: its points to the side
    that won it; Tetka: each seat's marks), ``ends[i]`` how it ended (an index
    into ``end_names``), and, for fresh deals, ``dealt[i]`` the cards of each
    seat's hand in seat order and then the stock, as the game's deal piles hold them.
    """

    actions: NDArray[np.int16]
    lengths: NDArray[np.int16]
    legal_counts: NDArray[np.int8]
    scores: NDArray[np.int32]
    ends: NDArray[np.int8]
    end_names: tuple[str, ...]
    dealt: NDArray[np.int8] | None = None

    def __len__(self) -> int:
        return len(self.lengths)

    @property
    def total_actions(self) -> int:
        return int(self.lengths.sum())


def policy_code(policy: str) -> int:
    """The kernel's number of a policy; PlayoutError for one it does not know."""
    try:
        return POLICY_CODES[str(policy)]
    except KeyError:
        known = ", ".join(POLICY_CODES)
        raise PlayoutError(f"no playout policy {policy!r}; one of: {known}") from None


def check_count(n: int) -> int:
    """A batch size (PlayoutError below 0 or past a million: a batch is held in memory)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1_000_000:
        raise PlayoutError(f"playouts: n must be an int from 0 to 1,000,000, not {n!r}")
    return n


def seed32(seed: int) -> int:
    """The kernel's seed (its generator takes 32 bits) from any int."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayoutError(f"playouts: the seed must be an int, not {seed!r}")
    return seed % (1 << 32)
