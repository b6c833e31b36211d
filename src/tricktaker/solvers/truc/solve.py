"""An equilibrium of one deal of 2p Le Truc (``redeal=once``) over the abstraction that
forgets the set-aside piles (issue 24), by CFR+ (or discounted CFR) in vector form.

The vector form carries, at each public node, a vector over each player's hands;
it needs every private state to be dealt at the root. A call for cards breaks
that: below an accepted call a player's private state is (set-aside pile, new
hand). The abstraction makes it tractable: below the call a strategy reads the
new hand only. So the deal is two trees (:mod:`.arrays`):

* ``top``: from the first decision (hands ``p0, p1`` dealt by ``D1``) with the
  accepted call a LEAF;
* ``below``: from the first decision after the new deal (hands ``h0, h1``).

Below the call reach factorises, ``reach_i(p_i, h_i) = before_i(p_i) after_i(h_i)``
(``before`` is the reach of the LEAF in ``top``, ``after`` the reach in
``below``), and the new hands' chance ``P_s(h0, h1)`` depends on the piles only
through the six cards they hold together, ``s = p0 + p1`` (about 1,600 piles).
Two folds follow, each a few BLAS products per half-iteration:

* down: player i's counterfactual values below the call use the deal matrix
  ``W_i = sum_s B_i(s) P_s`` with ``B_i(s) = sum_{p0+p1=s} D1(p0,p1) before_o(p_o)``:
  the opponent's and chance's reach, never his own (imperfect-recall CFR);
* up: the LEAF's value for pile ``p_i`` is
  ``sum_{p_o} D1(p0,p1) before_o(p_o) R(p0+p1)`` with ``R(s) = <P_s, Q>`` and
  ``Q(h0, h1)`` the subtree's value for each pair of new hands under the current
  profile (:func:`._kernels.pair_values`, one rank-one update per terminal).

The strategy sums below the call are weighted by the player's own chance of
getting there, ``rho_i = sum_p D1-marginal(p) before_i(p)``, so that the average
is the average of the behaviour strategies played.

The abstract game has imperfect recall (a player forgets his pile), so CFR's
guarantee does not hold; :func:`exploitability` measures what it reaches:

* ``full_game``: the exact best response of a player who remembers his pile
  (the real game over ranks; suits are lossless, ``hands.py``): below the call
  one best-response pass per pile, with that pile's deal matrix;
* ``abstract``: a best response that forgets its pile too, found by alternating
  exact best responses above the call (given the one below) and below it
  (given which piles the one above brings there) until neither gains: a
  lower bound of the exact one, which ``full_game`` bounds above.

Payoffs are points per deal, seat 0's less seat 1's, at the score of ``rules``.

The update is CFR+ (the default) or discounted CFR (``scheme="dcfr"``, Brown and
Sandholm's alpha=1.5, beta=0, gamma=2), by :func:`tricktaker.solvers.schemes.schedule`,
the same table the dense core runs on Kuhn and Leduc. A checkpoint records its
scheme: a resumed solve goes on with it. A solve may also start from another
score's checkpoint with the same tree (:meth:`TrucSolver.warm_from`): its
regrets, so its current strategy, with the average started afresh.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import asdict
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tricktaker.solvers.schemes import VARIANTS, Variant, schedule
from tricktaker.solvers.truc import _kernels as k
from tricktaker.solvers.truc.arrays import ENTRY_BYTES, SLOT_BYTES, TrucTree, build
from tricktaker.solvers.truc.betting import same_tree
from tricktaker.solvers.truc.hands import HANDS, RANKS, count
from tricktaker.solvers.truc.model import DEAL, DealRules, Node

NH = len(HANDS)
#: What a pass that updates nothing gives the kernel's UPDATE arguments.
Update = tuple[bool, float, float, float, float]
NO_UPDATE: Update = (True, 1.0, 1.0, 1.0, 0.0)
_HC = np.array([[count(h, r) for r in range(RANKS)] for h in HANDS], dtype=np.int64)
_COMB = np.array([[float(comb(n, x)) for x in range(5)] for n in range(5)])


def _pairs(stocks: NDArray[np.int64]) -> NDArray[np.float64]:
    """P(first hand, second hand) from each stock of these rank counts, (stocks, 120 * 120)."""
    out = np.zeros((len(stocks), NH * NH))
    k.deal_pairs(np.ascontiguousarray(stocks, dtype=np.int64), _HC, _COMB, out)
    return out


def _seat_order(m: NDArray[np.float64], caller: int) -> NDArray[np.float64]:
    """A matrix over (caller's hand, dealer's) as one over (seat 0's, seat 1's)."""
    return m if caller == 0 else np.ascontiguousarray(m.T)


@cache
def first_deal(caller: int) -> NDArray[np.float64]:
    """``D1``: the chance of each pair of hands, over (seat 0's hand, seat 1's)."""
    return _seat_order(_pairs(np.full((1, RANKS), 4))[0].reshape(NH, NH), caller)


@cache
def redeal_tables(caller: int) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The index ``s`` of each first pair's six cards over (seat 0's hand, seat 1's), -1
    where they cannot be dealt together, and ``P_s`` for each, flat (piles, 120 * 120)."""
    d1 = first_deal(0)
    sums = _HC[:, None, :] + _HC[None, :, :]
    valid = d1 > 0
    keys = (sums * (5 ** np.arange(RANKS))).sum(axis=2)
    _, first, inverse = np.unique(keys[valid], return_index=True, return_inverse=True)
    sidx = np.full((NH, NH), -1, dtype=np.int64)
    sidx[valid] = inverse
    piles = sums[valid][first]
    ps = _pairs(4 - piles)
    if caller == 1:
        sidx = np.ascontiguousarray(sidx.T)
        ps = np.ascontiguousarray(ps.reshape(-1, NH, NH).transpose(0, 2, 1).reshape(-1, NH * NH))
    return sidx, ps


