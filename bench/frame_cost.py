"""What one ``state`` frame costs the server early and late in a long match.

A live table sends every listener (each seat, and a spectator) a frame after each
move (``server.frames.state_frame``). The frame must cost what is new, not what
happened before: a frame at move 800 should cost at most 1.5x one at move 10.

For each game, one long match is played with seeded random moves (Tetka to 50
marks, Preferans to a pool of 30, Truco to three games of four players); at move
``early`` and at move ``late`` (or as late as the match goes), the table is copied
and moved on as the server does (``clone`` then ``apply``), ``--moves`` moves in a
row, and after each the frames of every listener are built as JSON text, as they
would be sent. The CPU time per frame per listener is the median over those moves,
the best of ``--repeats`` runs (early and late alternating).

    PYTHONPATH=src python bench/frame_cost.py [--early 10] [--late 800] [--moves 30]
    [--games tetka,preferans,truco] [--repeats 3] [--json] [--before]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from tricktaker.core import State, get_game
from tricktaker.server.frames import Heard, Narrator, state_frame
from tricktaker.server.messages import state_message

#: Options that make each game's match long.
LONG: dict[str, dict[str, Any]] = {
    "tetka": {"target": 50},
    "preferans": {"pool": 30},
    "truco": {"players": 4, "match": 3},
}
SEED = 7


def play_to(game_id: str, moves: int, seed: int = SEED) -> tuple[State, int]:
    """A match of random moves, stopped after ``moves`` (or at its end): (state, moves made)."""
    game = get_game(game_id)
    state = game.new_match(game.options(LONG.get(game_id, {})), seed=seed)
    rng = random.Random(seed)
    made = 0
    while made < moves and state.to_act is not None:
        state.apply(rng.choice(list(state.legal_actions())))
        made += 1
    return state, made


def frame_cost(
    game_id: str, at: int, moves: int, lang: str = "en", before: bool = False
) -> tuple[float, int]:
    """Median CPU seconds of one frame for one listener after each of ``moves`` moves from
    move ``at``; and the move it was measured at (earlier where the match ends first).
    ``before``: the frame as the server built it before ``server.frames`` (the whole
    stream rendered again, ``messages.state_message``), for comparison."""
    game = get_game(game_id)
    options = game.options(LONG.get(game_id, {}))
    _end, length = play_to(game_id, 10**6)  # how long this match lasts
    start = max(0, min(at, length - moves - 1))
    state, made = play_to(game_id, start)
    names = [f"P{s + 1}" for s in range(state.players)]
    listeners: list[int | None] = [*range(state.players), None]
    narrator = Narrator()
    heard = {who: Heard() for who in listeners}
    for who in listeners:  # the table as it stood: every listener has heard it all
        state_frame(narrator, game, state, who, lang, names, options, heard[who])
    rng = random.Random(SEED + made)
    costs: list[float] = []
    for _ in range(moves):
        if state.to_act is None:
            break
        state = state.clone()  # as the server moves a table: a copy, moved on
        state.apply(rng.choice(list(state.legal_actions())))
        begin = time.process_time()
        for who in listeners:
            if before:
                since = heard[who].next_event
                message = state_message(game, state, who, since, lang, names, options, False)
                heard[who].next_event = since + len(message["events"])
                text = json.dumps(message, ensure_ascii=False)
            else:
                text = state_frame(narrator, game, state, who, lang, names, options, heard[who])
            text.encode("utf-8")  # as it goes out
        costs.append((time.process_time() - begin) / len(listeners))
    return (statistics.median(costs) if costs else 0.0), made


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--early", type=int, default=10)
    parser.add_argument("--late", type=int, default=800)
    parser.add_argument("--moves", type=int, default=30, help="frames timed at each point")
    parser.add_argument("--games", default="tetka,preferans,truco")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each; the best is kept")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--before", action="store_true", help="time the frames as built before (for comparison)"
    )
    args = parser.parse_args(argv)
    rows = []
    for game_id in args.games.split(","):
        # Early and late alternate, and each keeps its best run: a busy machine slows a
        # run as a whole, which the least of a few runs leaves out.
        early, late = float("inf"), float("inf")
        for _ in range(max(1, args.repeats)):
            cost, at_early = frame_cost(game_id, args.early, args.moves, before=args.before)
            early = min(early, cost)
            cost, at_late = frame_cost(game_id, args.late, args.moves, before=args.before)
            late = min(late, cost)
        ratio = late / early if early else float("inf")
        rows.append(
            {
                "game": game_id,
                "early_move": at_early,
                "early_ms": round(early * 1000, 3),
                "late_move": at_late,
                "late_ms": round(late * 1000, 3),
                "ratio": round(ratio, 2),
            }
        )
    if args.json:
        print(json.dumps(rows))
    else:
        print("game        move   ms/frame   move   ms/frame   ratio (per listener)")
        for r in rows:
            print(
                f"{r['game']:<10} {r['early_move']:>5} {r['early_ms']:>10.3f} "
                f"{r['late_move']:>6} {r['late_ms']:>10.3f} {r['ratio']:>7.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
