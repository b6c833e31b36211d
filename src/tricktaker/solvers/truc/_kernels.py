"""The hot loops of the Le Truc solver (``solve.py``) over a :class:`~.arrays.TrucTree`.

A node keeps, for each player, only the hands he can hold there (its *slots*:
the hands that hold the cards he has played and fit beside the opponent's), so
a vector over hands is a slice ``off[n]:off[n+1]`` of one flat array per player,
and a child's slots are a subset of its parent's (``pslot`` names the parent's
slot of each). An edge keeps its regrets and strategies over the actor's slots at
its node (``estart[e]:estart[e+1]``). Payoffs are public (a fold, a refusal, the
tricks), so a terminal is one number times the deal's matrix over pairs of hands.

Kinds as stored in ``TrucTree.kind``: 0 and 1 a decision of that seat,
:data:`TERMINAL`, :data:`LEAF` (an accepted call for cards: its values come from
the subtree below it, folded by ``solve.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

F = TypeVar("F", bound=Callable[..., Any])

TERMINAL = 3
LEAF = 4
EVALUATE = 0
BEST_RESPONSE = 1
UPDATE = 2
MAX_ACTIONS = 16

Ints = NDArray[np.int64]
Small = NDArray[np.int16]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]


def _jit(fn: F) -> F:
    return cast(F, numba.njit(cache=True)(fn))


@_jit
def regret_matching(
    kind: NDArray[np.int8],
    child_start: Ints,
    estart: Ints,
    legal: Bools,
    off0: Ints,
    off1: Ints,
    regret: Floats,
    strategy: Floats,
    player: int,
) -> None:
    """Positive regrets normalised over each slot's legal edges (uniform when none is positive)."""
    for n in range(kind.shape[0]):
        k = kind[n]
        if k > 1 or (player >= 0 and k != player):
            continue
        off = off0 if k == 0 else off1
        cnt = off[n + 1] - off[n]
        a0 = child_start[n]
        a1 = child_start[n + 1]
        for j in range(cnt):
            total = 0.0
            nlegal = 0.0
            for e in range(a0, a1):
                i = estart[e] + j
                if legal[i]:
                    nlegal += 1.0
                    if regret[i] > 0.0:
                        total += regret[i]
            for e in range(a0, a1):
                i = estart[e] + j
                if not legal[i]:
                    strategy[i] = 0.0
                elif total > 0.0:
                    strategy[i] = regret[i] / total if regret[i] > 0.0 else 0.0
                else:
                    strategy[i] = 1.0 / nlegal


@_jit
def forward(
    kind: NDArray[np.int8],
    child_start: Ints,
    children: Ints,
    estart: Ints,
    off0: Ints,
    off1: Ints,
    pslot0: Small,
    pslot1: Small,
    strategy: Floats,
    reach0: Floats,
    reach1: Floats,
) -> None:
    """Each player's probability of his own moves to every node, per slot (parents first)."""
    for j in range(off0[0], off0[1]):
        reach0[j] = 1.0
    for j in range(off1[0], off1[1]):
        reach1[j] = 1.0
    for n in range(kind.shape[0]):
        k = kind[n]
        if k >= TERMINAL:
            continue
        for e in range(child_start[n], child_start[n + 1]):
            c = children[e]
            base = estart[e]
            p0 = off0[n]
            for j in range(off0[c], off0[c + 1]):
                r = reach0[p0 + pslot0[j]]
                if k == 0:
                    r *= strategy[base + pslot0[j]]
                reach0[j] = r
            p1 = off1[n]
            for j in range(off1[c], off1[c + 1]):
                r = reach1[p1 + pslot1[j]]
                if k == 1:
                    r *= strategy[base + pslot1[j]]
                reach1[j] = r


