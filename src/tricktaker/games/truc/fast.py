"""Le Truc's deals played out at random in machine code (``core.playouts``, issue 23).

Why: the plain engine (``rules.py``) spends some 25 µs of Python on a random
deal (dealing, logs, interned actions, summaries), twice what OpenSpiel's
leduc poker spends on a game. A search's rollouts and the bench's random deals
need only the moves and the score, so here a deal is one small int64 array
(the fields of ``TrucRules`` that decide what is legal, by the names below),
and a batch of playouts runs in one numba call.

The rules are ``rules.py``'s, statement by statement (``_turn``,
``_compute_legal``/``_build_legal``, ``apply``, ``_redeal``, ``_propose``,
``_accept``, ``_counter_rest``, ``_end_trick`` with ``outcomes.resolve_trick``
and the ``OUTCOME`` table), for two and four players and every option; the
match's options that play no part in a deal (``match``) are not read. An
action is written as its id (``actions.BY_ID``: 48 per seat, the plays in deck
order, then the plain verbs, the captain's words, the signals), and
``tests/test_fast_playouts.py`` replays every id through the engine: legal,
as many legal actions at each step, the same end, winner and points.

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
from tricktaker.games.truc.actions import BY_ID, PLAIN_KINDS, SAY_WORDS, SIGNAL_WORDS
from tricktaker.games.truc.cards import DECK as DECK_CARDS
from tricktaker.games.truc.cards import STRENGTH as STRENGTH_OF
from tricktaker.games.truc.outcomes import OUTCOME as OUTCOME_OF
from tricktaker.games.truc.outcomes import UNDECIDED

F = TypeVar("F", bound=Callable[..., Any])


def _jit(fn: F) -> F:
    """numba's ``njit`` with a cache on disk, typed for mypy as the function it wraps."""
    return cast(F, numba.njit(cache=True)(fn))


# The state array's fields (one int64 each; HANDS, PLAYS, TRICKS and STOCK are runs).
N, TIES, REPEAT, SCORE, DEALER, PHASE, ACTOR, VALUE = 0, 1, 2, 3, 5, 6, 7, 8
PENDING, PROPOSER, RESUME, REST_SIDE, DECIDER, REDEAL_OPEN, LEADER = 9, 10, 11, 12, 13, 14, 15
PROPOSED_TURN, PROPOSED_TRICK, MSG_SENT, HANDS, NPLAYS, PLAYS = 16, 17, 19, 20, 24, 25
NTRICKS, TRICKS, STOCK_POS, STOCK_LEN, STOCK = 29, 30, 33, 34, 35
WINNER, POINTS, END = 61, 62, 63
SIZE = 64

# rules.py's phases, proposals and the results of a trick.
CALL, REDEAL_ANSWER, WINDOW, PLAY_PHASE, ANSWER, OVER = range(6)
PROPOSE_DOUBLE, PROPOSE_REST = 1, 2
SPOILED, DRAW = 2, -1
GAME_POINTS = 12
#: How a deal ended, as ``PointsDeal.end`` says it.
END_NAMES = ("tricks", "folded", "refused", "drawn", "void")
E_TRICKS, E_FOLDED, E_REFUSED, E_DRAWN, E_VOID = range(5)

# An action's code within its seat's 48 ids: a play (the card's place in the deck),
# then the plain verbs (PLAIN_KINDS' order), the five words, the four signals.
PER_SEAT = 48
C_FOLD, C_REDEAL, C_ACCEPT, C_REFUSE, C_DOUBLE, C_REST, C_PASS = range(32, 39)
C_SAY, C_SIGNAL = 39, 44
N_SAYS, N_SIGNALS = len(SAY_WORDS), len(SIGNAL_WORDS)
MAX_LEN = 96  # GameInfo.max_deal_actions
MAX_LEGAL = 48

DECK = np.array(DECK_CARDS, dtype=np.int64)
#: Each engine card's place in the deck (-1 off it).
DECK_INDEX = np.full(52, -1, dtype=np.int64)
DECK_INDEX[DECK] = np.arange(len(DECK_CARDS))
STRENGTH = np.array(STRENGTH_OF, dtype=np.int64)
#: OUTCOME[ties][tricks] by the tricks' code: sum of (result + 1) * 4**i.
OUTCOME = np.full((2, 64), UNDECIDED, dtype=np.int64)
for _t, _mode in enumerate(("leader", "spoil")):
    for _prefix, _won in OUTCOME_OF[_mode].items():
        OUTCOME[_t, sum((r + 1) << (2 * i) for i, r in enumerate(_prefix))] = _won


