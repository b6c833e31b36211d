"""How long the search levels think: decision-time percentiles per game.

Usage: ``python bench/search_latency.py [--level search|deep] [--decisions N]
[--seed S] [--game GAME[:k=v,...]] ...``

The positions are the ones a player meets: matches played by the ``rules``
bot at every seat, from the game's starting position, and at each turn of
seat 0 with a real choice (two or more legal actions) the search level is
timed on that seat's view and memory. Forced moves cost nothing and are left
out, so the figures are for the decisions that think. The default budget's
target is a 95th percentile under one second (issue 11).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tricktaker.bots import make_bot
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


def measure(spec: str, level: str, decisions: int, seed: int) -> list[float]:
    """Seconds per decision of ``level`` at seat 0, over ``decisions`` real choices."""
    game_id, values = _parse(spec)
    game = get_game(game_id)
    options = game.options(parse_option_texts(game.option_schema(), values))
    rules = make_bot("rules", game_id)
    search = make_bot(level, game_id)
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
    args = parser.parse_args()
    print(f"level {args.level}, {args.decisions} decisions each (seconds)")
    print(f"{'game':24} {'p50':>7} {'p95':>7} {'max':>7}")
    for spec in args.game or DEFAULT_GAMES:
        times = sorted(measure(spec, args.level, args.decisions, args.seed))
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"{spec:24} {statistics.median(times):7.3f} {p95:7.3f} {times[-1]:7.3f}")


if __name__ == "__main__":
    main()
