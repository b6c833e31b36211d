"""The open-hand search of a Tetka ending, compiled by numba.

Why a kernel of its own: the search visits hundreds of thousands of card
plays per solve, and the engine (``games/tetka/rules.py``), with its logs,
views and interned actions, would spend microseconds on each. Here a
position is a few small int64 arrays changed in place and undone, and the
whole search (a loop over an explicit stack of frames) runs in machine code
(``NUMBA_DISABLE_JIT=1`` runs it as Python, to step through it).

What is searched. Four hands as the engine's 52-bit card masks
(``cards.py``: card = suit * 13 + rank, ace high, so within a suit a higher
card is a higher int), the trick in progress, the trick number and, for the
most-tricks mark, how many tricks each seat won and the number of its
latest one. Every seat follows suit when it can: under ``revoke=penalized``
the engine would also allow a revoke, which the solver never plays.

The value is *paranoid*: the marks the valued seat ``v`` still takes from
here to the end of the deal (queens in the tricks it wins, the photo card's
trick, the counting trick, the 13th trick, and the most tricks), which
``v`` minimises and the three others maximise as if in league. Eight marks
are given out every deal, so ``v``'s deal gain as ``DealSummary.gains``
counts it (``-marks``, less the others' mean) is ``(8 - 4 * marks) / 3``:
fewest marks is best gain, and the paranoid value is exact for that.

How it is cut down:

* alpha-beta, fail-soft, on integer values (0..8 marks);
* a transposition table at trick boundaries, over hands, leader, the
  tricks won and latest trick per seat, and the valued seat, photo and
  counting trick: the value of an entry depends on nothing else, so the
  table is kept from one solve to the next (``Table``) with no clearing;
* bounds at trick boundaries: nothing below 0 marks (1 when nobody can
  catch up with the valued seat's tricks), nothing above the
  queens and photo card still out plus the counting trick (if still to
  come), the last trick and the most tricks (if still within reach);
* equivalent cards: a seat's cards of one suit with no card still in play
  (in a hand or on the table) between them, none a queen or the photo card,
  win and lose the same tricks and carry the same marks, so one of them is
  tried for all;
* move order: the table's best lead first, then the valued seat leads low
  and the others high; in a trick, the valued seat tries cards that lose it
  first (highest first); the others, while ``v`` holds the trick, cards that
  leave it to ``v`` (marked ones first), otherwise cards that take it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

F = TypeVar("F", bound=Callable[..., Any])
Ints = NDArray[np.int64]
Bytes = NDArray[np.int8]

SUIT = 0x1FFF
QUEEN = 10
TRICKS = 13
#: A value above every real one (the search's "infinity").
INF = 99
#: Context slots (``ctx``): the valued seat, the photo card, the counting trick's number.
CTX_SEAT, CTX_PHOTO, CTX_COUNTING = 0, 1, 2
#: Plies a search may go below its root: four per trick.
MAX_DEPTH = 4 * TRICKS + 1


def _jit(fn: F) -> F:
    """numba's ``njit`` with a cache on disk, typed for mypy as the function it wraps."""
    return cast(F, numba.njit(cache=True)(fn))


@_jit
def trick_winner(tc: Ints, leader: int) -> int:
    """The seat whose card is the highest of the suit led, ``tc`` in order of play."""
    led = tc[0] // 13
    best = tc[0]
    w = 0
    for i in range(1, 4):
        c = tc[i]
        if c // 13 == led and c > best:
            best = c
            w = i
    return (leader + w) % 4


@_jit
def trick_marks(tc: Ints, t: int, photo: int, counting: int) -> int:
    """Marks trick number ``t + 1`` carries: its queens, the photo card, counting, last."""
    m = 0
    for i in range(4):
        c = tc[i]
        if c % 13 == QUEEN:
            m += 1
        if c == photo:
            m += 1
    if t + 1 == counting:
        m += 1
    if t == TRICKS - 1:
        m += 1
    return m


@_jit
def most_mark(won: Ints, last: Ints, v: int) -> int:
    """1 if ``v`` has the most tricks, a tie going to the latest trick (``last`` is -1
    for a seat with none), else 0."""
    best = -(1 << 20)
    who = -1
    for s in range(4):
        k = won[s] * 16 + last[s]
        if k > best:
            best = k
            who = s
    return 1 if who == v else 0