def _check_numbering() -> None:
    """The codes above are the action table's own numbering (checked at import)."""
    for seat in range(4):
        for k, c in enumerate(DECK_CARDS):
            a = BY_ID[seat * PER_SEAT + k]
            assert a.verb == "play" and a.card == c and a.seat == seat
        for k, kind in enumerate(PLAIN_KINDS):
            assert BY_ID[seat * PER_SEAT + 32 + k].kind == kind
        assert BY_ID[seat * PER_SEAT + C_SAY].verb == "say"
        assert BY_ID[seat * PER_SEAT + C_SIGNAL].verb == "signal"


_check_numbering()


@_jit
def _captain(s: NDArray[np.int64], side: int) -> int:
    d = s[DEALER]
    if (d & 1) == side:
        return int(d)
    return int((d - 1 + s[N]) % s[N])


@_jit
def _proposal_kind(s: NDArray[np.int64], side: int) -> int:
    if s[DECIDER]:
        return 0
    if s[REST_SIDE] >= 0:
        return PROPOSE_REST if side != s[REST_SIDE] else 0
    mine = s[SCORE + side]
    value = s[VALUE]
    if mine + 2 * value <= GAME_POINTS:
        return PROPOSE_DOUBLE
    if GAME_POINTS - mine > value:
        return PROPOSE_REST
    return 0


@_jit
def _side_has_played(s: NDArray[np.int64], side: int) -> bool:
    for i in range(s[NPLAYS]):  # noqa: SIM110 - numba: no generator
        if ((s[PLAYS + i] >> 6) & 1) == side:
            return True
    return False


@_jit
def _turn(s: NDArray[np.int64], seat: int) -> None:
    if s[N] == 4:
        side = seat & 1
        cap = _captain(s, side)
        if (
            cap != seat
            and not s[PROPOSED_TRICK + side]
            and not _side_has_played(s, side)
            and _proposal_kind(s, side) != 0
        ):
            s[PHASE] = WINDOW
            s[ACTOR] = cap
            s[RESUME] = seat
            return
    s[PHASE] = PLAY_PHASE
    s[ACTOR] = seat
    s[RESUME] = seat


@_jit
def _can_propose_now(s: NDArray[np.int64], seat: int) -> int:
    side = seat & 1
    if s[N] == 2:
        if s[PROPOSED_TURN]:
            return 0
    elif _captain(s, side) != seat or s[PROPOSED_TRICK + side] or _side_has_played(s, side):
        return 0
    return _proposal_kind(s, side)


@_jit
def _finish(s: NDArray[np.int64], side: int, points: int, end: int) -> None:
    s[WINNER] = side
    s[POINTS] = 0 if side == DRAW else points
    s[END] = end
    s[PHASE] = OVER
    s[ACTOR] = -1


@_jit
def _legal(s: NDArray[np.int64], seat: int, out: NDArray[np.int64]) -> int:
    """The seat's legal codes into ``out`` (cards first); how many."""
    phase = s[PHASE]
    n = s[N]
    talk = n == 4 and not ((s[MSG_SENT] >> seat) & 1)
    k = 0
    if phase == PLAY_PHASE:
        hand = s[HANDS + seat]
        while hand:
            low = hand & -hand
            c = 0
            while (low >> c) != 1:
                c += 1
            out[k] = DECK_INDEX[c]
            k += 1
            hand ^= low
        captain = n == 2 or _captain(s, seat & 1) == seat
        if n == 2 and s[REDEAL_OPEN]:
            out[k] = C_REDEAL
            k += 1
        if captain:
            kind = _can_propose_now(s, seat)
            if kind == PROPOSE_DOUBLE:
                out[k] = C_DOUBLE
                k += 1
            elif kind == PROPOSE_REST:
                out[k] = C_REST
                k += 1
        if talk:
            if captain:
                for w in range(N_SAYS):
                    out[k] = C_SAY + w
                    k += 1
            else:
                for w in range(N_SIGNALS):
                    out[k] = C_SIGNAL + w
                    k += 1
        if captain:
            out[k] = C_FOLD
            k += 1
    elif phase == ANSWER:
        out[0] = C_ACCEPT
        out[1] = C_REFUSE
        k = 2
        if s[PENDING] == PROPOSE_REST:
            out[k] = C_REST
            k += 1
        out[k] = C_FOLD
        k += 1
    elif phase == REDEAL_ANSWER:
        out[0] = C_ACCEPT
        out[1] = C_REFUSE
        out[2] = C_FOLD
        k = 3
    elif phase in (CALL, WINDOW):
        if phase == CALL:
            out[0] = C_REDEAL
        else:
            out[0] = C_DOUBLE if _proposal_kind(s, seat & 1) == PROPOSE_DOUBLE else C_REST
        out[1] = C_PASS
        k = 2
        if talk:
            for w in range(N_SAYS):
                out[k] = C_SAY + w
                k += 1
        out[k] = C_FOLD
        k += 1
    return k


