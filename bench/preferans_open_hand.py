"""How long the Preferans open-hand solver takes on whole deals: 10 tricks, 30 cards.

Usage: ``python bench/preferans_open_hand.py [--deals N] [--seed S] [--line] [--json]``.

Each deal is dealt at random (the talon set aside) with a random contract:
a suit or no-trump game for a random declarer against both defenders, misère,
or an all-pass valued for a random seat against the other two (in Sochi, the
talon's two cards set the suit of the first two tricks). First hand leads.
The solver is timed from the first card (the value and an optimal first card;
``--line`` times the whole principal line instead, as the search levels'
value uses it) with no node limit, on one core, after a warm-up that compiles
the kernel or loads it from numba's cache. Wall and CPU time are both given:
on a busy machine the CPU share falls below 100% and the wall figures grow,
while the CPU times stay near what an idle core would show.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tricktaker.games.preferans.deck import DECK
from tricktaker.solvers.preferans.position import Position, Solver

KINDS = ("suit", "notrump", "misere", "allpass")


def random_deal(rng: random.Random) -> tuple[str, Position]:
    """Three hands of ten, a random kind of contract, first hand (place 0) to lead."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = tuple(sum(1 << c for c in cards[i * 10 : i * 10 + 10]) for i in range(3))
    talon = cards[30:]
    kind = rng.choice(KINDS)
    seat = 1 << rng.randrange(3)
    if kind == "suit":
        return kind, Position(hands, 0, seat, seat, trump=rng.randrange(4))
    if kind == "notrump":
        return kind, Position(hands, 0, seat, seat)
    if kind == "misere":
        return kind, Position(hands, 0, seat, 7 & ~seat)
    return kind, Position(hands, 0, seat, 7 & ~seat, talon=tuple(c // 13 for c in talon))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--line", action="store_true", help="time the whole principal line")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    solver = Solver()
    warm = random.Random(-1)
    for _ in range(3):
        solver.solve(random_deal(warm)[1])
    rng = random.Random(args.seed)
    times: list[float] = []
    cpu_times: list[float] = []
    nodes: list[int] = []
    by_kind: dict[str, list[float]] = {k: [] for k in KINDS}
    cpu = time.process_time()
    wall = time.perf_counter()
    for _ in range(args.deals):
        kind, pos = random_deal(rng)
        start = time.perf_counter()
        cpu_start = time.process_time()
        if args.line:
            solver.line(pos)
        else:
            nodes.append(solver.solve(pos).nodes)
        took = time.perf_counter() - start
        cpu_times.append(time.process_time() - cpu_start)
        times.append(took)
        by_kind[kind].append(cpu_times[-1])
    share = (time.process_time() - cpu) / max(time.perf_counter() - wall, 1e-9)
    report = {
        "deals": args.deals,
        "what": "line" if args.line else "solve",
        "median_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * percentile(times, 0.95),
        "max_ms": 1000 * max(times),
        "cpu_median_ms": 1000 * statistics.median(cpu_times),
        "cpu_p95_ms": 1000 * percentile(cpu_times, 0.95),
        "cpu_share": share,
        "median_nodes": statistics.median(nodes) if nodes else None,
        "by_kind_cpu_median_ms": {k: 1000 * statistics.median(v) for k, v in by_kind.items() if v},
    }
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{args.deals} deals, {report['what']}: median {report['median_ms']:.1f} ms,"
        f" p95 {report['p95_ms']:.1f} ms, max {report['max_ms']:.1f} ms"
        f" (cpu {100 * share:.0f}% of wall); CPU time: median {report['cpu_median_ms']:.1f} ms,"
        f" p95 {report['cpu_p95_ms']:.1f} ms"
    )
    for k, v in report["by_kind_cpu_median_ms"].items():
        print(f"  {k}: CPU median {v:.1f} ms over {len(by_kind[k])}")


if __name__ == "__main__":
    main()
