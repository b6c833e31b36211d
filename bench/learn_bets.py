"""Learn a team's bets from play: four-player Le Truc's captain bets
(``bots/truc/learnt.py``) and team Truco's raises and answers (``bots/truco/learnt.py``).

The learning policy (the game's ``learnt.POLICY``, playing the table in ``--start``
where given) holds one side, ``rules`` the other, on the arena's duplicate deals (both
mirrors) at ``--seed``. At each decision of the learning side that the game's
``learnt.choices`` names (Le Truc: a captain's double or silence, answer to a double,
call for cards and the dealer's answer to it; Truco: a raise or a card instead, an
accept or refusal of a raise), the deal is played out ``--rollouts`` times from the
true state after each of the two choices, every seat by its own policy, the same random
numbers for both; the difference in the side's points of the deal is added to the
decision's cell (``learnt.cell``). Then play goes on with the policy's own choice, so
the cells are reached as that policy reaches them; a second round started from the
first round's table (``--start``) learns against the play it will have. Out of the
seeds the levels are measured at (1 to 4):

    .venv/bin/python bench/learn_bets.py truc --sets 20000 --seed 101 --out /tmp/v1.json
    .venv/bin/python bench/learn_bets.py truc --sets 30000 --seed 102 --start /tmp/v1.json --write
    .venv/bin/python bench/learn_bets.py truco --option players=6 --sets 20000 --seed 101 --write

``--check`` learns nothing: it measures the policy alone (or the ``--against`` table) and
with the table (``--start``, else the shipped one) against ``rules`` on ``--sets`` sets at
``--seed``, set by set:

    .venv/bin/python bench/learn_bets.py truc --check --sets 20000 --seed 2

``--against FILE`` makes another table the baseline, set by set (a round against the
one it would replace):

    .venv/bin/python bench/learn_bets.py truc --check --sets 20000 --seed 2 --start B --against A

``--pool FILE`` (repeatable) adds an earlier round's table to the cells learnt, as
if its decisions had been made in this run; with ``--sets 0`` nothing is learnt and
the tables are only pooled (the shipped tables: a third round pooled with the second):

    .venv/bin/python bench/learn_bets.py truc --sets 0 --pool R2.json --pool R3.json --write

``--write`` writes the table beside the game's ``learnt.py`` (``learnt_bets.json``;
Truco's per number of players, ``learnt_bets_6.json``), ``--out FILE`` anywhere; the
cells are printed either way.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any

from tricktaker.arena.duplicate import set_up, start_state
from tricktaker.arena.ladder import play_sets
from tricktaker.arena.stats import Interval, mean_ci
from tricktaker.bots import make_bot
from tricktaker.bots.base import Bot
from tricktaker.bots.learnt import Measured, read_table
from tricktaker.bots.search import deal_gain
from tricktaker.core.protocol import State
from tricktaker.core.registry import get_game

#: The games that learn, and the ``players`` option they learn at by default.
GAMES = {"truc": 4, "truco": 6}
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


Job = tuple[str, int, int, int, int, int, str | None]


def _module(game: str) -> Any:
    return importlib.import_module(f"tricktaker.bots.{game}.learnt")


def collect(job: Job) -> Sums:
    """The cells' sums over sets ``first`` .. ``first + count - 1`` of ``seed`` at this many
    ``players``, the learning side playing the table in ``start`` (a file; None: the
    policy alone)."""
    name, players, seed, first, count, rollouts, start = job
    learnt = _module(name)
    game = get_game(name)
    opts = game.options({"players": players})
    sides = game.new_match(opts, seed=0).sides
    table = {} if start is None else read_table(Path(start).read_text(encoding="utf-8"))
    mine = learnt.LearntBot(learnt.POLICY, table=table)
    theirs = make_bot("rules", name)
    sums: Sums = defaultdict(lambda: [0.0, 0.0, 0.0])
    for index in range(first, first + count):
        setup = set_up(name, opts, seed, index, len(sides))
        for mirror in (0, 1):
            bots: list[Bot] = [mine if sides[s] == mirror else theirs for s in range(len(sides))]
            state = start_state(name, opts, setup)
            rngs = [random.Random(f"learn/{seed}/{index}/{mirror}/{s}") for s in range(len(sides))]
            step = 0
            while not state.finished_deals():
                seat = state.to_act
                if seat is None:
                    break
                view = state.view(seat)
                memory = state.events(0, seat)
                legal = state.legal_actions()
                if bots[seat] is mine and learnt.bets(view):
                    turn = learnt.learnt_turn(view, memory, legal, rngs[seat], table)
                    action = turn.decide()
                    found = learnt.choices(turn, action)
                    if found is not None:
                        kind, yes, no = found
                        diff = 0.0
                        for r in range(rollouts):
                            values = []
                            for choice in (yes, no):
                                world = state.clone(stop_after_deal=True)
                                world.apply(choice)
                                _play_out(world, bots, f"learn/{seed}/{index}/{mirror}/{step}/{r}")
                                values.append(deal_gain(world, 0, sides[seat]))
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


#: Game, players, the table (a file; ``""``: none, the policy alone; None: the shipped
#: one), seed, first set, sets.
CheckJob = tuple[str, int, str | None, int, int, int]


def check_job(job: CheckJob) -> list[float]:
    """Each set's points per deal of the learning policy with the job's table over
    ``rules``."""
    name, players, start, seed, first, count = job
    learnt = _module(name)
    game = get_game(name)
    opts = game.options({"players": players})
    if start is None:
        table: Any = None  # the shipped table
    elif start == "":
        table = {}
    else:
        table = read_table(Path(start).read_text(encoding="utf-8"))
    mine = learnt.LearntBot(learnt.POLICY, table=table)
    sets = play_sets(name, opts, mine, make_bot("rules", name), seed, first, count)
    return [s.points for s in sets]


def check(pool: ProcessPoolExecutor, name: str, players: int, args: argparse.Namespace) -> None:
    """The table and a baseline against ``rules``, and their difference set by set on the
    same deals. The baseline is the policy alone, or another table (``--against``): two
    rounds' tables compared on the same cards, which separate runs give no interval for."""
    base = "policy" if args.against is None else "against"
    results = {}
    for which, start in ((base, args.against or ""), ("table", args.start)):
        jobs: list[CheckJob] = [
            (name, players, start, args.seed, first, min(250, args.sets - first))
            for first in range(0, args.sets, 250)
        ]
        results[which] = [v for part in pool.map(check_job, jobs) for v in part]
        print(f"{which} vs rules: {_text(mean_ci(results[which]))}", flush=True)
    diff = [a - b for a, b in zip(results["table"], results[base], strict=True)]
    print(f"table minus {base}: {_text(mean_ci(diff))}")