@_jit
def _end_trick(s: NDArray[np.int64]) -> None:
    """``_end_trick`` with ``resolve_trick`` and ``_end_of_trick``."""
    n = s[N]
    top0 = top1 = -1
    seat0 = seat1 = -1
    at0 = at1 = 0
    for i in range(n):
        p = s[PLAYS + i]
        seat = p >> 6
        strength = STRENGTH[p & 63]
        if seat & 1:
            if strength > top1:
                top1, seat1, at1 = strength, seat, i
        elif strength > top0:
            top0, seat0, at0 = strength, seat, i
    nt = s[NTRICKS]
    won_before = False
    for i in range(nt):
        if s[TRICKS + i] != SPOILED:
            won_before = True
    if top0 != top1:
        result = 0 if top0 > top1 else 1
        leader = seat0 if result == 0 else seat1
    elif s[TIES] == 0 and won_before:
        result = 0 if at0 < at1 else 1
        leader = seat0 if result == 0 else seat1
    else:
        result = SPOILED
        leader = s[PLAYS] >> 6
    s[TRICKS + nt] = result
    s[NTRICKS] = nt + 1
    s[NPLAYS] = 0
    code = 0
    for i in range(nt + 1):
        code += (s[TRICKS + i] + 1) << (2 * i)
    outcome = OUTCOME[s[TIES], code]
    if outcome == UNDECIDED:
        s[LEADER] = leader
        s[PROPOSED_TRICK] = 0
        s[PROPOSED_TRICK + 1] = 0
        s[MSG_SENT] = 0
        _turn(s, leader)
    elif outcome == DRAW:
        _finish(s, DRAW, 0, E_DRAWN)
    else:
        points = GAME_POINTS - s[SCORE + outcome] if s[DECIDER] else s[VALUE]
        _finish(s, outcome, points, E_TRICKS)


@_jit
def _redeal(s: NDArray[np.int64]) -> None:
    n = s[N]
    dealer = s[DEALER]
    caller = (dealer - 1 + n) % n
    pos = s[STOCK_POS]
    if s[STOCK_LEN] - pos < 6:
        _finish(s, DRAW, 0, E_VOID)
        return
    st = STOCK + pos
    s[HANDS + caller] = (1 << s[st]) | (1 << s[st + 2]) | (1 << s[st + 4])
    s[HANDS + dealer] = (1 << s[st + 1]) | (1 << s[st + 3]) | (1 << s[st + 5])
    s[STOCK_POS] = pos + 6
    s[REDEAL_OPEN] = s[REPEAT]
    if n == 4 and s[REDEAL_OPEN]:
        s[PHASE] = CALL
        s[ACTOR] = caller
    else:
        _turn(s, s[LEADER])


@_jit
def _propose(s: NDArray[np.int64], seat: int, rest: bool) -> None:
    side = seat & 1
    s[REDEAL_OPEN] = 0
    if s[N] == 2:
        s[PROPOSED_TURN] = 1
    else:
        s[PROPOSED_TRICK + side] = 1
    if rest and s[REST_SIDE] >= 0:  # a counter-rest after the other side's accepted rest
        s[DECIDER] = 1
        _turn(s, s[RESUME])
        return
    s[PENDING] = PROPOSE_REST if rest else PROPOSE_DOUBLE
    s[PROPOSER] = seat
    s[PHASE] = ANSWER
    s[ACTOR] = _captain(s, 1 - side)


