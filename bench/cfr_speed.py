"""How fast the CFR core runs: information-set updates per second on Leduc poker.

Usage: ``python bench/cfr_speed.py [--seconds S] [--variant cfr+|dcfr] [--ranks R ...]``.

The timing is ``tricktaker bench``'s (``arena/bench/cfr.py``, which sets CFR+ on
Leduc beside OpenSpiel's C++ CFR+ on ``leduc_poker`` in one run); this script
adds what the bench does not time: discounted CFR, and Leduc with ``--ranks``
ranks (two cards each): 120 ranks is Le Truc's width of 120 hands a player,
where the terminals' products with the deal cost the most. One iteration
updates every information set once; our Leduc has 288 information sets, as it
ignores suits, OpenSpiel's 936, so the line ``as OpenSpiel counts`` multiplies
our iterations by 936. The exploitability is printed to show the work is real.
"""

from __future__ import annotations

import argparse

from tricktaker.arena.bench.cfr import OPENSPIEL_LEDUC_INFOSETS, our_cfr
from tricktaker.solvers.cfr import Variant
from tricktaker.solvers.toy import leduc


def measure(ranks: int, seconds: float, variant: Variant) -> None:
    tree = leduc(ranks)
    counted = OPENSPIEL_LEDUC_INFOSETS if ranks == 3 else 0
    r = our_cfr(tree, seconds, f"leduc{ranks}", f"leduc {ranks}", variant, counted)
    print(
        f"leduc, {ranks} ranks, {variant}: {r.infosets:,} information sets, {tree.n_nodes:,}"
        f" nodes; {r.iterations:,} iterations in {r.seconds:.2f} s ({r.cpu_share:.0%} cpu):"
        f" {r.iterations_per_second:,.1f} it/s, {r.updates_per_second:,.0f} information-set"
        f" updates/s ({r.updates_per_cpu_second:,.0f} per CPU second)"
    )
    if counted:
        print(
            f"  as OpenSpiel counts ({counted} information sets):"
            f" {counted * r.iterations_per_second:,.0f} updates/s"
            f" ({r.compared_updates_per_cpu_second:,.0f} per CPU second)"
        )
    print(f"  exploitability of the average strategy: {r.exploitability:.2e}")


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
