"""How long the Preferans ``search`` level (or ``deep``) takes per decision, in self-play.

Usage: ``python bench/preferans_search_latency.py [--deals N] [--level search|deep]``.

Three bots of the level play N deals (Sochi, seeds 100, 101, ...), each to its
end. Every decision with more than one legal action is timed, wall and CPU,
after a warm-up that compiles the open-hand solver (or loads it from numba's
cache), and the median, 95th percentile and maximum are printed, overall and
by phase. On a busy machine the wall figures grow with the load; the CPU
figures stay near an idle core's.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from tricktaker.bots.registry import make_bot
from tricktaker.core.registry import get_game
from tricktaker.games.preferans.rules import PHASE_NAMES, PreferansRules
from tricktaker.solvers.preferans.position import Position, Solver


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def line(name: str, values: list[float]) -> str:
    return (
        f"{name}: n={len(values)} median {percentile(values, 0.5):.3f} s,"
        f" p95 {percentile(values, 0.95):.3f} s, max {max(values):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--level", default="search")
    args = parser.parse_args()
    game = get_game("preferans")
    bots = [make_bot(args.level, "preferans") for _ in range(3)]
    warm = Position((1 << 5 | 1 << 6, 1 << 18 | 1 << 19, 1 << 31 | 1 << 32), 0, 1, 1)
    Solver().line(warm)
    Solver().solve(warm)
    walls: list[float] = []
    cpus: list[float] = []
    by_phase: dict[str, list[float]] = defaultdict(list)
    for d in range(args.deals):
        state = game.new_match(game.options({}), seed=100 + d).clone(stop_after_deal=True)
        assert isinstance(state, PreferansRules)
        rng = random.Random(d)
        while (seat := state.to_act) is not None:
            legal = state.legal_actions()
            phase = PHASE_NAMES[state.phase]
            wall, cpu = time.perf_counter(), time.process_time()
            action = bots[seat].act(state.view(seat), state.events(0, seat), legal, rng)
            if len(legal) > 1:
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                by_phase[phase].append(walls[-1])
            state.apply(action)
        print(f"deal {d}: {state.finished_deals()[-1].details.get('contract')}", flush=True)
    print(line("all decisions, wall", walls))
    print(line("all decisions, CPU", cpus))
    for phase, values in by_phase.items():
        print("  " + line(f"{phase}, wall", values))


if __name__ == "__main__":
    main()
