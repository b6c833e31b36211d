"""Le Truc's four-player chance estimate (``bots/truc/model.estimate4``), compiled (numba).

Why: the ``rules`` bot asks for its chance of the deal before each card and
each bet, and with four players that chance is a Monte Carlo of 32 sampled
deals played out by :func:`model.policy` for every candidate card. In Python
that was five sixths of a four-player Le Truc search's time (the search rolls
worlds out with the ``rules`` bot at every seat), about 2.4 ms an estimate;
here it is about a tenth of a millisecond, so the clocked search sees several
times the worlds.

The kernel is the Python model, step for step: the same card policy
(:func:`model.policy`), the same trick rule (``outcomes.resolve_trick``), the
same outcome table, the same 20 tries to deal the partner a hand that fits his
signal (``rules._Turn.partner_filter``). Only the random numbers differ: they
come from numba's generator, seeded by one draw of the bot's ``rng``, so a
bot with a seeded rng still plays the same game every time.
``tests/test_truc_chance4.py`` plays the kernel's playout beside
``model.playout4`` on random deals and checks the estimates agree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from tricktaker.games.truc.outcomes import DRAW, SPOILED, UNDECIDED
from tricktaker.games.truc.outcomes import OUTCOME as OUTCOME_OF
from tricktaker.solvers.hands import deal_sorted, jit, take

#: Tries to deal the partner a hand that fits his signal (``model.sample_hands``).
TRIES = 20
SEATS = 4
HAND = 3
#: The least weight of a sampled deal under the other side's boldness (``model.bold_weight``).
MIN_WEIGHT = 0.05
#: OUTCOME[spoil][tricks' code]: ``outcomes.OUTCOME`` (ties leader, then spoil) with the
#: trick results coded as the sum of (result + 1) * 4**i. numba freezes it into the
#: cached machine code, which it renews only when this file changes: after an edit of
#: ``outcomes.py`` alone, clear the cache (``__pycache__`` here) or touch this file.
OUTCOME = np.full((2, 64), UNDECIDED, dtype=np.int64)
for _t, _mode in enumerate(("leader", "spoil")):
    for _prefix, _won in OUTCOME_OF[_mode].items():
        OUTCOME[_t, sum((r + 1) << (2 * i) for i, r in enumerate(_prefix))] = _won


@jit
def _tie_spoils(tricks: NDArray[np.int64], nt: int, spoil: int) -> bool:
    if spoil:
        return True
    for i in range(nt):  # noqa: SIM110 - numba: no generator
        if tricks[i] != SPOILED:
            return False
    return True


@jit
def _policy(
    hand: NDArray[np.int64],
    hn: int,
    seat: int,
    tseat: NDArray[np.int64],
    tstr: NDArray[np.int64],
    tn: int,
    tricks: NDArray[np.int64],
    nt: int,
    spoil: int,
) -> int:
    """``model.policy``: lead high; follow with the cheapest winner (``hand``: a row of
    int64, its first ``hn`` sorted)."""
    if tn == 0:
        return int(hand[hn - 1])
    side = seat & 1
    own = theirs = -1
    own_at = theirs_at = 0
    for i in range(tn):
        s = tstr[i]
        if (tseat[i] & 1) == side:
            if s > own:
                own, own_at = s, i
        elif s > theirs:
            theirs, theirs_at = s, i
    spoils = _tie_spoils(tricks, nt, spoil)
    if own > theirs or (own == theirs and own >= 0 and not spoils and own_at < theirs_at):
        return int(hand[0])
    for j in range(hn):
        if hand[j] > theirs:
            return int(hand[j])
    if spoils:
        for j in range(hn):
            if hand[j] == theirs:
                return int(theirs)
    return int(hand[0])


@jit
def _resolve(
    tseat: NDArray[np.int64],
    tstr: NDArray[np.int64],
    tn: int,
    tricks: NDArray[np.int64],
    nt: int,
    spoil: int,
) -> tuple[int, int]:
    """``outcomes.resolve_trick``: the trick's result and the seat that leads next."""
    top0 = top1 = -1
    seat0 = seat1 = -1
    at0 = at1 = 0
    for i in range(tn):
        s = tstr[i]
        if tseat[i] & 1:
            if s > top1:
                top1, seat1, at1 = s, tseat[i], i
        elif s > top0:
            top0, seat0, at0 = s, tseat[i], i
    if top0 != top1:
        return (0, seat0) if top0 > top1 else (1, seat1)
    if not spoil and not _tie_spoils(tricks, nt, 0):
        return (0, seat0) if at0 < at1 else (1, seat1)
    return SPOILED, tseat[0]