@_jit
def representatives(allowed: int, live: int, photo: int, out: Ints) -> int:
    """Writes into ``out`` one card of each class of equivalent cards in ``allowed``
    (the lowest), and returns how many; ``live`` holds every card still in play."""
    n = 0
    for s in range(4):
        m = (allowed >> (13 * s)) & SUIT
        if m == 0:
            continue
        lv = (live >> (13 * s)) & SUIT
        ph = photo - 13 * s
        prev = -1
        for r in range(13):
            if not (m >> r) & 1:
                continue
            if r in (QUEEN, ph):
                out[n] = 13 * s + r
                n += 1
                prev = -1
                continue
            if prev >= 0:
                between = lv & (((1 << r) - 1) ^ ((1 << (prev + 1)) - 1))
                if between == 0:
                    prev = r
                    continue
            out[n] = 13 * s + r
            n += 1
            prev = r
    return n


@_jit
def _order(
    row: Ints, n: int, tc: Ints, k: int, leader: int, seat: int, v: int, photo: int, first: int
) -> None:
    """Sorts the moves ``row[:n]`` in place, likely best first for the seat to play (see
    the module); ``row[16:16 + n]`` holds their keys."""
    led = tc[0] // 13
    top = tc[0]
    winner = leader
    if k > 0:
        wseat = 0
        for i in range(1, k):
            if tc[i] // 13 == led and tc[i] > top:
                top = tc[i]
                wseat = i
        winner = (leader + wseat) % 4
    for i in range(n):
        c = row[i]
        marked = 1 if (c % 13 == QUEEN or c == photo) else 0
        if c == first:
            key = -1000
        elif k == 0:
            key = c % 13 if seat == v else -(c % 13)
        else:
            wins = c // 13 == led and c > top
            if seat == v:
                key = (100 if wins else 0) - c % 13
            elif winner == v and not wins:
                key = -50 * marked - c % 13
            else:
                key = (0 if wins else 20) - c % 13 - 50 * marked
        row[16 + i] = key
    for i in range(1, n):  # insertion sort: n is 13 at most
        kk = row[16 + i]
        cc = row[i]
        j = i - 1
        while j >= 0 and row[16 + j] > kk:
            row[17 + j] = row[16 + j]
            row[j + 1] = row[j]
            j -= 1
        row[17 + j] = kk
        row[j + 1] = cc


@_jit
def _slot(hands: Ints, meta: int, mask: int) -> int:
    """A row of the table for a position (int64 products, wrapping, mixed by shifts)."""
    x = hands[0] * 0x1E3779B97F4A7C15
    x ^= hands[1] * 0x42B2AE3D27D4EB4F + (x >> 29)
    x ^= hands[2] * 0x165667B19E3779F9 + (x >> 31)
    x ^= hands[3] * 0x27D4EB2F165667C5 + (x >> 27)
    x ^= meta * 0x14D049BB133111EB + (x >> 33)
    x ^= x >> 30
    return int(x & mask)


# Fields of a frame (one row per ply of the search, ``frames[depth]``).
(
    F_LEADER,
    F_K,
    F_T,
    F_ALPHA,
    F_BETA,
    F_A0,
    F_B0,
    F_VALUE,
    F_CHOSEN,
    F_SLOT,
    F_META,
    F_TOP,
    F_SEAT,
    F_N,
    F_I,
    F_GAIN,
    F_W,
    F_OLD,
) = range(18)
FIELDS = 18


