"""Tune a ``rules`` bot's betting numbers by self-play: a coordinate search (Truco, Le Truc).

Where ``rules.TEAM`` (the policy the search levels of Truco and Le Truc weigh their
moves against and imagine their own side with, at four players) comes from. Each of the
betting numbers of the game's ``rules`` ``Params`` (``STEPS``) is moved one step up
and one down in turn; a move is kept when the moved bot, playing
``--sets`` duplicate sets against the ``rules`` level (the arena's set-ups and seeds,
``arena.ladder.play_sets``), gains on the unmoved one by more than one standard error
of their difference set by set (the same cards: paired). Passes go on until one keeps
nothing, or ``--passes``.

A tuned set is then to be checked at another seed and against the exploit levels
(``--check``), since a search at one seed fits that seed's noise a little:

    .venv/bin/python bench/tune_bets.py truco --option players=4 --sets 6000 --seed 1
    .venv/bin/python bench/tune_bets.py truco --option players=6 --sets 6000 --seed 1 \\
        --passes 2 --start '{"sure": 0.95, "bluff_below": 0.2, "bluff": 0.0,
        "raised_margin": 0.16, "reraise_at": 0.85}'
    .venv/bin/python bench/tune_bets.py truco --option players=4 --sets 10000 --seed 2 \\
        --check team --against rules,always-raise,two-top-accept

``--start`` starts from ``team`` (``rules.TEAM``) or from ``rules`` moved by a JSON
object (``'{"raised_margin": 0.16}'``), or from a named set so moved
(``'team:{"read_4p": 4}'``); ``--check SET`` (named or moved the same ways) only
measures that set against each ``--against`` level. ``--numbers cards`` moves the card
play's numbers instead (Truco's ``lead_hold``, ``follow_hold``, ``partner_holds``;
Le Truc's ``rules`` has none), ``--numbers all`` both:

    .venv/bin/python bench/tune_bets.py truco --option players=4 --numbers cards --start team
"""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tricktaker.arena.ladder import play_sets
from tricktaker.arena.stats import Interval, mean_ci
from tricktaker.bots import make_bot
from tricktaker.core import get_game
from tricktaker.core.errors import TricktakerError
from tricktaker.core.options import parse_option_args, parse_option_texts


@dataclass(frozen=True)
class Tuned:
    """A game's ``rules`` module, its betting numbers with their steps, and which of
    them are chances or frequencies (kept within 0 and 1)."""

    module: str
    steps: Mapping[str, float]
    unbounded: frozenset[str] = frozenset()
    #: The card play's numbers with their steps (``--numbers cards``), where it has any.
    cards: Mapping[str, float] = field(default_factory=dict)

    def chosen(self, numbers: str) -> Mapping[str, float]:
        """The steps of the numbers ``--numbers`` names: ``bets``, ``cards`` or ``all``."""
        if numbers == "bets":
            return self.steps
        if numbers == "cards":
            return self.cards
        return {**self.steps, **self.cards}

    def rules(self) -> Any:
        return importlib.import_module(self.module)

    def named(self) -> dict[str, Any]:
        """``default`` (the ``rules`` level's numbers), and ``team`` where it exists."""
        rules = self.rules()
        out = {"default": rules.DEFAULT}
        if hasattr(rules, "TEAM"):
            out["team"] = rules.TEAM
        return out


GAMES: dict[str, Tuned] = {
    "truco": Tuned(
        "tricktaker.bots.truco.rules",
        {
            "sure": 0.02,
            "strong": 0.04,
            "good": 0.04,
            "level_step": 0.02,
            "sure_early": 0.2,
            "strong_early": 0.2,
            "strong_late": 0.1,
            "good_early": 0.1,
            "good_late": 0.15,
            "bluff_below": 0.1,
            "bluff": 0.04,
            "raised_margin": 0.04,
            "reraise_at": 0.05,
            "call_mixed": 0.2,
            "call_band": 0.04,
            "eleven_margin": 0.04,
        },
        frozenset({"level_step", "raised_margin", "call_band", "eleven_margin"}),
        {"lead_hold": 0.1, "follow_hold": 0.1, "partner_holds": 0.1},
    ),
    "truc": Tuned(
        "tricktaker.bots.truc.rules",
        {
            "bluff": 0.03,
            "bluff_lost": 0.1,
            "early_sure": 0.2,
            "strong": 0.1,
            "strong_early": 0.1,
            "strong_late": 0.1,
            "good": 0.1,
            "good_early": 0.1,
            "good_late": 0.1,
            "accept_at": 0.05,
            "accept_mixed": 0.05,
            "accept_mixed_share": 0.1,
            "bold_step": 0.2,
            "call_below": 0.05,
            "call_weak_share": 0.1,
            "call_bluff_above": 0.05,
            "call_bluff_share": 0.05,
            "dealer_accept_below": 0.05,
            "read_4p": 0.5,
        },
        frozenset({"bold_step", "read_4p"}),
    ),
}

Job = tuple[str, tuple[tuple[str, str], ...], dict[str, Any], str, int, int, int]


