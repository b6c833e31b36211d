"""The hot loops of CFR and best response over a :class:`~.tree.GameTree`'s arrays.

They are plain loops over nodes, edges and hands, compiled by numba (the
Python interpreter would spend its time on the loop counters); with
``NUMBA_DISABLE_JIT=1`` they run as the same Python, which is how to step
through them. The innermost loop always runs over hands, along the
contiguous rows of the (edges, hands) and (nodes, hands) arrays.

Names of the tree's arrays as in :mod:`.tree`: ``kind``, ``child_start``,
``children``, ``edge_mask`` and ``masks``, ``terminal_matrix`` and
``terminal_scale``, ``matrices`` (player 0's payoffs over (hand0, hand1), deal
included) and ``matrices_t`` (the same transposed, for player 1's side).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

F = TypeVar("F", bound=Callable[..., Any])

#: Node kinds as stored in ``GameTree.kind`` (see :class:`~.tree.NodeKind`).
CHANCE = 2
TERMINAL = 3

#: What :func:`backward` does at the decisions of the player whose values it computes.
EVALUATE = 0  # mix the children by the strategy: the value of the profile
BEST_RESPONSE = 1  # take the best child for each hand
UPDATE = 2  # evaluate, and add each child's advantage to its regret (CFR)

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]


def _jit(fn: F) -> F:
    """numba's ``njit`` with a cache on disk, typed for mypy as the function it wraps."""
    return cast(F, numba.njit(cache=True)(fn))


@_jit
def regret_matching(
    kind: NDArray[np.int8],
    child_start: Ints,
    edge_mask: Ints,
    masks: Bools,
    hands0: int,
    hands1: int,
    regret: Floats,
    strategy: Floats,
    player: int,
) -> None:
    """Writes into ``strategy`` the positive regrets normalised over each hand's legal actions.

    Only at ``player``'s decisions (both players' when ``player`` is -1). A
    hand with no positive regret plays its legal actions uniformly; an
    illegal action gets 0. Fed with ``regret`` all zero it gives the uniform
    strategy, and fed with the strategy sums it gives the average strategy.
    """
    hmax = strategy.shape[1]
    total = np.empty(hmax)
    legal = np.empty(hmax)
    for n in range(kind.shape[0]):
        k = kind[n]
        if k > 1 or (player >= 0 and k != player):
            continue
        hands = hands0 if k == 0 else hands1
        a0 = child_start[n]
        a1 = child_start[n + 1]
        for h in range(hands):
            total[h] = 0.0
            legal[h] = 0.0
        for e in range(a0, a1):
            m = masks[edge_mask[e]]
            for h in range(hands):
                if m[h]:
                    legal[h] += 1.0
                    r = regret[e, h]
                    if r > 0.0:
                        total[h] += r
        for e in range(a0, a1):
            m = masks[edge_mask[e]]
            for h in range(hands):
                if not m[h]:
                    strategy[e, h] = 0.0
                elif total[h] > 0.0:
                    r = regret[e, h]
                    strategy[e, h] = r / total[h] if r > 0.0 else 0.0
                else:
                    strategy[e, h] = 1.0 / legal[h]


@_jit
def forward(
    kind: NDArray[np.int8],
    child_start: Ints,
    children: Ints,
    hands0: int,
    hands1: int,
    strategy: Floats,
    reach: Floats,
) -> None:
    """Fills ``reach[p, n, h]``: player p's probability of reaching node n holding h.

    Parents before children. The chance of the deal is not in it (it is in
    the terminal matrices), so the root's reach is 1 for every hand.
    """
    for h in range(hands0):
        reach[0, 0, h] = 1.0
    for h in range(hands1):
        reach[1, 0, h] = 1.0
    for n in range(kind.shape[0]):
        k = kind[n]
        if k == TERMINAL:
            continue
        for e in range(child_start[n], child_start[n + 1]):
            c = children[e]
            for p in range(2):
                hands = hands0 if p == 0 else hands1
                if k == p:
                    for h in range(hands):
                        reach[p, c, h] = reach[p, n, h] * strategy[e, h]
                else:
                    for h in range(hands):
                        reach[p, c, h] = reach[p, n, h]


