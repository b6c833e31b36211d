"""Whole matches in duplicate: does planning for the match score win more matches?

``tricktaker arena`` plays single deals and counts points, which is what a bot
that plays for the match does *not* maximise. This plays whole matches (to the
game's total, or from a late score with ``--late``) between two bots, in
duplicate: each seed's match is played twice with the same cards, the dealer
and the starting score, the bots' sides swapped. It reports bot A's share of
matches won with a Wilson 95% interval over the matches, and the share of
seeds where A won both (or lost both) sides.

Bot specs: a level id (``rules``, ``search``...), or ``search-raw`` for the
search valuing worlds by raw points (``SearchBot.plan = False``). ``--worlds N``
gives the search levels a fixed budget of N worlds a decision (no clock), so a
run is reproducible and its cost is known.

    nice -n 10 .venv/bin/python bench/match_play.py truco --bots search,search-raw \\
        --matches 60 --worlds 16 --seed 1
    nice -n 10 .venv/bin/python bench/match_play.py truc --bots search,search-raw \\
        --matches 60 --worlds 16 --late --option match=1

``--arena N`` plays the arena's single deals instead (``arena.duplicate``: N deals
from its start positions, half of Truco's near the end), scored in points per
deal, with the same bot objects: what planning costs where points are counted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from tricktaker.arena.duplicate import play_duplicate
from tricktaker.arena.stats import wilson_ci
from tricktaker.bots import Bot, make_bot
from tricktaker.bots.opponents import Learner
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.core import State, get_game
from tricktaker.core.options import parse_option_args, parse_option_texts
from tricktaker.core.start import Start

#: A guard: no match of ours runs this long.
MAX_ACTIONS = 20_000


def make(spec: str, game: str, worlds: int) -> Bot:
    """A bot from its spec: a level, or ``search-raw`` (raw points); ``worlds`` > 0 fixes a
    search's budget to that many worlds."""
    raw = spec.endswith("-raw")
    bot = make_bot(spec.removesuffix("-raw"), game)
    if isinstance(bot, SearchBot):
        bot.name = spec
        bot.plan = not raw
        if worlds > 0:
            bot.budget = Budget(seconds=1e9, min_worlds=worlds, max_worlds=worlds)
    return bot


def play_match(state: State, bots: Sequence[Bot], rngs: Sequence[random.Random]) -> int:
    """Play ``state`` to the end of its match; the winning side."""
    for _ in range(MAX_ACTIONS):
        result = state.result()
        if result.finished:
            break
        seat = state.to_act
        assert seat is not None
        state.apply(
            bots[seat].act(
                state.view(seat), state.events(0, seat), state.legal_actions(), rngs[seat]
            )
        )
    result = state.result()
    assert result.finished and result.winner is not None, "the match did not end"
    told: list[Bot] = []
    for seat, bot in enumerate(bots):
        if isinstance(bot, Learner) and not any(b is bot for b in told):
            told.append(bot)
            bot.match_over(state.view(seat), state.events(0, seat))
    return int(result.winner)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bots", default="search,search-raw")
    parser.add_argument("--matches", type=int, default=40, help="seeds (each played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=16, help="a search's worlds (0: clock)")
    parser.add_argument(
        "--late", action="store_true", help="start each match from a score near the end"
    )
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--arena", type=int, default=0, help="arena deals instead of matches")
    args = parser.parse_args()
    game = get_game(args.game)
    given = parse_option_texts(game.option_schema(), parse_option_args(args.option))
    options = game.options(dict(given))
    probe = game.new_match(options, seed=0)
    sides = probe.sides
    n = len(sides)
    target = int(getattr(probe, "game_points", 12))
    specs = [s.strip() for s in args.bots.split(",")]
    a, b = make(specs[0], args.game, args.worlds), make(specs[1], args.game, args.worlds)
    clock = time.process_time()
    if args.arena:
        result = play_duplicate(args.game, a, b, args.arena, args.seed, dict(given))
        print(result.report())
        print(
            f"({specs[0]} vs {specs[1]}, {args.worlds or 'clocked'} worlds;"
            f" {time.process_time() - clock:.0f} CPU s)"
        )
        return 0
    wins = both = neither = 0
    for k in range(args.matches):
        rng = random.Random(f"match-play/{args.seed}/{k}")
        dealer = rng.randrange(n)
        low = target - 5 if args.late else 0
        score = (rng.randrange(low, target), rng.randrange(low, target))
        won = []
        for mirror in (0, 1):
            bots = [a if sides[s] == mirror else b for s in range(n)]
            rngs = [random.Random(f"match-play/{args.seed}/{k}/{mirror}/{s}") for s in range(n)]
            state = game.new_match(
                options,
                seed=f"match-play/{args.seed}/{k}",
                dealer=dealer,
                start=Start({"score": score}) if args.late else None,
            )
            won.append(play_match(state, bots, rngs) == mirror)
        wins += sum(won)
        both += all(won)
        neither += not any(won)
        if (k + 1) % 10 == 0:
            print(f"  {k + 1} seeds: A won {wins}/{2 * (k + 1)}", flush=True)
    total = 2 * args.matches
    ci = wilson_ci([1.0] * wins + [0.0] * (total - wins))
    print(
        f"{args.game} {' '.join(args.option)} {'late start ' if args.late else ''}"
        f"{specs[0]} vs {specs[1]}, {args.worlds or 'clocked'} worlds: {total} matches"
        f" ({args.matches} seeds x 2 sides), A won {wins} = {wins / total:.3f}"
        f" [{ci.low:.3f}, {ci.high:.3f}]; seeds A won both {both}, lost both {neither};"
        f" {time.process_time() - clock:.0f} CPU s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