@_jit
def search(
    hands: Ints,
    won: Ints,
    last: Ints,
    tcs: Ints,
    leader: int,
    k: int,
    t: int,
    alpha: int,
    beta: int,
    ctx: Ints,
    movebuf: Ints,
    frames: Ints,
    tt_keys: Ints,
    tt_bounds: Bytes,
    stats: Ints,
) -> int:
    """The marks ``v`` still takes with best play from here (fail-soft within
    ``alpha``..``beta``); the best card at the root is left in ``frames[0, F_CHOSEN]``.

    ``k`` cards of trick ``t`` (0-based) are on the table in ``tcs[t]``, led by
    ``leader``. ``tt_keys`` rows are (hand0..hand3, meta); ``tt_bounds`` rows (low,
    high, best card). ``movebuf[depth]`` is a ply's moves and sort keys.

    A loop over an explicit stack of frames rather than a recursion: numba's
    cache on disk cannot hold a recursive function (it crashes on loading it),
    and a compile of several seconds in every process is too dear.
    """
    v = ctx[CTX_SEAT]
    photo = ctx[CTX_PHOTO]
    counting = ctx[CTX_COUNTING]
    d = 0
    f = frames[0]
    f[F_LEADER] = leader
    f[F_K] = k
    f[F_T] = t
    f[F_ALPHA] = alpha
    f[F_BETA] = beta
    entering = True
    ret = 0
    while True:
        f = frames[d]
        if entering:
            # ---- enter the node at depth d: leaf, bounds, table, moves
            stats[0] += 1
            leader = f[F_LEADER]
            k = f[F_K]
            t = f[F_T]
            alpha = f[F_ALPHA]
            beta = f[F_BETA]
            entering = False
            if k == 0 and t == TRICKS:
                ret = most_mark(won, last, v)
                f[F_VALUE] = ret
                f[F_N] = -1  # a leaf: return at once
            else:
                tc = tcs[t]
                live = hands[0] | hands[1] | hands[2] | hands[3]
                for i in range(k):
                    live |= 1 << tc[i]
                first = -1
                f[F_SLOT] = -1
                f[F_TOP] = INF
                cut = False
                if k == 0:
                    top = 1  # the last trick is always still to come
                    reach = won[v] + TRICKS - t  # the most tricks, unless out of reach
                    low = 1  # ... and sure to come if nobody else can catch up
                    for s in range(4):
                        top += (live >> (13 * s + QUEEN)) & 1
                        if s != v:
                            if won[s] > reach:
                                reach = -1
                            if won[s] + TRICKS - t >= won[v]:
                                low = 0
                    if reach >= 0:
                        top += 1
                    top += (live >> photo) & 1
                    if counting - 1 >= t:
                        top += 1
                    f[F_TOP] = top
                    if d > 0 and alpha >= top:
                        ret = top
                        cut = True
                    elif d > 0 and beta <= low:
                        ret = low
                        cut = True
                    else:
                        meta = v | (photo << 2) | (counting << 8) | (leader << 12)
                        for s in range(4):
                            meta |= (won[s] << (14 + 4 * s)) | ((last[s] + 1) << (30 + 4 * s))
                        slot = _slot(hands, meta, tt_keys.shape[0] - 1)
                        f[F_SLOT] = slot
                        f[F_META] = meta
                        if _holds(tt_keys, slot, hands, meta):
                            lo = int(tt_bounds[slot, 0])
                            hi = int(tt_bounds[slot, 1])
                            first = int(tt_bounds[slot, 2])
                            if d > 0:
                                if lo >= beta or lo == hi:
                                    ret = lo
                                    cut = True
                                elif hi <= alpha:
                                    ret = hi
                                    cut = True
                                else:
                                    alpha = max(alpha, lo)
                                    beta = min(beta, hi)
                if cut:
                    f[F_N] = -1
                    f[F_VALUE] = ret
                else:
                    seat = (leader + k) % 4
                    hand = hands[seat]
                    allowed = hand
                    if k > 0:
                        follow = hand & (SUIT << (13 * (tc[0] // 13)))
                        if follow:
                            allowed = follow
                    row = movebuf[d]
                    n = representatives(allowed, live, photo, row)
                    _order(row, n, tc, k, leader, seat, v, photo, first)
                    f[F_SEAT] = seat
                    f[F_N] = n
                    f[F_I] = 0
                    f[F_ALPHA] = alpha
                    f[F_BETA] = beta
                    f[F_A0] = alpha
                    f[F_B0] = beta
                    f[F_VALUE] = -INF if seat != v else INF
                    f[F_CHOSEN] = row[0]
        else:
            # ---- back from the child of move i - 1 at depth d: undo it, take its value
            seat = f[F_SEAT]
            t = f[F_T]
            k = f[F_K]
            c = movebuf[d, f[F_I] - 1]
            r = ret
            if k == 3:
                w = f[F_W]
                won[w] -= 1
                last[w] = f[F_OLD]
                r += f[F_GAIN]
            hands[seat] ^= 1 << c
            if seat != v:
                if r > f[F_VALUE]:
                    f[F_VALUE] = r
                    f[F_CHOSEN] = c
                if f[F_VALUE] > f[F_ALPHA]:
                    f[F_ALPHA] = f[F_VALUE]
            else:
                if r < f[F_VALUE]:
                    f[F_VALUE] = r
                    f[F_CHOSEN] = c
                if f[F_VALUE] < f[F_BETA]:
                    f[F_BETA] = f[F_VALUE]
        n = f[F_N]
        if n >= 0 and f[F_I] < n and f[F_ALPHA] < f[F_BETA]:
            # ---- play the next move and enter its child
            i = f[F_I]
            f[F_I] = i + 1
            c = movebuf[d, i]
            seat = f[F_SEAT]
            k = f[F_K]
            t = f[F_T]
            leader = f[F_LEADER]
            tc = tcs[t]
            hands[seat] ^= 1 << c
            tc[k] = c
            child = frames[d + 1]
            if k == 3:
                w = trick_winner(tc, leader)
                gain = trick_marks(tc, t, photo, counting) if w == v else 0
                f[F_W] = w
                f[F_GAIN] = gain
                f[F_OLD] = last[w]
                won[w] += 1
                last[w] = t
                child[F_LEADER] = w
                child[F_K] = 0
                child[F_T] = t + 1
                child[F_ALPHA] = f[F_ALPHA] - gain
                child[F_BETA] = f[F_BETA] - gain
            else:
                child[F_LEADER] = leader
                child[F_K] = k + 1
                child[F_T] = t
                child[F_ALPHA] = f[F_ALPHA]
                child[F_BETA] = f[F_BETA]
            d += 1
            entering = True
            continue
        # ---- the node is done: store it, return its value to the parent
        value = f[F_VALUE]
        slot = f[F_SLOT]
        if n >= 0 and slot >= 0:
            meta = f[F_META]
            if not _holds(tt_keys, slot, hands, meta):  # new, or taken by another position
                for j in range(4):
                    tt_keys[slot, j] = hands[j]
                tt_keys[slot, 4] = meta
                tt_bounds[slot, 0] = 0
                tt_bounds[slot, 1] = f[F_TOP]
            if value <= f[F_A0]:
                if value < tt_bounds[slot, 1]:
                    tt_bounds[slot, 1] = value
            elif value >= f[F_B0]:
                if value > tt_bounds[slot, 0]:
                    tt_bounds[slot, 0] = value
            else:
                tt_bounds[slot, 0] = value
                tt_bounds[slot, 1] = value
            tt_bounds[slot, 2] = f[F_CHOSEN]
        ret = int(value)
        if d == 0:
            return ret
        d -= 1


@_jit
def _holds(tt_keys: Ints, slot: int, hands: Ints, meta: int) -> bool:
    """Whether the table's ``slot`` is this position's entry."""
    return bool(
        tt_keys[slot, 4] == meta
        and tt_keys[slot, 0] == hands[0]
        and tt_keys[slot, 1] == hands[1]
        and tt_keys[slot, 2] == hands[2]
        and tt_keys[slot, 3] == hands[3]
    )


# The same arguments as search's, spelled out again: a numba kernel takes its arrays and
# numbers one by one (a jitclass to bundle them cannot be cached on disk); the Python
# side bundles them once (``solve._arguments``).
@_jit
def principal_line(
    hands: Ints,
    won: Ints,
    last: Ints,
    tcs: Ints,
    leader: int,
    k: int,
    t: int,
    ctx: Ints,
    movebuf: Ints,
    frames: Ints,
    tt_keys: Ints,
    tt_bounds: Bytes,
    stats: Ints,
    out: Ints,
) -> int:
    """Solves the position, then writes into ``out`` the cards of one line of best play
    to the end of the deal (each solved again from its own position, the table warm);
    returns the value (0 for a deal already over). The arrays are played on: pass copies."""
    value = 0
    n = 0
    while t < TRICKS:
        v = search(
            hands,
            won,
            last,
            tcs,
            leader,
            k,
            t,
            -INF,
            INF,
            ctx,
            movebuf,
            frames,
            tt_keys,
            tt_bounds,
            stats,
        )
        if n == 0:
            value = v  # the whole line's; later searches only choose its next card
        c = frames[0, F_CHOSEN]
        out[n] = c
        n += 1
        seat = (leader + k) % 4
        hands[seat] ^= 1 << c
        tcs[t, k] = c
        k += 1
        if k == 4:
            w = trick_winner(tcs[t], leader)
            won[w] += 1
            last[w] = t
            leader = w
            t += 1
            k = 0
    return value
