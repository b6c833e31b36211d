"""Counterfactual regret minimisation over a :class:`GameTree`, and exact exploitability.

Two variants, both with alternating updates (each half-iteration recomputes
the reach under the other player's newest strategy, which roughly halves the
iterations needed):

- ``"cfr+"``: regret matching+ (regrets floored at 0 after each update) and an
  average strategy weighted by the iteration number (linear averaging);
- ``"dcfr"``: discounted CFR with alpha=1.5, beta=0, gamma=2 (Brown and
  Sandholm's recommended setting): after iteration t, positive regrets are
  multiplied by t^a/(t^a+1), negative ones by t^b/(t^b+1), and the strategy
  sum by (t/(t+1))^g, so iteration t weighs about t^g in the average.

A strategy (:data:`Strategy`) is an array over (edges, hmax): the probability
that the actor at the edge's node, holding hand h, takes that edge. Each
half-iteration is one forward pass of reach vectors and one backward pass of
counterfactual values (:mod:`._kernels`), whose only products with the deal
are matrix-vector products at terminals; a best response is the same backward
pass with a max over actions, so exploitability here is exact, not sampled.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from tricktaker.solvers import _kernels as k
from tricktaker.solvers.schemes import DCFR_ALPHA, DCFR_BETA, DCFR_GAMMA, schedule
from tricktaker.solvers.schemes import Variant as Variant  # its old home, still imported from here
from tricktaker.solvers.tree import GameTree

Strategy = NDArray[np.float64]

#: From this many hands on, terminals are valued in batches by BLAS
#: (:func:`_terminal_values`); below, numpy's call overhead costs more than it saves.
BATCH_TERMINALS_FROM = 16
_CHUNK = 1 << 14


class CFRSolver:
    """Runs CFR+ or discounted CFR on one tree, keeping regrets and strategy sums between runs."""

    def __init__(
        self,
        tree: GameTree,
        variant: Variant = "cfr+",
        *,
        alpha: float = DCFR_ALPHA,
        beta: float = DCFR_BETA,
        gamma: float = DCFR_GAMMA,
    ) -> None:
        if variant not in ("cfr+", "dcfr"):
            raise ValueError(f"unknown CFR variant {variant!r}")
        self.tree = tree
        self.variant: Variant = variant
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.iterations = 0
        shape = (tree.n_edges, tree.hmax)
        self.regret = np.zeros(shape)
        self.strategy_sum = np.zeros(shape)
        self._strategy = np.zeros(shape)
        self._reach = np.zeros((2, tree.n_nodes, tree.hmax))
        self._values = np.zeros((tree.n_nodes, tree.hmax))

    def run(self, iterations: int) -> None:
        """Runs that many more iterations (each one update of player 0, then one of player 1)."""
        t = self.tree
        # Only the updated player's strategy changes after each half-iteration.
        _match(t, self.regret, self._strategy, -1)
        for _ in range(iterations):
            self.iterations += 1
            plus, pos, neg, keep, weight = schedule(
                self.variant, self.iterations, self.alpha, self.beta, self.gamma
            )
            for player in (0, 1):
                k.forward(t.kind, t.child_start, t.children, *t.hands, self._strategy, self._reach)
                _backward(
                    t,
                    player,
                    k.UPDATE,
                    self._strategy,
                    self._reach,
                    self._values,
                    self.regret,
                    self.strategy_sum,
                    plus,
                    pos,
                    neg,
                    keep,
                    weight,
                )
                _match(t, self.regret, self._strategy, player)

    def current_strategy(self) -> Strategy:
        """The strategy regret matching plays next (no guarantee of its own)."""
        return _normalised(self.tree, self.regret)

    def average_strategy(self) -> Strategy:
        """The weighted average of the strategies played: this is what converges."""
        return _normalised(self.tree, self.strategy_sum)


def uniform_strategy(tree: GameTree) -> Strategy:
    """Every legal action equally likely, for every hand."""
    return _normalised(tree, np.zeros((tree.n_edges, tree.hmax)))


def best_response_value(tree: GameTree, strategy: Strategy, player: int) -> float:
    """What ``player`` expects to win by the best reply to the other part of ``strategy``."""
    values = _evaluate(tree, strategy, player, k.BEST_RESPONSE)
    return float(values[0, : tree.hands[player]].sum())


def game_value(tree: GameTree, strategy: Strategy) -> float:
    """Player 0's expected payoff when both play ``strategy``."""
    values = _evaluate(tree, strategy, 0, k.EVALUATE)
    return float(values[0, : tree.hands[0]].sum())


