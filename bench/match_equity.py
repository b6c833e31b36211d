"""Regenerate the match-equity tables of ``bots/equity.py`` (``bots/equity_data.py``).

The model. A game to ``T`` points is a Markov chain over (my score, their score,
whether my side plays first in the next deal); one deal moves it to the score
after the deal, and the side that plays first alternates (the deal passes on
by one seat, and sides alternate around the table). The distribution of the
score after a deal is measured, not assumed: ``rules`` plays ``rules`` from
scores below ``T`` and both dealers' sides through the engine, so that a hand of
eleven (Mineiro: of ten), the iron hand, Le Truc's caps on doubling and its
rests are played as the rules and the bot play them at that score. Scores
where the rules and the bot play a deal the same (both sides far enough from
the end, ``POOL_FROM``) are pooled into one class, so their points come from
many deals; nearer the end each need is its own class, and every score of a
hand of eleven or the iron hand its own. Each class gets ``--deals`` deals per
dealer's side (scaled per table, ``SCALE``), and each deal counts for both
sides (mirrored). Then
``W(a, b, mano)`` = the chance of reaching ``T`` first is solved by value
iteration, and written as ``TABLES`` (rounded to 4 digits).

The ``rules`` bot's hand-of-eleven decision reads the tables it regenerates
(``bots/truco/rules.py``), so from scratch run this twice: the first run's
eleven decisions fall back to points.

    nice -n 10 .venv/bin/python bench/match_equity.py            # every table
    nice -n 10 .venv/bin/python bench/match_equity.py --only truco/paulista/2 --deals 100
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

from tricktaker.bots import Bot, make_bot
from tricktaker.bots.equity import table_key
from tricktaker.core import get_game
from tricktaker.core.start import Start

OUT = Path(__file__).resolve().parent.parent / "src" / "tricktaker" / "bots" / "equity_data.py"
#: (game, options) of every table.
SPECS: tuple[tuple[str, dict[str, object]], ...] = (
    ("truco", {"variant": "paulista", "players": 2}),
    ("truco", {"variant": "mineiro", "players": 2}),
    ("truc", {"players": 2}),
    ("truco", {"variant": "paulista", "players": 4}),
    ("truco", {"variant": "mineiro", "players": 4}),
    ("truco", {"variant": "paulista", "players": 6}),
    ("truco", {"variant": "mineiro", "players": 6}),
    ("truc", {"players": 4}),
)
#: Deals per class as a share of ``--deals``, by players: the slower deals get fewer
#: (Le Truc's four a fifth).
SCALE = {2: 1.0, 4: 1 / 3, 6: 1 / 3}
SCALE_TRUC4 = 1 / 5
#: A hand of eleven's (ten's) and the iron hand's classes, one score each, get this many
#: times the deals: the chance at 11:b moves little with b, and the decision to play
#: or run turns on those small differences.
EXACT_SCALE = 3
Key = tuple[int, int, int]  # my score, theirs, whether my side plays first
#: From how many points needed on, the ``rules`` bots play a deal the same (pooled):
#: Le Truc's stakes (1, 2, 4, 8; a double only while it cannot carry a score past 12,
#: a rest only above the stake) and its bot's sums of capped points are the same for
#: every need of 9 or more; Truco's for 6 or more but for the raises to 9 and 12
#: (rare), whose points the bot caps at the need. A hand of eleven (ten) and the iron
#: hand are never pooled: each score there is its own class.
POOL_FROM = {"truco": 6, "truc": 9}
#: The score from which a side plays a hand of eleven (Mineiro: ten).
ELEVEN_AT = {"paulista": 11, "mineiro": 10}


def score_class(
    game_id: str, opts: dict[str, object], target: int, a: int, b: int
) -> tuple[int, int]:
    """The class of a score ``a``:``b`` whose deals are pooled: the points each side needs,
    capped at ``POOL_FROM``; a hand of eleven (ten) or iron hand is its own class."""
    at = ELEVEN_AT.get(str(opts.get("variant")), target) if game_id == "truco" else target
    if a >= at or b >= at:
        return (-a - 1, -b - 1)  # exact: never pooled
    cap = POOL_FROM[game_id]
    return (min(target - a, cap), min(target - b, cap))


def measure(
    game_id: str, opts: dict[str, object], deals: int, seed: int
) -> tuple[int, dict[Key, Counter[tuple[int, int]]]]:
    """What a deal gives each side (points to mine, to theirs) per class of score and lead,
    over ``deals`` deals per class and dealer's side (the class's scores in turn, both
    sides of each deal counted): the target and, per score and lead, the counts."""
    game = get_game(game_id)
    options = game.options(opts)
    n = int(opts["players"])  # type: ignore[call-overload]
    target = int(game.new_match(options, seed=0).game_points)  # type: ignore[attr-defined]
    bots: list[Bot] = [make_bot("rules", game_id) for _ in range(n)]
    members: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a in range(target):
        for b in range(target):
            members.setdefault(score_class(game_id, opts, target, a, b), []).append((a, b))
    by_class: dict[tuple[tuple[int, int], int], Counter[tuple[int, int]]] = {}
    for cls, scores in members.items():
        for dealer in (0, 1):
            for k in range(deals * (EXACT_SCALE if cls[0] < 0 else 1)):
                a, b = scores[k % len(scores)]
                tag = f"equity/{seed}/{a}/{b}/{dealer}/{k}"
                state = game.new_match(
                    options, seed=tag, dealer=dealer, start=Start({"score": (a, b)})
                )
                rng = random.Random(tag)
                while not state.finished_deals():
                    seat = state.to_act
                    assert seat is not None
                    act = bots[seat].act(
                        state.view(seat), state.events(0, seat), state.legal_actions(), rng
                    )
                    state.apply(act)
                after = state.finished_deals()[0].details["score"]
                gain = (after[0] - a, after[1] - b)
                first = ((dealer + 1) % n) & 1  # the side that played first
                by_class.setdefault((cls, int(first == 0)), Counter())[gain] += 1
                mirror = score_class(game_id, opts, target, b, a)
                by_class.setdefault((mirror, int(first == 1)), Counter())[(gain[1], gain[0])] += 1
    counts: dict[Key, Counter[tuple[int, int]]] = {}
    for a in range(target):
        for b in range(target):
            cls = score_class(game_id, opts, target, a, b)
            for mano in (0, 1):
                counts[(a, b, mano)] = Counter(
                    {(a + x, b + y): c for (x, y), c in by_class[(cls, mano)].items()}
                )
    return target, counts


def solve(target: int, counts: dict[Key, Counter[tuple[int, int]]]) -> list[float]:
    """``W`` by value iteration (draws leave the score and pass the lead: a loop)."""
    w = [0.5] * (target * target * 2)

    def value(a: int, b: int, mano: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return w[(a * target + b) * 2 + mano]

    for _ in range(2000):
        change = 0.0
        for a in range(target - 1, -1, -1):
            for b in range(target - 1, -1, -1):
                for mano in (0, 1):
                    seen = counts[(a, b, mano)]
                    total = sum(seen.values())
                    new = sum(c * value(x, y, 1 - mano) for (x, y), c in seen.items()) / total
                    i = (a * target + b) * 2 + mano
                    change = max(change, abs(new - w[i]))
                    w[i] = new
        if change < 1e-9:
            break
    return w


def render(tables: dict[str, tuple[int, list[float]]], note: str) -> str:
    """The data module: each table's chances in ten-thousandths, 12 to a line (a short
    module that ruff formats as it is)."""
    lines = [
        '"""Match-equity tables for ``bots/equity.py``: GENERATED by ``bench/match_equity.py``.',
        "",
        *textwrap.wrap(note, 88),
        "",
        "``TABLES[key] = (target, W)`` with ``W[(a * target + b) * 2 + mano]`` the chance",
        "that a side on ``a`` wins the game against one on ``b`` (``mano``: it plays first",
        "in the next deal), written in ten-thousandths. Do not edit by hand: rerun the",
        'script."""',
        "",
        "_RAW: dict[str, tuple[int, str]] = {",
    ]
    for key, (target, w) in tables.items():
        lines.append(f'    "{key}": (')
        lines.append(f"        {target},")
        cells = [f"{round(x * 10000):d}" for x in w]
        for i in range(0, len(cells), 12):
            end = " " if i + 12 < len(cells) else ""
            lines.append(f'        "{" ".join(cells[i : i + 12])}{end}"')
        lines[-1] += ","
        lines.append("    ),")
    lines += [
        "}",
        "",
        "TABLES: dict[str, tuple[int, tuple[float, ...]]] = {",
        "    key: (target, tuple(int(x) / 10000 for x in cells.split()))",
        "    for key, (target, cells) in _RAW.items()",
        "}",
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals per class and dealer")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", default=[], help="a table key, repeatable")
    args = parser.parse_args()
    tables: dict[str, tuple[int, list[float]]] = {}
    try:
        from tricktaker.bots.equity_data import TABLES

        tables = {k: (t, list(w)) for k, (t, w) in TABLES.items()}
    except ImportError:
        pass
    for game_id, opts in SPECS:
        key = table_key(game_id, opts, int(opts["players"]))  # type: ignore[call-overload]
        assert key is not None
        if args.only and key not in args.only:
            continue
        players = int(opts["players"])  # type: ignore[call-overload]
        scale = SCALE_TRUC4 if (game_id, players) == ("truc", 4) else SCALE[players]
        deals = max(1, round(args.deals * scale))
        start = time.process_time()
        target, counts = measure(game_id, opts, deals, args.seed)
        tables[key] = (target, solve(target, counts))
        w = tables[key][1]
        at = {s: w[(s[0] * target + s[1]) * 2 + s[2]] for s in ((0, 0, 0), (0, 0, 1))}
        print(
            f"{key}: {deals} deals per class and dealer, {time.process_time() - start:.0f} s;"
            f" W(0:0) {at[(0, 0, 0)]:.3f} / {at[(0, 0, 1)]:.3f} (second / first to play)",
            file=sys.stderr,
        )
    note = (
        f"Made with ``--deals {args.deals} --seed {args.seed}`` (per class of score and dealer;"
        " 4 and 6 players a third, Le Truc's four a fifth; hands of eleven three times),"
        " the ``rules`` bot's hands of eleven reading the tables it replaced."
    )
    OUT.write_text(render(tables, note))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
