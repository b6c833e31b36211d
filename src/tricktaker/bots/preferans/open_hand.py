"""The search levels' value of a sampled Preferans world: its card play solved open handed.

Why. A rollout by the ``rules`` bot plays a world out with a decent player's
habits; the open-hand solver (:mod:`tricktaker.solvers.preferans`) plays it
out as well as anyone could who saw every card. The search samples many
worlds, so the hidden cards are averaged over (determinised search); solving
each world exactly takes the noise of the rollouts' mistakes out of the
comparison between actions.

How. Once the world's deal is in its play (the auction, the discard and the
whisting are still rolled out by the ``rules`` bot), the solver's principal
line is applied card by card to a copy of the world through the engine
(:mod:`tricktaker.solvers.preferans.world`: the bot itself knows the world
through the Game protocol only), and the engine's own score of the finished
deal is read (``finished_deals``): the scoring is never written twice.
Sides as the solver sees them: the declarer against both defenders as one
team (misère: the defenders push his tricks up); in the all-pass, the seat
valued against the other two.

``max_cards`` bounds the cards left to play for the solver to take over (the
rollout plays on until then), and ``node_limit`` the nodes of one solve: a
rare world that would take the solver long is rolled out instead (and not
tried again until two tricks later), so that the budget of a decision is spent
on many worlds, not on one long solve.
"""

from __future__ import annotations

import threading

from tricktaker.bots.search import deal_gain
from tricktaker.core.protocol import State
from tricktaker.solvers.preferans.position import Solver
from tricktaker.solvers.preferans.world import cards_left, solved_play

#: Nodes of one solve before the world is rolled out instead (some 30 ms of search on an idle core).
NODE_LIMIT = 150_000


class OpenHandValue:
    """A :class:`~tricktaker.bots.search.WorldValue`: the deal's gain of ``side`` (a seat
    in Preferans) when the rest of the world's card play is solved open handed."""

    def __init__(self, max_cards: int = 30, node_limit: int = NODE_LIMIT) -> None:
        self.max_cards = max_cards
        self.node_limit = node_limit
        self.given_up = 0
        # One solver (its table and work arrays) per thread: a server may run bots in
        # several threads, and a solve writes its arrays before the compiled call.
        self._local = threading.local()
        self.solves = 0

    def _get_solver(self) -> Solver:
        solver: Solver | None = getattr(self._local, "solver", None)
        if solver is None:
            solver = self._local.solver = Solver(node_limit=self.node_limit)
            self._local.skip = (None, 0)
        return solver

    def __call__(self, world: State, side: int) -> float | None:
        left = cards_left(world, side)
        if left is None or left > self.max_cards:
            return None
        solver = self._get_solver()
        skip_world, skip_below = self._local.skip
        if skip_world is world and left > skip_below:
            return None
        before = len(world.finished_deals())
        self.solves += 1
        played = solved_play(world, side, solver)
        if played is None:
            self.given_up += 1
            self._local.skip = (world, left - 6)
            return None
        return deal_gain(played, before, side)
