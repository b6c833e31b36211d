"""One deal's public tree of Le Truc as the flat arrays :mod:`._kernels` walks.

Built from :mod:`.model` node by node, depth-first (:func:`build`: every subtree one block).
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

from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from tricktaker.solvers.truc._kernels import LEAF, TERMINAL
from tricktaker.solvers.truc.hands import FULL_DECK, HANDS, RANKS, count
from tricktaker.solvers.truc.model import CHANCE, DEAL, OVER, Node

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


_HAND_COUNTS = np.array([[count(h, r) for r in range(RANKS)] for h in HANDS], dtype=np.int64)


def _counts(pile: int) -> NDArray[np.int64]:
    return np.array([count(pile, r) for r in range(RANKS)], dtype=np.int64)


@cache
def _slots(own_played: int, other_played: int) -> NDArray[np.int16]:
    """The hands (indices into ``HANDS``) holding ``own_played``, beside ``other_played``."""
    ok = (_counts(own_played) <= _HAND_COUNTS).all(axis=1) & (
        _counts(FULL_DECK - other_played) >= _HAND_COUNTS
    ).all(axis=1)
    return np.flatnonzero(ok).astype(np.int16)


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


Sizes = tuple[int, int, int, int, int]  # nodes, edges, slots of seat 0, of seat 1, entries


def build(start: Node, *, stop_at_call: bool = True) -> TrucTree:
    """The public tree from ``start`` (a decision node), an accepted call a LEAF if asked.

    Without ``stop_at_call`` the subtree must have no accepted call (ValueError).

    Nodes are laid out depth-first (a node, then its children's subtrees in
    turn), so that every subtree is one block of nodes, edges, slots and entries.
    Two nodes with equal ``state_key`` have equal subtrees (the history is not
    in the key, and nothing below reads it), so the walk of the model is
    memoised on it: a first pass counts each distinct state's block, the
    second lays out each state once and copies its block, shifted, wherever it
    recurs. The tree itself keeps every history apart: the copies are distinct
    nodes.
    """
    if start.actor < 0:
        raise ValueError("a tree starts at a player's decision")
    sizes: dict[tuple[object, ...], Sizes] = {}

    def size(node: Node) -> Sizes:
        key = node.state_key()
        found = sizes.get(key)
        if found is not None:
            return found
        s0 = len(_slots(*_played(node, 0)))
        s1 = len(_slots(*_played(node, 1)))
        out: Sizes = (1, 0, s0, s1, 0)
        if node.phase == CHANCE:
            if not stop_at_call:
                raise ValueError("this tree has a call for cards it cannot fold")
        elif node.phase != OVER:
            mine = len(_slots(*_played(node, node.actor)))
            for m in node.moves():
                c = size(node.child(m))
                out = (
                    out[0] + c[0],
                    out[1] + c[1] + 1,
                    out[2] + c[2],
                    out[3] + c[3],
                    out[4] + c[4] + mine,
                )
        sizes[key] = out
        return out

    total = size(start)
    n_nodes, n_edges, n_s0, n_s1, n_entries = total
    kind = np.zeros(n_nodes, dtype=np.int8)
    payoff = np.zeros(n_nodes)
    child_start = np.zeros(n_nodes + 1, dtype=np.int64)
    children = np.zeros(n_edges, dtype=np.int64)
    moves = np.zeros(n_edges, dtype=np.int8)
    estart = np.zeros(n_edges + 1, dtype=np.int64)
    offs = (np.zeros(n_nodes + 1, dtype=np.int64), np.zeros(n_nodes + 1, dtype=np.int64))
    hids = (np.zeros(n_s0, dtype=np.int16), np.zeros(n_s1, dtype=np.int16))
    pslots = (np.zeros(n_s0, dtype=np.int16), np.zeros(n_s1, dtype=np.int16))
    legal = np.zeros(n_entries, dtype=np.bool_)
    placed: dict[tuple[object, ...], Sizes] = {}
    leaf = [-1]
    leaf_node: list[Node] = []

    def root_pslots(at: Sizes, node: Node, parent: Node | None) -> None:
        for p in (0, 1):
            mine = _played(node, p)
            lo = at[2 + p]
            if parent is None:
                pslots[p][lo : lo + len(_slots(*mine))] = -1
            else:
                pslots[p][lo : lo + len(_slots(*mine))] = _parent_slots(_played(parent, p), mine)

    def place(node: Node, parent: Node | None, at: Sizes) -> None:
        key = node.state_key()
        n, e, a, b, c = at
        found = placed.get(key)
        if found is not None and sizes[key][0] == 1:  # a terminal again: set, not copied
            n0, _, a0, b0, _ = found
            na, nb = sizes[key][2], sizes[key][3]
            kind[n] = kind[n0]
            payoff[n] = payoff[n0]
            child_start[n] = e
            offs[0][n] = a
            offs[1][n] = b
            hids[0][a : a + na] = hids[0][a0 : a0 + na]
            hids[1][b : b + nb] = hids[1][b0 : b0 + nb]
            root_pslots(at, node, parent)
            return
        if found is not None:
            nn, ne, na, nb, nc = sizes[key]
            n0, e0, a0, b0, c0 = found
            kind[n : n + nn] = kind[n0 : n0 + nn]
            payoff[n : n + nn] = payoff[n0 : n0 + nn]
            child_start[n : n + nn] = child_start[n0 : n0 + nn] - e0 + e
            offs[0][n : n + nn] = offs[0][n0 : n0 + nn] - a0 + a
            offs[1][n : n + nn] = offs[1][n0 : n0 + nn] - b0 + b
            children[e : e + ne] = children[e0 : e0 + ne] - n0 + n
            moves[e : e + ne] = moves[e0 : e0 + ne]
            estart[e : e + ne] = estart[e0 : e0 + ne] - c0 + c
            hids[0][a : a + na] = hids[0][a0 : a0 + na]
            pslots[0][a : a + na] = pslots[0][a0 : a0 + na]
            hids[1][b : b + nb] = hids[1][b0 : b0 + nb]
            pslots[1][b : b + nb] = pslots[1][b0 : b0 + nb]
            legal[c : c + nc] = legal[c0 : c0 + nc]
            root_pslots(at, node, parent)
            return
        placed[key] = at
        child_start[n] = e
        for p, lo in ((0, a), (1, b)):
            mine = _slots(*_played(node, p))
            offs[p][n] = lo
            hids[p][lo : lo + len(mine)] = mine
        root_pslots(at, node, parent)
        a += len(_slots(*_played(node, 0)))
        b += len(_slots(*_played(node, 1)))
        if node.phase == OVER:
            assert node.outcome is not None
            g0, g1 = node.outcome.gains
            kind[n] = TERMINAL
            payoff[n] = float(g0 - g1)
            return
        if node.phase == CHANCE:
            kind[n] = LEAF
            leaf[0] = n
            leaf_node.append(node.child(DEAL))
            return
        kind[n] = node.actor
        mv = node.moves()
        own = _played(node, node.actor)
        width = len(_slots(*own))
        kids = [node.child(m) for m in mv]
        child_at = n + 1
        first_edge = e
        e += len(mv)
        for i, m in enumerate(mv):
            moves[first_edge + i] = m
            estart[first_edge + i] = c
            legal[c : c + width] = _legal(*own, m)
            c += width
        for i, kid in enumerate(kids):
            children[first_edge + i] = child_at
            place(kid, node, (child_at, e, a, b, c))
            kn, ke, ka, kb, kc = sizes[kid.state_key()]
            child_at, e, a, b, c = child_at + kn, e + ke, a + ka, b + kb, c + kc

    place(start, None, (0, 0, 0, 0, 0))
    child_start[n_nodes] = n_edges
    offs[0][n_nodes] = n_s0
    offs[1][n_nodes] = n_s1
    estart[n_edges] = n_entries
    if leaf[0] >= 0 and len(np.flatnonzero(kind == LEAF)) > 1:
        raise ValueError("this tree has more than the one call for cards it can fold")
    return TrucTree(
        kind=kind,
        child_start=child_start,
        children=children,
        move=moves,
        payoff=payoff,
        off0=offs[0],
        off1=offs[1],
        hid0=hids[0],
        hid1=hids[1],
        pslot0=pslots[0],
        pslot1=pslots[1],
        estart=estart,
        legal=legal,
        leaf=leaf[0],
        leaf_node=leaf_node[0] if leaf_node else None,
    )
