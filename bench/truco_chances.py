"""The spread of the Truco ``rules`` bot's chance of the hand where it may raise and where
it answers a raise: the table of ``bots/truco/balance.py`` (``CHANCES``).

Plays ``rules-balanced`` (the level that reads the table; ``--level``) against itself
on the arena's deals of seed 1000 (not the seeds the arena measures with) and records
the bot's chance of the hand (:func:`model.estimate`; 1 for a sure hand) at every
turn in play where a raise is legal ("raise") and at every answer to a raise
("answer"), keyed by variant, number of players, the tricks so far (relative: 0 won,
1 lost, 2 tied) and the cards on the table in this trick (-1: any). The card play is
``rules``' whatever the betting; the betting decides which deals reach which trick.
Prints the quantiles in steps of 10% per key, as Python for ``CHANCES``; keys with
fewer than ``--least`` chances are left out (the bot then takes a wider key).

    nice -n 10 .venv/bin/python bench/truco_chances.py --deals 3000
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from typing import Any

from tricktaker.arena.duplicate import play_deal, set_up, start_state
from tricktaker.bots import make_bot
from tricktaker.bots.truco import rules as truco_rules
from tricktaker.core import get_game

STEPS = 10


def measure(variant: str, players: int, deals: int, least: int, level: str) -> list[str]:
    g = get_game("truco")
    opts = g.options({"players": players, "variant": variant})
    seen: dict[tuple[str, tuple[int, ...], int], list[float]] = defaultdict(list)
    cls: Any = truco_rules._Turn
    originals = {name: getattr(cls, name) for name in ("want_raise", "answer")}

    def record(kind: str) -> Any:
        def wrapped(self: Any) -> Any:
            if not self.blind:
                p = 1.0 if self.sure else float(self.p)
                seen[(kind, self.tricks, len(self.table))].append(p)
                seen[(kind, self.tricks, -1)].append(p)
            return originals["want_raise" if kind == "raise" else "answer"](self)

        return wrapped

    cls.want_raise, cls.answer = record("raise"), record("answer")
    try:
        for index in range(deals):
            setup = set_up("truco", opts, 1000, index, players)
            state = start_state("truco", opts, setup)
            bots = [make_bot(level, "truco") for _ in range(players)]
            rngs = [random.Random(f"chances/{index}/{s}") for s in range(players)]
            play_deal(state, bots, rngs)
    finally:
        for name, method in originals.items():
            setattr(cls, name, method)
    lines = []
    for kind, tricks, table in sorted(seen, key=lambda t: (t[0], len(t[1]), t[1], t[2])):
        ps = sorted(seen[(kind, tricks, table)])
        if len(ps) < least:
            continue
        qs = [ps[round(i * (len(ps) - 1) / STEPS)] for i in range(STEPS + 1)]
        key = (variant, players, kind, tricks, table)
        lines.append(f"    {key!r}: ({', '.join(f'{q:.2f}' for q in qs)}),  # {len(ps)}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--least", type=int, default=150)
    parser.add_argument("--variants", default="paulista,mineiro")
    parser.add_argument("--level", default="rules-balanced")
    args = parser.parse_args()
    for variant in args.variants.split(","):
        for players in (2, 4, 6):
            for line in measure(variant, players, args.deals, args.least, args.level):
                print(line, flush=True)


if __name__ == "__main__":
    main()
