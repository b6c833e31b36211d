"""One deal's public tree of Le Truc as the flat arrays :mod:`._kernels` walks.

Built from :mod:`.model` node by node, breadth-first (parents before children).
Each node keeps, per player, only the hands he can hold there (*slots*): a hand
holding the cards he has played and fitting beside the cards the opponent has
shown. Early on that is all 120 hands, after two tricks a handful, which is what
makes the sparse layout some ten times smaller than a dense (nodes, 120) one.

A tree may stop at an accepted call for cards: that chance node becomes a LEAF,
whose values the solver folds in from a second tree built from the node after
the new deal (``solve.py`` explains how). Terminal payoffs are seat 0's points
less seat 1's, public as in the model.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from tricktaker.solvers.truc._kernels import LEAF, TERMINAL
from tricktaker.solvers.truc.hands import FULL_DECK, HANDS, RANKS, count, fits
from tricktaker.solvers.truc.model import CHANCE, DEAL, OVER, PLAY, Node

#: Bytes per slot (reach, values, hand, parent slot) and per edge entry
#: (regret, strategy, strategy sum, legality), as the solver allocates them.
SLOT_BYTES = 8 + 8 + 2 + 2
ENTRY_BYTES = 8 + 8 + 8 + 1


@dataclass(frozen=True, eq=False)
class TrucTree:
    """The arrays (see :mod:`._kernels` for what each is); ``leaf`` is the LEAF node or -1."""

    kind: NDArray[np.int8]
    child_start: NDArray[np.int64]
    children: NDArray[np.int64]
    move: NDArray[np.int8]
    payoff: NDArray[np.float64]
    off0: NDArray[np.int64]
    off1: NDArray[np.int64]
    hid0: NDArray[np.int16]
    hid1: NDArray[np.int16]
    pslot0: NDArray[np.int16]
    pslot1: NDArray[np.int16]
    estart: NDArray[np.int64]
    legal: NDArray[np.bool_]
    leaf: int
    leaf_node: Node | None

    @property
    def n_nodes(self) -> int:
        return int(self.kind.shape[0])

    def off(self, player: int) -> NDArray[np.int64]:
        return self.off0 if player == 0 else self.off1

    def hid(self, player: int) -> NDArray[np.int16]:
        return self.hid0 if player == 0 else self.hid1

    def pslot(self, player: int) -> NDArray[np.int16]:
        return self.pslot0 if player == 0 else self.pslot1

    def n_infosets(self) -> int:
        """Information sets: (decision node, a hand the actor can hold there)."""
        total = 0
        for p in (0, 1):
            nodes = np.flatnonzero(self.kind == p)
            off = self.off(p)
            total += int((off[nodes + 1] - off[nodes]).sum())
        return total

    def nbytes(self) -> int:
        """What the arrays and the solver's per-slot and per-entry arrays take."""
        slots = int(self.off0[-1] + self.off1[-1])
        return (
            40 * self.n_nodes
            + 17 * len(self.children)
            + SLOT_BYTES * slots
            + (ENTRY_BYTES * int(self.estart[-1]))
        )

    def child(self, node: int, move: int) -> int:
        """The child of ``node`` by ``move`` (KeyError if none)."""
        for e in range(int(self.child_start[node]), int(self.child_start[node + 1])):
            if self.move[e] == move:
                return int(self.children[e])
        raise KeyError(f"node {node} has no move {move}")

    def slot(self, player: int, node: int, hand: int) -> int:
        """The index of ``hand`` (index into ``HANDS``) among ``player``'s slots at ``node``."""
        off = self.off(player)
        lo, hi = int(off[node]), int(off[node + 1])
        found = np.flatnonzero(self.hid(player)[lo:hi] == hand)
        if not len(found):
            raise KeyError(f"hand {hand} cannot be held at node {node}")
        return int(found[0])


@cache
def _slots(own_played: int, other_played: int) -> NDArray[np.int16]:
    room = FULL_DECK - other_played
    return np.array(
        [i for i, h in enumerate(HANDS) if fits(own_played, h) and fits(h, room)], dtype=np.int16
    )