@_jit
def backward(
    kind: NDArray[np.int8],
    child_start: Ints,
    children: Ints,
    edge_mask: Ints,
    masks: Bools,
    terminal_matrix: Ints,
    terminal_scale: Floats,
    matrices: Floats,
    matrices_t: Floats,
    hands0: int,
    hands1: int,
    player: int,
    mode: int,
    strategy: Floats,
    reach: Floats,
    values: Floats,
    regret: Floats,
    strategy_sum: Floats,
    regret_plus: bool,
    positive_discount: float,
    negative_discount: float,
    sum_discount: float,
    sum_weight: float,
    terminals_done: bool,
) -> None:
    """Counterfactual values of ``player``'s hands at every node, children before parents.

    ``values[n, h]`` is what ``player`` holding ``h`` gets below ``n``, weighted
    by the opponent's reach and the chance of the deal (not by ``player``'s
    own reach): at a terminal a matrix-vector product with the opponent's
    reach; at the opponent's decisions and at chance the sum of the children
    (the opponent's strategy is already in its reach); at ``player``'s own
    decisions as ``mode`` says. With ``terminals_done`` the terminals' values
    are already in ``values`` (computed in batches, see :mod:`.cfr`).

    With ``mode`` UPDATE each legal edge's regret gets the child's value less
    the node's, then is floored at 0 (``regret_plus``, CFR+) or multiplied by
    ``positive_discount`` or ``negative_discount`` by its sign (discounted
    CFR); each strategy sum becomes ``sum * sum_discount + sum_weight * own
    reach * strategy``.
    """
    own_reach = reach[player]
    opponent_reach = reach[1 - player]
    hands = hands0 if player == 0 else hands1
    other = hands1 if player == 0 else hands0
    sign = 1.0 if player == 0 else -1.0
    for n in range(kind.shape[0] - 1, -1, -1):
        k = kind[n]
        v = values[n]
        if k == TERMINAL:
            if terminals_done:
                continue
            scale = sign * terminal_scale[n]
            a = matrices[terminal_matrix[n]] if player == 0 else matrices_t[terminal_matrix[n]]
            r = opponent_reach[n]
            for h in range(hands):
                acc = 0.0
                row = a[h]
                for j in range(other):
                    acc += row[j] * r[j]
                v[h] = scale * acc
            continue
        a0 = child_start[n]
        a1 = child_start[n + 1]
        for h in range(hands):
            v[h] = 0.0
        if k != player:
            for e in range(a0, a1):
                cv = values[children[e]]
                for h in range(hands):
                    v[h] += cv[h]
        elif mode == BEST_RESPONSE:
            for h in range(hands):
                v[h] = -np.inf
            for e in range(a0, a1):
                m = masks[edge_mask[e]]
                cv = values[children[e]]
                for h in range(hands):
                    if m[h] and cv[h] > v[h]:
                        v[h] = cv[h]
            for h in range(hands):
                if v[h] == -np.inf:
                    v[h] = 0.0  # no legal action: a hand that cannot be here
        else:
            for e in range(a0, a1):
                cv = values[children[e]]
                s = strategy[e]
                for h in range(hands):
                    v[h] += s[h] * cv[h]
            if mode == UPDATE:
                reach = own_reach[n]
                for e in range(a0, a1):
                    m = masks[edge_mask[e]]
                    cv = values[children[e]]
                    s = strategy[e]
                    rg = regret[e]
                    ss = strategy_sum[e]
                    for h in range(hands):
                        if not m[h]:
                            continue
                        x = rg[h] + cv[h] - v[h]
                        if regret_plus:
                            x = max(x, 0.0)
                        elif x > 0.0:
                            x *= positive_discount
                        else:
                            x *= negative_discount
                        rg[h] = x
                        ss[h] = ss[h] * sum_discount + sum_weight * reach[h] * s[h]