@jit
def _playout(
    hands: NDArray[np.int64],
    hn: NDArray[np.int64],
    tricks: NDArray[np.int64],
    nt: int,
    tseat: NDArray[np.int64],
    tstr: NDArray[np.int64],
    tn: int,
    to_play: int,
    spoil: int,
    first: int,
) -> float:
    """``model.playout4`` on arrays it may change: seat 0 may start with ``first`` (-1:
    none); the deal's worth to side 0 (won 1, drawn 1/2, lost 0)."""
    while True:
        if tn == SEATS:
            result, nxt = _resolve(tseat, tstr, tn, tricks, nt, spoil)
            tricks[nt] = result
            nt += 1
            code = 0
            for i in range(nt):
                code += (tricks[i] + 1) << (2 * i)
            outcome = OUTCOME[spoil, code]
            if outcome != UNDECIDED:
                if outcome == DRAW:
                    return 0.5
                return 1.0 if outcome == 0 else 0.0
            tn = 0
            to_play = nxt
            continue
        n = hn[to_play]
        if to_play == 0 and first >= 0:
            c = first
            first = -1
        else:
            c = _policy(hands[to_play], n, to_play, tseat, tstr, tn, tricks, nt, spoil)
        take(hands, hn, to_play, c)
        tseat[tn] = to_play
        tstr[tn] = c
        tn += 1
        to_play = (to_play + 1) & 3


@jit
def _deal(
    pool: NDArray[np.int64],
    sizes: NDArray[np.int64],
    sig_top: int,
    sig_need: int,
    hands: NDArray[np.int64],
) -> None:
    """``model.sample_hands``: the unseen strengths dealt to seats 1..3, each hand
    sorted; up to ``TRIES`` deals until the partner's (seat 2) fits his signal: no card
    above ``sig_top`` (-1: no signal), and ``sig_top`` itself if ``sig_need``."""
    npool = pool.shape[0]
    need = sizes[1] + sizes[2] + sizes[3]
    for _ in range(TRIES):
        for i in range(need):
            j = i + np.random.randint(npool - i)
            pool[i], pool[j] = pool[j], pool[i]
        pos = 0
        for seat in range(1, SEATS):
            k = sizes[seat]
            deal_sorted(hands, seat, pool, pos, k)
            pos += k
        if sig_top < 0:
            return
        fits = True
        has_top = False
        for j in range(sizes[2]):
            if hands[2, j] > sig_top:
                fits = False
            elif hands[2, j] == sig_top:
                has_top = True
        if fits and (has_top or not sig_need):
            return