@cache
def _parent_slots(parent: tuple[int, int], child: tuple[int, int]) -> NDArray[np.int16]:
    where = {int(h): i for i, h in enumerate(_slots(*parent))}
    return np.array([where[int(h)] for h in _slots(*child)], dtype=np.int16)


@cache
def _legal(own_played: int, other_played: int, move: int) -> NDArray[np.bool_]:
    hands = _slots(own_played, other_played)
    if move >= RANKS:
        return np.ones(len(hands), dtype=np.bool_)
    need = count(own_played, move)
    return np.array([count(HANDS[h], move) > need for h in hands], dtype=np.bool_)


def _played(node: Node, player: int) -> tuple[int, int]:
    return node.played[player], node.played[1 - player]


def build(start: Node, *, stop_at_call: bool = True) -> TrucTree:
    """The public tree from ``start`` (a decision node), an accepted call a LEAF if asked.

    Without ``stop_at_call`` the subtree must have no accepted call (ValueError).
    """
    if start.phase not in (PLAY,) and start.actor < 0:
        raise ValueError("a tree starts at a player's decision")
    kind: list[int] = []
    payoff: list[float] = []
    nchild: list[int] = []
    children: list[int] = []
    moves: list[int] = []
    keys: list[tuple[tuple[int, int], tuple[int, int]]] = []
    parents: list[int] = []
    legal: list[NDArray[np.bool_]] = []
    leaf = -1
    leaf_node: Node | None = None
    queue: deque[tuple[Node, int]] = deque([(start, -1)])
    next_id = 1
    while queue:
        node, parent = queue.popleft()
        me = len(kind)
        parents.append(parent)
        keys.append((_played(node, 0), _played(node, 1)))
        if node.phase == OVER:
            assert node.outcome is not None
            g0, g1 = node.outcome.gains
            kind.append(TERMINAL)
            payoff.append(float(g0 - g1))
            nchild.append(0)
            continue
        if node.phase == CHANCE:
            if not stop_at_call or leaf >= 0:
                raise ValueError("this tree has more than the one call for cards it can fold")
            kind.append(LEAF)
            payoff.append(0.0)
            nchild.append(0)
            leaf, leaf_node = me, node.child(DEAL)
            continue
        actor = node.actor
        kind.append(actor)
        payoff.append(0.0)
        mv = node.moves()
        nchild.append(len(mv))
        own = _played(node, actor)
        for m in mv:
            children.append(next_id)
            next_id += 1
            moves.append(m)
            legal.append(_legal(*own, m))
            queue.append((node.child(m), me))
    n = len(kind)
    child_start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.array(nchild, dtype=np.int64), out=child_start[1:])
    offs = []
    hids = []
    pslots = []
    for p in (0, 1):
        lists = [_slots(*key[p]) for key in keys]
        lengths = np.fromiter((len(x) for x in lists), dtype=np.int64, count=n)
        off = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(lengths, out=off[1:])
        offs.append(off)
        hids.append(np.concatenate(lists).astype(np.int16))
        ps = [
            np.full(len(lists[0]), -1, dtype=np.int16)
            if parents[i] < 0
            else _parent_slots(keys[parents[i]][p], keys[i][p])
            for i in range(n)
        ]
        pslots.append(np.concatenate(ps).astype(np.int16))
    sizes = np.fromiter((len(x) for x in legal), dtype=np.int64, count=len(legal))
    estart = np.zeros(len(legal) + 1, dtype=np.int64)
    np.cumsum(sizes, out=estart[1:])
    return TrucTree(
        kind=np.array(kind, dtype=np.int8),
        child_start=child_start,
        children=np.array(children, dtype=np.int64),
        move=np.array(moves, dtype=np.int8),
        payoff=np.array(payoff, dtype=np.float64),
        off0=offs[0],
        off1=offs[1],
        hid0=hids[0],
        hid1=hids[1],
        pslot0=pslots[0],
        pslot1=pslots[1],
        estart=estart,
        legal=np.concatenate(legal) if legal else np.zeros(0, dtype=np.bool_),
        leaf=leaf,
        leaf_node=leaf_node,
    )