def exploitability(tree: GameTree, strategy: Strategy) -> float:
    """Half the sum of both best responses' values: 0 at an equilibrium.

    It is the mean of what each seat of the profile would lose to a best
    responder, in the game's payoff units: OpenSpiel's ``exploitability``
    (half its ``nash_conv``), so the figures compare.
    """
    return 0.5 * (best_response_value(tree, strategy, 0) + best_response_value(tree, strategy, 1))


def _evaluate(tree: GameTree, strategy: Strategy, player: int, mode: int) -> NDArray[np.float64]:
    shape = (tree.n_nodes, tree.hmax)
    reach = np.zeros((2, *shape))
    values = np.zeros(shape)
    strategy = np.ascontiguousarray(strategy, dtype=np.float64)
    k.forward(tree.kind, tree.child_start, tree.children, *tree.hands, strategy, reach)
    unused = np.zeros((0, 0))
    _backward(tree, player, mode, strategy, reach, values, unused, unused, True, 1, 1, 1, 0)
    return values


def _backward(
    t: GameTree,
    player: int,
    mode: int,
    strategy: Strategy,
    reach: NDArray[np.float64],
    values: NDArray[np.float64],
    regret: NDArray[np.float64],
    strategy_sum: NDArray[np.float64],
    plus: bool,
    pos: float,
    neg: float,
    keep: float,
    weight: float,
) -> None:
    batched = t.hmax >= BATCH_TERMINALS_FROM
    if batched:
        _terminal_values(t, player, reach, values)
    k.backward(
        t.kind,
        t.child_start,
        t.children,
        t.edge_mask,
        t.masks,
        t.terminal_matrix,
        t.terminal_scale,
        t.matrices,
        t.matrices_t,
        t.hands[0],
        t.hands[1],
        player,
        mode,
        strategy,
        reach,
        values,
        regret,
        strategy_sum,
        plus,
        pos,
        neg,
        keep,
        weight,
        batched,
    )


def _terminal_values(
    t: GameTree, player: int, reach: NDArray[np.float64], values: NDArray[np.float64]
) -> None:
    """Every terminal's values at once: one matrix product per payoff matrix.

    ``values[z] = scale[z] * A @ opponent_reach[z]`` for all terminals ``z``
    sharing the matrix ``A`` is ``scales * (R @ A.T)`` with the reaches as the
    rows of ``R``: BLAS does that far faster than one product per terminal
    once hands are many, in chunks that keep the temporaries small.
    """
    hands, other = t.hands[player], t.hands[1 - player]
    sign = 1.0 if player == 0 else -1.0
    opponent = reach[1 - player]
    for matrix, nodes in t.terminals_by_matrix():
        a = t.matrices[matrix] if player == 0 else t.matrices_t[matrix]
        for lo in range(0, len(nodes), _CHUNK):
            chunk = nodes[lo : lo + _CHUNK]
            scale = sign * t.terminal_scale[chunk]
            values[chunk, :hands] = scale[:, None] * (opponent[chunk, :other] @ a.T)


def _normalised(tree: GameTree, weights: NDArray[np.float64]) -> Strategy:
    out = np.zeros((tree.n_edges, tree.hmax))
    _match(tree, weights, out, -1)
    return out


def _match(tree: GameTree, weights: NDArray[np.float64], out: Strategy, player: int) -> None:
    k.regret_matching(
        tree.kind,
        tree.child_start,
        tree.edge_mask,
        tree.masks,
        tree.hands[0],
        tree.hands[1],
        weights,
        out,
        player,
    )
