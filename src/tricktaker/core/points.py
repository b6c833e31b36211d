"""A match of two sides playing deals for points: games to a total, a match of games.

Le Truc and Truco are scored the same way, as many games of their family
are: two sides (partners sit apart, so the side is the seat's parity) play
deals of tricks; a deal's points go to the side that wins it; a game is won
at ``GAME_POINTS`` and the match when a side has won ``games_to_win``
games. :class:`PointsMatch` keeps that score and ends deals, games and the
match, so that each game's rules hold only how a deal is played and what it
is worth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

from tricktaker.core.engine import A, Engine, side_returns
from tricktaker.core.events import Telling, deal_end, game_end, match_end, table_event
from tricktaker.core.protocol import Result
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary

#: A deal no side won (three spoiled or tied tricks): no points.
DRAW = -1
#: Tricks that do not decide the deal yet.
UNDECIDED = -2
#: The log entries a match of points writes for its table (a game's own entries are
#: numbered below these): a trick taken, a deal, a game and the match over.
EV_TRICK, EV_DEAL_END, EV_GAME_END, EV_MATCH_END = range(100, 104)
#: The starting position a record may give: the score and the games won.
START_ROWS = ("score", "games")


def read_score(
    start: Start | None, points: int, games_to_win: int, more: tuple[str, ...] = ()
) -> tuple[list[int], list[int]]:
    """A starting score (below ``points`` each) and games won (fewer than the match needs);
    ``more``: the other rows the game's starts may hold (it reads them itself)."""
    if start is None:
        return [0, 0], [0, 0]
    start.check_keys((*START_ROWS, *more))
    score = start.row("score", 2, 0, points - 1, (0, 0))
    games = start.row("games", 2, 0, games_to_win - 1, (0, 0))
    return list(score), list(games)


def side_gains(winner: int | None, points: int) -> tuple[float, float]:
    """What a deal gave each side: its points to the winner, nothing to the other."""
    if winner is None:
        return (0.0, 0.0)
    return (float(points), 0.0) if winner == 0 else (0.0, float(points))


class PointsDeal(NamedTuple):
    """A finished deal as the engine keeps it. The lists are the deal's own, never
    changed once it is over (the next deal starts new ones), and the typed summary is
    built from it only when someone reads it."""

    number: int
    dealer: int
    #: Each trick's result: the side that took it, or the game's draw mark.
    tricks: list[int]
    #: The plays of each trick, and of a trick cut short by a fold or a refusal.
    trick_log: list[tuple[int, ...]]
    cut_short: list[int]
    winner: int | None
    points: int
    #: How it ended: "tricks", "folded", "refused", "drawn"...
    end: str
    #: What it was worth when it ended.
    value: int
    #: The score after it.
    score: tuple[int, int]
    #: The game's own facts of the deal (Truco: the vira, the side on eleven, iron).
    extra: tuple[Any, ...] = ()


_tuple = tuple.__new__


def points_summary(
    raw: PointsDeal,
    mark: tuple[int, str],
    play_text: Callable[[int], str],
    **more: Any,
) -> DealSummary:
    """The typed summary of a finished deal: its tricks (``mark``: the game's own trick
    result and its word, "spoiled" or "tie"), the cards shown in every trick and in one
    cut short by a fold or a refusal (as ``play_text`` writes a play), what it was worth,
    the score after it, and the game's ``more`` details."""
    code, word = mark
    plays = (*raw.trick_log, raw.cut_short)
    return DealSummary(
        number=raw.number,
        dealer=raw.dealer,
        tricks=tuple(word if t == code else t for t in raw.tricks),
        winner=raw.winner,
        points=raw.points,
        gains=side_gains(raw.winner, raw.points),
        end=raw.end,
        details={
            "played": tuple(tuple(play_text(p) for p in t) for t in plays if t),
            "value": raw.value,
            "score": raw.score,
            **more,
        },
    )


def tell_trick(
    entry: tuple[Any, ...], played: list[Any], mark: tuple[int, str], **more: Any
) -> Telling:
    """A trick taken (an ``EV_TRICK`` entry), as an observer sees it: the plays as he may
    see them (``played``), the side that took it or the game's word for neither (``mark``:
    Le Truc's spoiled trick, Truco's tie), who leads next, and the game's ``more``."""
    _, number, _, result, leader = entry
    code, word = mark
    return table_event(
        "trick",
        {
            "trick": number,
            "played": played,
            **more,
            "result": word if result == code else result,
            "leader": leader,
        },
    )


def tell_table_entry(
    entry: tuple[Any, ...], summarise: Callable[[PointsDeal], DealSummary]
) -> Telling | None:
    """How every observer sees the end of a deal, a game or the match (None: the entry is
    none of these, but the game's own)."""
    code = entry[0]
    if code == EV_DEAL_END:
        return deal_end(summarise(entry[1]))
    if code == EV_GAME_END:
        return game_end(*entry[1:])
    if code == EV_MATCH_END:
        return match_end(*entry[1:])
    return None


