"""The hot loop of the open-hand solver: alpha-beta over card plays, compiled by numba.

Why this shape. A Preferans ending is at most 30 cards in three hands, so a
position fits in three 32-bit masks (one bit per card of the 32-card deck:
``suit * 8 + rank``, rank 0 the seven, 7 the ace; see :mod:`.position` for the
translation from the engine's masks). The search counts the tricks of the
*counted* players (bit mask over rotation places) from the position on; the
*maximisers* (another mask) want that count high, everyone else low. That one
shape covers a contract (declarer counted, declarer maximises), misère
(declarer counted, the defenders maximise) and the all-pass, searched
paranoid (one seat counted, the other two maximise his tricks).

* A transposition table of bounds at trick boundaries (where the hands alone,
  the leader and the talon tricks still to come fix the rest of the deal),
  keyed on *relative* ranks (each suit's cards still out moved up to the top,
  in order), so endings that differ only in which low cards are gone share an
  entry. The key also holds the rules searched and the solve's generation,
  so the table is never cleared (an old entry is simply overwritten) and a
  solve never reads another's entries: its node count, and so where a node
  limit stops it, depends on the position alone.
* The value by null-window tests ("at least k tricks?") halving the range of
  tricks, each pruning far more than one search with the whole window.
* Equivalent cards collapse: of a run of one player's cards in a suit with no
  card of anyone between them (cards played in earlier tricks are gone; cards
  on the table this trick still count), only one is tried: any of them does
  the same.
* Move ordering: a leader who wants tricks cashes a master first; a follower
  who wants the trick tries the cheapest card that wins first; one who wants
  to lose it, the highest card that ducks; then a history of the cards that
  cut the search off before (first, where the counted side ducks: misère and
  the all-pass, where the guesses are poor).
* An explicit stack instead of recursion (see :func:`search`).

With ``NUMBA_DISABLE_JIT=1`` it runs as the same Python (slowly), which is how
to step through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

F = TypeVar("F", bound=Callable[..., Any])

Ints = NDArray[np.int64]
Keys = NDArray[np.uint64]
Bounds = NDArray[np.int8]

#: Log2 of the transposition table's size (entries of 18 bytes: 4.7 MB).
TT_BITS = 18
SUIT_BITS = 0xFF
NO_CARD = -1
#: What a search returns when it ran past its node limit (``rules[8]``).
ABORT = -1000
#: The move ordering's guess outweighs the history of cut-offs (``stats[1:]``).
HISTORY_SCALE = 1 << 20
#: The golden ratio's 64 bits: a solve's generation times it marks its table keys.
GOLDEN = 0x9E3779B97F4A7C15


def _jit(fn: F) -> F:
    """numba's ``njit`` with a cache on disk, typed for mypy as the function it wraps."""
    return cast(F, numba.njit(cache=True)(fn))


@_jit
def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@_jit
def _top_bit(x: int) -> int:
    """The highest set bit's index (x > 0)."""
    i = 0
    while x > 1:
        x >>= 1
        i += 1
    return i


