"""An open-hand Preferans ending, as the solver sees it, and its solution.

Why a position of its own. The solver needs only the cards still in the
hands, the trick on the table, who plays in what order, the trump, the talon
tricks of the all-pass still to come and whose tricks it counts; the engine's
state holds the whole game. :func:`from_state` reads one from the engine (so
the rules of play are the engine's, checked by the tests on random endings
against a plain minimax and against the engine itself), and :class:`Solver`
answers with the number of tricks and a card that keeps it.

Sides. ``counted`` and ``maximisers`` are sets of rotation places: the value
is the tricks the counted places take from here on, which the maximisers push
up and the others down. :func:`sides_for` builds them: declarer against both
defenders in a contract, the defenders pushing the misère declarer's tricks
up, and paranoid for the all-pass (the seat valued against the other two).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tricktaker.games.preferans.deck import MISERE
from tricktaker.games.preferans.rules import PreferansRules
from tricktaker.solvers.preferans import _kernel

#: The engine's card (suit * 13 + rank, ranks 5..12 for 7..A) to the solver's (suit * 8 + rank).
TO_SMALL = {suit * 13 + r: suit * 8 + r - 5 for suit in range(4) for r in range(5, 13)}
TO_ENGINE = {small: big for big, small in TO_SMALL.items()}

Ints = _kernel.Ints
#: The kernels' first arguments (position and work arrays), and their table and statistics.
_Head = tuple[Ints, Ints, Ints, Ints, Ints, Ints, Ints, Ints, int, int]
_Table = tuple[_kernel.Keys, _kernel.Keys, _kernel.Bounds, _kernel.Bounds, Ints]


def small_mask(mask: int) -> int:
    """An engine card mask as the solver's 32-bit one."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << TO_SMALL[low.bit_length() - 1]
        mask ^= low
    return out