class PointsMatch(Engine[A]):
    """The score of a match of two sides, and the end of its deals, games and match.

    A subclass names the phase of a match that is over (``OVER``), says who deals
    next (:meth:`_next_dealer`) and what else a finished deal keeps
    (:meth:`_deal_facts`); the table's log entries (``EV_*``) are this module's.
    """

    __slots__ = (
        "games",
        "games_to_win",
        "hands",
        "pending",
        "phase",
        "plays",
        "score",
        "trick_log",
        "tricks",
        "value",
    )

    GAME_POINTS: ClassVar[int] = 12
    #: The phase of a match that is over, or of a search copy stopped at its deal's end.
    OVER: ClassVar[int]
    #: Whether a game's score stops at its total, as Truco's players write it.
    SCORE_CAPPED: ClassVar[bool] = False

    games: list[int]
    games_to_win: int
    hands: list[int]
    #: The raise or proposal awaiting an answer (0: none).
    pending: int
    phase: int
    plays: list[int]
    score: list[int]
    tricks: list[int]
    trick_log: list[tuple[int, ...]]
    #: What the deal is worth now (raised, doubled...).
    value: int

    def _finish_deal(self, end: str, side: int, points: int) -> None:
        """The deal is over: ``side`` (or DRAW) wins ``points``, ``end`` says how. Keep it,
        then end the game or the match if it was won, else deal the next deal."""
        winner = None if side == DRAW else side
        score = self.score
        if winner is None:
            points = 0
        else:
            score[winner] += points
            if self.SCORE_CAPPED:
                score[winner] = min(self.game_points, score[winner])
        # A named tuple made as a tuple: several times cheaper, once a deal in every playout.
        fields = (self.deal_no, self.dealer, self.tricks, self.trick_log, self.plays, winner)
        after = (score[0], score[1])
        raw = _tuple(PointsDeal, (*fields, points, end, self.value, after, self._deal_facts()))
        self.pending = 0
        self.history.append(raw)
        self.log.append((EV_DEAL_END, raw))
        game_over = winner is not None and score[winner] >= self.game_points
        if winner is not None and game_over:
            self.games[winner] += 1
            self.log.append((EV_GAME_END, winner, after, tuple(self.games)))
            if self.games[winner] >= self.games_to_win:
                self.finished = True
                self.winner = winner
                self.phase = self.OVER
                self.actor = None
                self.hands = [0] * self.n
                self.plays = []
                self.log.append((EV_MATCH_END, winner, tuple(self.games)))
                return
            self.score = [0, 0]
        self.dealer = self._next_dealer(game_over)
        self.deal_no += 1
        if self.stop_after_deal:
            self.phase = self.OVER
            self.actor = None
            return
        self._start_deal()

    @property
    def game_points(self) -> int:
        """What wins a game of this match (a game whose total is an option reads it)."""
        return self.GAME_POINTS

    def _deal_facts(self) -> tuple[Any, ...]:
        """The game's own facts of a finished deal, kept in its ``PointsDeal.extra``."""
        return ()

    def _next_dealer(self, game_over: bool) -> int:
        """Who deals the next deal (``game_over``: it opens a new game)."""
        return (self.dealer + 1) % self.n

    def _turn(self, seat: int) -> None:
        """``seat`` is to play a card (and, first, may raise or propose)."""
        raise NotImplementedError

    def _end_trick(self) -> None:
        """The trick is complete: who took it, and what follows."""
        raise NotImplementedError

    def _add_play(self, seat: int, play: int) -> None:
        """``seat`` put a card on the table (``play``, as the game writes one): the last
        card ends the trick, else the next seat plays."""
        plays = self.plays
        plays.append(play)
        if len(plays) == self.n:
            self._end_trick()
        else:
            self._turn((seat + 1) % self.n)

    def _end_of_trick(self, result: int, leader: int, outcome: int, all_in: bool) -> bool:
        """Log a finished trick (its ``result``, who leads next) and end the deal if the
        tricks decide it (``outcome``: a side, DRAW or UNDECIDED); True if they did.

        ``all_in``: the deal is played for the game (a counter-rest, the iron hand),
        so its winner scores what the game still needs."""
        self.tricks.append(result)
        done = tuple(self.plays)
        self.trick_log.append(done)
        self.plays = []
        self.log.append((EV_TRICK, len(self.tricks) - 1, done, result, leader))
        if outcome == UNDECIDED:
            return False
        if outcome == DRAW:
            self._finish_deal("drawn", DRAW, 0)
        else:
            points = self.game_points - self.score[outcome] if all_in else self.value
            self._finish_deal("tricks", outcome, points)
        return True

    def _start_deal(self) -> None:
        raise NotImplementedError

    @property
    def sides(self) -> tuple[int, ...]:
        """Partners sit apart: a seat's side is its parity."""
        return _SIDES[self.n]

    def result(self) -> Result:
        return Result(tuple(self.score), tuple(self.games), self.finished, self.winner)

    def returns(self) -> tuple[float, ...]:
        return side_returns(self.winner, _SIDES[self.n])


_SIDES = {n: tuple(s & 1 for s in range(n)) for n in (2, 4, 6)}
