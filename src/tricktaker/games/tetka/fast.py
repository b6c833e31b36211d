"""Tetka's deals played out at random in machine code (``core.playouts``, issue 23).

Why: a random deal of the plain engine (``rules.py``) is 52 Python ``apply``
calls, a microsecond each, and its marks; OpenSpiel's hearts plays a deal in
C++. A search's rollouts and the bench's random deals need only the cards and
the marks, so here a deal is one int64 array (the fields of ``TetkaRules``
that decide what is legal and what is marked, by the names below) and a batch
of playouts runs in one numba call.

The rules are ``rules.py``'s (``allowed_mask``, ``apply`` with its revokes and
their proofs, ``_end_trick``) and the marks ``scoring.settle_general``'s, tricks
handed to proved revokers included; a seat's marks are counted, not their
reasons. An action is written as its id (``seat * 52 + card``), and
``tests/test_fast_playouts.py`` replays every id through the engine: legal,
as many legal actions at each step, the same marks for every seat. Every legal
action is a card, so the ``card-play`` policy is the uniform one.

The generator is numba's own (a Mersenne twister seeded per call), so a seed
gives the same batch on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

from tricktaker.core.playouts import PlayoutError, Playouts, check_count, policy_code, seed32
from tricktaker.games.tetka.scoring import QUEENS, counting_number

F = TypeVar("F", bound=Callable[..., Any])


def _jit(fn: F) -> F:
    """numba's ``njit`` with a cache on disk, typed for mypy as the function it wraps."""
    return cast(F, numba.njit(cache=True)(fn))


SEATS = 4
TRICKS = 13
#: At most one revoke per card played by a follower: room for every one of them.
MAX_REVOKES = 40
# The state array's fields (one int64 each; the others are runs).
PENALIZED, PHOTO, COUNTING, ACTOR, HANDS, NPLAYS, PLAYS = 0, 1, 2, 3, 4, 8, 9
NTRICKS, WINNERS, CARDS, NPENDING, PENDING = 13, 14, 27, 40, 41
NPROVED = PENDING + 3 * MAX_REVOKES
PROVED = NPROVED + 1
SIZE = PROVED + MAX_REVOKES
MAX_LEN = SEATS * TRICKS
END_NAMES = ("tricks",)
SUIT = 0x1FFF


@_jit
def _bit_index(bit: int) -> int:
    c = 0
    while (bit >> c) != 1:
        c += 1
    return c


@_jit
def _popcount(x: int) -> int:
    k = 0
    while x:
        x &= x - 1
        k += 1
    return k


@_jit
def _allowed(s: NDArray[np.int64], seat: int) -> int:
    """``allowed_mask``: the cards the seat may play."""
    hand = s[HANDS + seat]
    if s[PENALIZED] or s[NPLAYS] == 0:
        return int(hand)
    led = (s[PLAYS] & 63) // 13
    follow = hand & (SUIT << (13 * led))
    return int(follow) if follow else int(hand)


@_jit
def _marks(s: NDArray[np.int64], out: NDArray[np.int32]) -> None:
    """``scoring.settle_general``'s marks per seat, counted into ``out``."""
    photo = s[PHOTO]
    counting = s[COUNTING]
    holds = np.zeros(SEATS, dtype=np.int64)
    for t in range(TRICKS):
        holds[s[WINNERS + t]] |= 1 << t
    own = holds.copy()
    for r in range(s[NPROVED]):
        revoker = s[PROVED + r]
        for k in range(1, SEATS):
            giver = (revoker + k) % SEATS
            if own[giver] == 0:
                continue
            clean = 0
            for t in range(TRICKS):
                if (own[giver] >> t) & 1 and not (s[CARDS + t] & QUEENS):
                    clean |= 1 << t
            pool = clean if clean else own[giver]
            pick = -1
            best = -1
            for t in range(TRICKS):  # the most burdened, the later if equal
                if (pool >> t) & 1:
                    burden = ((s[CARDS + t] >> photo) & 1) + (t + 1 == counting) + (t == TRICKS - 1)
                    if burden >= best:
                        best = burden
                        pick = t
            own[giver] ^= 1 << pick
            holds[giver] ^= 1 << pick
            holds[revoker] |= 1 << pick
    holder = np.zeros(TRICKS, dtype=np.int64)
    for seat in range(SEATS):
        for t in range(TRICKS):
            if (holds[seat] >> t) & 1:
                holder[t] = seat
    for seat in range(SEATS):
        out[seat] = 0
    for t in range(TRICKS):
        cards = s[CARDS + t]
        out[s[WINNERS + t]] += _popcount(cards & QUEENS)  # queens stay with their winner
        if (cards >> photo) & 1:
            out[holder[t]] += 1
    out[holder[counting - 1]] += 1
    top = -1
    most = 0
    for seat in range(SEATS):  # the most tricks; among equals, the latest trick last
        size = _popcount(holds[seat])
        latest = -1
        for t in range(TRICKS):
            if (holds[seat] >> t) & 1:
                latest = t
        key = size * 16 + latest
        if key > top:
            top = key
            most = seat
    out[most] += 1
    out[holder[TRICKS - 1]] += 1


