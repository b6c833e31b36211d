"""Duplicate self-play between two bots: ``tricktaker arena truc --bots rules,random``.

Luck of the cards dominates a single deal, so deals are played in sets: the
same cards (the same seed), the same dealer and the same starting position,
once for each side of the table with bot A in that side's seats and bot B in
all the others. With two sides (Le Truc, Truco) that is a mirrored pair;
whatever the cards give one side, each bot gets once.

Each deal is a single deal: play stops when the match's first deal is over.
So that endgames matter (Le Truc's rest and counter-rest), each set starts
from the game's ``random_start`` position drawn from the seed, passed to
``new_match(start=...)``. Everything goes through the registry and the
protocol (``sides``, ``finished_deals``' gains), so any registered game plays.

Bot A's results per deal: its side's gain minus the mean gain of B's sides
(the game's own units, higher is better for A), and whether A's side did
better than B's (won 1, level 1/2, worse 0). With more than two sides (Tetka's
four players, each for himself) A is compared with each of B's sides in turn
and the shares averaged, so that two equal bots still come out at one half,
where "better than every other side" would put them at about one in four.
Both are averaged per set, and their 95%
intervals are computed over the sets (paired samples): Wilson for the share,
normal for the points. With fewer than ``MIN_SETS`` sets the verdict is "too
few deals". Everything is deterministic given the seed: cards, positions,
dealers and each seat's bot rng come from ``tricktaker-arena/<seed>/...``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktaker.arena.stats import Interval, mean_ci, wilson_ci
from tricktaker.bots import Bot, make_bot
from tricktaker.bots.opponents import Learner
from tricktaker.core import State, TricktakerError, get_game
from tricktaker.core.options import Options, parse_option_args, parse_option_texts
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary

#: Fewer sets than this and no winner is declared.
MIN_SETS = 20
MAX_DEALS = 1_000_000


@dataclass(frozen=True, slots=True)
class DealResult:
    """One finished deal, seen from bot A."""

    pair: int
    mirror: int  # which side A took, in the set's rotation
    a_side: int
    gains: tuple[float, ...]  # per side
    winner: int | None
    points: int
    end: str
    dealt: tuple[Mapping[str, Any], ...]  # the deals as the engine recorded them

    @property
    def a_points(self) -> float:
        """A's gain minus the mean gain of the other sides."""
        others = [g for s, g in enumerate(self.gains) if s != self.a_side]
        return self.gains[self.a_side] - (sum(others) / len(others) if others else 0.0)

    def _versus(self) -> list[float]:
        """Against each of B's sides: 1 if A's side did better, 1/2 if level, else 0."""
        mine = self.gains[self.a_side]
        return [
            1.0 if mine > g else 0.5 if mine == g else 0.0
            for s, g in enumerate(self.gains)
            if s != self.a_side
        ]

    @property
    def a_score(self) -> float:
        """How A's side did against B's: with two sides 1 better, 1/2 level, 0 worse; with
        more, that share against each of B's sides, averaged (equal bots score 1/2)."""
        versus = self._versus()
        return sum(versus) / len(versus)


