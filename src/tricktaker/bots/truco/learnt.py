"""Team Truco's raises and answers learnt from play: where raising, or accepting a raise,
gains over the other choice, read off a table of measured differences (as four-player
Le Truc's captain bets, ``bots/truc/learnt.py``, whose docstring says why and how).

``bench/learn_bets.py truco`` plays ``rules.TEAM``'s side against ``rules``' on the
arena's deals and, at each of ``TEAM``'s raises or keeping silent (a card instead) and
each answer to a raise that accepts or refuses, plays the deal out from the true cards
after each choice with every seat's own policy. A cell is what the player sees, coarsely:
his chance of the hand in tenths, the tricks so far, the stake's step on the ladder. A
cell decides only where its difference is clear; elsewhere ``TEAM`` decides, and a
raise back is always ``TEAM``'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from tricktaker.bots.base import RulesLevel
from tricktaker.bots.learnt import Measured, lead_mark, packaged_table, verdict_in
from tricktaker.bots.truco.rules import TEAM, Params, _Turn
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.games.truco.outcomes import TIE
from tricktaker.games.truco.views import TrucoView

#: The table's file, beside this module (``bench/learn_bets.py truco --write``), one
#: per number of players: ``learnt_bets_6.json``.
TABLE_FILE = "learnt_bets_{players}.json"
#: The policy the table was learnt with, and the one that decides where it does not.
POLICY = TEAM


def cell(turn: _Turn, kind: str) -> str:
    """``P`` (raise or not) or ``A`` (accept or refuse a raise), the chance of the hand in
    tenths, the tricks so far (how many, and whether the side leads, trails or is level)
    and the stake's step on the ladder (0 to 3)."""
    p = min(9, max(0, int(turn.p * 10)))
    lead = lead_mark(turn.tricks, TIE)
    return f"{kind}/{p}/{len(turn.tricks)}{lead}/{min(turn.view.level, 3)}"


@lru_cache(maxsize=8)
def shipped_table(players: int) -> Mapping[str, Measured]:
    """The table shipped beside this module for this many players (empty if none)."""
    return packaged_table(__package__, TABLE_FILE.format(players=players))


class _LearntTurn(_Turn):
    """``TEAM``'s decision, but a raise and an accept or refusal as the table says where
    it is clear."""

    learnt: Mapping[str, Measured] = {}

    def _decided(self, kind: str) -> bool | None:
        """The table's verdict in this decision's cell (None: not clear, or no table)."""
        return verdict_in(self.learnt, cell(self, kind)) if self.learnt else None

    def want_raise(self) -> bool:
        verdict = self._decided("P")
        return super().want_raise() if verdict is None else verdict

    def answer(self) -> Action:
        chosen = super().answer()
        if chosen.verb in ("accept", "refuse"):
            verdict = self._decided("A")
            if verdict is not None:
                return self.verbs["accept" if verdict else "refuse"]
        return chosen


def learnt_turn(
    view: TrucoView,
    memory: Sequence[Event],
    legal: Sequence[Action],
    rng: random.Random,
    table: Mapping[str, Measured],
) -> _LearntTurn:
    """A decision of ``POLICY`` with ``table``'s cells (``bench/learn_bets.py``)."""
    turn = _LearntTurn(view, legal, rng, POLICY)
    turn.learnt = table
    return turn


def bets(view: TrucoView) -> bool:
    """Whether the seat to act may bet for its side: every player may."""
    return view.seat is not None


def choices(turn: _Turn, chosen: Action) -> tuple[str, Action, Action] | None:
    """The decision's kind and its two choices (raise or accept first), or None where
    the choice is not a bet the table learns."""
    if turn.view.phase == "answer":
        if chosen.verb not in ("accept", "refuse") or "refuse" not in turn.verbs:
            return None
        return "A", turn.verbs["accept"], turn.verbs["refuse"]
    raised = turn.verbs.get("raise")
    if raised is None or turn.blind or not turn.mine or chosen.verb not in ("raise", "play"):
        return None
    if chosen.verb == "play":
        return "P", raised, chosen
    card, down = turn.card()
    silent = turn.down[card] if down and card in turn.down else turn.up.get(card)
    return None if silent is None else ("P", raised, silent)


class LearntBot(RulesLevel[TrucoView, Params]):
    """Truco's ``TEAM`` with its raises and answers learnt, at the tables with a learnt
    file (``shipped_table``); elsewhere ``TEAM`` itself."""

    game = "Truco"
    view_type = TrucoView
    DEFAULTS = POLICY

    def __init__(
        self, params: Params | None = None, table: Mapping[str, Measured] | None = None
    ) -> None:
        super().__init__(params)
        self.table = table

    def choose(
        self, view: TrucoView, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        turn = _LearntTurn(view, legal, rng, self.params)
        turn.learnt = shipped_table(view.players) if self.table is None else self.table
        return turn.decide()
