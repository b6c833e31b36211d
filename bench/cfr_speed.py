"""How fast the CFR core runs: information-set updates per second on Leduc poker.

Usage: ``python bench/cfr_speed.py [--seconds S] [--variant cfr+|dcfr] [--ranks R ...]``.

One iteration updates every information set once (player 0's half, then
player 1's), so the rate is information sets times iterations per second.
Our Leduc has 288 information sets, as it ignores suits; OpenSpiel's
``leduc_poker`` has 936, so the line ``as OpenSpiel counts`` multiplies our
iterations by 936 for a figure to set beside OpenSpiel's CFR+ on the same game
(the game and its equilibrium are the same; only the bookkeeping differs).
``--ranks`` adds Leduc with that many ranks (two cards each): 120 ranks is
Le Truc's width of 120 hands a player, where the terminals' products with the
deal cost the most. The exploitability is printed to show the work is real.
"""

from __future__ import annotations

import argparse
import time

from tricktaker.solvers.cfr import CFRSolver, Variant, exploitability
from tricktaker.solvers.toy import leduc

OPENSPIEL_LEDUC_INFOSETS = 936


def measure(ranks: int, seconds: float, variant: Variant) -> None:
    tree = leduc(ranks)
    infosets = tree.n_infosets()
    solver = CFRSolver(tree, variant)
    solver.run(2)  # compiles the kernels (or loads them from numba's cache)
    start = time.perf_counter()
    cpu = time.process_time()
    batch = 1
    while (now := time.perf_counter()) - start < seconds:
        solver.run(batch)
        if time.perf_counter() - now < seconds / 20:
            batch *= 2  # longer batches, as long as they overshoot the time by little
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu
    its = solver.iterations - 2
    print(
        f"leduc, {ranks} ranks, {variant}: {infosets:,} information sets, {tree.n_nodes:,} nodes; "
        f"{its:,} iterations in {wall:.2f} s ({cpu / wall:.0%} cpu): {its / wall:,.1f} it/s, "
        f"{infosets * its / wall:,.0f} information-set updates/s"
    )
    if ranks == 3:
        rate = OPENSPIEL_LEDUC_INFOSETS * its / wall
        print(f"  as OpenSpiel counts (936 information sets): {rate:,.0f} updates/s")
    gap = exploitability(tree, solver.average_strategy())
    print(f"  exploitability of the average strategy: {gap:.2e}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variant", choices=["cfr+", "dcfr"], default="cfr+")
    parser.add_argument("--ranks", type=int, nargs="*", default=[3])
    args = parser.parse_args()
    for ranks in args.ranks:
        measure(ranks, args.seconds, args.variant)


if __name__ == "__main__":
    main()
