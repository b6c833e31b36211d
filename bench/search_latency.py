"""How long the search levels think: decision-time percentiles per game.

Usage: ``python bench/search_latency.py [--level search|deep] [--decisions N]
[--seed S] [--game GAME[:k=v,...]] ... [--worlds N]``

The positions are the ones a player meets: matches played by the ``rules``
bot at every seat, from the game's starting position, and at each turn of
seat 0 with a real choice (two or more legal actions) the search level is
timed on that seat's view and memory. Forced moves cost nothing and are left
out, so the figures are for the decisions that think. The default budget's
target is a 95th percentile under one second (issue 11).

``--worlds N`` takes the clock away: every decision samples exactly N worlds,
so two versions of the engine do the same work and their times compare the
engines (the clocked level would instead do more or less work in its time).
The last columns are the decisions' total time and a digest of the moves chosen:
with ``--worlds``, a change that only makes the search faster leaves the digest
as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time

from tricktaker.bots import make_bot
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.core import get_game
from tricktaker.core.options import parse_option_texts

DEFAULT_GAMES = (
    "truc",
    "truc:players=4",
    "truco",
    "truco:players=4",
    "truco:players=6",
    "tetka",
    "preferans",
    "preferans:rules=pot",
)


def _parse(spec: str) -> tuple[str, dict[str, str]]:
    game, _, rest = spec.partition(":")
    options = dict(item.split("=", 1) for item in rest.split(",") if item)
    return game, options


def measure(
    spec: str,
    level: str,
    decisions: int,
    seed: int,
    worlds: int | None = None,
    moves: list[str] | None = None,
) -> list[float]:
    """Seconds per decision of ``level`` at seat 0, over ``decisions`` real choices
    (``worlds``: exactly that many sampled worlds a decision, no clock); the moves it
    chose are appended to ``moves`` when given."""
    game_id, values = _parse(spec)
    game = get_game(game_id)
    options = game.options(parse_option_texts(game.option_schema(), values))
    rules = make_bot("rules", game_id)
    search = make_bot(level, game_id)
    if worlds is not None:
        if not isinstance(search, SearchBot):
            raise SystemExit(f"--worlds: the {level} level of {game_id} is not a search")
        search.budget = Budget(seconds=1e9, min_worlds=worlds, max_worlds=worlds)
    rng = random.Random(seed)
    times: list[float] = []
    match = 0
    while len(times) < decisions:
        state = game.new_match(options, seed=f"latency/{seed}/{match}")
        match += 1
        while len(times) < decisions and state.to_act is not None:
            seat = state.to_act
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            if seat == 0 and len(legal) > 1:
                start = time.perf_counter()
                action = search.act(view, memory, legal, rng)
                times.append(time.perf_counter() - start)
                if moves is not None:
                    moves.append(str(action))
            else:
                action = rules.act(view, memory, legal, rng)
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="search")
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="GAME or GAME:k=v,... (repeatable)")
    parser.add_argument("--worlds", type=int, help="exactly N worlds a decision, no clock")
    args = parser.parse_args()
    worlds = f", {args.worlds} worlds a decision" if args.worlds else ""
    print(f"level {args.level}, {args.decisions} decisions each{worlds} (seconds)")
    print(f"{'game':24} {'p50':>7} {'p95':>7} {'max':>7} {'total':>8}  moves")
    for spec in args.game or DEFAULT_GAMES:
        moves: list[str] = []
        times = sorted(measure(spec, args.level, args.decisions, args.seed, args.worlds, moves))
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        # The moves' digest: with --worlds, two versions of the code that search alike
        # print the same one (a speed-up that changes no decision).
        digest = hashlib.sha256("|".join(moves).encode()).hexdigest()[:10]
        print(
            f"{spec:24} {statistics.median(times):7.3f} {p95:7.3f} {times[-1]:7.3f}"
            f" {sum(times):8.2f}  {digest}"
        )


if __name__ == "__main__":
    main()
