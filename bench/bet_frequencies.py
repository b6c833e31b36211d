"""How often a level bluffs and calls in Truco, by the strength of its hand and by whom it meets.

Issue 23 asks the strong level to bluff and call at calibrated frequencies, not from
fixed thresholds. The ``rules`` bot raises and answers from fixed thresholds on its
chance of the hand, the same against everyone; a level that reads the table should
bluff more against a player who gives up too often and less against one who always
goes on, and call more against one who raises with anything. This plays a level
against each ``--against`` level on the arena's duplicate deals (``play_sets``) and
counts its decisions:

* a **raise chance**: "raise" was legal outside an answer (a truco, or a raise later
  in the hand before a card);
* an **answer**: the level faces a raise and may accept, raise back or refuse.

Each is sorted by the level's chance of the hand at that moment as the ``rules`` bot
estimates it (``rules._Turn.p``: the deal played out from its view without raises):
weak below 0.3 (where ``rules`` bluffs), middling below 0.62, good from 0.62 on (where
``rules`` starts raising for value). A raise from a weak hand is a bluff; going on
(accepting or raising back) with a weak hand is a call light. Rates with Wilson 95%
intervals.

    .venv/bin/python bench/bet_frequencies.py --option players=2 --sets 200 --seed 1 \\
        --levels rules,search --against rules,always-accept,never-fold,two-top-accept,bluff-raise

The search levels (a level counted or an opponent) play at a fixed ``--worlds`` (no
clock), as in ``search_parts.py``. Truco Paulista by default; with Argentino's envido,
an answer to a raise that calls envido counts as not going on.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from tricktaker.arena.ladder import play_sets
from tricktaker.arena.stats import wilson_ci
from tricktaker.bots import Bot, make_bot
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.bots.truco.rules import DEFAULT, _Turn
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.options import parse_option_args, parse_option_texts
from tricktaker.core.protocol import View
from tricktaker.games.truco import TrucoView

#: The bands of the chance of the hand: (name, from), each up to the next.
BANDS = (("weak", 0.0), ("middling", 0.3), ("good", 0.62))
GOES_ON = frozenset({"accept", "raise"})


def band(p: float) -> str:
    return [name for name, low in BANDS if p >= low][-1]


def counted(bot: Bot, tally: Counter[tuple[str, str, bool]]) -> Bot:
    """The same bot object (so a reader still learns), its decisions counted into
    ``tally`` as (kind, band, yes)."""
    inner = bot.act

    def act(
        view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        chosen = inner(view, memory, legal, rng)
        if not isinstance(view, TrucoView):
            return chosen
        verbs = {a.verb for a in legal}
        if view.phase == "answer" and "refuse" in verbs:
            kind, yes = "answer", chosen.verb in GOES_ON
        elif view.phase != "answer" and "raise" in verbs:
            kind, yes = "raise", chosen.verb == "raise"
        else:
            return chosen
        p = _Turn(view, legal, random.Random(0), DEFAULT).p
        tally[(kind, band(p), yes)] += 1
        return chosen

    setattr(bot, "act", act)  # noqa: B010 -- an instance's method, replaced on purpose
    return bot


Job = tuple[tuple[tuple[str, str], ...], str, str, int, int, int, int]


def run_job(job: Job) -> Counter[tuple[str, str, bool]]:
    options, level, against, seed, first, count, worlds = job
    g = get_game("truco")
    opts = g.options(parse_option_texts(g.option_schema(), dict(options)))
    bot, other = make_bot(level, "truco"), make_bot(against, "truco")
    for searching in (bot, other):
        if isinstance(searching, SearchBot):
            searching.budget = Budget(seconds=math.inf, min_worlds=worlds, max_worlds=worlds)
    tally: Counter[tuple[str, str, bool]] = Counter()
    play_sets("truco", opts, counted(bot, tally), other, seed, first, count)
    return tally


def rate(tally: Counter[tuple[str, str, bool]], kind: str, name: str) -> str:
    yes, no = tally[(kind, name, True)], tally[(kind, name, False)]
    if yes + no == 0:
        return "none"
    ci = wilson_ci([1.0] * yes + [0.0] * no)
    return f"{yes / (yes + no):.0%} ({ci.low:.0%}..{ci.high:.0%}) of {yes + no}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--sets", type=int, default=200, help="duplicate sets a pair")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--worlds", type=int, default=16, help="worlds a decision (default 16)")
    p.add_argument("--levels", default="rules,search", help="the levels counted")
    p.add_argument("--against", default="rules,always-accept,two-top-accept,bluff-raise")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--chunk", type=int, default=50, help="sets one bot object plays")
    args = p.parse_args()
    if min(args.sets, args.worlds, args.workers, args.chunk) < 1:
        raise SystemExit("--sets, --worlds, --workers and --chunk count from 1")
    levels, opponents = args.levels.split(","), args.against.split(",")
    try:
        options = tuple(sorted(parse_option_args(args.option).items()))
        g = get_game("truco")
        g.options(parse_option_texts(g.option_schema(), dict(options)))
        for level in (*levels, *opponents):
            make_bot(level, "truco")
    except TricktakerError as exc:
        raise SystemExit(str(exc)) from exc
    print(
        "| level | against | bluffs (raises, weak) | raises, middling | raises, good |"
        " calls light (goes on, weak) | goes on, middling | goes on, good |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    with ProcessPoolExecutor(args.workers) as pool:
        for level in levels:
            for against in opponents:
                jobs: list[Job] = [
                    (
                        options,
                        level,
                        against,
                        args.seed,
                        first,
                        min(args.chunk, args.sets - first),
                        args.worlds,
                    )
                    for first in range(0, args.sets, args.chunk)
                ]
                tally: Counter[tuple[str, str, bool]] = Counter()
                for part in pool.map(run_job, jobs):
                    tally.update(part)
                cells = [
                    rate(tally, kind, name) for kind in ("raise", "answer") for name, _ in BANDS
                ]
                print(f"| {level} | {against} | {' | '.join(cells)} |", flush=True)


if __name__ == "__main__":
    main()