@dataclass(frozen=True, slots=True)
class Position:
    """An ending with every hand open. Places are rotation places (order of play).

    ``hands``: engine card masks, one per place (two or three places);
    ``table``: the engine cards already played to the trick in progress, in order,
    the first by ``leader``; ``talon``: the suits (0..3, the engine's) of the talon
    tricks still to come, the one in progress first (the all-pass's first two
    tricks: first hand plays first and everyone follows the talon card's suit);
    ``first``: first hand's place (he plays first to a talon trick and leads the
    trick after them); ``trump``: a suit or None; ``overtake``: the pot game's
    must-beat rule."""

    hands: tuple[int, ...]
    leader: int
    counted: int
    maximisers: int
    trump: int | None = None
    table: tuple[int, ...] = ()
    talon: tuple[int, ...] = ()
    first: int = 0
    overtake: bool = False

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_play(self) -> int:
        """The place whose card is due."""
        return (self.leader + len(self.table)) % self.players

    def tricks_left(self) -> int:
        cards = sum(h.bit_count() for h in self.hands) + len(self.table)
        return -(-cards // self.players)


@dataclass(frozen=True, slots=True)
class Solution:
    """The counted places' tricks from the position on, and a card that keeps that value."""

    tricks: int
    card: int
    nodes: int


class Unsolved(RuntimeError):
    """The solve ran past the solver's node limit."""


class Solver:
    """One transposition table and the work arrays, allocated once. Each solve keys its
    entries by a generation of its own, so results and node counts never depend on
    earlier solves; ``node_limit`` (0: none) bounds the nodes of one solve or line."""

    def __init__(self, tt_bits: int = _kernel.TT_BITS, node_limit: int = 0) -> None:
        self.node_limit = node_limit
        self._generation = 0
        size = 1 << tt_bits
        self._k1 = np.zeros(size, np.uint64)
        self._k2 = np.zeros(size, np.uint64)
        self._lo = np.zeros(size, np.int8)
        self._hi = np.zeros(size, np.int8)
        self._tables = np.zeros((11, 3), np.int64)
        self._seats = np.zeros((11, 3), np.int64)
        self._moves = np.zeros((_kernel.PLIES, 10), np.int64)
        self._scores = np.zeros((_kernel.PLIES, 10), np.int64)
        self._frames = np.zeros((_kernel.PLIES, 17), np.int64)
        self._stats = np.zeros(1 + 3 * 32, np.int64)
        self._out = np.zeros(1, np.int64)

    def _prepare(self, pos: Position) -> tuple[_Head, _Table]:
        """The kernels' arguments that :meth:`solve` and :meth:`line` share, the trick in
        progress set down: the position (hands, rules, talon, work arrays, cards on the
        table, leader), and the transposition table with the statistics after it."""
        n = pos.players
        if n not in (2, 3) or not 0 <= pos.leader < n or len(pos.table) >= n:
            raise ValueError("a position has two or three places and an unfinished trick")
        if pos.tricks_left() == 0:
            raise ValueError("no card left to play")
        hands = np.array([small_mask(h) for h in pos.hands], np.int64)
        trump = -1 if pos.trump is None else pos.trump
        context = (
            (trump + 1)
            | (pos.counted << 3)
            | (pos.maximisers << 6)
            | (int(pos.overtake) << 9)
            | (pos.first << 10)
            | (n << 12)
        )
        self._generation += 1
        rules = np.array(
            [
                n,
                trump,
                pos.counted,
                pos.maximisers,
                int(pos.overtake),
                pos.first,
                context,
                self._generation,
                self.node_limit,
            ],
            np.int64,
        )
        talon = np.array(pos.talon, np.int64)
        for i, c in enumerate(pos.table):
            self._tables[0, i] = TO_SMALL[c]
            self._seats[0, i] = (pos.leader + i) % n
        self._stats[:] = 0
        head = (
            hands,
            rules,
            talon,
            self._tables,
            self._seats,
            self._moves,
            self._scores,
            self._frames,
            len(pos.table),
            pos.leader,
        )
        return head, (self._k1, self._k2, self._lo, self._hi, self._stats)

    def solve(self, pos: Position) -> Solution:
        """The exact value of ``pos`` and an optimal card for the place to play."""
        head, table = self._prepare(pos)
        value = _kernel.best_play(*head, 0, *table, self._out, -1)
        if value == _kernel.ABORT:
            raise Unsolved(f"more than {self.node_limit} nodes")
        return Solution(int(value), TO_ENGINE[int(self._out[0])], int(self._stats[0]))

    def line(self, pos: Position) -> tuple[int, list[int]] | None:
        """The value of ``pos`` and an optimal play of every card left (engine cards, in
        order of play): each player, in turn, plays a card that keeps the value. None
        when the node limit stopped it."""
        head, table = self._prepare(pos)
        cards = sum(h.bit_count() for h in pos.hands)
        out = np.zeros(cards, np.int64)
        value = _kernel.principal_line(*head, *table, out)
        if value == _kernel.ABORT:
            return None
        return int(value), [TO_ENGINE[int(c)] for c in out]


def sides_for(state: PreferansRules, places: tuple[int, ...], seat: int) -> tuple[int, int]:
    """(counted, maximisers) over ``places`` (seats in order of play) for the deal in
    ``state``, valued for ``seat``: declarer's tricks (maximised, or minimised in
    misère) against the defenders as one team; in the all-pass, ``seat``'s tricks
    against the other two (paranoid)."""
    declarer = state.declarer
    if declarer is None:
        own = 1 << places.index(seat)
        return own, ((1 << len(places)) - 1) & ~own
    d = 1 << places.index(declarer)
    everyone = (1 << len(places)) - 1
    if state.contract == MISERE:
        return d, everyone & ~d
    return d, d


def from_state(state: PreferansRules, seat: int) -> tuple[Position, tuple[int, ...]]:
    """The open-hand position of a deal in play, valued for ``seat``, and the seats of its
    places (in order of play: first hand first, a pot game's passer left out)."""
    places = tuple(s for s in state.active if s != state.out_seat)
    counted, maximisers = sides_for(state, places, seat)
    plays = state.plays
    leader = places.index(plays[0] >> 6) if plays else places.index(state.leader)
    talon: tuple[int, ...] = ()
    if state.contract is None and state.declarer is None and state.convention != "rostov":
        done = len(state.winners)
        talon = tuple(state.talon[i] // 13 for i in range(done, 2))
    pos = Position(
        hands=tuple(state.hands[s] for s in places),
        leader=leader,
        counted=counted,
        maximisers=maximisers,
        trump=state.trump,
        table=tuple(p & 63 for p in plays),
        talon=talon,
        # First hand leads talon tricks (the all-pass only); in a pot game he may be
        # the passer sitting out the play, and there is no talon trick to lead.
        first=places.index(state.active[0]) if state.active[0] in places else 0,
        overtake=state.overtake,
    )
    return pos, places
