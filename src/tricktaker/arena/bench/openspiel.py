"""OpenSpiel yardsticks: a game a reader knows, driven by the same kind of Python loop.

A game's workload names the OpenSpiel game to set beside it
(``core.workloads.Yardstick``: ``leduc_poker`` beside Le Truc, ``hearts``
beside Tetka); this runs it: random games to the end, uniform among the legal
actions, chance outcomes sampled with our rng by their probabilities.
OpenSpiel is optional: without ``pyspiel`` the bench says why and prints our
figures alone.
"""

from __future__ import annotations

import random

from tricktaker.arena.bench.measures import Measurement
from tricktaker.arena.bench.timing import DEFAULT_SEED, Stopwatch, warmed
from tricktaker.core.workloads import Yardstick


def openspiel_missing() -> str | None:
    """Why OpenSpiel cannot be used here, or None when ``pyspiel`` imports."""
    try:
        import pyspiel  # noqa: F401
    except ImportError as exc:
        return f"pyspiel cannot be imported ({exc}); install it with: pip install open-spiel"
    return None


def openspiel_games(yardstick: Yardstick, seconds: float, seed: int = DEFAULT_SEED) -> Measurement:
    """Random games of the yardstick's OpenSpiel game, with its default parameters.

    ``actions`` counts player actions only, as for our games (whose dealing is not
    an action); chance outcomes applied are counted apart in ``chance``.
    """
    import pyspiel

    game = pyspiel.load_game(yardstick.game)

    def run(limit: float, base: int) -> Measurement:
        rng = random.Random(base)
        games = actions = chance = 0
        watch = Stopwatch(limit)
        while watch.running():
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    r = rng.random()
                    acc = 0.0
                    outcomes = state.chance_outcomes()
                    outcome = outcomes[-1][0]  # if rounding leaves r above the sum
                    for action, p in outcomes:
                        acc += p
                        if r < acc:
                            outcome = action
                            break
                    state.apply_action(outcome)
                    chance += 1
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    actions += 1
            games += 1
        return watch.measurement(yardstick, games, actions, chance=chance)

    return warmed(run, seconds, seed)