def memory_estimate(rules: DealRules) -> int:
    """Bytes the solver will hold for ``rules``, from an exact count of its trees' slots.

    Counted on the public states (memoised like ``count.py``), before any array is made.
    """
    from tricktaker.solvers.truc.arrays import _slots

    memo: dict[tuple[object, ...], tuple[int, int, int]] = {}

    def walk(node: Node) -> tuple[int, int, int]:
        key = node.state_key()
        found = memo.get(key)
        if found is not None:
            return found
        slots = len(_slots(node.played[0], node.played[1])) + len(
            _slots(node.played[1], node.played[0])
        )
        nodes, entries = 1, 0
        if node.actor >= 0 and not node.is_chance:
            mine = len(_slots(node.played[node.actor], node.played[1 - node.actor]))
            for m in node.moves():
                n2, s2, e2 = walk(node.child(m))
                nodes, slots, entries = nodes + n2, slots + s2, entries + e2 + mine
        elif node.is_chance and node.deals < 2:
            n2, s2, e2 = walk(node.child(DEAL))
            nodes, slots, entries = nodes + n2, slots + s2, entries + e2
        out = (nodes, slots, entries)
        memo[key] = out
        return out

    nodes, slots, entries = walk(Node.root(rules).child(DEAL))
    fixed = 200 * NH * NH * 8 + 1_700 * NH * NH * 8  # matrices and the P_s table
    return 60 * nodes + SLOT_BYTES * slots + ENTRY_BYTES * entries + fixed