def _text(ci: Interval) -> str:
    return f"{ci.mean:+.3f} ({ci.low:+.3f} .. {ci.high:+.3f})"


def table(sums: Sums) -> dict[str, list[float]]:
    """``{cell: [n, mean, se]}`` from the sums."""
    out: dict[str, list[float]] = {}
    for key in sorted(sums):
        n, s, ss = sums[key]
        mean = s / n
        var = max(0.0, ss / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        out[key] = [int(n), round(mean, 4), round(math.sqrt(var / n), 4)]
    return out


def sums_of(cells: Mapping[str, Measured]) -> Sums:
    """The sums a table's cells were made of (``table``'s inverse, up to its rounding), so
    that an earlier round's decisions count beside the ones learnt now (``--pool``): where
    the rounds' policies differ only in a few cells, the same cells are measured again
    against almost the same play, and their counts add."""
    out: Sums = {}
    for key, m in cells.items():
        if m.n < 1:
            continue
        var = m.se * m.se * m.n
        out[key] = [float(m.n), m.n * m.mean, var * (m.n - 1) + m.n * m.mean * m.mean]
    return out


def _add(total: Sums, part: Sums) -> None:
    """Add ``part``'s sums into ``total``, cell by cell."""
    for key, (n, s, ss) in part.items():
        t = total[key]
        t[0] += n
        t[1] += s
        t[2] += ss


def _table_file(flag: str, path: str) -> dict[str, Measured]:
    """The table in ``path``, or a clear exit naming the flag that gave it."""
    try:
        return read_table(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError) as exc:
        raise SystemExit(f"{flag}: {exc}") from exc


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--option", action="append", default=[], metavar="players=N")
    p.add_argument("--sets", type=int, default=20000)
    p.add_argument("--seed", type=int, default=101)
    p.add_argument("--rollouts", type=int, default=4)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--chunk", type=int, default=200)
    p.add_argument("--start", help="the table the learning side plays (a file; default none)")
    p.add_argument("--write", action="store_true")
    p.add_argument("--out", help="also write the table to this file")
    p.add_argument(
        "--pool",
        action="append",
        default=[],
        metavar="FILE",
        help="add this table's cells (an earlier round's) to the ones learnt; with --sets 0, "
        "learn nothing and pool the tables only",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="learn nothing: measure the policy alone (or the --against table) and with the "
        "table (--start, else the shipped one) against rules over --sets sets at --seed",
    )
    p.add_argument(
        "--against",
        metavar="FILE",
        help="with --check: the baseline is this table, not the policy alone",
    )
    args = p.parse_args(argv)
    if min(args.sets + bool(args.pool), args.rollouts, args.workers, args.chunk) < 1:
        raise SystemExit("--sets (but for --pool), --rollouts, --workers and --chunk count from 1")
    players = GAMES[args.game]
    for text in args.option:
        key, _, value = text.partition("=")
        if key != "players" or value not in ("2", "4", "6"):
            raise SystemExit("--option: players=2, 4 or 6 only")
        players = int(value)
    if args.game == "truc" and players != 4:
        raise SystemExit("Le Truc learns its captains' bets: four players only")
    if args.game == "truco" and players == 2:
        raise SystemExit("Truco learns its team bets: four or six players")
    if args.against is not None and not args.check:
        raise SystemExit("--against is the baseline of --check")
    for flag, path in (("--start", args.start), ("--against", args.against)):
        if path is not None:
            _table_file(flag, path)
    pooled = [_table_file("--pool", path) for path in args.pool]
    if args.check and args.pool:
        raise SystemExit("--check plays the tables given (--start, --against); --pool learns")
    if args.sets == 0 and args.start is not None:
        raise SystemExit("--start is the table played while learning; --sets 0 learns nothing")
    if args.check:
        with ProcessPoolExecutor(args.workers) as pool:
            check(pool, args.game, players, args)
        return
    jobs: list[Job] = [
        (
            args.game,
            players,
            args.seed,
            first,
            min(args.chunk, args.sets - first),
            args.rollouts,
            args.start,
        )
        for first in range(0, args.sets, args.chunk)
    ]
    total: Sums = defaultdict(lambda: [0.0, 0.0, 0.0])
    for earlier in pooled:
        _add(total, sums_of(earlier))
    with ProcessPoolExecutor(args.workers) as pool:
        for part in pool.map(collect, jobs):
            _add(total, part)
    cells = table(total)
    for key, (n, mean, se) in cells.items():
        verdict = Measured(int(n), mean, se).verdict()
        mark = "" if verdict is None else ("  bet/accept" if verdict else "  silent/refuse")
        print(f"{key:12} n={int(n):6} {mean:+.3f} ± {se:.3f}{mark}")
    text = json.dumps(cells, indent=0, sort_keys=True) + "\n"
    learnt = _module(args.game)
    paths = [args.out] if args.out else []
    if args.write:
        shipped = resources.files(learnt.__package__).joinpath(
            learnt.TABLE_FILE.format(players=players)
        )
        paths.append(str(shipped))
    for path in paths:
        Path(path).write_text(text, encoding="utf-8")
        print(f"written: {path}")


if __name__ == "__main__":
    main()