def run_job(job: Job) -> list[float]:
    """Each set's points per deal of the moved bot over ``against``."""
    game, options, fields, against, seed, first, count = job
    g = get_game(game)
    opts = g.options(parse_option_texts(g.option_schema(), dict(options)))
    rules = GAMES[game].rules()
    mine = rules.RulesBot(rules.Params(**fields))
    sets = play_sets(game, opts, mine, make_bot(against, game), seed, first, count)
    return [s.points for s in sets]


def measure(
    pool: Executor,
    game: str,
    options: tuple[tuple[str, str], ...],
    params: Any,
    against: str,
    seed: int,
    sets: int,
    chunk: int = 250,
) -> list[float]:
    jobs: list[Job] = [
        (game, options, asdict(params), against, seed, first, min(chunk, sets - first))
        for first in range(0, sets, chunk)
    ]
    return [v for part in pool.map(run_job, jobs) for v in part]


def text(ci: Interval) -> str:
    return f"{ci.mean:+.3f} ({ci.low:+.3f} .. {ci.high:+.3f})"


def moved(steps: Mapping[str, float], tuned: Tuned, params: Any, key: str, sign: int) -> Any:
    value = getattr(params, key) + sign * steps[key]
    if key not in tuned.unbounded:
        value = min(1.0, max(0.0, value))
    return replace(params, **{key: round(value, 4)})


def tune(
    pool: Executor,
    game: str,
    options: tuple[tuple[str, str], ...],
    start: Any,
    seed: int,
    sets: int,
    passes: int,
    steps: Mapping[str, float],
) -> Any:
    tuned = GAMES[game]
    best = start
    base = measure(pool, game, options, best, "rules", seed, sets)
    print(f"start: {text(mean_ci(base))} over rules", flush=True)
    for number in range(passes):
        kept = False
        for key in steps:
            for sign in (1, -1):
                trial = moved(steps, tuned, best, key, sign)
                if trial == best:
                    continue
                values = measure(pool, game, options, trial, "rules", seed, sets)
                diff = mean_ci([x - y for x, y in zip(values, base, strict=True)])
                se = (diff.high - diff.low) / 2 / 1.96
                keep = diff.mean > se
                print(
                    f"pass {number} {key}={getattr(trial, key)}: {text(mean_ci(values))};"
                    f" minus kept {text(diff)}{'  kept' if keep else ''}",
                    flush=True,
                )
                if keep:
                    best, base, kept = trial, values, True
                    break
        if not kept:
            break
    return best


def starting(tuned: Tuned, text: str) -> Any:
    """The set a tuning starts from: a named one, or a named one (``rules``' when no name
    is given) moved by a JSON object: ``team:{"read_4p": 4}``."""
    named = tuned.named()
    if text in named:
        return named[text]
    base, sep, rest = text.partition(":")
    if sep and base in named:
        text = rest
    else:
        base = "default"
    try:
        changes = json.loads(text)
        known = tuned.chosen("all")
        if not isinstance(changes, dict) or not set(changes) <= set(known):
            raise ValueError(f"only these numbers: {', '.join(known)}")
        if not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in changes.values()
        ):
            raise ValueError("numbers only")
        return replace(named[base], **changes)
    except ValueError as exc:  # json.JSONDecodeError too
        raise SystemExit(
            f"--start: {', '.join(named)} or a JSON object of changes ({exc})"
        ) from exc


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--sets", type=int, default=6000, help="duplicate sets a measure")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--passes", type=int, default=3)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--start", default="default", help="default, team, or a JSON object of changes")
    p.add_argument("--check", help="only measure this set (default or team)")
    p.add_argument(
        "--numbers",
        choices=("bets", "cards", "all"),
        default="bets",
        help="which numbers are moved: the betting's (default), the card play's, or both",
    )
    p.add_argument("--against", default="rules", help="levels --check meets, comma-separated")
    args = p.parse_args(argv)
    if min(args.sets, args.passes, args.workers) < 1:
        raise SystemExit("--sets, --passes and --workers count from 1")
    game = args.game
    tuned = GAMES[game]
    named = tuned.named()
    start = starting(tuned, args.start)
    checked = starting(tuned, args.check) if args.check is not None else None
    steps = tuned.chosen(args.numbers)
    if not steps:
        raise SystemExit(f"--numbers {args.numbers}: {game}'s rules bot has no such numbers")
    g = get_game(game)
    try:
        options = tuple(sorted(parse_option_args(args.option).items()))
        g.options(parse_option_texts(g.option_schema(), dict(options)))
        levels = args.against.split(",")
        for level in levels:
            make_bot(level, game)
    except TricktakerError as exc:
        raise SystemExit(str(exc)) from exc
    with ProcessPoolExecutor(args.workers) as pool:
        if checked is not None:
            for level in levels:
                values = measure(pool, game, options, checked, level, args.seed, args.sets)
                print(f"{args.check} vs {level}: {text(mean_ci(values))}", flush=True)
            return
        best = tune(pool, game, options, start, args.seed, args.sets, args.passes, steps)
    default = named["default"]
    changed = {k: v for k, v in asdict(best).items() if v != getattr(default, k)}
    print("tuned (differing from rules):", json.dumps(changed), flush=True)


if __name__ == "__main__":
    main()
