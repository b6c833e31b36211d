"""Le Truc's two-player chance estimate (``bots/truc/model.estimate2``), compiled (numba).

Why: the ``rules`` bot asks for its chance of the deal before each card and each
bet, and with two players that chance is exact: an information-set expectimax
over every hand the opponent may hold (up to 120 groups of strengths), the
opponent playing :func:`model.policy`. In Python it was seven tenths of a
two-player Le Truc search's time (the search rolls its worlds out with the
``rules`` bot at both seats, and each new position misses the estimate's cache).

The kernel is ``model._ev2`` step for step, in the same order: the groups split by
the card the opponent plays, in the order the cards first appear, each branch's
value summed in that order, so the sums are the same floating-point sums and the
estimate is the same number, not merely a close one (``tests/test_truc_chance2.py``
checks equality on random positions). So the ``rules`` bot and the search play
exactly the same games with it as without.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from tricktaker.games.truc.outcomes import DRAW, SPOILED, UNDECIDED
from tricktaker.games.truc.outcomes import OUTCOME as OUTCOME_OF
from tricktaker.solvers.hands import jit
from tricktaker.solvers.truc.chance4 import OUTCOME, _policy, _resolve

#: Strengths run from 0 (a nine) to 7 (a seven).
STRENGTHS = 8
HAND = 3


#: The deepest the walk goes: a node per card played (six) and per trick ended (three),
#: below the root.
DEPTH = 11
#: What a node of the walk is: a trick to end, the bot's choice, the opponent's.
PASS, BOT, OPP = 0, 1, 2


@jit
def _ev2(
    mine0: NDArray[np.int64],
    mn0: int,
    hands0: NDArray[np.int64],
    hn0: int,
    w0: NDArray[np.float64],
    g0: int,
    tricks0: NDArray[np.int64],
    nt0: int,
    tseat0: NDArray[np.int64],
    tstr0: NDArray[np.int64],
    tn0: int,
    lead0: int,
    spoil: int,
    high: float,
) -> float:
    """``model._ev2``: the weighted sum of the bot's utility over the ``g0`` groups
    (``hands0``' rows, their first ``hn0`` strengths sorted, weighing ``w0``), the bot
    choosing per information set; seats relative (0 the bot, 1 the opponent).

    The recursion of ``model._ev2``, walked with a stack of nodes (numba cannot load a
    recursive function from its disk cache): the same nodes in the same order, so the
    same sums. Each depth keeps its node's position, what it iterates over, and its
    running value (the bot's best, or the opponent's branches summed)."""
    # A child's groups are a part of its parent's, so no depth holds more than ``g0``;
    # an opponent's node splits each at most three ways.
    most = max(g0, 1)
    mine = np.zeros((DEPTH, HAND), dtype=np.int64)
    mn = np.zeros(DEPTH, dtype=np.int64)
    hands = np.empty((DEPTH, most, HAND), dtype=np.int64)
    hn = np.zeros(DEPTH, dtype=np.int64)
    w = np.empty((DEPTH, most), dtype=np.float64)
    g = np.zeros(DEPTH, dtype=np.int64)
    tricks = np.zeros((DEPTH, HAND), dtype=np.int64)
    nt = np.zeros(DEPTH, dtype=np.int64)
    tseat = np.zeros((DEPTH, 2), dtype=np.int64)
    tstr = np.zeros((DEPTH, 2), dtype=np.int64)
    tn = np.zeros(DEPTH, dtype=np.int64)
    lead = np.zeros(DEPTH, dtype=np.int64)
    kind = np.zeros(DEPTH, dtype=np.int64)
    at = np.zeros(DEPTH, dtype=np.int64)  # the next child to try
    acc = np.zeros(DEPTH, dtype=np.float64)
    found = np.zeros(DEPTH, dtype=np.bool_)
    # The opponent's nodes: each group's card (or each card of its mixed lead), the
    # hand left, the weight times the card's share; and the cards already branched on.
    cards = np.empty((DEPTH, HAND * most), dtype=np.int64)
    rests = np.empty((DEPTH, HAND * most, HAND), dtype=np.int64)
    shares = np.empty((DEPTH, HAND * most), dtype=np.float64)
    m = np.zeros(DEPTH, dtype=np.int64)
    done = np.zeros((DEPTH, 8), dtype=np.bool_)
    picks = np.zeros(HAND, dtype=np.int64)
    odds = np.zeros(HAND, dtype=np.float64)

    mine[0, :] = mine0[:HAND]
    mn[0] = mn0
    hn[0] = hn0
    g[0] = g0
    for i in range(g0):
        hands[0, i, :] = hands0[i, :HAND]
        w[0, i] = w0[i]
    tricks[0, :] = tricks0[:HAND]
    nt[0] = nt0
    for i in range(tn0):
        tseat[0, i] = tseat0[i]
        tstr[0, i] = tstr0[i]
    tn[0] = tn0
    lead[0] = lead0

    d = 0
    entering = True
    value = 0.0
    while True:
        up = False  # whether depth d's value is ready to go up
        if entering:
            # A new node at depth d: a leaf, a trick to end, or a choice to branch on.
            entering = False
            at[d] = 0
            acc[d] = 0.0
            found[d] = False
            if tn[d] == 2:
                result, nxt = _resolve(tseat[d], tstr[d], 2, tricks[d], nt[d], spoil)
                code = 0
                for i in range(nt[d]):
                    code += (tricks[d, i] + 1) << (2 * i)
                code += (result + 1) << (2 * nt[d])
                outcome = OUTCOME[spoil, code]
                if outcome != UNDECIDED:
                    total = 0.0
                    for i in range(g[d]):
                        total += w[d, i]
                    if outcome == DRAW:
                        value = 0.5 * total
                    else:
                        value = (1.0 if outcome == 0 else 0.0) * total
                    up = True
                else:
                    # The next trick: the same hands and groups, the trick's result kept.
                    kind[d] = PASS
                    c = d + 1
                    mine[c, :] = mine[d, :]
                    mn[c] = mn[d]
                    hn[c] = hn[d]
                    g[c] = g[d]
                    for i in range(g[d]):
                        hands[c, i, :] = hands[d, i, :]
                        w[c, i] = w[d, i]
                    tricks[c, :] = tricks[d, :]
                    tricks[c, nt[d]] = result
                    nt[c] = nt[d] + 1
                    tn[c] = 0
                    lead[c] = nxt
                    d = c
                    entering = True
                    continue
            elif (lead[d] if tn[d] == 0 else 1 - tseat[d, 0]) == 0:
                kind[d] = BOT
            else:
                kind[d] = OPP
                k = 0
                h = hn[d]
                for i in range(g[d]):
                    row = hands[d, i]
                    if tn[d] == 0:  # model.lead_mix
                        if h == 1 or row[0] == row[h - 1]:
                            picks[0], odds[0], npick = row[h - 1], 1.0, 1
                        elif h == 2 or row[1] == row[2] or row[0] == row[1]:
                            picks[0], odds[0] = row[h - 1], high
                            picks[1], odds[1] = row[0], 1.0 - high
                            npick = 2
                        else:
                            low = (1.0 - high) / 2
                            picks[0], odds[0] = row[2], high
                            picks[1], odds[1] = row[1], low
                            picks[2], odds[2] = row[0], low
                            npick = 3
                    else:
                        picks[0] = _policy(
                            row, h, 1, tseat[d], tstr[d], tn[d], tricks[d], nt[d], spoil
                        )
                        odds[0] = 1.0
                        npick = 1
                    for p in range(npick):
                        card = picks[p]
                        cards[d, k] = card
                        gone = False
                        r = 0
                        for x in range(h):
                            if not gone and row[x] == card:
                                gone = True
                                continue
                            rests[d, k, r] = row[x]
                            r += 1
                        shares[d, k] = w[d, i] * odds[p]
                        k += 1
                m[d] = k
                done[d, :] = False
        elif kind[d] == PASS:  # a trick's one child handed up its value
            up = True
        elif kind[d] == BOT:
            if not found[d] or value > acc[d]:
                acc[d] = value
                found[d] = True
        else:
            acc[d] += value
        if not up:
            # The node's next child, entered at depth d + 1; none left: its value goes up.
            c = d + 1
            j = at[d]
            seat = card = 0
            if kind[d] == BOT:
                while 0 < j < mn[d] and mine[d, j - 1] == mine[d, j]:
                    j += 1  # sorted: a strength held twice is tried once
                if j < mn[d]:
                    r = 0
                    for i in range(mn[d]):
                        if i != j:
                            mine[c, r] = mine[d, i]
                            r += 1
                    mn[c] = mn[d] - 1
                    hn[c] = hn[d]
                    g[c] = g[d]
                    for i in range(g[d]):
                        hands[c, i, :] = hands[d, i, :]
                        w[c, i] = w[d, i]
                    seat, card = 0, mine[d, j]
            else:
                while j < m[d] and done[d, cards[d, j]]:
                    j += 1
                if j < m[d]:
                    card = cards[d, j]
                    done[d, card] = True
                    r = 0
                    for x in range(j, m[d]):
                        if cards[d, x] == card:
                            hands[c, r, :] = rests[d, x, :]
                            w[c, r] = shares[d, x]
                            r += 1
                    g[c] = r
                    hn[c] = hn[d] - 1
                    mine[c, :] = mine[d, :]
                    mn[c] = mn[d]
                    seat = 1
            if j < (mn[d] if kind[d] == BOT else m[d]):
                at[d] = j + 1
                tricks[c, :] = tricks[d, :]
                nt[c] = nt[d]
                for i in range(tn[d]):
                    tseat[c, i] = tseat[d, i]
                    tstr[c, i] = tstr[d, i]
                tseat[c, tn[d]] = seat
                tstr[c, tn[d]] = card
                tn[c] = tn[d] + 1
                lead[c] = lead[d]
                d = c
                entering = True
                continue
            value = acc[d]
        if d == 0:
            return value
        d -= 1


def _check(
    mine: Sequence[int],
    hn: int,
    tricks: Sequence[int],
    table: Sequence[tuple[int, int]],
    lead: int,
    ties: str,
) -> None:
    """ValueError unless the position is one a deal reaches, undecided: the kernel walks
    it without a bound check, so a bad one must never reach it."""
    seats = [s for s, _ in table]
    strengths = [*mine, *(c for _, c in table)]
    left = HAND - len(tricks)
    if (
        len(tricks) > 2
        or any(t not in (0, 1, SPOILED) for t in tricks)
        or OUTCOME_OF[ties].get(tuple(tricks), DRAW) != UNDECIDED
        or lead not in (0, 1)
        or len(table) > 2
        or (table and seats[0] != lead)
        or seats not in ([], [0], [1], [0, 1], [1, 0])
        or any(not 0 <= c < STRENGTHS for c in strengths)
        or len(mine) != left - seats.count(0)
        or hn != left - seats.count(1)
    ):
        raise ValueError("not a two-player Le Truc position")


def ev2_fast(
    mine: Sequence[int],
    groups: Sequence[tuple[Sequence[int], float]],
    tricks: Sequence[int],
    table: Sequence[tuple[int, int]],
    lead: int,
    ties: str,
    high: float,
) -> float:
    """``model._ev2``'s value, the same number: the bot's hand (sorted strengths), the
    opponent's possible hands (sorted, all of one size) with their weights, the tricks,
    the trick in progress as (relative seat, strength), who leads it."""
    if ties not in ("leader", "spoil"):
        raise ValueError(f"unknown tie rule {ties!r}")
    g = len(groups)
    hn = len(groups[0][0]) if groups else 0
    _check(mine, hn, tricks, table, lead, ties)
    hands = np.zeros((max(g, 1), HAND), dtype=np.int64)
    w = np.zeros(max(g, 1), dtype=np.float64)
    for i, (hand, weight) in enumerate(groups):
        if len(hand) != hn:
            raise ValueError("the opponent's possible hands differ in size")
        if any(not 0 <= c < STRENGTHS for c in hand):
            raise ValueError("not a two-player Le Truc position")
        hands[i, :hn] = hand
        w[i] = weight
    own = np.zeros(HAND, dtype=np.int64)
    own[: len(mine)] = mine
    tr = np.zeros(HAND, dtype=np.int64)
    tr[: len(tricks)] = tricks
    ts = np.zeros(2, dtype=np.int64)
    tv = np.zeros(2, dtype=np.int64)
    for i, (s, c) in enumerate(table):
        ts[i], tv[i] = s, c
    spoil = 1 if ties == "spoil" else 0
    nt, tn = len(tricks), len(table)
    return float(_ev2(own, len(mine), hands, hn, w, g, tr, nt, ts, tv, tn, lead, spoil, high))
