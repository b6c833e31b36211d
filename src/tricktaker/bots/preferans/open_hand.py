"""The search levels' value of a sampled Preferans world: its card play solved open handed.

Why. A rollout by the ``rules`` bot plays a world out with a decent player's
habits; the open-hand solver (:mod:`tricktaker.solvers.preferans`) plays it
out as well as anyone could who saw every card. The search samples many
worlds, so the hidden cards are averaged over (determinised search); solving
each world exactly takes the noise of the rollouts' mistakes out of the
comparison between actions.

How. Once the world's deal is in its play (the auction, the discard and the
whisting are still rolled out by the ``rules`` bot), the solver's principal
line is applied card by card to a copy of the world through the engine, and
the engine's own score of the finished deal is read (``finished_deals``): the
scoring is never written twice. Sides as the solver sees them: the declarer
against both defenders as one team (misère: the defenders push his tricks
up); in the all-pass, the seat valued against the other two.

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
from tricktaker.games.preferans.actions import PLAYS
from tricktaker.games.preferans.rules import PLAYING, PreferansRules
from tricktaker.solvers.preferans import Solver, from_state

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
        if not isinstance(world, PreferansRules) or world.phase != PLAYING:
            return None
        if side not in world.active:  # four players: the dealer sits this deal out
            return None
        left = sum(h.bit_count() for h in world.hands)
        if left > self.max_cards:
            return None
        solver = self._get_solver()
        skip_world, skip_below = self._local.skip
        if skip_world is world and left > skip_below:
            return None
        before = len(world.finished_deals())
        w = world.clone()
        self.solves += 1
        pos, _ = from_state(w, side)
        found = solver.line(pos)
        if found is None:
            self.given_up += 1
            self._local.skip = (world, left - 6)
            return None
        for card in found[1]:
            actor = w.actor
            assert actor is not None
            w.apply(PLAYS[(actor, w.hand_to_play(), card)])
        return deal_gain(w, before, side)
