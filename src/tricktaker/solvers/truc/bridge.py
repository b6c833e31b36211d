"""The model's moves as the engine's actions and back.

The model names a play by its rank only; the engine by a card. Suits never
matter, so any card of the rank will do: a bot playing from the solver's
strategy picks the first legal one, and the agreement test reads an engine
action as the model's move.
"""

from __future__ import annotations

from collections.abc import Iterable

from tricktaker.games.truc.actions import PLAY, TrucAction
from tricktaker.games.truc.actions import VERBS as ENGINE_VERBS
from tricktaker.games.truc.cards import STRENGTH
from tricktaker.solvers.truc.hands import ONE
from tricktaker.solvers.truc.model import VERBS, move_text

#: The model's move of each engine verb other than ``play``.
MOVE_OF_VERB: dict[str, int] = {verb: move for move, verb in enumerate(VERBS) if verb != "play"}


def move_of(action: TrucAction) -> int:
    """The model's move for an engine action: a play by its rank, else by its verb.

    KeyError for the four-player verbs (``pass``, ``say``, ``signal``), which
    two-player Le Truc never offers.
    """
    if action.kind == PLAY:
        return STRENGTH[action.card]
    return MOVE_OF_VERB[ENGINE_VERBS[action.kind]]


def moves_of(actions: Iterable[TrucAction]) -> list[int]:
    """Engine actions as model moves, in their order, one per rank (a hand may hold two)."""
    out: list[int] = []
    for a in actions:
        m = move_of(a)
        if m not in out:
            out.append(m)
    return out


def action_for(move: int, legal: Iterable[TrucAction]) -> TrucAction:
    """The first of the engine's legal actions that makes ``move``; ValueError if none."""
    for a in legal:
        if move_of(a) == move:
            return a
    raise ValueError(f"{move_text(move)!r} is not among the engine's legal actions")


def pile_of_cards(cards: Iterable[int]) -> int:
    """Engine cards (ints) as a pile of ranks."""
    return sum(ONE[STRENGTH[c]] for c in cards)
