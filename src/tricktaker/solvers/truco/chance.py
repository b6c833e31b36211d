"""Truco's chance of the hand (``bots/truco/model.estimate``), compiled (numba).

Why: the ``rules`` bot asks for its chance of the hand before its bets and
answers, by playing out 20 to 40 deals of the cards it has not seen with
:func:`model.policy` at every seat. In Python that was about half of a
six-player search's time (the search rolls its worlds out with the ``rules``
bot at every seat); compiled it is some tens of microseconds.

The kernel is the Python model step for step: the same card policy, the same
trick rule (the best card takes it; a tie goes to no one and the trick's first
player leads again), the same outcome table (``games/truco/outcomes.py``), the
same partial Fisher-Yates draw of the unknown hands (hands seen in a hand of
eleven are used as they are). Only the random numbers differ: numba's
generator, seeded by one draw of the bot's ``rng``, so a bot with a seeded rng
still plays the same game every time. ``tests/test_truco_chance.py`` plays the
kernel's playout beside ``model.playout`` and checks the estimates agree.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from tricktaker.games.truco.outcomes import DRAW, TIE, UNDECIDED
from tricktaker.games.truco.outcomes import OUTCOME as OUTCOME_OF
from tricktaker.solvers.hands import deal_sorted, jit, take

#: Cards in a hand at most.
HAND = 3
#: OUTCOME[tricks' code]: ``outcomes.OUTCOME`` with the trick results (0, 1, TIE)
#: coded as the sum of (result + 1) * 4**i. numba freezes it into the cached machine
#: code, which it renews only when this file changes: after an edit of ``outcomes.py``
#: alone, clear the cache (``__pycache__`` here) or touch this file.
OUTCOME = np.full(64, UNDECIDED, dtype=np.int64)
for _prefix, _won in OUTCOME_OF.items():
    OUTCOME[sum((r + 1) << (2 * i) for i, r in enumerate(_prefix))] = _won


@jit
def _policy(hand: NDArray[np.int64], hn: int, own: int, theirs: int, leading: bool) -> int:
    """``model.policy`` (``hand``: a row whose first ``hn`` cards are ascending)."""
    if leading:
        return int(hand[hn - 1])
    if own > theirs:
        return int(hand[0])
    tie = False
    for j in range(hn):
        c = hand[j]
        if c > theirs:
            return int(c)
        tie = tie or c == theirs
    return theirs if tie else int(hand[0])


@jit
def _playout(
    hands: NDArray[np.int64],
    hn: NDArray[np.int64],
    tricks: NDArray[np.int64],
    nt: int,
    tseat: NDArray[np.int64],
    tstr: NDArray[np.int64],
    tn: int,
    to_play: int,
    n: int,
) -> float:
    """``model.playout`` on arrays it may change; the hand's worth to side 0 (won 1,
    drawn 1/2, lost 0)."""
    best0 = best1 = -2
    at0 = at1 = 0
    for i in range(tn):
        s = tstr[i]
        if tseat[i] & 1:
            if s > best1:
                best1, at1 = s, tseat[i]
        elif s > best0:
            best0, at0 = s, tseat[i]
    played = tn
    first = tseat[0] if tn else to_play
    while True:
        if played == n:
            if best0 > best1:
                result, to_play = 0, at0
            elif best1 > best0:
                result, to_play = 1, at1
            else:
                result, to_play = TIE, first
            tricks[nt] = result
            nt += 1
            code = 0
            for i in range(nt):
                code += (tricks[i] + 1) << (2 * i)
            outcome = OUTCOME[code]
            if outcome != UNDECIDED:
                if outcome == DRAW:
                    return 0.5
                return 1.0 if outcome == 0 else 0.0
            best0 = best1 = -2
            played = 0
            first = to_play
        k = hn[to_play]
        if to_play & 1:
            c = _policy(hands[to_play], k, best1, best0, played == 0)
        else:
            c = _policy(hands[to_play], k, best0, best1, played == 0)
        take(hands, hn, to_play, c)
        if to_play & 1:
            if c > best1:
                best1, at1 = c, to_play
        elif c > best0:
            best0, at0 = c, to_play
        played += 1
        to_play = (to_play + 1) % n


@jit
def estimate_kernel(
    base: NDArray[np.int64],
    base_n: NDArray[np.int64],
    unknown: NDArray[np.int64],
    sizes: NDArray[np.int64],
    pool: NDArray[np.int64],
    tricks: NDArray[np.int64],
    tseat: NDArray[np.int64],
    tstr: NDArray[np.int64],
    to_play: int,
    seed: int,
    samples: int,
) -> float:
    """``model.estimate``: the mean of ``samples`` playouts, the ``unknown`` seats'
    hands drawn from ``pool`` by a partial Fisher-Yates shuffle (``base``: the known
    hands, ascending, ``base_n`` cards each). ``pool`` is shuffled in place."""
    np.random.seed(seed)
    n = sizes.shape[0]
    size = pool.shape[0]
    need = 0
    for r in unknown:
        need += sizes[r]
    need = min(need, size)
    hands = np.zeros((n, HAND), dtype=np.int64)
    hn = np.zeros(n, dtype=np.int64)
    tr = np.zeros(HAND, dtype=np.int64)
    ts = np.zeros(n, dtype=np.int64)
    tv = np.zeros(n, dtype=np.int64)
    nt = tricks.shape[0]
    tn = tseat.shape[0]
    total = 0.0
    for _ in range(samples):
        for i in range(need):
            j = i + np.random.randint(size - i)
            pool[i], pool[j] = pool[j], pool[i]
        hands[:] = base
        hn[:] = base_n
        pos = 0
        for r in unknown:
            k = min(sizes[r], size - pos)
            deal_sorted(hands, r, pool, pos, k)
            hn[r] = k
            pos += k
        tr[:nt] = tricks
        ts[:tn] = tseat
        tv[:tn] = tstr
        total += _playout(hands, hn, tr, nt, ts, tv, tn, to_play, n)
    return total / samples


def estimate_fast(
    mine: Sequence[int],
    known: Mapping[int, Sequence[int]],
    sizes: Sequence[int],
    pool: Sequence[int],
    tricks: Sequence[int],
    table: Sequence[tuple[int, int]],
    to_play: int,
    rng: random.Random,
    samples: int,
) -> float:
    """The chance of the hand as ``model.estimate`` gives it (same arguments; seats
    relative to the bot)."""
    n = len(sizes)
    unknown = sum(sizes[r] for r in range(1, n) if r not in known)
    if len(mine) != sizes[0] or any(len(known[r]) != sizes[r] for r in known):
        raise ValueError("a hand and its size disagree")
    if len(pool) < unknown or len(table) > n or not 0 <= to_play < n:
        raise ValueError("fewer unseen cards than the unknown hands hold, or a bad table")
    base = np.zeros((n, HAND), dtype=np.int64)
    base_n = np.zeros(n, dtype=np.int64)
    for r, hand in enumerate([mine, *(known.get(r, ()) for r in range(1, n))]):
        cards = sorted(hand)
        base[r, : len(cards)] = cards
        base_n[r] = len(cards)
    return float(
        estimate_kernel(
            base,
            base_n,
            np.array([r for r in range(1, n) if r not in known], dtype=np.int64),
            np.array(sizes, dtype=np.int64),
            np.array(pool, dtype=np.int64),
            np.array(tricks, dtype=np.int64),
            np.array([s for s, _ in table], dtype=np.int64),
            np.array([c for _, c in table], dtype=np.int64),
            to_play,
            rng.getrandbits(32),
            samples,
        )
    )
