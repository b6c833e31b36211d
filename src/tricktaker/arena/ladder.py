"""The ladder: every pair of bot levels in duplicate, rated with openskill.

``tricktaker ladder truc`` plays each pair of levels the arena's way (sets: the
same cards once for each side of the table, the seats rotated; see
``duplicate.py``), and turns each set into one rated game between the two
levels: won by the level that scored more points on the same cards (the
game's own units, as duplicate bridge compares totals: a deal won by six counts
more than one won by one), on equal points by the share of deals where it did
better; equal in both, drawn. An arena comparison answers
"is A better than B"; the ladder puts all levels on one scale (an openskill
Plackett-Luce rating, ``mu`` and ``sigma``) beside the pairwise win rates with
their 95% intervals (``stats.py``).

Why jobs. A ladder with the deep level takes hours on one core, so the work
is cut into jobs, (pair of levels, run of sets), that any worker may play: a
set's cards, dealer, start position and bots' rngs come only from ``--seed``
and the set's number (the arena's own seeds, so the pair ``rules,random``
plays exactly what ``tricktaker arena --bots rules,random`` plays), and the
results are put back and rated in job order. So the table is the same for the
same seed whether one process, a pool or a Ray cluster played it. Only the
``search`` and ``deep`` levels read the clock (they stop sampling worlds when
their time is up, bots/search.py), so on a busy machine they may play
otherwise; ``--no-clock`` makes them take their most worlds every time, slower
but the same everywhere.

openskill updates a rating game by game, so its result depends on the order of
the games (with 20 sets a pair, two close levels swap places from one order to
another), while the ladder's games have no order: they are played side by
side. So the games are rated in ``ORDERS`` shuffled orders, drawn from the
seed, and each level's mu and sigma are the means over those orders.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from tricktaker.arena.duplicate import MAX_DEALS, DealResult, play_deal, set_up, start_state
from tricktaker.arena.runners import Runner, serial
from tricktaker.arena.stats import Interval, mean_ci, wilson_ci
from tricktaker.bots import Bot, make_bot
from tricktaker.bots import levels as known_levels
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.core import TricktakerError, get_game
from tricktaker.core.options import Options, parse_option_texts

#: Sets per job: fixed, so the jobs (and their identities) never depend on the workers.
SETS_PER_JOB = 10
#: Shuffled orders the games are rated in (mu and sigma: their means), and a cap on the
#: updates of all orders together, so that a huge ladder is still rated in seconds.
ORDERS = 32
MAX_UPDATES = 400_000
#: The rating interval shown: mu +- this many sigma.
SIGMAS = 2


@dataclass(frozen=True, slots=True)
class Job:
    """A run of duplicate sets of one pair of levels: everything a worker needs to play
    it, and nothing else (so it pickles, and its results depend on it alone)."""

    game: str
    options: tuple[tuple[str, Any], ...]
    a: str
    b: str
    seed: int
    first: int
    count: int
    no_clock: bool = False


@dataclass(frozen=True, slots=True)
class SetOutcome:
    """One duplicate set seen from level A: its mean share of deals where A did better
    (level deals half) and A's mean gain over B per deal, in the game's units."""

    index: int
    score: float
    points: float
    deals: int

    @property
    def result(self) -> float:
        """The rated game: 1 won, 0 lost, 1/2 drawn (by the points, then the share)."""
        for value in (self.points, self.score - 0.5):
            if value > 0:
                return 1.0
            if value < 0:
                return 0.0
        return 0.5


def unclocked(bot: Bot) -> Bot:
    """A search level made to take its most worlds at every decision, never stopping on
    the clock: slower, but it plays the same on any machine under any load (``--no-clock``).
    Other levels never read the clock and are handed back as they are."""
    if isinstance(bot, SearchBot):
        most = bot.budget.max_worlds
        bot.budget = Budget(seconds=math.inf, min_worlds=most, max_worlds=most)
    return bot


def run_job(job: Job) -> tuple[SetOutcome, ...]:
    """Play the job's sets, exactly as the arena plays them (same seeds, same rotation)."""
    g = get_game(job.game)
    opts = g.options(dict(job.options))
    a, b = make_bot(job.a, job.game), make_bot(job.b, job.game)
    if job.no_clock:
        a, b = unclocked(a), unclocked(b)
    return play_sets(job.game, opts, a, b, job.seed, job.first, job.count)