@_jit
def _beats(card: int, best: int, led: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``best`` (NO_CARD: nobody holds it yet)."""
    suit = card >> 3
    if best == NO_CARD:
        return suit in (led, trump)
    best_suit = best >> 3
    if suit == best_suit:
        return card > best
    return suit == trump


@_jit
def _led_suit(talon: Ints, ti: int, table: Ints, k: int) -> int:
    """The suit to follow: the talon card's in a talon trick, else the first card's."""
    if ti < talon.shape[0]:
        return int(talon[ti])
    if k == 0:
        return -1
    return int(table[0] >> 3)


@_jit
def _allowed(hand: int, led: int, trump: int, overtake: bool, table: Ints, k: int) -> int:
    """The engine's rule: follow suit, else trump, else any card (the pot game's
    ``overtake``: of those, one that beats the trick's best card when there is one)."""
    if led < 0:
        return hand
    allowed = hand & (SUIT_BITS << (8 * led))
    if allowed == 0:
        if trump >= 0 and hand & (SUIT_BITS << (8 * trump)):
            allowed = hand & (SUIT_BITS << (8 * trump))
        else:
            return hand
    if overtake and k > 0:
        best = NO_CARD
        for i in range(k):
            if _beats(int(table[i]), best, led, trump):
                best = int(table[i])
        beating = 0
        bs = best >> 3
        for c in range(best + 1, (bs + 1) * 8):
            beating |= 1 << c
        if trump >= 0 and bs != trump:
            beating |= SUIT_BITS << (8 * trump)
        if allowed & beating:
            return allowed & beating
    return allowed


@_jit
def _trick_winner(table: Ints, seats: Ints, n: int, led: int, trump: int) -> int:
    """The rotation place that takes the trick, or -1 (a talon trick nobody followed)."""
    best = NO_CARD
    who = -1
    for i in range(n):
        if _beats(int(table[i]), best, led, trump):
            best = int(table[i])
            who = int(seats[i])
    return who


@_jit
def _key2(h2: int, leader: int, ti: int, talon: Ints, context: int) -> np.uint64:
    """The second word of a trick boundary's key: the third hand, the leader, the talon
    tricks still to come and the search's rules."""
    tal = 0
    for i in range(ti, talon.shape[0]):
        tal = tal * 5 + int(talon[i]) + 1
    return np.uint64(h2 | (leader << 32) | (tal << 34) | (context << 40))


@_jit
def _relative(hands: Ints, n: int, out: Ints) -> None:
    """The hands with each suit's remaining cards moved up to the top ranks, keeping their
    order: only the order of the cards still out decides the rest of the deal, so
    positions that differ by which low cards were played share one table entry."""
    for i in range(3):
        out[i] = 0
    for suit in range(4):
        base = suit * 8
        dest = base + 7
        for c in range(base + 7, base - 1, -1):
            for i in range(n):
                if (int(hands[i]) >> c) & 1:
                    out[i] |= 1 << dest
                    dest -= 1
                    break


@_jit
def _slot(k1: np.uint64, k2: np.uint64, mask: int) -> np.int64:
    h = k1 * np.uint64(0x9E3779B97F4A7C15) ^ (k2 + np.uint64(0x632BE59BD9B4E019)) * np.uint64(
        0xC2B2AE3D27D4EB4F
    )
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@_jit
def _ordered_moves(
    hands: Ints,
    mover: int,
    allowed: int,
    table: Ints,
    seats: Ints,
    k: int,
    led: int,
    trump: int,
    counted: int,
    maximiser: bool,
    out: Ints,
    scores: Ints,
    stats: Ints,
    history_first: bool,
) -> int:
    """One card of each run of equivalent cards in ``allowed`` (the run's top card), best
    guess first, written into ``out``; returns how many."""
    present = 0
    for i in range(hands.shape[0]):
        present |= int(hands[i])
    for i in range(k):
        present |= 1 << int(table[i])
    mine = int(hands[mover])
    best = NO_CARD
    best_seat = -1
    for i in range(k):
        if _beats(int(table[i]), best, led, trump):
            best = int(table[i])
            best_seat = int(seats[i])
    # Whether the mover wants a counted player to take the trick (a maximiser) or not.
    mover_good = ((counted >> mover) & 1 == 1) == maximiser
    winner_good = best_seat >= 0 and ((counted >> best_seat) & 1 == 1) == maximiser
    n = 0
    rest = allowed
    while rest:
        c = _top_bit(rest)
        rest &= ~(1 << c)
        # Skip c when the next card still in play above it in its suit is the mover's
        # own (and allowed): that run's top card stands for it.
        suit_top = (c >> 3) * 8 + 7
        above = c + 1
        while above <= suit_top and not (present >> above) & 1:
            above += 1
        if above <= suit_top and (allowed >> above) & 1 and (mine >> above) & 1:
            continue
        rank = c & 7
        if k == 0 and led < 0:
            suit_cards = present & (SUIT_BITS << ((c >> 3) * 8))
            master = _top_bit(suit_cards) == c
            if mover_good:
                # Cash a master first.
                score = 40 + rank if master else rank + (8 if (c >> 3) == trump else 0)
            else:
                score = rank + (8 if (c >> 3) == trump else 0)
        else:
            wins = _beats(c, best, led, trump)
            if winner_good:
                score = -rank if not wins else -20 - rank
            elif mover_good:
                score = (40 - rank) if wins else -rank
            else:
                score = (20 + rank) if not wins else -rank
        # Then (or first, where the counted side ducks: misère, the all-pass, where the
        # guesses above are poor) the history: cards that cut the search off before.
        seen = min(int(stats[1 + mover * 32 + c]), HISTORY_SCALE - 1)
        score = (seen * 128 + score + 64) if history_first else (score * HISTORY_SCALE + seen)
        j = n
        while j > 0 and scores[j - 1] < score:
            scores[j] = scores[j - 1]
            out[j] = out[j - 1]
            j -= 1
        scores[j] = score
        out[j] = c
        n += 1
    return n


@_jit
def _after(
    rules: Ints,
    talon: Ints,
    tables: Ints,
    seat_tab: Ints,
    tr: int,
    k: int,
    leader: int,
    ti: int,
    led: int,
    mover: int,
    c: int,
) -> tuple[int, int, int, int, int]:
    """Put ``c`` on the table; the frame after it: (tricks gained by the counted places,
    trick index, cards on the table, leader, talon tricks done)."""
    n = int(rules[0])
    tables[tr, k] = c
    seat_tab[tr, k] = mover
    if k + 1 < n:
        return 0, tr, k + 1, leader, ti
    trick_led = led if led >= 0 else c >> 3
    w = _trick_winner(tables[tr], seat_tab[tr], n, trick_led, int(rules[1]))
    gain = 1 if w >= 0 and (int(rules[2]) >> w) & 1 else 0
    if ti < talon.shape[0]:
        return gain, tr + 1, 0, int(rules[5]), ti + 1
    return gain, tr + 1, 0, w, ti


#: Frames of the explicit stack: one per card played from the root, and one more.
PLIES = 32


@_jit
def search(
    hands: Ints,
    rules: Ints,
    talon: Ints,
    tables: Ints,
    seat_tab: Ints,
    moves_buf: Ints,
    scores_buf: Ints,
    frames: Ints,
    tr0: int,
    k0: int,
    leader0: int,
    ti0: int,
    alpha0: int,
    beta0: int,
    tt_k1: Keys,
    tt_k2: Keys,
    tt_lo: Bounds,
    tt_hi: Bounds,
    stats: Ints,
) -> int:
    """The counted places' tricks from here on (the trick in progress included), with
    fail-soft alpha-beta bounds: a result <= alpha is an upper bound, >= beta a lower one.

    ``rules`` holds the search's constants: places in the rotation, trump (-1: none),
    counted and maximisers (masks over places), overtake (0/1), first hand's place
    (who plays first to a talon trick and leads the trick after them), the context
    folded into the table's key, the solve's generation (its entries are its own:
    the nodes a solve visits, so where a node limit stops it, never depend on the
    solves before it) and the node limit (0: none; past it, :data:`ABORT`).
    ``tables[tr]``/``seat_tab[tr]`` hold the cards and places of the ``tr``-th trick;
    ``k0`` of the root's are on the table.

    An explicit stack rather than recursion: numba's cache on disk does not load a
    function that calls itself with arrays reliably (it crashed), and compiling
    afresh in every process costs seconds. ``frames[ply]`` holds a node's numbers
    (named by the F_* columns below); hands are changed in place and restored."""
    n = int(rules[0])
    trump = int(rules[1])
    counted = int(rules[2])
    maximisers = int(rules[3])
    overtake = rules[4] != 0
    context = int(rules[6])
    generation = np.uint64(rules[7]) * np.uint64(GOLDEN)
    limit = int(rules[8])
    ducking = counted & maximisers == 0
    mask = tt_k1.shape[0] - 1
    rel = np.zeros(3, np.int64)
    # Columns of a frame.
    TR, K, LEADER, TI, ALPHA, BETA, A0, B0, BEST, M, COUNT, MOVER, MAXI, LED, GAIN = range(15)
    SLOT, LEFT = 15, 16
    ply = 0
    f = frames[0]
    f[TR] = tr0
    f[K] = k0
    f[LEADER] = leader0
    f[TI] = ti0
    f[ALPHA] = alpha0
    f[BETA] = beta0
    ret = 0
    ENTER, NEXT, RETURN = 0, 1, 2
    action = ENTER
    while True:
        f = frames[ply]
        if action == ENTER:
            stats[0] += 1
            if limit and stats[0] > limit:
                # Out of nodes: put back the cards on the stack, and give up.
                for p in range(ply):
                    g = frames[p]
                    hands[int(g[MOVER])] |= 1 << int(moves_buf[p, int(g[M])])
                return ABORT
            tr = int(f[TR])
            k = int(f[K])
            leader = int(f[LEADER])
            ti = int(f[TI])
            alpha = int(f[ALPHA])
            beta = int(f[BETA])
            cards_left = 0
            for i in range(n):
                cards_left += _popcount(int(hands[i]))
            tricks_left = (cards_left + k + n - 1) // n
            f[LEFT] = tricks_left
            if tricks_left == 0:
                ret = 0
                action = RETURN
                continue
            if alpha >= tricks_left:
                ret = tricks_left
                action = RETURN
                continue
            if beta <= 0:
                ret = 0
                action = RETURN
                continue
            f[SLOT] = -1
            if k == 0:
                _relative(hands, n, rel)
                k1 = np.uint64(int(rel[0]) | (int(rel[1]) << 32)) ^ generation
                k2 = _key2(int(rel[2]), leader, ti, talon, context)
                slot = _slot(k1, k2, mask)
                f[SLOT] = slot
                if tt_k1[slot] == k1 and tt_k2[slot] == k2:
                    lo = int(tt_lo[slot])
                    hi = int(tt_hi[slot])
                    if lo >= beta or lo == hi:
                        ret = lo
                        action = RETURN
                        continue
                    if hi <= alpha:
                        ret = hi
                        action = RETURN
                        continue
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
            f[ALPHA] = alpha
            f[BETA] = beta
            f[A0] = alpha
            f[B0] = beta
            mover = (leader + k) % n
            maximiser = (maximisers >> mover) & 1 == 1
            table = tables[tr]
            led = _led_suit(talon, ti, table, k)
            allowed = _allowed(int(hands[mover]), led, trump, overtake, table, k)
            f[COUNT] = _ordered_moves(
                hands, mover, allowed, table, seat_tab[tr], k, led, trump, counted,
                maximiser, moves_buf[ply], scores_buf[ply], stats, ducking,
            )  # fmt: skip
            f[MOVER] = mover
            f[MAXI] = 1 if maximiser else 0
            f[LED] = led
            f[BEST] = -1 if maximiser else 99
            f[M] = 0
            action = NEXT
            continue
        if action == NEXT:
            m = int(f[M])
            if m < f[COUNT] and f[ALPHA] < f[BETA]:
                c = int(moves_buf[ply, m])
                mover = int(f[MOVER])
                hands[mover] &= ~(1 << c)
                gain, tr, k, leader, ti = _after(
                    rules, talon, tables, seat_tab, int(f[TR]), int(f[K]), int(f[LEADER]),
                    int(f[TI]), int(f[LED]), mover, c,
                )  # fmt: skip
                f[GAIN] = gain
                child = frames[ply + 1]
                child[TR] = tr
                child[K] = k
                child[LEADER] = leader
                child[TI] = ti
                child[ALPHA] = f[ALPHA] - gain
                child[BETA] = f[BETA] - gain
                ply += 1
                action = ENTER
                continue
            best = int(f[BEST])
            if f[K] == 0:
                here = int(f[SLOT])
                _relative(hands, n, rel)
                hands_k1 = np.uint64(int(rel[0]) | (int(rel[1]) << 32)) ^ generation
                k2 = _key2(int(rel[2]), int(f[LEADER]), int(f[TI]), talon, context)
                lo = 0
                hi = int(f[LEFT])
                if tt_k1[here] == hands_k1 and tt_k2[here] == k2:
                    lo = int(tt_lo[here])
                    hi = int(tt_hi[here])
                if best <= f[A0]:
                    hi = min(hi, best)
                elif best >= f[B0]:
                    lo = max(lo, best)
                else:
                    lo = best
                    hi = best
                tt_k1[here] = hands_k1
                tt_k2[here] = k2
                tt_lo[here] = lo
                tt_hi[here] = hi
            ret = best
            action = RETURN
            continue
        # RETURN: hand the value to the parent frame.
        if ply == 0:
            return ret
        ply -= 1
        f = frames[ply]
        m = int(f[M])
        c = int(moves_buf[ply, m])
        hands[int(f[MOVER])] |= 1 << c
        v = ret + int(f[GAIN])
        if f[MAXI]:
            if v > f[BEST]:
                f[BEST] = v
            if f[BEST] > f[ALPHA]:
                f[ALPHA] = f[BEST]
        else:
            if v < f[BEST]:
                f[BEST] = v
            if f[BEST] < f[BETA]:
                f[BETA] = f[BEST]
        if f[ALPHA] >= f[BETA]:
            left = int(f[LEFT])
            stats[1 + int(f[MOVER]) * 32 + c] += left * left
        f[M] = m + 1
        action = NEXT


@_jit
def best_play(
    hands: Ints,
    rules: Ints,
    talon: Ints,
    tables: Ints,
    seat_tab: Ints,
    moves_buf: Ints,
    scores_buf: Ints,
    frames: Ints,
    k: int,
    leader: int,
    ti: int,
    tt_k1: Keys,
    tt_k2: Keys,
    tt_lo: Bounds,
    tt_hi: Bounds,
    stats: Ints,
    out: Ints,
    known: int,
) -> int:
    """The position's exact value (``known`` when it is known already, else -1); ``out[0]``
    gets an optimal card for the place to play (the top card of its run of equivalent
    cards). The trick in progress is ``tables[0, :k]``; the talon tricks still to come
    are ``talon[ti:]``."""
    n = int(rules[0])
    cards_left = 0
    for i in range(n):
        cards_left += _popcount(int(hands[i]))
    # The value by null-window tests ("at least mid tricks?"), halving the range: each
    # test prunes far more than one search with the whole window would.
    low = 0 if known < 0 else known
    high = (cards_left + k + n - 1) // n if known < 0 else known
    # Where the counted places minimise (misère, the all-pass), few tricks is the
    # likely answer: "at least one?" is asked first.
    guess = 1 if int(rules[2]) & int(rules[3]) == 0 else -1
    while low < high:
        mid = (low + high + 1) // 2
        if guess > low and guess <= high:
            mid = guess
        guess = -1
        v = search(
            hands, rules, talon, tables, seat_tab, moves_buf, scores_buf, frames, 0, k,
            leader, ti, mid - 1, mid, tt_k1, tt_k2, tt_lo, tt_hi, stats,
        )  # fmt: skip
        if v == ABORT:
            return ABORT
        if v >= mid:
            low = v
        else:
            high = v
    value = low
    mover = (leader + k) % n
    maximiser = (int(rules[3]) >> mover) & 1 == 1
    table = tables[0]
    led = _led_suit(talon, ti, table, k)
    allowed = _allowed(int(hands[mover]), led, int(rules[1]), rules[4] != 0, table, k)
    moves = moves_buf[PLIES - 1]
    count = _ordered_moves(
        hands, mover, allowed, table, seat_tab[0], k, led, int(rules[1]), int(rules[2]),
        maximiser, moves, scores_buf[PLIES - 1], stats, int(rules[2]) & int(rules[3]) == 0,
    )  # fmt: skip
    out[0] = moves[0]
    for m in range(count):
        c = int(moves[m])
        hands[mover] &= ~(1 << c)
        gain, tr2, k2, leader2, ti2 = _after(
            rules, talon, tables, seat_tab, 0, k, leader, ti, led, mover, c
        )
        # A null window at the value: does this card keep it?
        lo = value - 1 if maximiser else value
        v = gain + search(
            hands, rules, talon, tables, seat_tab, moves_buf, scores_buf, frames, tr2, k2,
            leader2, ti2, lo - gain, lo + 1 - gain, tt_k1, tt_k2, tt_lo, tt_hi, stats,
        )  # fmt: skip
        hands[mover] |= 1 << c
        if v == ABORT + gain:
            return ABORT
        if (maximiser and v >= value) or (not maximiser and v <= value):
            out[0] = c
            break
    return value


# The same arguments as best_play's, spelled out again: a numba kernel takes its arrays
# and numbers one by one (a jitclass to bundle them cannot be cached on disk); the
# Python side bundles them once (``position.Solver._prepare``).
@_jit
def principal_line(
    hands: Ints,
    rules: Ints,
    talon: Ints,
    tables: Ints,
    seat_tab: Ints,
    moves_buf: Ints,
    scores_buf: Ints,
    frames: Ints,
    k: int,
    leader: int,
    tt_k1: Keys,
    tt_k2: Keys,
    tt_lo: Bounds,
    tt_hi: Bounds,
    stats: Ints,
    line: Ints,
) -> int:
    """The position's value, and into ``line`` the cards of an optimal play to the end
    (each player keeping the value at each turn); the hands are left as they were."""
    n = int(rules[0])
    out = np.zeros(1, np.int64)
    saved = hands.copy()
    ti = 0
    value = -1
    played = 0
    # Along an optimal line the value stays, less the counted tricks taken on the way.
    taken = 0
    while True:
        cards_left = 0
        for i in range(n):
            cards_left += _popcount(int(hands[i]))
        if cards_left == 0:
            break
        v = best_play(
            hands, rules, talon, tables, seat_tab, moves_buf, scores_buf, frames, k, leader,
            ti, tt_k1, tt_k2, tt_lo, tt_hi, stats, out, value - taken if value >= 0 else -1,
        )  # fmt: skip
        if v == ABORT:
            value = ABORT
            break
        if value < 0:
            value = v
        c = int(out[0])
        mover = (leader + k) % n
        led = _led_suit(talon, ti, tables[0], k)
        hands[mover] &= ~(1 << c)
        line[played] = c
        played += 1
        gain, _, k2, leader2, ti2 = _after(
            rules, talon, tables, seat_tab, 0, k, leader, ti, led, mover, c
        )
        taken += gain
        k = k2
        leader = leader2
        ti = ti2
    for i in range(n):
        hands[i] = saved[i]
    return value