@_jit
def _apply(s: NDArray[np.int64], seat: int, card: int) -> None:
    hand = s[HANDS + seat]
    suit = card // 13
    k = s[NPLAYS]
    if k:
        led = (s[PLAYS] & 63) // 13
        if suit != led and hand & (SUIT << (13 * led)):  # a revoke (penalized only)
            p = s[NPENDING]
            s[PENDING + 3 * p] = seat
            s[PENDING + 3 * p + 1] = led
            s[PENDING + 3 * p + 2] = s[NTRICKS]
            s[NPENDING] = p + 1
    s[HANDS + seat] = hand ^ (1 << card)
    if s[NPENDING]:  # a revoker shows the suit he revoked in: proved
        kept = 0
        for r in range(s[NPENDING]):
            rs = s[PENDING + 3 * r]
            rsuit = s[PENDING + 3 * r + 1]
            if rs == seat and rsuit == suit:
                s[PROVED + s[NPROVED]] = rs
                s[NPROVED] += 1
            else:
                s[PENDING + 3 * kept] = rs
                s[PENDING + 3 * kept + 1] = rsuit
                s[PENDING + 3 * kept + 2] = s[PENDING + 3 * r + 2]
                kept += 1
        s[NPENDING] = kept
    s[PLAYS + k] = (seat << 6) | card
    s[NPLAYS] = k + 1
    if k + 1 < SEATS:
        s[ACTOR] = (seat + 1) & 3
        return
    lead = s[PLAYS] & 63
    top = lead
    lsuit = lead // 13
    winner = s[PLAYS] >> 6
    cards = 1 << lead
    for i in range(1, SEATS):
        c = s[PLAYS + i] & 63
        cards |= 1 << c
        if c > top and c // 13 == lsuit:
            top = c
            winner = s[PLAYS + i] >> 6
    t = s[NTRICKS]
    s[WINNERS + t] = winner
    s[CARDS + t] = cards
    s[NTRICKS] = t + 1
    s[NPLAYS] = 0
    s[ACTOR] = -1 if t + 1 == TRICKS else winner


@_jit
def play(
    start: NDArray[np.int64],
    seed: int,
    deal: bool,
    actions: NDArray[np.int16],
    counts: NDArray[np.int8],
    marks: NDArray[np.int32],
    lengths: NDArray[np.int16],
    dealt: NDArray[np.int8],
) -> None:
    """Play ``len(marks)`` deals from ``start`` (not changed) into the arrays."""
    np.random.seed(seed)
    s = start.copy()
    order = np.arange(52)
    for i in range(len(marks)):
        s[:] = start
        if deal:  # a new shuffle, thirteen cards a seat in seat order
            for j in range(51, 0, -1):
                r = np.random.randint(0, j + 1)
                order[j], order[r] = order[r], order[j]
            for seat in range(SEATS):
                hand = 0
                for j in range(13 * seat, 13 * seat + 13):
                    hand |= 1 << order[j]
                    dealt[i, j] = order[j]
                s[HANDS + seat] = hand
        steps = 0
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            allowed = _allowed(s, seat)
            k = _popcount(allowed)
            r = np.random.randint(0, k)
            for _ in range(r):
                allowed &= allowed - 1
            card = _bit_index(allowed & -allowed)
            actions[i, steps] = seat * 52 + card
            counts[i, steps] = k
            steps += 1
            _apply(s, seat, card)
        lengths[i] = steps
        _marks(s, marks[i])


def encode(state: Any) -> NDArray[np.int64]:
    """The fields of ``state`` (a ``rules.TetkaRules``) the deal's play and marks depend on, as the
    kernel reads them. Typed loosely, so that the kernel's module need not import the
    rules, which import it."""
    s = np.zeros(SIZE, dtype=np.int64)
    s[PENALIZED] = state.penalized
    s[PHOTO] = state.photo
    s[COUNTING] = counting_number(state.photo)
    s[ACTOR] = -1 if state.actor is None else state.actor
    s[HANDS : HANDS + SEATS] = state.hands
    s[NPLAYS] = len(state.plays)
    s[PLAYS : PLAYS + len(state.plays)] = state.plays
    s[NTRICKS] = len(state.winners)
    s[WINNERS : WINNERS + len(state.winners)] = state.winners
    s[CARDS : CARDS + len(state.trick_cards)] = state.trick_cards
    s[NPENDING] = len(state.pending_revokes)
    for r, (seat, suit, trick) in enumerate(state.pending_revokes):
        s[PENDING + 3 * r : PENDING + 3 * r + 3] = (seat, suit, trick)
    s[NPROVED] = len(state.proved)
    for r, proved in enumerate(state.proved):
        s[PROVED + r] = proved[0]
    return s


def random_playouts(
    state: Any, n: int, seed: int, policy: str = "uniform", deal: bool = False
) -> Playouts:
    """``n`` random playouts of ``state``'s deal in progress (``RandomPlayouts``)."""
    n = check_count(n)
    policy_code(policy)  # both policies play any legal card
    seed = seed32(seed)
    if state.actor is None:
        raise PlayoutError("playouts: no deal is in progress (the match is over)")
    if deal and (state.plays or state.winners):
        raise PlayoutError("playouts: a fresh deal needs a state at its deal's start")
    actions = np.full((n, MAX_LEN), -1, dtype=np.int16)
    counts = np.zeros((n, MAX_LEN), dtype=np.int8)
    marks = np.zeros((n, SEATS), dtype=np.int32)
    lengths = np.zeros(n, dtype=np.int16)
    dealt = np.zeros((n if deal else 0, 52), dtype=np.int8)
    play(encode(state), seed, deal, actions, counts, marks, lengths, dealt)
    return Playouts(
        actions=actions,
        lengths=lengths,
        legal_counts=counts,
        scores=marks,
        ends=np.zeros(n, dtype=np.int8),
        end_names=END_NAMES,
        dealt=dealt if deal else None,
    )