def play_sets(
    game: str, opts: Options, a: Bot, b: Bot, seed: int, first: int, count: int
) -> tuple[SetOutcome, ...]:
    """Duplicate sets ``first`` to ``first + count - 1`` of ``seed`` between the bot
    objects ``a`` and ``b`` (``bench/search_parts.py`` hands in bots no level names)."""
    sides = get_game(game).new_match(opts, seed=0).sides
    seats = len(sides)
    out: list[SetOutcome] = []
    for index in range(first, first + count):
        setup = set_up(game, opts, seed, index, seats)
        deals: list[DealResult] = []
        for mirror in range(len(set(sides))):
            bots = [a if sides[seat] == mirror else b for seat in range(seats)]
            rngs = [
                random.Random(f"tricktaker-arena/{seed}/{index}/{mirror}/{seat}")
                for seat in range(seats)
            ]
            deal = play_deal(start_state(game, opts, setup), bots, rngs)
            deals.append(
                DealResult(
                    index, mirror, mirror, deal.gains, deal.winner, deal.points, deal.end, ()
                )
            )
        n = len(deals)
        out.append(
            SetOutcome(
                index,
                math.fsum(d.a_score for d in deals) / n,
                math.fsum(d.a_points for d in deals) / n,
                n,
            )
        )
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PairResult:
    """All sets between levels ``a`` and ``b``, from ``a``'s side."""

    a: str
    b: str
    sets: tuple[SetOutcome, ...]

    def flipped(self) -> PairResult:
        """The same sets from ``b``'s side."""
        return PairResult(
            self.b,
            self.a,
            tuple(SetOutcome(s.index, 1.0 - s.score, -s.points, s.deals) for s in self.sets),
        )

    @property
    def deals(self) -> int:
        return sum(s.deals for s in self.sets)

    @property
    def win_rate(self) -> Interval:
        """A's share of deals where it did better, Wilson 95% over the sets."""
        return wilson_ci([s.score for s in self.sets])

    @property
    def points(self) -> Interval:
        """A's gain over B per deal, normal 95% over the sets."""
        return mean_ci([s.points for s in self.sets])

    def record(self) -> tuple[int, int, int]:
        """A's rated games won, lost, drawn."""
        results = [s.result for s in self.sets]
        return results.count(1.0), results.count(0.0), results.count(0.5)


@dataclass(frozen=True, slots=True)
class LevelRating:
    level: str
    mu: float
    sigma: float
    games: int
    won: int
    lost: int
    drawn: int

    @property
    def ordinal(self) -> float:
        """openskill's conservative estimate, mu - 3 sigma: what the ladder sorts by."""
        return self.mu - 3 * self.sigma

    @property
    def low(self) -> float:
        return self.mu - SIGMAS * self.sigma

    @property
    def high(self) -> float:
        return self.mu + SIGMAS * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "mu": self.mu,
            "sigma": self.sigma,
            "low": self.low,
            "high": self.high,
            "ordinal": self.ordinal,
            "games": self.games,
            "won": self.won,
            "lost": self.lost,
            "drawn": self.drawn,
        }


