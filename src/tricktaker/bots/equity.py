"""Match equity for the games played to a score (Truco, Le Truc): what a deal's points are worth.

Why. A deal's points are not worth the same at every score: at 11:10 the
deal decides the game, at 11:0 one more point of the other side's is all but
free, and in Le Truc a doubled deal lost at 0:11 costs no more than a single
one. The search (``bots/search.py``) values a world by the change in the
probability of winning the match, ``W(after) - W(before)``, instead of the
deal's raw points, wherever a table for the game's options exists.

The table. ``W(a, b, mano)`` is the chance that a side on ``a`` points wins
the game against a side on ``b`` when it is (``mano`` = 1) or is not the side
that plays first in the next deal. It was computed once by
``bench/match_equity.py`` from a Markov model of the deal: the distribution of
the score after one deal, measured from `rules`-vs-`rules` deals played by the
engine from every score and dealer (so hands of eleven and ten, the iron hand,
Le Truc's caps on doubling and its rests are as the rules and the bot play
them there), then solved for ``W`` by value iteration. The table is
``equity_data.py`` (generated; regenerate with the script). A match of
several games (the best of three) combines the game's chance with the games
won, each later game taken as even.

Options without a table (Truco Argentino and Gaúcho, with their envido and
flor) get None, and the search falls back to raw points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from tricktaker.core.protocol import State


def table_key(game: str, options: Mapping[str, Any], players: int) -> str | None:
    """The name of the table for a game's options (None: no table, raw points).

    Le Truc's ``redeal`` and ``ties`` options share the default's table (they
    move a deal's chances a little, not the shape of the race to 12)."""
    if game == "truco":
        variant = str(options.get("variant", "paulista"))
        if variant in ("paulista", "mineiro"):
            return f"truco/{variant}/{players}"
        return None
    if game == "truc":
        return f"truc/{players}"
    return None


@dataclass(frozen=True, slots=True)
class MatchEquity:
    """A game's equity table and the match around it (games won, games needed).

    ``target``: the points that win a game; ``wins``: ``W`` as a flat tuple, index
    ``(a * target + b) * 2 + mano``; ``games_to_win``: games that win the match."""

    target: int
    wins: tuple[float, ...]
    games_to_win: int = 1

    def __post_init__(self) -> None:
        if len(self.wins) != self.target * self.target * 2:
            raise ValueError("an equity table holds target * target * 2 chances")

    def game(self, mine: int, theirs: int, mano: bool) -> float:
        """The chance of winning the game from ``mine`` : ``theirs`` (a score at or past
        the target has won it)."""
        if mine >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        return self.wins[(mine * self.target + theirs) * 2 + int(mano)]

    def match(self, mine: int, theirs: int, mano: bool, games: tuple[int, int] = (0, 0)) -> float:
        """The chance of winning the match: this game's, and the games to come as even."""
        g = self.game(mine, theirs, mano)
        need = self.games_to_win
        if need <= 1:
            return g
        return g * _series(need - games[0] - 1, need - games[1]) + (1 - g) * _series(
            need - games[0], need - games[1] - 1
        )

    def of_state(self, state: State, side: int) -> float:
        """``side``'s chance of the match where ``state`` stands between deals (or at the
        start of one): its score and games, and who plays first in the next deal."""
        result = state.result()
        if result.finished:
            return 1.0 if result.winner == side else 0.0
        score = result.score
        games = result.games
        n = state.players
        mano = state.sides[(int(getattr(state, "dealer", 0)) + 1) % n] == side
        return self.match(
            int(score[side]),
            int(score[1 - side]),
            mano,
            (int(games[side]), int(games[1 - side])) if len(games) == 2 else (0, 0),
        )

    @property
    def slope(self) -> float:
        """What one point is worth near 0:0 (the chance per point, over leads of 1 to 4
        points either way and both leads: Mineiro scores in twos, and one cell is
        noisy): dividing by it gives equity in points at the start of a game, so that
        the search's scores (and the advisor's) stay in points per deal."""
        spread = sum(
            self.match(k, 0, mano) - self.match(0, k, mano)
            for k in range(1, 5)
            for mano in (False, True)
        )
        return max(spread / (2 * 2 * sum(range(1, 5))), 1e-6)


@cache
def _series(mine: int, theirs: int) -> float:
    """The chance of winning ``mine`` games before the other side wins ``theirs``, each even."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return (_series(mine - 1, theirs) + _series(mine, theirs - 1)) / 2


def equity_for(
    game: str, options: Mapping[str, Any], players: int, games_to_win: int = 1
) -> MatchEquity | None:
    """The equity of a match of ``game`` with these options, or None where no table exists."""
    key = table_key(game, options, players)
    if key is None:
        return None
    return _load(key, games_to_win)


@cache
def _load(key: str, games_to_win: int) -> MatchEquity | None:
    from tricktaker.bots.equity_data import TABLES

    found = TABLES.get(key)
    if found is None:
        return None
    target, wins = found
    return MatchEquity(target, wins, games_to_win)


def view_equity(game: str, view: Any) -> MatchEquity | None:
    """The equity for the match a seat's view shows (its options, players, games to win)."""
    options = getattr(view, "options", None)
    players = getattr(view, "players", None)
    if not isinstance(options, Mapping) or not isinstance(players, int):
        return None
    return equity_for(game, options, players, int(getattr(view, "games_to_win", 1)))
