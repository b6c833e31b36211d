"""Learn four-player Le Truc's captain bets from play (``bots/truc/learnt.py``'s table).

``TEAM`` reading bets (``learnt.POLICY``) holds one side, ``rules`` the other, on the
arena's duplicate deals (both mirrors) at ``--seed``. At each captain decision of the
learning side where a double may be proposed (and the policy would double or keep
silent), or a double must be answered, the deal is played out ``--rollouts`` times
from the true state after each choice, every seat by its own policy, the same random
numbers for both choices; the difference (double minus silent, accept minus refuse)
in the side's points of the deal is added to the decision's cell (``learnt.cell``).
Then play goes on with the policy's own choice, so the cells are reached as that
policy reaches them. Out of the seeds the levels are measured at (1 to 4):

    .venv/bin/python bench/learn_bets.py --sets 20000 --seed 101 --write

``--write`` writes the table beside ``learnt.py`` (``learnt_bets.json``); without it the
cells are printed only.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from pathlib import Path

from tricktaker.arena.duplicate import set_up, start_state
from tricktaker.bots.base import Bot
from tricktaker.bots.search import deal_gain
from tricktaker.bots.truc import learnt
from tricktaker.bots.truc.rules import RulesBot, _Turn
from tricktaker.core.actions import Action
from tricktaker.core.protocol import State
from tricktaker.core.registry import get_game
from tricktaker.games.truc.views import TrucView

GAME = "truc"
OPTIONS = {"players": 4}
#: Per cell: decisions, sum of differences, sum of squared differences.
Sums = dict[str, list[float]]


def _play_out(world: State, bots: Sequence[Bot], seed: str) -> None:
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(len(bots))]
    while not world.finished_deals():
        seat = world.to_act
        if seat is None:
            return
        world.apply(
            bots[seat].act(
                world.view(seat), world.events(0, seat), world.legal_actions(), rngs[seat]
            )
        )


def _choices(turn: _Turn, chosen: Action) -> tuple[str, Action, Action] | None:
    """The decision's kind and its two choices (double or accept first), or None where
    the captain's choice is not a bet the table learns."""
    view = turn.view
    if view.phase == "call":
        return "R", turn.by_verb["redeal"], turn.by_verb["pass"]
    if view.phase == "redeal_answer":
        return "D", turn.by_verb["accept"], turn.by_verb["refuse"]
    if view.phase == "answer":
        if view.pending != "double":
            return None
        return "A", turn.by_verb["accept"], turn.by_verb["refuse"]
    double = turn.by_verb.get("double")
    if double is None or chosen.verb not in ("double", "pass", "play"):
        return None
    if chosen.verb != "double":
        return "P", double, chosen
    silent = turn.by_verb.get("pass") if view.phase == "window" else turn.card()
    return None if silent is None else ("P", double, silent)


def collect(job: tuple[int, int, int, int, str | None]) -> Sums:
    """The cells' sums over sets ``first`` .. ``first + count - 1`` of ``seed``, the
    learning side playing the table in ``start`` (a file; None: ``POLICY`` alone)."""
    seed, first, count, rollouts, start = job
    game = get_game(GAME)
    opts = game.options(OPTIONS)
    sides = game.new_match(opts, seed=0).sides
    table = {} if start is None else learnt.read_table(Path(start).read_text(encoding="utf-8"))
    mine = learnt.LearntBot(learnt.POLICY, table=table)
    theirs = RulesBot()
    sums: Sums = defaultdict(lambda: [0.0, 0.0, 0.0])
    for index in range(first, first + count):
        setup = set_up(GAME, opts, seed, index, len(sides))
        for mirror in (0, 1):
            bots: list[Bot] = [mine if sides[s] == mirror else theirs for s in range(len(sides))]
            state = start_state(GAME, opts, setup)
            rngs = [random.Random(f"learn/{seed}/{index}/{mirror}/{s}") for s in range(len(sides))]
            step = 0
            while not state.finished_deals():
                seat = state.to_act
                if seat is None:
                    break
                view = state.view(seat)
                memory = state.events(0, seat)
                legal = state.legal_actions()
                if (
                    bots[seat] is mine
                    and isinstance(view, TrucView)
                    and view.captains[seat & 1] == seat
                ):
                    turn = learnt._LearntTurn(view, memory, legal, rngs[seat], learnt.POLICY)
                    turn.learnt = table
                    action = turn.decide()
                    found = _choices(turn, action)
                    if found is not None:
                        kind, yes, no = found
                        diff = 0.0
                        for r in range(rollouts):
                            values = []
                            for choice in (yes, no):
                                world = state.clone(stop_after_deal=True)
                                world.apply(choice)
                                _play_out(world, bots, f"learn/{seed}/{index}/{mirror}/{step}/{r}")
                                values.append(deal_gain(world, 0, seat & 1))
                            diff += values[0] - values[1]
                        diff /= rollouts
                        s = sums[learnt.cell(turn, kind)]
                        s[0] += 1
                        s[1] += diff
                        s[2] += diff * diff
                else:
                    action = bots[seat].act(view, memory, legal, rngs[seat])
                state.apply(action)
                step += 1
    return dict(sums)


def table(sums: Sums) -> dict[str, list[float]]:
    """``{cell: [n, mean, se]}`` from the sums."""
    out: dict[str, list[float]] = {}
    for key in sorted(sums):
        n, s, ss = sums[key]
        mean = s / n
        var = max(0.0, ss / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        out[key] = [int(n), round(mean, 4), round(math.sqrt(var / n), 4)]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--sets", type=int, default=20000)
    p.add_argument("--seed", type=int, default=101)
    p.add_argument("--rollouts", type=int, default=4)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--chunk", type=int, default=200)
    p.add_argument("--start", help="the table the learning side plays (a file; default none)")
    p.add_argument("--write", action="store_true")
    args = p.parse_args(argv)
    if min(args.sets, args.rollouts, args.workers, args.chunk) < 1:
        raise SystemExit("--sets, --rollouts, --workers and --chunk count from 1")
    jobs = [
        (args.seed, first, min(args.chunk, args.sets - first), args.rollouts, args.start)
        for first in range(0, args.sets, args.chunk)
    ]
    total: Sums = defaultdict(lambda: [0.0, 0.0, 0.0])
    with ProcessPoolExecutor(args.workers) as pool:
        for part in pool.map(collect, jobs):
            for key, (n, s, ss) in part.items():
                t = total[key]
                t[0] += n
                t[1] += s
                t[2] += ss
    cells = table(total)
    for key, (n, mean, se) in cells.items():
        verdict = learnt.Measured(int(n), mean, se).verdict()
        mark = "" if verdict is None else ("  double/accept" if verdict else "  silent/refuse")
        print(f"{key:12} n={int(n):6} {mean:+.3f} ± {se:.3f}{mark}")
    if args.write:
        path = resources.files(learnt.__package__).joinpath(learnt.TABLE_FILE)
        text = json.dumps(cells, indent=0, sort_keys=True) + "\n"
        with open(str(path), "w", encoding="utf-8") as f:
            f.write(text)
        print(f"written: {path}")


if __name__ == "__main__":
    main()
