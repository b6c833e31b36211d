"""Open-hand solving of a Tetka ending: a position read from the engine, its value and a
line of best play (the search itself is :mod:`._kernel`).

An :class:`Ending` is what the search needs of a deal in progress, taken from
a :class:`~tricktaker.games.tetka.rules.TetkaRules` state with every hand
open (a sampled world, for the search bots). :func:`solve` gives the marks the
valued seat still takes from there with best play, paranoid: it plays for
fewest, the three others for most. :func:`line` gives the cards of one line
that reaches that value, to the end of the deal, so that a caller can play it
on the engine and let the engine score it.

The table of positions (:class:`Table`) is kept between solves: an entry's
value depends only on its key (hands, leader, tricks won, valued seat,
photo card), so entries from earlier solves stay true.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tricktaker.games.tetka.rules import TetkaRules
from tricktaker.games.tetka.scoring import TRICKS, counting_number
from tricktaker.solvers.tetka._kernel import (
    CTX_COUNTING,
    CTX_PHOTO,
    CTX_SEAT,
    FIELDS,
    INF,
    MAX_DEPTH,
    Bytes,
    Ints,
    principal_line,
    search,
)

SEATS = 4
#: Entries in the table of positions (a power of two): 2**18 rows take 11 MB.
TABLE_BITS = 18


@dataclass(frozen=True, slots=True)
class Ending:
    """A deal in progress, every hand open: what the open-hand search reads.

    ``trick`` is the cards on the table, in order of play from ``leader``;
    ``done`` the tricks finished; ``won[s]`` how many of them seat ``s`` took
    and ``latest[s]`` the index (0-based) of its latest one, -1 for none.
    """

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    done: int
    won: tuple[int, int, int, int]
    latest: tuple[int, int, int, int]
    photo: int

    @classmethod
    def of(cls, state: TetkaRules) -> Ending:
        """The deal the engine is playing, as it stands."""
        latest = [-1] * SEATS
        for i, w in enumerate(state.winners):
            latest[w] = i
        h = state.hands
        won = state.won
        return cls(
            (h[0], h[1], h[2], h[3]),
            tuple(p & 63 for p in state.plays),
            state.plays[0] >> 6 if state.plays else state.leader,
            len(state.winners),
            (won[0], won[1], won[2], won[3]),
            (latest[0], latest[1], latest[2], latest[3]),
            state.photo,
        )

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the one on the table included."""
        return TRICKS - self.done

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % SEATS


class Table:
    """The search's scratch arrays and its table of positions, kept between solves.

    One table serves one solve at a time: the kernels hold the GIL throughout
    (they are not compiled ``nogil``), so threads sharing it take turns.
    """

    def __init__(self, bits: int = TABLE_BITS) -> None:
        self.keys = np.zeros((1 << bits, 5), np.int64)
        self.keys[:, 4] = -1  # no real position has this meta
        self.bounds = np.zeros((1 << bits, 3), np.int8)
        self.moves = np.zeros((MAX_DEPTH + 1, 32), np.int64)
        self.frames = np.zeros((MAX_DEPTH + 1, FIELDS), np.int64)
        #: Nodes visited, summed over every solve.
        self.stats = np.zeros(1, np.int64)


_TABLE: Table | None = None


def shared_table() -> Table:
    """One table for the process (made on first use: 11 MB)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = Table()
    return _TABLE


@dataclass(frozen=True, slots=True)
class Solution:
    """``marks``: what ``seat`` still takes with best play (tricks finished not counted);
    ``line``: the cards of one line of best play to the end of the deal."""

    seat: int
    marks: int
    line: tuple[int, ...]


#: The kernels' position arguments, and their context and work arrays (see :func:`_arguments`).
Position = tuple[Ints, Ints, Ints, Ints, int, int, int]
Context = tuple[Ints, Ints, Ints, Ints, Bytes, Ints]


def _arguments(ending: Ending, seat: int, table: Table | None) -> tuple[Position, Context]:
    """The kernels' arguments that :func:`solve_marks` and :func:`solve` share: the
    position (hands, tricks won, latest tricks, the trick cards, leader, cards on the
    table, tricks done) and the context with the table's arrays after it."""
    if not 0 <= seat < SEATS:
        raise ValueError(f"no seat {seat} in Tetka")
    if ending.done >= TRICKS:
        raise ValueError("the deal is over: nothing to solve")
    tb = table or shared_table()
    tcs = np.zeros((TRICKS + 1, 4), np.int64)
    for i, c in enumerate(ending.trick):
        tcs[ending.done, i] = c
    ctx = np.zeros(3, np.int64)
    ctx[CTX_SEAT] = seat
    ctx[CTX_PHOTO] = ending.photo
    ctx[CTX_COUNTING] = counting_number(ending.photo)
    position = (
        np.array(ending.hands, np.int64),
        np.array(ending.won, np.int64),
        np.array(ending.latest, np.int64),
        tcs,
        ending.leader,
        len(ending.trick),
        ending.done,
    )
    return position, (ctx, tb.moves, tb.frames, tb.keys, tb.bounds, tb.stats)


def solve_marks(ending: Ending, seat: int, table: Table | None = None) -> int:
    """The marks ``seat`` still takes from ``ending`` with best play (paranoid)."""
    position, context = _arguments(ending, seat, table)
    return int(search(*position, -INF, INF, *context))


def solve(ending: Ending, seat: int, table: Table | None = None) -> Solution:
    """The value for ``seat`` and one line of best play to the end of the deal."""
    position, context = _arguments(ending, seat, table)
    out = np.zeros(4 * TRICKS, np.int64)
    value = principal_line(*position, *context, out)
    left = 4 * ending.tricks_left - len(ending.trick)
    return Solution(seat, int(value), tuple(int(c) for c in out[:left]))
