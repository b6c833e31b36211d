"""The search bots' value of a Tetka world near the end of the deal: solved open handed.

``bots/search.py`` samples worlds consistent with what the bot's seat saw
and plays each out with the ``rules`` bot, asking its ``WorldValue`` hook
first, right after the candidate card and again before every rollout card.
While more than :data:`SOLVE_TRICKS` tricks are left (the one on the table
counted) this hook says None and the rollout plays on; from there on it
returns the deal's value as best play makes it: the seat's marks against
the three others in league (paranoid, :mod:`tricktaker.solvers.tetka`), which
for Tetka's eight marks a deal is also the seat's best deal gain.

The value is scored by the engine, not by the solver: the solved line is
played on a clone of the world (:mod:`tricktaker.solvers.tetka.world`, which
loads the compiled search on the first solve only; the bot knows the world
through the Game protocol alone) and the finished deal's ``gains`` are read,
as ``search`` reads them after a rollout (the seat's gain less the mean of
the others'). So a world where a revoke is pending or proved under
``revoke=penalized`` is still scored by the engine's rules of handing
tricks, though the solver chose the line assuming everyone follows suit.

Why :data:`SOLVE_TRICKS` is 5: ``bench/tetka_open_hand.py`` measured, on
endings from ``rules`` play, a 95th percentile of about 0.7 ms for a cold
solve with five tricks left, 11 ms with six and 60 ms with seven. A
``search`` decision solves one world per candidate card and sampled world
(8 to 96 worlds), so five keeps a decision's 95th percentile well under a
second while the rollout is left only the first eight tricks.
"""

from __future__ import annotations

from tricktaker.bots.search import deal_gain
from tricktaker.core.protocol import State
from tricktaker.games.tetka.scoring import TRICKS
from tricktaker.solvers.tetka.world import solved_play, tricks_left

#: Solve a world once this many tricks are left, the trick on the table counted.
SOLVE_TRICKS = 5


class OpenHandValue:
    """A ``WorldValue`` for Tetka (see the module): None while more than ``tricks``
    tricks are left, else the deal's gain for ``side`` with best open-handed play."""

    def __init__(self, tricks: int = SOLVE_TRICKS) -> None:
        if not 1 <= tricks <= TRICKS:
            raise ValueError(f"tricks must be 1 to {TRICKS}")
        self.tricks = tricks
        #: Worlds solved so far (for tests and measurements).
        self.solved = 0

    def __call__(self, world: State, side: int) -> float | None:
        left = tricks_left(world)
        if left is None or left > self.tricks:
            return None
        before = len(world.finished_deals())
        played = solved_play(world, world.sides.index(side))
        self.solved += 1
        return deal_gain(played, before, side)