@dataclass(frozen=True, slots=True)
class ArenaResult:
    game: str
    bot_a: str
    bot_b: str
    options: Mapping[str, Any]
    seed: int
    results: tuple[DealResult, ...] = field(repr=False)

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def pairs(self) -> int:
        return len({r.pair for r in self.results})

    @property
    def sides(self) -> int:
        """How many sides a set rotates A through (its deals: the same cards each time)."""
        return max((r.mirror for r in self.results), default=1) + 1

    def _per_pair(self, key: str) -> list[float]:
        sums: dict[int, list[float]] = {}
        for r in self.results:
            sums.setdefault(r.pair, []).append(r.a_score if key == "score" else r.a_points)
        return [sum(v) / len(v) for _, v in sorted(sums.items())]

    @property
    def win_rate(self) -> Interval:
        """How often A's side did better (level = half), Wilson interval over sets."""
        return wilson_ci(self._per_pair("score"))

    @property
    def points(self) -> Interval:
        """A's gain over B per deal, in the game's units, interval over sets."""
        return mean_ci(self._per_pair("points"))

    def counts(self) -> tuple[int, int, int]:
        """Deals where A did better, worse, level (with more than two sides: comparisons
        of A with one of B's sides in a deal)."""
        versus = [v for r in self.results for v in r._versus()]
        won = versus.count(1.0)
        level = versus.count(0.5)
        return won, len(versus) - won - level, level

    def names(self) -> tuple[str, str]:
        if self.bot_a == self.bot_b:
            return f"{self.bot_a} (A)", f"{self.bot_b} (B)"
        return self.bot_a, self.bot_b

    def too_few(self) -> bool:
        return self.pairs < MIN_SETS

    def verdict(self) -> str:
        a, b = self.names()
        if self.too_few():
            return (
                f"too few deals to tell ({self.deals}): play at least"
                f" {MIN_SETS * self.sides} deals before naming a winner"
            )
        w, p = self.win_rate, self.points
        if w.above(0.5) and p.above(0.0):
            return f"{a} beats {b}: both intervals lie clear of even"
        if w.below(0.5) and p.below(0.0):
            return f"{b} beats {a}: both intervals lie clear of even"
        if w.above(0.5) or p.above(0.0):
            return f"{a} leads {b} on one measure only: play more deals to be sure"
        if w.below(0.5) or p.below(0.0):
            return f"{b} leads {a} on one measure only: play more deals to be sure"
        return f"no significant difference between {a} and {b} at 95%"

    def report(self) -> str:
        a, b = self.names()
        opts = " ".join(f"{k}={v}" for k, v in self.options.items())
        won, lost, level = self.counts()
        w, p = self.win_rate, self.points
        if self.sides == 2:
            seats = "seats swapped"
            versus = ""
        else:
            seats = f"{a} in each of {self.sides} seats in turn"
            versus = f" (each deal against each {b} seat)"
        lines = [
            f"duplicate arena: {self.game}, {a} vs {b}, {opts}, seed {self.seed}",
            f"deals: {self.deals} ({self.pairs} sets: same cards, {seats};"
            " single deals from start positions drawn from the seed)",
            f"{a}: better {won}, worse {lost}, level {level}{versus}",
        ]
        if self.too_few():
            lines += [
                f"{a} win rate: {w.mean:.1%} (too few deals for an interval)",
                f"{a} points per deal minus {b}'s: {p.mean:+.3f}",
            ]
        else:
            lines += [
                f"{a} win rate: {w.mean:.1%} (95% CI {w.low:.1%} .. {w.high:.1%}),"
                " level deals count half",
                f"{a} points per deal minus {b}'s: {p.mean:+.3f}"
                f" (95% CI {p.low:+.3f} .. {p.high:+.3f})",
            ]
        lines.append(f"verdict: {self.verdict()}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """docs/design.md's ``arena --json`` object (§9)."""
        return {
            "game": self.game,
            "bots": [self.bot_a, self.bot_b],
            "deals": self.deals,
            "points_per_deal": self.points.to_json(),
            "win_rate": self.win_rate.to_json(),
            "verdict": self.verdict(),
        }


@dataclass(frozen=True, slots=True)
class SetUp:
    """What every deal of a set shares: the seed of its cards, the dealer, the position."""

    seed: str
    dealer: int
    start: Any


def set_up(
    game_id: str, options: Options, seed: int, pair: int, players: int, start: Start | None = None
) -> SetUp:
    """The set's cards, dealer and position: ``start`` where given (``--score``), else the
    game's random start (drawn all the same, so the cards and dealers stay the seed's)."""
    game = get_game(game_id)
    rng = random.Random(f"tricktaker-arena/{seed}/{pair}")
    dealer = rng.randrange(players)
    drawn = game.random_start(options, rng)
    return SetUp(f"arena/{seed}/{pair}", dealer, drawn if start is None else start)


def start_state(game_id: str, options: Options, setup: SetUp) -> State:
    return get_game(game_id).new_match(
        options, seed=setup.seed, dealer=setup.dealer, start=setup.start
    )


def play_deal(state: State, bots: Sequence[Bot], rngs: Sequence[random.Random]) -> DealSummary:
    """Let the seats' bots act until the first deal is finished; return its summary.

    Play stops there, so a bot that learns across matches (``Learner``) is told the
    match is over: once per bot object, with the first seat it held (a bot at two
    seats of a team saw the same betting from both)."""
    while not state.finished_deals():
        seat = state.to_act
        if seat is None:
            raise TricktakerError("the match ended without a finished deal")
        action = bots[seat].act(
            state.view(seat), state.events(0, seat), state.legal_actions(), rngs[seat]
        )
        try:
            state.apply(action)
        except TricktakerError as exc:
            raise TricktakerError(f"bot {bots[seat].name} at seat {seat}: {exc}") from exc
    told: list[Bot] = []
    for seat, bot in enumerate(bots):
        if isinstance(bot, Learner) and not any(b is bot for b in told):
            told.append(bot)
            bot.match_over(state.view(seat), state.events(0, seat))
    return state.finished_deals()[0]


def play_duplicate(
    game: str,
    bot_a: str | Bot,
    bot_b: str | Bot,
    deals: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    start: Start | None = None,
) -> ArenaResult:
    """Play at least ``deals`` deals (whole sets) between A and B, duplicate style; every
    deal from ``start`` where given, else from the seed's random starts."""
    if not 1 <= deals <= MAX_DEALS:
        raise TricktakerError(f"--deals must be from 1 to {MAX_DEALS:,}")
    g = get_game(game)
    opts = g.options(dict(options or {}))
    a = make_bot(bot_a, game) if isinstance(bot_a, str) else bot_a
    b = make_bot(bot_b, game) if isinstance(bot_b, str) else bot_b
    sides = g.new_match(opts, seed=0).sides
    n_sides = len(set(sides))
    results: list[DealResult] = []
    pair = 0
    while len(results) < deals:
        setup = set_up(game, opts, seed, pair, len(sides), start)
        for mirror in range(n_sides):
            bots = [a if sides[seat] == mirror else b for seat in range(len(sides))]
            rngs = [
                random.Random(f"tricktaker-arena/{seed}/{pair}/{mirror}/{seat}")
                for seat in range(len(sides))
            ]
            state = start_state(game, opts, setup)
            deal = play_deal(state, bots, rngs)
            results.append(
                DealResult(
                    pair=pair,
                    mirror=mirror,
                    a_side=mirror,
                    gains=deal.gains,
                    winner=deal.winner,
                    points=deal.points,
                    end=deal.end,
                    dealt=tuple(state.to_record()["deals"]),
                )
            )
        pair += 1
    return ArenaResult(
        game=game,
        bot_a=a.name,
        bot_b=b.name,
        options=opts.to_json(),
        seed=seed,
        results=tuple(results),
    )


def parse_score(text: str) -> Start:
    """``--score A:B``: every deal starts at this score (the game checks the numbers)."""
    parts = text.split(":")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 3 for p in parts):
        raise TricktakerError(f"--score is A:B, two whole numbers, not {text[:20]!r}")
    return Start({"score": (int(parts[0]), int(parts[1]))})


def run_arena_cli(
    game: str,
    bots: str,
    deals: int,
    seed: int,
    options: list[str],
    as_json: bool = False,
    score: str | None = None,
) -> int:
    """``tricktaker arena``: print the report or JSON; exit 0 (bad input raises TricktakerError)."""
    levels = [x.strip() for x in bots.split(",")]
    if len(levels) != 2 or not all(levels):
        raise TricktakerError(f"--bots needs two levels separated by a comma, not {bots[:40]!r}")
    given = parse_option_texts(get_game(game).option_schema(), parse_option_args(options))
    start = None if score is None else parse_score(score)
    if start is not None:  # a score the game refuses is said before any deal is played
        get_game(game).new_match(get_game(game).options(given), seed=0, start=start)
    result = play_duplicate(game, levels[0], levels[1], deals, seed, given, start)
    print(json.dumps(result.to_json()) if as_json else result.report())
    sys.stdout.flush()
    return 0