@_jit
def _apply(s: NDArray[np.int64], seat: int, code: int) -> None:
    n = s[N]
    if code < 32:
        card = DECK[code]
        s[HANDS + seat] &= ~(1 << card)
        s[REDEAL_OPEN] = 0
        s[PROPOSED_TURN] = 0
        k = s[NPLAYS]
        s[PLAYS + k] = (seat << 6) | card
        s[NPLAYS] = k + 1
        if k + 1 == n:
            _end_trick(s)
        elif n == 2:
            s[PHASE] = PLAY_PHASE
            s[ACTOR] = 1 - seat
            s[RESUME] = 1 - seat
        else:
            _turn(s, (seat + 1) % n)
    elif code == C_FOLD:
        side = 1 - (seat & 1)
        points = GAME_POINTS - s[SCORE + side] if s[DECIDER] else s[VALUE]
        _finish(s, side, points, E_FOLDED)
    elif code in (C_DOUBLE, C_REST):
        if s[PHASE] == ANSWER:  # a counter-rest
            s[REST_SIDE] = s[PROPOSER] & 1
            s[DECIDER] = 1
            s[PENDING] = 0
            _turn(s, s[RESUME])
        else:
            _propose(s, seat, code == C_REST)
    elif code == C_ACCEPT:
        if s[PHASE] == REDEAL_ANSWER:
            _redeal(s)
        else:
            side = s[PROPOSER] & 1
            if s[PENDING] == PROPOSE_DOUBLE:
                s[VALUE] *= 2
            else:
                s[VALUE] = GAME_POINTS - s[SCORE + side]
                s[REST_SIDE] = side
            s[PENDING] = 0
            _turn(s, s[RESUME])
    elif code == C_REFUSE:
        if s[PHASE] == REDEAL_ANSWER:
            s[REDEAL_OPEN] = 0
            _turn(s, s[LEADER])
        else:
            _finish(s, s[PROPOSER] & 1, s[VALUE], E_REFUSED)
    elif code == C_REDEAL:
        s[PHASE] = REDEAL_ANSWER
        s[ACTOR] = s[DEALER]
    elif code == C_PASS:
        if s[PHASE] == CALL:
            s[REDEAL_OPEN] = 0
            _turn(s, s[LEADER])
        else:
            s[PROPOSED_TRICK + (seat & 1)] = 1
            s[PHASE] = PLAY_PHASE
            s[ACTOR] = s[RESUME]
    else:  # a word or a signal to the partner: the turn stays
        s[MSG_SENT] |= 1 << seat


@_jit
def _deal_afresh(s: NDArray[np.int64], row: NDArray[np.int8]) -> None:
    """A new shuffle: one card at a time from the leader round the table, three each,
    the rest the stock (``core.deals.make_deal``'s order); ``row`` gets the hands in
    seat order, then the stock."""
    n = s[N]
    order = DECK.copy()
    for i in range(len(order) - 1, 0, -1):
        j = np.random.randint(0, i + 1)
        order[i], order[j] = order[j], order[i]
    leader = s[LEADER]
    for k in range(n):
        seat = (leader + k) % n
        hand = 0
        for r in range(3):
            c = order[k + r * n]
            hand |= 1 << c
            row[3 * seat + r] = c
        s[HANDS + seat] = hand
    dealt = 3 * n
    for i in range(len(order) - dealt):
        s[STOCK + i] = order[dealt + i]
        row[dealt + i] = order[dealt + i]
    s[STOCK_LEN] = len(order) - dealt
    s[STOCK_POS] = 0