@jit
def estimate4_kernel(
    mine: NDArray[np.int64],
    pool: NDArray[np.int64],
    sizes: NDArray[np.int64],
    tricks: NDArray[np.int64],
    tseat: NDArray[np.int64],
    tstr: NDArray[np.int64],
    to_play: int,
    spoil: int,
    seed: int,
    samples: int,
    sig_top: int,
    sig_need: int,
    bold: float,
    cards: NDArray[np.int64],
    out: NDArray[np.float64],
) -> None:
    """``model.estimate4``: the chance of the deal over ``samples`` sampled deals, in
    ``out[0]`` when another seat is to play; else in ``out[k]`` the chance when seat 0
    plays ``cards[k]`` next (``cards``: its distinct strengths, ascending). ``pool`` is
    shuffled in place; ``sizes[0]`` must be ``mine``'s length (the wrapper checks).
    ``bold`` tilts each deal's weight by the other side's (seats 1 and 3) hidden
    strength (``model.bold_weight``); 0 weighs every deal alike."""
    np.random.seed(seed)
    deals = np.zeros((samples, SEATS, HAND), dtype=np.int64)
    weights = np.ones(samples, dtype=np.float64)
    theirs = sizes[1] + sizes[3]
    for d in range(samples):
        _deal(pool, sizes, sig_top, sig_need, deals[d])
        for j in range(mine.shape[0]):
            deals[d, 0, j] = mine[j]
        if bold != 0.0 and theirs > 0:
            strength = 0
            for j in range(sizes[1]):
                strength += deals[d, 1, j]
            for j in range(sizes[3]):
                strength += deals[d, 3, j]
            weights[d] = max(MIN_WEIGHT, 1.0 + bold * strength / (7.0 * theirs))
    wsum = weights.sum()
    hands = np.zeros((SEATS, HAND), dtype=np.int64)
    hn = np.zeros(SEATS, dtype=np.int64)
    tr = np.zeros(HAND, dtype=np.int64)
    ts = np.zeros(SEATS, dtype=np.int64)
    tv = np.zeros(SEATS, dtype=np.int64)
    nt = tricks.shape[0]
    tn = tseat.shape[0]
    runs = 1 if to_play != 0 else cards.shape[0]
    for k in range(runs):
        first = -1 if to_play != 0 else cards[k]
        total = 0.0
        for d in range(samples):
            hands[:] = deals[d]
            hn[:] = sizes
            tr[:nt] = tricks
            ts[:tn] = tseat
            tv[:tn] = tstr
            u = _playout(hands, hn, tr, nt, ts, tv, tn, to_play, spoil, first)
            total += u if bold == 0.0 else weights[d] * u
        out[k] = total / samples if bold == 0.0 else total / wsum


def estimate4_fast(
    mine: Sequence[int],
    pool: Sequence[int],
    sizes: Sequence[int],
    tricks: Sequence[int],
    table: Sequence[tuple[int, int]],
    to_play: int,
    ties: str,
    rng: random.Random,
    samples: int,
    signal: tuple[int, bool] | None,
    bold: float = 0.0,
) -> tuple[float, tuple[tuple[int, float], ...]]:
    """The chance of the deal and, on seat 0's turn, per next card, as
    ``model.estimate4`` gives them (seats relative to the bot, hands sorted);
    ``signal``: the partner's best card shown by his signal, and whether he must hold
    it (None: no signal to fit); ``bold``: how far the other side's bets tilt the
    sampled deals towards their strong hands (``model.bold_weight``)."""
    if len(sizes) != SEATS:
        raise ValueError("the compiled estimate is for four players")
    if ties not in ("leader", "spoil"):
        raise ValueError(f"unknown tie rule {ties!r}")
    if len(mine) != sizes[0] or (not mine and to_play == 0):
        raise ValueError("the bot's hand and its size disagree, or it has no card to play")
    if len(pool) < sum(sizes[1:]) or len(table) > SEATS:
        raise ValueError("fewer unseen cards than the other hands hold, or too many on the table")
    cards = np.array(sorted(set(mine)), dtype=np.int64)
    out = np.zeros(max(1, len(cards)), dtype=np.float64)
    top, need = signal if signal is not None else (-1, False)
    estimate4_kernel(
        np.array(mine, dtype=np.int64),
        np.array(pool, dtype=np.int64),
        np.array(sizes, dtype=np.int64),
        np.array(tricks, dtype=np.int64),
        np.array([s for s, _ in table], dtype=np.int64),
        np.array([c for _, c in table], dtype=np.int64),
        to_play,
        1 if ties == "spoil" else 0,
        rng.getrandbits(32),
        samples,
        top,
        1 if need else 0,
        float(bold),
        cards,
        out,
    )
    if to_play != 0:
        return float(out[0]), ()
    per_card = tuple((int(c), float(u)) for c, u in zip(cards, out, strict=True))
    return max(u for _, u in per_card), per_card
