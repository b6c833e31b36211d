"""The ``rules`` bot's own betting, the prior of the opponent model (``bots/opponents.py``).

Plays ``rules`` against itself on the arena's deals and prints, per game and
player count, the frequencies :func:`tally_actions` counts (raise per chance,
call and raise back per answer) and the quantiles of the bot's chance of the
deal at its answers to a raise (Le Truc: to a double), in steps of 10%: the
numbers of ``PRIORS`` in ``bots/truco/reading.py`` and ``bots/truc/reading.py``.

    nice -n 10 .venv/bin/python bench/betting_prior.py --deals 2000
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from tricktaker.arena.duplicate import play_deal, set_up, start_state
from tricktaker.bots import make_bot
from tricktaker.bots.opponents import SeatTally, tally_memory
from tricktaker.bots.truc import rules as truc_rules
from tricktaker.bots.truco import rules as truco_rules
from tricktaker.core import get_game

STEPS = 10


def _record(cls: Any, method: str, chance: Callable[[Any], float | None], into: list[float]) -> Any:
    original = getattr(cls, method)

    def wrapped(self: Any) -> Any:
        p = chance(self)
        if p is not None:
            into.append(p)
        return original(self)

    setattr(cls, method, wrapped)
    return original


def _truco_p(turn: Any) -> float | None:
    return 1.0 if turn.sure else float(turn.p)


def _truc_p(turn: Any) -> float | None:
    if turn.view.pending == "rest":
        return None
    return 0.0 if turn.bounds[1] <= 0.0 else float(turn.estimate.p)


def measure(game: str, players: int, deals: int) -> str:
    g = get_game(game)
    opts = g.options({"players": players})
    seen: list[float] = []
    cls: Any
    if game == "truco":
        cls, method, chance = truco_rules._Turn, "answer", _truco_p
    else:
        cls, method, chance = truc_rules._Turn, "answer_proposal", _truc_p
    original = _record(cls, method, chance, seen)
    tallies: dict[int, SeatTally] = {}
    try:
        for index in range(deals):
            setup = set_up(game, opts, 1, index, players)
            state = start_state(game, opts, setup)
            bots = [make_bot("rules", game) for _ in range(players)]
            rngs = [random.Random(f"prior/{index}/{s}") for s in range(players)]
            play_deal(state, bots, rngs)
            tally_memory(state.events(0, None), tallies, finished=True)
    finally:
        setattr(cls, method, original)
    total = SeatTally()
    for t in tallies.values():
        total = total.merged(t)
    seen.sort()
    qs = [seen[min(len(seen) - 1, round(i * (len(seen) - 1) / STEPS))] for i in range(STEPS + 1)]
    rates = [total.raises, total.calls, total.backs]
    return (
        f"{game} players={players}: raises {rates[0].hits}/{rates[0].tries}"
        f" = {rates[0].hits / max(1, rates[0].tries):.3f}, calls {rates[1].hits}/{rates[1].tries}"
        f" = {rates[1].hits / max(1, rates[1].tries):.3f}, backs"
        f" {rates[2].hits / max(1, rates[2].tries):.3f}; answers' chances"
        f" ({len(seen)}): {', '.join(f'{q:.2f}' for q in qs)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    for game, players in (("truco", 2), ("truco", 4), ("truco", 6), ("truc", 2), ("truc", 4)):
        print(measure(game, players, args.deals), flush=True)


if __name__ == "__main__":
    main()