class TrucSolver:
    """CFR+ (alternating updates, linear averaging) or discounted CFR (alternating
    updates) on one deal with ``redeal=once``."""

    def __init__(
        self, rules: DealRules, start: Node | None = None, scheme: Variant = "cfr+"
    ) -> None:
        """``start``: solve the game from that decision on instead (hands dealt by ``D1``,
        no accepted call below it), a small game for checks. ``scheme``: ``"cfr+"`` or
        ``"dcfr"``."""
        if scheme not in VARIANTS:
            raise ValueError(f"unknown scheme {scheme!r} (cfr+ or dcfr)")
        self.scheme: Variant = scheme
        #: The checkpoint this solve was warm-started from (score and iterations), or "".
        self.origin = ""
        #: Iterations whose discount schedule this solve continues (a DCFR warm start's
        #: source's): iteration i discounts as iteration ``clock_offset + i``.
        self.clock_offset = 0
        if rules.redeal != "once":
            raise ValueError(
                "only redeal=once is solved: with repeat a call opens a call, and the"
                " abstraction's 94M information sets do not fit this solver's memory"
            )
        self.rules = rules
        #: The rules the loaded strategy was solved for (``load``): these, or a same-tree score.
        self.solved_rules = rules
        self.d1 = first_deal(rules.caller)
        self.marginal = (self.d1.sum(axis=1), self.d1.sum(axis=0))
        if start is not None and start.rules != rules:
            raise ValueError("the start node is of other rules")
        root = Node.root(rules).child(DEAL) if start is None else start
        #: How many public moves come before the first tree's root (the first deal's at least).
        self.prefix_history = root.history
        self.top = build(root)
        below = self.top.leaf_node
        self.below: TrucTree | None = None if below is None else build(below, stop_at_call=False)
        if self.below is not None:
            self.sidx, self.ps = redeal_tables(rules.caller)
            self.valid = self.sidx >= 0
        self.iterations = 0
        self.trees = [self.top] if self.below is None else [self.top, self.below]
        self.regret = [np.zeros(int(t.estart[-1])) for t in self.trees]
        self.strategy_sum = [np.zeros(int(t.estart[-1])) for t in self.trees]
        self.strategy = [np.zeros(int(t.estart[-1])) for t in self.trees]
        for t, r, s in zip(self.trees, self.regret, self.strategy, strict=True):
            _match(t, r, s, -1)

    # ------------------------------------------------------------ solving

    def run(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterations += 1
            update = schedule(self.scheme, self.iterations + self.clock_offset)
            for player in (0, 1):
                self._half(player, update)

    def _half(self, player: int, update: Update) -> None:
        reach = [_forward(t, s) for t, s in zip(self.trees, self.strategy, strict=True)]
        leaf = None
        if self.below is not None:
            q = self._pair_values(self.below, reach[1])
            leaf = self._leaf_values(player, q, reach[0])
            deal, rho = self._below_deal(player, reach[0], None)
            _backward(
                self.below,
                player,
                k.UPDATE,
                self.strategy[1],
                reach[1],
                deal,
                self.regret[1],
                self.strategy_sum[1],
                (*update[:4], update[4] * rho),
            )
        _backward(
            self.top,
            player,
            k.UPDATE,
            self.strategy[0],
            reach[0],
            self._top_deal(player),
            self.regret[0],
            self.strategy_sum[0],
            update,
            leaf=leaf,
        )
        for t, r, s in zip(self.trees, self.regret, self.strategy, strict=True):
            _match(t, r, s, player)

    # ------------------------------------------------------------ the folds

    def _top_deal(self, player: int) -> NDArray[np.float64]:
        return self.d1 if player == 0 else np.ascontiguousarray(self.d1.T)

    def _before(
        self, player: int, top_reach: tuple[NDArray[np.float64], ...]
    ) -> NDArray[np.float64]:
        """``player``'s reach of the accepted call, over all 120 hands."""
        out = np.zeros(NH)
        off, leaf = self.top.off(player), self.top.leaf
        out[self.top.hid(player)[off[leaf] : off[leaf + 1]]] = top_reach[player][
            off[leaf] : off[leaf + 1]
        ]
        return out

    def _pair_values(
        self, tree: TrucTree, reach: tuple[NDArray[np.float64], ...]
    ) -> NDArray[np.float64]:
        q = np.zeros((NH, NH))
        k.pair_values(
            tree.kind,
            tree.payoff,
            tree.off0,
            tree.off1,
            tree.hid0,
            tree.hid1,
            reach[0],
            reach[1],
            q,
        )
        return q

    def _leaf_values(
        self, player: int, q: NDArray[np.float64], top_reach: tuple[NDArray[np.float64], ...]
    ) -> NDArray[np.float64]:
        """The LEAF's counterfactual values of ``player``'s piles (his own points)."""
        r = self.ps @ q.ravel()
        m = np.where(self.valid, self.d1 * r[np.maximum(self.sidx, 0)], 0.0)
        other = self._before(1 - player, top_reach)
        per_hand = m @ other if player == 0 else -(m.T @ other)
        return self._at_leaf(player, per_hand)

    def _at_leaf(self, player: int, per_hand: NDArray[np.float64]) -> NDArray[np.float64]:
        off, leaf = self.top.off(player), self.top.leaf
        return np.asarray(per_hand[self.top.hid(player)[off[leaf] : off[leaf + 1]]])

    def _below_deal(
        self,
        player: int,
        top_reach: tuple[NDArray[np.float64], ...],
        own_before: NDArray[np.float64] | None,
    ) -> tuple[NDArray[np.float64], float]:
        """``W_i`` oriented (own new hand, opponent's), and ``rho_i``; ``own_before``
        weighs the piles by the player's own reach too (a best response that forgets)."""
        other = self._before(1 - player, top_reach)
        weights = self.d1 * (other[None, :] if player == 0 else other[:, None])
        if own_before is not None:
            weights = weights * (own_before[:, None] if player == 0 else own_before[None, :])
        b = np.bincount(self.sidx[self.valid], weights=weights[self.valid], minlength=len(self.ps))
        w = (b @ self.ps).reshape(NH, NH)
        rho = float(self.marginal[player] @ self._before(player, top_reach))
        return (w if player == 0 else np.ascontiguousarray(w.T)), rho

    # ------------------------------------------------------------ reading

    def average_strategy(self) -> list[NDArray[np.float64]]:
        out = []
        for t, s in zip(self.trees, self.strategy_sum, strict=True):
            a = np.zeros_like(s)
            _match(t, s, a, -1)
            out.append(a)
        return out

    def save(self, path: Path, history: list[tuple[int, float]]) -> None:
        """A checkpoint: regrets, strategy sums, the iteration count, the rules, the curve,
        the scheme and where a warm start came from."""
        arrays: dict[str, NDArray[np.float64]] = {
            f"regret{i}": r for i, r in enumerate(self.regret)
        }
        arrays |= {f"sum{i}": s for i, s in enumerate(self.strategy_sum)}
        arrays["iterations"] = np.array(float(self.iterations))
        arrays["clock_offset"] = np.array(float(self.clock_offset))
        arrays["layout"] = np.array([_layout(t) for t in self.trees], dtype=np.float64)
        arrays["history"] = np.array(history, dtype=np.float64).reshape(-1, 2)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez(
            tmp,
            rules=np.array(json.dumps(asdict(self.rules))),
            scheme=np.array(self.scheme),
            origin=np.array(self.origin),
            **arrays,  # type: ignore[arg-type]
        )
        tmp.replace(path)

    def load(self, path: Path, same_tree_score: bool = False) -> list[tuple[int, float]]:
        """Resumes from a checkpoint of the same rules and scheme (ValueError otherwise);
        with ``same_tree_score``, only reads one, solved at this score or another with
        the same tree (``betting.same_tree``) by either scheme, to measure what playing
        it here costs."""
        with np.load(path) as data:
            solved = self._fitting(path, data, same_tree_score)
            scheme = scheme_of(data)
            if not same_tree_score and scheme != self.scheme:
                raise ValueError(
                    f"{path} was solved by {scheme}, not {self.scheme}:"
                    f" resume it with --scheme {scheme}"
                )
            self.scheme = scheme
            self.solved_rules = solved
            for i in range(len(self.trees)):
                self.regret[i] = np.array(data[f"regret{i}"])
                self.strategy_sum[i] = np.array(data[f"sum{i}"])
            self.iterations = int(data["iterations"])
            self.origin = str(data["origin"]) if "origin" in data else ""
            self.clock_offset = int(data["clock_offset"]) if "clock_offset" in data else 0
            history = [(int(a), float(b)) for a, b in data["history"]]
        self._rematch()
        return history

    def warm_from(self, path: Path) -> DealRules:
        """Starts from the regrets (so the current strategy) of another score's checkpoint
        with the same tree and scheme, with no average yet and the iteration count at 0
        (DCFR's discounts go on from the source's count: ``clock_offset``; ValueError
        for another tree or scheme); returns the rules it was solved for.

        Why the regrets and not the average: they are what the next iterations build
        on, and a same-tree score differs only in a few payoffs, so its current
        strategy starts near this one's; the average restarts so that none of the
        other score's strategies stays in this one's.
        """
        with np.load(path) as data:
            solved = self._fitting(path, data, same_tree_score=True)
            scheme = scheme_of(data)
            if scheme != self.scheme:
                raise ValueError(
                    f"{path} was solved by {scheme}, not {self.scheme}: warm-start with"
                    f" --scheme {scheme}"
                )
            for i in range(len(self.trees)):
                self.regret[i] = np.array(data[f"regret{i}"])
                self.strategy_sum[i] = np.zeros_like(self.regret[i])
            iterations = int(data["iterations"])
        self.iterations = 0
        # DCFR's first iterations halve every regret (t^1.5 / (t^1.5 + 1) at t = 1):
        # restarted at 1, they would wash out what was carried, so the schedule goes on
        # from the source's count. CFR+ floors, never scales, and averages linearly.
        self.clock_offset = iterations if self.scheme == "dcfr" else 0
        self.origin = f"{solved.score[0]}:{solved.score[1]}@{iterations}"
        self._rematch()
        return solved

    def _fitting(self, path: Path, data: Any, same_tree_score: bool) -> DealRules:
        """The rules ``data`` (an open checkpoint) was solved for, once it is known to fit
        this solver's trees (ValueError otherwise, one line)."""
        rules = json.loads(str(data["rules"]))
        solved = DealRules(**{**rules, "score": tuple(rules["score"])})
        fits = solved == self.rules or (same_tree_score and same_tree(solved, self.rules))
        if not fits:
            where = "a tree unlike this one's" if same_tree_score else "other rules"
            raise ValueError(
                f"{path} was solved for {where}: score {solved.score[0]}:{solved.score[1]},"
                f" dealer {solved.dealer}, {solved.redeal}, ties {solved.ties}"
            )
        layout = [_layout(t) for t in self.trees]
        if "layout" not in data or [float(x) for x in data["layout"]] != layout:
            raise ValueError(f"{path} was written for trees laid out otherwise")
        for i, t in enumerate(self.trees):
            if data[f"regret{i}"].shape != (int(t.estart[-1]),):
                raise ValueError(f"{path} does not fit this solver's trees")
        return solved

    def _rematch(self) -> None:
        for t, r, s in zip(self.trees, self.regret, self.strategy, strict=True):
            _match(t, r, s, -1)

    # ------------------------------------------------------------ measuring

    def value(self, strategy: list[NDArray[np.float64]]) -> float:
        """Seat 0's expected points per deal when both play ``strategy``."""
        reach = [_forward(t, s) for t, s in zip(self.trees, strategy, strict=True)]
        leaf = None
        if self.below is not None:
            leaf = self._leaf_values(0, self._pair_values(self.below, reach[1]), reach[0])
        return _root_value(self.top, 0, k.EVALUATE, strategy[0], reach[0], self.d1, leaf)[0]

    def full_game_response(self, strategy: list[NDArray[np.float64]], player: int) -> float:
        """What ``player`` wins by the exact best reply of one who remembers his pile."""
        reach = [_forward(t, s) for t, s in zip(self.trees, strategy, strict=True)]
        leaf = None
        if self.below is not None:
            other = self._before(1 - player, reach[0])
            per_pile = np.zeros(NH)
            for p in range(NH):
                if self.marginal[player][p] == 0.0:
                    continue
                row = self.d1[p] if player == 0 else self.d1[:, p]
                idx = self.sidx[p] if player == 0 else self.sidx[:, p]
                ok = (idx >= 0) & (other > 0)
                g = ((row[ok] * other[ok]) @ self.ps[idx[ok]]).reshape(NH, NH)
                deal = g if player == 0 else np.ascontiguousarray(g.T)
                per_pile[p] = _root_value(
                    self.below, player, k.BEST_RESPONSE, strategy[1], reach[1], deal, None
                )[0]
            leaf = self._at_leaf(player, per_pile)
        return _root_value(
            self.top, player, k.BEST_RESPONSE, strategy[0], reach[0], self._top_deal(player), leaf
        )[0]

    def abstract_response(
        self, strategy: list[NDArray[np.float64]], player: int, rounds: int = 8
    ) -> float:
        """What ``player`` wins by a best reply that forgets his pile (see the module)."""
        if self.below is None:
            return self.full_game_response(strategy, player)
        below = self.below
        mine = _owned(below, player)
        reach_top = _forward(self.top, strategy[0])
        own_before: NDArray[np.float64] | None = None
        best_value = -np.inf
        for _ in range(rounds):
            deal, _rho = self._below_deal(player, reach_top, own_before)
            _v, best_below = _root_value(
                below,
                player,
                k.BEST_RESPONSE,
                strategy[1],
                _forward(below, strategy[1]),
                deal,
                None,
                want_best=True,
            )
            mixed = np.where(mine, best_below, strategy[1])
            q = self._pair_values(below, _forward(below, mixed))
            leaf = self._leaf_values(player, q, reach_top)
            value, best_top = _root_value(
                self.top,
                player,
                k.BEST_RESPONSE,
                strategy[0],
                reach_top,
                self._top_deal(player),
                leaf,
                want_best=True,
            )
            if value <= best_value + 1e-12:
                break
            best_value = value
            mixed_top = np.where(_owned(self.top, player), best_top, strategy[0])
            own_before = self._before(player, _forward(self.top, mixed_top))
            if not own_before.any():
                break
        return float(best_value)


def exploitability(solver: TrucSolver, strategy: list[NDArray[np.float64]]) -> dict[str, float]:
    """``abstract`` and ``full_game`` (mean of both seats' best-response gains) and the value."""
    value = solver.value(strategy)
    full = [solver.full_game_response(strategy, p) for p in (0, 1)]
    abstract = [solver.abstract_response(strategy, p) for p in (0, 1)]
    return {
        "value": value,
        "abstract": 0.5 * (abstract[0] + abstract[1]),
        "full_game": 0.5 * (full[0] + full[1]),
    }


# ---------------------------------------------------------------- plumbing


def scheme_of(data: Any) -> Variant:
    """The scheme an open checkpoint was solved by (CFR+ before schemes were recorded)."""
    scheme = str(data["scheme"]) if "scheme" in data else "cfr+"
    if scheme not in VARIANTS:
        raise ValueError(f"unknown scheme {scheme[:20]!r}")
    return scheme


def _layout(t: TrucTree) -> float:
    """A fingerprint of a tree's layout: a checkpoint's arrays are read in this order."""
    crc = 0
    for a in (t.kind, t.child_start, t.move, t.estart, t.hid0, t.hid1):
        crc = zlib.crc32(np.ascontiguousarray(a).tobytes(), crc)
    return float(crc)


def _owned(t: TrucTree, player: int) -> NDArray[np.bool_]:
    """Which edge entries belong to ``player``'s decisions."""
    out = np.zeros(int(t.estart[-1]), dtype=np.bool_)
    for n in np.flatnonzero(t.kind == player):
        out[t.estart[t.child_start[n]] : t.estart[t.child_start[n + 1]]] = True
    return out


def _match(
    t: TrucTree, weights: NDArray[np.float64], out: NDArray[np.float64], player: int
) -> None:
    k.regret_matching(
        t.kind, t.child_start, t.estart, t.legal, t.off0, t.off1, weights, out, player
    )


def _forward(
    t: TrucTree, strategy: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    r0 = np.zeros(int(t.off0[-1]))
    r1 = np.zeros(int(t.off1[-1]))
    k.forward(
        t.kind,
        t.child_start,
        t.children,
        t.estart,
        t.off0,
        t.off1,
        t.pslot0,
        t.pslot1,
        strategy,
        r0,
        r1,
    )
    return r0, r1


def _backward(
    t: TrucTree,
    player: int,
    mode: int,
    strategy: NDArray[np.float64],
    reach: tuple[NDArray[np.float64], ...],
    deal: NDArray[np.float64],
    regret: NDArray[np.float64],
    strategy_sum: NDArray[np.float64],
    update: Update,
    leaf: NDArray[np.float64] | None = None,
    best: NDArray[np.float64] | None = None,
) -> NDArray[np.float64]:
    off = t.off(player)
    values = np.zeros(int(off[-1]))
    if leaf is not None:
        values[off[t.leaf] : off[t.leaf + 1]] = leaf
    k.backward(
        t.kind,
        t.child_start,
        t.children,
        t.estart,
        t.legal,
        t.payoff,
        off,
        t.off(1 - player),
        t.hid(player),
        t.hid(1 - player),
        t.pslot(player),
        np.ascontiguousarray(deal),
        player,
        mode,
        strategy,
        reach[player],
        reach[1 - player],
        values,
        regret,
        strategy_sum,
        *update,
        best if best is not None else np.zeros(0),
    )
    return values


def _root_value(
    t: TrucTree,
    player: int,
    mode: int,
    strategy: NDArray[np.float64],
    reach: tuple[NDArray[np.float64], ...],
    deal: NDArray[np.float64],
    leaf: NDArray[np.float64] | None,
    *,
    want_best: bool = False,
) -> tuple[float, NDArray[np.float64]]:
    best = np.zeros(int(t.estart[-1])) if mode == k.BEST_RESPONSE else None
    values = _backward(
        t, player, mode, strategy, reach, deal, np.zeros(0), np.zeros(0), NO_UPDATE, leaf, best
    )
    off = t.off(player)
    total = float(values[off[0] : off[1]].sum())
    return total, (best if best is not None else np.zeros(0))