@_jit
def backward(
    kind: NDArray[np.int8],
    child_start: Ints,
    children: Ints,
    estart: Ints,
    legal: Bools,
    payoff: Floats,
    offi: Ints,
    offo: Ints,
    hidi: Small,
    hido: Small,
    pslot: Small,
    deal: Floats,
    player: int,
    mode: int,
    strategy: Floats,
    own_reach: Floats,
    opp_reach: Floats,
    values: Floats,
    regret: Floats,
    strategy_sum: Floats,
    regret_plus: bool,
    positive_discount: float,
    negative_discount: float,
    sum_discount: float,
    sum_weight: float,
    best: Floats,
) -> None:
    """Counterfactual values of ``player``'s slots at every node, children first.

    ``deal[h, g]`` weighs the player's hand ``h`` against the opponent's ``g``
    (chance of the deal, and whatever ``solve.py`` folds in above a call); a
    terminal's values are its payoff times ``deal`` times the opponent's reach.
    LEAF values are set by the caller beforehand. ``mode`` as in
    :mod:`tricktaker.solvers._kernels`; UPDATE adds each edge's regret, then floors it
    at 0 (``regret_plus``, CFR+) or scales it by ``positive_discount`` or
    ``negative_discount`` by its sign (discounted CFR), and sets each strategy sum
    to ``sum * sum_discount + sum_weight * own reach * strategy`` (the update of
    :mod:`tricktaker.solvers._kernels`, with :func:`~tricktaker.solvers.cfr.schedule`'s
    numbers); BEST_RESPONSE
    writes the pure best reply into ``best`` (1 on the chosen edge of each slot).
    """
    sign = 1.0 if player == 0 else -1.0
    buf = np.zeros((MAX_ACTIONS, 128))
    for n in range(kind.shape[0] - 1, -1, -1):
        k = kind[n]
        o0 = offi[n]
        cnt = offi[n + 1] - o0
        if k == LEAF:
            continue
        if k == TERMINAL:
            u = sign * payoff[n]
            q0 = offo[n]
            q1 = offo[n + 1]
            for j in range(cnt):
                row = deal[hidi[o0 + j]]
                acc = 0.0
                for q in range(q0, q1):
                    acc += row[hido[q]] * opp_reach[q]
                values[o0 + j] = u * acc
            continue
        a0 = child_start[n]
        a1 = child_start[n + 1]
        for j in range(cnt):
            values[o0 + j] = 0.0
        if k != player:
            for e in range(a0, a1):
                c = children[e]
                for jc in range(offi[c], offi[c + 1]):
                    values[o0 + pslot[jc]] += values[jc]
            continue
        for e in range(a0, a1):
            ei = e - a0
            for j in range(cnt):
                buf[ei, j] = 0.0
            c = children[e]
            for jc in range(offi[c], offi[c + 1]):
                buf[ei, pslot[jc]] = values[jc]
        if mode == BEST_RESPONSE:
            for j in range(cnt):
                top = -np.inf
                arg = -1
                for e in range(a0, a1):
                    if legal[estart[e] + j] and buf[e - a0, j] > top:
                        top = buf[e - a0, j]
                        arg = e
                for e in range(a0, a1):
                    best[estart[e] + j] = 1.0 if e == arg else 0.0
                values[o0 + j] = top if arg >= 0 else 0.0
            continue
        for e in range(a0, a1):
            base = estart[e]
            for j in range(cnt):
                values[o0 + j] += strategy[base + j] * buf[e - a0, j]
        if mode == UPDATE:
            for e in range(a0, a1):
                base = estart[e]
                for j in range(cnt):
                    i = base + j
                    if not legal[i]:
                        continue
                    x = regret[i] + buf[e - a0, j] - values[o0 + j]
                    if regret_plus:
                        x = x if x > 0.0 else 0.0
                    elif x > 0.0:
                        x *= positive_discount
                    else:
                        x *= negative_discount
                    regret[i] = x
                    strategy_sum[i] = (
                        strategy_sum[i] * sum_discount
                        + sum_weight * own_reach[o0 + j] * strategy[i]
                    )


@_jit
def pair_values(
    kind: NDArray[np.int8],
    payoff: Floats,
    off0: Ints,
    off1: Ints,
    hid0: Small,
    hid1: Small,
    reach0: Floats,
    reach1: Floats,
    out: Floats,
) -> None:
    """``out[h0, h1]``: seat 0's expected payoff holding ``h0`` against ``h1``, by both reaches.

    It is what the subtree below a call is worth for every pair of new hands:
    one rank-one update per terminal over the slots there, so as dear as one
    terminal pass.
    """
    for n in range(kind.shape[0]):
        if kind[n] != TERMINAL:
            continue
        u = payoff[n]
        if u == 0.0:
            continue
        for j in range(off0[n], off0[n + 1]):
            x = u * reach0[j]
            if x == 0.0:
                continue
            row = out[hid0[j]]
            for q in range(off1[n], off1[n + 1]):
                row[hid1[q]] += x * reach1[q]


@_jit
def deal_pairs(stocks: Ints, hand_counts: Ints, comb: Floats, out: Floats) -> None:
    """``out[s, a * H + b]``: the chance of dealing hand ``a`` then hand ``b`` from stock ``s``.

    Every set of three cards for the first player and three of the rest for the
    second is equally likely; ``comb`` is the binomial table up to 4.
    """
    n_hands = hand_counts.shape[0]
    ranks = hand_counts.shape[1]
    for s in range(stocks.shape[0]):
        total = 0.0
        for a in range(n_hands):
            w1 = 1.0
            for r in range(ranks):
                c = stocks[s, r]
                x = hand_counts[a, r]
                w1 *= comb[c, x] if x <= c else 0.0
            if w1 == 0.0:
                for b in range(n_hands):
                    out[s, a * n_hands + b] = 0.0
                continue
            for b in range(n_hands):
                w = w1
                for r in range(ranks):
                    c = stocks[s, r] - hand_counts[a, r]
                    x = hand_counts[b, r]
                    w *= comb[c, x] if x <= c else 0.0
                out[s, a * n_hands + b] = w
                total += w
        for i in range(n_hands * n_hands):
            out[s, i] /= total
