"""A two-player zero-sum game as flat arrays: a public tree over hands dealt at the root.

Why this shape: when the only private information is one hand per player,
dealt once before anything else, and every later event is public, CFR can run
on the *public* tree alone, carrying at each public node a vector over each
player's hands (reach probabilities going down, counterfactual values coming
up). An information set is then (public node, own hand), and each step is an
operation on vectors over hands instead of a walk per deal: that is what keeps
a game of 120 x 120 deals (Le Truc without suits) tractable.

The layout, chosen for the loops of :mod:`._kernels`:

- nodes are numbered breadth-first from the root (0), so every parent comes
  before its children and each depth is one contiguous range
  (``level_start``): a forward pass is one loop up the node numbers, a
  backward pass one loop down them;
- a node's actions are the *edges* ``child_start[n]:child_start[n+1]``
  (``children[e]`` is where edge ``e`` leads), so whatever is kept per action
  (regrets, strategies) is an array over (edges, hands);
- a node is a decision of player 0 or 1, a public chance event, or a terminal.
  At a chance node the children are summed: the probability of each outcome is
  folded into the terminal matrices below it, because with card removal it
  depends on both hands at once (Leduc's board card) and so is no vector;
- a terminal pays player 0 ``terminal_scale[n] * matrices[terminal_matrix[n]]``,
  a matrix over (hand0, hand1) that already holds the joint probability of the
  deal and of the public chance above (zero where two hands cannot be dealt
  together). Many terminals share a matrix (a fold pays a constant, a
  showdown compares the hands), so the matrices are few and a terminal is an
  index and a scale;
- an action may be legal for some of the actor's hands only (one can play
  only a card one holds): each edge names a row of ``masks``, the hands for
  which it is legal (row 0 allows all).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import cast

import numpy as np
from numpy.typing import ArrayLike, NDArray


class NodeKind(IntEnum):
    """What happens at a public node (the values are those stored in ``GameTree.kind``)."""

    PLAYER0 = 0
    PLAYER1 = 1
    CHANCE = 2
    TERMINAL = 3


@dataclass(frozen=True, eq=False)
class GameTree:
    """The arrays of one game; build it with :class:`TreeBuilder`, never by hand.

    ``hands`` is the number of private hands of each player; per-hand arrays
    of either player are ``hmax = max(hands)`` wide (the narrower player's
    extra columns are never read).
    """

    hands: tuple[int, int]
    kind: NDArray[np.int8]
    child_start: NDArray[np.int64]
    children: NDArray[np.int64]
    parent: NDArray[np.int64]
    level_start: NDArray[np.int64]
    edge_label: tuple[str, ...]
    edge_mask: NDArray[np.int64]
    masks: NDArray[np.bool_]
    terminal_matrix: NDArray[np.int64]
    terminal_scale: NDArray[np.float64]
    matrices: NDArray[np.float64]
    matrices_t: NDArray[np.float64]

    @property
    def n_nodes(self) -> int:
        return int(self.kind.shape[0])

    @property
    def n_edges(self) -> int:
        return int(self.children.shape[0])

    @property
    def hmax(self) -> int:
        return max(self.hands)

    def edges(self, node: int) -> range:
        """The edges (actions or outcomes) of a node."""
        return range(int(self.child_start[node]), int(self.child_start[node + 1]))

    def edge(self, node: int, label: str) -> int:
        """The edge of ``node`` with that label (an action's name or a chance outcome's)."""
        for e in self.edges(node):
            if self.edge_label[e] == label:
                return e
        raise KeyError(f"node {node} has no edge {label!r}")

    def follow(self, labels: Sequence[str], node: int = 0) -> int:
        """The node reached from ``node`` (the root by default) by edges with these labels."""
        for label in labels:
            node = int(self.children[self.edge(node, label)])
        return node

    def terminals_by_matrix(self) -> list[tuple[int, NDArray[np.int64]]]:
        """The terminals grouped by payoff matrix: (matrix id, their node numbers)."""
        cached = self.__dict__.get("_terminals_by_matrix")
        if cached is None:
            nodes = np.flatnonzero(self.kind == NodeKind.TERMINAL)
            ids = self.terminal_matrix[nodes]
            cached = [(int(m), nodes[ids == m]) for m in np.unique(ids)]
            self.__dict__["_terminals_by_matrix"] = cached
        return cast(list[tuple[int, NDArray[np.int64]]], cached)

    def possible(self) -> NDArray[np.bool_]:
        """(nodes, 2, hmax): whether a player's hand can be at a node under some play.

        A hand drops out below an action that is illegal for it; the rest of
        the tree keeps every hand (the deal's weights are the matrices' business).
        """
        out = np.zeros((self.n_nodes, 2, self.hmax), dtype=np.bool_)
        out[0, 0, : self.hands[0]] = True
        out[0, 1, : self.hands[1]] = True
        # One vectorised step per depth: every child from its parent and its edge.
        edge_of_child = np.empty(self.n_nodes, dtype=np.int64)
        edge_of_child[self.children] = np.arange(self.n_edges)
        for d in range(1, len(self.level_start) - 1):
            nodes = np.arange(self.level_start[d], self.level_start[d + 1])
            parents = self.parent[nodes]
            out[nodes] = out[parents]
            acting = self.kind[parents]
            for player in (0, 1):
                sel = acting == player
                out[nodes[sel], player] &= self.masks[self.edge_mask[edge_of_child[nodes[sel]]]]
        return out

    def n_infosets(self) -> int:
        """Information sets (decision node, the actor's hand that can be there), both players."""
        possible = self.possible()
        total = 0
        for player in (0, 1):
            nodes = self.kind == player
            total += int(possible[nodes, player].sum())
        return total


@dataclass(slots=True)
class _Node:
    kind: NodeKind
    edges: list[tuple[str, int, int]]  # (label, child, mask row)
    matrix: int = -1
    scale: float = 0.0


class TreeBuilder:
    """Builds a :class:`GameTree` bottom-up: make the children first, then their parent.

    ``deal`` is the joint probability of the hands, (hands0, hands1), zero
    where two hands cannot be dealt together; :meth:`matrix` multiplies every
    payoff matrix by it (and by a public chance outcome's own weights below a
    :meth:`chance` node), so that the solver never needs the deal apart.
    Node ids returned here are the builder's; :meth:`build` renumbers them.
    """

    def __init__(self, hands: tuple[int, int], deal: ArrayLike) -> None:
        self._hands = hands
        self._deal = np.asarray(deal, dtype=np.float64)
        if self._deal.shape != hands:
            raise ValueError(f"the deal is {self._deal.shape}, the hands {hands}")
        if (self._deal < 0).any() or not np.isclose(self._deal.sum(), 1.0):
            raise ValueError("the deal must be a probability distribution over pairs of hands")
        self._hmax = max(hands)
        self._nodes: list[_Node] = []
        self._parented: list[bool] = []
        self._matrices: list[NDArray[np.float64]] = []
        self._mask_rows: dict[bytes, int] = {}
        self._masks: list[NDArray[np.bool_]] = []
        self._mask_row(np.ones(self._hmax, dtype=np.bool_))

    def matrix(self, payoff: ArrayLike, weight: ArrayLike | None = None) -> int:
        """Registers a payoff matrix to player 0 over (hand0, hand1); returns its id.

        It is stored times the deal, and times ``weight`` (the conditional
        probability of the public chance outcomes above the terminals that use
        it, over pairs of hands) when given.
        """
        m = np.asarray(payoff, dtype=np.float64)
        w = self._deal if weight is None else self._deal * np.asarray(weight, dtype=np.float64)
        if m.shape != self._hands or w.shape != self._hands:
            raise ValueError(f"payoffs and weights must be {self._hands}, not {m.shape}")
        m = m * w
        self._matrices.append(m)
        return len(self._matrices) - 1

    def terminal(self, matrix: int, scale: float = 1.0) -> int:
        """A terminal paying player 0 ``scale`` times a matrix, player 1 the opposite."""
        if not 0 <= matrix < len(self._matrices):
            raise ValueError(f"no matrix {matrix}")
        return self._add(_Node(NodeKind.TERMINAL, [], matrix, float(scale)))

    def decision(
        self,
        player: int,
        actions: Sequence[tuple[str, int] | tuple[str, int, ArrayLike | None]],
    ) -> int:
        """A decision of ``player`` among ``(label, child[, legal hands])``.

        The optional third item is a boolean vector over the player's hands:
        the action is legal only for those. Every hand that can reach the node
        should have some legal action.
        """
        if player not in (0, 1):
            raise ValueError(f"player {player} is not 0 or 1")
        if not actions:
            raise ValueError("a decision needs at least one action")
        edges = []
        for action in actions:
            legal = action[2] if len(action) > 2 else None
            row = 0 if legal is None else self._legal_row(player, legal)
            edges.append((action[0], action[1], row))
        return self._add(_Node(NodeKind(player), self._adopt(edges)))

    def chance(self, outcomes: Sequence[tuple[str, int]]) -> int:
        """A public chance event; its probabilities must be in the matrices below (``weight``)."""
        if not outcomes:
            raise ValueError("a chance node needs at least one outcome")
        edges = [(label, child, 0) for label, child in outcomes]
        return self._add(_Node(NodeKind.CHANCE, self._adopt(edges)))

    def build(self, root: int) -> GameTree:
        """Numbers the nodes breadth-first from ``root`` and lays out the arrays."""
        if not 0 <= root < len(self._nodes) or self._parented[root]:
            raise ValueError(f"node {root} is not a root")
        order = [root]
        depth_of = [0]
        i = 0
        while i < len(order):
            for _, child, _ in self._nodes[order[i]].edges:
                order.append(child)
                depth_of.append(depth_of[i] + 1)
            i += 1
        if len(order) != len(self._nodes):
            raise ValueError(f"{len(self._nodes) - len(order)} nodes are not under the root")
        new_id = {old: new for new, old in enumerate(order)}
        n = len(order)
        kind = np.array([self._nodes[o].kind for o in order], dtype=np.int8)
        counts = np.array([len(self._nodes[o].edges) for o in order], dtype=np.int64)
        child_start = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(counts, out=child_start[1:])
        flat = [edge for o in order for edge in self._nodes[o].edges]
        children = np.array([new_id[c] for _, c, _ in flat], dtype=np.int64)
        parent = np.full(n, -1, dtype=np.int64)
        parent[children] = np.repeat(np.arange(n), counts)
        levels = np.bincount(np.array(depth_of, dtype=np.int64))
        level_start = np.zeros(len(levels) + 1, dtype=np.int64)
        np.cumsum(levels, out=level_start[1:])
        matrices = np.array(self._matrices, dtype=np.float64).reshape(-1, *self._hands)
        return GameTree(
            hands=self._hands,
            kind=kind,
            child_start=child_start,
            children=children,
            parent=parent,
            level_start=level_start,
            edge_label=tuple(label for label, _, _ in flat),
            edge_mask=np.array([row for _, _, row in flat], dtype=np.int64),
            masks=np.array(self._masks, dtype=np.bool_),
            terminal_matrix=np.array([self._nodes[o].matrix for o in order], dtype=np.int64),
            terminal_scale=np.array([self._nodes[o].scale for o in order], dtype=np.float64),
            matrices=np.ascontiguousarray(matrices),
            matrices_t=np.ascontiguousarray(matrices.transpose(0, 2, 1)),
        )

    def _add(self, node: _Node) -> int:
        self._nodes.append(node)
        self._parented.append(False)
        return len(self._nodes) - 1

    def _adopt(self, edges: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
        """Checks that each child exists and has no parent yet, then marks them all (or none)."""
        children = [child for _, child, _ in edges]
        for child in children:
            if not 0 <= child < len(self._nodes):
                raise ValueError(f"no node {child}")
            if self._parented[child] or children.count(child) > 1:
                raise ValueError(f"node {child} already has a parent: this is a tree")
        for child in children:
            self._parented[child] = True
        return edges

    def _legal_row(self, player: int, legal: ArrayLike) -> int:
        vec = np.asarray(legal, dtype=np.bool_)
        if vec.shape != (self._hands[player],):
            raise ValueError(f"legal hands must be a vector of {self._hands[player]}")
        row = np.zeros(self._hmax, dtype=np.bool_)
        row[: len(vec)] = vec
        if len(vec) == self._hmax and vec.all():
            return 0
        return self._mask_row(row)

    def _mask_row(self, row: NDArray[np.bool_]) -> int:
        key = row.tobytes()
        if key not in self._mask_rows:
            self._mask_rows[key] = len(self._masks)
            self._masks.append(row)
        return self._mask_rows[key]
