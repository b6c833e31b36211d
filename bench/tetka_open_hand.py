"""How long the Tetka open-hand solver takes, by tricks left: median and 95th percentile.

Usage: ``python bench/tetka_open_hand.py [--positions N] [--max-tricks T] [--seed S]
[--policy rules|random] [--search-deals D] [--level search|deep] [--solve-tricks K]
[--json]``.

Endings are taken from deals played by ``--policy`` (the ``rules`` bot by
default, as the search bots' rollouts play them) to ``t`` tricks from the end,
``t`` counting the trick in progress, cut at a random card of that trick (the
search values worlds in mid-trick too). Each ending is solved for a random
seat with a fresh table of positions, cold, as the first solve of a sampled
world is: ``value`` is the solve alone (``solve_marks``), ``line`` the value
and a line of best play (``solve``, what ``bots/tetka/open_hand.py`` calls).
The figures are wall-clock milliseconds on one core, so a busy machine
inflates them; ``nodes`` is the median of positions visited by ``value``.

``--search-deals D`` then plays ``D`` whole deals with the ``--level`` bot
(``search`` by default, with the open-hand value) in all four seats and
prints the wall time of its decisions where it had a choice (a single legal
card is played at once): median, 95th percentile and max, the same in CPU
time (what a busy machine does not inflate), and the mean
number of worlds it sampled; ``--solve-tricks K`` solves from ``K`` tricks
left instead of the level's own threshold.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tricktaker.bots.registry import make_bot
from tricktaker.bots.search import SearchBot
from tricktaker.bots.tetka.open_hand import OpenHandValue
from tricktaker.core import get_game
from tricktaker.games.tetka import TetkaState
from tricktaker.solvers.tetka.solve import Ending, Table, solve, solve_marks


def endings(tricks: int, count: int, policy: str, rng: random.Random) -> list[Ending]:
    """``count`` endings ``tricks`` tricks from the end of deals played by ``policy``."""
    game = get_game("tetka")
    bot = make_bot(policy, "tetka") if policy != "random" else None
    out = []
    for _ in range(count):
        state = game.new_match(game.options({}), seed=rng.getrandbits(32))
        assert isinstance(state, TetkaState)
        state = state.clone(stop_after_deal=True)
        left = 4 * tricks - rng.randrange(4)
        while 52 - 4 * len(state.winners) - len(state.plays) > left:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if bot is None or len(legal) == 1:
                state.apply(rng.choice(legal))
            else:
                state.apply(bot.act(state.view(seat), state.events(0, seat), legal, rng))
        out.append(Ending.of(state))
    return out


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile, nearest rank."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * len(s)) - 1))]


def search_bot(level: str, solve_tricks: int | None) -> SearchBot:
    """The level's bot, its open-hand value solving from ``solve_tricks`` if given."""
    bot = make_bot(level, "tetka")
    assert isinstance(bot, SearchBot)
    if solve_tricks is None:
        return bot
    value = OpenHandValue(solve_tricks)
    return SearchBot("tetka", name=bot.name, budget=bot.budget, value=value)


def decision_times(deals: int, level: str, seed: int, solve_tricks: int | None) -> dict[str, float]:
    """Seconds per decision with a choice, over ``deals`` deals of ``level`` self-play."""
    game = get_game("tetka")
    bots = [search_bot(level, solve_tricks) for _ in range(4)]
    worlds = 0
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    for d in range(deals):
        state = game.new_match(game.options({}), seed=seed * 1000 + d)
        state = state.clone(stop_after_deal=True)
        while state.to_act is not None:
            seat = state.to_act
            legal = state.legal_actions()
            start = time.perf_counter()
            start_cpu = time.process_time()
            action = bots[seat].act(state.view(seat), state.events(0, seat), legal, rng)
            if len(legal) > 1:
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                worlds += bots[seat].last_worlds
            state.apply(action)
    return {
        "decisions": len(times),
        "median_s": statistics.median(times),
        "p95_s": percentile(times, 0.95),
        "max_s": max(times),
        "cpu_median_s": statistics.median(cpu),
        "cpu_p95_s": percentile(cpu, 0.95),
        "mean_worlds": worlds / len(times),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=40, help="endings per row (default 40)")
    p.add_argument("--max-tricks", type=int, default=6, help="rows 1..T tricks left (6)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--policy", choices=("rules", "random"), default="rules")
    p.add_argument("--search-deals", type=int, default=0, help="deals of search self-play")
    p.add_argument("--level", choices=("search", "deep"), default="search")
    p.add_argument("--solve-tricks", type=int, default=None, help="solve from K tricks left")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    rng = random.Random(args.seed)
    solve_marks(endings(1, 1, "random", rng)[0], 0)  # compiles, or loads numba's cache
    rows = []
    for tricks in range(1, args.max_tricks + 1):
        value_ms: list[float] = []
        line_ms: list[float] = []
        nodes: list[int] = []
        for e in endings(tricks, args.positions, args.policy, rng):
            seat = rng.randrange(4)
            table = Table()
            start = time.perf_counter()
            solve_marks(e, seat, table)
            value_ms.append(1000 * (time.perf_counter() - start))
            nodes.append(int(table.stats[0]))
            table = Table()
            start = time.perf_counter()
            solve(e, seat, table)
            line_ms.append(1000 * (time.perf_counter() - start))
        rows.append(
            {
                "tricks_left": tricks,
                "positions": args.positions,
                "value_ms": {
                    "median": statistics.median(value_ms),
                    "p95": percentile(value_ms, 0.95),
                    "max": max(value_ms),
                },
                "line_ms": {
                    "median": statistics.median(line_ms),
                    "p95": percentile(line_ms, 0.95),
                    "max": max(line_ms),
                },
                "nodes_median": statistics.median(nodes),
            }
        )
    search = (
        decision_times(args.search_deals, args.level, args.seed, args.solve_tricks)
        if args.search_deals
        else None
    )
    if args.json:
        out = {"policy": args.policy, "seed": args.seed, "rows": rows, "decisions": search}
        print(json.dumps(out))
        return
    print(f"Tetka open-hand solver, endings from {args.policy} play, seed {args.seed}")
    print("tricks  value ms: median    p95    max   line ms: median    p95    max   nodes")
    for r in rows:
        v, ln = r["value_ms"], r["line_ms"]
        print(
            f"{r['tricks_left']:>6}  {v['median']:>15.3f} {v['p95']:>6.2f} {v['max']:>6.2f}"
            f"  {ln['median']:>15.3f} {ln['p95']:>6.2f} {ln['max']:>6.2f} {r['nodes_median']:>7.0f}"
        )
    if search is not None:
        print(
            f"{args.level} self-play, {args.search_deals} deals: {search['decisions']:.0f}"
            f" decisions with a choice, median {search['median_s']:.3f} s,"
            f" p95 {search['p95_s']:.3f} s, max {search['max_s']:.3f} s (CPU time: median"
            f" {search['cpu_median_s']:.3f} s, p95 {search['cpu_p95_s']:.3f} s),"
            f" {search['mean_worlds']:.1f} worlds a decision"
        )


if __name__ == "__main__":
    main()