@_jit
def play(
    start: NDArray[np.int64],
    seed: int,
    policy: int,
    deal: bool,
    actions: NDArray[np.int16],
    counts: NDArray[np.int8],
    results: NDArray[np.int32],
    dealt: NDArray[np.int8],
) -> int:
    """Play ``len(results)`` deals from ``start`` (not changed) into the arrays; the
    number of rows filled (fewer: the card-play policy found nothing to do; -1: a deal
    ran past ``MAX_LEN`` actions)."""
    np.random.seed(seed)
    s = start.copy()
    legal = np.zeros(MAX_LEGAL, dtype=np.int64)
    for i in range(len(results)):
        s[:] = start
        if deal:
            _deal_afresh(s, dealt[i])
        steps = 0
        while s[ACTOR] >= 0:
            if steps == MAX_LEN:  # past GameInfo.max_deal_actions: a bug, not a deal
                return -1
            seat = s[ACTOR]
            k = _legal(s, seat, legal)
            if policy == 0:
                code = legal[np.random.randint(0, k)]
            else:  # card-play: a card (they come first), else a pass
                cards = 0
                while cards < k and legal[cards] < 32:
                    cards += 1
                if cards:
                    code = legal[np.random.randint(0, cards)]
                else:
                    code = -1
                    for j in range(k):
                        if legal[j] == C_PASS:
                            code = C_PASS
                    if code < 0:
                        return i
            actions[i, steps] = seat * PER_SEAT + code
            counts[i, steps] = k
            steps += 1
            _apply(s, seat, code)
        results[i, 0] = s[WINNER]
        results[i, 1] = s[POINTS]
        results[i, 2] = s[END]
        results[i, 3] = steps
    return len(results)


def encode(state: Any) -> NDArray[np.int64]:
    """The fields of ``state`` (a ``rules.TrucRules``) the deal's play depends on, as the
    kernel reads them. Typed loosely, so that the kernel's module need not import the
    rules, which import it."""
    s = np.zeros(SIZE, dtype=np.int64)
    n = state.n
    s[N] = n
    s[TIES] = 0 if state.ties == "leader" else 1
    s[REPEAT] = state.repeat
    s[SCORE : SCORE + 2] = state.score
    s[DEALER] = state.dealer
    s[PHASE] = state.phase
    s[ACTOR] = -1 if state.actor is None else state.actor
    s[VALUE] = state.value
    s[PENDING] = state.pending
    s[PROPOSER] = state.proposer
    s[RESUME] = state.resume
    s[REST_SIDE] = state.rest_side
    s[DECIDER] = state.decider
    s[REDEAL_OPEN] = state.redeal_open
    s[LEADER] = state.leader
    s[PROPOSED_TURN] = state.proposed_turn
    s[PROPOSED_TRICK : PROPOSED_TRICK + 2] = state.proposed_trick
    s[MSG_SENT] = state.msg_sent
    s[HANDS : HANDS + n] = state.hands
    s[NPLAYS] = len(state.plays)
    s[PLAYS : PLAYS + len(state.plays)] = state.plays
    s[NTRICKS] = len(state.tricks)
    s[TRICKS : TRICKS + len(state.tricks)] = state.tricks
    s[STOCK_POS] = state.stock_pos
    s[STOCK_LEN] = len(state.stock)
    s[STOCK : STOCK + len(state.stock)] = state.stock
    s[WINNER] = DRAW
    return s


def random_playouts(
    state: Any, n: int, seed: int, policy: str = "uniform", deal: bool = False
) -> Playouts:
    """``n`` random playouts of ``state``'s deal in progress (``RandomPlayouts``)."""
    n = check_count(n)
    code = policy_code(policy)
    seed = seed32(seed)
    if state.actor is None:
        raise PlayoutError("playouts: no deal is in progress (the match is over)")
    if deal and len(state.log) != state.deal_start + 1:
        raise PlayoutError("playouts: a fresh deal needs a state at its deal's start")
    actions = np.full((n, MAX_LEN), -1, dtype=np.int16)
    counts = np.zeros((n, MAX_LEN), dtype=np.int8)
    results = np.zeros((n, 4), dtype=np.int32)
    dealt = np.zeros((n if deal else 0, len(DECK_CARDS)), dtype=np.int8)
    filled = play(encode(state), seed, code, deal, actions, counts, results, dealt)
    if filled < 0:
        raise AssertionError(f"a Le Truc deal past {MAX_LEN} actions (GameInfo.max_deal_actions)")
    if filled < n:
        raise PlayoutError(
            f"playouts: the {policy} policy has nothing to play or pass (seat {state.actor})"
        )
    winner = results[:, 0]
    points = results[:, 1]
    scores = np.zeros((n, 2), dtype=np.int32)
    scores[:, 0] = np.where(winner == 0, points, 0)
    scores[:, 1] = np.where(winner == 1, points, 0)
    return Playouts(
        actions=actions,
        lengths=results[:, 3].astype(np.int16),
        legal_counts=counts,
        scores=scores,
        ends=results[:, 2].astype(np.int8),
        end_names=END_NAMES,
        dealt=dealt if deal else None,
    )