def _one_order(
    levels: Sequence[str], games: Sequence[tuple[str, str, float]]
) -> dict[str, PlackettLuceRating]:
    """openskill's online updates, one rated game after another, from the prior."""
    model = PlackettLuce()
    ratings = {lv: model.rating(name=lv) for lv in levels}
    for a, b, result in games:
        ranks = [0.0, 1.0] if result == 1.0 else [1.0, 0.0] if result == 0.0 else [0.0, 0.0]
        [[ra], [rb]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        ratings[a], ratings[b] = ra, rb
    return ratings


def rate(levels: Sequence[str], pairs: Sequence[PairResult], seed: int) -> list[LevelRating]:
    """Every set one rated game; mu and sigma averaged over ``ORDERS`` orders; best first."""
    # Sorted first, so that the ratings depend on the results alone, not on their order.
    games = sorted((p.a, p.b, s.result) for p in pairs for s in p.sets)
    tally = {lv: [0, 0, 0] for lv in levels}
    for a, b, result in games:
        slot = {1.0: 0, 0.0: 1, 0.5: 2}[result]
        tally[a][slot] += 1
        tally[b][(1, 0, 2)[slot]] += 1
    orders = max(1, min(ORDERS, MAX_UPDATES // max(1, len(games))))
    mu = dict.fromkeys(levels, 0.0)
    sigma = dict.fromkeys(levels, 0.0)
    for k in range(orders):
        shuffled = list(games)
        random.Random(f"tricktaker-ladder/{seed}/order/{k}").shuffle(shuffled)
        for lv, r in _one_order(levels, shuffled).items():
            mu[lv] += r.mu / orders
            sigma[lv] += r.sigma / orders
    out = [LevelRating(lv, mu[lv], sigma[lv], sum(tally[lv]), *tally[lv]) for lv in levels]
    return sorted(out, key=lambda r: (-r.ordinal, levels.index(r.level)))


@dataclass(frozen=True, slots=True)
class LadderResult:
    game: str
    options: Mapping[str, Any]  # every option's value
    given: Mapping[str, str]  # the options given on the command line
    levels: tuple[str, ...]
    deals: int
    seed: int
    pairs: tuple[PairResult, ...]
    ratings: tuple[LevelRating, ...]
    no_clock: bool = False

    @property
    def sets(self) -> int:
        return max((len(p.sets) for p in self.pairs), default=0)

    def command(self) -> str:
        """The command that gives this table again (workers and Ray change nothing)."""
        opts = "".join(f" --option {k}={v}" for k, v in self.given.items())
        return (
            f"tricktaker ladder {self.game} --levels {','.join(self.levels)}"
            f" --deals {self.deals} --seed {self.seed}{opts}"
            + (" --no-clock" if self.no_clock else "")
        )

    def ranked_pairs(self) -> list[PairResult]:
        """Each pair from its better-rated level's side, in the ladder's order."""
        rank = {r.level: i for i, r in enumerate(self.ratings)}
        out = [p if rank[p.a] < rank[p.b] else p.flipped() for p in self.pairs]
        return sorted(out, key=lambda p: (rank[p.a], rank[p.b]))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "levels": list(self.levels),
            "deals_per_pair": self.deals,
            "sets_per_pair": self.sets,
            "seed": self.seed,
            "no_clock": self.no_clock,
            "command": self.command(),
            "model": "openskill PlackettLuce",
            "ratings": [r.to_json() for r in self.ratings],
            "pairs": [
                {
                    "bots": [p.a, p.b],
                    "sets": len(p.sets),
                    "deals": p.deals,
                    "win_rate": p.win_rate.to_json(),
                    "points_per_deal": p.points.to_json(),
                    "won": p.record()[0],
                    "lost": p.record()[1],
                    "drawn": p.record()[2],
                }
                for p in self.ranked_pairs()
            ],
        }


def check_levels(game: str, wanted: Sequence[str] | None) -> tuple[str, ...]:
    """The levels to rank: those given (known, hidden or not, distinct, at least two) or
    all of ``game``'s offered to players (hidden levels only when named)."""
    get_game(game)  # an unknown game is named as such, before its levels
    known = known_levels(game, hidden=True)  # --levels may name a hidden level
    chosen = list(wanted) if wanted is not None else known_levels(game)
    for lv in chosen:
        if lv not in known:
            raise TricktakerError(f"no {lv[:20]!r} level for {game}; levels: {', '.join(known)}")
    if len(set(chosen)) != len(chosen):
        raise TricktakerError("--levels names a level twice")
    if len(chosen) < 2:
        raise TricktakerError("a ladder needs at least two levels, e.g. --levels random,rules")
    return tuple(chosen)


def plan(
    game: str,
    opts: Mapping[str, Any],
    levels: Sequence[str],
    deals: int,
    seed: int,
    no_clock: bool = False,
) -> tuple[list[tuple[str, str]], list[Job], int]:
    """The pairs (later level as A, as ``arena --bots rules,random``), the jobs in order,
    and the sets per pair: at least ``deals`` deals, whole sets."""
    if not 1 <= deals <= MAX_DEALS:
        raise TricktakerError(f"--deals must be from 1 to {MAX_DEALS:,}")
    g = get_game(game)
    sides = len(set(g.new_match(g.options(dict(opts)), seed=0).sides))
    sets = -(-deals // sides)
    pairs = [(levels[j], levels[i]) for i in range(len(levels)) for j in range(i + 1, len(levels))]
    frozen = tuple(sorted(opts.items()))
    jobs = [
        Job(game, frozen, a, b, seed, first, min(SETS_PER_JOB, sets - first), no_clock)
        for a, b in pairs
        for first in range(0, sets, SETS_PER_JOB)
    ]
    return pairs, jobs, sets


def play_ladder(
    game: str,
    levels: Sequence[str] | None = None,
    deals: int = 40,
    seed: int = 1,
    options: Mapping[str, str] | None = None,
    runner: Runner = serial,
    no_clock: bool = False,
) -> LadderResult:
    """Play every pair of ``levels`` (default: all of the game's) and rate them."""
    chosen = check_levels(game, levels)
    given = dict(options or {})
    g = get_game(game)
    opts = g.options(parse_option_texts(g.option_schema(), given)).to_json()
    pairs, jobs, _ = plan(game, opts, chosen, deals, seed, no_clock)
    results = runner(run_job, jobs)
    if len(results) != len(jobs):
        raise TricktakerError(f"the runner gave {len(results)} results for {len(jobs)} jobs")
    by_pair: dict[tuple[str, str], list[SetOutcome]] = {pair: [] for pair in pairs}
    for job, outcomes in zip(jobs, results, strict=True):
        by_pair[(job.a, job.b)].extend(outcomes)
    played = tuple(PairResult(a, b, tuple(by_pair[(a, b)])) for a, b in pairs)
    return LadderResult(
        game, opts, given, chosen, deals, seed, played, tuple(rate(chosen, played, seed)), no_clock
    )
