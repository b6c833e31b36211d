"""Four-player Le Truc's captain bets learnt from play: where doubling, or accepting a
double, gains over the other choice, read off a table of measured differences.

Why: the search levels weigh their moves against a policy and imagine their own side
playing it (``search.Tactics``), and with four players in Le Truc what they gain over
``rules`` is in the captains' betting (docs/strength.md, "Team play"). ``rules.TEAM``
moved ``rules``' numbers only; this table moves its decisions. ``bench/learn_bets.py``
plays ``TEAM``'s side against ``rules``' on the arena's deals and, at each of ``TEAM``'s
captain bets, plays the deal out from the true cards after each choice (double or keep
silent; accept or refuse a double) with every seat's own policy, the same random
numbers for both. Averaged over many deals in a *cell* of what the captain sees (his
chance of the deal, the tricks so far, the stake), the difference is the worth of
doubling there against the cards players really hold when they reach that cell,
their bets included: the reading of the other side that the sampled estimate lacks.

A cell decides only where its difference is clear (``Z`` standard errors over at least
``LEAST`` decisions); elsewhere ``TEAM`` decides as before, mixing included.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from tricktaker.bots.base import RulesLevel
from tricktaker.bots.learnt import (
    Measured,
    lead_mark,
    packaged_table,
    verdict_in,
)
from tricktaker.bots.truc.rules import TEAM, Params, _Turn
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.games.truc.outcomes import SPOILED
from tricktaker.games.truc.views import TrucView

#: The table's file, beside this module (written by ``bench/learn_bets.py``).
TABLE_FILE = "learnt_bets.json"
#: ``TEAM`` reading the other side's bets in its sampled deals (``Params.read_4p``): the
#: policy the table was learnt with, and the one that decides where the table does not.
POLICY = replace(TEAM, read_4p=4.0)


def cell(turn: _Turn, kind: str) -> str:
    """What the captain sees, coarsely: the decision (``P`` propose, ``A`` answer a
    double; ``R`` call for cards, ``D`` answer that call as dealer), his chance of the
    deal in tenths, the tricks so far (how many, and whether his side leads, trails or
    is level in them; for a call, the calls accepted so far, at most 2, and whether the
    stock can deal new hands, ``s``, or an accepted call voids the deal, ``e``) and the
    stake (1, 2, 4 or more)."""
    p = min(9, max(0, int(turn.estimate.p * 10)))
    if kind in ("R", "D"):
        stock = "s" if turn.view.stock_left >= 6 else "e"
        return f"{kind}/{p}/{min(turn.view.redeals, 2)}{stock}/{min(turn.value, 4)}"
    lead = lead_mark(turn.tricks, SPOILED)
    return f"{kind}/{p}/{len(turn.tricks)}{lead}/{min(turn.value, 4)}"


@lru_cache(maxsize=1)
def shipped_table() -> Mapping[str, Measured]:
    """The table shipped beside this module (empty if none was written)."""
    return packaged_table(__package__, TABLE_FILE)


class _LearntTurn(_Turn):
    """``TEAM``'s decision, but a captain's double, answer to a double, call for cards
    (before the first card) and answer to one as the table says where it is clear."""

    #: The learnt cells (``_Turn.table`` is the cards on the table).
    learnt: Mapping[str, Measured] = {}

    def _decided(self, kind: str) -> bool | None:
        """The table's verdict in this decision's cell (None: not clear, or no table)."""
        return verdict_in(self.learnt, cell(self, kind)) if self.learnt else None

    def proposal(self) -> Action | None:
        double = self.by_verb.get("double")
        if double is not None and not self.decider_rest():
            verdict = self._decided("P")
            if verdict is not None:
                return double if verdict else None
        return super().proposal()

    def want_redeal(self) -> bool:
        verdict = self._decided("R") if self.view.phase == "call" else None
        return super().want_redeal() if verdict is None else verdict

    def answer_redeal(self) -> Action:
        verdict = self._decided("D")
        if verdict is not None:
            return self.by_verb["accept" if verdict else "refuse"]
        return super().answer_redeal()

    def answer_proposal(self) -> Action:
        verdict = self._decided("A") if self.view.pending == "double" else None
        if verdict is not None:
            return self.by_verb["accept" if verdict else "refuse"]
        return super().answer_proposal()


def learnt_turn(
    view: TrucView,
    memory: Sequence[Event],
    legal: Sequence[Action],
    rng: random.Random,
    table: Mapping[str, Measured],
) -> _LearntTurn:
    """A decision of ``POLICY`` with ``table``'s cells (``bench/learn_bets.py``)."""
    turn = _LearntTurn(view, memory, legal, rng, POLICY)
    turn.learnt = table
    return turn


def bets(view: TrucView) -> bool:
    """Whether the seat to act makes its side's bets: its captain."""
    return view.seat is not None and view.captains[view.seat & 1] == view.seat


def choices(turn: _Turn, chosen: Action) -> tuple[str, Action, Action] | None:
    """The decision's kind and its two choices (double, accept or call first), or None
    where the captain's choice is not a bet the table learns (``bench/learn_bets.py``)."""
    view = turn.view
    if view.phase == "call":
        return "R", turn.by_verb["redeal"], turn.by_verb["pass"]
    if view.phase == "redeal_answer":
        return "D", turn.by_verb["accept"], turn.by_verb["refuse"]
    if view.phase == "answer":
        if view.pending != "double":
            return None
        return "A", turn.by_verb["accept"], turn.by_verb["refuse"]
    double = turn.by_verb.get("double")
    if double is None or chosen.verb not in ("double", "pass", "play"):
        return None
    if chosen.verb != "double":
        return "P", double, chosen
    silent = turn.by_verb.get("pass") if view.phase == "window" else turn.card()
    return None if silent is None else ("P", double, silent)


class LearntBot(RulesLevel[TrucView, Params]):
    """Le Truc's ``TEAM`` with the captain's doubles and answers learnt (four players);
    with two players, or without a table, it is ``TEAM`` reading bets (``POLICY``)."""

    game = "Le Truc"
    view_type = TrucView
    DEFAULTS = POLICY

    def __init__(
        self, params: Params | None = None, table: Mapping[str, Measured] | None = None
    ) -> None:
        super().__init__(params)
        self.table = shipped_table() if table is None else table

    def choose(
        self, view: TrucView, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        turn = _LearntTurn(view, memory, legal, rng, self.params)
        if view.players == 4:
            turn.learnt = self.table
        return turn.decide()
